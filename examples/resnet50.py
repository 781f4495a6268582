import torch
import torch.nn as nn

# ResNet-50 (He et al. 2015, the torchvision layout without downloading torchvision): a 7x7
# stride-2 stem with batch norm, ReLU and 3x3 stride-2 max pooling, four stages of 3, 4, 6 and 3
# bottleneck blocks (1x1 reduce, 3x3, 1x1 expand by 4; the first block of each stage has a 1x1
# projection shortcut, strided in stages 2-4, which halve the resolution in the 3x3 as
# torchvision's v1.5 does), global average pooling and a linear classifier. The stem width (64
# in ResNet-50) is a size constant so validation can shrink the channels. Inference mode (batch
# norm with running statistics). 4.1 GMACs per 224x224 image. The image size is a literal, as
# in KernelBench's VGG-16: solar-import fits every size as a formula of the size constants from
# small traces, and the nested floor divisions of the stem and the pooling are ambiguous there
# (fitted from 8x8 and 14x14 images, the max pooling's output came out as (s + 1) floordiv 3 - 1,
# right at those sizes and wrong at 224); a literal keeps every spatial size exact.

batch_size = 1
width = 64
num_classes = 1000


class Bottleneck(nn.Module):
    expansion = 4

    def __init__(self, cin, planes, stride):
        super().__init__()
        cout = planes * self.expansion
        self.conv1 = nn.Conv2d(cin, planes, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(planes)
        self.conv2 = nn.Conv2d(planes, planes, 3, stride=stride, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(planes)
        self.conv3 = nn.Conv2d(planes, cout, 1, bias=False)
        self.bn3 = nn.BatchNorm2d(cout)
        self.relu = nn.ReLU(inplace=True)
        self.down = None
        if stride != 1 or cin != cout:
            self.down = nn.Sequential(nn.Conv2d(cin, cout, 1, stride=stride, bias=False),
                                      nn.BatchNorm2d(cout))

    def forward(self, x):
        idn = x if self.down is None else self.down(x)
        y = self.relu(self.bn1(self.conv1(x)))
        y = self.relu(self.bn2(self.conv2(y)))
        y = self.bn3(self.conv3(y))
        return self.relu(y + idn)


class Model(nn.Module):
    def __init__(self, width, num_classes):
        super().__init__()
        self.conv1 = nn.Conv2d(3, width, 7, stride=2, padding=3, bias=False)
        self.bn1 = nn.BatchNorm2d(width)
        self.relu = nn.ReLU(inplace=True)
        self.maxpool = nn.MaxPool2d(3, stride=2, padding=1)
        blocks, cin = [], width
        for k, (planes, depth) in enumerate(zip([width, 2 * width, 4 * width, 8 * width],
                                                [3, 4, 6, 3])):
            for i in range(depth):
                stride = 2 if k > 0 and i == 0 else 1
                blocks.append(Bottleneck(cin, planes, stride))
                cin = planes * Bottleneck.expansion
        self.layers = nn.Sequential(*blocks)
        self.avgpool = nn.AdaptiveAvgPool2d((1, 1))
        self.fc = nn.Linear(cin, num_classes)
        self.eval()                       # inference: batch norm uses the running statistics

    def forward(self, x):
        x = self.maxpool(self.relu(self.bn1(self.conv1(x))))
        x = self.layers(x)
        x = torch.flatten(self.avgpool(x), 1)
        return self.fc(x)


def get_inputs():
    return [torch.rand(batch_size, 3, 224, 224)]


def get_init_inputs():
    return [width, num_classes]

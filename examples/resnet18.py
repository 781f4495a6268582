import torch
import torch.nn as nn

# ResNet-18 (He et al. 2015, the torchvision layout without downloading torchvision): a 7x7
# stride-2 stem with batch norm, ReLU and 3x3 stride-2 max pooling, four stages of two basic
# blocks (3x3 convolutions; the first block of stages 2-4 halves the resolution and has a 1x1
# stride-2 projection shortcut), global average pooling and a linear classifier. The stem
# width (64 in ResNet-18) is a size constant so validation can shrink the channels. Inference
# mode (batch norm with running statistics).

batch_size = 1
image_size = 224
width = 64
num_classes = 1000


class BasicBlock(nn.Module):
    def __init__(self, cin, cout, stride):
        super().__init__()
        self.conv1 = nn.Conv2d(cin, cout, 3, stride=stride, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(cout)
        self.conv2 = nn.Conv2d(cout, cout, 3, stride=1, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(cout)
        self.relu = nn.ReLU(inplace=True)
        self.down = None
        if stride != 1 or cin != cout:
            self.down = nn.Sequential(nn.Conv2d(cin, cout, 1, stride=stride, bias=False),
                                      nn.BatchNorm2d(cout))

    def forward(self, x):
        idn = x if self.down is None else self.down(x)
        y = self.relu(self.bn1(self.conv1(x)))
        y = self.bn2(self.conv2(y))
        return self.relu(y + idn)


class Model(nn.Module):
    def __init__(self, width, num_classes):
        super().__init__()
        self.conv1 = nn.Conv2d(3, width, 7, stride=2, padding=3, bias=False)
        self.bn1 = nn.BatchNorm2d(width)
        self.relu = nn.ReLU(inplace=True)
        self.maxpool = nn.MaxPool2d(3, stride=2, padding=1)
        blocks, cin = [], width
        for k, cout in enumerate([width, 2 * width, 4 * width, 8 * width]):
            stride = 1 if k == 0 else 2
            blocks += [BasicBlock(cin, cout, stride), BasicBlock(cout, cout, 1)]
            cin = cout
        self.layers = nn.Sequential(*blocks)
        self.avgpool = nn.AdaptiveAvgPool2d((1, 1))
        self.fc = nn.Linear(8 * width, num_classes)
        self.eval()                       # inference: batch norm uses the running statistics

    def forward(self, x):
        x = self.maxpool(self.relu(self.bn1(self.conv1(x))))
        x = self.layers(x)
        x = torch.flatten(self.avgpool(x), 1)
        return self.fc(x)


def get_inputs():
    return [torch.rand(batch_size, 3, image_size, image_size)]


def get_init_inputs():
    return [width, num_classes]

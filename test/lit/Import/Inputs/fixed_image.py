# A literal 8x8 image in get_inputs (not a size constant) feeding a Linear whose width follows
# it: no size can make the image smaller, so the importer's sizes are the program's smallest
# and validation's step budget follows the program's estimated work there (budget-sizes.test).
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, num_classes):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3, padding=1)
        self.fc = nn.Linear(4 * 8 * 8, num_classes)

    def forward(self, x):
        return self.fc(torch.flatten(torch.relu(self.conv(x)), 1))


batch_size = 2
num_classes = 10


def get_inputs():
    return [torch.rand(batch_size, 3, 8, 8)]


def get_init_inputs():
    return [num_classes]

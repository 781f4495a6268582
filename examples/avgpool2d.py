import torch
import torch.nn as nn

batch_size = 16
channels = 64
height = 224
width = 224


class Model(nn.Module):
    """nn.AvgPool2d with kernel 2 and stride 2."""

    def __init__(self, kernel_size: int, stride: int):
        super().__init__()
        self.avgpool = nn.AvgPool2d(kernel_size=kernel_size, stride=stride)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.avgpool(x)


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return [2, 2]

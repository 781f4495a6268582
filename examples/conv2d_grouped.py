import torch
import torch.nn as nn

batch_size = 16
in_channels = 64
out_channels = 128
height = 224
width = 224


class Model(nn.Module):
    """Grouped, dilated nn.Conv2d: kernel 3, padding 2, dilation 2, groups 2, with bias."""

    def __init__(self, in_channels: int, out_channels: int, kernel_size: int, padding: int,
                 dilation: int, groups: int):
        super().__init__()
        self.conv2d = nn.Conv2d(in_channels, out_channels, kernel_size, stride=1,
                                padding=padding, dilation=dilation, groups=groups, bias=True)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.conv2d(x)


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, out_channels, 3, 2, 2, 2]

"""PyTorch twin of conv2d.mlir: 3x3 convolution, stride 2, no padding, no bias, NCHW.

The IR has static shapes only, so these constants are not size arguments of @forward."""
import torch
import torch.nn as nn


class Model(nn.Module):
    """nn.Conv2d(in_channels, out_channels, kernel_size, stride=2, bias=False)."""

    def __init__(self, in_channels: int, out_channels: int, kernel_size: int):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size, stride=2, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.conv(x)


batch_size = 1
in_channels = 3
out_channels = 8
height = 33
width = 33
kernel_size = 3


def get_inputs():
    x = torch.randn(batch_size, in_channels, height, width)
    return [x]


def get_init_inputs():
    return [in_channels, out_channels, kernel_size]

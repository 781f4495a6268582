import torch
import torch.nn as nn

batch_size = 16
in_channels = 32
out_channels = 64
depth = 32
height = 64
width = 64


class Model(nn.Module):
    """nn.Conv3d with a 3x3x3 kernel, stride 1, padding 1 and no bias."""

    def __init__(self, in_channels: int, out_channels: int, kernel_size: int, stride: int,
                 padding: int):
        super().__init__()
        self.conv3d = nn.Conv3d(in_channels, out_channels, kernel_size, stride=stride,
                                padding=padding, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.conv3d(x)


def get_inputs():
    return [torch.randn(batch_size, in_channels, depth, height, width)]


def get_init_inputs():
    return [in_channels, out_channels, 3, 1, 1]

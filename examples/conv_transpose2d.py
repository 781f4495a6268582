import torch
import torch.nn as nn

batch_size = 16
in_channels = 128
out_channels = 64
height = 64
width = 64


class Model(nn.Module):
    """nn.ConvTranspose2d with kernel 3, stride 2, no padding and no bias."""

    def __init__(self, in_channels: int, out_channels: int, kernel_size: int, stride: int):
        super().__init__()
        self.conv_transpose2d = nn.ConvTranspose2d(in_channels, out_channels, kernel_size,
                                                   stride=stride, padding=0, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.conv_transpose2d(x)


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, out_channels, 3, 2]

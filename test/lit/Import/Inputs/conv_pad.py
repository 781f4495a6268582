import torch
import torch.nn as nn


class Model(nn.Module):
    """A padded, strided 2-D convolution with bias, then a flatten and a softmax."""

    def __init__(self, in_channels, out_channels):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, 3, stride=2, padding=1)

    def forward(self, x):
        y = self.conv(x)
        return torch.softmax(y.flatten(1), dim=1)


batch_size = 2
in_channels = 3
out_channels = 16
height = 64
width = 48


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, out_channels]

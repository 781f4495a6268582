import torch
import torch.nn as nn

batch_size = 16
channels = 128
height = 112
width = 112


class Model(nn.Module):
    """Depthwise nn.Conv2d (groups = channels), kernel 3, stride 1, no padding, no bias."""

    def __init__(self, channels: int, kernel_size: int, stride: int, padding: int):
        super().__init__()
        self.conv2d = nn.Conv2d(channels, channels, kernel_size, stride=stride,
                                padding=padding, groups=channels, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.conv2d(x)


def get_inputs():
    return [torch.randn(batch_size, channels, height, width)]


def get_init_inputs():
    return [channels, 3, 1, 0]

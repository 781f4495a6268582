import torch
import torch.nn as nn

batch_size = 16
in_channels = 64
out_channels = 128
length = 4096


class Model(nn.Module):
    """nn.Conv1d with kernel_size=3, stride=2, padding=1 and a bias."""

    def __init__(self, in_channels: int, out_channels: int, kernel_size: int, stride: int,
                 padding: int):
        super().__init__()
        self.conv1d = nn.Conv1d(in_channels, out_channels, kernel_size, stride=stride,
                                padding=padding, bias=True)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.conv1d(x)


def get_inputs():
    return [torch.randn(batch_size, in_channels, length)]


def get_init_inputs():
    return [in_channels, out_channels, 3, 2, 1]

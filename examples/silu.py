import torch
import torch.nn as nn


class Model(nn.Module):
    """Applies SiLU (x * sigmoid(x)) elementwise to an NCHW activation."""

    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.nn.functional.silu(x)


batch_size = 16
channels = 64
height = 256
width = 256


def get_inputs():
    x = torch.randn(batch_size, channels, height, width)
    return [x]


def get_init_inputs():
    return []

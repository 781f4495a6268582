import torch
import torch.nn as nn


class Model(nn.Module):
    """Half-precision elementwise add followed by ReLU: relu(a + b) in float16.

    The ReLU is written as torch.maximum with a zero because PyTorch's CPU relu has no
    float16 kernel; both propagate NaN.
    """

    def __init__(self):
        super().__init__()

    def forward(self, a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
        s = a + b
        return torch.maximum(s, torch.zeros((), dtype=s.dtype))


batch_size = 16
dim = 16384


def get_inputs():
    a = torch.randn(batch_size, dim).half()
    b = torch.randn(batch_size, dim).half()
    return [a, b]


def get_init_inputs():
    return []

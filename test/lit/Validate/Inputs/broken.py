import torch
import torch.nn as nn

n = 4


class Model(nn.Module):
    """Raises in forward."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        raise ZeroDivisionError("broken on purpose")
        return x.clone()


def get_inputs():
    return [torch.randn(n)]


def get_init_inputs():
    return []

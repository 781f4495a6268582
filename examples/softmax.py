"""PyTorch twin of softmax.mlir: Y[B, D] = softmax(X[B, D]) along D."""
import torch
import torch.nn as nn


class Model(nn.Module):
    """Softmax over the last dimension of a [B, D] matrix."""

    def __init__(self):
        super().__init__()

    def forward(self, X: torch.Tensor) -> torch.Tensor:
        return torch.softmax(X, dim=1)


B = 16
D = 16384


def get_inputs():
    X = torch.randn(B, D)
    return [X]


def get_init_inputs():
    return []

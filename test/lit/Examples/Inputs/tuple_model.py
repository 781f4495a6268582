# Harness test model: forward returns a tuple of two tensors (different shapes and dtypes) and
# takes an integer input, which the harness keeps as drawn.
import torch
import torch.nn as nn

N = 5
D = 3


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, idx):
        return x.sum(dim=1), torch.argmax(x, dim=1) + idx


def get_inputs():
    return [torch.randn(N, D), torch.randint(0, 7, (N,))]


def get_init_inputs():
    return []

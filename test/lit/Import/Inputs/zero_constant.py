import torch
import torch.nn as nn


class Model(nn.Module):
    """Rows of a flattened (batch * tokens, dim) view scaled by their sums; `extra` (0 here)
    changes the program, so it is fixed at 0."""

    def __init__(self, extra):
        super().__init__()
        self.extra = extra

    def forward(self, x):
        if self.extra > 0:
            x = x + 1.0
        rows = x.reshape(-1, x.shape[-1])
        return rows * rows.sum(dim=1, keepdim=True)


batch_size = 64
tokens = 100
dim = 32
extra = 0


def get_inputs():
    return [torch.randn(batch_size, tokens, dim)]


def get_init_inputs():
    return [extra]

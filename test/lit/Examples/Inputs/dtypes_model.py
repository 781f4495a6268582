# Harness test model: half, bfloat16, float64 and bool inputs, saved in their own dtypes.
import torch
import torch.nn as nn

N = 6


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, h, b, d, m):
        return h * 2, b + 1, torch.where(m, d, -d)


def get_inputs():
    return [torch.rand(N, dtype=torch.float16), torch.rand(N, dtype=torch.bfloat16),
            torch.rand(N, dtype=torch.float64), torch.rand(N) > 0.5]


def get_init_inputs():
    return []

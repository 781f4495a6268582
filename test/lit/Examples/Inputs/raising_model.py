# Harness test model whose forward raises.
import torch
import torch.nn as nn

N = 4


class Model(nn.Module):
    def forward(self, x):
        return x @ torch.ones(N + 1, 2)  # shape mismatch


def get_inputs():
    return [torch.randn(N, N)]


def get_init_inputs():
    return []

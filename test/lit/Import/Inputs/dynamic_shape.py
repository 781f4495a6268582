import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, x):
        return x[x > 0].sum()


N = 16


def get_inputs():
    return [torch.randn(N)]


def get_init_inputs():
    return []

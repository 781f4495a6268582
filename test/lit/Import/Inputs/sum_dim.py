"""A reduction over a dim given as a module-level constant (as in KernelBench's level 1):
`dim` is an int constant but not a size, so the importer fixes it."""
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.dim = dim

    def forward(self, x):
        return torch.sum(x, dim=self.dim)


batch_size = 64
features = 48
dim = 1


def get_inputs():
    return [torch.randn(batch_size, features)]


def get_init_inputs():
    return [dim]

"""ReLU whose row length is not a size constant (computed by a call), so validation runs at
4 x 600000 = 2.4 million elements whatever the scaling: heavy sizes, not the model's fault."""
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return torch.relu(x)


batch_size = 4
dim = int("600000")


def get_inputs():
    return [torch.rand(batch_size, dim)]


def get_init_inputs():
    return []

import torch
import torch.nn as nn


class Model(nn.Module):
    """Linear then GroupNorm: out_features must divide by the 16 groups, and a literal
    constant 1.0 made in forward (torch.tensor) is the lower bound of a maximum."""

    def __init__(self, in_features, out_features, num_groups):
        super().__init__()
        self.linear = nn.Linear(in_features, out_features)
        self.norm = nn.GroupNorm(num_groups, out_features)

    def forward(self, x):
        return torch.maximum(self.norm(self.linear(x)), torch.tensor(1.0))


batch_size = 512
in_features = 1024
out_features = 2048
num_groups = 16


def get_inputs():
    return [torch.rand(batch_size, in_features)]


def get_init_inputs():
    return [in_features, out_features, num_groups]

# Harness test model: int size constants (one derived from another), a float and a string
# constant, non-negative inputs from get_inputs(), a Linear layer and a BatchNorm (parameters
# and buffers), and one output.
import torch
import torch.nn as nn

batch_size = 4
features = 3
hidden = features * 2
scale = 2.5
label = "tiny"


class Model(nn.Module):
    def __init__(self, features, hidden):
        super().__init__()
        self.fc = nn.Linear(features, hidden)
        self.bn = nn.BatchNorm1d(hidden)

    def forward(self, x):
        return self.bn(self.fc(x)) * scale


def get_inputs():
    return [torch.rand(batch_size, features)]  # in [0, 1): only the harness makes them signed


def get_init_inputs():
    return [features, hidden]

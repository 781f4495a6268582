import torch
import torch.nn as nn


class Model(nn.Module):
    """BatchNorm2d in training mode (KernelBench never calls eval()), then a ReLU."""

    def __init__(self, num_features):
        super().__init__()
        self.bn = nn.BatchNorm2d(num_features)

    def forward(self, x):
        return torch.relu(self.bn(x))


batch_size = 16
features = 32
dim1 = 64
dim2 = 64


def get_inputs():
    return [torch.randn(batch_size, features, dim1, dim2)]


def get_init_inputs():
    return [features]

# check-example test twin (copy of ck_relu.py for ck_shape.mlir): ReLU of a [batch_size, dim] matrix.
import torch
import torch.nn as nn

batch_size = 16
dim = 1024


class Model(nn.Module):
    def forward(self, x):
        return torch.relu(x)


def get_inputs():
    return [torch.randn(batch_size, dim)]


def get_init_inputs():
    return []

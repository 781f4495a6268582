# A tuple size constant: input_shape = (3, 224) is the size constants input_shape_0 and
# input_shape_1 (so the IR's index arguments are %input_shape_0 and %input_shape_1). Sums the
# last dimension, scaled by a learnable per-channel weight. A negative int constant (an axis)
# is no size: it gets no index argument.
import torch
import torch.nn as nn

batch_size = 8
input_shape = (3, 224)
reduce_dim = -1


class Model(nn.Module):
    def __init__(self, channels: int):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(channels))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x.sum(dim=reduce_dim) * self.scale


def get_inputs():
    return [torch.randn(batch_size, *input_shape)]


def get_init_inputs():
    return [input_shape[0]]

import torch
import torch.nn as nn


class Model(nn.Module):
    """Hinge loss: predictions (batch, n) times targets (batch,) broadcast only when n equals
    batch, so the two constants must change together."""

    def forward(self, predictions, targets):
        return torch.mean(torch.clamp(1 - predictions * targets, min=0))


batch_size = 4096
input_shape = (4096,)


def get_inputs():
    return [torch.rand(batch_size, *input_shape), torch.rand(batch_size) * 2 - 1]


def get_init_inputs():
    return []

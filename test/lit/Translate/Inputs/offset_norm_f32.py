"""Standardises each row of a signal riding on a large offset, a stand-in for a deep network's
BatchNorm at small validation sizes: float32 keeps only a few bits of the signal, so the
program's own float32 result is farther from what it computes than any tolerance, while in
float64 it is exact to about 1e-12. This one computes in float32 even when run in float64."""
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        y = (x * 0.001 + 1000.0).float()  # float32 whatever the model is
        d = y - y.mean(dim=1, keepdim=True)
        return d / torch.sqrt((d * d).mean(dim=1, keepdim=True))


batch_size = 4
features = 16


def get_inputs():
    return [torch.rand(batch_size, features)]


def get_init_inputs():
    return []

import torch
import torch.nn as nn


class Model(nn.Module):
    """Uses three ops the importer has no emitter for, on lines 11, 12 and 13."""

    def forward(self, x):
        y = torch.relu(x)
        # three unsupported ops, each on its own line
        s, _ = torch.sort(y, dim=1)
        f = torch.fft.rfft(s, dim=1).abs()
        k = torch.kthvalue(y, 2, dim=1).values
        return s + k.unsqueeze(1) + f.abs()[:, :1]


N = 8


def get_inputs():
    return [torch.randn(N, N)]


def get_init_inputs():
    return []

import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Attention of q over k/v (torch >= 2.0's F.scaled_dot_product_attention; torch 1.13 gets
    solar_polyfill's), scaled by a Python number input."""

    def forward(self, q, k, v, scale):
        return F.scaled_dot_product_attention(q, k, v) * scale


batch = 4
queries = keys = 32
dim, value_dim = 16, 24


def get_inputs():
    return [torch.randn(batch, queries, dim), torch.randn(batch, keys, dim),
            torch.randn(batch, keys, value_dim), 0.5]


def get_init_inputs():
    return []

import math

import torch
import torch.nn as nn

batch_size = 16
seq_len = 1024
head_dim = 64


class Model(nn.Module):
    """Single-head attention: softmax(Q K^T / sqrt(head_dim)) V."""

    def __init__(self):
        super().__init__()

    def forward(self, Q: torch.Tensor, K: torch.Tensor, V: torch.Tensor) -> torch.Tensor:
        scores = torch.matmul(Q, K.transpose(-2, -1)) / math.sqrt(Q.shape[-1])
        return torch.matmul(torch.softmax(scores, dim=-1), V)


def get_inputs():
    Q = torch.randn(batch_size, seq_len, head_dim)
    K = torch.randn(batch_size, seq_len, head_dim)
    V = torch.randn(batch_size, seq_len, head_dim)
    return [Q, K, V]


def get_init_inputs():
    return []

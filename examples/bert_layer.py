import math

import torch
import torch.nn as nn
import torch.nn.functional as F

# One BERT-base encoder layer: bidirectional multi-head self-attention with separate query,
# key and value projections, post-norm residuals (LayerNorm(x + sublayer(x))), and an erf-GELU
# feed-forward of 4x width. Plain PyTorch, the layout of Hugging Face's BertLayer.

batch_size = 1
seq_len = 512
n_head = 12
head_dim = 64


class Model(nn.Module):
    def __init__(self, hidden, n_head):
        super().__init__()
        self.n_head = n_head
        self.scale = 1.0 / math.sqrt(hidden // n_head)
        self.query = nn.Linear(hidden, hidden)
        self.key = nn.Linear(hidden, hidden)
        self.value = nn.Linear(hidden, hidden)
        self.attn_out = nn.Linear(hidden, hidden)
        self.attn_norm = nn.LayerNorm(hidden, eps=1e-12)
        self.intermediate = nn.Linear(hidden, 4 * hidden)
        self.output = nn.Linear(4 * hidden, hidden)
        self.out_norm = nn.LayerNorm(hidden, eps=1e-12)

    def heads(self, t, B, T, C):
        return t.view(B, T, self.n_head, C // self.n_head).permute(0, 2, 1, 3)

    def forward(self, x):
        B, T, C = x.size()
        q = self.heads(self.query(x), B, T, C)
        k = self.heads(self.key(x), B, T, C)
        v = self.heads(self.value(x), B, T, C)
        scores = torch.matmul(q, k.transpose(-1, -2)) * self.scale
        probs = torch.softmax(scores, dim=-1)
        ctx = torch.matmul(probs, v).permute(0, 2, 1, 3).contiguous().view(B, T, C)
        x = self.attn_norm(x + self.attn_out(ctx))
        h = F.gelu(self.intermediate(x))
        return self.out_norm(x + self.output(h))


def get_inputs():
    return [torch.randn(batch_size, seq_len, n_head * head_dim)]


def get_init_inputs():
    return [n_head * head_dim, n_head]

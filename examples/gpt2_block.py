import math

import torch
import torch.nn as nn
import torch.nn.functional as F

# One GPT-2 (124M) transformer block: pre-norm causal self-attention and a 4x GELU MLP, each
# with a residual connection. Plain PyTorch, the layout of OpenAI's GPT-2 / Karpathy's nanoGPT.

batch_size = 1
seq_len = 1024
n_head = 12
head_dim = 64


class CausalSelfAttention(nn.Module):
    def __init__(self, n_embd, n_head, seq_len):
        super().__init__()
        self.n_head = n_head
        self.scale = 1.0 / math.sqrt(n_embd // n_head)
        self.c_attn = nn.Linear(n_embd, 3 * n_embd)
        self.c_proj = nn.Linear(n_embd, n_embd)
        self.register_buffer("mask", torch.tril(torch.ones(seq_len, seq_len))
                             .view(1, 1, seq_len, seq_len))

    def forward(self, x):
        B, T, C = x.size()
        q, k, v = self.c_attn(x).split(C, dim=2)
        q = q.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        k = k.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        v = v.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) * self.scale
        att = att.masked_fill(self.mask[:, :, :T, :T] == 0, float("-inf"))
        att = F.softmax(att, dim=-1)
        y = att @ v
        y = y.transpose(1, 2).contiguous().view(B, T, C)
        return self.c_proj(y)


class Model(nn.Module):
    def __init__(self, n_embd, n_head, seq_len):
        super().__init__()
        self.ln_1 = nn.LayerNorm(n_embd)
        self.attn = CausalSelfAttention(n_embd, n_head, seq_len)
        self.ln_2 = nn.LayerNorm(n_embd)
        self.c_fc = nn.Linear(n_embd, 4 * n_embd)
        self.c_proj = nn.Linear(4 * n_embd, n_embd)

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        x = x + self.c_proj(F.gelu(self.c_fc(self.ln_2(x)), approximate="tanh"))
        return x


def get_inputs():
    return [torch.randn(batch_size, seq_len, n_head * head_dim)]


def get_init_inputs():
    return [n_head * head_dim, n_head, seq_len]

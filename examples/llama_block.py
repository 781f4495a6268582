import math

import torch
import torch.nn as nn
import torch.nn.functional as F

# One Llama-2-7B decoder block: RMSNorm, causal multi-head attention with rotary position
# embeddings (RoPE, rotate-half form, cos/sin tables as buffers), RMSNorm, SwiGLU feed-forward
# (down(silu(gate(x)) * up(x))), residual connections, no biases. Plain PyTorch, the layout of
# Meta's reference model.py.

batch_size = 1
seq_len = 2048
n_head = 32
head_dim = 128
ffn_dim = 11008


class RMSNorm(nn.Module):
    def __init__(self, dim, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


def rotate_half(x):
    half = x.shape[-1] // 2
    return torch.cat((-x[..., half:], x[..., :half]), dim=-1)


class Model(nn.Module):
    def __init__(self, dim, n_head, ffn_dim, seq_len):
        super().__init__()
        self.n_head = n_head
        hd = dim // n_head
        self.scale = 1.0 / math.sqrt(hd)
        self.attn_norm = RMSNorm(dim)
        self.wq = nn.Linear(dim, dim, bias=False)
        self.wk = nn.Linear(dim, dim, bias=False)
        self.wv = nn.Linear(dim, dim, bias=False)
        self.wo = nn.Linear(dim, dim, bias=False)
        self.ffn_norm = RMSNorm(dim)
        self.w_gate = nn.Linear(dim, ffn_dim, bias=False)
        self.w_up = nn.Linear(dim, ffn_dim, bias=False)
        self.w_down = nn.Linear(ffn_dim, dim, bias=False)
        inv_freq = 1.0 / (10000.0 ** (torch.arange(0, hd, 2).float() / hd))
        freqs = torch.outer(torch.arange(seq_len).float(), inv_freq)
        emb = torch.cat((freqs, freqs), dim=-1)
        self.register_buffer("cos", emb.cos())
        self.register_buffer("sin", emb.sin())
        self.register_buffer("mask", torch.tril(torch.ones(seq_len, seq_len)))

    def attention(self, x):
        B, T, C = x.size()
        q = self.wq(x).view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        k = self.wk(x).view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        v = self.wv(x).view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        cos, sin = self.cos[:T], self.sin[:T]
        q = q * cos + rotate_half(q) * sin
        k = k * cos + rotate_half(k) * sin
        att = (q @ k.transpose(-2, -1)) * self.scale
        att = att.masked_fill(self.mask[:T, :T] == 0, float("-inf"))
        att = F.softmax(att, dim=-1)
        y = (att @ v).transpose(1, 2).contiguous().view(B, T, C)
        return self.wo(y)

    def forward(self, x):
        h = x + self.attention(self.attn_norm(x))
        g = self.ffn_norm(h)
        return h + self.w_down(F.silu(self.w_gate(g)) * self.w_up(g))


def get_inputs():
    return [torch.randn(batch_size, seq_len, n_head * head_dim)]


def get_init_inputs():
    return [n_head * head_dim, n_head, ffn_dim, seq_len]

import torch
import torch.nn as nn

batch_size = 16
seq_len = 512
embed_dim = 1024


class Model(nn.Module):
    """nn.MultiheadAttention (8 heads, batch_first) used as self-attention.

    nn.MultiheadAttention.forward returns a tuple (attn_output, attn_weights); with
    need_weights=False the weights are None, so only attn_output is returned.
    """

    def __init__(self, embed_dim: int, num_heads: int):
        super().__init__()
        self.attn = nn.MultiheadAttention(embed_dim, num_heads, batch_first=True)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out, _ = self.attn(x, x, x, need_weights=False)
        return out


def get_inputs():
    return [torch.randn(batch_size, seq_len, embed_dim)]


def get_init_inputs():
    return [embed_dim, 8]

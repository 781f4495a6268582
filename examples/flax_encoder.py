"""A Flax transformer encoder block (pre-LayerNorm): x + MHA(LN(x)), then + MLP(LN(.)) with
nn.MultiHeadDotProductAttention, nn.LayerNorm and nn.Dense (GELU, tanh form: Flax's
default), on [batch, seq_len, embed_dim].
"""
import jax
import flax.linen as nn

batch_size = 8
seq_len = 512
embed_dim = 768
num_heads = 12
mlp_dim = 3072


class Model(nn.Module):
    num_heads: int
    mlp_dim: int

    @nn.compact
    def __call__(self, x):
        h = nn.LayerNorm()(x)
        h = nn.MultiHeadDotProductAttention(num_heads=self.num_heads)(h, h)
        x = x + h
        h = nn.LayerNorm()(x)
        h = nn.Dense(self.mlp_dim)(h)
        h = nn.gelu(h)
        h = nn.Dense(x.shape[-1])(h)
        return x + h


def get_inputs():
    return [jax.random.normal(jax.random.PRNGKey(0), (batch_size, seq_len, embed_dim))]


def get_init_inputs():
    return [num_heads, mlp_dim]

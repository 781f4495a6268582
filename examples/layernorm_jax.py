"""JAX twin of layernorm.py: LayerNorm over the hidden dimension (eps 1e-5, weight and bias)."""
import jax
import jax.numpy as jnp


batch_size = 16
seq_len = 512
hidden = 1024


def forward(x, weight, bias):
    mean = jnp.mean(x, axis=-1, keepdims=True)
    var = jnp.mean(jnp.square(x - mean), axis=-1, keepdims=True)
    return (x - mean) * jax.lax.rsqrt(var + 1e-5) * weight + bias


def get_inputs():
    x = jax.random.normal(jax.random.PRNGKey(0), (batch_size, seq_len, hidden))
    weight = jax.random.normal(jax.random.PRNGKey(1), (hidden,))
    bias = jax.random.normal(jax.random.PRNGKey(2), (hidden,))
    return [x, weight, bias]

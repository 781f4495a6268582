"""JAX twin of rmsnorm.py: x * rsqrt(mean(x^2) + eps) * weight."""
import jax
import jax.numpy as jnp


batch_size = 16
seq_len = 256
hidden = 4096


def forward(x, weight):
    rms = jax.lax.rsqrt(jnp.mean(x ** 2, axis=-1, keepdims=True) + 1e-6)
    return x * rms * weight


def get_inputs():
    x = jax.random.normal(jax.random.PRNGKey(0), (batch_size, seq_len, hidden))
    weight = jax.random.normal(jax.random.PRNGKey(1), (hidden,))
    return [x, weight]

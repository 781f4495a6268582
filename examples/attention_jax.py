"""JAX twin of attention.py: softmax(Q K^T / sqrt(d)) V per batch."""
import jax
import jax.numpy as jnp
import math

batch_size = 16
seq_len = 1024
head_dim = 64


def forward(Q, K, V):
    scores = jnp.matmul(Q, jnp.swapaxes(K, -2, -1)) / math.sqrt(Q.shape[-1])
    return jnp.matmul(jax.nn.softmax(scores, axis=-1), V)


def get_inputs():
    Q = jax.random.normal(jax.random.PRNGKey(0), (batch_size, seq_len, head_dim))
    K = jax.random.normal(jax.random.PRNGKey(1), (batch_size, seq_len, head_dim))
    V = jax.random.normal(jax.random.PRNGKey(2), (batch_size, seq_len, head_dim))
    return [Q, K, V]

"""JAX twin of batched_matmul.py: C[b] = A[b] @ B[b]."""
import jax
import jax.numpy as jnp


batch_size = 128
M = 128
K = 256
N = 512


def forward(A, B):
    return jnp.matmul(A, B)


def get_inputs():
    A = jax.random.normal(jax.random.PRNGKey(0), (batch_size, M, K))
    B = jax.random.normal(jax.random.PRNGKey(1), (batch_size, K, N))
    return [A, B]

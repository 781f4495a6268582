"""JAX twin of matmul.py: C[M, N] = A[M, K] @ B[K, N]."""
import jax
import jax.numpy as jnp


M = 1024
N = 1024
K = 1024


def forward(A, B):
    return A @ B


def get_inputs():
    A = jax.random.normal(jax.random.PRNGKey(0), (M, K))
    B = jax.random.normal(jax.random.PRNGKey(1), (K, N))
    return [A, B]

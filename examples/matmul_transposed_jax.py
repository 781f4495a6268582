"""JAX twin of matmul_transposed.py: C = A.T @ B.T."""
import jax
import jax.numpy as jnp


M = 1024
K = 4096
N = 2048


def forward(A, B):
    return A.T @ B.T


def get_inputs():
    A = jax.random.normal(jax.random.PRNGKey(0), (K, M))
    B = jax.random.normal(jax.random.PRNGKey(1), (N, K))
    return [A, B]

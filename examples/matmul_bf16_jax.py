"""JAX twin of matmul_bf16.py: a bfloat16 matmul (bfloat16 result)."""
import jax
import jax.numpy as jnp


M = 2048
N = 2048
K = 2048


def forward(A, B):
    return jnp.matmul(A, B)


def get_inputs():
    A = jax.random.normal(jax.random.PRNGKey(0), (M, K), jnp.bfloat16)
    B = jax.random.normal(jax.random.PRNGKey(1), (K, N), jnp.bfloat16)
    return [A, B]

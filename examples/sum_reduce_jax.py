"""JAX twin of sum_reduce.py: sum over dim 1, kept."""
import jax
import jax.numpy as jnp


batch_size = 16
dim1 = 256
dim2 = 256


def forward(x):
    return jnp.sum(x, axis=1, keepdims=True)


def get_inputs():
    x = jax.random.normal(jax.random.PRNGKey(0), (batch_size, dim1, dim2))
    return [x]

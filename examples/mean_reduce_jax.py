"""JAX twin of mean_reduce.py: mean over dim 1."""
import jax
import jax.numpy as jnp


batch_size = 16
dim1 = 256
dim2 = 256


def forward(x):
    return jnp.mean(x, axis=1)


def get_inputs():
    x = jax.random.normal(jax.random.PRNGKey(0), (batch_size, dim1, dim2))
    return [x]

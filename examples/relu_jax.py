"""JAX twin of relu.py: relu."""
import jax
import jax.numpy as jnp


batch_size = 16
dim = 16384


def forward(x):
    return jax.nn.relu(x)


def get_inputs():
    x = jax.random.normal(jax.random.PRNGKey(0), (batch_size, dim))
    return [x]

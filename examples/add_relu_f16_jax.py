"""JAX twin of add_relu_f16.py: relu(a + b) in float16."""
import jax
import jax.numpy as jnp


batch_size = 16
dim = 16384


def forward(a, b):
    return jnp.maximum(a + b, 0)


def get_inputs():
    a = jax.random.normal(jax.random.PRNGKey(0), (batch_size, dim), jnp.float16)
    b = jax.random.normal(jax.random.PRNGKey(1), (batch_size, dim), jnp.float16)
    return [a, b]

"""JAX twin of maxpool2d.py: MaxPool2d(3, stride=2, padding=1) on NCHW."""
import jax
import jax.numpy as jnp


batch_size = 32
channels = 64
height = 112
width = 112


def forward(x):
    return jax.lax.reduce_window(x, -jnp.inf, jax.lax.max, (1, 1, 3, 3), (1, 1, 2, 2),
                                 [(0, 0), (0, 0), (1, 1), (1, 1)])


def get_inputs():
    x = jax.random.normal(jax.random.PRNGKey(0), (batch_size, channels, height, width))
    return [x]

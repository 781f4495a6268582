"""JAX twin of conv1d.py: Conv1d(in_channels, out_channels, 3, stride=2, padding=1) with bias, NCW."""
import jax
import jax.numpy as jnp


batch_size = 16
in_channels = 64
out_channels = 128
length = 4096


def forward(x, weight, bias):
    y = jax.lax.conv_general_dilated(x, weight, window_strides=(2,), padding=[(1, 1)],
                                     dimension_numbers=("NCH", "OIH", "NCH"))
    return y + bias[None, :, None]


def get_inputs():
    x = jax.random.normal(jax.random.PRNGKey(0), (batch_size, in_channels, length))
    weight = jax.random.normal(jax.random.PRNGKey(1), (out_channels, in_channels, 3))
    bias = jax.random.normal(jax.random.PRNGKey(2), (out_channels,))
    return [x, weight, bias]

"""JAX twin of conv2d.py: Conv2d(in_channels, out_channels, kernel_size, stride=2), no bias, NCHW/OIHW."""
import jax
import jax.numpy as jnp


batch_size = 1
in_channels = 3
out_channels = 8
height = 33
width = 33
kernel_size = 3


def forward(x, weight):
    return jax.lax.conv_general_dilated(x, weight, window_strides=(2, 2), padding="VALID",
                                        dimension_numbers=("NCHW", "OIHW", "NCHW"))


def get_inputs():
    x = jax.random.normal(jax.random.PRNGKey(0), (batch_size, in_channels, height, width))
    weight = jax.random.normal(jax.random.PRNGKey(1), (out_channels, in_channels, kernel_size, kernel_size))
    return [x, weight]

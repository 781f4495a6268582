"""JAX twin of conv2d_grouped.py: Conv2d(64, 128, 3, padding=2, dilation=2, groups=2) with bias."""
import jax
import jax.numpy as jnp


batch_size = 16
in_channels = 64
out_channels = 128
height = 224
width = 224
groups = 2


def forward(x, weight, bias):
    y = jax.lax.conv_general_dilated(x, weight, window_strides=(1, 1), padding=[(2, 2), (2, 2)],
                                     rhs_dilation=(2, 2), feature_group_count=groups,
                                     dimension_numbers=("NCHW", "OIHW", "NCHW"))
    return y + bias[None, :, None, None]


def get_inputs():
    x = jax.random.normal(jax.random.PRNGKey(0), (batch_size, in_channels, height, width))
    weight = jax.random.normal(jax.random.PRNGKey(1), (out_channels, in_channels // groups, 3, 3))
    bias = jax.random.normal(jax.random.PRNGKey(2), (out_channels,))
    return [x, weight, bias]

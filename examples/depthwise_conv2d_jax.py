"""JAX twin of depthwise_conv2d.py: a depthwise 3x3 convolution (groups = channels), no bias."""
import jax
import jax.numpy as jnp


batch_size = 16
channels = 128
height = 112
width = 112


def forward(x, weight):
    return jax.lax.conv_general_dilated(x, weight, window_strides=(1, 1), padding="VALID",
                                        feature_group_count=channels,
                                        dimension_numbers=("NCHW", "OIHW", "NCHW"))


def get_inputs():
    x = jax.random.normal(jax.random.PRNGKey(0), (batch_size, channels, height, width))
    weight = jax.random.normal(jax.random.PRNGKey(1), (channels, 1, 3, 3))
    return [x, weight]

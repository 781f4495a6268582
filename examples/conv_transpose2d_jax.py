"""JAX twin of conv_transpose2d.py: ConvTranspose2d(128, 64, 3, stride=2), no padding, no bias,
with PyTorch's [in, out, kh, kw] weight (lax.conv_transpose with transpose_kernel=True flips
the kernel and swaps its feature dims, as PyTorch's transposed convolution does)."""
import jax
import jax.numpy as jnp


batch_size = 16
in_channels = 128
out_channels = 64
height = 64
width = 64


def forward(x, weight):
    return jax.lax.conv_transpose(x, weight, strides=(2, 2), padding="VALID",
                                  dimension_numbers=("NCHW", "OIHW", "NCHW"),
                                  transpose_kernel=True)


def get_inputs():
    x = jax.random.normal(jax.random.PRNGKey(0), (batch_size, in_channels, height, width))
    weight = jax.random.normal(jax.random.PRNGKey(1), (in_channels, out_channels, 3, 3))
    return [x, weight]

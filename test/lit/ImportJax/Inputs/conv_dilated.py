# Convolutions with lhs_dilation (transposed convolutions): Flax's ConvTranspose with SAME and
# VALID padding, and a 1-D lax.conv_general_dilated with window strides, lhs and rhs dilation
# and feature groups together.
import jax
import jax.numpy as jnp
import flax.linen as nn

batch = 2
size = 8
length = 11


class Model(nn.Module):
    @nn.compact
    def __call__(self, x, y, w):
        a = nn.ConvTranspose(4, (3, 3), strides=(2, 2))(x)
        b = nn.ConvTranspose(2, (4, 4), strides=(2, 2), padding="VALID")(x)
        c = jax.lax.conv_general_dilated(y, w, window_strides=(2,), padding=[(1, 2)],
                                         lhs_dilation=(3,), rhs_dilation=(2,),
                                         feature_group_count=2,
                                         dimension_numbers=("NCH", "OIH", "NCH"))
        return a, b, c


def get_inputs():
    x = jax.random.normal(jax.random.PRNGKey(0), (batch, size, size, 3))
    y = jax.random.normal(jax.random.PRNGKey(1), (batch, 4, length))
    w = jax.random.normal(jax.random.PRNGKey(2), (6, 2, 3))
    return [x, y, w]


def get_init_inputs():
    return []

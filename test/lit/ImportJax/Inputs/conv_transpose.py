# A Flax transposed convolution traces to conv_general_dilated with lhs_dilation: refused
# with the reason.
import jax
import flax.linen as nn

batch = 2
size = 8


class Model(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.ConvTranspose(4, (3, 3), strides=(2, 2))(x)


def get_inputs():
    return [jax.random.normal(jax.random.PRNGKey(0), (batch, size, size, 3))]


def get_init_inputs():
    return []

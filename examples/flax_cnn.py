"""A small Flax CNN on NHWC images: Conv 3x3 -> BatchNorm -> ReLU -> max pool 2x2, Conv 3x3
(stride 2) -> BatchNorm -> ReLU -> average pool 2x2, global mean, Dense.

TRAIN selects BatchNorm's mode: True uses the batch statistics and updates batch_stats
(imported as an in-place update of the batch_stats arguments, as PyTorch's running
statistics), False normalises with the stored batch_stats.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn

TRAIN = True

batch_size = 32
height = 64
width = 64
in_channels = 3
channels = 32
num_classes = 10


class Model(nn.Module):
    channels: int
    num_classes: int
    train: bool

    @nn.compact
    def __call__(self, x):
        x = nn.Conv(self.channels, (3, 3), padding="SAME")(x)
        x = nn.BatchNorm(use_running_average=not self.train)(x)
        x = nn.max_pool(nn.relu(x), (2, 2), strides=(2, 2))
        x = nn.Conv(2 * self.channels, (3, 3), strides=(2, 2), padding=((1, 1), (1, 1)))(x)
        x = nn.BatchNorm(use_running_average=not self.train)(x)
        x = nn.avg_pool(nn.relu(x), (2, 2), strides=(2, 2))
        x = jnp.mean(x, axis=(1, 2))
        return nn.Dense(self.num_classes)(x)


def get_inputs():
    return [jax.random.normal(jax.random.PRNGKey(0), (batch_size, height, width, in_channels))]


def get_init_inputs():
    return [channels, num_classes, TRAIN]

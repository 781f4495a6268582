"""A Flax MLP: three Dense layers with ReLU, [batch, in_features] -> [batch, num_classes].

Flax layout for solar-import: class Model (a flax.linen Module), get_inputs() (the arguments
of __call__) and get_init_inputs() (the constructor arguments); the variables come from
Model.init and are arguments of the imported @forward after the inputs
(params_Dense_0_kernel, params_Dense_0_bias, ...).
"""
import jax
import flax.linen as nn

batch_size = 64
in_features = 784
hidden = 1024
num_classes = 10


class Model(nn.Module):
    hidden: int
    num_classes: int

    @nn.compact
    def __call__(self, x):
        x = nn.relu(nn.Dense(self.hidden)(x))
        x = nn.relu(nn.Dense(self.hidden)(x))
        return nn.Dense(self.num_classes)(x)


def get_inputs():
    return [jax.random.normal(jax.random.PRNGKey(0), (batch_size, in_features))]


def get_init_inputs():
    return [hidden, num_classes]

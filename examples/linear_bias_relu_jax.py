"""JAX twin of linear_bias_relu.py: relu(x @ weight.T + bias), the weight in PyTorch's [out, in] layout."""
import jax
import jax.numpy as jnp


batch_size = 128
in_features = 2048
out_features = 4096


def forward(x, weight, bias):
    return jax.nn.relu(x @ weight.T + bias)


def get_inputs():
    x = jax.random.normal(jax.random.PRNGKey(0), (batch_size, in_features))
    weight = jax.random.normal(jax.random.PRNGKey(1), (out_features, in_features))
    bias = jax.random.normal(jax.random.PRNGKey(2), (out_features,))
    return [x, weight, bias]

"""JAX twin of mlp_block.py: x + fc2(gelu(fc1(x))), exact GELU, weights in PyTorch's [out, in] layout."""
import jax
import jax.numpy as jnp


batch_size = 16
seq_len = 512
hidden_size = 1024
intermediate_size = 4096


def forward(x, fc1_weight, fc1_bias, fc2_weight, fc2_bias):
    h = jax.nn.gelu(x @ fc1_weight.T + fc1_bias, approximate=False)
    return x + h @ fc2_weight.T + fc2_bias


def get_inputs():
    x = jax.random.normal(jax.random.PRNGKey(0), (batch_size, seq_len, hidden_size))
    fc1_weight = jax.random.normal(jax.random.PRNGKey(1), (intermediate_size, hidden_size))
    fc1_bias = jax.random.normal(jax.random.PRNGKey(2), (intermediate_size,))
    fc2_weight = jax.random.normal(jax.random.PRNGKey(3), (hidden_size, intermediate_size))
    fc2_bias = jax.random.normal(jax.random.PRNGKey(4), (hidden_size,))
    return [x, fc1_weight, fc1_bias, fc2_weight, fc2_bias]

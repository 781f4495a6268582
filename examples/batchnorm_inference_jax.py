"""JAX twin of batchnorm_inference.py: BatchNorm2d in eval mode (running statistics, eps 1e-5)."""
import jax
import jax.numpy as jnp


batch_size = 16
features = 64
dim1 = 256
dim2 = 256


def forward(x, weight, bias, running_mean, running_var):
    c = lambda v: v[None, :, None, None]
    return (x - c(running_mean)) * jax.lax.rsqrt(c(running_var) + 1e-5) * c(weight) + c(bias)


def get_inputs():
    x = jax.random.normal(jax.random.PRNGKey(0), (batch_size, features, dim1, dim2))
    weight = jax.random.normal(jax.random.PRNGKey(1), (features,))
    bias = jax.random.normal(jax.random.PRNGKey(2), (features,))
    running_mean = jax.random.normal(jax.random.PRNGKey(3), (features,))
    running_var = jax.random.normal(jax.random.PRNGKey(4), (features,))
    return [x, weight, bias, running_mean, running_var]

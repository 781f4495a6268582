# The result's shape depends on the values of x: refused.
import jax
import jax.numpy as jnp

n = 16


def forward(x):
    return jnp.sum(x[x > 0.0] * 2.0)


def get_inputs():
    return [jax.random.normal(jax.random.PRNGKey(0), (n,))]

# A JAX program (a forward function and get_inputs(), no module state): row softmax, the
# computation of examples/softmax.mlir.
import jax
import jax.numpy as jnp

B = 16
D = 1000


def forward(x):
    m = jnp.max(x, axis=1, keepdims=True)
    e = jnp.exp(x - m)
    return e / jnp.sum(e, axis=1, keepdims=True)


def get_inputs():
    key = jax.random.PRNGKey(0)
    return [jax.random.normal(key, (B, D))]

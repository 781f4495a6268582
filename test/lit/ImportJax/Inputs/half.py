# bfloat16 and float16 keep their types: a bf16 matmul with a bf16 bias, a float16 row
# softmax, and a cast between them.
import jax
import jax.numpy as jnp

rows = 8
k = 16
cols = 12


def forward(a, w, bias, h):
    y = jnp.matmul(a, w) + bias
    s = jax.nn.softmax(h, axis=-1)
    return y, s, y.astype(jnp.float16)[:, :4] * s[:, :4]


def get_inputs():
    key = jax.random.PRNGKey(0)
    a = jax.random.normal(key, (rows, k), jnp.bfloat16)
    w = jax.random.normal(jax.random.PRNGKey(1), (k, cols), jnp.bfloat16)
    bias = jax.random.normal(jax.random.PRNGKey(2), (cols,), jnp.bfloat16)
    h = jax.random.normal(jax.random.PRNGKey(3), (rows, cols), jnp.float16)
    return [a, w, bias, h]

# Reductions over one and several axes (sum, max, min, prod, and/or), argmax/argmin with
# ties, the cumulative ops forward and reversed, and windows (max with padding, sum with a
# dilation and strides).
import jax
import jax.numpy as jnp

batch = 3
n = 16
m = 9


def forward(x, k):
    s = jnp.sum(x, axis=(0, 2)) + jnp.max(x, axis=(0, 2)) - jnp.min(x, axis=(0, 2))
    pr = jnp.prod(x[:, :4, :] * 0.5 + 1.0, axis=1)
    b = jnp.all(x > -2.0, axis=2) | jnp.any(x > 1.5, axis=2)
    am = jnp.argmax(jnp.round(x), axis=1) + jnp.argmin(x, axis=2).sum()
    cs = jnp.cumsum(x, axis=1) + jax.lax.cumsum(x, axis=2, reverse=True)
    cm = jax.lax.cummax(x, axis=1) - jax.lax.cummin(x, axis=2, reverse=True)
    cp = jax.lax.cumprod(x[:, :5, :] * 0.1 + 1.0, axis=1)
    cl = jax.lax.cumlogsumexp(x, axis=2)
    w1 = jax.lax.reduce_window(x, -jnp.inf, jax.lax.max, (1, 3, 3), (1, 2, 2),
                               [(0, 0), (1, 1), (1, 0)])
    w2 = jax.lax.reduce_window(x, 0.0, jax.lax.add, (1, 2, 3), (1, 3, 1), "VALID",
                               window_dilation=(1, 2, 2))
    return s, pr, b.astype(jnp.int32) + k, am, cs + cm, cp, cl, w1, w2


def get_inputs():
    x = jax.random.normal(jax.random.PRNGKey(0), (batch, n, m))
    k = jax.random.randint(jax.random.PRNGKey(1), (batch, n), 0, 5)
    return [x, k]

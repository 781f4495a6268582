# Elementwise primitives of lax, each on [rows, cols] arrays: math functions, integer
# arithmetic, comparisons, select_n (boolean and integer), clamp, casts.
import jax
import jax.numpy as jnp

rows = 6
cols = 40


def forward(x, y, k):
    a = jnp.exp2(x) + jnp.expm1(y) + jnp.log1p(jnp.abs(x)) + jnp.cbrt(y)
    b = jnp.sign(x) * jnp.power(jnp.abs(y) + 0.5, x) + jnp.arctan2(x, y)
    c = jnp.round(x * 3.0) + jnp.floor(y * 2.0) + jnp.ceil(x) + jax.lax.rem(x * 5.0, 2.0)
    d = jnp.clip(x, -0.25, 0.5) + jnp.where(x > y, x, y * 2.0) + 1.0 / (x * x + 1.0) ** 3
    e = jax.lax.select_n(k % 3, x, y, x * y) + jax.lax.erfc(x) + jax.nn.sigmoid(y)
    i = (k * 7 - 3) // 2 + k % 4 - jnp.maximum(k, 5) + jnp.minimum(k, -1) + (k ^ 3) + (k & 6)
    f = jnp.logical_and(x > 0, y <= 0.5) | jnp.logical_not(jnp.isfinite(x / (y - y)))
    return a + b, c + d, e, i, f.astype(jnp.float32) + i.astype(jnp.float32)


def get_inputs():
    x = jax.random.normal(jax.random.PRNGKey(0), (rows, cols))
    y = jax.random.normal(jax.random.PRNGKey(1), (rows, cols))
    k = jax.random.randint(jax.random.PRNGKey(2), (rows, cols), -20, 20)
    return [x, y, k]

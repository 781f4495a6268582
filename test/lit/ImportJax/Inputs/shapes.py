# Shape primitives: transpose, reshape (split and merge), broadcast_in_dim, squeeze,
# expand_dims, slice with a stride, concatenate, pad (positive, negative, interior), rev,
# iota, dynamic_slice with constant starts, split.
import jax
import jax.numpy as jnp

batch = 4
n = 12
m = 10


def forward(x, v):
    t = jnp.transpose(x, (2, 0, 1)).reshape(m, batch * n)
    s = x[:, 1::2, :] + v[None, None, :]
    c = jnp.concatenate([x, x[:, ::-1, :] * 2.0], axis=1)
    p = jax.lax.pad(x, 0.5, [(0, 0, 0), (2, -1, 0), (1, 1, 1)])
    r = jax.lax.dynamic_slice(x, (1, 2, 3), (2, 3, 4)) + jnp.arange(4, dtype=jnp.float32)
    a, b = jnp.split(x, 2, axis=1)
    e = jnp.expand_dims(jnp.squeeze(v[None, :], 0), 1) * 3.0
    return t, s, c, p, r, a - b, e


def get_inputs():
    x = jax.random.normal(jax.random.PRNGKey(0), (batch, n, m))
    v = jax.random.normal(jax.random.PRNGKey(1), (m,))
    return [x, v]

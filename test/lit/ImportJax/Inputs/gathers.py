# gather in the forms jnp produces: take along an axis (embedding rows), take_along_axis
# (negative indices wrap), and an index array into a 3-D operand; custom_jvp (relu, softplus),
# custom_vjp and remat (jax.checkpoint) bodies are inlined.
import jax
import jax.numpy as jnp

vocab = 20
dim = 8
tokens = 6


@jax.custom_vjp
def scaled(x):
    return x * 1.5


scaled.defvjp(lambda x: (x * 1.5, None), lambda _, g: (g * 1.5,))


def forward(table, ids, x, idx):
    emb = jnp.take(table, ids, axis=0)
    picked = jnp.take_along_axis(x, idx, axis=1)
    rows = table[ids[:, 0]]
    h = jax.checkpoint(lambda t: jax.nn.softplus(jax.nn.relu(t)))(emb)
    return scaled(h), picked, rows


def get_inputs():
    table = jax.random.normal(jax.random.PRNGKey(0), (vocab, dim))
    ids = jax.random.randint(jax.random.PRNGKey(1), (tokens, 3), 0, vocab)
    x = jax.random.normal(jax.random.PRNGKey(2), (tokens, dim))
    idx = jax.random.randint(jax.random.PRNGKey(3), (tokens, 2), -dim, dim)
    return [table, ids, x, idx]

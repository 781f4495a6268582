# A stand-in for JAX, backed by numpy, just large enough for jax_softmax.py: it lets the
# harness's JAX path (python/solar_reference.py) run here, where JAX is not installed. The
# feature `jax` runs the same test against the real thing (jax-real.test).
from . import numpy, random  # noqa: F401

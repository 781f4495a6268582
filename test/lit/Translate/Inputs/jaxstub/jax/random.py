# jax.random stand-in: PRNGKey is a numpy RandomState, normal draws float32 from it.
import numpy as _np


def PRNGKey(seed):
    return _np.random.RandomState(seed)


def normal(key, shape, dtype=_np.float32):
    return key.standard_normal(shape).astype(dtype)

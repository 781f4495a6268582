"""The JAX front end of the importer: ../driver.py's size choice, fitting loop, validation
sizes and header, with a JAX trace (trace.py), its slots (slots.py) and its writer (emit.py).

import_model(path, small=None, entry_sizes="real", log=None) -> driver.Imported.
"""

from .. import driver
from .. import trace as torch_trace
from . import emit, slots, trace


class JaxFrontend:
    traced_with = "jaxpr traced with jax.make_jaxpr"
    fit_at_real_sizes = True    # a trace is abstract: real sizes trace as fast as small ones
    # The size constants are the harness's, whichever framework the module imports.
    size_constants = staticmethod(torch_trace.size_constants)
    module_constants = staticmethod(torch_trace.module_constants)
    trace_model = staticmethod(trace.trace_model)
    flatten = staticmethod(slots.flatten)
    unsupported = staticmethod(emit.unsupported)
    first_difference = staticmethod(slots.first_difference)
    slot_locals = staticmethod(slots.slot_locals)
    slot_divisors = staticmethod(slots.slot_divisors)
    describe_slot = staticmethod(slots.describe_slot)
    emit_module = staticmethod(emit.emit_module)


def import_model(path, small=None, entry_sizes="real", log=None):
    return driver.import_model(path, small, entry_sizes, log, frontend=JaxFrontend)

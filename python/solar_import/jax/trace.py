"""Loading a JAX or Flax program at given sizes and tracing it to a flat list of primitives.

Two layouts (the reference harness, python/solar_reference.py, runs the same ones):
- JAX: a module-level `forward(*arrays)` and `get_inputs()`;
- Flax: `class Model(flax.linen.Module)`, `get_inputs()` (the arguments of `__call__`) and
  `get_init_inputs()` (the constructor arguments). The variables come from
  `jax.eval_shape(model.init, PRNGKey(0), *inputs)` (shapes only, nothing is computed) and
  the traced function is `model.apply(variables, *inputs, mutable=True)`: the outputs, and
  every variable whose new value is not the old one (BatchNorm's batch_stats in training
  mode) is a state update written back into its argument, as PyTorch's running statistics.

`trace_model(path, sizes, real_ok)` runs MODEL.py with the size constants set (solar_reference's
substitution), builds the inputs and traces with `jax.make_jaxpr` on abstract values
(ShapeDtypeStruct: real sizes trace as fast as small ones) with jax_enable_x64 off. The call
primitives (pjit, custom_jvp_call, custom_vjp_call, remat, closed_call) are inlined, so the
result is one flat list of `Eqn`s; each records the innermost line of MODEL.py in its jaxpr
source info (an inlined equation without one takes its caller's).

Every failure is an ImportFault with a located message: the module failing, a missing
forward/get_inputs, a trace that needs concrete values (a data-dependent shape or Python
control flow on array values), a captured constant array.
"""

import dataclasses
import enum
import inspect
import os

from ..errors import ImportFault, located, model_line, describe
from ..trace import solar_reference

# Call-like primitives whose body is inlined, with the parameter holding it.
CALLS = {
    "pjit": "jaxpr", "jit": "jaxpr", "closed_call": "call_jaxpr", "core_call": "call_jaxpr",
    "custom_jvp_call": "call_jaxpr", "custom_vjp_call": "call_jaxpr",
    "custom_vjp_call_jaxpr": "fun_jaxpr", "remat2": "jaxpr", "checkpoint": "jaxpr",
}

ELEM = {"float32": "f32", "float64": "f64", "float16": "f16", "bfloat16": "bf16",
        "int64": "i64", "int32": "i32", "int16": "i16", "int8": "i8", "bool": "i1"}


def elem_of(dtype):
    return ELEM.get(str(dtype))


class Lit:
    """A literal operand: a Python number of element type elem."""

    __slots__ = ("value", "elem")

    def __init__(self, value, elem):
        self.value, self.elem = value, elem


class Eqn:
    """One primitive application: prim (its name), ins (var ids or Lit), outs (var ids, None
    for a dropped result), params (plain Python values: ints, floats, strings, tuples,
    dicts), line (in MODEL.py, or None)."""

    __slots__ = ("prim", "ins", "outs", "params", "line")

    def __init__(self, prim, ins, outs, params, line):
        self.prim, self.ins, self.outs, self.params, self.line = prim, ins, outs, params, line


class JaxTrace:
    """sizes: the constants' values; args: [(var id, name)] inputs then state; n_inputs;
    avals: {var id: (shape tuple, elem)}; eqns; outputs: [var id or Lit]; updates:
    [(k, var id or Lit)]: the new value of argument k."""

    def __init__(self, sizes, args, n_inputs, avals, eqns, outputs, updates):
        self.sizes = sizes
        self.args = args
        self.n_inputs = n_inputs
        self.avals = avals
        self.eqns = eqns
        self.outputs = outputs
        self.updates = updates


def _norm(v):
    """A parameter as plain Python values (ints stay ints: fit.py turns them into slots)."""
    if v is None or isinstance(v, (bool, str)):
        return v
    if isinstance(v, enum.Enum):
        return v.name
    if isinstance(v, int) or type(v).__name__ in ("int64", "int32"):
        return int(v)
    if isinstance(v, float):
        return float(v)
    if hasattr(v, "_asdict"):
        return {k: _norm(x) for k, x in v._asdict().items()}
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        return {f.name: _norm(getattr(v, f.name)) for f in dataclasses.fields(v)}
    if isinstance(v, (tuple, list)):
        return tuple(_norm(x) for x in v)
    if elem_of(v) is not None:
        return elem_of(v)
    if hasattr(v, "dtype") and hasattr(v, "shape") and getattr(v, "shape", None) == ():
        return _norm(v.item())
    if type(v).__name__ == "dtype" or "dtype" in type(v).__name__.lower():
        return "dtype:" + str(v)
    return "<%s>" % type(v).__name__


def _user_line(eqn, path):
    tb = getattr(eqn.source_info, "traceback", None)
    if tb is None:
        return None
    for fr in tb.frames:
        if os.path.abspath(fr.file_name) == path:
            return fr.line_num
    return None


class _Flattener:
    """Inlines the call primitives of a jaxpr into one list of Eqn."""

    def __init__(self, path):
        self.shown = path                   # for messages, as the user wrote it
        self.path = os.path.abspath(path)   # to find the model's frames
        self.avals = {}
        self.eqns = []
        self.next_id = 0

    def fresh(self, aval):
        vid = self.next_id
        self.next_id += 1
        self.avals[vid] = (tuple(int(d) for d in aval.shape), elem_of(aval.dtype),
                           str(aval.dtype))
        return vid

    def const(self, value, line):
        import numpy as np
        a = np.asarray(value)
        if a.shape != ():
            raise ImportFault(located(self.shown, line, "the program captures a constant array "
                                      "of shape %s (%s) at trace time; solar-import takes "
                                      "arrays only as inputs (return it from get_inputs(), or "
                                      "build it from jnp.arange or the inputs)"
                                      % (list(a.shape), a.dtype)))
        return Lit(a.item(), elem_of(a.dtype))

    def run(self, jaxpr, consts, args, line=None):
        """Adds jaxpr's equations with its invars bound to args (var ids or Lit); returns its
        outvars as operands."""
        env = {}
        pending = dict(zip(jaxpr.constvars, consts))  # read at first use, located there
        for v, a in zip(jaxpr.invars, args):
            env[v] = a

        def read(v, at=None):
            if type(v).__name__ == "Literal":
                import numpy as np
                return Lit(np.asarray(v.val).item(), elem_of(v.aval.dtype))
            if v in pending:
                env[v] = self.const(pending.pop(v), at or line)
            return env[v]

        for e in jaxpr.eqns:
            eline = _user_line(e, self.path) or line
            ins = [read(v, eline) for v in e.invars]
            name = e.primitive.name
            if name in CALLS and CALLS[name] in e.params:
                sub = e.params[CALLS[name]]
                inner, sub_consts = (sub.jaxpr, sub.consts) if hasattr(sub, "consts") else (sub, [])
                outs = self.run(inner, sub_consts, ins, eline)
                for v, o in zip(e.outvars, outs):
                    if type(v).__name__ != "DropVar":
                        env[v] = o
                continue
            outs = []
            for v in e.outvars:
                vid = self.fresh(v.aval)
                if type(v).__name__ != "DropVar":
                    env[v] = vid
                outs.append(vid)
            params = {k: _norm(p) for k, p in e.params.items()
                      if not (hasattr(p, "eqns") or hasattr(p, "jaxpr") or callable(p))}
            self.eqns.append(Eqn(name, ins, outs, params, eline))
        return [read(v) for v in jaxpr.outvars]


def _fault(path, e, what):
    line = model_line(e, path)
    text = describe(e)
    concrete = ("ConcretizationTypeError", "TracerBoolConversionError",
                "TracerIntegerConversionError", "NonConcreteBooleanIndexError",
                "TracerArrayConversionError")
    if any(c in type(e).__name__ or c in text for c in concrete):
        first = text
        for cut in (" The problem arose", " See https", " The error occurred",
                    " This concrete value"):
            first = first.split(cut)[0]
        return ImportFault(located(path, line, "the forward pass depends on array values (a "
                                   "data-dependent shape or Python control flow on a traced "
                                   "value), which solar-import cannot express: " + first))
    return ImportFault(located(path, line, "%s failed: %s" % (what, text)))


def _call(path, what, fn, *args):
    try:
        return fn(*args)
    except ImportFault:
        raise
    except BaseException as e:
        raise _fault(path, e, what)


def _arg_names(fn, n, skip_self=False):
    try:
        ps = [p.name for p in inspect.signature(fn).parameters.values()
              if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    except (TypeError, ValueError):
        ps = []
    if skip_self and ps and ps[0] == "self":
        ps = ps[1:]
    return [ps[k] if k < len(ps) else "input%d" % k for k in range(n)]


def is_flax(mod):
    return callable(getattr(mod, "Model", None)) and callable(getattr(mod, "get_init_inputs", None))


def trace_model(path, sizes, real_ok=True):
    """A JaxTrace at sizes. A jaxpr is always traced on abstract values, so real_ok (the
    driver's "may this trace cost what running the model does") has nothing to refuse."""
    import jax
    jax.config.update("jax_enable_x64", False)
    try:
        mod, consts = solar_reference.load_model_module(path, sizes)
    except solar_reference.HarnessError as e:
        from ..trace import _harness_fault
        raise _harness_fault(path, e)
    flax = is_flax(mod)
    need = ("Model", "get_inputs", "get_init_inputs") if flax else ("forward", "get_inputs")
    for name in need:
        if not callable(getattr(mod, name, None)):
            raise ImportFault(located(path, None, "the module defines no %s (JAX layout: a "
                                      "forward function and get_inputs(); Flax: class Model, "
                                      "get_inputs(), get_init_inputs())" % name))
    inputs = _call(path, "get_inputs()", mod.get_inputs)
    if not isinstance(inputs, (list, tuple)):
        raise ImportFault(located(path, None, "get_inputs() returned a %s, not a list"
                                  % type(inputs).__name__))
    specs = []
    for i, x in enumerate(inputs):
        if not (hasattr(x, "shape") and hasattr(x, "dtype")):
            raise ImportFault(located(path, None, "get_inputs() item %d is a %s; only array "
                                      "inputs are supported" % (i, type(x).__name__)))
        specs.append(jax.ShapeDtypeStruct(tuple(x.shape), x.dtype))
    n_in = len(specs)
    state_names, state_specs, state_paths = [], [], []
    if flax:
        init = _call(path, "get_init_inputs()", mod.get_init_inputs)
        if not isinstance(init, (list, tuple)):
            raise ImportFault(located(path, None, "get_init_inputs() returned a %s, not a list"
                                      % type(init).__name__))
        model = _call(path, "Model(*get_init_inputs())", mod.Model, *init)
        if not hasattr(model, "init") or not hasattr(model, "apply"):
            raise ImportFault(located(path, None, "Model(...) is a %s, not a flax.linen.Module"
                                      % type(model).__name__))
        shapes = _call(path, "Model.init", jax.eval_shape, model.init, jax.random.PRNGKey(0),
                       *specs)
        leaves, treedef = jax.tree_util.tree_flatten_with_path(shapes)
        for p, leaf in leaves:
            state_paths.append(_path_key(p))
            state_names.append("_".join(_path_key(p)))
            state_specs.append(jax.ShapeDtypeStruct(leaf.shape, leaf.dtype))
        input_names = _arg_names(type(model).__call__, n_in, skip_self=True)

        def fn(*args):
            variables = jax.tree_util.tree_unflatten(treedef, list(args[n_in:]))
            out, new = model.apply(variables, *args[:n_in], mutable=True)
            return out, new
    else:
        input_names = _arg_names(mod.forward, n_in)

        def fn(*args):
            return mod.forward(*args)
    closed, shapes_out = _call(path, "tracing forward", jax.make_jaxpr(fn, return_shape=True),
                               *(specs + state_specs))
    fl = _Flattener(path)
    arg_ids = [fl.fresh(v.aval) for v in closed.jaxpr.invars]
    outs = fl.run(closed.jaxpr, closed.consts, arg_ids)
    out_tree = jax.tree_util.tree_structure(shapes_out)
    updates = []
    if flax:
        out_val, new_val = jax.tree_util.tree_unflatten(out_tree, outs)
        outputs = jax.tree_util.tree_leaves(out_val)
        index = {p: k for k, p in enumerate(state_paths)}
        for p, v in jax.tree_util.tree_flatten_with_path(new_val)[0]:
            k = index.get(_path_key(p))
            if k is not None and v != arg_ids[n_in + k]:
                updates.append((n_in + k, v))
    else:
        outputs = outs
    if not outputs:
        raise ImportFault(located(path, None, "forward returned no arrays"))
    # An empty intermediate (a window larger than its input at these sizes) is a failed
    # trace, so the driver picks larger sizes rather than fit a degenerate program.
    for e in fl.eqns:
        for vid in e.outs:
            if 0 in fl.avals[vid][0]:
                raise ImportFault(located(path, e.line, "jax.%s has an empty result at these "
                                          "sizes (%s)" % (e.prim, ", ".join(
                                              "%s=%d" % kv for kv in sorted((sizes or {}).items())))))
    args = list(zip(arg_ids, list(input_names) + state_names))
    for vid, _ in args:
        if fl.avals[vid][1] is None:
            raise ImportFault(located(path, None, "an argument has unsupported dtype %s"
                                      % fl.avals[vid][2]))
    return JaxTrace(consts, args, n_in, fl.avals, fl.eqns, outputs, updates)


def _path_key(p):
    out = []
    for k in p:
        for attr in ("key", "name", "idx"):
            if hasattr(k, attr):
                out.append(str(getattr(k, attr)))
                break
        else:
            out.append(str(k))
    return tuple(out)

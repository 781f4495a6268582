"""Loading a KernelBench-layout model at given sizes and tracing it to an aten-level fx graph.

`trace_model(path, sizes)` runs MODEL.py with the given size constants set
(solar_reference.load_model_module does the substitution; constants computed from them
follow), builds `Model(*get_init_inputs())` and `get_inputs()` on fake tensors, and traces

    f(*inputs, *state) = functional_call(model, state_dict_names -> state, inputs)

with make_fx under the same fake mode: no memory is allocated and no arithmetic is done, so a
trace at the real sizes costs what one at small sizes does. The graph's placeholders are the
inputs then every state_dict entry in order (parameters and buffers, num_batches_tracked
included: its in-place increment is dropped by the emitter). While tracing, each created fx
node records the innermost line of MODEL.py on the Python stack (node.meta["solar_line"]):
the user's own source line of the op.

Every failure is an ImportFault with a located message: the module body raising, a missing
Model/get_inputs, a constructor or get_inputs() error, a trace failure (data-dependent control
flow or shape, an op fake tensors cannot run).
"""

import ast
import os
import sys

from .errors import ImportFault, located, model_line, describe
from . import leaf_ops

_here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if _here not in sys.path:
    sys.path.insert(0, _here)

import solar_reference  # noqa: E402


class Trace:
    """One trace: graph (fx.Graph), sizes (the constants' values), n_inputs, input_names,
    state_names (state_dict keys, all of them), placeholders (fx nodes, in order), constants
    ({get_attr target: small tensor with known values}: `torch.tensor(0.5)` in forward)."""

    def __init__(self, graph, sizes, n_inputs, input_names, state_names, constants):
        self.graph = graph
        self.sizes = sizes
        self.n_inputs = n_inputs
        self.input_names = input_names
        self.state_names = state_names
        self.nodes = list(graph.nodes)
        self.placeholders = [n for n in self.nodes if n.op == "placeholder"]
        self.constants = constants


# A tensor made in forward from Python values (torch.tensor(0.5): a constant the graph lifts
# with lift_fresh_copy) with at most this many elements becomes constants in the IR.
MAX_CONSTANT_ELEMS = 256


def _constants(gm):
    out = {}
    for node in gm.graph.nodes:
        val = getattr(gm, node.target, None) if node.op == "get_attr" else None
        if hasattr(val, "numel") and not _is_fake(val) and val.numel() <= MAX_CONSTANT_ELEMS \
                and any("lift_fresh" in str(u.target) for u in node.users):
            out[node.target] = val.detach().to("cpu")
    return out


def module_constants(path):
    """{name: value} of every module-level int constant (tuples flattened as NAME_K), in order."""
    try:
        return solar_reference.load_model_module(path)[1]
    except solar_reference.HarnessError as e:
        raise _harness_fault(path, e)


def size_constants(path):
    """{name: value} of the module's size constants, in order: the top-level int constants
    written as literals or constant expressions (`M = 1024 * 2`, `h = w = 128`, tuple
    elements as NAME_K; solar_reference.literal_constants), positive (`hardtanh_min = -2`,
    `extra = 0` are no sizes), that keep that value when the module has run. Constants
    computed from them (`bias_shape = (out_channels, 1, 1)`) follow them and are not sizes of
    their own. A 1 inside a tuple is no size either: it is a broadcast axis, and varying it
    turns the broadcast into an elementwise operation that no trace tells apart when the
    varied value happens to equal the other operand's extent (bias_shape_2 = 8 against a
    convolution's 8 output columns fitted the bias's last axis as the column index)."""
    try:
        _, consts = solar_reference.load_model_module(path)
        literal = solar_reference.literal_constants(path)
        tuples = _tuple_names(path)
    except solar_reference.HarnessError as e:
        raise _harness_fault(path, e)
    return {n: v for n, v in literal
            if v > 0 and consts.get(n) == v and not (v == 1 and n.rsplit("_", 1)[0] in tuples)}


def _tuple_names(path):
    """The names of MODEL.py's top-level tuple and list assignments."""
    out = set()
    for node in solar_reference.parse_model(path).body:
        if isinstance(node, ast.Assign) and isinstance(node.value, (ast.Tuple, ast.List)):
            out.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return out


def _harness_fault(path, e):
    text = str(e)
    line = None
    for ln in text.splitlines():
        ln = ln.strip()
        if ln.startswith("File ") and os.path.basename(path) in ln and ", line " in ln:
            try:
                line = int(ln.split(", line ")[1].split(",")[0])
            except ValueError:
                pass
    first = text.splitlines()[0] if text else "error"
    last = text.strip().splitlines()[-1] if text.strip() else ""
    if first.startswith(path + ":"):
        first = first[len(path) + 1:].lstrip()
        if first.split(":", 1)[0].isdigit():
            line, first = first.split(":", 1)
            first = first.strip()
    msg = first.rstrip(":")
    if last and last != text.splitlines()[0]:
        msg += ": " + last
    return ImportFault(located(path, line, msg))


def _fake_mode():
    from torch._subclasses.fake_tensor import FakeTensorMode
    return FakeTensorMode()


def _build(path, mod, torch):
    """(model, inputs) from get_init_inputs(), Model(...) and get_inputs(); a Python number
    among the inputs is the rank-0 tensor the reference harness passes the IR
    (solar_reference.scalar_tensor). Every failure is a located ImportFault."""
    torch.manual_seed(0)

    def call(what, fn, *args):
        try:
            return fn(*args)
        except ImportFault:
            raise
        except BaseException as e:
            raise ImportFault(located(path, model_line(e, path), "%s failed: %s"
                                      % (what, describe(e))))

    init = call("get_init_inputs()", mod.get_init_inputs)
    if not isinstance(init, (list, tuple)):
        raise ImportFault(located(path, None, "get_init_inputs() returned a %s, not a list"
                                  % type(init).__name__))
    model = call("Model(*get_init_inputs())", mod.Model, *init)
    if not isinstance(model, torch.nn.Module):
        raise ImportFault(located(path, None, "Model(...) is a %s, not a torch.nn.Module"
                                  % type(model).__name__))
    inputs = call("get_inputs()", mod.get_inputs)
    if not isinstance(inputs, (list, tuple)):
        raise ImportFault(located(path, None, "get_inputs() returned a %s, not a list"
                                  % type(inputs).__name__))
    inputs = list(inputs)
    for i, x in enumerate(inputs):
        if solar_reference.is_scalar_input(x):
            inputs[i] = solar_reference.scalar_tensor(torch, x)
        elif not isinstance(x, torch.Tensor):
            raise ImportFault(located(path, None, "get_inputs() item %d is a %s; only tensors and "
                                      "Python numbers are supported" % (i, type(x).__name__)))
    return model, inputs


class _source_lines:
    """While tracing, each fx node records the innermost MODEL.py line on the Python stack
    (node.meta["solar_line"])."""

    def __init__(self, path):
        self.path = path  # the file name the module was compiled with (load_model_module)

    def __enter__(self):
        from torch.fx.experimental import proxy_tensor
        self.cls = proxy_tensor.PythonKeyTracer
        self.orig = self.cls.create_node
        orig, ap = self.orig, self.path

        def create_node(tracer, *a, **k):
            node = orig(tracer, *a, **k)
            f_ = sys._getframe(1)
            while f_ is not None:
                if f_.f_code.co_filename == ap:
                    node.meta["solar_line"] = f_.f_lineno
                    break
                f_ = f_.f_back
            return node

        self.cls.create_node = create_node
        return self

    def __exit__(self, *exc):
        self.cls.create_node = self.orig
        return False


def _make_fx(path, f, args, mode):
    """make_fx(f)(*args) at the aten level: under mode (the fake mode the arguments were
    made in), or, for a model built for real, with make_fx's own fake tensors (a model
    holding plain tensors as attributes, an RNN's h0, cannot run on those in torch 1.13: it is
    traced for real; its sizes are small). A failure is a located ImportFault."""
    from torch.fx.experimental import proxy_tensor
    try:
        if mode is not None:
            with mode:
                return proxy_tensor.make_fx(f, tracing_mode="real")(*args)
        try:
            return proxy_tensor.make_fx(f, tracing_mode="fake")(*args)
        except Exception as e:
            if "non-Fake Tensor inputs" not in str(e):
                raise
            return proxy_tensor.make_fx(f, tracing_mode="real")(*args)
    except ImportFault:
        raise
    except BaseException as e:
        line = model_line(e, path)
        msg = describe(e)
        if "data-dependent" in msg or "DynamicOutputShape" in msg or "item()" in msg or \
                "aten._local_scalar_dense" in msg:
            msg = "the forward pass cannot be traced (data-dependent control flow or a " \
                  "data-dependent shape): " + msg
        else:
            msg = "tracing forward failed: " + msg
        raise ImportFault(located(path, line, msg))


def _traced(path, model, inputs, mode):
    """(graph module, state_dict names): f(*inputs, *state) traced at the aten level, the
    recurrent layers as one node each (leaf_ops.py)."""
    from torch.nn.utils import stateless
    state = list(model.state_dict(keep_vars=True).items())
    names = [k for k, _ in state]
    n_in = len(inputs)

    def f(*args):
        with stateless._reparametrize_module(model, dict(zip(names, args[n_in:]))):
            leaf_ops.refresh_flat_weights(model)
            return model(*args[:n_in])

    for _, v in state:  # no autograd in the graph (cheaper than detach() on fake tensors)
        v.requires_grad_(False)
    with _source_lines(path), leaf_ops.recurrent_leaves():
        gm = _make_fx(path, f, inputs + [v for _, v in state], mode)
    if mode is not None and any(_is_fake(getattr(gm, n.target, None))
                                for n in gm.graph.nodes if n.op == "get_attr"):
        # A plain tensor attribute (an RNN's self.hidden) built on fake tensors: make_fx
        # captures it as a constant it cannot trace through. Built for real, it traces.
        raise ImportFault(located(path, None, "a tensor attribute built on fake tensors"))
    return gm, names


def _is_fake(t):
    from torch._subclasses.fake_tensor import FakeTensor
    return isinstance(t, FakeTensor)


def trace_model(path, sizes, real_ok=True):
    """The Trace of MODEL.py at sizes. The model and its inputs are built on fake tensors (no
    memory, no arithmetic: a trace at the real sizes costs what one at small sizes does);
    a model whose construction needs real values (an `.item()` in __init__) is built for real
    when real_ok, else the trace fails with a located ImportFault."""
    import torch

    try:
        mod, consts = solar_reference.load_model_module(path, sizes)
    except solar_reference.HarnessError as e:
        raise _harness_fault(path, e)
    for name in ("Model", "get_inputs", "get_init_inputs"):
        if not callable(getattr(mod, name, None)):
            raise ImportFault(located(path, None, "the module defines no %s (KernelBench layout: "
                                      "class Model, get_inputs(), get_init_inputs())" % name))
    mode = _fake_mode()
    try:
        with mode:
            model, inputs = _build(path, mod, torch)
        gm, names = _traced(path, model, inputs, mode)
    except ImportFault:
        # Built for real, make_fx fakes the values itself: a constructor that needs real
        # values (an `.item()`), a forward that makes CPU tensors the shared fake mode cannot
        # mix with its own (nn.TransformerEncoder in torch 1.13).
        if not real_ok:
            raise
        model, inputs = _build(path, mod, torch)
        gm, names = _traced(path, model, inputs, None)
    n_in = len(inputs)
    # Fake tensors let some impossible sizes through (a kernel larger than the padded input
    # gives an empty output instead of an error): an empty intermediate is a failed trace.
    for node in gm.graph.nodes:
        tm = node.meta.get("tensor_meta")
        if node.op == "call_function" and hasattr(tm, "shape") and 0 in tuple(tm.shape) and \
                "empty" not in str(node.target):
            raise ImportFault(located(path, node.meta.get("solar_line"),
                                      "%s has an empty result at these sizes (%s)" % (
                                          node.target, ", ".join("%s=%d" % kv for kv in
                                                                 sorted((sizes or {}).items())))))
    input_names = solar_reference._forward_arg_names(model, n_in)
    return Trace(gm.graph, consts, n_in, input_names, names, _constants(gm))


def batch_stat_samples(trace):
    """The fewest samples per channel that a training-mode BatchNorm of the trace normalises
    over (batch times spatial extent), or None when it has none."""
    from .fit import _shapes_of
    counts = []
    for n in trace.nodes:
        if str(n.target) != "aten.native_batch_norm.default" or len(n.args) < 6 or \
                not n.args[5] or not hasattr(n.args[0], "meta"):
            continue
        shape = (_shapes_of(n.args[0]) or [()])[0]
        if len(shape) >= 2 and shape[1]:
            total = 1
            for d in shape:
                total *= d
            counts.append(total // shape[1])
    return min(counts) if counts else None


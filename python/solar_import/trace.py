"""Loading a KernelBench-layout model at given sizes and tracing it to an aten-level fx graph.

`trace_model(path, sizes)` runs MODEL.py with every module-level size constant set as given
(solar_reference.load_model_module does the substitution), seeds torch with 0, builds
`Model(*get_init_inputs())` and `get_inputs()`, and traces

    f(*inputs, *state) = functional_call(model, state_dict_names -> state, inputs)

with make_fx (tracing_mode="fake": no arithmetic is done, so any size traces quickly), so the
graph's placeholders are the inputs then every state_dict entry in order (parameters and
buffers, num_batches_tracked included: its in-place increment is dropped by the emitter).
While tracing, each created fx node records the innermost line of MODEL.py on the Python stack
(node.meta["solar_line"]): the user's own source line of the op.

Every failure is an ImportFault with a located message: the module body raising, a missing
Model/get_inputs, a constructor or get_inputs() error, a trace failure (data-dependent control
flow, an op fake tensors cannot run).
"""

import os
import sys
import traceback

from .errors import ImportFault, located, model_line, describe

_here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if _here not in sys.path:
    sys.path.insert(0, _here)

import solar_reference  # noqa: E402


class Trace:
    """One trace: graph (fx.Graph), sizes (the constants' values), n_inputs, input_names,
    state_names (state_dict keys, all of them), placeholders (fx nodes, in order)."""

    def __init__(self, graph, sizes, n_inputs, input_names, state_names, outputs_meta):
        self.graph = graph
        self.sizes = sizes
        self.n_inputs = n_inputs
        self.input_names = input_names
        self.state_names = state_names
        self.nodes = list(graph.nodes)
        self.placeholders = [n for n in self.nodes if n.op == "placeholder"]
        self.outputs_meta = outputs_meta


def module_constants(path):
    """{name: value} of the module-level int constants (tuples flattened as NAME_K), in order."""
    try:
        _, consts = solar_reference.load_model_module(path)
    except solar_reference.HarnessError as e:
        raise _harness_fault(path, e)
    return consts


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


def trace_model(path, sizes):
    import torch
    from torch.fx.experimental import proxy_tensor
    from torch.nn.utils import stateless

    try:
        mod, consts = solar_reference.load_model_module(path, sizes)
    except solar_reference.HarnessError as e:
        raise _harness_fault(path, e)
    for name in ("Model", "get_inputs", "get_init_inputs"):
        if not callable(getattr(mod, name, None)):
            raise ImportFault(located(path, None, "the module defines no %s (KernelBench layout: "
                                      "class Model, get_inputs(), get_init_inputs())" % name))
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
        if not isinstance(x, torch.Tensor):
            raise ImportFault(located(path, None, "get_inputs() item %d is a %s; only tensor "
                                      "inputs are supported" % (i, type(x).__name__)))
    state = list(model.state_dict(keep_vars=True).items())
    names = [k for k, _ in state]
    n_in = len(inputs)

    def f(*args):
        st = dict(zip(names, args[n_in:]))
        return stateless.functional_call(model, st, tuple(args[:n_in]))

    ap = os.path.abspath(path)
    orig = proxy_tensor.PythonKeyTracer.create_node

    def create_node(self, *a, **k):
        node = orig(self, *a, **k)
        f_ = sys._getframe(1)
        while f_ is not None:
            if os.path.abspath(f_.f_code.co_filename) == ap:
                node.meta["solar_line"] = f_.f_lineno
                break
            f_ = f_.f_back
        return node

    proxy_tensor.PythonKeyTracer.create_node = create_node
    try:
        args = inputs + [v.detach() for _, v in state]
        gm = proxy_tensor.make_fx(f, tracing_mode="fake")(*args)
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
    finally:
        proxy_tensor.PythonKeyTracer.create_node = orig
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
    return Trace(gm.graph, consts, n_in, input_names, names, None)

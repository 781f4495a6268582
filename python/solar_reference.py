#!/usr/bin/python3
"""Reference outputs of a KernelBench-style PyTorch model, as .npy files for solar-run.

    solar_reference.py MODEL.py --out DIR [--sizes N=4,M=8 | --scale-to 16 [--variant K]]
                       [--seed S] [--inputs signed|as-is] [--device cpu|cuda]
    solar_reference.py MODEL.py --out DIR --float64-of REFDIR     (solar_float64.py)

MODEL.py is a KernelBench-style module: module-level integer size constants (`batch_size = 16`),
`class Model(nn.Module)`, `get_inputs()` (the forward inputs, built from the constants at call
time) and `get_init_inputs()` (the constructor arguments). The harness

  1. parses MODEL.py, replaces the right-hand side of every top-level assignment to a name given
     in --sizes by that value (so constants derived from it follow), and runs it as a module.
     A tuple or list constant of ints, `input_shape = (3, 224)`, is the size constants
     `input_shape_0` and `input_shape_1` (the names solar-translate gives the IR's index
     arguments), and `--sizes input_shape_1=8` replaces one element. `--scale-to 16` picks the
     sizes itself: every constant written as an int literal or a constant expression of them
     (`M = 1024 * 2`, also as a tuple element) above 16 gets a small value, distinct from the
     others where it can and dividing the original where it can (so `embed_dim // num_heads`
     still works); if the model fails at those sizes, each gets
     its largest divisor up to 16 instead. `--variant 1` picks a second, different set (to
     catch a translation that hardcodes the first);
  2. seeds torch (and random, numpy) with --seed, builds `Model(*get_init_inputs())`, draws the
     inputs with get_inputs() and, with --inputs signed (the default), replaces every floating
     tensor by uniform [-1, 1) data of the same shape and dtype (integer and bool inputs are kept);
  3. perturbs the model state so that zero biases and unit weights are not trivially passed:
     every floating parameter gets p += 0.1 * randn, BatchNorm-style `running_var` buffers become
     uniform [0.5, 1.5) and `running_mean` buffers 0.1 * randn; `num_batches_tracked` and other
     buffers (masks, tables) are left alone;
  4. runs forward under torch.no_grad() WITHOUT model.eval() (KernelBench convention: BatchNorm
     uses batch statistics and updates its running buffers);
  5. writes into DIR
       in0.npy, in1.npy, ...   the forward inputs, then the state_dict entries (parameters and
                               buffers in registration order, skipping num_batches_tracked): the
                               order of the memref arguments of the IR's @forward;
       out0.npy, ...           the outputs of forward (a tensor, or a tuple/list of tensors);
       state<k>.npy            the new value of in<k>.npy when forward changed it in place (a
                               BatchNorm running statistic, an input changed by an in-place op);
       sizes.json              {"sizes": {every module-level int constant, after --sizes},
                                "inputs": [{"file", "name", "role", "shape", "dtype"}, ...],
                                "outputs": [...], "state": [...], "seed", "input_mode", "model"}.
     Arrays are little-endian in their own dtype ('<f4', '<f8', '<f2', '<i8', '|b1', ...);
     bfloat16 is the structured dtype [('bf16', '<u2')] holding the raw bits.

     sizes.json ends with "original_sizes" (the constants as MODEL.py writes them) and
     "framework" ("torch" or "jax").

JAX: a file that imports jax (or flax, haiku, optax) is a JAX model: a module-level `forward`
function and `get_inputs()` (its arguments: arrays, floating ones replaced by uniform [-1, 1)
data as above). in*.npy are the inputs in order, out*.npy the outputs; there is no state. A
Flax module (`class Model(nn.Module)`, `get_inputs()`, `get_init_inputs()`) is initialised
with `Model(*get_init_inputs()).init(PRNGKey(seed), *inputs)`, its variables perturbed as in
step 3 (params += 0.1 * randn; batch_stats `var` uniform [0.5, 1.5), `mean` 0.1 * randn) and
run with `apply(variables, *inputs, mutable=True)`: in*.npy are the inputs, then the
variables in tree order (named by their path joined with '_': params_Dense_0_kernel), and a
variable the call changed (batch_stats in training mode) is written as state<k>.npy. It
needs jax importable by this Python; JAX is not a Debian package, so where it is missing the
error says so (solar-translate then validates with --reference DIR instead).

Exit status: 0 on success, 2 on bad usage (bad flags, unreadable MODEL.py, a --sizes name that is
not a module-level int constant), 1 when the model itself is at fault (syntax error, missing
Model/get_inputs/get_init_inputs, an exception while building or running it, JAX code without
jax installed, outputs that are not tensors).

Importable: `run_reference(model_path, out_dir, sizes=None, seed=0, inputs="signed",
device="cpu")` does the same and returns the sizes.json dictionary; it raises UsageError or
ModelError (both HarnessError, with .exit_code) instead of exiting. Needs numpy and torch
(Debian python3-numpy python3-torch under /usr/bin/python3); they are imported on first use.
"""

import argparse
import ast
import copy
import json
import os
import random
import re
import sys
import traceback
import types

PROG = "solar_reference.py"


class HarnessError(Exception):
    """An error with a message meant for the user; exit_code is what the CLI exits with."""

    exit_code = 1


class UsageError(HarnessError):
    exit_code = 2


class ModelError(HarnessError):
    exit_code = 1


def _import_numpy_torch():
    try:
        import numpy as np
        import torch
    except ImportError as e:
        raise UsageError(
            "%s needs numpy and torch (%s); run it with /usr/bin/python3 "
            "(Debian python3-numpy, python3-torch)" % (PROG, e)
        )
    return np, torch


# ---------------------------------------------------------------------------------------------
# --sizes parsing


def parse_sizes(text_list):
    """`["N=4,M=8", "K=2"]` -> {"N": 4, "M": 8, "K": 2} (later flags win). UsageError on bad text."""
    sizes = {}
    for text in text_list or []:
        for item in text.split(","):
            item = item.strip()
            if not item:
                continue
            name, eq, value = item.partition("=")
            name, value = name.strip(), value.strip()
            if not eq or not name.isidentifier():
                raise UsageError("--sizes: expected NAME=INT, got '%s'" % item)
            try:
                sizes[name] = int(value, 0)
            except ValueError:
                raise UsageError("--sizes: value of '%s' is not an integer: '%s'" % (name, value))
    return sizes


# ---------------------------------------------------------------------------------------------
# Loading the model file


def _top_level_targets(node):
    """Names bound by a top-level assignment statement (Name targets only, tuples unpacked)."""
    targets = []
    if isinstance(node, ast.Assign):
        raw = node.targets
    elif isinstance(node, (ast.AnnAssign, ast.AugAssign)):
        raw = [node.target]
    else:
        return targets

    def walk(t):
        if isinstance(t, ast.Name):
            targets.append(t.id)
        elif isinstance(t, (ast.Tuple, ast.List)):
            for e in t.elts:
                walk(e)

    for t in raw:
        walk(t)
    return targets


JAX_ROOTS = ("jax", "flax", "haiku", "optax")


def model_framework(tree):
    """("jax", line, module) when the parsed file imports JAX (or flax, haiku, optax), else
    ("torch", None, None). solar-translate makes the same decision from the imports."""
    for node in ast.walk(tree):
        mods = []
        if isinstance(node, ast.Import):
            mods = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            mods = [node.module]
        for m in mods:
            if m.split(".")[0] in JAX_ROOTS:
                return "jax", node.lineno, m
    return "torch", None, None


def _int_tuple(v):
    """True for a tuple or list of ints (not bools): its elements are size constants."""
    return isinstance(v, (tuple, list)) and all(
        isinstance(e, int) and not isinstance(e, bool) for e in v)


class _Override:
    """Called from the rewritten module as `name = __solar_size__("name", <original expr>)`.
    sizes: whole int constants; elems: {tuple constant: {index: value}}."""

    def __init__(self, path, sizes, elems):
        self.path = path
        self.sizes = sizes
        self.elems = elems
        self.seen = set()

    def __call__(self, name, original):
        if name in self.sizes:
            if not isinstance(original, int) or isinstance(original, bool):
                raise UsageError(
                    "%s: --sizes %s=%d: '%s' is a module-level %s, not an int constant"
                    % (self.path, name, self.sizes[name], name, type(original).__name__)
                )
            self.seen.add(name)
            return self.sizes[name]
        values = list(original) if _int_tuple(original) else None
        for k, v in sorted(self.elems[name].items()):
            elem = "%s_%d" % (name, k)
            if values is None or k >= len(values):
                raise UsageError(
                    "%s: --sizes %s=%d: '%s' is not element %d of a module-level tuple of ints"
                    % (self.path, elem, v, name, k))
            values[k] = v
            self.seen.add(elem)
        return type(original)(values)


def _split_sizes(sizes, assigned):
    """Splits --sizes into whole constants and tuple elements (`input_shape_1` -> element 1 of
    `input_shape`), leaving unknown names among the whole ones."""
    whole, elems = {}, {}
    for n, v in sizes.items():
        m = re.fullmatch(r"(.+)_(0|[1-9][0-9]*)", n)
        if n not in assigned and m and m.group(1) in assigned:
            elems.setdefault(m.group(1), {})[int(m.group(2))] = v
        else:
            whole[n] = v
    return whole, elems


def _constant_value(e):
    """True when e is an int constant expression or a tuple/list of them (constant_int)."""
    if isinstance(e, (ast.Tuple, ast.List)):
        return bool(e.elts) and all(constant_int(x) is not None for x in e.elts)
    return constant_int(e) is not None


def _split_constant_assignments(tree):
    """`h = w = 128` and `h, w = 128, 128` become `h = 128` and `w = 128` (each at the
    statement's line), so each name is a size constant of its own that --sizes can set; only
    when the right-hand side is int constants, where the order of evaluation cannot matter."""
    body = []
    for node in tree.body:
        pairs = None
        if isinstance(node, ast.Assign) and _constant_value(node.value):
            if len(node.targets) > 1 and all(isinstance(t, ast.Name) for t in node.targets):
                pairs = [(t, node.value) for t in node.targets]
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and \
                isinstance(node.targets[0], (ast.Tuple, ast.List)) and \
                isinstance(node.value, (ast.Tuple, ast.List)):
            names, values = node.targets[0].elts, node.value.elts
            if len(names) == len(values) and all(isinstance(t, ast.Name) for t in names) and \
                    all(_constant_value(v) for v in values):
                pairs = list(zip(names, values))
        if pairs is None:
            body.append(node)
            continue
        for target, value in pairs:
            one = ast.Assign(targets=[ast.Name(id=target.id, ctx=ast.Store())],
                             value=copy.deepcopy(value))
            body.append(ast.copy_location(one, node))
    tree.body = body
    return tree


def parse_model(path):
    """MODEL.py parsed, with constant assignments split (_split_constant_assignments).
    UsageError when it cannot be read, ModelError on a syntax error."""
    try:
        with open(path, "r", encoding="utf-8") as f:
            source = f.read()
    except OSError as e:
        raise UsageError("%s: cannot read model file: %s" % (path, e.strerror or e))
    try:
        tree = ast.parse(source, filename=path)
    except SyntaxError as e:
        raise ModelError("%s:%s: syntax error: %s" % (path, e.lineno, e.msg))
    return _split_constant_assignments(tree)


def _install_polyfills():
    """torch functions newer than the installed torch (solar_polyfill.py), so the reference,
    the importer and solar_measure run one definition of each."""
    try:
        import torch  # noqa: F401
    except ImportError:
        return  # _import_numpy_torch reports it
    # Beside this file, whichever sys.path the caller has (a test may load this file by path).
    import importlib.util
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "solar_polyfill.py")
    spec = importlib.util.spec_from_file_location("solar_polyfill", here)
    polyfill = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(polyfill)
    polyfill.install()


def load_model_module(path, sizes=None, framework=None):
    """Runs MODEL.py as a fresh module with the --sizes overrides applied; returns
    (module, {size constant: value} in definition order, tuple elements flattened). framework,
    when given, receives model_framework()'s answer in framework[0]."""
    sizes = dict(sizes or {})
    tree = parse_model(path)
    kind = model_framework(tree)
    if framework is not None:
        framework[:] = [kind]
    if kind[0] == "torch":
        _install_polyfills()

    assigned = []
    for node in tree.body:
        for name in _top_level_targets(node):
            if name not in assigned:
                assigned.append(name)
    whole, elems = _split_sizes(sizes, assigned)

    # Top-level simple assignments, in order; the ones named in --sizes get their right-hand
    # side wrapped so the original value is still evaluated (and type-checked) but replaced.
    for node in tree.body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            names = _top_level_targets(node)
            simple = all(isinstance(t, ast.Name) for t in
                         (node.targets if isinstance(node, ast.Assign) else [node.target]))
            hit = [n for n in names if n in whole or n in elems]
            if hit and not simple:
                raise UsageError(
                    "%s:%d: --sizes %s: '%s' is assigned by tuple unpacking; only `%s = <int>` "
                    "can be overridden" % (path, node.lineno, hit[0], hit[0], hit[0])
                )
            if hit:
                if len(set(hit)) != 1 or len(names) != len(hit):
                    raise UsageError(
                        "%s:%d: --sizes %s: chained assignment to several names cannot be "
                        "overridden" % (path, node.lineno, hit[0])
                    )
                call = ast.Call(
                    func=ast.Name(id="__solar_size__", ctx=ast.Load()),
                    args=[ast.Constant(value=hit[0]), node.value],
                    keywords=[],
                )
                node.value = ast.copy_location(call, node.value)
    missing = [n for n in whole if n not in assigned]
    if missing:
        raise UsageError(
            "%s: --sizes %s: no module-level constant named '%s' (names assigned at module level: %s)"
            % (path, missing[0], missing[0], ", ".join(assigned) or "none")
        )
    ast.fix_missing_locations(tree)

    override = _Override(path, whole, elems)
    mod = types.ModuleType("solar_model_" + os.path.splitext(os.path.basename(path))[0])
    mod.__file__ = os.path.abspath(path)
    mod.__dict__["__solar_size__"] = override
    model_dir = os.path.dirname(os.path.abspath(path))
    sys.modules[mod.__name__] = mod
    sys.path.insert(0, model_dir)
    try:
        code = compile(tree, path, "exec")
        exec(code, mod.__dict__)
    except HarnessError:
        raise
    except BaseException as e:
        raise ModelError("%s: error while running the module body:\n%s" % (path, _format_exc(e, path)))
    finally:
        if sys.path and sys.path[0] == model_dir:
            del sys.path[0]
    not_seen = [n for n in sizes if n not in override.seen]
    if not_seen:  # only assigned inside something that never ran, or deleted later
        raise UsageError("%s: --sizes %s: '%s' is not a module-level int constant"
                         % (path, not_seen[0], not_seen[0]))
    del mod.__dict__["__solar_size__"]
    constants = {}
    for n in assigned:
        v = mod.__dict__.get(n)
        if n.startswith("_") or isinstance(v, bool):
            continue
        if isinstance(v, int):
            constants[n] = v
        elif _int_tuple(v) and v:
            for k, e in enumerate(v):
                constants.setdefault("%s_%d" % (n, k), e)
    for n in sizes:
        if constants.get(n) != sizes[n]:
            raise UsageError("%s: --sizes %s: the module reassigns '%s' after its constant "
                             "definition; it is not a plain int constant" % (path, n, n))
    return mod, constants


_CONST_OPS = {
    ast.Add: lambda a, b: a + b,
    ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b,
    ast.FloorDiv: lambda a, b: a // b,
    ast.Mod: lambda a, b: a % b,
    ast.Pow: lambda a, b: a ** b,
    ast.LShift: lambda a, b: a << b,
    ast.RShift: lambda a, b: a >> b,
}


def constant_int(e):
    """The value of an int constant expression (`1024`, `1024 * 2`, `4 * 1024`, `2 ** 12`,
    `-(8 << 10)`): int literals under + - * // % ** << >> and unary +/-, or None for anything
    else (a name, a float, a call, a value out of int64 or an undefined operation)."""
    if isinstance(e, ast.Constant):
        return e.value if type(e.value) is int else None
    if isinstance(e, ast.UnaryOp) and isinstance(e.op, (ast.USub, ast.UAdd)):
        v = constant_int(e.operand)
        return None if v is None else (-v if isinstance(e.op, ast.USub) else v)
    if isinstance(e, ast.BinOp) and type(e.op) in _CONST_OPS:
        a, b = constant_int(e.left), constant_int(e.right)
        if a is None or b is None:
            return None
        if isinstance(e.op, (ast.FloorDiv, ast.Mod)) and b == 0:
            return None
        if isinstance(e.op, (ast.Pow, ast.LShift, ast.RShift)) and not 0 <= b <= 64:
            return None
        v = _CONST_OPS[type(e.op)](a, b)
        return v if -(1 << 63) <= v < (1 << 63) else None
    return None


def literal_constants(path):
    """[(name, value)]: the top-level `name = <int>` (and `name = (<int>, ...)`, as name_0,
    name_1, ...) assignments of MODEL.py in order, where <int> is a literal or a constant
    expression of literals (`M = 1024 * 2`, constant_int): the sizes --scale-to may change.
    Constants computed from others (`hidden = features * 2`) follow them and are not listed."""
    tree = parse_model(path)
    out, seen = [], set()
    for node in tree.body:
        if not isinstance(node, (ast.Assign, ast.AnnAssign)) or node.value is None:
            continue
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        if len(targets) != 1 or not isinstance(targets[0], ast.Name):
            continue
        name = targets[0].id
        if name.startswith("_") or name in seen:
            continue
        seen.add(name)
        v = constant_int(node.value)
        if v is not None:
            out.append((name, v))
        elif isinstance(node.value, (ast.Tuple, ast.List)) and node.value.elts:
            # (batch_size, 3, 224, 224): the literal elements are sizes, the others follow
            vals = [constant_int(e) for e in node.value.elts]
            out.extend(("%s_%d" % (name, k), x) for k, x in enumerate(vals) if x is not None)
    return out


def scaled_sizes(path, limit=16, variant=0, safe=False):
    """The --scale-to choice: {name: small value} for every literal constant above limit.
    Each gets a value in [3, limit] that divides the original where one does (so that
    `embed_dim // num_heads` still divides), distinct from the other constants where it can
    (so a transposed index cannot hide behind equal sizes); variant k avoids the value variant
    k - 1 gave each constant, so the two sets differ. safe: each gets its largest divisor <= limit (or
    limit), the fallback when the model rejects the distinct choice."""
    lits = literal_constants(path)
    used = set(v for _, v in lits if v <= limit)
    avoid = scaled_sizes(path, limit, variant - 1) if variant > 0 and not safe else {}
    out = {}
    for name, v in lits:
        if v <= limit:
            continue
        divs = [d for d in range(limit, 2, -1) if v % d == 0]
        if safe:
            out[name] = divs[0] if divs else limit
            continue
        prefs = divs + [d for d in range(limit, 2, -1) if d not in divs]
        prefs = [d for d in prefs if d != avoid.get(name)] or prefs
        pick = next((d for d in prefs if d not in used), prefs[0])
        used.add(pick)
        out[name] = pick
    return out


def model_caller(path, what_suffix=""):
    """call(what, fn, *args): fn(*args), an exception of the model's code (not a HarnessError)
    becoming a ModelError `PATH: WHAT failed<what_suffix>:` with its frames in the model file."""
    def call(what, fn, *args):
        try:
            return fn(*args)
        except HarnessError:
            raise
        except BaseException as e:
            raise ModelError("%s: %s failed%s:\n%s"
                             % (path, what, what_suffix, _format_exc(e, path)))
    return call


def _format_exc(e, path):
    """The traceback frames inside the model file (all frames if none are), plus the error."""
    tb = traceback.extract_tb(e.__traceback__)
    mine = [fr for fr in tb if os.path.abspath(fr.filename) == os.path.abspath(path)]
    lines = traceback.format_list(mine or tb[-3:])
    lines += traceback.format_exception_only(type(e), e)
    return "".join(lines).rstrip()


# ---------------------------------------------------------------------------------------------
# Saving arrays


def _dtype_name(torch, dt):
    names = {
        torch.float32: "float32", torch.float64: "float64", torch.float16: "float16",
        torch.bfloat16: "bfloat16", torch.int64: "int64", torch.int32: "int32",
        torch.int16: "int16", torch.int8: "int8", torch.uint8: "uint8", torch.bool: "bool",
    }
    return names.get(dt)


def tensor_to_numpy(t):
    """A CPU, contiguous, little-endian numpy copy of t; bfloat16 as [('bf16', '<u2')] bits."""
    np, torch = _import_numpy_torch()
    t = t.detach().to("cpu").contiguous()
    if t.dtype == torch.bfloat16:
        bits = t.view(torch.int16).numpy().view("<u2")
        # np.array, not np.ascontiguousarray: the latter turns a 0-d array into shape (1,).
        return np.array(bits, order="C").view(np.dtype([("bf16", "<u2")]))
    if _dtype_name(torch, t.dtype) is None:
        raise ModelError("tensors of dtype %s are not supported" % t.dtype)
    a = t.numpy()
    if a.dtype.byteorder == ">":
        a = a.astype(a.dtype.newbyteorder("<"))
    return np.array(a, order="C")


def _save(np, out_dir, fname, t):
    np.save(os.path.join(out_dir, fname), tensor_to_numpy(t), allow_pickle=False)


# ---------------------------------------------------------------------------------------------
# The run


def _forward_arg_names(model, n):
    import inspect

    try:
        params = list(inspect.signature(model.forward).parameters.values())
    except (TypeError, ValueError):
        params = []
    names = []
    for p in params:
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
            names.append(p.name)
        else:
            break
    return [names[i] if i < len(names) else "input%d" % i for i in range(n)]


def is_scalar_input(x):
    """A Python int or float among get_inputs() (not a bool): @forward reads it as a rank-0
    memref (f32 for a float, i64 for an int), written as a 0-d .npy array."""
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def scalar_tensor(torch, x):
    """The rank-0 tensor a Python number input is passed to the IR as."""
    return torch.tensor(x, dtype=torch.float32 if isinstance(x, float) else torch.int64)


def _flatten_outputs(out, path):
    _, torch = _import_numpy_torch()
    if isinstance(out, torch.Tensor):
        return [out]
    if isinstance(out, (tuple, list)):
        flat = []
        for o in out:
            flat.extend(_flatten_outputs(o, path))
        return flat
    raise ModelError("%s: forward returned a %s; expected a tensor or a tuple/list of tensors"
                     % (path, type(out).__name__))


def run_reference(model_path, out_dir, sizes=None, seed=0, inputs="signed", device="cpu"):
    """Runs the model and writes DIR/in*.npy, out*.npy, state*.npy, sizes.json; returns the
    sizes.json dictionary. Raises UsageError / ModelError."""
    if inputs not in ("signed", "as-is"):
        raise UsageError("--inputs must be 'signed' or 'as-is', not '%s'" % inputs)
    if read_framework(model_path)[0] == "jax":
        return _run_jax_reference(model_path, out_dir, sizes, seed, inputs, device)
    np, torch = _import_numpy_torch()
    if device != "cpu" and not (device.startswith("cuda") and torch.cuda.is_available()):
        raise UsageError("--device %s is not available here (use cpu)" % device)
    mod, constants = load_model_module(model_path, sizes)
    for name in ("Model", "get_inputs", "get_init_inputs"):
        if not callable(getattr(mod, name, None)):
            raise ModelError("%s: the module defines no %s (KernelBench layout: class Model, "
                             "get_inputs(), get_init_inputs())" % (model_path, name))
    try:
        os.makedirs(out_dir, exist_ok=True)
    except OSError as e:
        raise UsageError("--out %s: cannot create directory: %s" % (out_dir, e.strerror or e))

    random.seed(seed)
    np.random.seed(seed % (2 ** 32))
    torch.manual_seed(seed)

    call = model_caller(model_path)

    init_inputs = call("get_init_inputs()", mod.get_init_inputs)
    if not isinstance(init_inputs, (list, tuple)):
        raise ModelError("%s: get_init_inputs() returned a %s, not a list"
                         % (model_path, type(init_inputs).__name__))
    model = call("Model(*get_init_inputs())", mod.Model, *init_inputs)
    if not isinstance(model, torch.nn.Module):
        raise ModelError("%s: Model(...) is a %s, not a torch.nn.Module"
                         % (model_path, type(model).__name__))
    fwd_inputs = call("get_inputs()", mod.get_inputs)
    if not isinstance(fwd_inputs, (list, tuple)):
        raise ModelError("%s: get_inputs() returned a %s, not a list"
                         % (model_path, type(fwd_inputs).__name__))
    fwd_inputs = list(fwd_inputs)
    call_inputs = list(fwd_inputs)  # what forward gets: a Python number stays one
    for i, x in enumerate(fwd_inputs):
        if is_scalar_input(x):
            fwd_inputs[i] = scalar_tensor(torch, x)
            continue
        if not isinstance(x, torch.Tensor):
            raise ModelError("%s: get_inputs() item %d is a %s; only tensors and Python numbers "
                             "are supported" % (model_path, i, type(x).__name__))
        if x.dtype.is_complex or _dtype_name(torch, x.dtype) is None:
            raise ModelError("%s: get_inputs() item %d has unsupported dtype %s"
                             % (model_path, i, x.dtype))
        if inputs == "signed" and x.dtype.is_floating_point:
            u = torch.rand(x.shape, dtype=torch.float32) * 2.0 - 1.0
            fwd_inputs[i] = call_inputs[i] = u.to(x.dtype)

    # Perturb the state so that a kernel that ignores a bias or a weight cannot pass.
    with torch.no_grad():
        for name, p in model.named_parameters():
            if p.dtype.is_floating_point:
                p.add_((0.1 * torch.randn(p.shape, dtype=torch.float32)).to(p.dtype))
        for name, b in model.named_buffers():
            leaf = name.rsplit(".", 1)[-1]
            if not b.dtype.is_floating_point:
                continue
            if leaf == "running_var":
                b.copy_((torch.rand(b.shape, dtype=torch.float32) + 0.5).to(b.dtype))
            elif leaf == "running_mean":
                b.copy_((0.1 * torch.randn(b.shape, dtype=torch.float32)).to(b.dtype))

    state = [(k, v) for k, v in model.state_dict(keep_vars=True).items()
             if k.rsplit(".", 1)[-1] != "num_batches_tracked"]
    for k, v in state:
        if _dtype_name(torch, v.dtype) is None:
            raise ModelError("%s: state entry %s has unsupported dtype %s" % (model_path, k, v.dtype))
    before = [v.detach().clone() for _, v in state]

    model = model.to(device)
    # forward may change its inputs in place: it gets copies.
    dev_inputs = [x.clone().to(device) if isinstance(x, torch.Tensor) else x for x in call_inputs]
    with torch.no_grad():
        out = call("forward", model, *dev_inputs)
    outputs = _flatten_outputs(out, model_path)
    if not outputs:
        raise ModelError("%s: forward returned no tensors" % model_path)
    for i, o in enumerate(outputs):
        if _dtype_name(torch, o.dtype) is None:
            raise ModelError("%s: output %d has unsupported dtype %s" % (model_path, i, o.dtype))
    # The state after forward (model.to(device) may have replaced the tensors).
    after = [v for k, v in model.state_dict(keep_vars=True).items()
             if k.rsplit(".", 1)[-1] != "num_batches_tracked"]

    def entry(fname, name, role, t):
        return {"file": fname, "name": name, "role": role, "shape": list(t.shape),
                "dtype": _dtype_name(torch, t.dtype)}

    manifest = {"model": os.path.abspath(model_path), "seed": seed, "input_mode": inputs,
                "sizes": constants, "inputs": [], "outputs": [], "state": []}
    names = _forward_arg_names(model, len(fwd_inputs))
    entries = [(names[i], "input", x, dev_inputs[i] if isinstance(dev_inputs[i], torch.Tensor)
                else x) for i, x in enumerate(fwd_inputs)]
    entries += [(name, "parameter" if isinstance(v, torch.nn.Parameter) else "buffer", old, new)
                for (name, v), old, new in zip(state, before, after)]
    for k, (name, role, old, new) in enumerate(entries):
        fname = "in%d.npy" % k
        _save(np, out_dir, fname, old)
        manifest["inputs"].append(entry(fname, name, role, old))
        # Changed in place by forward (running statistics, an in-place op on an input):
        # bitwise, so that NaN == NaN and -0.0 != 0.0.
        new_cpu = new.detach().to("cpu")
        if new_cpu.shape != old.shape or new_cpu.dtype != old.dtype or \
                tensor_to_numpy(new_cpu).tobytes() != tensor_to_numpy(old).tobytes():
            sname = "state%d.npy" % k
            _save(np, out_dir, sname, new_cpu)
            manifest["state"].append(dict(entry(sname, name, role, new_cpu), in_index=k))
    for i, o in enumerate(outputs):
        fname = "out%d.npy" % i
        _save(np, out_dir, fname, o)
        manifest["outputs"].append(entry(fname, "out%d" % i, "output", o))
    manifest["original_sizes"] = load_model_module(model_path)[1] if sizes else constants
    manifest["framework"] = "torch"
    with open(os.path.join(out_dir, "sizes.json"), "w") as f:
        f.write(format_manifest(manifest))
    return manifest


# ---------------------------------------------------------------------------------------------
# JAX models


def read_framework(path):
    """model_framework() of the file at path; ("torch", None, None) when it cannot be parsed
    (load_model_module reports that)."""
    try:
        with open(path, "r", encoding="utf-8") as f:
            return model_framework(ast.parse(f.read(), filename=path))
    except (OSError, SyntaxError, ValueError):
        return "torch", None, None


def _numpy_dtype_name(a):
    if a.dtype.name == "bfloat16":
        return "bfloat16"
    names = ("float32", "float64", "float16", "int64", "int32", "int16", "int8", "uint8", "bool")
    return a.dtype.name if a.dtype.name in names else None


def _numpy_for_npy(np, a):
    """A C-order little-endian copy of a host array; bfloat16 as [('bf16', '<u2')] bits."""
    a = np.asarray(a)
    if a.dtype.name == "bfloat16":
        return np.array(a.view(np.uint16).astype("<u2"), order="C").view(
            np.dtype([("bf16", "<u2")]))
    if a.dtype.byteorder == ">":
        a = a.astype(a.dtype.newbyteorder("<"))
    return np.array(a, order="C")


def _run_jax_reference(model_path, out_dir, sizes, seed, inputs, device):
    """The JAX side of run_reference: forward(*get_inputs()) with no state."""
    _, line, module = read_framework(model_path)
    try:
        import numpy as np
        import jax  # noqa: F401
        import jax.numpy as jnp
    except ImportError as e:
        raise ModelError(
            "%s:%d: imports %s: JAX is not installed for this Python (%s: %s); install jax, or "
            "validate against reference files made elsewhere (solar-translate --reference DIR)"
            % (model_path, line, module, sys.executable, e))
    if device != "cpu":
        raise UsageError("--device %s: JAX models run on JAX's default device; use cpu" % device)
    mod, constants = load_model_module(model_path, sizes)
    flax = callable(getattr(mod, "Model", None)) and callable(getattr(mod, "get_init_inputs", None))
    for name in ("Model", "get_inputs") if flax else ("forward", "get_inputs"):
        if not callable(getattr(mod, name, None)):
            raise ModelError("%s: the module defines no %s (JAX layout: a forward function and "
                             "get_inputs(); Flax: class Model, get_inputs(), get_init_inputs())"
                             % (model_path, name))
    try:
        os.makedirs(out_dir, exist_ok=True)
    except OSError as e:
        raise UsageError("--out %s: cannot create directory: %s" % (out_dir, e.strerror or e))
    random.seed(seed)
    np.random.seed(seed % (2 ** 32))
    rng = np.random.RandomState(seed % (2 ** 32))

    call = model_caller(model_path)

    fwd_inputs = call("get_inputs()", mod.get_inputs)
    if not isinstance(fwd_inputs, (list, tuple)):
        raise ModelError("%s: get_inputs() returned a %s, not a list"
                         % (model_path, type(fwd_inputs).__name__))
    host = []
    for i, x in enumerate(fwd_inputs):
        a = np.asarray(x)
        if _numpy_dtype_name(a) is None:
            raise ModelError("%s: get_inputs() item %d has unsupported dtype %s"
                             % (model_path, i, a.dtype))
        if inputs == "signed" and (a.dtype.kind == "f" or a.dtype.name == "bfloat16"):
            u = rng.uniform(-1.0, 1.0, size=a.shape).astype(np.float32)
            a = np.asarray(jnp.asarray(u).astype(x.dtype)) if a.dtype.name == "bfloat16" \
                else u.astype(a.dtype)
        host.append(a)
    state, state_names = [], []
    if flax:
        out, state, state_names, new_state = _run_flax(mod, host, seed, rng, call)
    else:
        out = call("forward", mod.forward, *[jnp.asarray(a) for a in host])
    flat = []

    def flatten(o):
        if isinstance(o, (tuple, list)):
            for e in o:
                flatten(e)
        elif hasattr(o, "shape") and hasattr(o, "dtype"):
            flat.append(np.asarray(o))
        else:
            raise ModelError("%s: forward returned a %s; expected an array or a tuple/list of "
                             "arrays" % (model_path, type(o).__name__))

    flatten(out)
    if not flat:
        raise ModelError("%s: forward returned no arrays" % model_path)
    import inspect
    try:
        fn = mod.Model.__call__ if flax else mod.forward
        params = [p.name for p in inspect.signature(fn).parameters.values()
                  if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.name != "self"]
    except (TypeError, ValueError):
        params = []

    def entry(fname, name, role, a):
        return {"file": fname, "name": name, "role": role, "shape": list(a.shape),
                "dtype": _numpy_dtype_name(a)}

    manifest = {"model": os.path.abspath(model_path), "seed": seed, "input_mode": inputs,
                "sizes": constants, "inputs": [], "outputs": [], "state": []}
    for k, a in enumerate(host):
        fname = "in%d.npy" % k
        np.save(os.path.join(out_dir, fname), _numpy_for_npy(np, a), allow_pickle=False)
        manifest["inputs"].append(entry(fname, params[k] if k < len(params) else "input%d" % k,
                                        "input", a))
    for j, (name, a) in enumerate(zip(state_names, state)):
        k = len(host) + j
        fname = "in%d.npy" % k
        role = "parameter" if name.startswith("params_") else "buffer"
        np.save(os.path.join(out_dir, fname), _numpy_for_npy(np, a), allow_pickle=False)
        manifest["inputs"].append(entry(fname, name, role, a))
        new = new_state[j]
        if new is not None and _numpy_for_npy(np, new).tobytes() != _numpy_for_npy(np, a).tobytes():
            sname = "state%d.npy" % k
            np.save(os.path.join(out_dir, sname), _numpy_for_npy(np, new), allow_pickle=False)
            manifest["state"].append(dict(entry(sname, name, role, new), in_index=k))
    for i, o in enumerate(flat):
        if _numpy_dtype_name(o) is None:
            raise ModelError("%s: output %d has unsupported dtype %s" % (model_path, i, o.dtype))
        fname = "out%d.npy" % i
        np.save(os.path.join(out_dir, fname), _numpy_for_npy(np, o), allow_pickle=False)
        manifest["outputs"].append(entry(fname, "out%d" % i, "output", o))
    manifest["original_sizes"] = load_model_module(model_path)[1] if sizes else constants
    manifest["framework"] = "jax"
    with open(os.path.join(out_dir, "sizes.json"), "w") as f:
        f.write(format_manifest(manifest))
    return manifest


def _run_flax(mod, host, seed, rng, call):
    """A Flax module: Model(*get_init_inputs()), its variables from init (PRNGKey(seed)) with
    every floating parameter moved by 0.1 * randn and BatchNorm-style batch_stats drawn (`var`
    uniform [0.5, 1.5), `mean` 0.1 * randn), so a kernel ignoring a bias cannot pass; then
    apply(variables, *inputs, mutable=True). Returns (outputs, [variable leaves in tree order],
    [their names: the path joined by '_'], [new value of each leaf, or None]): a leaf whose new
    value differs (training-mode batch_stats) is written as state<k>.npy, as PyTorch's running
    statistics are."""
    import jax
    import numpy as np
    init = call("get_init_inputs()", mod.get_init_inputs)
    if not isinstance(init, (list, tuple)):
        raise ModelError("%s: get_init_inputs() returned a %s, not a list"
                         % (mod.__file__, type(init).__name__))
    model = call("Model(*get_init_inputs())", mod.Model, *init)
    xs = [jax.numpy.asarray(a) for a in host]
    variables = call("Model.init", model.init, jax.random.PRNGKey(seed % (2 ** 31)), *xs)
    leaves, treedef = jax.tree_util.tree_flatten_with_path(variables)
    names, values = [], []
    for path, leaf in leaves:
        keys = [str(getattr(k, "key", getattr(k, "name", getattr(k, "idx", k)))) for k in path]
        a = np.asarray(leaf)
        if a.dtype.kind == "f" or a.dtype.name == "bfloat16":
            f32 = a.astype(np.float32)
            if keys[0] == "batch_stats" and keys[-1] == "var":
                f32 = rng.uniform(0.5, 1.5, size=a.shape).astype(np.float32)
            elif keys[0] == "batch_stats" and keys[-1] == "mean":
                f32 = (0.1 * rng.standard_normal(a.shape)).astype(np.float32)
            elif keys[0] == "params":
                f32 = f32 + (0.1 * rng.standard_normal(a.shape)).astype(np.float32)
            a = np.asarray(jax.numpy.asarray(f32).astype(leaf.dtype))
        names.append("_".join(keys))
        values.append(a)
    variables = jax.tree_util.tree_unflatten(treedef, [jax.numpy.asarray(v) for v in values])
    out, new = call("Model.apply", lambda: model.apply(variables, *xs, mutable=True))
    by_path = {}
    for path, leaf in jax.tree_util.tree_flatten_with_path(new)[0]:
        keys = [str(getattr(k, "key", getattr(k, "name", getattr(k, "idx", k)))) for k in path]
        by_path["_".join(keys)] = np.asarray(leaf)
    return out, values, names, [by_path.get(n) for n in names]


# ---------------------------------------------------------------------------------------------
# --scale-to


def _clear_outputs(out_dir):
    """Drops what an earlier run of the harness wrote in out_dir (and nothing else)."""
    try:
        names = os.listdir(out_dir)
    except OSError:
        return
    for f in names:
        if f == "sizes.json" or re.fullmatch(r"(in|out|state)[0-9]+\.npy", f):
            try:
                os.remove(os.path.join(out_dir, f))
            except OSError:
                pass


def run_scaled_reference(model_path, out_dir, limit=16, variant=0, seed=0, inputs="signed",
                         device="cpu"):
    """run_reference at scaled_sizes(); when the model fails there, at the safe choice."""
    first = scaled_sizes(model_path, limit, variant)
    try:
        return run_reference(model_path, out_dir, first, seed, inputs, device)
    except ModelError as e:
        safe = scaled_sizes(model_path, limit, variant, safe=True)
        if safe == first:
            raise
        _clear_outputs(out_dir)
        try:
            return run_reference(model_path, out_dir, safe, seed, inputs, device)
        except ModelError:
            raise ModelError("%s\n(at the sizes --scale-to %d chose: %s; give sizes that work "
                             "with --sizes)" % (e, limit, ", ".join(
                                 "%s=%d" % kv for kv in first.items()) or "none"))


def format_manifest(m):
    """sizes.json text: one line per key, and one line per entry of the lists."""
    parts = []
    for key, value in m.items():
        if isinstance(value, list):
            if not value:
                parts.append('  "%s": []' % key)
                continue
            items = ",\n".join("    " + json.dumps(v) for v in value)
            parts.append('  "%s": [\n%s\n  ]' % (key, items))
        else:
            parts.append('  "%s": %s' % (key, json.dumps(value)))
    return "{\n" + ",\n".join(parts) + "\n}\n"


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog=PROG,
        description="Run a KernelBench-style PyTorch model and write its inputs, state and "
                    "outputs as .npy files (in0.npy.., out0.npy.., sizes.json) for solar-run.")
    ap.add_argument("model", metavar="MODEL.py")
    ap.add_argument("--out", required=True, metavar="DIR", help="output directory (created)")
    ap.add_argument("--sizes", action="append", default=[], metavar="N=4,M=8",
                    help="override module-level int constants")
    ap.add_argument("--scale-to", type=int, metavar="N",
                    help="pick sizes: every int constant above N (a literal or a constant expression "
                         "like 1024 * 2) gets a value <= N")
    ap.add_argument("--variant", type=int, default=0, metavar="K",
                    help="with --scale-to: 0 (default) or another number for a different choice")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--inputs", choices=["signed", "as-is"], default="signed",
                    help="signed: floating inputs uniform in [-1, 1) (default); "
                         "as-is: what get_inputs() draws")
    ap.add_argument("--device", default="cpu", help="cpu (default) or cuda")
    ap.add_argument("--float64-of", metavar="REFDIR",
                    help="run the program in float64 on REFDIR's inputs and state (solar_float64.py)")
    ap.add_argument("--quiet", action="store_true", help="print nothing on success")
    args = ap.parse_args(argv)
    try:
        sizes = parse_sizes(args.sizes)
        if args.float64_of:
            sys.modules.setdefault("solar_reference", sys.modules[__name__])  # one HarnessError
            import solar_float64
            m = solar_float64.run_float64(args.model, args.out, args.float64_of)
        elif args.scale_to is not None:
            if sizes:
                raise UsageError("--sizes and --scale-to exclude each other")
            if args.scale_to < 3:
                raise UsageError("--scale-to must be at least 3, not %d" % args.scale_to)
            m = run_scaled_reference(args.model, args.out, args.scale_to, args.variant,
                                     seed=args.seed, inputs=args.inputs, device=args.device)
        else:
            m = run_reference(args.model, args.out, sizes=sizes, seed=args.seed,
                              inputs=args.inputs, device=args.device)
    except HarnessError as e:
        print("%s: error: %s" % (PROG, e), file=sys.stderr)
        return e.exit_code
    if not args.quiet:
        print("%s: %d inputs, %d outputs, %d changed state entries in %s (sizes: %s)"
              % (PROG, len(m["inputs"]), len(m["outputs"]), len(m["state"]), args.out,
                 ", ".join("%s=%d" % kv for kv in m["sizes"].items()) or "none"))
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/python3
"""Reference outputs of a KernelBench-style PyTorch model, as .npy files for solar-run.

    solar_reference.py MODEL.py --out DIR [--sizes N=4,M=8] [--seed S]
                       [--inputs signed|as-is] [--device cpu|cuda]

MODEL.py is a KernelBench-style module: module-level integer size constants (`batch_size = 16`),
`class Model(nn.Module)`, `get_inputs()` (the forward inputs, built from the constants at call
time) and `get_init_inputs()` (the constructor arguments). The harness

  1. parses MODEL.py, replaces the right-hand side of every top-level assignment to a name given
     in --sizes by that value (so constants derived from it follow), and runs it as a module;
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

Exit status: 0 on success, 2 on bad usage (bad flags, unreadable MODEL.py, a --sizes name that is
not a module-level int constant), 1 when the model itself is at fault (syntax error, missing
Model/get_inputs/get_init_inputs, an exception while building or running it, JAX code, outputs
that are not tensors).

Importable: `run_reference(model_path, out_dir, sizes=None, seed=0, inputs="signed",
device="cpu")` does the same and returns the sizes.json dictionary; it raises UsageError or
ModelError (both HarnessError, with .exit_code) instead of exiting. Needs numpy and torch
(Debian python3-numpy python3-torch under /usr/bin/python3); they are imported on first use.
"""

import argparse
import ast
import json
import os
import random
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


def _check_no_jax(tree, path):
    for node in ast.walk(tree):
        mods = []
        if isinstance(node, ast.Import):
            mods = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            mods = [node.module]
        for m in mods:
            root = m.split(".")[0]
            if root in ("jax", "flax", "haiku", "optax"):
                raise ModelError(
                    "%s:%d: imports %s: JAX models are not supported yet (PyTorch only)"
                    % (path, node.lineno, m)
                )


class _Override:
    """Called from the rewritten module as `name = __solar_size__("name", <original expr>)`."""

    def __init__(self, path, sizes):
        self.path = path
        self.sizes = sizes
        self.seen = set()

    def __call__(self, name, original):
        if not isinstance(original, int) or isinstance(original, bool):
            raise UsageError(
                "%s: --sizes %s=%d: '%s' is a module-level %s, not an int constant"
                % (self.path, name, self.sizes[name], name, type(original).__name__)
            )
        self.seen.add(name)
        return self.sizes[name]


def load_model_module(path, sizes=None):
    """Runs MODEL.py as a fresh module with the --sizes overrides applied; returns
    (module, [module-level int constant names in definition order])."""
    sizes = dict(sizes or {})
    try:
        with open(path, "r", encoding="utf-8") as f:
            source = f.read()
    except OSError as e:
        raise UsageError("%s: cannot read model file: %s" % (path, e.strerror or e))
    try:
        tree = ast.parse(source, filename=path)
    except SyntaxError as e:
        raise ModelError("%s:%s: syntax error: %s" % (path, e.lineno, e.msg))
    _check_no_jax(tree, path)

    # Top-level simple assignments, in order; the ones named in --sizes get their right-hand
    # side wrapped so the original value is still evaluated (and type-checked) but replaced.
    assigned = []
    for node in tree.body:
        for name in _top_level_targets(node):
            if name not in assigned:
                assigned.append(name)
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            names = _top_level_targets(node)
            simple = all(isinstance(t, ast.Name) for t in
                         (node.targets if isinstance(node, ast.Assign) else [node.target]))
            hit = [n for n in names if n in sizes]
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
    missing = [n for n in sizes if n not in assigned]
    if missing:
        raise UsageError(
            "%s: --sizes %s: no module-level constant named '%s' (names assigned at module level: %s)"
            % (path, missing[0], missing[0], ", ".join(assigned) or "none")
        )
    ast.fix_missing_locations(tree)

    override = _Override(path, sizes)
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
    constants = [n for n in assigned
                 if not n.startswith("_") and isinstance(mod.__dict__.get(n), int)
                 and not isinstance(mod.__dict__.get(n), bool)]
    for n in sizes:
        if mod.__dict__.get(n) != sizes[n]:
            raise UsageError("%s: --sizes %s: the module reassigns '%s' after its constant "
                             "definition; it is not a plain int constant" % (path, n, n))
    return mod, constants


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

    def call(what, fn, *args):
        try:
            return fn(*args)
        except HarnessError:
            raise
        except BaseException as e:
            raise ModelError("%s: %s failed:\n%s" % (model_path, what, _format_exc(e, model_path)))

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
    for i, x in enumerate(fwd_inputs):
        if not isinstance(x, torch.Tensor):
            raise ModelError("%s: get_inputs() item %d is a %s; only tensors are supported"
                             % (model_path, i, type(x).__name__))
        if x.dtype.is_complex or _dtype_name(torch, x.dtype) is None:
            raise ModelError("%s: get_inputs() item %d has unsupported dtype %s"
                             % (model_path, i, x.dtype))
        if inputs == "signed" and x.dtype.is_floating_point:
            u = torch.rand(x.shape, dtype=torch.float32) * 2.0 - 1.0
            fwd_inputs[i] = u.to(x.dtype)

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
    dev_inputs = [x.clone().to(device) for x in fwd_inputs]  # forward may change them in place
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
                "sizes": {n: getattr(mod, n) for n in constants},
                "inputs": [], "outputs": [], "state": []}
    names = _forward_arg_names(model, len(fwd_inputs))
    entries = [(names[i], "input", x, dev_inputs[i]) for i, x in enumerate(fwd_inputs)]
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
    with open(os.path.join(out_dir, "sizes.json"), "w") as f:
        f.write(format_manifest(manifest))
    return manifest


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
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--inputs", choices=["signed", "as-is"], default="signed",
                    help="signed: floating inputs uniform in [-1, 1) (default); "
                         "as-is: what get_inputs() draws")
    ap.add_argument("--device", default="cpu", help="cpu (default) or cuda")
    ap.add_argument("--quiet", action="store_true", help="print nothing on success")
    args = ap.parse_args(argv)
    try:
        sizes = parse_sizes(args.sizes)
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

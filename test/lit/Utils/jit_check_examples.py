#!/usr/bin/python3
"""Cross-check solar-run against MLIR 14's JIT (mlir_jit_run.py beside this) on the examples.

  jit_check_examples.py [--examples DIR] [--only NAME]... [--solar-opt P] [--solar-run P]
                        [--seed S] [--keep DIR] [--jit-only]

For every DIR/NAME.mlir with a `// sizes.small:` header line, bound to those sizes:
  - inputs: the memref arguments of @forward the kernel never writes get seeded data, uniform
    in [-1, 1) for floats; integer ones (cross-entropy targets) are uniform in [0, m) with m
    the smallest positive size of the small sizes (or of the argument dims when there are
    none), so they are valid indices of any size-dependent dim;
  - outputs: the arguments the kernel writes (stores, linalg outs, call operands) start as
    zeros in both runs (solar-run gets a zeros .npy, the JIT initialises them itself);
  - both tools run on the same .npy files; every output solar-run saves must also come from
    the JIT, with the same shape and dtype, and agree by the tolerance rule of common.py (that
    of lib/Exec/tolerance.h) with tolerances tighter than its defaults: rtol 1e-5, atol 1e-6
    for f32 (both evaluate in f32 with the same libm, so they agree far closer), rtol 1e-12 /
    atol 1e-14 for f64, rtol/atol 1e-3 for f16, 1e-2 for bf16 (the JIT rounds f32 results to
    bf16, solar-run f64 ones), exact for integers and i1; NaNs equal.
Prints `PASS NAME`, `FAIL NAME: reason` or `SKIP NAME: reason` (a kernel the JIT cannot run,
such as bf16) per kernel, then `N passed, N failed, N skipped`; exit status 1 if any failed.
--jit-only runs only the JIT (for when solar-run is not built): PASS means it ran.
"""

import argparse
import importlib.util
import os
import re
import shutil
import sys
import tempfile

import numpy as np

sys.dont_write_bytecode = True  # the imports below must not write __pycache__ into the tree
import common  # noqa: E402
import mlir_jit_run as jit  # noqa: E402
from common import Fail, run, short  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = common.REPO
JIT_SCRIPT = os.path.join(HERE, "mlir_jit_run.py")

TOL = {"<f4": (1e-5, 1e-6), "<f8": (1e-12, 1e-14), "<f2": (1e-3, 1e-3), "bf16": (1e-2, 1e-2)}


class Skip(Exception):
    pass


def reference_data(kernel, binds, seed, d):
    """Runs the PyTorch twin (python/solar_reference.py) at the small sizes: returns the list
    of its input/state arrays and the list of its output arrays, or raises Fail."""
    twin = kernel[:-5] + ".py"
    ref = load_reference()
    try:
        m = ref.run_reference(twin, os.path.join(d, "ref"), sizes=ref.parse_sizes([binds]),
                              seed=seed)
    except ref.HarnessError as e:
        raise Fail(f"reference harness: {short(str(e))}")
    ins = [np.load(os.path.join(d, "ref", e["file"])) for e in m["inputs"]]
    outs = [np.load(os.path.join(d, "ref", e["file"])) for e in m["outputs"]]
    return ins, outs


_REF = []


def load_reference():
    if not _REF:
        spec = importlib.util.spec_from_file_location(
            "solar_reference", os.path.join(ROOT, "python", "solar_reference.py"))
        ref = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(ref)
        _REF.append(ref)
    return _REF[0]


def reference_available():
    if not os.path.exists(os.path.join(ROOT, "python", "solar_reference.py")):
        return False
    return importlib.util.find_spec("torch") is not None


def fits(dims, shape):
    return len(dims) == len(shape) and all(d is None or d == s for d, s in zip(dims, shape))


def make_inputs(kernel, mod, binds, mode, seed, rng, d):
    """Writes one .npy per memref argument into d, returns {name: path}. Arguments the kernel
    writes start as zeros; the others get data: from the PyTorch twin (mode 'reference': its
    inputs and perturbed state, in argument order; the twin also gives every shape) or from
    numpy (mode 'numpy': uniform [-1, 1) floats, integers in [0, smallest size))."""
    args = []
    for name, ty in mod["args"]:
        mr = jit.parse_memref(ty)
        if mr is None:
            raise Fail(f"argument %{name}: type {ty} left after binding the small sizes")
        dims, elem = mr
        if elem not in jit.DTYPES:
            raise Skip(f"argument %{name}: element type {elem} is not supported by the JIT")
        args.append((name, ty, dims, np.dtype(jit.DTYPES[elem])))
    ref_shapes = None
    if mode == "reference":
        ins, outs = reference_data(kernel, binds, seed, d)
        if len(ins) + len(outs) != len(args):
            raise Fail(f"the twin has {len(ins)} inputs/state entries and {len(outs)} outputs, "
                       f"@forward has {len(args)} memref arguments")
        ref_shapes = [a.shape for a in ins + outs]
    sizes = [int(v) for v in re.findall(r"=\s*(\d+)", binds)]
    out = {}
    for i, (name, ty, dims, dt) in enumerate(args):
        if ref_shapes is not None:
            shape = tuple(ref_shapes[i])
            if not fits(dims, shape):
                raise Fail(f"argument %{name}: {ty} does not fit the twin's shape {list(shape)}")
        elif None in dims:
            raise Skip(f"argument %{name}: {ty} still has '?' dims at the small sizes and the "
                       "PyTorch twin is not available to give its shape")
        else:
            shape = tuple(dims)
        if name in mod["written"]:
            arr = np.zeros(shape, dtype=dt)
        elif ref_shapes is not None and i < len(ins):
            arr = ins[i]
            if arr.dtype != dt:
                if arr.dtype.kind not in "biuf":
                    raise Fail(f"argument %{name}: the twin gives dtype {arr.dtype}, "
                               f"the kernel {ty}")
                arr = arr.astype(dt)
        elif ref_shapes is not None:
            raise Fail(f"argument %{name} is in the twin's outputs but the kernel never "
                       "writes it")
        elif dt.names == ("bf16",):
            arr = np.zeros(shape, dtype=dt)
            arr["bf16"] = jit.bf16_bits(rng.uniform(-1.0, 1.0, size=shape).astype(np.float32))
        elif dt.kind == "f":
            arr = rng.uniform(-1.0, 1.0, size=shape).astype(dt)
        elif dt.kind == "b":
            arr = rng.integers(0, 2, size=shape).astype(dt)
        else:
            pos = [s for s in sizes if s > 0] or \
                [x for a in args for x in a[2] if x] or [1]
            arr = rng.integers(0, min(pos), size=shape).astype(dt)
        path = os.path.join(d, f"in_{name}.npy")
        np.save(path, arr)
        out[name] = path
    return out


def as_float(a):
    """bf16 (structured dtype) -> float32; other arrays unchanged."""
    if a.dtype.names == ("bf16",):
        return common.bf16_to_float32(np, a)
    return a


def compare(name, a, b):
    """Raises Fail unless b (the JIT's) matches a (solar-run's); returns a short summary."""
    if a.shape != b.shape:
        raise Fail(f"{name}: shape {b.shape} from the JIT, {a.shape} from solar-run")
    if a.dtype != b.dtype:
        raise Fail(f"{name}: dtype {b.dtype} from the JIT, {a.dtype} from solar-run")
    key = "bf16" if a.dtype.names == ("bf16",) else a.dtype.str
    a, b = as_float(a), as_float(b)
    if key in TOL:
        rtol, atol = TOL[key]
        if a.size == 0:
            return f"{name} empty"
        x, y = a.astype(np.float64).reshape(-1), b.astype(np.float64).reshape(-1)
        err, excess, _ = common.tolerance_excess(np, y, x, rtol, atol)
        if (excess > 0).any():
            i = np.unravel_index(int(np.argmax(excess)), a.shape)
            raise Fail(f"{name}: max abs error {err.max():.3g} at {list(i)}: "
                       f"solar-run {a[i]!r}, JIT {b[i]!r} (rtol {rtol}, atol {atol})")
        if a.tobytes() == b.tobytes():
            return f"{name} bit-identical"
        nan = np.isnan(x)
        if np.array_equal(nan, np.isnan(y)) and x[~nan].tobytes() == y[~nan].tobytes():
            return f"{name} bit-identical but for NaN signs/payloads"
        return f"{name} max abs error {err.max():.3g}"
    if not np.array_equal(a, b):
        n = int(np.sum(a != b))
        raise Fail(f"{name}: {n} of {a.size} elements differ")
    return f"{name} equal"


def check(kernel, binds, a, rng, work):
    name = os.path.splitext(os.path.basename(kernel))[0]
    d = os.path.join(work, name)
    os.makedirs(d, exist_ok=True)
    bind = ["--bind", binds] if binds else []
    try:
        mod = jit.load_module(a.solar_opt, kernel, "forward", [binds] if binds else [],
                              a.timeout)
    except jit.JitError as e:
        if "bf16" in str(e):
            raise Skip(str(e).splitlines()[0])
        raise Fail(short(str(e)))
    mode = a.inputs
    if mode == "auto":
        mode = "reference" if reference_available() and os.path.exists(kernel[:-5] + ".py") \
            else "numpy"
    ins = make_inputs(kernel, mod, binds, mode, a.seed, rng, d)
    # Both tools get every argument; each saves the arguments the kernel writes.
    jit_cmd = [sys.executable, JIT_SCRIPT, kernel, "--solar-opt", a.solar_opt, "-q",
               "--out-dir", os.path.join(d, "jit"), "--timeout", str(a.timeout)] + bind
    sr_cmd = [a.solar_run, kernel, "--out-dir", os.path.join(d, "solar-run")] + bind
    for n, p in ins.items():
        jit_cmd += ["--input", f"{n}={p}"]
        sr_cmd += ["--input", f"{n}={p}"]
    run(jit_cmd, "mlir-jit-run", a.timeout * 3)
    jit_dir = os.path.join(d, "jit")
    jit_out = {f[:-4] for f in os.listdir(jit_dir) if f.endswith(".npy")} \
        if os.path.isdir(jit_dir) else set()
    if not jit_out:
        raise Fail("the JIT saved no output")
    if a.jit_only:
        return f"{mode} inputs, JIT only, outputs {', '.join(sorted(jit_out))}"
    sr_dir = os.path.join(d, "solar-run")
    os.makedirs(sr_dir, exist_ok=True)  # solar-run wants an existing --out-dir
    run(sr_cmd, "solar-run", a.timeout)
    sr_out = {f[:-4] for f in os.listdir(sr_dir) if f.endswith(".npy")} \
        if os.path.isdir(sr_dir) else set()
    if not sr_out:
        raise Fail("solar-run saved no output")
    if sr_out != jit_out:
        raise Fail(f"solar-run saved {', '.join(sorted(sr_out))}, the JIT "
                   f"{', '.join(sorted(jit_out))} (written-argument detection differs)")
    res = [compare(o, np.load(os.path.join(sr_dir, o + ".npy")),
                   np.load(os.path.join(jit_dir, o + ".npy"))) for o in sorted(sr_out)]
    return f"{mode} inputs; {'; '.join(res)}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--examples", default=os.path.join(ROOT, "examples"))
    ap.add_argument("--only", action="append", default=[], metavar="NAME")
    ap.add_argument("--solar-opt", default=None)
    ap.add_argument("--solar-run", default=None)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--timeout", type=float, default=300)
    ap.add_argument("--keep", default=None, metavar="DIR", help="keep inputs and outputs here")
    ap.add_argument("--jit-only", action="store_true")
    ap.add_argument("--inputs", choices=["auto", "reference", "numpy"], default="auto",
                    help="where input data comes from (auto: the PyTorch twin NAME.py through "
                         "python/solar_reference.py when torch imports, else numpy)")
    ap.add_argument("-v", "--verbose", action="store_true", help="say what each PASS compared")
    a = ap.parse_args()
    a.solar_opt = jit.find_tool(a.solar_opt, ["solar-opt"],
                                [os.path.join(ROOT, "build", "bin", "solar-opt")])
    a.solar_run = jit.find_tool(a.solar_run, ["solar-run"],
                                [os.path.join(ROOT, "build", "bin", "solar-run")])

    kernels = []
    for f in sorted(os.listdir(a.examples)):
        if not f.endswith(".mlir"):
            continue
        if a.only and f[:-5] not in a.only:
            continue
        path = os.path.join(a.examples, f)
        binds = common.sizes_bind(path, "small")
        if binds is not None:
            kernels.append((path, binds))
    if a.only and len(kernels) != len(a.only):
        print(f"jit_check_examples: not found (or no sizes.small line): "
              f"{', '.join(sorted(set(a.only) - {os.path.basename(k)[:-5] for k, _ in kernels}))}",
              file=sys.stderr)
        return 2

    work = a.keep or tempfile.mkdtemp(prefix="jit-check-")
    os.makedirs(work, exist_ok=True)
    passed = failed = skipped = 0
    try:
        for kernel, binds in kernels:
            name = os.path.basename(kernel)[:-5]
            # one generator per kernel, so a kernel's inputs do not depend on the others
            rng = np.random.default_rng([a.seed, sum(name.encode())])
            try:
                what = check(kernel, binds, a, rng, work)
                passed += 1
                print(f"PASS {name}" + (f": {what}" if a.verbose else ""))
            except Skip as e:
                skipped += 1
                print(f"SKIP {name}: {e}")
            except (Fail, jit.JitError) as e:
                failed += 1
                print(f"FAIL {name}: {e}")
            except Exception as e:  # noqa: BLE001 - a bug here must not hide the other kernels
                failed += 1
                print(f"FAIL {name}: internal error: {type(e).__name__}: {e}")
            sys.stdout.flush()
    finally:
        if not a.keep:
            shutil.rmtree(work, ignore_errors=True)
    print(f"{passed} passed, {failed} failed, {skipped} skipped")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

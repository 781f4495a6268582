#!/usr/bin/python3
"""Check an example kernel against its PyTorch twin.

    check_example.py examples/NAME [--size small|real] [--solar-run PATH] [--keep DIR]
                     [--rtol R] [--atol A] [--seed S]

examples/NAME is examples/NAME.mlir (the kernel) plus examples/NAME.py (its KernelBench-style
twin); a trailing .mlir or .py on the argument is ignored. The script

  1. reads `// sizes.small: a=1, b=2` (or `// sizes.real:`) from NAME.mlir;
  2. runs python/solar_reference.py on NAME.py with those sizes (signed inputs, --seed) into a
     temporary directory: in0.npy.. (forward inputs, then state_dict entries), out0.npy..;
  3. parses `func.func @forward(...)` of NAME.mlir: `index` arguments first (each must appear
     in the sizes line; they are passed with --bind), then memrefs, which map in order onto
     in*.npy followed by out*.npy; counts, ranks, static dims and element types must agree;
  4. runs `solar-run NAME.mlir --bind ... --input ARG=inK.npy... --input OUT=poison.npy...
     --out-dir D --precision=wide`; output arguments get a NaN-filled (integers: a sentinel)
     array of the reference shape, so a kernel that reads an output before writing it fails;
  5. compares every output solar-run wrote with the reference by the tolerance rule of
     lib/Exec/tolerance.h (common.py has its Python twin):
         |got - ref| <= atol * max(1, max|ref|) + rtol * |ref|
     (the absolute tolerance grows with the largest reference magnitude, since a long reduction
     that cancels to near zero keeps the rounding error of its large terms; NaN matches NaN,
     infinities must match exactly, integers and bools must be equal).
     Defaults: f32 rtol 1e-4 atol 1e-5, f64 rtol 1e-7 atol 1e-10, f16 rtol/atol 5e-3,
     bf16 rtol/atol 3e-2; --rtol/--atol override them for every output. When forward changed an
     input or buffer in place (BatchNorm running statistics) and the kernel wrote that argument,
     it is compared too; a kernel that changes an argument forward leaves alone fails.

Prints `ARG: max abs err X, max rel err Y` per output (the relative error is taken over the
elements whose reference is nonzero; the worst 5 elements are listed on failure),
then `PASS examples/NAME (small)` or `FAIL examples/NAME (small): why`. Exit 0 on PASS, 1 on
FAIL, 2 on bad usage. Needs /usr/bin/python3 (numpy, torch).
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # keep the source tree free of __pycache__
import common  # noqa: E402  (test/lit/Utils/common.py)
from common import DEFAULT_TOL, Fail, Usage  # noqa: E402,F401  (check_lift uses Fail)

REPO = common.REPO
sys.path.insert(0, common.PYTHON_DIR)

import solar_reference  # noqa: E402

PROG = "check_example.py"

# MLIR element type -> numpy dtype string of the .npy files (bf16 is special-cased).
ELEM_NPY = {"f32": "<f4", "f64": "<f8", "f16": "<f2", "i64": "<i8", "i32": "<i4",
            "i8": "|i1", "i1": "|b1", "index": "<i8"}


# ---------------------------------------------------------------------------------------------
# Parsing NAME.mlir


def _split_top(text, sep=","):
    """Splits at sep outside (), <>, [], {}."""
    parts, depth, cur = [], 0, []
    for ch in text:
        if ch in "(<[{":
            depth += 1
        elif ch in ")>]}":
            depth -= 1
        if ch == sep and depth == 0:
            parts.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    if "".join(cur).strip():
        parts.append("".join(cur))
    return parts


def _strip_comments(text):
    return re.sub(r"//[^\n]*", "", text)


def parse_forward(text, path, entry="forward"):
    """[(name, kind, dims, elem)]: kind 'index', 'memref' (dims: list of int or None for ?)."""
    body = _strip_comments(text)
    m = re.search(r"func\.func\s+(?:(?:public|private|nested)\s+)?@%s\s*\(" % re.escape(entry), body)
    if not m:
        raise Fail("%s: no `func.func @%s(...)`" % (path, entry))
    i, depth = m.end(), 1
    start = i
    while i < len(body) and depth:
        if body[i] in "(<[{":
            depth += 1
        elif body[i] in ")>]}":
            depth -= 1
        i += 1
    if depth:
        raise Fail("%s: unterminated argument list of @%s" % (path, entry))
    args = []
    for raw in _split_top(body[start:i - 1]):
        raw = raw.strip()
        am = re.match(r"%([A-Za-z0-9_$.\-]+)\s*:\s*(.*)$", raw, re.S)
        if not am:
            raise Fail("%s: cannot read argument '%s' of @%s" % (path, raw, entry))
        name, ty = am.group(1), am.group(2).strip()
        ty = re.sub(r"\s*\{.*\}\s*$", "", ty, flags=re.S)  # argument attributes
        if ty == "index":
            args.append((name, "index", None, "index"))
            continue
        mm = re.fullmatch(r"memref<(.*)>", ty, re.S)
        if not mm:
            raise Fail("%s: argument %%%s of @%s has type %s; only index and memref arguments "
                       "are supported" % (path, name, entry, ty))
        shape_elem = _split_top(mm.group(1))[0].strip()
        pieces = shape_elem.split("x")
        elem = pieces[-1].strip()
        dims = []
        for d in pieces[:-1]:
            d = d.strip()
            if d == "?":
                dims.append(None)
            elif d.isdigit():
                dims.append(int(d))
            else:
                raise Fail("%s: cannot read the shape of %%%s: %s" % (path, name, ty))
        args.append((name, "memref", dims, elem))
    return args


# ---------------------------------------------------------------------------------------------
# Arrays


def npy_elem(a):
    """The MLIR element type of an array as the harness writes it, or None."""
    if a.dtype.names == ("bf16",):
        return "bf16"
    return {"float32": "f32", "float64": "f64", "float16": "f16", "int64": "i64",
            "int32": "i32", "int8": "i8", "bool": "i1"}.get(a.dtype.name)


def memref_text(dims, elem):
    return "memref<%s>" % "x".join(["?" if d is None else str(d) for d in dims] + [elem])


def npy_text(shape, dtype):
    return "%s %s" % ("x".join(map(str, shape)) or "0-d", dtype)


def compare(np, name, got, ref, elem, rtol, atol, out):
    """Prints the error summary of one output; returns True when it is within tolerance."""
    if got.shape != ref.shape:
        print("%s: shape %s, expected %s" % (name, list(got.shape), list(ref.shape)), file=out)
        return False
    if npy_elem(got) != npy_elem(ref):
        print("%s: solar-run wrote %s, expected %s" % (name, npy_elem(got) or got.dtype,
                                                        npy_elem(ref) or ref.dtype), file=out)
        return False
    n = ref.size
    if elem in common.FLOAT_ELEMS:
        g, r = common.to_float64(np, got), common.to_float64(np, ref)
        diff, excess, scale = common.tolerance_excess(np, g, r, rtol, atol)
        absref = np.abs(np.where(np.isfinite(r), r, 0.0))
        with np.errstate(invalid="ignore", divide="ignore"):
            rel = np.where(absref > 0, diff / np.where(absref > 0, absref, 1.0), 0.0)
        bad = excess > 0
        max_abs = float(diff.max()) if n else 0.0
        max_rel = float(rel.max()) if n else 0.0
        tol = "rtol %g, atol %g" % (rtol, atol)
        if scale > 1.0:
            tol += " x max|ref| %.3g" % scale
    else:
        g, r = got.astype(np.int64), ref.astype(np.int64)
        diff = np.abs(g - r).astype(np.float64)
        excess = diff
        bad = diff > 0
        max_abs = float(diff.max()) if n else 0.0
        with np.errstate(divide="ignore", invalid="ignore"):
            absref = np.abs(r).astype(np.float64)
            rel = np.where(absref > 0, diff / np.where(absref > 0, absref, 1), 0.0)
        max_rel = float(rel.max()) if n else 0.0
        tol = "exact"
    nbad = int(bad.sum())
    status = "ok" if nbad == 0 else "%d of %d elements out of tolerance" % (nbad, n)
    print("%s: max abs err %.3g, max rel err %.3g (%d elements, %s; %s)"
          % (name, max_abs, max_rel, n, tol, status), file=out)
    if nbad:
        flat = np.argsort(-excess.reshape(-1), kind="stable")[:min(5, nbad)]
        gv, rv = g.reshape(-1), r.reshape(-1)
        for f in flat:
            idx = np.unravel_index(int(f), ref.shape) if ref.shape else ()
            print("  %s[%s]: got %.9g, expected %.9g, abs err %.3g"
                  % (name, ", ".join(str(int(i)) for i in idx), gv[f].item(), rv[f].item(),
                     float(diff.reshape(-1)[f])), file=out)
    return nbad == 0


def poison_like(np, ref):
    """An array of ref's shape and dtype that a correct kernel never reads: NaN for floats."""
    if ref.dtype.names == ("bf16",):
        a = np.empty(ref.shape, dtype=ref.dtype)
        a["bf16"] = 0x7FC1  # a quiet NaN
        return a
    if ref.dtype.kind == "f":
        return np.full(ref.shape, np.nan, dtype=ref.dtype)
    if ref.dtype.kind == "b":
        return np.ones(ref.shape, dtype=ref.dtype)
    return np.full(ref.shape, 0x5A5A5A5A5A5A5A5A if ref.dtype.itemsize == 8 else 0x5A,
                   dtype=ref.dtype)


# ---------------------------------------------------------------------------------------------


def find_solar_run(explicit):
    return common.find_tool(explicit, ["solar-run"], os.path.join("build", "bin", "solar-run"),
                            flag="--solar-run")


def display_name(base):
    absb = os.path.abspath(base)
    if absb.startswith(REPO + os.sep):
        return os.path.relpath(absb, REPO)
    return base


def check(base, size, solar_run, work, rtol, atol, seed, out):
    np, _ = solar_reference._import_numpy_torch()
    mlir, twin = base + ".mlir", base + ".py"
    for p in (mlir, twin):
        if not os.path.isfile(p):
            raise Fail("%s does not exist" % p)
    with open(mlir, encoding="utf-8") as f:
        text = f.read()
    sizes = common.parse_sizes(text, size, mlir)
    args = parse_forward(text, mlir)

    seen_memref = False
    index_args, memref_args = [], []
    for name, kind, dims, elem in args:
        if kind == "index":
            if seen_memref:
                raise Fail("%s: index argument %%%s comes after a memref; index arguments go "
                           "first" % (mlir, name))
            if name not in sizes:
                raise Fail("%s: index argument %%%s is not in the `// sizes.%s:` line"
                           % (mlir, name, size))
            index_args.append(name)
        else:
            seen_memref = True
            memref_args.append((name, dims, elem))

    ref_dir = os.path.join(work, "reference")
    run_dir = os.path.join(work, "solar-run")
    # A --keep folder may hold an earlier run: drop what this script writes there.
    for old in (ref_dir, run_dir):
        shutil.rmtree(old, ignore_errors=True)
    for f in os.listdir(work):
        if f.startswith("init-") and f.endswith(".npy"):
            os.remove(os.path.join(work, f))
    os.makedirs(run_dir)
    try:
        manifest = solar_reference.run_reference(twin, ref_dir, sizes=sizes, seed=seed)
    except solar_reference.HarnessError as e:
        raise Fail("reference harness: %s" % e)

    files = manifest["inputs"] + manifest["outputs"]
    n_in, n_out = len(manifest["inputs"]), len(manifest["outputs"])
    if len(memref_args) != len(files):
        n_fwd = sum(1 for fe in manifest["inputs"] if fe["role"] == "input")

        def count(n, what):
            return "%d %s%s" % (n, what, "" if n == 1 else "s")

        lines = ["%s: @forward has %s but the twin has %s, %s and %s (%d in all):" % (
            mlir, count(len(memref_args), "memref argument"), count(n_fwd, "input"),
            count(n_in - n_fwd, "state entry").replace("entrys", "entries"),
            count(n_out, "output"), len(files))]
        for i in range(max(len(memref_args), len(files))):
            a = memref_args[i] if i < len(memref_args) else None
            fe = files[i] if i < len(files) else None
            lines.append("  %-28s <-> %s" % (
                "%%%s: %s" % (a[0], memref_text(a[1], a[2])) if a else "(none)",
                "%s: %s %s, %s" % (fe["file"], fe["role"], fe["name"],
                                   npy_text(fe["shape"], fe["dtype"])) if fe else "(none)"))
        raise Fail("\n".join(lines))

    refs = {}
    cmd = ["solar-run", mlir]
    if index_args:
        cmd += ["--bind", ",".join("%s=%d" % (n, sizes[n]) for n in index_args)]
    for k, ((name, dims, elem), fe) in enumerate(zip(memref_args, files)):
        path = os.path.join(ref_dir, fe["file"])
        a = np.load(path, allow_pickle=False)
        what = "%%%s: %s <-> %s: %s %s, %s" % (
            name, memref_text(dims, elem), fe["file"], fe["role"], fe["name"],
            npy_text(a.shape, fe["dtype"]))
        if npy_elem(a) != elem:
            raise Fail("%s: element type mismatch: %s holds %s" % (mlir, what, npy_elem(a) or a.dtype))
        if len(dims) != a.ndim:
            raise Fail("%s: rank mismatch: %s" % (mlir, what))
        for d, s in zip(dims, a.shape):
            if d is not None and d != s:
                raise Fail("%s: shape mismatch: %s" % (mlir, what))
        if k < n_in:
            cmd += ["--input", "%s=%s" % (name, path)]
        else:
            refs[name] = (a, elem, fe)
            poison = os.path.join(work, "init-%s.npy" % name)
            np.save(poison, poison_like(np, a), allow_pickle=False)
            cmd += ["--input", "%s=%s" % (name, poison)]
    # Buffers that forward updated, compared when the kernel writes them.
    state = {}
    for st in manifest.get("state", []):
        name = memref_args[st["in_index"]][0]
        state[name] = (np.load(os.path.join(ref_dir, st["file"]), allow_pickle=False),
                       memref_args[st["in_index"]][2], st)
    cmd += ["--out-dir", run_dir, "--precision=wide"]

    cmd[0] = find_solar_run(solar_run)
    print("$ " + " ".join(cmd), file=out)
    out.flush()
    try:
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    except OSError as e:
        raise Fail("cannot run %s: %s" % (cmd[0], e.strerror or e))
    text_out = proc.stdout.decode("utf-8", "replace")
    if proc.returncode != 0:
        if text_out:
            print(text_out.rstrip("\n"), file=out)
        raise Fail("solar-run exited with status %d" % proc.returncode)

    ok = True
    for name, (ref, elem, fe) in refs.items():
        path = os.path.join(run_dir, name + ".npy")
        if not os.path.isfile(path):
            print("%s: solar-run wrote no %s.npy (the kernel never stores to %%%s)"
                  % (name, name, name), file=out)
            ok = False
            continue
        got = np.load(path, allow_pickle=False)
        r, a = DEFAULT_TOL.get(elem, (0.0, 0.0))
        ok &= compare(np, name, got, ref, elem, r if rtol is None else rtol,
                      a if atol is None else atol, out)
    for name, (ref, elem, st) in state.items():
        path = os.path.join(run_dir, name + ".npy")
        if not os.path.isfile(path):
            print("%s: forward updated %s but the kernel does not write %%%s (not compared)"
                  % (name, st["name"], name), file=out)
            continue
        got = np.load(path, allow_pickle=False)
        r, a = DEFAULT_TOL.get(elem, (0.0, 0.0))
        ok &= compare(np, name + " (updated " + st["name"] + ")", got, ref, elem,
                      r if rtol is None else rtol, a if atol is None else atol, out)
    # Inputs, parameters and buffers that forward leaves alone must stay as they were.
    for k, (name, dims, elem) in enumerate(memref_args[:n_in]):
        path = os.path.join(run_dir, name + ".npy")
        if name in state or not os.path.isfile(path):
            continue
        fe = manifest["inputs"][k]
        orig = np.load(os.path.join(ref_dir, fe["file"]), allow_pickle=False)
        got = np.load(path, allow_pickle=False)
        if got.shape != orig.shape or got.tobytes() != orig.tobytes():
            print("%s: the kernel changes %s %s (%s), which forward leaves unchanged"
                  % (name, fe["role"], fe["name"], fe["file"]), file=out)
            ok = False
    if not ok:
        raise Fail("outputs differ from the PyTorch reference")


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog=PROG, description="Run examples/NAME.mlir with solar-run and compare its outputs "
                               "with those of its PyTorch twin examples/NAME.py.")
    ap.add_argument("example", metavar="examples/NAME")
    ap.add_argument("--size", choices=["small", "real"], default="small")
    ap.add_argument("--solar-run", metavar="PATH", help="solar-run binary (default: on PATH, "
                                                        "else build/bin/solar-run)")
    ap.add_argument("--keep", metavar="DIR", help="keep the reference and solar-run files in DIR")
    ap.add_argument("--rtol", type=float, help="relative tolerance for every float output")
    ap.add_argument("--atol", type=float, help="absolute tolerance for every float output")
    ap.add_argument("--seed", type=int, default=0, help="seed of the reference harness")
    args = ap.parse_args(argv)

    base = args.example
    for suffix in (".mlir", ".py"):
        if base.endswith(suffix):
            base = base[: -len(suffix)]
    label = "%s (%s)" % (display_name(base), args.size)

    if args.keep:
        work = args.keep
        try:
            os.makedirs(work, exist_ok=True)
        except OSError as e:
            print("%s: error: --keep %s: %s" % (PROG, work, e.strerror or e), file=sys.stderr)
            return 2
        tmp = None
    else:
        tmp = tempfile.mkdtemp(prefix="check-example-")
        work = tmp
    try:
        check(base, args.size, args.solar_run, work, args.rtol, args.atol, args.seed, sys.stdout)
    except Fail as e:
        msg = str(e)
        if "\n" in msg:
            print(msg)
            msg = msg.split("\n", 1)[0].rstrip(":")
        print("FAIL %s: %s" % (label, msg))
        return 1
    except solar_reference.HarnessError as e:
        print("FAIL %s: %s" % (label, e))
        return 1
    except Usage as e:
        sys.stdout.flush()
        print("%s: error: %s" % (PROG, e), file=sys.stderr)
        return 2
    finally:
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)
    if args.keep:
        print("files kept in %s" % args.keep)
    print("PASS %s" % label)
    return 0


if __name__ == "__main__":
    sys.exit(main())

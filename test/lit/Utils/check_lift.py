#!/usr/bin/python3
"""Semantic round trip of lift-einsum over example kernels.

    check_lift.py examples/NAME.mlir... [--solar-opt P] [--solar-run P] [--mlir-opt P]
                  [--keep DIR] [--seed S] [--size small|real] [--unbound]

For each kernel (a trailing .mlir or .py is ignored) the script

  1. reads `// sizes.small:` (or `// sizes.real:`) and binds the index arguments with them;
  2. lifts:   solar-opt NAME.mlir --bind SIZES --lift-einsum{remarks=true} --mlir=14
     and prints the remarks (what lifted, what stays loops and why); with --unbound the
     kernel is lifted with its symbolic sizes and the sizes are bound only when the lowered
     module runs (this checks the lifting of `?` shapes);
  3. checks that mlir-opt-14 reads the lifted IR, then lowers it with MLIR's own
     `mlir-opt-14 --convert-linalg-to-affine-loops`;
  4. makes inputs: the reference harness (python/solar_reference.py, as check_example.py)
     gives the shape of every argument; inputs are its arrays, outputs start as seeded random
     data (so a node that reads an output the original never reads shows up). A kernel
     without a NAME.py twin (test/corpus/mlir-generated) gets seeded random data for every
     argument from its static shapes;
  5. runs solar-run on the bound original and on the lowered module with the same files
     (`--input`, arguments matched by position: mlir-opt renames them %arg0...) and compares
     every argument either run writes, bit for bit: lifting keeps every scalar op and every
     reduction order, so the results must be identical.

Prints `PASS examples/NAME: ...` or `FAIL examples/NAME: why` per kernel and a closing
`N passed, M failed` line. Exit 0 when all pass, 1 otherwise, 2 on bad usage. Needs
/usr/bin/python3 with numpy (and torch for kernels with a twin), mlir-opt-14, solar-opt and
solar-run.
"""

import argparse
import os
import re
import shutil
import sys
import tempfile

sys.dont_write_bytecode = True  # keep the source tree free of __pycache__
import check_example  # noqa: E402  (its @forward parser and names)
import common  # noqa: E402
from common import Fail, Usage, find_tool, run  # noqa: E402

REPO = common.REPO
sys.path.insert(0, common.PYTHON_DIR)

import solar_reference  # noqa: E402

PROG = "check_lift.py"


def remark_lines(err):
    """`line N: lifted into 2 ...` from solar-opt's remarks (carets and notes dropped)."""
    lines = []
    for ln in err.splitlines():
        m = re.match(r"^.*?:(\d+):\d+: remark: (.*)$", ln)
        if m:
            lines.append("line %s: %s" % (m.group(1), m.group(2)))
    return lines


def check(base, tools, size, seed, work, out, unbound=False):
    import numpy as np
    mlir, twin = base + ".mlir", base + ".py"
    if not os.path.isfile(mlir):
        raise Fail("%s does not exist" % mlir)
    has_twin = os.path.isfile(twin)
    with open(mlir, encoding="utf-8") as f:
        text = f.read()
    # MLIR 14 spelling (`func @forward`, as the generated corpus) reads like the current one
    args = check_example.parse_forward(re.sub(r"\bfunc\s+@", "func.func @", text), mlir)
    if any(a[1] == "index" for a in args) or has_twin:
        sizes = common.parse_sizes(text, size, mlir)
    else:
        sizes = {}
    index_args = [a[0] for a in args if a[1] == "index"]
    memref_args = [a for a in args if a[1] == "memref"]
    missing = [n for n in index_args if n not in sizes]
    if missing:
        raise Fail("index argument %%%s is not in the `// sizes.%s:` line" % (missing[0], size))
    bind = ["--bind", ",".join("%s=%d" % (n, sizes[n]) for n in index_args)] if index_args else []

    orig = os.path.join(work, "original.mlir")
    lifted = os.path.join(work, "lifted.mlir")
    lowered = os.path.join(work, "lowered.mlir")
    run([tools["solar-opt"], mlir] + bind + ["--mlir=14", "-o", orig], "solar-opt --bind")
    _, err = run([tools["solar-opt"], mlir] + ([] if unbound else bind) +
                 ["--lift-einsum=remarks=true", "--mlir=14", "-o", lifted],
                 "solar-opt --lift-einsum")
    for ln in remark_lines(err):
        print("  " + ln, file=out)
    with open(lifted, encoding="utf-8") as f:
        lifted_text = f.read()
    ngen = len(re.findall(r"\blinalg\.generic\b", lifted_text))
    run([tools["mlir-opt"], lifted, "-o", os.devnull], "mlir-opt-14 (parsing the lifted IR)")
    run([tools["mlir-opt"], "--convert-linalg-to-affine-loops", lifted, "-o", lowered],
        "mlir-opt-14 --convert-linalg-to-affine-loops")

    rng = np.random.default_rng(seed)
    arrays = []
    if has_twin:
        ref_dir = os.path.join(work, "reference")
        shutil.rmtree(ref_dir, ignore_errors=True)
        try:
            manifest = solar_reference.run_reference(twin, ref_dir, sizes=sizes, seed=seed)
        except solar_reference.HarnessError as e:
            raise Fail("reference harness: %s" % e)
        files = manifest["inputs"] + manifest["outputs"]
        if len(files) != len(memref_args):
            raise Fail("@forward has %d memref arguments but the twin gives %d arrays"
                       % (len(memref_args), len(files)))
        for k, fe in enumerate(files):
            a = np.load(os.path.join(ref_dir, fe["file"]), allow_pickle=False)
            if k >= len(manifest["inputs"]):
                if a.dtype.kind == "f":
                    a = rng.standard_normal(a.shape).astype(a.dtype)
                elif a.dtype.names is None:
                    a = rng.integers(0, 2, a.shape).astype(a.dtype)
            arrays.append(a)
    else:
        dtypes = {"f16": np.float16, "f32": np.float32, "f64": np.float64, "i8": np.int8,
                  "i32": np.int32, "i64": np.int64, "i1": np.bool_}
        for name, _, dims, elem in memref_args:
            if None in dims or elem not in dtypes:
                raise Fail("%%%s is %s: without a twin (%s) every argument needs a static "
                           "shape and a numpy element type"
                           % (name, check_example.memref_text(dims, elem), twin))
            if elem.startswith("f"):
                arrays.append(rng.standard_normal(dims).astype(dtypes[elem]))
            else:
                arrays.append(rng.integers(0, 2, dims).astype(dtypes[elem]))
    in_files = []
    for k, a in enumerate(arrays):
        path = os.path.join(work, "arg%d.npy" % k)
        np.save(path, a, allow_pickle=False)
        in_files.append(path)

    # mlir-opt renames the arguments %arg0...: the unbound lowered module keeps its index
    # arguments first, bound by position
    nidx = len(index_args) if unbound else 0
    lowered_bind = []
    if nidx:
        lowered_bind = ["--bind", ",".join("arg%d=%d" % (k, sizes[n])
                                           for k, n in enumerate(index_args))]
    results = {}
    for label, module, names, extra in (
            ("original", orig, [a[0] for a in memref_args], []),
            ("lifted", lowered, ["arg%d" % (nidx + k) for k in range(len(memref_args))],
             lowered_bind)):
        out_dir = os.path.join(work, "out-" + label)
        shutil.rmtree(out_dir, ignore_errors=True)
        cmd = [tools["solar-run"], module, "--out-dir", out_dir] + extra
        for n, path in zip(names, in_files):
            cmd += ["--input", "%s=%s" % (n, path)]
        run(cmd, "solar-run on the %s module" % label)
        got = {}
        for k, n in enumerate(names):
            p = os.path.join(out_dir, n + ".npy")
            if os.path.isfile(p):
                got[k] = np.load(p, allow_pickle=False)
        results[label] = got
    a, b = results["original"], results["lifted"]
    if sorted(a) != sorted(b):
        raise Fail("the runs write different arguments: original %s, lifted %s"
                   % ([memref_args[k][0] for k in sorted(a)], [memref_args[k][0] for k in sorted(b)]))
    for k in sorted(a):
        name = memref_args[k][0]
        if a[k].shape != b[k].shape or a[k].tobytes() != b[k].tobytes():
            x, y = a[k].astype(np.float64), b[k].astype(np.float64)
            with np.errstate(invalid="ignore"):
                diff = np.nanmax(np.abs(x - y)) if x.size else 0.0
            raise Fail("%%%s differs after lifting (max abs difference %.3g)" % (name, diff))
    kept = len([ln for ln in remark_lines(err) if "stays loops" in ln])
    return "%d linalg.generic, %d nest%s kept as loops, %d output%s bit-identical" % (
        ngen, kept, "" if kept == 1 else "s", len(a), "" if len(a) == 1 else "s")


def main(argv=None):
    ap = argparse.ArgumentParser(prog=PROG, description="lift-einsum round trip: solar-opt "
                                 "--lift-einsum, mlir-opt-14 --convert-linalg-to-affine-loops, "
                                 "solar-run, compared bit for bit with the original.")
    ap.add_argument("examples", nargs="+", metavar="examples/NAME.mlir")
    ap.add_argument("--size", choices=["small", "real"], default="small")
    ap.add_argument("--solar-opt", metavar="PATH")
    ap.add_argument("--solar-run", metavar="PATH")
    ap.add_argument("--mlir-opt", metavar="PATH")
    ap.add_argument("--keep", metavar="DIR", help="keep the files of each kernel in DIR/NAME")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--unbound", action="store_true",
                    help="lift with symbolic sizes; bind them only to run the lowered module")
    args = ap.parse_args(argv)
    try:
        tools = {
            "solar-opt": find_tool(args.solar_opt, ["solar-opt"], "build/bin/solar-opt"),
            "solar-run": find_tool(args.solar_run, ["solar-run"], "build/bin/solar-run"),
            "mlir-opt": find_tool(args.mlir_opt, ["mlir-opt-14", "mlir-opt"], None),
        }
    except Usage as e:
        print("%s: error: %s" % (PROG, e), file=sys.stderr)
        return 2
    passed = failed = 0
    for ex in args.examples:
        base = ex
        for suffix in (".mlir", ".py"):
            if base.endswith(suffix):
                base = base[: -len(suffix)]
        label = check_example.display_name(base)
        if args.keep:
            work = os.path.join(args.keep, os.path.basename(base))
            os.makedirs(work, exist_ok=True)
            tmp = None
        else:
            tmp = work = tempfile.mkdtemp(prefix="check-lift-")
        print("%s:" % label)
        sys.stdout.flush()
        try:
            summary = check(base, tools, args.size, args.seed, work, sys.stdout, args.unbound)
            print("PASS %s: %s" % (label, summary))
            passed += 1
        except (Fail, solar_reference.HarnessError) as e:
            print("FAIL %s: %s" % (label, e))
            failed += 1
        finally:
            if tmp:
                shutil.rmtree(tmp, ignore_errors=True)
        sys.stdout.flush()
    print("%d passed, %d failed" % (passed, failed))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())

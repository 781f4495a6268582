#!/usr/bin/python3
"""A stand-in for `python -m solar_import` in solar-import's tests (standard library only).

    fake_importer.py MODE [--log LOG] MODEL.py -o OUT.mlir [--small N=V,...]
                     [--entry-sizes real|small] [--reference DIR] [--reference-second DIR] [-v]

solar-import runs it through SOLAR_IMPORTER="python3 fake_importer.py MODE [--log LOG]" and
appends the importer's arguments. MODE:
    good     OUT = header lines + examples/matmul.mlir (a correct import of matmul.py)
    wrong    the same with the kernel's multiply turned into an add (validation must fail)
    refuse   `MODEL.py:LINE: error: ...` on stderr, exit 1, no OUT
    usage    a usage message on stderr, exit 2
    nosizes  OUT without a `// sizes.small:` line
    ir=PATH  OUT = PATH as it is, the references at its `// sizes.small:` line (and at its
             `// sizes.second:` line when it has one)
--log LOG appends the arguments it got, one JSON list per line. --reference DIR: the program's
outputs at the sizes.small line, written by python/solar_reference.py (as the real importer
writes them with the same code); --reference-second DIR: at M=5, N=6, K=8.
"""

import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..", "..", "..")
MATMUL = os.path.join(ROOT, "examples", "matmul.mlir")


def reference(model, out_dir, sizes):
    subprocess.run([sys.executable, os.path.join(ROOT, "python", "solar_reference.py"), model,
                    "--out", out_dir, "--sizes", sizes, "--quiet"], check=True)


def size_line(ir, key):
    """`N=4,M=8` from the `// KEY: N=4, M=8` line of ir, or None."""
    for line in ir.splitlines():
        if line.startswith("// %s:" % key):
            return line.split(":", 1)[1].replace(" ", "")
    return None


def copy_ir(path, model, out, rest):
    with open(path) as f:
        ir = f.read()
    with open(out, "w") as f:
        f.write(ir)
    for flag, key in (("--reference", "sizes.small"), ("--reference-second", "sizes.second")):
        sizes = size_line(ir, key)
        if flag in rest and sizes is not None:
            reference(model, rest[rest.index(flag) + 1], sizes)
    return 0


def main(argv):
    mode, rest = argv[0], argv[1:]
    if rest[:1] == ["--log"]:
        with open(rest[1], "a") as f:
            f.write(json.dumps(rest[2:]) + "\n")
        rest = rest[2:]
    model, out = rest[0], rest[rest.index("-o") + 1]
    small = rest[rest.index("--small") + 1] if "--small" in rest else "M=4,N=5,K=7"
    if mode == "refuse":
        sys.stderr.write("%s:9: error: unsupported operation 'torch.fft.fft'\n" % model)
        sys.stderr.write("%s:12: error: get_inputs() returns a list of tuples\n" % model)
        return 1
    if mode == "usage":
        sys.stderr.write("solar_import: error: unrecognized arguments\n")
        return 2
    if mode.startswith("ir="):
        return copy_ir(mode[3:], model, out, rest)
    with open(MATMUL) as f:
        ir = f.read()
    body = "\n".join(l for l in ir.splitlines() if not l.startswith("//")) + "\n"
    if mode == "wrong":
        body = body.replace("arith.mulf %a, %b", "arith.addf %a, %b")
    header = "// imported from %s by the fake importer\n" % os.path.basename(model)
    if mode != "nosizes":
        header += "// sizes.small: %s\n" % small.replace(",", ", ")
        header += "// sizes.real: M=1024, N=1024, K=1024\n"
    with open(out, "w") as f:
        f.write(header + body)
    if "--reference" in rest:
        reference(model, rest[rest.index("--reference") + 1], small)
    if "--reference-second" in rest:
        reference(model, rest[rest.index("--reference-second") + 1], "M=5,N=6,K=8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

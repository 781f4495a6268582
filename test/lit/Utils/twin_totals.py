#!/usr/bin/python3
"""The JAX twin of an example against its PyTorch twin, at the real sizes:

    twin_totals.py NAME... [--examples DIR] [--solar-import PATH] [--solar-opt PATH]

For each NAME: `solar-import DIR/NAME_jax.py` (imported and validated against JAX, which must
pass), `solar-import DIR/NAME.py --no-validate` (the PyTorch twin; examples/ validates it
elsewhere), then `solar-opt FILE --bind <its sizes.real> --lift-einsum --sol-fused
--report=json` on both. Prints one line per name:

    NAME: matrix_flops J T, vector_ops J T, compulsory_bytes J T: FLOPS_AND_BYTES_EQUAL
    NAME: ...: DIFFER

(J the JAX import's figure, T the PyTorch one's; FLOPS_AND_BYTES_EQUAL when the matrix FLOPs
and the compulsory bytes agree; vector ops are shown, not compared: JAX writes a bias add or
a mean's division as an op of its own), then `validated N of N`. Exit 1 when an import fails
(FAIL line), 0 otherwise.
"""

import argparse
import json
import os
import sys
import tempfile

import common


def totals(solar_opt, path):
    bind = common.sizes_bind(path, "real")
    cmd = [solar_opt, path] + (["--bind", bind] if bind else []) + [
        "--lift-einsum", "--sol-fused", "--hw", "h100-sxm", "--report=json", "-o", "/dev/null"]
    out, _ = common.run(cmd, "solar-opt on " + os.path.basename(path), timeout=600)
    t = json.loads(out)["totals"]
    return t["matrix_flops"], t["vector_ops"], t["compulsory_bytes"]


def one(name, a, work):
    jax_py = os.path.join(a.examples, name + "_jax.py")
    torch_py = os.path.join(a.examples, name + ".py")
    jax_ir = os.path.join(work, name + "_jax.mlir")
    torch_ir = os.path.join(work, name + ".mlir")
    common.run([a.solar_import, jax_py, "-o", jax_ir], "solar-import " + name + "_jax.py",
               timeout=1200)
    with open(jax_ir) as f:
        head = f.read(2000)
    if "// validated by solar-run" not in head:
        raise common.Fail("%s_jax.mlir has no validation line" % name)
    common.run([a.solar_import, torch_py, "-o", torch_ir, "--no-validate"],
               "solar-import " + name + ".py", timeout=1200)
    j, t = totals(a.solar_opt, jax_ir), totals(a.solar_opt, torch_ir)
    same = j[0] == t[0] and j[2] == t[2]
    return "%s: matrix_flops %d %d, vector_ops %d %d, compulsory_bytes %d %d: %s" % (
        name, j[0], t[0], j[1], t[1], j[2], t[2], "FLOPS_AND_BYTES_EQUAL" if same else "DIFFER")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("names", nargs="+")
    ap.add_argument("--examples", default=os.path.join(common.REPO, "examples"))
    ap.add_argument("--solar-import", default=None)
    ap.add_argument("--solar-opt", default=None)
    a = ap.parse_args()
    try:
        a.solar_import = common.find_tool(a.solar_import, ["solar-import"],
                                          os.path.join("build", "bin", "solar-import"))
        a.solar_opt = common.find_tool(a.solar_opt, ["solar-opt"],
                                       os.path.join("build", "bin", "solar-opt"))
    except common.Usage as e:
        print("twin_totals.py: error: %s" % e, file=sys.stderr)
        return 2
    ok = 0
    with tempfile.TemporaryDirectory(prefix="twin-") as work:
        for name in a.names:
            try:
                print(one(name, a, work), flush=True)
                ok += 1
            except common.Fail as e:
                print("FAIL %s: %s" % (name, e), flush=True)
    print("validated %d of %d" % (ok, len(a.names)))
    return 0 if ok == len(a.names) else 1


if __name__ == "__main__":
    sys.exit(main())

"""Times real library kernels on this machine and checks that none beats the host model's bounds
(issue 15.4): OpenBLAS through numpy (sgemm), PyTorch's CPU GEMMs in f32 and bf16 (oneDNN,
AMX where the CPU has it) and convolution (oneDNN), and a STREAM-like numpy triad over sizes
from L1 to beyond the last-level cache.

For each case: the best of a few timed runs after a warm-up, against every bound solar-opt
gives for the same computation on the model (`--cache-state warm`: a timing loop without a
flush leaves the data on chip). Prints one line per case and exits 1 if a measurement is below
a bound (a VIOLATION: the model's peaks are not peaks).

    never_beaten.py --solar-opt PATH --model HOST.json --inputs DIR [--examples DIR]
"""
import argparse
import json
import subprocess
import sys
import time

import numpy as np

try:
    import torch
except ImportError:  # the numpy cases still run
    torch = None


def best_time(fn, runs=5):
    fn()
    best = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def bounds(args, mlir, bind, extra=()):
    cmd = [args.solar_opt, mlir, "--lift-einsum", "--sol-unfused", "--sol-fused", "--sol-cache",
           "--cache-state", "warm", "--hw", args.model, "--report=json"] + list(extra)
    if bind:
        cmd += ["--bind", bind]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    sol = json.loads(out)["sol"]
    return {"unfused": sol["unfused"]["seconds"], "fused": sol["fused"]["seconds"],
            "cache": sol["cache"]["seconds"]}


def cases(args):
    n = 2048
    a = np.random.rand(n, n).astype(np.float32)
    b = np.random.rand(n, n).astype(np.float32)
    matmul = args.examples + "/matmul.mlir"
    yield ("numpy sgemm (OpenBLAS) %d^3 f32" % n, lambda: a @ b, matmul, "M=%d,N=%d,K=%d" % (n, n, n),
           ())
    if torch is not None:
        ta, tb = torch.from_numpy(a), torch.from_numpy(b)
        yield ("torch.matmul %d^3 f32" % n, lambda: torch.matmul(ta, tb), matmul,
               "M=%d,N=%d,K=%d" % (n, n, n), ())
        ha, hb = ta.to(torch.bfloat16), tb.to(torch.bfloat16)
        yield ("torch.matmul %d^3 bf16 (oneDNN)" % n, lambda: torch.matmul(ha, hb),
               args.inputs + "/matmul_bf16.mlir", "M=%d,N=%d,K=%d" % (n, n, n), ())
        x = torch.randn(8, 64, 58, 58)
        w = torch.randn(64, 64, 3, 3)
        # oneDNN may pick a Winograd algorithm: the bound every algorithm respects is the
        # fast-algorithm limit (--conv-algo=any, docs/bounds.md).
        yield ("torch conv2d 8x64x58x58 3x3 f32 (oneDNN)",
               lambda: torch.nn.functional.conv2d(x, w), args.inputs + "/conv3x3.mlir", "",
               ("--conv-algo=any",))
    s = np.array(3.0)
    for elems in (2048, 1 << 16, 1 << 20, 1 << 23):
        tb_, tc = np.random.rand(elems), np.random.rand(elems)
        ta_ = np.empty(elems)

        def triad(ta_=ta_, tb_=tb_, tc=tc):
            np.multiply(tc, s, out=ta_)
            np.add(ta_, tb_, out=ta_)

        yield ("numpy triad %d x f64 (%.3g MB)" % (elems, 24 * elems / 1e6), triad,
               args.inputs + "/triad.mlir", "N=%d" % elems, ())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--solar-opt", required=True)
    ap.add_argument("--model", required=True)
    ap.add_argument("--inputs", required=True)
    ap.add_argument("--examples", required=True)
    args = ap.parse_args()
    violations = 0
    for name, fn, mlir, bind, extra in cases(args):
        t = best_time(fn)
        bs = bounds(args, mlir, bind, extra)
        worst = max(bs, key=bs.get)
        beaten = [k for k, v in bs.items() if t < v]
        if beaten:
            violations += 1
            print("VIOLATION %s: measured %.4g s below %s" %
                  (name, t, ", ".join("%s %.4g s" % (k, bs[k]) for k in beaten)))
        else:
            print("ok %s: measured %.4g s >= %s bound %.4g s (%.3gx)" %
                  (name, t, worst, bs[worst], t / bs[worst]))
    print("%d violations" % violations)
    return 1 if violations else 0


if __name__ == "__main__":
    sys.exit(main())

"""Runs Inputs/jit/rewrites.mlir through test/lit/Utils/mlir_jit_run.py and checks every rewritten op against
the C library (ctypes, the f32 functions), bit for bit: the rewrites call the same libm.
usage: check-rewrites.py MLIR-JIT-RUN.py KERNEL.mlir WORKDIR"""
import ctypes
import ctypes.util
import os
import subprocess
import sys

import numpy as np

jit, kernel, work = sys.argv[1:4]
os.makedirs(work, exist_ok=True)
x = np.array([0.3, -0.7, 0.5, 2.5, -2.5, 0.999, 1.5, -0.0, 1e-6, -1e-6], dtype=np.float32)
z = np.array([0.25, 0.6, -0.1, 1.3, 0.0, -0.5, np.nan, 0.0, 2.0, np.nan], dtype=np.float32)
ints = np.array([7, -7, 0, 2147483647, -2147483647, 1, -1, 100, -100, 3], dtype=np.int32)
n = len(x)
for name, a in (("X", x), ("Z", z), ("XH", x.astype(np.float16)), ("I", ints)):
    np.save(os.path.join(work, name + ".npy"), a)
cmd = [sys.executable, jit, kernel, "--bind", f"N={n}", "--out-dir", os.path.join(work, "out")]
cmd += [f"--input={k}={os.path.join(work, k + '.npy')}" for k in ("X", "Z", "XH", "I")]
p = subprocess.run(cmd, capture_output=True, text=True)
sys.stdout.write(p.stdout)
if p.returncode:
    sys.exit("mlir-jit-run failed:\n" + p.stderr)

libm = ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")


def cf(fname, *cols):
    f = getattr(libm, fname)
    f.restype = ctypes.c_float
    f.argtypes = [ctypes.c_float] * len(cols)
    return np.array([f(*map(float, v)) for v in zip(*cols)], dtype=np.float32)


def same(a, b):
    return all((np.isnan(u) and np.isnan(v)) or u.tobytes() == v.tobytes() for u, v in zip(a, b))


F = np.load(os.path.join(work, "out", "F.npy"))
G = np.load(os.path.join(work, "out", "G.npy"))
H = np.load(os.path.join(work, "out", "H.npy"))
J = np.load(os.path.join(work, "out", "J.npy"))
bad = 0
checks = []
for k, fn in enumerate("tanf acosf asinf atanf cbrtf coshf sinhf roundf roundevenf truncf "
                       "expm1f log1pf".split()):
    checks.append((f"f32 {fn}", F[k], cf(fn, x)))
checks.append(("f32 maxnumf", G[0], cf("fmaxf", x, z)))
checks.append(("f32 minnumf", G[1], cf("fminf", x, z)))
xh = x.astype(np.float16).astype(np.float32)
for k, fn in enumerate("expf tanhf erff tanf".split()):
    checks.append((f"f16 {fn[:-1]}", H[k], cf(fn, xh).astype(np.float16)))
checks.append(("f16 powf", H[4], cf("powf", xh, xh).astype(np.float16)))
checks.append(("f16 log1p", H[5], cf("log1pf", xh).astype(np.float16)))
checks.append(("i32 absi", J[0], np.abs(ints)))
checks.append(("index_castui i32 -> index", J[1], ints))
checks.append(("index_castui index -> i32", J[2], np.arange(n, dtype=np.int32)))
for what, got, want in checks:
    if got.dtype != want.dtype or not same(got, want):
        bad += 1
        print(f"MISMATCH {what}: got {got!r}, want {want!r}")
    else:
        print(f"ok {what}")
print(f"{len(checks) - bad} ok, {bad} mismatched")
sys.exit(1 if bad else 0)

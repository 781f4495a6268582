"""Runs Inputs/jit/bf16.mlir through test/lit/Utils/mlir_jit_run.py and checks it against numpy: every bf16
result is the double-precision result of the op on the bf16 operands, rounded once to bf16
(nearest even), as MLIR defines bf16 arithmetic; at most 1 ulp off is allowed for exp and tanh
(the JIT rounds libm's f32 result). Inputs: X as the structured dtype [('bf16', '<u2')], W as
float32 values (rounded by the script). usage: check-bf16.py MLIR-JIT-RUN.py KERNEL.mlir WORKDIR"""
import os
import subprocess
import sys

import numpy as np

jit, kernel, work = sys.argv[1:4]
os.makedirs(work, exist_ok=True)
BF16 = np.dtype([("bf16", "<u2")])


def to_bf16(v):
    """float64 array -> bf16 bits, one rounding to nearest even."""
    v = np.asarray(v, dtype=np.float64)
    m, e = np.frexp(v)
    q = np.ldexp(1.0, np.maximum(e - 1, -126) - 7)
    r = np.round(v / q) * q  # np.round: half to even
    r = np.where(np.abs(r) >= 2.0**128, np.copysign(np.inf, v), r)
    r = np.where(np.isfinite(v) & (v != 0), r, v)
    return (r.astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)


def from_bf16(b):
    b = np.asarray(b, np.uint16)
    f = (b.reshape(-1).astype(np.uint32) << 16).view(np.float32)
    return f.astype(np.float64).reshape(b.shape)


n = 9
r = np.random.default_rng(3)
X = from_bf16(to_bf16(r.uniform(-2, 2, n)))
W = from_bf16(to_bf16(r.uniform(-2, 2, n)))
xa = np.zeros(n, BF16)
xa["bf16"] = to_bf16(X)
np.save(os.path.join(work, "x.npy"), xa)
np.save(os.path.join(work, "w.npy"), W.astype(np.float32))
cmd = [sys.executable, jit, kernel, "--bind", f"N={n}", "--shape", f"L={n}",
       "--input", f"X={os.path.join(work, 'x.npy')}", "--input", f"W={os.path.join(work, 'w.npy')}",
       "--out-dir", os.path.join(work, "out")]
p = subprocess.run(cmd, capture_output=True, text=True)
sys.stdout.write(p.stdout)
if p.returncode:
    sys.exit("mlir-jit-run failed:\n" + p.stderr)


def load(name):
    return np.load(os.path.join(work, "out", name + ".npy"))


R = lambda v: from_bf16(to_bf16(v))  # noqa: E731
third = R(0.333333333)
F32 = ((X * W).astype(np.float32) + X.astype(np.float32)).astype(np.float32)
want = [("add", R(X + W), 0), ("mul", R(X * third), 0), ("exp", R(np.exp(X)), 1),
        ("tanh(1/w)", R(np.tanh(R(1 / W))), 1),
        ("select+fma", R(np.where(X > W, X, W) * X + third), 0),
        ("truncf", R(F32.astype(np.float64)), 0)]
Y = load("Y")
bad = 0
print("Y", Y.dtype, Y.shape)
for k, (what, ref, tol) in enumerate(want):
    d = np.abs(Y["bf16"][k].astype(np.int32) - to_bf16(ref).astype(np.int32)).max()
    print(f"{'ok' if d <= tol else 'MISMATCH'} {what}: max {d} ulp")
    bad += d > tol
F = load("F")
print(f"{'ok' if np.array_equal(F, F32) else 'MISMATCH'} extf + f32 math: {F.dtype}")
bad += not np.array_equal(F, F32)
S = load("S")
ok = S.shape == () and from_bf16(S["bf16"].reshape(1))[0] == X.max()
print(f"{'ok' if ok else 'MISMATCH'} rank-0 max reduction")
bad += not ok
L = load("L")
ok = np.array_equal(L["bf16"], to_bf16(X - W))
print(f"{'ok' if ok else 'MISMATCH'} linalg.generic subf")
bad += not ok
sys.exit(1 if bad else 0)

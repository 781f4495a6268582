"""Runs Inputs/jit/types.mlir through test/lit/Utils/mlir_jit_run.py and checks every output against numpy.
usage: check-types.py MLIR-JIT-RUN.py KERNEL.mlir WORKDIR"""
import os
import subprocess
import sys

import numpy as np

jit, kernel, work = sys.argv[1:4]
os.makedirs(work, exist_ok=True)
r = np.random.default_rng(1)
X = r.uniform(-1, 1, 4).astype(np.float32)
M = np.array([True, False, True, False])
H = r.uniform(-1, 1, 4).astype(np.float16)
V = r.uniform(-1, 1, 5).astype(np.float32)
S = np.array(0.25)
cmd = [sys.executable, jit, kernel, "--bind", "N=4", "--out-dir", os.path.join(work, "out")]
for n, a in dict(X=X, M=M, H=H, V=V, S=S).items():
    np.save(os.path.join(work, n + ".npy"), a)
    cmd += ["--input", f"{n}={os.path.join(work, n + '.npy')}"]
p = subprocess.run(cmd, capture_output=True, text=True)
sys.stdout.write(p.stdout)
if p.returncode:
    sys.exit("mlir-jit-run failed:\n" + p.stderr)


def load(n):
    return np.load(os.path.join(work, "out", n + ".npy"))


def ctlz(v):
    return 32 - (v & 0xFFFFFFFF).bit_length()


t = np.where(M, X, -X).astype(np.float32)
q2 = (X * np.float32(8)).astype(np.int32)
inum = [ctlz(int(a)) + ((int(a) << (int(a) & 31)) & 0xFFFFFFFF) for a in q2]
I = np.array([(v + 2**31) % 2**32 - 2**31 for v in inum], np.int32)
O = np.zeros((4, 8), np.float32)
for i in range(4):
    for j in range(8):
        ff = np.float32(min(2 * j + 1, 5))
        O[i, j] = ff if i >= j else np.float32(np.float64(ff) * i + ff)  # fma: one rounding
R = np.float64(0)
for v in V:
    R += np.float64(v)
R = np.array(R + 0.25)
P = (H.astype(np.float32) * t).astype(np.float32)
want = {"B": X > t, "I": I, "O": O, "R": R, "U": P.view(np.int32).astype(np.int8),
        "G": np.repeat(P[:, None], 4, 1) * np.float32(2)}
bad = 0
for n in sorted(want):
    got, w = load(n), want[n]
    if got.dtype != w.dtype or got.shape != w.shape or not np.array_equal(got, w):
        bad += 1
        print(f"MISMATCH {n}: got {got.dtype} {got.shape} {got!r}, want {w.dtype} {w.shape} {w!r}")
    else:
        print(f"ok {n} {got.dtype} {list(got.shape)}")
saved = sorted(f[:-4] for f in os.listdir(os.path.join(work, "out")))
print("saved: " + " ".join(saved))
sys.exit(1 if bad else 0)

"""The tolerance rule's two implementations agree: for each case, solar-run --compare (the C
rule, lib/Exec/tolerance.c) and common.tolerance_excess (test/lit/Utils/common.py) must both
pass or both fail. solar-run runs add.mlir with y = 0, so its output is x exactly.

  tolerance_twin.py UTILS_DIR ADD_MLIR WORK_DIR
"""
import os
import subprocess
import sys

import numpy as np

sys.dont_write_bytecode = True
sys.path.insert(0, sys.argv[1])
import common  # noqa: E402

add, work = sys.argv[2], sys.argv[3]
inf, nan = np.inf, np.nan
# (label, got row-major 2x3 [x], reference, rtol, atol, expected verdict)
CASES = [
    ("boundary-in", [7, 0, 0, 0, 0, 0], [4, 0, 0, 0, 0, 0], 0.25, 0.5, True),
    ("boundary-out", [7.0625, 0, 0, 0, 0, 0], [4, 0, 0, 0, 0, 0], 0.25, 0.5, False),
    ("scaled-atol-in", [0.5, 1000, 0, 0, 0, 0], [0, 1000, 0, 0, 0, 0], 0, 1e-3, True),
    ("scaled-atol-out", [0.5, 1000, 0, 0, 0, 0], [0, 1000, 0, 0, 0, 0], 0, 1e-4, False),
    ("nan-nan", [nan, 1, 2, 3, 4, 5], [nan, 1, 2, 3, 4, 5], 0, 0, True),
    ("nan-number", [nan, 1, 2, 3, 4, 5], [0, 1, 2, 3, 4, 5], 1e9, 1e9, False),
    ("inf-inf", [inf, -inf, 2, 3, 4, 5], [inf, -inf, 2, 3, 4, 5], 0, 0, True),
    ("inf-minus-inf", [inf, 1, 2, 3, 4, 5], [-inf, 1, 2, 3, 4, 5], 1e9, 1e9, False),
    ("inf-vs-huge", [inf, 1, 2, 3, 4, 5], [3e38, 1, 2, 3, 4, 5], 1e9, 1e9, False),
    ("exact-zero-tol", [1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6], 0, 0, True),
    ("ulp-zero-tol", [1, 2, 3, 4, 5, np.nextafter(np.float32(6), np.float32(7))],
     [1, 2, 3, 4, 5, 6], 0, 0, False),
]
np.save(os.path.join(work, "y.npy"), np.zeros(3, np.float32))
bad = 0
for label, got, ref, rtol, atol, want in CASES:
    x = np.array(got, np.float32).reshape(2, 3)
    r = np.array(ref, np.float32).reshape(2, 3)
    xp, rp = os.path.join(work, label + "-x.npy"), os.path.join(work, label + "-r.npy")
    np.save(xp, x)
    np.save(rp, r)
    p = subprocess.run(["solar-run", add, "--input", "x=" + xp, "--input",
                        "y=" + os.path.join(work, "y.npy"), "--compare", "z=" + rp,
                        "--rtol", repr(rtol), "--atol", repr(atol)],
                       capture_output=True, text=True)
    c_ok = p.returncode == 0
    if p.returncode not in (0, 1):
        print("%s: solar-run failed: %s" % (label, p.stderr.strip()))
        bad += 1
        continue
    _, excess, _ = common.tolerance_excess(np, x.astype(np.float64), r.astype(np.float64),
                                           rtol, atol)
    py_ok = not bool((excess > 0).any())
    agree = c_ok == py_ok == want
    bad += not agree
    print("%s: C %s, Python %s, expected %s%s" % (label, "ok" if c_ok else "out",
                                                   "ok" if py_ok else "out",
                                                   "ok" if want else "out",
                                                   "" if agree else "  DISAGREE"))
print("%d cases, %d disagree" % (len(CASES), bad))
sys.exit(1 if bad else 0)

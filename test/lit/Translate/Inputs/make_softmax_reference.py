#!/usr/bin/python3
"""Writes what jax_softmax.py computes, with numpy alone, as a reference directory for
solar-translate --reference: in0.npy, out0.npy and a minimal sizes.json (the files are found
by name). This is how a program of any framework is validated where that framework is absent.

    make_softmax_reference.py DIR
"""
import json
import os
import sys

import numpy as np

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
B, D = 5, 12
x = np.random.RandomState(7).uniform(-1.0, 1.0, (B, D)).astype(np.float32)
e = np.exp(x.astype(np.float64) - x.max(axis=1, keepdims=True))
y = (e / e.sum(axis=1, keepdims=True)).astype(np.float32)
np.save(os.path.join(out, "in0.npy"), x)
np.save(os.path.join(out, "out0.npy"), y)
with open(os.path.join(out, "sizes.json"), "w") as f:
    json.dump({"sizes": {"B": B, "D": D}, "original_sizes": {"B": 16, "D": 1000}}, f)

"""solar-run's arguments for an imported IR and a reference directory (python/solar_reference.py):
--bind for the IR's index arguments (from sizes.json), --input for every memref argument in
order (in0.npy, in1.npy, ...), --compare for the outputs after them (out0.npy, ...).

    reference_args.py IR.mlir REF_DIR
"""
import json
import os
import re
import sys

ir, ref = sys.argv[1], sys.argv[2]
text = open(ir).read()
sig = re.search(r"func\.func @forward\((.*?)\)\s*\{", text, re.S).group(1)
args = re.findall(r"%(\w+): (index|memref<[^>]*>)", sig)
sizes = json.load(open(os.path.join(ref, "sizes.json")))
index = [n for n, t in args if t == "index"]
memrefs = [n for n, t in args if t != "index"]
n_in = len(sizes["inputs"])
out = []
if index:
    out += ["--bind", ",".join(f"{n}={sizes['sizes'][n]}" for n in index)]
for k, a in enumerate(memrefs[:n_in]):
    out += ["--input", f"{a}={os.path.join(ref, f'in{k}.npy')}"]
for j, a in enumerate(memrefs[n_in:]):
    out += ["--compare", f"{a}={os.path.join(ref, f'out{j}.npy')}"]
print(" ".join(out))

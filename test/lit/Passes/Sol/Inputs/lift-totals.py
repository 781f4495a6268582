"""For each examples/*.mlir with a sizes.small line: fused totals and the unfused bound (every source
op its own kernel: bytes, kernels, seconds) with and without lift."""
import glob, json, os, re, subprocess, sys

examples, solar_opt = sys.argv[1], sys.argv[2]
count = mismatches = 0
for path in sorted(glob.glob(os.path.join(examples, "*.mlir"))):
    m = re.search(r"^// sizes\.small:(.*)$", open(path).read(), re.M)
    if not m:
        continue
    sizes = m.group(1).replace(" ", "")
    bind = ["--bind", sizes] if sizes else []
    totals = []
    for lift in ([], ["--lift-einsum"]):
        r = subprocess.run([solar_opt, path, *bind, *lift, "--sol-unfused", "--sol-fused",
                            "--hw", "h100-sxm", "--report=json"],
                           capture_output=True, text=True)
        if r.returncode != 0:
            totals.append(("error", r.stderr.strip().splitlines()[0] if r.stderr else ""))
            continue
        rep = json.loads(r.stdout)
        t, u = rep["totals"], rep["sol"]["unfused"]
        totals.append((t["matrix_flops"], t["vector_ops"], t["compulsory_bytes"],
                       u["bytes"], u["kernels"], "%.9g" % u["seconds"]))
    count += 1
    name = os.path.basename(path)
    both_error = totals[0][0] == "error" and totals[1][0] == "error"
    if totals[0] != totals[1] and not both_error:
        mismatches += 1
        print(f"MISMATCH {name}: {totals[0]} vs lifted {totals[1]}")
    else:
        print(f"ok {name}: {totals[0]}")
print(f"{count} examples, {mismatches} mismatches")

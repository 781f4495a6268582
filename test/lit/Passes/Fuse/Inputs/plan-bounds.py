"""For each examples/*.mlir at the sizes named by the third argument (`small`, `real` or
`small,real`): lift, fuse (at the device's budget and at a budget of 1 byte, which keeps no
intermediate on chip), then check on every device of the report that
fused <= fused-plan <= unfused (bytes exactly, seconds up to rounding), that the groups cover
the nodes in order, and that no group costs more bytes than its nodes unfused. Also without
lifting (loop nests as nodes), at the small sizes."""
import json, os, re, subprocess, sys

examples, solar_opt, which_sizes = sys.argv[1], sys.argv[2], sys.argv[3].split(",")
runs = problems = 0


def check(name, args):
    global runs, problems
    r = subprocess.run([solar_opt, *args, "--sol-unfused", "--sol-fused", "--report=json",
                        "--hw", "h100-sxm,a100-sxm"], capture_output=True, text=True)
    runs += 1
    if r.returncode != 0:
        err = r.stderr.strip().splitlines()
        # A program the graph cannot count without fuse either is not fuse's problem.
        plain = [a for a in args if a != "--fuse" and not a.startswith("--pass-pipeline")]
        if subprocess.run([solar_opt, *plain, "--sol-fused", "--report=json"],
                          capture_output=True).returncode != 0:
            print(f"skip {name}: not countable ({err[0] if err else r.returncode})")
            return
        problems += 1
        print(f"ERROR {name}: {err[0] if err else r.returncode}")
        return
    rep = json.loads(r.stdout)
    nodes = rep["nodes"]
    index = {n["name"]: i for i, n in enumerate(nodes)}
    bad = []
    for dev in rep["devices"]:
        sol = dev["sol"]
        u, f, p = sol["unfused"], sol["fused"], sol["fused_plan"]
        if not f["bytes"] <= p["bytes"] <= u["bytes"]:
            bad.append(f"{dev['device']} bytes {f['bytes']} <= {p['bytes']} <= {u['bytes']}")
        tol = 1e-12 * max(u["seconds"], 1e-30)
        if not (f["seconds"] <= p["seconds"] + tol and p["seconds"] <= u["seconds"] + tol):
            bad.append(f"{dev['device']} seconds {f['seconds']} <= {p['seconds']} <= {u['seconds']}")
        nxt = 0
        for g in p["groups"]:
            a, b = index[g["first"]], index[g["last"]]
            if a != nxt or b < a or g["nodes"] != b - a + 1:
                bad.append(f"groups do not cover the nodes in order at {g['first']}")
            nxt = b + 1
            own = sum(n["bytes"] for n in nodes[a:b + 1])
            if g["bytes"] > own or g["bytes"] != g["read_bytes"] + g["write_bytes"]:
                bad.append(f"group {g['first']}..{g['last']}: {g['bytes']} bytes > {own} unfused")
        if nxt != len(nodes):
            bad.append("groups do not cover every node")
        if sum(g["bytes"] for g in p["groups"]) != p["bytes"]:
            bad.append("group bytes do not add up")
    if bad:
        problems += 1
        print(f"BAD {name}: " + "; ".join(bad))
    else:
        p = rep["sol"]["fused_plan"]
        print(f"ok {name}: {len(p['groups'])} groups, {rep['sol']['fused']['bytes']} <= "
              f"{p['bytes']} <= {rep['sol']['unfused']['bytes']}")


for path in sorted(os.listdir(examples)):
    if not path.endswith(".mlir"):
        continue
    text = open(os.path.join(examples, path)).read()
    for which in which_sizes:
        m = re.search(rf"^// sizes\.{which}:(.*)$", text, re.M)
        if not m:
            continue
        sizes = m.group(1).replace(" ", "")
        bind = ["--bind", sizes] if sizes else []
        base = [os.path.join(examples, path), *bind, "-o", os.devnull]
        check(f"{path} {which}", [*base, "--lift-einsum", "--fuse"])
        check(f"{path} {which} 1B", [*base, "--pass-pipeline=lift-einsum,fuse{max-bytes=1}"])
        if which == "small":
            check(f"{path} {which} loops", [*base, "--fuse"])
print(f"{runs} runs, {problems} problems")

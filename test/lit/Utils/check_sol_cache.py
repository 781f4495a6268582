#!/usr/bin/python3
"""Property checks of the cache-aware SOL bound (sol-cache) over a corpus of kernels.

For every example (*.mlir with a `// sizes.real: N=...` line, or static shapes) it runs
solar-opt once at the real sizes with --sol-fused --sol-cache and every device of the
check at once (--hw a.json,b.json,...: the graph is counted once), then checks, per device,
the invariants of shared/reference/io-lower-bounds.md section 11:

  1. per bounded level: compulsory <= lower bound, segment <= lower bound, lower bound =
     max(compulsory, segment), and lower bound <= attainable, the traffic of the tiles
     tile-for-cache chose (it runs too; --no-tiles leaves it out): every bounded level but
     an SM's or core's own (per_unit: tiles are not sized for it) must have an attainable
     figure, and it may never fall below the provable minimum;
  2. the cache-aware SOL is at least the fused SOL of the same device;
  3. the cache-aware SOL is the max of its terms (matrix, vector, each level's time, rate);
  4. lower bounds and the SOL never increase with capacity: each --device is also run with
     its on-chip capacities scaled by every --scales factor, and the results, ordered by
     scale, must be non-increasing level by level;
  5. with tile-for-cache, the run is repeated after --fuse: the attainable figure is then per
     fusion group (epilogues applied on chip) and must still be >= the lower bound (1) and
     never above the per-node figure of the first run, level by level.

Standard library only. Exit status 0 when every property holds (examples that cannot be
counted at all, also without sol-cache, are listed and skipped), 1 otherwise.

  test/lit/Utils/check_sol_cache.py --solar-opt build/bin/solar-opt --examples examples \\
      --device test/lit/Passes/SolCache/Inputs/tiny.json --device hardware/h100-sxm.json
"""

import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # keep the source tree free of __pycache__
import common  # noqa: E402

REL = 1e-12


def real_sizes(path):
    """The `// sizes.real:` line as a --bind value, '' without one."""
    return common.sizes_bind(path, "real") or ""


def scaled_device(path, factor, out_dir):
    """A copy of the device file with every level below DRAM `factor` times as large."""
    with open(path) as f:
        dev = json.load(f)
    for level in dev["memory"][1:]:
        level["bytes"] = max(1, int(round(level["bytes"] * factor)))
    dev["name"] = "%s x%g" % (dev["name"], factor)
    stem = os.path.splitext(os.path.basename(path))[0]
    out = os.path.join(out_dir, "%s-x%g.json" % (stem, factor))
    with open(out, "w") as f:
        json.dump(dev, f)
    return out


def run(solar_opt, example, devices, extra, tiles=True):
    sizes = real_sizes(example)
    cmd = [solar_opt, example, "--sol-fused", "--sol-cache", "--report=json",
           "--hw", ",".join(devices)] + (["--tile-for-cache"] if tiles else []) + extra
    if sizes:
        cmd += ["--bind", sizes]
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return proc.returncode, proc.stdout, proc.stderr


def check_device(tag, entry, errors, tiles):
    sol = entry["sol"]
    cache, fused = sol["cache"], sol["fused"]
    terms = [cache["matrix_seconds"], cache["vector_seconds"]]
    for lv in cache["levels"]:
        where = "%s: level %s" % (tag, lv["name"])
        if lv["bounded"]:
            comp, seg, lb = lv["compulsory_bytes"], lv["segment_bytes"], lv["lower_bound_bytes"]
            if not comp <= lb:
                errors.append("%s: compulsory %d > lower bound %d" % (where, comp, lb))
            if not seg <= lb or lb != max(comp, seg):
                errors.append("%s: lower bound %d is not max(compulsory %d, segment %d)"
                              % (where, lb, comp, seg))
            att = lv["attainable_bytes"]
            if tiles and att is None and not lv.get("per_unit"):
                errors.append("%s: no attainable figure after tile-for-cache" % where)
            if att is not None and not comp <= lb <= att:
                errors.append("%s: not compulsory %d <= lower bound %d <= attainable %d"
                              % (where, comp, lb, att))
            if lv["seconds"] is not None:
                terms.append(lv["seconds"])
                if abs(lv["seconds"] - lb / lv["bandwidth"]) > REL * lv["seconds"]:
                    errors.append("%s: seconds is not bytes / bandwidth" % where)
        elif lv["lower_bound_bytes"] is not None or lv["seconds"] is not None:
            errors.append("%s: an unbounded level carries a bound" % where)
        if lv["rate_seconds"] is not None:
            terms.append(lv["rate_seconds"])
    if cache["seconds"] < fused["seconds"] * (1 - REL):
        errors.append("%s: cache-aware SOL %.6g s below the fused SOL %.6g s"
                      % (tag, cache["seconds"], fused["seconds"]))
    if abs(cache["seconds"] - max(terms)) > REL * cache["seconds"]:
        errors.append("%s: cache-aware SOL %.6g s is not the max of its terms %.6g s"
                      % (tag, cache["seconds"], max(terms)))


def check_monotone(tag, entries, errors):
    """entries: (scale, devices[] entry), ascending scale."""
    for (s0, a), (s1, b) in zip(entries, entries[1:]):
        la, lb_ = a["sol"]["cache"]["levels"], b["sol"]["cache"]["levels"]
        for x, y in zip(la, lb_):
            if x["bounded"] and y["bounded"] and y["lower_bound_bytes"] > x["lower_bound_bytes"]:
                errors.append("%s: level %s grows with capacity: %d at x%g, %d at x%g"
                              % (tag, x["name"], x["lower_bound_bytes"], s0,
                                 y["lower_bound_bytes"], s1))
        ta, tb = a["sol"]["cache"]["seconds"], b["sol"]["cache"]["seconds"]
        if tb > ta * (1 + REL):
            errors.append("%s: SOL grows with capacity: %.6g s at x%g, %.6g s at x%g"
                          % (tag, ta, s0, tb, s1))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--solar-opt", required=True)
    ap.add_argument("--examples", required=True, help="a folder of *.mlir, or one file")
    ap.add_argument("--device", action="append", default=[],
                    help="device JSON checked at every scale (repeatable)")
    ap.add_argument("--plain-device", action="append", default=[],
                    help="device name or JSON checked at its own capacities only (repeatable)")
    ap.add_argument("--scales", default="0.25,0.5,1,2,4")
    ap.add_argument("--extra", action="append", default=[],
                    help="an extra solar-opt flag (repeatable), e.g. --extra=--tight-matmul")
    ap.add_argument("--no-tiles", action="store_true",
                    help="do not run tile-for-cache (no attainable figures to check)")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    scales = sorted(float(s) for s in args.scales.split(","))
    examples = (sorted(glob.glob(os.path.join(args.examples, "*.mlir")))
                if os.path.isdir(args.examples) else [args.examples])
    errors, checked, skipped = [], 0, []
    with tempfile.TemporaryDirectory() as tmp:
        devices, groups = [], []  # groups: (base name, [(scale, index into devices)])
        for base in args.device:
            group = []
            for s in scales:
                group.append((s, len(devices)))
                devices.append(scaled_device(base, s, tmp))
            groups.append((os.path.basename(base), group))
        plain = []
        for d in args.plain_device:
            plain.append((d, len(devices)))
            devices.append(d)
        for ex in examples:
            name = os.path.basename(ex)
            rc, out, err = run(args.solar_opt, ex, devices, args.extra, not args.no_tiles)
            if rc != 0:
                # Not countable at all (also without sol-cache): skipped, and said so.
                rc2, _, err2 = run(args.solar_opt, ex, devices[:1], [])
                sizes = real_sizes(ex)
                plain_cmd = [args.solar_opt, ex, "--sol-fused", "--report=json"]
                if sizes:
                    plain_cmd += ["--bind", sizes]
                fused_rc = subprocess.run(plain_cmd, stdout=subprocess.DEVNULL,
                                          stderr=subprocess.DEVNULL).returncode
                if fused_rc != 0:
                    skipped.append(name)
                    continue
                errors.append("%s: solar-opt failed with sol-cache only: %s"
                              % (name, (err or err2).strip().splitlines()[0:1]))
                continue
            report = json.loads(out)
            entries = report["devices"]
            if len(entries) != len(devices):
                errors.append("%s: %d device results for %d devices" % (name, len(entries),
                                                                        len(devices)))
                continue
            for i, entry in enumerate(entries):
                check_device("%s on %s" % (name, entry["device"]), entry, errors,
                             not args.no_tiles)
            if not args.no_tiles:
                rc3, out3, err3 = run(args.solar_opt, ex, devices, args.extra + ["--fuse"])
                if rc3 != 0:
                    errors.append("%s: solar-opt failed with --fuse: %s"
                                  % (name, err3.strip().splitlines()[0:1]))
                else:
                    for i, entry in enumerate(json.loads(out3)["devices"]):
                        tag = "%s on %s with --fuse" % (name, entry["device"])
                        check_device(tag, entry, errors, True)
                        per_node = entries[i]["sol"]["cache"]["levels"]
                        for lv, pn in zip(entry["sol"]["cache"]["levels"], per_node):
                            g, n = lv["attainable_bytes"], pn["attainable_bytes"]
                            if g is not None and n is not None and g > n:
                                errors.append("%s: level %s: per-group attainable %d above "
                                              "the per-node %d" % (tag, lv["name"], g, n))
            for base, group in groups:
                check_monotone("%s on %s" % (name, base),
                               [(s, entries[i]) for s, i in group], errors)
            checked += 1
            if args.verbose:
                first = entries[0]["sol"]["cache"]
                band = " ".join("%s [%s, %s]" % (lv["name"], lv["lower_bound_bytes"],
                                                 lv["attainable_bytes"])
                                for lv in first["levels"] if lv["bounded"])
                print("%-28s %s %.4g s (%s) %s" % (name, entries[0]["device"],
                                                   first["seconds"], first["bound"], band))
    for e in errors:
        print("FAIL: " + e)
    print("checked %d examples on %d device files; skipped %d (not countable: %s); %d failures"
          % (checked, len(devices), len(skipped), ", ".join(skipped) or "none", len(errors)))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())

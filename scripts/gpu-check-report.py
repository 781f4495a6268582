#!/usr/bin/env python3
"""gpu-check's report: the rows gpu/gpu-check printed, set beside the device model and the SOL
bounds, as the table README quotes (gpu-check.md) and a CSV (gpu-check.csv).

    gpu-check-report.py --measurements M.csv --out-dir DIR [--kernels gpu/kernels.json]
                        [--bounds gpu/bounds.json] [--hw hardware/h200.json] [--dry-run]
    gpu-check-report.py --update-bounds --solar-opt PATH [--kernels ...] [--bounds ...] [--hw ...]

A rate row (B/s, FLOP/s) must not be above the model's figure for it (gpu/kernels.json says
which: a level's bandwidth, a vector or matrix peak, the f32 IEEE contract's peak); a time row
must not be below any bound of its computation (unfused, fused, cache-aware). Either is a
VIOLATION: a model figure that is not a ceiling, or a bound that is not a bound.
--dry-run: the rows carry no values (the binary ran without a GPU); each gets a synthetic
value (half the model figure, twice the largest bound), and the table says DRY RUN, so the
whole report path runs on a machine without a GPU.
--update-bounds: runs solar-opt on every kernel of gpu/kernels.json and writes gpu/bounds.json.
Standard library only: the GPU machine needs nothing but python3. Exit 3 on a violation.
"""
import argparse
import csv
import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def load(path):
    with open(path) as f:
        return json.load(f)


def rel(path):
    return path if os.path.isabs(path) else os.path.join(ROOT, path)


def model_figure(device, spec):
    """The device model's figure for a rate row, with its name."""
    if "level" in spec:
        for lv in device["memory"]:
            if lv["name"] == spec["level"] and lv.get("bandwidth"):
                est = " (estimate)" if lv.get("bandwidth_estimate") else ""
                return lv["bandwidth"], "%s bandwidth%s" % (lv["name"], est)
        return None, "no %s bandwidth in the model" % spec["level"]
    peaks = device["peak_flops"]
    if "vector" in spec:
        v = peaks["vector"].get(spec["vector"])
        return v, "vector %s peak" % spec["vector"]
    if "matrix" in spec:
        v = peaks["matrix"].get(spec["matrix"])
        return v, "matrix %s peak" % spec["matrix"]
    if spec.get("fp32") == "ieee":  # IEEE f32 products: the vector unit or an f32 matrix mode
        v = max(peaks["vector"].get("f32", 0), peaks["matrix"].get("f32", 0))
        return v, "f32 IEEE peak"
    return None, "unknown model figure"


def update_bounds(args):
    kernels = load(args.kernels)["kernels"]
    out = {"device": os.path.relpath(rel(args.hw), ROOT),
           "made_by": "scripts/gpu-check.sh --update-bounds (solar-opt --lift-einsum --sol-unfused "
                      "--sol-fused --sol-cache --cache-state STATE --report=json)",
           "bounds": {}}
    for kid, k in sorted(kernels.items()):
        cmd = [args.solar_opt, rel(k["mlir"]), "--bind", k["bind"], "--lift-einsum", "--sol-unfused",
               "--sol-fused", "--sol-cache", "--cache-state", k["cache_state"], "--hw", rel(args.hw),
               "--report=json"]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit("gpu-check-report: %s: solar-opt failed: %s" % (kid, r.stderr.strip()))
        sol = json.loads(r.stdout)["sol"]
        out["bounds"][kid] = {
            "unfused": sol["unfused"]["seconds"], "fused": sol["fused"]["seconds"],
            "cache": sol["cache"]["seconds"], "cache_bound": sol["cache"]["bound"],
            "cache_state": k["cache_state"]}
    with open(args.bounds, "w") as f:
        json.dump(out, f, indent=1, sort_keys=True)
        f.write("\n")
    print("wrote %s (%d kernels)" % (args.bounds, len(out["bounds"])))


def read_rows(path):
    header, rows = [], []
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("#"):
                header.append(line[1:].strip())
            elif line:
                parts = line.split(",", 4)
                if len(parts) < 4:
                    sys.exit("gpu-check-report: %s: malformed row %r" % (path, line))
                rows.append({"id": parts[0], "kind": parts[1], "value": parts[2], "unit": parts[3],
                             "note": parts[4] if len(parts) > 4 else ""})
    return header, rows


def fmt(v, unit):
    if unit == "s":
        for scale, name in ((1, "s"), (1e-3, "ms"), (1e-6, "us"), (1e-9, "ns")):
            if v >= scale:
                return "%.3f %s" % (v / scale, name)
        return "%.3g s" % v
    for scale, prefix in ((1e15, "P"), (1e12, "T"), (1e9, "G"), (1e6, "M")):
        if v >= scale:
            return "%.4g %s%s" % (v / scale, prefix, unit)
    return "%.4g %s" % (v, unit)


def report(args):
    spec = load(args.kernels)
    device = load(rel(args.hw))
    bounds = load(args.bounds)["bounds"]
    header, rows = read_rows(args.measurements)
    table, violations, missing = [], 0, 0
    for r in rows:
        rid, kind, unit = r["id"], r["kind"], r["unit"]
        synthetic = args.dry_run and r["value"] == "dry-run"
        if kind == "rate":
            if rid not in spec["rates"]:
                sys.exit("gpu-check-report: %s: no model figure for rate row %s" %
                         (args.kernels, rid))
            fig, what = model_figure(device, spec["rates"][rid])
            if not fig:
                table.append([rid, r["note"], "-", what, "-", "no model figure"])
                continue
            value = fig / 2 if synthetic else None
            ref = "%s %s" % (what, fmt(fig, unit))
        elif kind == "time":
            if rid not in bounds:
                sys.exit("gpu-check-report: %s: no bound for kernel %s (scripts/gpu-check.sh "
                         "--update-bounds)" % (args.bounds, rid))
            b = bounds[rid]
            fig = max(b["unfused"], b["fused"], b["cache"])
            value = 2 * fig if synthetic else None
            ref = "cache %s (%s-bound; fused %s; %s cache)" % (
                fmt(b["cache"], "s"), b["cache_bound"], fmt(b["fused"], "s"), b["cache_state"])
        else:
            sys.exit("gpu-check-report: %s: unknown kind %r" % (args.measurements, kind))
        if value is None:
            try:
                value = float(r["value"])
            except ValueError:
                missing += 1
                table.append([rid, r["note"], r["value"], ref, "-", "not measured"])
                continue
        if kind == "rate":
            ratio = value / fig
            ok = value <= fig
            verdict = "ok" if ok else "VIOLATION: above the model's figure"
            ratio_text = "%.2f of the model" % ratio
        else:
            beaten = [k for k in ("unfused", "fused", "cache") if value < b[k]]
            ok = not beaten
            verdict = "ok" if ok else "VIOLATION: below the %s bound" % "/".join(beaten)
            ratio_text = "%.2fx the cache bound" % (value / b["cache"] if b["cache"] else float("inf"))
        violations += not ok
        table.append([rid, r["note"], fmt(value, unit), ref, ratio_text, verdict])
    os.makedirs(args.out_dir, exist_ok=True)
    stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    title = "gpu-check %s%s against %s" % (stamp, " (DRY RUN: synthetic values, no GPU)" if args.dry_run
                                             else "", device["name"])
    md = os.path.join(args.out_dir, "gpu-check.md")
    with open(md, "w") as f:
        f.write("%s\n\n" % title)
        for h in header:
            f.write("    %s\n" % h)
        f.write("\n| check | what | measured | model figure or bound | ratio | verdict |\n")
        f.write("|---|---|---|---|---|---|\n")
        for row in table:
            f.write("| %s |\n" % " | ".join(row))
        f.write("\n%d checks, %d violations, %d not measured\n" % (len(table), violations, missing))
    with open(os.path.join(args.out_dir, "gpu-check.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["check", "what", "measured", "model", "ratio", "verdict"])
        w.writerows(table)
    print("%s: %d checks, %d violations, %d not measured; wrote %s" %
          (title, len(table), violations, missing, md))
    for row in table:
        if row[5].startswith("VIOLATION"):
            print("VIOLATION %s: measured %s, %s" % (row[0], row[2], row[3]))
    return 3 if violations else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--measurements")
    ap.add_argument("--out-dir", default=os.path.join(ROOT, "build", "gpu-check"))
    ap.add_argument("--kernels", default=os.path.join(ROOT, "gpu", "kernels.json"))
    ap.add_argument("--bounds", default=os.path.join(ROOT, "gpu", "bounds.json"))
    ap.add_argument("--hw")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--update-bounds", action="store_true")
    ap.add_argument("--solar-opt")
    args = ap.parse_args()
    if not args.hw:
        args.hw = load(args.kernels)["device"]
    if args.update_bounds:
        if not args.solar_opt:
            ap.error("--update-bounds needs --solar-opt")
        return update_bounds(args) or 0
    if not args.measurements:
        ap.error("--measurements is required")
    return report(args)


if __name__ == "__main__":
    sys.exit(main())

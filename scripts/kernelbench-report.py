#!/usr/bin/python3
"""The KernelBench sweep's report: bounds of every problem against published times.

    kernelbench-report.py --out OUT --timing TDIR --hw DEVICE [--elapsed S] [--jobs N] STEM...

Each STEM (`level1/19_ReLU`, or `19_ReLU` for a flat folder) has, under OUT, the records that
scripts/kernelbench-step.sh wrote: STEM.import (status=ok|refused, message=...), STEM.bound
(status=ok|failed|skipped, json=...) and the solar-opt JSON report. TDIR holds KernelBench's
published timings (`baseline_time_torch.json`: eager; `..._torch_compile_inductor_default.json`:
torch.compile), {level: {file: {min, mean, ...}}} in milliseconds; a bound is compared with
`min`, the fastest of 100 trials.

A violation is a measured time below a bound that should hold for it:
  eager < unfused          eager PyTorch runs every op as its own kernel;
  eager or compile < fused, eager or compile < cache-aware (the headline SOL).
Writes OUT/kernelbench.csv, OUT/kernelbench.md (one row per problem) and OUT/headroom.svg (the
headroom eager / SOL of every bounded problem, sorted, on a log axis), then prints the refusals
grouped by cause, one line per level (validated count, median import + validate time in wall
and CPU seconds) and the summary line. Exit 0 without violations, 3 with any.
"""

import argparse
import csv
import json
import math
import os
import re
import statistics
import sys

VIOLATION_KINDS = ("eager<unfused", "eager<fused", "eager<cache", "compile<fused", "compile<cache")


def read_record(path):
    """A `key=value` file -> dict (empty when missing)."""
    rec = {}
    try:
        with open(path) as f:
            for line in f:
                key, eq, value = line.rstrip("\n").partition("=")
                if eq:
                    rec[key] = value
    except OSError:
        pass
    return rec


def load_timings(tdir):
    """{'eager': {level: {file: ms}}, 'compile': ...}; a missing file leaves that kind empty."""
    names = {"eager": "baseline_time_torch.json",
             "compile": "baseline_time_torch_compile_inductor_default.json"}
    out = {}
    for kind, name in names.items():
        table = {}
        try:
            with open(os.path.join(tdir, name)) as f:
                for level, files in json.load(f).items():
                    table[level] = {fn: v.get("min") for fn, v in files.items()}
        except (OSError, ValueError):
            pass
        out[kind] = table
    return out


def timing_of(timings, kind, stem):
    """The published min time (ms) of STEM, or None. A flat stem is looked up in every level."""
    level, _, name = stem.rpartition("/")
    fname = name + ".py"
    table = timings[kind]
    if level:
        return table.get(os.path.basename(level), {}).get(fname)
    hits = [files[fname] for files in table.values() if fname in files]
    return hits[0] if len(hits) == 1 else None


def row_of(out, stem, timings):
    imp = read_record(os.path.join(out, stem + ".import"))
    bnd = read_record(os.path.join(out, stem + ".bound"))
    level, _, name = stem.rpartition("/")
    row = {"level": os.path.basename(level) or ".", "problem": name,
           "import": imp.get("status", "missing"), "import_s": imp.get("seconds", ""),
           "import_cpu": imp.get("cpu", ""), "bound_cpu": bnd.get("cpu", ""),
           "reason": imp.get("message", "") if imp.get("status") != "ok" else ""}
    row["eager_ms"] = timing_of(timings, "eager", stem)
    row["compile_ms"] = timing_of(timings, "compile", stem)
    if bnd.get("status") == "ok":
        try:
            with open(bnd["json"]) as f:
                rep = json.load(f)
        except (OSError, ValueError, KeyError) as e:
            row["bound"] = "failed"
            row["reason"] = "unreadable report: %s" % e
            return row
        sol, tot = rep.get("sol", {}), rep.get("totals", {})
        row.update({
            "bound": "ok", "sizes": bnd.get("sizes", ""),
            "matrix_flops": tot.get("matrix_flops"), "vector_ops": tot.get("vector_ops"),
            "compulsory_bytes": tot.get("compulsory_bytes"),
            "unfused_ms": 1e3 * sol["unfused"]["seconds"] if "unfused" in sol else None,
            "fused_ms": 1e3 * sol["fused"]["seconds"] if "fused" in sol else None,
            "cache_ms": 1e3 * sol["cache"]["seconds"] if "cache" in sol else None,
            "binding": (sol.get("cache") or sol.get("fused") or {}).get("bound", ""),
            "data_dependent": rep.get("data_dependent", False),
            "cache_state": rep.get("cache_state", ""),
        })
    else:
        row["bound"] = bnd.get("status", "missing")
        if row["import"] == "ok":
            row["reason"] = bnd.get("message", "")
    row["violations"] = violations_of(row)
    sol = row.get("cache_ms")
    row["headroom_eager"] = row["eager_ms"] / sol if sol and row["eager_ms"] else None
    row["headroom_compile"] = row["compile_ms"] / sol if sol and row["compile_ms"] else None
    return row


def violations_of(row):
    found = []
    for who in ("eager", "compile"):
        t = row.get(who + "_ms")
        if t is None:
            continue
        for bound in ("unfused", "fused", "cache"):
            if who == "compile" and bound == "unfused":
                continue  # torch.compile fuses: it may beat the unfused bound
            b = row.get(bound + "_ms")
            if b is not None and t < b:
                found.append("%s<%s" % (who, bound))
    return found


def fmt(v, digits=4):
    if v is None or v == "":
        return ""
    if isinstance(v, float):
        return "%.*g" % (digits, v)
    return str(v)


COLUMNS = ["level", "problem", "import", "bound", "reason", "sizes", "matrix_flops", "vector_ops",
           "compulsory_bytes", "unfused_ms", "fused_ms", "cache_ms", "binding", "eager_ms",
           "compile_ms", "headroom_eager", "headroom_compile", "violations", "import_s",
           "import_cpu", "bound_cpu", "cache_state"]


def write_csv(path, rows):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(COLUMNS)
        for r in rows:
            w.writerow([";".join(r[c]) if c == "violations" else fmt(r.get(c), 6) for c in COLUMNS])


def write_md(path, rows, summary, hw):
    md_cols = [("level", "level"), ("problem", "problem"), ("status", None),
               ("GFLOP", "matrix_flops"), ("MB", "compulsory_bytes"), ("unfused ms", "unfused_ms"),
               ("fused ms", "fused_ms"), ("SOL ms", "cache_ms"), ("binds", "binding"),
               ("eager ms", "eager_ms"), ("compile ms", "compile_ms"),
               ("eager/SOL", "headroom_eager"), ("compile/SOL", "headroom_compile")]
    with open(path, "w") as f:
        f.write("# KernelBench sweep on %s\n\n%s\n\n" % (hw, summary))
        f.write("SOL is the cache-aware fused bound (`--sol-cache`); measured times are the published "
                "`min` of 100 trials; a violation is a measured time below a bound it must respect.\n\n")
        f.write("| " + " | ".join(c for c, _ in md_cols) + " |\n")
        f.write("|" + "---|" * len(md_cols) + "\n")
        for r in rows:
            cells = []
            for title, key in md_cols:
                if key is None:
                    if r["bound"] == "ok":
                        v = "VIOLATION " + ",".join(r["violations"]) if r["violations"] else "ok"
                    else:
                        v = "%s: %s" % (r["import"] if r["import"] != "ok" else r["bound"],
                                        r["reason"].replace("|", "\\|")[:120])
                elif key == "matrix_flops":
                    v = fmt(r[key] / 1e9) if r.get(key) is not None else ""
                elif key == "compulsory_bytes":
                    v = fmt(r[key] / 1e6) if r.get(key) is not None else ""
                else:
                    v = fmt(r.get(key))
                cells.append(v)
            f.write("| " + " | ".join(cells) + " |\n")


def write_svg(path, rows, hw):
    """Sorted headroom eager/SOL per bounded problem, log10 y axis, one colour per level."""
    pts = sorted((r["headroom_eager"], r["level"], r["problem"]) for r in rows if r.get("headroom_eager"))
    w, h, left, bottom, top = 900, 420, 60, 40, 30
    colours = {"level1": "#1f77b4", "level2": "#ff7f0e", "level3": "#2ca02c"}
    lines = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" '
             'font-size="12">' % (w, h),
             '<rect width="100%" height="100%" fill="white"/>',
             '<text x="%d" y="18">KernelBench eager time / SOL (cache-aware) on %s, sorted; '
             '1 = at the bound, below 1 = violation</text>' % (left, hw)]
    if pts:
        lo = math.floor(math.log10(min(1.0, pts[0][0])))
        hi = math.ceil(math.log10(max(10.0, pts[-1][0])))
        ph = h - bottom - top

        def y(v):
            return top + ph * (hi - math.log10(v)) / (hi - lo)

        for e in range(lo, hi + 1):
            yy = y(10.0 ** e)
            lines.append('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#ddd"/>' % (left, w - 10, yy, yy))
            lines.append('<text x="5" y="%.1f">1e%d</text>' % (yy + 4, e))
        yy = y(1.0)
        lines.append('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="red"/>' % (left, w - 10, yy, yy))
        step = (w - left - 20) / max(1, len(pts))
        for i, (v, level, name) in enumerate(pts):
            lines.append('<circle cx="%.1f" cy="%.1f" r="3" fill="%s"><title>%s/%s: %.3g</title></circle>'
                         % (left + (i + 0.5) * step, y(v), colours.get(level, "#555"), level, name, v))
        for i, (level, c) in enumerate(sorted(colours.items())):
            lines.append('<text x="%d" y="%d" fill="%s">%s</text>' % (left + 10 + 80 * i, h - 12, c, level))
    else:
        lines.append('<text x="%d" y="%d">no bounded problem with a published time</text>' % (left, h // 2))
    lines.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def geomean(vals):
    return math.exp(sum(math.log(v) for v in vals) / len(vals)) if vals else None


# Refusal causes, first match wins: (cause, pattern of the recorded message).
CAUSES = [
    ("validation past the step budget's ceiling (the program's cost at its smallest sizes)",
     r"loop iterations, more than solar-run's limit"),
    ("validation ran out of time", r"did not finish within|solar-import did not finish"),
    ("random numbers in forward", r"draws random numbers"),
    ("outputs differ from PyTorch's", r"outputs differ|correct at .* but not at"),
    ("an operator without an emitter", r"is not supported by solar-import"),
    ("a module the program imports is missing", r"No module named"),
    ("the program cannot be traced", r"cannot be traced|tracing forward failed"),
    ("a plain tensor attribute", r"neither a parameter nor a buffer"),
    ("solar-run fails on the input files", r"solar-run failed"),
    ("bounds: solar-opt did not finish", r"solar-opt did not finish"),
    ("bounds: a size solar-opt cannot infer", r"cannot size"),
]


def cause_of(row):
    text = row["reason"] or row["import"]
    for cause, pattern in CAUSES:
        if re.search(pattern, text):
            return cause
    return "other: " + text[:120]


def refusals(rows):
    """[(cause, [level/problem])] of the rows not imported or not bounded, biggest first."""
    groups = {}
    for r in rows:
        if r["import"] != "ok" or r["bound"] != "ok":
            groups.setdefault(cause_of(r), []).append("%s/%s" % (r["level"], r["problem"]))
    return sorted(groups.items(), key=lambda kv: -len(kv[1]))


def _median(rows, key):
    vals = [float(r[key]) for r in rows if r.get(key) not in (None, "")]
    return statistics.median(vals) if vals else None


def level_lines(rows):
    """Per level: validated / problems, and the median import + validate time."""
    out = []
    for level in sorted(set(r["level"] for r in rows)):
        mine = [r for r in rows if r["level"] == level]
        ok = [r for r in mine if r["import"] == "ok"]
        wall, cpu = _median(ok, "import_s"), _median(ok, "import_cpu")
        out.append("kernelbench: %s %d of %d imported and validated; import + validate median "
                   "%s s wall, %s s CPU" % (level, len(ok), len(mine), fmt(wall, 3),
                                           fmt(cpu, 3) if cpu is not None else "?"))
    return out


def summarize(rows, elapsed, jobs):
    n = len(rows)
    imported = sum(r["import"] == "ok" for r in rows)
    bounded = [r for r in rows if r["bound"] == "ok"]
    counts = {k: sum(k in r["violations"] for r in rows) for k in VIOLATION_KINDS}
    he = [r["headroom_eager"] for r in bounded if r.get("headroom_eager")]
    hc = [r["headroom_compile"] for r in bounded if r.get("headroom_compile")]
    parts = ["kernelbench: %d problems, %d imported and validated, %d refused, %d bounded" %
             (n, imported, n - imported, len(bounded)),
             "violations: " + ", ".join("%s %d" % (k, v) for k, v in counts.items())]
    if he:
        parts.append("headroom eager/SOL median %.3g geomean %.3g" % (statistics.median(he), geomean(he)))
    if hc:
        parts.append("compile/SOL median %.3g geomean %.3g" % (statistics.median(hc), geomean(hc)))
    states = sorted({r["cache_state"] for r in bounded if r.get("cache_state")})
    if states:
        parts.append("cache state %s" % "/".join(states))
    if elapsed is not None:
        parts.append("%d s with -j %d" % (elapsed, jobs))
    cpu = [float(r[k]) for r in rows for k in ("import_cpu", "bound_cpu") if r.get(k)]
    if cpu:
        parts.append("%d s CPU in the steps" % sum(cpu))
    return "; ".join(parts), sum(counts.values())


def main(argv):
    ap = argparse.ArgumentParser(prog="kernelbench-report.py", description=__doc__.split("\n")[0])
    ap.add_argument("--out", required=True)
    ap.add_argument("--timing", required=True)
    ap.add_argument("--hw", required=True)
    ap.add_argument("--elapsed", type=int)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("stems", nargs="+")
    a = ap.parse_args(argv)
    timings = load_timings(a.timing)
    rows = [row_of(a.out, s, timings) for s in a.stems]
    summary, nviol = summarize(rows, a.elapsed, a.jobs)
    write_csv(os.path.join(a.out, "kernelbench.csv"), rows)
    write_md(os.path.join(a.out, "kernelbench.md"), rows, summary, a.hw)
    write_svg(os.path.join(a.out, "headroom.svg"), rows, a.hw)
    for r in rows:
        if r["violations"]:
            print("VIOLATION %s/%s: %s (eager %s ms, compile %s ms; unfused %s, fused %s, SOL %s ms)" % (
                r["level"], r["problem"], ",".join(r["violations"]), fmt(r["eager_ms"]),
                fmt(r["compile_ms"]), fmt(r.get("unfused_ms")), fmt(r.get("fused_ms")),
                fmt(r.get("cache_ms"))))
    for r in rows:
        if r["import"] != "ok" or r["bound"] != "ok":
            print("refused %s/%s: %s" % (r["level"], r["problem"], r["reason"] or r["import"]))
    for cause, which in refusals(rows):
        print("refused %d: %s: %s" % (len(which), cause, " ".join(which)))
    for line in level_lines(rows):
        print(line)
    print(summary)
    print("wrote %s, kernelbench.md, headroom.svg" % os.path.join(a.out, "kernelbench.csv"))
    return 3 if nviol else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

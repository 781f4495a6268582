"""Checks the shape of one `solar-validate --json` object and prints a one-line summary."""
import argparse
import json
import sys

ap = argparse.ArgumentParser()
ap.add_argument("file")
ap.add_argument("--violations", default="")
ap.add_argument("--exit", type=int, required=True)
ap.add_argument("--warm", action="store_true")
a = ap.parse_args()
with open(a.file) as f:
    j = json.load(f)


def need(cond, what):
    if not cond:
        print("bad: " + what)
        sys.exit(1)


for key in ("name", "model", "kernel", "state", "sizes", "hw", "device", "device_model", "cold",
            "premise", "measured", "bounds", "violations", "exit"):
    need(key in j, "missing key " + key)
need(j["state"] == "ok", "state " + j["state"])
need(j["exit"] == a.exit, "exit %s" % j["exit"])
need(j["cold"] == (not a.warm), "cold %s" % j["cold"])
m = j["measured"]
for key in ("min_s", "median_s", "trials", "trials_requested", "warmup", "aten_ops", "flush_bytes",
            "budget_hit", "sizes"):
    need(key in m, "measured lacks " + key)
need(0 < m["min_s"] <= m["median_s"], "min/median")
need(m["trials"] >= 1 and m["trials"] <= m["trials_requested"], "trials")
need((m["flush_bytes"] == 0) == a.warm, "flush_bytes")
need(all(o["name"].startswith("aten::") for o in m["aten_ops"]), "aten ops")
names = ["unfused", "fused-plan", "fused", "cache"]
need(sorted(j["bounds"]) == sorted(names), "bounds %s" % sorted(j["bounds"]))
for n, b in j["bounds"].items():
    need(b["seconds"] > 0 and b["kind"] in ("matrix", "vector", "memory"), n)
    need(abs(b["headroom"] - m["min_s"] / b["seconds"]) <= 1e-9 * b["headroom"], n + " headroom")
    need(b["violated"] == (m["min_s"] < b["seconds"]), n + " violated")
got = [v["bound"] for v in j["violations"]]
want = [v for v in a.violations.split(",") if v]
need(got == want, "violations %s" % got)
counted = [v["bound"] for v in j["violations"] if v["counted"]]
need(counted == [v for v in want if v in ("fused", "cache")], "counted %s" % counted)
print("ok: %d bounds, violations %s (counted: %s), exit %d%s"
      % (len(j["bounds"]), " ".join(got) or "none", " ".join(counted) or "none", j["exit"],
         ", warm" if a.warm else ""))

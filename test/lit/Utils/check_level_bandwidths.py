"""Issue 15.6's promise about the GPU device models, checked against the files and a report.

Usage: check_level_bandwidths.py HARDWARE_DIR REPORT.json

A GPU file is one with a kernel-scoped level (shared memory, LDS). In each, every level from
DRAM down to the first kernel-scoped one must give a bandwidth; a bandwidth marked as an
estimate must be the documented derivation, 128 B/clk per SM (CU) x the SMs x clock_ghz, and a
source line must say it is an upper estimate. In the report (solar-opt --sol-cache --hw all
--report=json), each of those levels must have a time on its device, so its term is live.
Prints one line per GPU; exits 1 with the reasons on the first file or device that fails.
"""
import glob
import json
import os
import sys


def check_file(path):
    d = json.load(open(path))
    levels = d["memory"]
    scoped = [k for k, L in enumerate(levels) if L.get("kernel_scoped")]
    if not scoped:
        return None, []
    first = scoped[0]
    sms = levels[first]["units"]
    errors, live = [], []
    for L in levels[: first + 1]:
        bw = L.get("bandwidth")
        if not bw or bw <= 0:
            errors.append("%s has no bandwidth" % L["name"])
            continue
        live.append(L["name"])
        if L.get("bandwidth_estimate"):
            derived = 128 * sms * d["clock_ghz"] * 1e9
            if abs(bw / derived - 1) > 1e-3:
                errors.append("%s: %.6g B/s is not 128 B/clk x %d x %g GHz = %.6g" %
                              (L["name"], bw, sms, d["clock_ghz"], derived))
    if any(L.get("bandwidth_estimate") for L in levels) and \
            not any("upper estimate" in s for s in d.get("sources", [])):
        errors.append("estimated bandwidths without a source line deriving them")
    return d["name"], errors, live


def main():
    hw, report = sys.argv[1], json.load(open(sys.argv[2]))
    timed = {}
    for dev in report["devices"]:
        timed[dev["device"]] = {L["name"] for L in dev["sol"]["cache"]["levels"]
                                if L.get("seconds") is not None}
    failed = False
    for path in sorted(glob.glob(os.path.join(hw, "*.json"))):
        name, *rest = check_file(path)
        if name is None:
            continue
        errors, live = rest
        errors += ["%s has no time in the report" % n for n in live if n not in timed.get(name, ())]
        print("%s: %s" % (name, "; ".join(errors) if errors else "ok " + ", ".join(live)))
        failed |= bool(errors)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()

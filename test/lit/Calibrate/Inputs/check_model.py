"""Checks a device model written by solar-calibrate: the schema's keys, plausible figures, the
CPU it describes, and a source line explaining each figure (the microarchitecture's peaks and the
measurements that check them)."""
import json
import sys

model = json.load(open(sys.argv[1]))
assert model["measured"] is True, "measured must be true"
assert 0.5 < model["clock_ghz"] < 10, f"implausible clock {model['clock_ghz']}"
vector = model["peak_flops"]["vector"]
assert "f32" in vector and "f64" in vector, vector
cpu = model["cpu"]
assert cpu["vendor"] and cpu["cores"] >= 1, cpu
assert model["fp32_matmul"]["default"] == "ieee", model["fp32_matmul"]
cores = cpu["cores"]
table = [s for s in model["sources"] if s.startswith("peaks from the microarchitecture")]
assert len(table) == 1, "no line for the microarchitecture's peaks"
# Loose on purpose: lit runs tests in parallel, so the quick figures see other load. A 512-bit
# or 256-bit FMA kernel that ran at all is far above one FLOP per core-cycle.
assert vector["f32"] >= cores * model["clock_ghz"] * 1e9, "f32 below 1 FLOP/core-cycle"
for dtype, rate in list(vector.items()) + list(model["peak_flops"]["matrix"].items()):
    assert rate > 0, (dtype, rate)
    assert table or any(s.startswith(f"vector {dtype}:") or s.startswith(f"matrix {dtype}:")
                        for s in model["sources"]), f"no source line for {dtype}"
# A measurement above the microarchitecture's peak means the table row is wrong for this CPU.
failed = [s for s in model["sources"] if s.startswith("CHECK FAILED")]
assert not failed, failed
levels = model["memory"]
assert levels[0]["name"] == "DRAM" and levels[0]["bandwidth"] > 0, levels[0]
for level in levels:
    assert level["bytes"] > 0 and level.get("bandwidth", 0) > 0, level
    assert any(s.startswith(level["name"] + ":") for s in model["sources"]), level["name"]
# Outer levels are bigger and not faster than the inner ones they feed.
for outer, inner in zip(levels, levels[1:]):
    assert outer["bytes"] * outer.get("units", 1) >= inner["bytes"] * inner.get("units", 1), (outer, inner)
print("ok")

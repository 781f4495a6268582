"""Writes one function of arith.constant ops (MLIR 14 spelling) that covers every f16 and bf16
bit pattern, random f32/f64 bit patterns (NaN payloads included), random decimal literals of
each float type, and random integers of many widths, decimal and hex. Deterministic."""
import random
import sys

rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
lines = ["func @constants() {"]
n = 0


def emit(text, ty):
    global n
    lines.append(f"  %c{n} = arith.constant {text} : {ty}")
    n += 1


for ty in ("f16", "bf16"):
    for bits in range(0x10000):
        emit(f"0x{bits:04X}", ty)
for _ in range(20000):
    emit(f"0x{rng.getrandbits(32):08X}", "f32")
    emit(f"0x{rng.getrandbits(64):016X}", "f64")
# Decimal literals: always with a dot, within each type's finite range.
for ty, limit in (("f16", 65000.0), ("bf16", 3.0e38), ("f32", 3.0e38), ("f64", 1.0e308)):
    for _ in range(3000):
        v = rng.uniform(-1, 1) * limit * 10.0 ** -rng.randrange(0, 40 if ty != "f16" else 8)
        emit(f"{v:.{rng.randrange(1, 20)}e}", ty)
for width in (1, 2, 7, 8, 16, 31, 32, 33, 63, 64):
    for _ in range(300):
        v = rng.randrange(-(1 << (width - 1)), 1 << (width - 1)) if width > 1 else rng.randrange(2)
        emit(str(v), f"i{width}")
        emit(f"0x{rng.getrandbits(width):X}", f"i{width}")
for _ in range(300):
    emit(str(rng.randrange(-(1 << 63), 1 << 63)), "index")
lines += ["  return", "}"]
sys.stdout.write("\n".join(lines) + "\n")

"""Writes a function of random affine.apply ops (MLIR 14 spelling) on constant operands, in
both of solar-opt's input forms: inline affine_map literals, and affine.load subscripts
written with SSA values. After `mlir-opt-14 -canonicalize` every apply folds to a constant, so
the original and solar-opt's rewrite of it must fold to the same constants. Deterministic."""
import random
import sys

rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
COUNT = int(sys.argv[2]) if len(sys.argv) > 2 else 400


def expr(depth, atoms):
    """A random affine expression over atoms (dims and symbols), as text."""
    if depth == 0 or rng.random() < 0.25:
        if rng.random() < 0.3:
            return str(rng.randrange(-20, 21))
        return rng.choice(atoms)
    kind = rng.randrange(7)
    a = expr(depth - 1, atoms)
    if kind == 0:
        return f"{a} + {expr(depth - 1, atoms)}"
    if kind == 1:
        return f"{a} - ({expr(depth - 1, atoms)})"
    if kind == 2:
        return f"({a}) * {rng.randrange(-9, 10)}"
    if kind == 3:
        return f"{rng.randrange(-9, 10)} * ({a})"
    if kind == 4:
        op = rng.choice(["floordiv", "ceildiv", "mod"])
        return f"({a}) {op} {rng.randrange(1, 9)}"
    if kind == 5:
        return f"-({a})"
    return f"({a})"


lines = ["func @applies(%A: memref<?xindex>) {"]
consts = {}


def const(v):
    if v not in consts:
        consts[v] = f"%k{len(consts)}"
        lines.append(f"  {consts[v]} = arith.constant {v} : index")
    return consts[v]


for i in range(COUNT):
    e = expr(4, ["d0", "d1", "s0"])
    args = [const(rng.randrange(-50, 51)) for _ in range(3)]
    lines.append(f"  %a{i} = affine.apply affine_map<(d0, d1)[s0] -> ({e})>({args[0]}, {args[1]})[{args[2]}]")
    lines.append(f"  memref.store %a{i}, %A[{const(i)}] : memref<?xindex>")
    # The same kind of expression as a subscript: SSA values are dims, symbol(...) symbols.
    # Canonicalization folds the constant operands into the access map.
    x, y, z = (const(rng.randrange(-50, 51)) for _ in range(3))
    sub = expr(4, ["%X", "%Y", "symbol(%Z)"]).replace("%X", x).replace("%Y", y).replace("%Z", z)
    lines.append(f"  %l{i} = affine.load %A[{sub}] : memref<?xindex>")
    lines.append(f"  memref.store %l{i}, %A[{const(i)}] : memref<?xindex>")
lines += ["  return", "}"]
sys.stdout.write("\n".join(lines) + "\n")

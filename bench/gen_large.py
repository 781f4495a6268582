#!/usr/bin/python3
"""Generate a large affine-dialect program for benchmarking solar-opt against mlir-opt-14.

Standard library only and deterministic for a given --seed. Each function holds --nests
top-level loop nests drawn from the mix of reference/mlir-subset.md section 10:

  matmul      i/j loops around a k loop with an iter_args reduction
  tiled       two-level tiling over a memref<?x?xf32>, `#lb(%i) to min #ub(%i)[%n]`
  elementwise math.exp / math.tanh / math.sqrt / abs, arith.cmpf + select, maxf
  rowreduce   two-result reduction `%r:2 = affine.for ... -> (f32, f32)` (max and sum)
  stencil     5-point stencil under `affine.if #interior(...)[...]` with an else branch
  convert     f16 -> f32 -> f16 via arith.extf / arith.truncf

--spelling v14 gives what mlir-opt-14 reads (func @f, select, arith.maxf, math.abs);
--spelling current gives current MLIR (func.func, arith.select, arith.maximumf, math.absf).
The two outputs differ only in those spellings.

Example: /usr/bin/python3 bench/gen_large.py --funcs 1000 --nests 40 --spelling v14 -o big.mlir
"""

import argparse
import random
import sys

SPELLINGS = {
    "v14": {"func": "func", "select": "select", "maxf": "arith.maxf", "abs": "math.abs"},
    "current": {
        "func": "func.func",
        "select": "arith.select",
        "maxf": "arith.maximumf",
        "abs": "math.absf",
    },
}

SIZES = (32, 48, 64, 96, 128)
TILES = (8, 16, 32, 64)
KINDS = ("matmul", "tiled", "elementwise", "rowreduce", "stencil", "convert")


def aliases():
    out = ["#lb = affine_map<(d0) -> (d0)>"]
    for t in TILES:
        out.append(f"#ub{t} = affine_map<(d0)[s0] -> (d0 + {t}, s0)>")
    out.append(
        "#interior = affine_set<(d0, d1)[s0] : "
        "(d0 - 1 >= 0, -d0 + s0 - 2 >= 0, d1 - 1 >= 0, -d1 + s0 - 2 >= 0)>"
    )
    return out


def fconst(rng):
    """A float literal with a dot, as MLIR requires."""
    return f"{rng.randint(1, 255) / 64.0:.6e}"


class Func:
    """Emits one function; value names are unique within it (nested regions may not shadow)."""

    def __init__(self, rng, sp, index, nests):
        self.rng, self.sp, self.index, self.nests = rng, sp, index, nests
        self.counter = 0
        self.lines = []
        self.loops = 0

    def name(self, prefix):
        self.counter += 1
        return f"%{prefix}{self.counter}"

    def emit(self, depth, text):
        self.lines.append("  " * depth + text)

    def loop(self, depth, iv, lo, hi, step=None, tail=" {"):
        self.loops += 1
        s = f" step {step}" if step else ""
        self.emit(depth, f"affine.for {iv} = {lo} to {hi}{s}{tail}")

    def generate(self):
        rng, sp = self.rng, self.sp
        S = self.S = rng.choice(SIZES)
        m2, m1, h2 = f"memref<{S}x{S}xf32>", f"memref<{S}xf32>", f"memref<{S}x{S}xf16>"
        self.m2, self.m1, self.h2, self.dyn = m2, m1, h2, "memref<?x?xf32>"
        self.emit(
            1,
            f"{sp['func']} @f{self.index}(%A: {m2}, %B: {m2}, %C: {m2}, %v: {m1}, %u: {m1}, "
            f"%H: {h2}, %G: {h2}, %X: memref<?x?xf32>, %Y: memref<?x?xf32>, %n: index) {{",
        )
        self.emit(2, "%c1 = arith.constant 1 : index")
        self.emit(2, f"%cS = arith.constant {S} : index")
        self.emit(2, "%m = memref.dim %X, %c1 : memref<?x?xf32>")
        self.emit(2, "%zero = arith.constant 0.000000e+00 : f32")
        self.emit(2, "%ninf = arith.constant 0xFF800000 : f32")
        self.emit(2, f"%scale = arith.constant {fconst(rng)} : f32")
        self.emit(2, f"%bias = arith.constant {fconst(rng)} : f32")
        for _ in range(self.nests):
            getattr(self, "nest_" + rng.choice(KINDS))(2)
        self.emit(2, "return")
        self.emit(1, "}")

    # C[i, j] = sum_k A[i, k] * B[k, j]
    def nest_matmul(self, d):
        S, m2 = self.S, self.m2
        i, j, k = self.name("i"), self.name("j"), self.name("k")
        acc, s = self.name("acc"), self.name("s")
        self.loop(d, i, 0, S)
        self.loop(d + 1, j, 0, S)
        self.loops += 1
        self.emit(d + 2, f"{s} = affine.for {k} = 0 to {S} iter_args({acc} = %zero) -> (f32) {{")
        a, b, p, q = self.name("a"), self.name("b"), self.name("p"), self.name("q")
        self.emit(d + 3, f"{a} = affine.load %A[{i}, {k}] : {m2}")
        self.emit(d + 3, f"{b} = affine.load %B[{k}, {j}] : {m2}")
        self.emit(d + 3, f"{p} = arith.mulf {a}, {b} : f32")
        self.emit(d + 3, f"{q} = arith.addf {acc}, {p} : f32")
        self.emit(d + 3, f"affine.yield {q} : f32")
        self.emit(d + 2, "}")
        self.emit(d + 2, f"affine.store {s}, %C[{i}, {j}] : {m2}")
        self.emit(d + 1, "}")
        self.emit(d, "}")

    # Y[ii, jj] = X[ii, jj] * scale + bias over tiles with partial last tiles
    def nest_tiled(self, d):
        rng = self.rng
        ti, tj = rng.choice(TILES), rng.choice(TILES)
        i, ii, j, jj = self.name("i"), self.name("ii"), self.name("j"), self.name("jj")
        self.loop(d, i, 0, "%n", ti)
        self.loop(d + 1, j, 0, "%m", tj)
        self.loop(d + 2, ii, f"#lb({i})", f"min #ub{ti}({i})[%n]")
        self.loop(d + 3, jj, f"#lb({j})", f"min #ub{tj}({j})[%m]")
        x, y, z = self.name("x"), self.name("y"), self.name("z")
        self.emit(d + 4, f"{x} = affine.load %X[{ii}, {jj}] : {self.dyn}")
        self.emit(d + 4, f"{y} = arith.mulf {x}, %scale : f32")
        self.emit(d + 4, f"{z} = arith.addf {y}, %bias : f32")
        self.emit(d + 4, f"affine.store {z}, %Y[{ii}, {jj}] : {self.dyn}")
        for k in range(3, -1, -1):
            self.emit(d + k, "}")

    # C[i, j] = max(select(cmp(exp(A), tanh(B)), sqrt|A|, tanh(B)), 0)
    def nest_elementwise(self, d):
        rng, sp, S, m2 = self.rng, self.sp, self.S, self.m2
        i, j = self.name("i"), self.name("j")
        self.loop(d, i, 0, S)
        self.loop(d + 1, j, 0, S)
        b = d + 2
        a, bb = self.name("a"), self.name("b")
        e, t, ab, sq = self.name("e"), self.name("t"), self.name("abs"), self.name("sq")
        c, sel, mx = self.name("c"), self.name("sel"), self.name("mx")
        self.emit(b, f"{a} = affine.load %A[{i}, {j}] : {m2}")
        self.emit(b, f"{bb} = affine.load %B[{i}, {j}] : {m2}")
        self.emit(b, f"{e} = math.exp {a} : f32")
        self.emit(b, f"{t} = math.tanh {bb} : f32")
        self.emit(b, f"{ab} = {sp['abs']} {a} : f32")
        self.emit(b, f"{sq} = math.sqrt {ab} : f32")
        pred = rng.choice(("ogt", "olt", "oge", "ole"))
        self.emit(b, f"{c} = arith.cmpf {pred}, {e}, {t} : f32")
        self.emit(b, f"{sel} = {sp['select']} {c}, {sq}, {t} : f32")
        self.emit(b, f"{mx} = {sp['maxf']} {sel}, %zero : f32")
        self.emit(b, f"affine.store {mx}, %C[{i}, {j}] : {m2}")
        self.emit(d + 1, "}")
        self.emit(d, "}")

    # v[i] = max_j A[i, j]; u[i] = sum_j A[i, j] / max_j A[i, j]
    def nest_rowreduce(self, d):
        sp, S, m2, m1 = self.sp, self.S, self.m2, self.m1
        i, j, r = self.name("i"), self.name("j"), self.name("r")
        mx, sm = self.name("mx"), self.name("sum")
        self.loop(d, i, 0, S)
        self.loops += 1
        self.emit(
            d + 1,
            f"{r}:2 = affine.for {j} = 0 to {S} iter_args({mx} = %ninf, {sm} = %zero) -> (f32, f32) {{",
        )
        x, mx1, sm1 = self.name("x"), self.name("mx"), self.name("sum")
        self.emit(d + 2, f"{x} = affine.load %A[{i}, {j}] : {m2}")
        self.emit(d + 2, f"{mx1} = {sp['maxf']} {mx}, {x} : f32")
        self.emit(d + 2, f"{sm1} = arith.addf {sm}, {x} : f32")
        self.emit(d + 2, f"affine.yield {mx1}, {sm1} : f32, f32")
        self.emit(d + 1, "}")
        q = self.name("q")
        self.emit(d + 1, f"{q} = arith.divf {r}#1, {r}#0 : f32")
        self.emit(d + 1, f"affine.store {r}#0, %v[{i}] : {m1}")
        self.emit(d + 1, f"affine.store {q}, %u[{i}] : {m1}")
        self.emit(d, "}")

    # C = 5-point stencil of A in the interior, copy of A on the border
    def nest_stencil(self, d):
        S, m2 = self.S, self.m2
        i, j = self.name("i"), self.name("j")
        self.loop(d, i, 0, S)
        self.loop(d + 1, j, 0, S)
        self.emit(d + 2, f"affine.if #interior({i}, {j})[%cS] {{")
        b = d + 3
        n, s, w, e, c = (self.name(p) for p in ("n", "s", "w", "e", "c"))
        self.emit(b, f"{n} = affine.load %A[{i} - 1, {j}] : {m2}")
        self.emit(b, f"{s} = affine.load %A[{i} + 1, {j}] : {m2}")
        self.emit(b, f"{w} = affine.load %A[{i}, {j} - 1] : {m2}")
        self.emit(b, f"{e} = affine.load %A[{i}, {j} + 1] : {m2}")
        self.emit(b, f"{c} = affine.load %A[{i}, {j}] : {m2}")
        t1, t2, t3, t4, t5 = (self.name("t") for _ in range(5))
        self.emit(b, f"{t1} = arith.addf {n}, {s} : f32")
        self.emit(b, f"{t2} = arith.addf {w}, {e} : f32")
        self.emit(b, f"{t3} = arith.addf {t1}, {t2} : f32")
        self.emit(b, f"{t4} = arith.mulf {t3}, %scale : f32")
        self.emit(b, f"{t5} = arith.subf {t4}, {c} : f32")
        self.emit(b, f"affine.store {t5}, %C[{i}, {j}] : {m2}")
        self.emit(d + 2, "} else {")
        x = self.name("x")
        self.emit(b, f"{x} = affine.load %A[{i}, {j}] : {m2}")
        self.emit(b, f"affine.store {x}, %C[{i}, {j}] : {m2}")
        self.emit(d + 2, "}")
        self.emit(d + 1, "}")
        self.emit(d, "}")

    # G[i, j] = f16(f32(H[i, j]) * A[i, j])
    def nest_convert(self, d):
        S, m2, h2 = self.S, self.m2, self.h2
        i, j = self.name("i"), self.name("j")
        self.loop(d, i, 0, S)
        self.loop(d + 1, j, 0, S)
        b = d + 2
        h, f, a, p, t = (self.name(x) for x in ("h", "f", "a", "p", "t"))
        self.emit(b, f"{h} = affine.load %H[{i}, {j}] : {h2}")
        self.emit(b, f"{f} = arith.extf {h} : f16 to f32")
        self.emit(b, f"{a} = affine.load %A[{i}, {j}] : {m2}")
        self.emit(b, f"{p} = arith.mulf {f}, {a} : f32")
        self.emit(b, f"{t} = arith.truncf {p} : f32 to f16")
        self.emit(b, f"affine.store {t}, %G[{i}, {j}] : {h2}")
        self.emit(d + 1, "}")
        self.emit(d, "}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--funcs", type=int, default=1000, help="number of functions (1000)")
    ap.add_argument("--nests", type=int, default=40, help="top-level loop nests per function (40)")
    ap.add_argument("--spelling", choices=sorted(SPELLINGS), default="v14")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("-o", "--output", default="-", help="output file ('-' = stdout)")
    ap.add_argument("--stats", action="store_true", help="print size and nest counts to stderr")
    args = ap.parse_args(argv)

    rng = random.Random(args.seed)
    sp = SPELLINGS[args.spelling]
    out = open(args.output, "w") if args.output != "-" else sys.stdout
    size, loops = 0, 0

    def write(text):
        nonlocal size
        out.write(text)
        size += len(text)

    write(
        f"// Generated by bench/gen_large.py --funcs {args.funcs} --nests {args.nests} "
        f"--spelling {args.spelling} --seed {args.seed}\n"
    )
    write("\n".join(aliases()) + "\nmodule {\n")
    for fi in range(args.funcs):
        f = Func(rng, sp, fi, args.nests)
        f.generate()
        loops += f.loops
        write("\n".join(f.lines) + "\n")
    write("}\n")
    if out is not sys.stdout:
        out.close()
    if args.stats:
        print(
            f"{size} bytes, {args.funcs} functions, {args.funcs * args.nests} top-level nests, "
            f"{loops} affine.for ops",
            file=sys.stderr,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/python3
"""Generate a large einsum graph (one @forward, N top-level loop nests) for timing sol-cache.

Standard library only, deterministic for a given --seed. The graph is a chain of layers over
activations of shape [T, D] (memref.alloc'd intermediates) with a few shared weight arguments,
so that every kind of statement the cache-aware bound sees is present at varied sizes:

  matmul     act[T, Din] x W[Din, Dout] -> act (a weight argument; iter_args reduction)
  inplace    act[T, D] += X[T, K] x W[K, D] read-modify-write on an argument input
  scores     act[T, D] x act'[T, D]^T -> act[T, T] (both operands intermediates)
  conv       a 3-tap window over the sequence, act[t + r, c] x Wc[r, c, o]
  gelu       elementwise (tanh form)
  rowsum     a reduction to act[T, 1]-like vectors, broadcast back
  scale      act * a weight vector (elementwise with a broadcast)

Every nest has static shapes, so no --bind is needed:

  bench/sol/gen_graph.py --nodes 10000 --seed 1 -o build/bench/sol-graph.mlir
"""

import argparse
import random
import sys

TS = (32, 64, 96, 128)
DS = (32, 48, 64, 96, 128)


class Gen:
    def __init__(self, rng):
        self.rng = rng
        self.lines = []
        self.n_alloc = 0
        self.weights = {}  # (rows, cols) -> arg name
        self.vectors = {}  # cols -> arg name
        self.inputs = {}   # (rows, cols) -> arg name

    def weight(self, r, c):
        key = (r, c)
        if key not in self.weights:
            self.weights[key] = "%%W%dx%d" % (r, c)
        return self.weights[key]

    def vector(self, c):
        if c not in self.vectors:
            self.vectors[c] = "%%v%d" % c
        return self.vectors[c]

    def inp(self, r, c):
        key = (r, c)
        if key not in self.inputs:
            self.inputs[key] = "%%X%dx%d" % (r, c)
        return self.inputs[key]

    def alloc(self, r, c):
        name = "%%a%d" % self.n_alloc
        self.n_alloc += 1
        self.lines.append("  %s = memref.alloc() : memref<%dx%dxf32>" % (name, r, c))
        return name

    def emit(self, text):
        self.lines.extend(text.strip("\n").split("\n"))


def t(r, c):
    return "memref<%dx%dxf32>" % (r, c)


def matmul(g, act, T, Din, Dout):
    w = g.weight(Din, Dout)
    out = g.alloc(T, Dout)
    g.emit("""
  affine.for %%i = 0 to %d {
    affine.for %%j = 0 to %d {
      %%s = affine.for %%k = 0 to %d iter_args(%%acc = %%zero) -> (f32) {
        %%a = affine.load %s[%%i, %%k] : %s
        %%b = affine.load %s[%%k, %%j] : %s
        %%p = arith.mulf %%a, %%b : f32
        %%q = arith.addf %%acc, %%p : f32
        affine.yield %%q : f32
      }
      affine.store %%s, %s[%%i, %%j] : %s
    }
  }""" % (T, Dout, Din, act, t(T, Din), w, t(Din, Dout), out, t(T, Dout)))
    return out, Dout


def inplace(g, act, T, D, K):
    x, w = g.inp(T, K), g.weight(K, D)
    g.emit("""
  affine.for %%i = 0 to %d {
    affine.for %%k = 0 to %d {
      affine.for %%j = 0 to %d {
        %%a = affine.load %s[%%i, %%k] : %s
        %%b = affine.load %s[%%k, %%j] : %s
        %%c = affine.load %s[%%i, %%j] : %s
        %%p = arith.mulf %%a, %%b : f32
        %%q = arith.addf %%c, %%p : f32
        affine.store %%q, %s[%%i, %%j] : %s
      }
    }
  }""" % (T, K, D, x, t(T, K), w, t(K, D), act, t(T, D), act, t(T, D)))
    return act, D


def scores(g, act, T, D):
    out = g.alloc(T, T)
    g.emit("""
  affine.for %%i = 0 to %d {
    affine.for %%j = 0 to %d {
      %%s = affine.for %%d = 0 to %d iter_args(%%acc = %%zero) -> (f32) {
        %%a = affine.load %s[%%i, %%d] : %s
        %%b = affine.load %s[%%j, %%d] : %s
        %%p = arith.mulf %%a, %%b : f32
        %%q = arith.addf %%acc, %%p : f32
        affine.yield %%q : f32
      }
      affine.store %%s, %s[%%i, %%j] : %s
    }
  }""" % (T, T, D, act, t(T, D), act, t(T, D), out, t(T, T)))
    return out, T


def conv(g, act, T, D):
    w = "%%Wc%d" % D
    g.weights[("conv", D)] = w
    out = g.alloc(T - 2, D)
    g.emit("""
  affine.for %%t = 0 to %d {
    affine.for %%o = 0 to %d {
      %%s = affine.for %%r = 0 to 3 iter_args(%%acc = %%zero) -> (f32) {
        %%s2 = affine.for %%c = 0 to %d iter_args(%%acc2 = %%acc) -> (f32) {
          %%a = affine.load %s[%%t + %%r, %%c] : %s
          %%b = affine.load %s[%%r, %%c, %%o] : memref<3x%dx%dxf32>
          %%p = arith.mulf %%a, %%b : f32
          %%q = arith.addf %%acc2, %%p : f32
          affine.yield %%q : f32
        }
        affine.yield %%s2 : f32
      }
      affine.store %%s, %s[%%t, %%o] : %s
    }
  }""" % (T - 2, D, D, act, t(T, D), w, D, D, out, t(T - 2, D)))
    return out, D


def gelu(g, act, T, D):
    out = g.alloc(T, D)
    g.emit("""
  affine.for %%i = 0 to %d {
    affine.for %%j = 0 to %d {
      %%x = affine.load %s[%%i, %%j] : %s
      %%h = arith.mulf %%x, %%half : f32
      %%u = math.tanh %%x : f32
      %%v = arith.addf %%u, %%one : f32
      %%y = arith.mulf %%h, %%v : f32
      affine.store %%y, %s[%%i, %%j] : %s
    }
  }""" % (T, D, act, t(T, D), out, t(T, D)))
    return out, D


def rowsum(g, act, T, D):
    out = g.alloc(T, D)
    g.emit("""
  affine.for %%i = 0 to %d {
    %%s = affine.for %%j = 0 to %d iter_args(%%acc = %%zero) -> (f32) {
      %%x = affine.load %s[%%i, %%j] : %s
      %%q = arith.addf %%acc, %%x : f32
      affine.yield %%q : f32
    }
    affine.for %%j = 0 to %d {
      %%x = affine.load %s[%%i, %%j] : %s
      %%y = arith.divf %%x, %%s : f32
      affine.store %%y, %s[%%i, %%j] : %s
    }
  }""" % (T, D, act, t(T, D), D, act, t(T, D), out, t(T, D)))
    return out, D


def scale(g, act, T, D):
    v = g.vector(D)
    out = g.alloc(T, D)
    g.emit("""
  affine.for %%i = 0 to %d {
    affine.for %%j = 0 to %d {
      %%x = affine.load %s[%%i, %%j] : %s
      %%w = affine.load %s[%%j] : memref<%dxf32>
      %%y = arith.mulf %%x, %%w : f32
      affine.store %%y, %s[%%i, %%j] : %s
    }
  }""" % (T, D, act, t(T, D), v, D, out, t(T, D)))
    return out, D


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--nodes", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("-o", "--output", default="-")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    g = Gen(rng)
    T = rng.choice(TS)
    D = rng.choice(DS)
    x0 = g.inp(T, D)
    act, width, rows = x0, D, T
    nodes = 0
    kinds = ["matmul", "matmul", "inplace", "scores", "conv", "gelu", "rowsum", "scale"]
    while nodes < args.nodes - 1:
        kind = rng.choice(kinds)
        if kind == "matmul":
            act, width = matmul(g, act, rows, width, rng.choice(DS))
        elif kind == "inplace" and act != x0 and act.startswith("%a"):
            act, width = inplace(g, act, rows, width, rng.choice(DS))
        elif kind == "scores" and rows <= 128:
            act, width = scores(g, act, rows, width)
        elif kind == "conv" and rows > 8:
            act, width = conv(g, act, rows, width)
            rows -= 2
        elif kind == "gelu":
            act, width = gelu(g, act, rows, width)
        elif kind == "rowsum":
            act, width = rowsum(g, act, rows, width)
        elif kind == "scale":
            act, width = scale(g, act, rows, width)
        else:
            continue
        nodes += 1
        if rows <= 8:  # start a new chain from the input
            act, width, rows = x0, D, T
    # The last node writes the output argument.
    g.emit("""
  affine.for %%i = 0 to %d {
    affine.for %%j = 0 to %d {
      %%x = affine.load %s[%%i, %%j] : %s
      affine.store %%x, %%Y[%%i, %%j] : %s
    }
  }""" % (rows, width, act, t(rows, width), t(rows, width)))
    params = ["%s: %s" % (n, t(*k)) for k, n in sorted(g.inputs.items())]
    for k, n in sorted(g.weights.items(), key=lambda kv: kv[1]):
        if k[0] == "conv":
            params.append("%s: memref<3x%dx%dxf32>" % (n, k[1], k[1]))
        else:
            params.append("%s: %s" % (n, t(*k)))
    params += ["%s: memref<%dxf32>" % (n, c) for c, n in sorted(g.vectors.items())]
    params.append("%%Y: %s" % t(rows, width))
    out = ["// Generated by bench/sol/gen_graph.py --nodes %d --seed %d" % (args.nodes, args.seed),
           "func.func @forward(%s) {" % ", ".join(params),
           "  %zero = arith.constant 0.000000e+00 : f32",
           "  %half = arith.constant 5.000000e-01 : f32",
           "  %one = arith.constant 1.000000e+00 : f32"]
    out += g.lines
    out += ["  return", "}"]
    text = "\n".join(out) + "\n"
    if args.output == "-":
        sys.stdout.write(text)
    else:
        with open(args.output, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()

#!/usr/bin/python3
"""Run a SOLAR-C kernel through MLIR 14's own JIT: an oracle independent of solar-run.

  mlir_jit_run.py KERNEL.mlir [--bind N=4,...] [--input NAME=FILE.npy]... --out-dir DIR
                  [--entry NAME] [--shape NAME=2x3]... [--solar-opt PATH] [--keep DIR]

Steps (each failing one stops with exit status 1 and shows the command and its stderr):
 1. `solar-opt KERNEL --bind ... --mlir=14` binds the index arguments of the entry (they are
    dropped) and prints the module in MLIR 14 syntax; when an op has no MLIR 14 spelling
    (math.tan, arith.maxnumf, ...) the module is printed with --mlir=current and respelled.
    `solar-opt KERNEL --bind ... --print-signature=json` gives the entry's arguments (names as
    solar-run uses them, types) and which of them it may write.
 2. Ops that MLIR 14 has no spelling or no lowering for are rewritten, line by line (solar-opt
    prints one op per line): see REWRITES below.
 3. A `@__jit_main` is generated: one mutable `memref.global` per memref argument, initialised
    from the .npy file (raw bytes as a hex `dense<"0x...">`, so inputs are bit-exact) or with
    zeros (arguments without --input are outputs), `memref.cast` to the `?` dims of the
    signature, a call of the entry, then every element of every output is printed through
    libc `printf` (declared in the LLVM dialect) as the hex of its bit pattern.
 4. `mlir-opt-14` lowers everything to the LLVM dialect (LOWER_PIPELINE) and LLVM 14's
    `mlir-cpu-runner` runs `@__jit_main`, with libm loaded.
 5. The printed bits become DIR/NAME.npy, one per output, with the memref's shape and dtype
    (f32 '<f4', f64 '<f8', f16 '<f2', bf16 [('bf16', '<u2')], i64 '<i8', i32 '<i4', i16 '<i2',
    i8 '|i1', i1 '|b1', index '<i8'), as solar-run writes them. Saved are the memref
    arguments without --input, plus those with --input that the entry writes (the `written`
    flags of --print-signature, solar-run's own analysis), so with every argument given it
    saves what solar-run saves.
--keep DIR keeps jit.mlir (the generated module), jit.llvm.mlir (lowered) and runner.out.
`?` dims come from --bind (solar-opt infers them from loop bounds), the --input file's shape,
or for outputs --shape NAME=AxB.

Rewrites (what MLIR 14 reads but cannot lower or run on x86-64, and what it cannot read):
  math.atan                       -> libm atanf/atan (no MLIR 14 lowering)
  math.expm1, math.log1p          -> libm (MLIR 14 lowers them as exp(x) - 1 and log(1 + x),
                                     which loses digits near 0 and the sign of -0)
  f16 math.{exp,exp2,log,log2,log10,sin,cos,tanh,erf,atan2,powf}
                                  -> extf to f32, the op, truncf (no f16 libcalls in LLVM 14;
                                     the libm rewrites promote f16 the same way)
  math.{tan,acos,asin,cbrt,cosh,sinh,round,roundeven,trunc} (current only) -> libm calls
  arith.maxnumf / minnumf (current only) -> libm fmax[f] / fmin[f]
  math.absi (current only)        -> cmpi + subi + select
  arith.index_castui (current only) -> index_cast (with extui for narrow integers)
  math.rsqrt is lowered by MLIR 14 itself (1 / sqrt, two roundings, as MLIR defines it).
bf16, which LLVM 14's x86 backend cannot compile, is emulated: memrefs hold the bits as i16,
scalars are f32 values rounded to bf16 (nearest even) after every op (class Bf16Lowering).
Inputs may be the structured dtype [('bf16', '<u2')] (what solar-run writes), raw '<u2' bits
or floats; outputs are written in the structured dtype.
"""

import argparse
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile

import numpy as np

ENTRY_DEFAULT = "forward"

# Element types of memref arguments -> dtype of their .npy files.
DTYPES = {
    "f64": "<f8",
    "f32": "<f4",
    "f16": "<f2",
    "i64": "<i8",
    "i32": "<i4",
    "i16": "<i2",
    "i8": "|i1",
    "i1": "|b1",
    "index": "<i8",
    # bf16 has no NumPy dtype: the raw bits in a one-field structured dtype, as solar-run
    # writes it (lib/Exec/npy.h); stored as i16 in the JIT's memrefs.
    "bf16": [("bf16", "<u2")],
}

LOWER_PIPELINE = [
    "--convert-linalg-to-affine-loops",
    "--lower-affine",
    "--convert-scf-to-std",
    "--arith-expand",
    "--convert-math-to-llvm",
    "--convert-math-to-libm",
    # memref and std before arith: converting arith first leaves a store with a null operand
    # when the stored value is an index_cast (folded away) of a std.select, which arith-expand
    # makes of index maxsi/minsi/ceildivsi/floordivsi (a bug of MLIR 14's conversion driver).
    "--convert-memref-to-llvm",
    "--convert-std-to-llvm",
    "--convert-arith-to-llvm",
    "--reconcile-unrealized-casts",
]


class JitError(Exception):
    pass


def fail(msg):
    raise JitError(msg)


def tail(text, n=25):
    lines = text.rstrip().splitlines()
    if len(lines) > n:
        lines = ["..."] + lines[-n:]
    return "\n".join("    " + l for l in lines)


def run_cmd(cmd, what, timeout, input_text=None):
    try:
        p = subprocess.run(cmd, input=input_text, capture_output=True, text=True,
                           timeout=timeout)
    except FileNotFoundError:
        fail(f"{what}: cannot run {cmd[0]!r} (not found)")
    except subprocess.TimeoutExpired:
        fail(f"{what} timed out after {timeout} s:\n  $ {' '.join(cmd)}")
    if p.returncode != 0:
        how = f"killed by signal {-p.returncode}" if p.returncode < 0 else \
            f"exit status {p.returncode}"
        fail(f"{what} failed ({how}):\n  $ {' '.join(cmd)}\n{tail(p.stderr or p.stdout)}")
    return p


# --------------------------------------------------------------------------- types

MEMREF_RE = re.compile(r"memref<\s*((?:(?:\d+|\?)\s*x\s*)*)([a-z0-9]+)\s*>")


def parse_memref(ty):
    m = MEMREF_RE.fullmatch(ty.strip())
    if not m:
        return None
    dims = [d.strip() for d in m.group(1).split("x") if d.strip()]
    return [None if d == "?" else int(d) for d in dims], m.group(2)


def memref_type(dims, elem):
    return "memref<" + "".join(("?" if d is None else str(d)) + "x" for d in dims) + elem + ">"


def split_top(s, sep=","):
    """Splits s at sep outside (), [], {}, <> and strings."""
    out, depth, cur, i, instr = [], 0, [], 0, False
    while i < len(s):
        c = s[i]
        if instr:
            cur.append(c)
            if c == "\\" and i + 1 < len(s):
                cur.append(s[i + 1])
                i += 1
            elif c == '"':
                instr = False
        elif c == '"':
            instr = True
            cur.append(c)
        elif c in "([{<":
            depth += 1
            cur.append(c)
        elif c in ")]}>":
            depth -= 1
            cur.append(c)
        elif c == sep and depth == 0:
            out.append("".join(cur))
            cur = []
        else:
            cur.append(c)
        i += 1
    if "".join(cur).strip():
        out.append("".join(cur))
    return out


# --------------------------------------------------------------------------- rewrites

SPELL_14 = [  # --mlir=current spelling -> MLIR 14 spelling (whole words)
    (r"\bfunc\.func\b", "func"),
    (r"\bfunc\.call\b", "call"),
    (r"\bfunc\.return\b", "return"),
    (r"\barith\.select\b", "select"),
    (r"\barith\.maximumf\b", "arith.maxf"),
    (r"\barith\.minimumf\b", "arith.minf"),
    (r"\bmath\.absf\b", "math.abs"),
]

# op -> libm base name (the f64 function; f32 appends 'f')
LIBM_UNARY = {
    "math.atan": "atan", "math.tan": "tan", "math.acos": "acos", "math.asin": "asin",
    "math.cbrt": "cbrt", "math.cosh": "cosh", "math.sinh": "sinh", "math.round": "round",
    "math.roundeven": "roundeven", "math.trunc": "trunc",
    # MLIR 14 lowers these as exp(x) - 1 and log(1 + x): inaccurate near 0, wrong sign at -0.
    "math.expm1": "expm1", "math.log1p": "log1p",
}
LIBM_BINARY = {"arith.maxnumf": "fmax", "arith.minnumf": "fmin"}
# MLIR 14 ops that lower, but not for f16 on x86-64 (no f16 libcalls): promote to f32.
F16_PROMOTE = {
    "math.exp", "math.exp2", "math.log", "math.log2", "math.log10",
    "math.sin", "math.cos", "math.tanh", "math.erf", "math.atan2", "math.powf",
}

OP_LINE_RE = re.compile(
    r"^(?P<ind>\s*)(?P<res>%[\w$.-]+)\s*=\s*(?P<op>[a-z_]+\.[a-z_0-9]+)\s+(?P<opnds>%[^:{]*?)"
    r"\s*(?:\{.*\})?\s*:\s*(?P<ty>[^:]+?)\s*$")
CAST_LINE_RE = re.compile(
    r"^(?P<ind>\s*)(?P<res>%[\w$.-]+)\s*=\s*arith\.index_castui\s+(?P<x>%[\w$.#-]+)"
    r"\s*(?:\{.*\})?\s*:\s*(?P<a>\S+)\s+to\s+(?P<b>\S+)\s*$")


class Rewriter:
    """The per-line rewrites of REWRITES (module docstring); also makes fresh value names and
    collects the libm declarations the rewrites need."""

    def __init__(self):
        self.n = 0
        self.decls = {}  # libm name -> declaration
        self.count = {}  # what was rewritten -> how often

    def tmp(self):
        self.n += 1
        return f"%__jit{self.n}"

    def note(self, what):
        self.count[what] = self.count.get(what, 0) + 1

    def libm(self, base, ft):
        name = base + ("f" if ft == "f32" else "")
        self.decls[name] = f"func private @{name}({', '.join([ft] * self.arity[base])}) -> {ft}"
        return name

    arity = {v: 1 for v in LIBM_UNARY.values()}
    arity.update({v: 2 for v in LIBM_BINARY.values()})

    def line(self, line):
        m = CAST_LINE_RE.match(line)
        if m:
            return self.index_castui(m)
        m = OP_LINE_RE.match(line)
        if not m:
            return [line]
        op, ty = m.group("op"), m.group("ty")
        opnds = [o.strip() for o in m.group("opnds").split(",")]
        ind, res = m.group("ind"), m.group("res")
        if op in LIBM_UNARY or op in LIBM_BINARY:
            base = LIBM_UNARY.get(op) or LIBM_BINARY[op]
            self.note(op)
            if ty in ("f32", "f64"):
                fn = self.libm(base, ty)
                return [f"{ind}{res} = call @{fn}({', '.join(opnds)}) : "
                        f"({', '.join([ty] * len(opnds))}) -> {ty}"]
            if ty == "f16":
                fn = self.libm(base, "f32")
                out, ext = [], []
                for o in opnds:
                    t = self.tmp()
                    out.append(f"{ind}{t} = arith.extf {o} : f16 to f32")
                    ext.append(t)
                r = self.tmp()
                out.append(f"{ind}{r} = call @{fn}({', '.join(ext)}) : "
                           f"({', '.join(['f32'] * len(ext))}) -> f32")
                out.append(f"{ind}{res} = arith.truncf {r} : f32 to f16")
                return out
            fail(f"cannot rewrite {op} on {ty} for MLIR 14")
        if op in F16_PROMOTE and ty == "f16":
            self.note(op + " (f16)")
            out, ext = [], []
            for o in opnds:
                t = self.tmp()
                out.append(f"{ind}{t} = arith.extf {o} : f16 to f32")
                ext.append(t)
            r = self.tmp()
            out.append(f"{ind}{r} = {op} {', '.join(ext)} : f32")
            out.append(f"{ind}{res} = arith.truncf {r} : f32 to f16")
            return out
        if op == "math.absi":
            self.note(op)
            z, n, c = self.tmp(), self.tmp(), self.tmp()
            x = opnds[0]
            return [f"{ind}{z} = arith.constant 0 : {ty}",
                    f"{ind}{n} = arith.subi {z}, {x} : {ty}",
                    f"{ind}{c} = arith.cmpi slt, {x}, {z} : {ty}",
                    f"{ind}{res} = select {c}, {n}, {x} : {ty}"]
        return [line]

    def index_castui(self, m):
        self.note("arith.index_castui")
        ind, res, x, a, b = (m.group(k) for k in ("ind", "res", "x", "a", "b"))
        if a == "index" or b != "index" or a == "i64":
            return [f"{ind}{res} = arith.index_cast {x} : {a} to {b}"]
        t = self.tmp()
        return [f"{ind}{t} = arith.extui {x} : {a} to i64",
                f"{ind}{res} = arith.index_cast {t} : i64 to index"]


BF16_TOKEN = re.compile(r"(?<![\w$.%-])bf16\b|(?<=[0-9?]x)bf16\b")


def has_bf16(text):
    return BF16_TOKEN.search(text) is not None


def lower_type(text):
    """bf16 storage and values: memref<...xbf16> -> memref<...xi16>, scalar bf16 -> f32."""
    text = re.sub(r"(memref<[0-9?x\s]*)bf16>", r"\1i16>", text)
    return BF16_TOKEN.sub("f32", text)


def bf16_bits(x):
    """float32 array -> uint16 bf16 bits, rounded to nearest even (NaN stays a quiet NaN)."""
    f = np.asarray(x, dtype=np.float32)
    b = f.view(np.uint32).astype(np.int64)
    r = ((b + 0x7FFF + ((b >> 16) & 1)) >> 16) & 0xFFFF
    return np.where(np.isnan(f), (b >> 16) | 0x40, r).astype(np.uint16)


def bf16_const(lit):
    """An arith.constant literal of type bf16 -> the f32 hex bit pattern of its bf16 value
    (a decimal is rounded once, from its double value, to nearest even)."""
    lit = lit.strip()
    if re.fullmatch(r"0x[0-9A-Fa-f]+", lit):
        return f"0x{(int(lit, 16) & 0xFFFF) << 16:08X}"
    v = float(lit)
    if v != 0 and math.isfinite(v):
        e = max(math.frexp(v)[1] - 1, -126)  # bf16: 8 significant bits, f32's exponent range
        q = 2.0 ** (e - 7)
        v = round(v / q) * q  # v / q is exact; round() is to nearest even
        if abs(v) >= 2.0 ** 128:
            v = math.copysign(math.inf, v)
    return f"0x{int(np.array(v, dtype=np.float32).view(np.uint32)):08X}"


LOAD_RE = re.compile(r"^(?P<ind>\s*)(?P<res>%[\w$.-]+)\s*=\s*(?P<op>affine\.load|memref\.load)\s+"
                     r"(?P<rest>.*?)\s*:\s*(?P<ty>memref<[^>]*>)\s*$")
STORE_RE = re.compile(r"^(?P<ind>\s*)(?P<op>affine\.store|memref\.store)\s+(?P<v>%[\w$.#-]+)\s*,"
                      r"\s*(?P<rest>.*?)\s*:\s*(?P<ty>memref<[^>]*>)\s*$")
CONST_RE = re.compile(r"^(?P<ind>\s*)(?P<res>%[\w$.-]+)\s*=\s*arith\.constant\s+(?:\{.*\}\s*)?"
                      r"(?P<lit>\S+)\s*:\s*bf16\s*$")
CASTX_RE = re.compile(r"^(?P<ind>\s*)(?P<res>%[\w$.-]+)\s*=\s*(?P<op>arith\.[a-z_]+)\s+"
                      r"(?P<x>%[\w$.#-]+)\s*(?:\{.*\})?\s*:\s*(?P<a>\S+)\s+to\s+(?P<b>\S+)\s*$")
BB_RE = re.compile(r"^(?P<ind>\s*)\^(?P<name>[\w$.-]+)\((?P<args>.*)\):\s*$")
LYIELD_RE = re.compile(r"^(?P<ind>\s*)linalg\.yield\s+(?P<vals>.*?)\s*:\s*(?P<tys>.*)$")


class Bf16Lowering:
    """Emulates bf16 (which LLVM 14 cannot compile on x86-64) line by line: memrefs hold the
    bits as i16, scalar values are f32 holding bf16 values, and every op that makes a bf16
    value computes in f32 and rounds to bf16 (to nearest even) with integer ops; loads widen
    the bits, stores narrow them. A linalg.generic region gets its bf16 block arguments as i16
    and widens them first; its linalg.yield narrows."""

    def __init__(self, rw):
        self.rw = rw
        self.block_is_linalg = False

    def widen(self, ind, bits16, res):
        t, c, s = self.rw.tmp(), self.rw.tmp(), self.rw.tmp()
        return [f"{ind}{t} = arith.extui {bits16} : i16 to i32",
                f"{ind}{c} = arith.constant 16 : i32",
                f"{ind}{s} = arith.shli {t}, {c} : i32",
                f"{ind}{res} = arith.bitcast {s} : i32 to f32"]

    def narrow(self, ind, v):
        """v (an f32 holding a bf16 value) -> returns (lines, i16 value)."""
        b, c, s, t = self.rw.tmp(), self.rw.tmp(), self.rw.tmp(), self.rw.tmp()
        return [f"{ind}{b} = arith.bitcast {v} : f32 to i32",
                f"{ind}{c} = arith.constant 16 : i32",
                f"{ind}{s} = arith.shrui {b}, {c} : i32",
                f"{ind}{t} = arith.trunci {s} : i32 to i16"], t

    def round(self, ind, v, res):
        """res = v (f32) rounded to bf16, to nearest even; NaN stays NaN (quieted)."""
        T = self.rw.tmp
        b, c16, hi, c1, lsb, c7f, bias, sm, cm, m, rf, nan, cq, q, qf = (T() for _ in range(15))
        return [f"{ind}{b} = arith.bitcast {v} : f32 to i32",
                f"{ind}{c16} = arith.constant 16 : i32",
                f"{ind}{hi} = arith.shrui {b}, {c16} : i32",
                f"{ind}{c1} = arith.constant 1 : i32",
                f"{ind}{lsb} = arith.andi {hi}, {c1} : i32",
                f"{ind}{c7f} = arith.constant 32767 : i32",
                f"{ind}{bias} = arith.addi {lsb}, {c7f} : i32",
                f"{ind}{sm} = arith.addi {b}, {bias} : i32",
                f"{ind}{cm} = arith.constant -65536 : i32",
                f"{ind}{m} = arith.andi {sm}, {cm} : i32",
                f"{ind}{rf} = arith.bitcast {m} : i32 to f32",
                f"{ind}{nan} = arith.cmpf uno, {v}, {v} : f32",
                f"{ind}{cq} = arith.constant 4194304 : i32",
                f"{ind}{q} = arith.ori {b}, {cq} : i32",
                f"{ind}{qf} = arith.bitcast {q} : i32 to f32",
                f"{ind}{res} = select {nan}, {qf}, {rf} : f32"]

    def line(self, line):
        rw = self.rw
        m = LOAD_RE.match(line)
        if m and has_bf16(m.group("ty")):
            t = rw.tmp()
            ind = m.group("ind")
            return [f"{ind}{t} = {m.group('op')} {m.group('rest')} : {lower_type(m.group('ty'))}"] \
                + self.widen(ind, t, m.group("res"))
        m = STORE_RE.match(line)
        if m and has_bf16(m.group("ty")):
            ind = m.group("ind")
            out, t = self.narrow(ind, m.group("v"))
            return out + [f"{ind}{m.group('op')} {t}, {m.group('rest')} : "
                          f"{lower_type(m.group('ty'))}"]
        m = CONST_RE.match(line)
        if m:
            rw.note("bf16 (emulated)")
            return [f"{m.group('ind')}{m.group('res')} = arith.constant "
                    f"{bf16_const(m.group('lit'))} : f32"]
        m = CASTX_RE.match(line)
        if m and (has_bf16(m.group("a")) or has_bf16(m.group("b"))):
            return self.cast(m)
        m = BB_RE.match(line)
        if m:
            # a linalg.generic region: its bf16 scalars arrive as i16 bits
            if not has_bf16(m.group("args")):
                return [line]
            ind = m.group("ind")
            args, post = [], []
            for a in split_top(m.group("args")):
                am = re.match(r"\s*(%[\w$.-]+)\s*:\s*(\S+)\s*$", a)
                if am and am.group(2) == "bf16":
                    raw = rw.tmp()
                    args.append(f"{raw}: i16")
                    post += self.widen(ind + "  ", raw, am.group(1))
                else:
                    args.append(a.strip())
            return [f"{ind}^{m.group('name')}({', '.join(args)}):"] + post
        m = LYIELD_RE.match(line)
        if m and has_bf16(m.group("tys")):
            ind = m.group("ind")
            vals = [v.strip() for v in m.group("vals").split(",")]
            tys = [t.strip() for t in split_top(m.group("tys"))]
            out, nv, nt = [], [], []
            for v, t in zip(vals, tys):
                if t == "bf16":
                    o, b = self.narrow(ind, v)
                    out += o
                    nv.append(b)
                    nt.append("i16")
                else:
                    nv.append(v)
                    nt.append(t)
            return out + [f"{ind}linalg.yield {', '.join(nv)} : {', '.join(nt)}"]
        m = OP_LINE_RE.match(line)
        if m and m.group("ty") == "bf16":
            rw.note("bf16 (emulated)")
            t = rw.tmp()
            f32 = f"{m.group('ind')}{t} = {m.group('op')} {m.group('opnds')} : f32"
            return rw.line(f32) + self.round(m.group("ind"), t, m.group("res"))
        return rw.line(lower_type(line))

    def cast(self, m):
        rw = self.rw
        ind, res, op, x, a, b = (m.group(k) for k in ("ind", "res", "op", "x", "a", "b"))
        if a == "bf16" and op in ("arith.extf",):  # bf16 -> f32 / f64: the value is exact
            if b == "f32":
                z = rw.tmp()
                return [f"{ind}{z} = arith.constant -0.000000e+00 : f32",
                        f"{ind}{res} = arith.addf {x}, {z} : f32"]  # x + -0 == x, exactly
            return [f"{ind}{res} = arith.extf {x} : f32 to {b}"]
        if b == "bf16" and op in ("arith.truncf", "arith.sitofp", "arith.uitofp"):
            t = rw.tmp()
            first = f"{ind}{t} = {op} {x} : {a} to f32" if not (op == "arith.truncf" and
                                                                  a == "f32") else None
            if first is None:
                return self.round(ind, x, res)
            return [first] + self.round(ind, t, res)
        if a == "bf16" and op in ("arith.fptosi", "arith.fptoui"):
            return [f"{ind}{res} = {op} {x} : f32 to {b}"]
        if op == "arith.bitcast" and a == "bf16" and b == "i16":
            return self.narrow_to(ind, x, res)
        if op == "arith.bitcast" and a == "i16" and b == "bf16":
            return self.widen(ind, x, res)
        fail(f"cannot emulate `{op} {a} to {b}` with bf16")

    def narrow_to(self, ind, v, res):
        b, c, s = self.rw.tmp(), self.rw.tmp(), self.rw.tmp()
        return [f"{ind}{b} = arith.bitcast {v} : f32 to i32",
                f"{ind}{c} = arith.constant 16 : i32",
                f"{ind}{s} = arith.shrui {b}, {c} : i32",
                f"{ind}{res} = arith.trunci {s} : i32 to i16"]


def rewrite_module(text, current):
    if current:
        for pat, rep in SPELL_14:
            text = re.sub(pat, rep, text)
    rw = Rewriter()
    conv = Bf16Lowering(rw).line if has_bf16(text) else rw.line
    out = []
    for line in text.splitlines():
        out.extend(conv(line))
    return text.splitlines(), out, rw


# --------------------------------------------------------------------------- main()

def dense_init(arr, elem):
    """A dense<...> initializer holding arr's exact values."""
    if elem == "i1":  # i1 has no hex form (MLIR packs it in bits): nested lists
        if not arr.any() or arr.all():
            return "dense<true>" if arr.size and arr.all() else "dense<false>"
        return "dense<" + json.dumps(arr.astype(bool).tolist()) + ">"
    # The raw little-endian bytes as one hex string (MLIR reads it as the element data; one
    # element's worth is a splat, which is the same for a one-element memref).
    return 'dense<"0x' + arr.tobytes(order="C").hex().upper() + '">'


def zero_init(elem):
    if elem == "i1":
        return "dense<false>"
    if elem.startswith("f"):
        return "dense<0.000000e+00>"
    return "dense<0>"


def printf_global(name, s):
    data = s.encode() + b"\0"
    esc = "".join(chr(c) if 32 <= c < 127 and c not in (34, 92) else f"\\{c:02X}" for c in data)
    return f'llvm.mlir.global internal constant @{name}("{esc}")', len(data)


def bits_to_i64(lines, ind, v, elem, tmp):
    """Appends ops turning scalar v of type elem into an i64 with its bit pattern; returns it."""
    if elem == "f64":
        r = tmp()
        lines.append(f"{ind}{r} = arith.bitcast {v} : f64 to i64")
        return r
    if elem in ("f32", "f16"):
        w = {"f32": "i32", "f16": "i16"}[elem]
        b, r = tmp(), tmp()
        lines.append(f"{ind}{b} = arith.bitcast {v} : {elem} to {w}")
        lines.append(f"{ind}{r} = arith.extui {b} : {w} to i64")
        return r
    if elem == "index":
        r = tmp()
        lines.append(f"{ind}{r} = arith.index_cast {v} : index to i64")
        return r
    if elem == "i64":
        return v
    r = tmp()
    lines.append(f"{ind}{r} = arith.extui {v} : {elem} to i64")
    return r


def build_main(main_name, entry, args, results, plan, fmt_name, fmt_len):
    """plan: per argument dict(kind, global, static dims, elem, type); returns text lines."""
    n = [0]

    def tmp():
        n[0] += 1
        return f"%v{n[0]}"

    L = [f"  func @{main_name}() {{"]
    call_ops, call_tys = [], []
    for name, ty in args:
        p = plan[name]
        sty = memref_type(p["shape"], p["elem"])
        ty = lower_type(ty)
        g = tmp()
        L.append(f"    {g} = memref.get_global @{p['global']} : {sty}")
        p["value"] = g
        if sty != ty:
            c = tmp()
            L.append(f"    {c} = memref.cast {g} : {sty} to {ty}")
            g = c
        call_ops.append(g)
        call_tys.append(ty)
    res = ""
    if results:
        rtys = split_top(results.strip("()")) if results.startswith("(") else [results]
        rtys = [r.strip() for r in rtys if r.strip()]
        if rtys:
            res = f"%ret:{len(rtys)} = " if len(rtys) > 1 else "%ret = "
    L.append(f"    {res}call @{entry}({', '.join(call_ops)}) : ({', '.join(call_tys)}) -> "
             f"{lower_type(results) if results else '()'}")
    fa, c0, fp = tmp(), tmp(), tmp()
    arr = f"!llvm.ptr<array<{fmt_len} x i8>>"
    L.append(f"    {fa} = llvm.mlir.addressof @{fmt_name} : {arr}")
    L.append(f"    {c0} = llvm.mlir.constant(0 : i64) : i64")
    L.append(f"    {fp} = llvm.getelementptr {fa}[{c0}, {c0}] : ({arr}, i64, i64) -> "
             "!llvm.ptr<i8>")
    for name, _ in args:
        p = plan[name]
        if not p["save"] or p["size"] == 0:
            continue
        sty = memref_type(p["shape"], p["elem"])
        ivs = []
        ind = "    "
        for d in p["shape"]:
            iv = tmp()
            L.append(f"{ind}affine.for {iv} = 0 to {d} {{")
            ivs.append(iv)
            ind += "  "
        v = tmp()
        L.append(f"{ind}{v} = affine.load {p['value']}[{', '.join(ivs)}] : {sty}")
        b = bits_to_i64(L, ind, v, p["elem"], tmp)
        L.append(f"{ind}{tmp()} = llvm.call @printf({fp}, {b}) : (!llvm.ptr<i8>, i64) -> i32")
        for _ in p["shape"]:
            ind = ind[:-2]
            L.append(f"{ind}}}")
    L.append("    return")
    L.append("  }")
    return L


def parse_kv(items, what):
    out = {}
    for it in items:
        if "=" not in it:
            fail(f"{what} {it!r}: expected NAME=VALUE")
        k, v = it.split("=", 1)
        k = k.strip().lstrip("%")
        if k in out:
            fail(f"{what} {k} given twice")
        out[k] = v
    return out


def find_tool(explicit, names, fallbacks):
    if explicit:
        return explicit
    for n in names:
        p = shutil.which(n)
        if p:
            return p
    for f in fallbacks:
        if os.path.exists(f):
            return f
    return names[0]


def find_runner():
    try:
        bindir = subprocess.run(["llvm-config-14", "--bindir"], capture_output=True,
                                text=True).stdout.strip()
    except FileNotFoundError:
        bindir = ""
    for d in (bindir, "/usr/lib/llvm-14/bin"):
        if d and os.path.exists(os.path.join(d, "mlir-cpu-runner")):
            return os.path.join(d, "mlir-cpu-runner")
    return shutil.which("mlir-cpu-runner") or "mlir-cpu-runner"


def find_libm():
    for p in ("/lib/x86_64-linux-gnu/libm.so.6", "/usr/lib/x86_64-linux-gnu/libm.so.6",
              "/lib64/libm.so.6", "/usr/lib64/libm.so.6", "/lib/aarch64-linux-gnu/libm.so.6",
              "/usr/lib/aarch64-linux-gnu/libm.so.6"):
        if os.path.exists(p):
            return p
    return None


def load_input(name, path, dims, elem):
    try:
        arr = np.load(path, allow_pickle=False)
    except Exception as e:  # noqa: BLE001 - any read error is the user's file
        fail(f"--input {name}={path}: cannot read: {e}")
    want = np.dtype(DTYPES[elem])
    if elem == "bf16":
        # the structured dtype, raw '<u2' bits, or any float array (rounded to bf16)
        if arr.dtype.names == ("bf16",) and arr.dtype["bf16"] == np.dtype("<u2"):
            arr = arr["bf16"]
        elif arr.dtype == np.dtype("<u2"):
            pass
        elif arr.dtype.kind == "f":
            arr = bf16_bits(arr.astype(np.float32))
        else:
            fail(f"--input {name}={path}: dtype {arr.dtype} does not fit bf16 (use "
                 "[('bf16', '<u2')], '<u2' bits or floats)")
        arr = arr.astype(np.uint16)
    elif arr.dtype != want:
        if arr.dtype.kind not in "biuf":
            fail(f"--input {name}={path}: dtype {arr.dtype} does not fit {elem}")
        conv = arr.astype(want)
        if arr.dtype.kind in "iub" and want.kind in "iub" and not np.array_equal(conv, arr):
            fail(f"--input {name}={path}: values do not fit {elem}")
        arr = conv
    if arr.ndim != len(dims):
        fail(f"--input {name}={path}: shape {arr.shape} has rank {arr.ndim}, "
             f"argument %{name} is {memref_type(dims, elem)}")
    for i, (d, s) in enumerate(zip(dims, arr.shape)):
        if d is not None and d != s:
            fail(f"--input {name}={path}: shape {arr.shape} does not match "
                 f"{memref_type(dims, elem)} (dim {i})")
    return arr.copy(order="C")  # (np.ascontiguousarray turns 0-d into 1-d)


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Run a SOLAR-C kernel with MLIR 14's JIT (mlir-opt-14 + mlir-cpu-runner) "
                    "and save its outputs as .npy files.")
    ap.add_argument("kernel")
    ap.add_argument("--bind", action="append", default=[], metavar="N=V,...",
                    help="sizes of the entry's index arguments (passed to solar-opt)")
    ap.add_argument("--input", action="append", default=[], metavar="NAME=FILE.npy",
                    help="data of a memref argument; arguments without one are outputs "
                         "(zero-initialised)")
    ap.add_argument("--shape", action="append", default=[], metavar="NAME=2x3",
                    help="shape of an output whose type still has '?' dims after --bind")
    ap.add_argument("--out-dir", required=True)
    ap.add_argument("--entry", default=ENTRY_DEFAULT)
    ap.add_argument("--solar-opt", default=None)
    ap.add_argument("--mlir-opt", default=None)
    ap.add_argument("--runner", default=None, help="mlir-cpu-runner (default: LLVM 14's)")
    ap.add_argument("--keep", default=None, metavar="DIR",
                    help="keep the generated files (module, lowered IR, runner output) in DIR")
    ap.add_argument("--timeout", type=float, default=600, help="seconds per step")
    ap.add_argument("-q", "--quiet", action="store_true", help="print nothing on success")
    a = ap.parse_args(argv)

    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(here)
    solar_opt = find_tool(a.solar_opt, ["solar-opt"],
                          [os.path.join(root, "build", "bin", "solar-opt")])
    mlir_opt = find_tool(a.mlir_opt, ["mlir-opt-14"], ["/usr/lib/llvm-14/bin/mlir-opt"])
    runner = a.runner or find_runner()

    inputs = parse_kv(a.input, "--input")
    shapes = {}
    for k, v in parse_kv(a.shape, "--shape").items():
        try:
            shapes[k] = [int(x) for x in v.split("x")] if v else []
        except ValueError:
            fail(f"--shape {k}={v}: expected dims like 2x3")

    work = a.keep or tempfile.mkdtemp(prefix="mlir-jit-")
    os.makedirs(work, exist_ok=True)
    try:
        return run(a, solar_opt, mlir_opt, runner, inputs, shapes, work)
    finally:
        if not a.keep:
            shutil.rmtree(work, ignore_errors=True)


def load_module(solar_opt, kernel, entry, binds, timeout):
    """Steps 1 and 2: the bound module in MLIR 14 syntax, rewritten. Returns a dict with
    lines, rewriter, args [(name, type)], results, written (names of written memref args)."""
    base = [solar_opt, kernel, "--entry", entry]
    for b in binds:
        base += ["--bind", b]
    current = False
    try:
        p = subprocess.run(base + ["--mlir=14"], capture_output=True, text=True,
                           timeout=timeout)
    except FileNotFoundError:
        fail(f"solar-opt: cannot run {solar_opt!r} (not found; pass --solar-opt)")
    except subprocess.TimeoutExpired:
        fail(f"solar-opt timed out after {timeout} s:\n  $ {' '.join(base)} --mlir=14")
    if p.returncode != 0 and "has no MLIR 14 spelling" in p.stderr:
        current = True
        p = run_cmd(base + ["--mlir=current"], "solar-opt", timeout)
    elif p.returncode != 0:
        fail(f"solar-opt failed (exit status {p.returncode}):\n  $ {' '.join(base)} --mlir=14\n"
             f"{tail(p.stderr)}")
    _, lines, rw = rewrite_module(p.stdout, current)
    args, results, written = load_signature(base, timeout)
    return {"lines": lines, "rewriter": rw, "args": args, "results": results,
            "written": written}


def load_signature(base, timeout):
    """The bound entry's arguments [(name, type)], its result types as one type text ('' for
    none, '(a, b)' for several) and the names of the arguments it may write, from
    `solar-opt ... --print-signature=json` (base: the solar-opt command without it)."""
    p = run_cmd(base + ["--print-signature=json"], "solar-opt --print-signature", timeout)
    try:
        sig = json.loads(p.stdout)
        args = [(a["name"], a["type"]) for a in sig["args"]]
        written = {a["name"] for a in sig["args"] if a["written"]}
        res = sig["results"]
    except (ValueError, KeyError, TypeError) as e:
        fail(f"cannot read the signature solar-opt printed ({e}):\n{tail(p.stdout)}")
    results = "" if not res else res[0] if len(res) == 1 else "(" + ", ".join(res) + ")"
    return args, results, written


def run(a, solar_opt, mlir_opt, runner, inputs, shapes, work):
    mod = load_module(solar_opt, a.kernel, a.entry, a.bind, a.timeout)
    lines, rw, args, results = mod["lines"], mod["rewriter"], mod["args"], mod["results"]
    written = mod["written"]

    names = [n for n, _ in args]
    for k in inputs:
        if k not in names:
            fail(f"--input {k}: @{a.entry} has no argument %{k} (arguments: "
                 f"{', '.join('%' + n for n in names)})")
    for k in shapes:
        if k not in names:
            fail(f"--shape {k}: @{a.entry} has no argument %{k}")

    # 3. the plan for each argument
    plan = {}
    for i, (name, ty) in enumerate(args):
        mr = parse_memref(ty)
        if mr is None:
            if ty == "index":
                fail(f"argument %{name} of @{a.entry} is an unbound index; "
                     f"pass --bind {name}=<size>")
            fail(f"argument %{name} of @{a.entry} has type {ty}; only memref arguments "
                 "can be run")
        dims, elem = mr
        if elem not in DTYPES:
            fail(f"argument %{name}: element type {elem} is not supported")
        # elem: the memref's element type in the JIT (bf16 is stored as i16); kind: the real one
        p = {"elem": "i16" if elem == "bf16" else elem, "kind": elem,
             "global": f"__jit_arg{i}", "type": ty}
        if name in inputs:
            arr = load_input(name, inputs[name], dims, elem)
            p.update(shape=list(arr.shape), init=dense_init(arr, p["elem"]),
                     save=name in written, size=arr.size)
        else:
            if None in dims:
                if name not in shapes:
                    fail(f"output %{name} has type {ty} after --bind: pass --shape "
                         f"{name}=... (or bind the sizes that determine it)")
                sh = shapes[name]
                if len(sh) != len(dims) or any(d is not None and d != s
                                               for d, s in zip(dims, sh)):
                    fail(f"--shape {name}: {sh} does not match {ty}")
            else:
                sh = dims
            p.update(shape=list(sh), init=zero_init(p["elem"]), save=True,
                     size=int(np.prod(sh, dtype=np.int64)))
        plan[name] = p

    fmt_name = "__jit_fmt"
    fmt_decl, fmt_len = printf_global(fmt_name, "#J %llx\n")
    main_name = "__jit_main"
    main_lines = build_main(main_name, a.entry, args, results, plan, fmt_name, fmt_len)

    # Insert globals, declarations and main into the module (the first `module {` line).
    out = []
    inserted = False
    for idx, line in enumerate(lines):
        out.append(line)
        if not inserted and re.match(r"^module\b.*\{\s*$", line):
            for name, _ in args:
                p = plan[name]
                out.append(f'  memref.global "private" @{p["global"]} : '
                           f'{memref_type(p["shape"], p["elem"])} = {p["init"]}')
            out.append("  " + fmt_decl)
            out.append("  llvm.func @printf(!llvm.ptr<i8>, ...) -> i32")
            for d in sorted(rw.decls.values()):
                out.append("  " + d)
            out.extend(main_lines)
            inserted = True
    if not inserted:
        fail("no `module {` line in solar-opt's output")
    module = "\n".join(out) + "\n"
    mod_path = os.path.join(work, "jit.mlir")
    with open(mod_path, "w") as f:
        f.write(module)

    # 4. lower and run
    run_cmd([mlir_opt, mod_path] + LOWER_PIPELINE + ["-o", os.path.join(work, "jit.llvm.mlir")],
            "mlir-opt-14 (lowering)", a.timeout)
    cmd = [runner, "-e", main_name, "-entry-point-result=void"]
    libm = find_libm()
    if libm:
        cmd.append("-shared-libs=" + libm)
    cmd.append(os.path.join(work, "jit.llvm.mlir"))
    r = run_cmd(cmd, "mlir-cpu-runner", a.timeout)
    if a.keep:
        with open(os.path.join(work, "runner.out"), "w") as f:
            f.write(r.stdout)

    # 5. parse and save
    vals = [int(l[3:], 16) for l in r.stdout.splitlines() if l.startswith("#J ")]
    need = sum(p["size"] for p in plan.values() if p["save"])
    if len(vals) != need:
        fail(f"mlir-cpu-runner printed {len(vals)} values, expected {need}:\n  $ {' '.join(cmd)}"
             f"\n{tail(r.stdout + r.stderr)}")
    os.makedirs(a.out_dir, exist_ok=True)
    pos = 0
    for name, _ in args:
        p = plan[name]
        if not p["save"]:
            continue
        chunk = np.array(vals[pos:pos + p["size"]], dtype=np.uint64)
        pos += p["size"]
        dt = np.dtype(DTYPES[p["elem"]])
        if p["elem"] == "i1":
            arr = (chunk & 1).astype(np.bool_)
        elif p["kind"] == "bf16":
            arr = np.zeros(p["size"], dtype=np.dtype(DTYPES["bf16"]))
            arr["bf16"] = chunk.astype(np.uint16)
        else:
            ut = np.dtype(f"<u{dt.itemsize}")
            arr = chunk.astype(ut).view(dt)
        arr = arr.reshape(p["shape"])
        path = os.path.join(a.out_dir, name + ".npy")
        np.save(path, arr)
        if not a.quiet:
            print(f"wrote {path} ({'x'.join(map(str, p['shape'])) or 'scalar'} {p['kind']})")
    if rw.count and not a.quiet:
        print("rewritten for MLIR 14: " + ", ".join(f"{k} x{v}" for k, v in
                                                    sorted(rw.count.items())))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except JitError as e:
        print(f"mlir-jit-run: error: {e}", file=sys.stderr)
        sys.exit(1)

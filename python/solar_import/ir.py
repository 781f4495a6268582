"""The IR builder the emitters write through: SSA names, loops, loads, stores, arith.

Three kinds of objects:

- `Ix`: an affine index expression, `sum_k coeff_k * %iv_k + offset`, whose coefficients and
  offset are `Sym`s (a non-constant coefficient is printed as `%i * symbol(%s)`, the product
  with a function-level symbol that the dialect accepts). `Ix.floordiv(c)` / `.ceildiv(c)` /
  `.mod(c)` divide by a constant. Loop variables are Ix's (`L.iv`).
- `Buffer` / `Tensor`: a Buffer is a memref (function argument or memref.alloc); a Tensor is a
  view of one, a shape and an index function from the Tensor's indices to the Buffer's. Views
  (transpose, slice, expand, ...) are new Tensors on the same Buffer: no copy is ever made
  for them. `t.load(b, idx)` / `t.store(b, value, idx)` emit affine.load / affine.store.
- `Builder`: the function body. `with b.loop(hi) as L:` emits an `affine.for` (bounds: ints,
  Syms, Ix's, or `("max", [...])` / `("min", [...])` lists); `carry=[(init, "f32")]` gives
  iter_args (`L.args`, then `L.yield_(...)`, results in `L.results` after the block).
  `b.op("arith.addf", x, y, ty="f32")`, `b.constf(1.0, "f32")`, `b.call("math.exp", x)`.
  Every top-level affine.for written inside `with b.group(op, loc):` carries the attributes
  `{solar.op = "...", solar.loc = "..."}`. Symbolic sizes become index values at function top
  level (`b.index(sym)`), built once each with affine.apply / arith.muli.
"""

import math
import struct

from .sym import Sym, FloorDiv


TORCH_ELEM = {
    "torch.float32": "f32", "torch.float64": "f64", "torch.float16": "f16",
    "torch.bfloat16": "bf16", "torch.int64": "i64", "torch.int32": "i32", "torch.int8": "i8",
    "torch.bool": "i1", "torch.uint8": "i8", "torch.int16": "i16",
}

FLOAT_TYPES = ("f16", "bf16", "f32", "f64")


def elem_of(dtype):
    return TORCH_ELEM.get(str(dtype))


def is_float(elem):
    return elem in FLOAT_TYPES


def memref_type(shape, elem):
    dims = [str(s.value()) if s.is_const() else "?" for s in shape]
    return "memref<%s>" % "x".join(dims + [elem])


def float_literal(v, ty):
    """An arith.constant literal of v in type ty (hex for inf/nan, always with a '.')."""
    v = float(v)
    if math.isinf(v) or math.isnan(v):
        if ty == "f64":
            return "0x%016X" % struct.unpack("<Q", struct.pack("<d", v))[0]
        if ty == "f16":
            return {True: "0x7C00", False: "0xFC00"}[v > 0] if not math.isnan(v) else "0x7E00"
        if ty == "bf16":
            return {True: "0x7F80", False: "0xFF80"}[v > 0] if not math.isnan(v) else "0x7FC0"
        return "0x%08X" % struct.unpack("<I", struct.pack("<f", v))[0]
    if ty == "f32":
        v = struct.unpack("<f", struct.pack("<f", v))[0]
        return "%.9e" % v
    return "%.17e" % v


# ---------------------------------------------------------------------------------------------
# Index expressions


class Ix:
    """sum(coeff * iv) + off, coefficients and offset Syms; or a division node."""

    __slots__ = ("terms", "off", "div")

    def __init__(self, terms=None, off=0, div=None):
        self.terms = {k: v for k, v in (terms or {}).items() if v != Sym.const(0)}
        self.off = Sym.lift(off)
        self.div = div  # (Ix, int, "floordiv"|"ceildiv"|"mod") or None

    @staticmethod
    def var(name):
        return Ix({name: Sym.const(1)})

    @staticmethod
    def lift(v):
        if isinstance(v, Ix):
            return v
        return Ix(off=Sym.lift(v))

    def __add__(self, o):
        o = Ix.lift(o)
        if self.div is not None or o.div is not None:
            return _Sum(self, o)
        t = dict(self.terms)
        for k, v in o.terms.items():
            t[k] = t.get(k, Sym.const(0)) + v
        return Ix(t, self.off + o.off)

    __radd__ = __add__

    def __neg__(self):
        return self * -1

    def __sub__(self, o):
        return self + (-Ix.lift(o))

    def __rsub__(self, o):
        return Ix.lift(o) - self

    def __mul__(self, c):
        c = Sym.lift(c)
        if self.div is not None:
            if c.is_const() and c.value() == 1:
                return self
            return _Scaled(self, c)
        return Ix({k: v * c for k, v in self.terms.items()}, self.off * c)

    __rmul__ = __mul__

    def floordiv(self, c):
        return Ix(div=(self, int(c), "floordiv")) if int(c) != 1 else self

    def ceildiv(self, c):
        return Ix(div=(self, int(c), "ceildiv")) if int(c) != 1 else self

    def mod(self, c):
        return Ix(div=(self, int(c), "mod"))

    def is_const(self):
        return self.div is None and not self.terms and self.off.is_const()

    def ivs(self):
        if self.div is not None:
            return self.div[0].ivs()
        return set(self.terms)


class _Sum(Ix):
    __slots__ = ("a", "b")

    def __init__(self, a, b):
        Ix.__init__(self)
        self.div = ("sum",)
        self.a, self.b = a, b

    def ivs(self):
        return self.a.ivs() | self.b.ivs()


class _Scaled(Ix):
    __slots__ = ("a", "c")

    def __init__(self, a, c):
        Ix.__init__(self)
        self.div = ("scaled",)
        self.a, self.c = a, c

    def ivs(self):
        return self.a.ivs()


# ---------------------------------------------------------------------------------------------
# Buffers and views


class Buffer:
    """A memref: a function argument (kind "arg") or a memref.alloc (kind "alloc"). kind
    "dropped" is a state entry that is not an argument (num_batches_tracked)."""

    def __init__(self, name, shape, elem, kind):
        self.name, self.shape, self.elem, self.kind = name, list(shape), elem, kind
        self.type = memref_type(self.shape, elem)


class Tensor:
    """A view of a Buffer: shape (Syms) and fn, a map from this view's index list to the
    buffer's index list."""

    def __init__(self, buf, shape=None, fn=None):
        self.buf = buf
        self.shape = list(buf.shape if shape is None else shape)
        self.fn = fn
        self.elem = buf.elem

    @property
    def rank(self):
        return len(self.shape)

    def is_identity(self):
        return self.fn is None

    def index(self, idx):
        idx = [Ix.lift(i) for i in idx]
        if len(idx) != self.rank:
            raise ValueError("index of rank %d for a tensor of rank %d" % (len(idx), self.rank))
        return self.fn(idx) if self.fn else idx

    def load(self, b, idx):
        return b.load(self.buf, self.index(idx))

    def store(self, b, value, idx):
        b.store(value, self.buf, self.index(idx))

    def view(self, shape, fn):
        """A view of this view: fn maps the new indices to this view's indices."""
        inner = self.fn
        if inner is None:
            return Tensor(self.buf, shape, fn)
        return Tensor(self.buf, shape, lambda idx: inner(fn(idx)))


# ---------------------------------------------------------------------------------------------
# The builder


class Loop:
    def __init__(self, b, iv, args, results):
        self.b, self.iv, self.args, self.results = b, iv, args, results
        self._yielded = None

    def yield_(self, *values):
        self._yielded = list(values)


class Builder:
    def __init__(self):
        self.prologue = []   # top-level lines computing symbolic sizes
        self.body = []       # the function body after the prologue
        self.maps = {}       # affine_map text -> alias
        self.depth = 0
        self.names = set()
        self.counter = {}
        self.sym_values = {}  # Sym.key -> SSA name
        self.arg_names = {}   # size-constant name -> SSA name of its index argument
        self.tags = None
        self.consts = {}
        self.ranges = {}      # loop variable -> its trip count (loops from 0 with step 1)
        self.loop_bounds = []  # (lo, hi, step) of the enclosing loops
        self.work_terms = []   # per loop: the bounds of it and its enclosing loops (work_at)

    # -- names
    def fresh(self, hint="v"):
        hint = "".join(ch if ch.isalnum() or ch == "_" else "_" for ch in hint) or "v"
        if hint[0].isdigit():
            hint = "v" + hint
        while True:
            k = self.counter.get(hint, 0)
            self.counter[hint] = k + 1
            name = "%" + (hint if k == 0 and hint not in ("v", "i") else "%s%d" % (hint, k))
            if name not in self.names:
                self.names.add(name)
                return name

    def reserve(self, name):
        self.names.add(name)

    # -- text
    def emit(self, line):
        self.body.append("  " * (self.depth + 1) + line)

    def comment(self, text):
        self.emit("// " + text)

    # -- symbolic sizes
    def index(self, s):
        """An index operand for the Sym s: a literal for a constant, else an SSA name of a
        top-level index value (a valid affine symbol)."""
        s = Sym.lift(s)
        if s.is_const():
            return str(s.value())
        if s.key in self.sym_values:
            return self.sym_values[s.key]
        # A single size constant with coefficient 1.
        if len(s.terms) == 1:
            (m, c), = s.terms.items()
            if c == 1 and len(m) == 1 and isinstance(m[0], str):
                return self.arg_names[m[0]]
        if s.is_affine():
            operands = []
            text = self._sym_affine(s, operands)
            name = self.fresh("d")
            syms = ", ".join(operands)
            self.prologue.append("  %s = affine.apply affine_map<()[%s] -> (%s)>()[%s]" % (
                name, ", ".join("s%d" % k for k in range(len(operands))), text, syms))
        elif len(s.terms) == 1 and list(s.terms.values())[0] == 1:
            (m, _), = s.terms.items()
            acc = self.index(Sym.atom(m[0]))
            for a in m[1:]:
                nxt = self.fresh("d")
                self.prologue.append("  %s = arith.muli %s, %s : index" % (
                    nxt, acc, self.index(Sym.atom(a))))
                acc = nxt
            name = acc
        else:
            # Materialise each non-affine monomial, then an affine combination of them.
            atoms_of = {}
            lin = Sym.const(s.terms.get((), 0))
            for m, c in s.terms.items():
                if len(m) > 1:
                    v = self.index(Sym({m: 1}))
                    atoms_of[v] = c
                elif m:
                    lin = lin + Sym({m: c})
            operands = []
            text = self._sym_affine(lin, operands) if not lin.is_const() or lin.value() else ""
            for v, c in atoms_of.items():
                operands.append(v)
                term = "s%d * %d" % (len(operands) - 1, c) if c != 1 else "s%d" % (len(operands) - 1)
                text = term if not text else "%s + %s" % (text, term)
            name = self.fresh("d")
            self.prologue.append("  %s = affine.apply affine_map<()[%s] -> (%s)>()[%s]" % (
                name, ", ".join("s%d" % k for k in range(len(operands))), text,
                ", ".join(operands)))
        self.sym_values[s.key] = name
        return name

    def size_float(self, s, ty):
        """A float SSA value equal to the size s, computed once at function top level."""
        s = Sym.lift(s)
        key = ("float", s.key, ty)
        if key in self.sym_values:
            return self.sym_values[key]
        if s.is_const():
            name = self.fresh("cst")
            self.prologue.append("  %s = arith.constant %s : %s" % (
                name, float_literal(float(s.value()), ty), ty))
        else:
            iv = self.index(s)
            i64 = self.fresh("x")
            self.prologue.append("  %s = arith.index_cast %s : index to i64" % (i64, iv))
            name = self.fresh("x")
            self.prologue.append("  %s = arith.sitofp %s : i64 to %s" % (name, i64, ty))
        self.sym_values[key] = name
        return name

    def _sym_affine(self, s, operands):
        """Text of an affine Sym over symbols s0..; appends their SSA names to operands."""
        def sym_name(atom):
            v = self.arg_names[atom] if isinstance(atom, str) else self.index(Sym.atom(atom))
            if v not in operands:
                operands.append(v)
            return "s%d" % operands.index(v)

        parts = []
        for m, c in sorted(s.terms.items(), key=lambda mc: (len(mc[0]) == 0,)):
            if not m:
                parts.append((c, None))
                continue
            (a,) = m
            if isinstance(a, FloorDiv) and a.num.is_affine():
                inner = "(%s) floordiv %d" % (self._sym_affine(a.num, operands), a.den)
                parts.append((c, inner))
            else:
                parts.append((c, sym_name(a)))
        return _join_terms(parts)

    # -- index expressions
    def render(self, ix, dim=None, sym=None):
        """Text of an Ix. Inline (dim, sym None): `%i * 2 + symbol(%n)`; for a map, dim and
        sym map an iv / a symbol SSA name to `d0` / `s0`."""
        dim = dim or (lambda v: v)
        sym = sym or (lambda v: "symbol(%s)" % v)
        return self._render(ix, dim, sym)

    def _render(self, ix, dim, sym):
        if ix.div is not None:
            kind = ix.div[0]
            if kind == "sum":
                a, b = self._render(ix.a, dim, sym), self._render(ix.b, dim, sym)
                return b if a == "0" else a if b == "0" else "%s + %s" % (a, b)
            if kind == "scaled":
                return "(%s) * %s" % (self._render(ix.a, dim, sym), self._coeff(ix.c, sym))
            inner, c, op = ix.div
            return "(%s) %s %d" % (self._render(inner, dim, sym), op, c)
        parts = []
        for v, c in ix.terms.items():
            if c.is_const():
                parts.append((c.value(), dim(v)))
            else:
                neg = all(x < 0 for x in c.terms.values())
                cs = -c if neg else c
                parts.append((-1 if neg else 1, "%s * %s" % (dim(v), sym(self.index(cs)))))
        off = ix.off
        if off.is_const():
            parts.append((off.value(), None))
        else:
            neg = all(x < 0 for x in off.terms.values())
            parts.append((-1 if neg else 1, sym(self.index(-off if neg else off))))
        return _join_terms(parts)

    def _coeff(self, c, sym):
        return str(c.value()) if c.is_const() else sym(self.index(c))

    def _map(self, exprs):
        """(alias, dims, syms) for a multi-result affine map of Ix's."""
        dims, syms = [], []

        def d(v):
            if v not in dims:
                dims.append(v)
            return "d%d" % dims.index(v)

        def s(v):
            if v not in syms:
                syms.append(v)
            return "s%d" % syms.index(v)

        texts = [self._render(e, d, s) for e in exprs]
        text = "affine_map<(%s)[%s] -> (%s)>" % (
            ", ".join("d%d" % k for k in range(len(dims))),
            ", ".join("s%d" % k for k in range(len(syms))), ", ".join(texts))
        if text not in self.maps:
            self.maps[text] = "#map%d" % len(self.maps)
        return self.maps[text], dims, syms

    def bound(self, v):
        """Text of a loop bound: an int, a Sym, an Ix, or ("max"|"min", [Ix or int, ...])."""
        if isinstance(v, tuple):
            kind, exprs = v
            exprs = [Ix.lift(e) for e in exprs]
            if len(exprs) == 1:
                return self.bound(exprs[0])
            alias, dims, syms = self._map(exprs)
            return "%s %s(%s)[%s]" % (kind, alias, ", ".join(dims), ", ".join(syms))
        if isinstance(v, int) or isinstance(v, Sym):
            return self.index(v)
        if v.is_const():
            return self.index(v.off)
        if v.div is None and not v.terms:
            return self.index(v.off)
        alias, dims, syms = self._map([v])
        return "%s(%s)[%s]" % (alias, ", ".join(dims), ", ".join(syms))

    # -- ops
    def loop(self, hi, lo=0, step=1, carry=None, name="i"):
        return _LoopCtx(self, lo, hi, step, carry or [], name)

    def group(self, op, loc):
        return _GroupCtx(self, op, loc)

    def op(self, opname, *operands, ty, hint="v", res_ty=None):
        """%r = opname a, b : ty (res_ty is only for the caller's bookkeeping)."""
        r = self.fresh(hint)
        self.emit("%s = %s %s : %s" % (r, opname, ", ".join(operands), ty))
        return r

    def cmpf(self, pred, a, c, ty):
        r = self.fresh("c")
        self.emit("%s = arith.cmpf %s, %s, %s : %s" % (r, pred, a, c, ty))
        return r

    def cmpi(self, pred, a, c, ty):
        r = self.fresh("c")
        self.emit("%s = arith.cmpi %s, %s, %s : %s" % (r, pred, a, c, ty))
        return r

    def select(self, cond, a, c, ty):
        r = self.fresh("s")
        self.emit("%s = arith.select %s, %s, %s : %s" % (r, cond, a, c, ty))
        return r

    def cast(self, opname, v, src, dst):
        r = self.fresh("x")
        self.emit("%s = %s %s : %s to %s" % (r, opname, v, src, dst))
        return r

    def constf(self, v, ty):
        r = self.fresh("cst")
        self.emit("%s = arith.constant %s : %s" % (r, float_literal(v, ty), ty))
        return r

    def consti(self, v, ty):
        r = self.fresh("c")
        if ty == "i1":
            self.emit("%s = arith.constant %s" % (r, "true" if v else "false"))
        else:
            self.emit("%s = arith.constant %d : %s" % (r, int(v), ty))
        return r

    def index_value(self, ix):
        """An index SSA value equal to the Ix (affine.apply) inside loops."""
        ix = Ix.lift(ix)
        if ix.is_const():
            return self.consti(ix.off.value(), "index")
        if ix.div is None and len(ix.terms) == 1 and ix.off == Sym.const(0):
            (v, c), = ix.terms.items()
            if c == Sym.const(1):
                return v
        if ix.div is None and not ix.terms:
            return self.index(ix.off)
        alias, dims, syms = self._map([ix])
        r = self.fresh("ix")
        self.emit("%s = affine.apply %s(%s)[%s]" % (r, alias, ", ".join(dims), ", ".join(syms)))
        return r

    def load(self, buf, idx):
        r = self.fresh("ld")
        self.emit("%s = affine.load %s[%s] : %s" % (
            r, buf.name, ", ".join(self.render(i) for i in idx), buf.type))
        return r

    def store(self, v, buf, idx):
        self.emit("affine.store %s, %s[%s] : %s" % (
            v, buf.name, ", ".join(self.render(i) for i in idx), buf.type))

    def load_dyn(self, buf, idx_values):
        """memref.load with index SSA values (data-dependent gathers)."""
        r = self.fresh("ld")
        self.emit("%s = memref.load %s[%s] : %s" % (r, buf.name, ", ".join(idx_values), buf.type))
        return r

    def store_dyn(self, v, buf, idx_values):
        self.emit("memref.store %s, %s[%s] : %s" % (v, buf.name, ", ".join(idx_values), buf.type))

    def alloc(self, shape, elem, hint="t"):
        buf = Buffer(self.fresh(hint), shape, elem, "alloc")
        operands = [self.index(s) for s in shape if not s.is_const()]
        self.emit("%s = memref.alloc(%s) : %s" % (buf.name, ", ".join(operands), buf.type))
        return buf


class _LoopCtx:
    """One affine.for, or, for a bound that is a product of sizes (`B * S`, from a flatten),
    one affine.for per factor whose composite index `b * S + s` is the Loop's iv: views that
    merged those dims can then split it again without division (Tensor views in shape.py)."""

    def __init__(self, b, lo, hi, step, carry, name):
        self.b, self.lo, self.hi, self.step, self.carry, self.name = b, lo, hi, step, carry, name

    def _factors(self):
        hi = self.hi
        if not isinstance(hi, Sym) or self.step != 1 or not (
                isinstance(self.lo, int) and self.lo == 0) or len(hi.terms) != 1:
            return None
        (m, c), = hi.terms.items()
        if len(m) + (c != 1) < 2 or c < 1:
            return None
        return ([Sym.const(c)] if c != 1 else []) + [Sym.atom(a) for a in m]

    def __enter__(self):
        b = self.b
        b.loop_bounds.append((self.lo, self.hi, self.step))
        b.work_terms.append(tuple(b.loop_bounds))
        factors = self._factors()
        levels = factors if factors else [None]
        self.levels = []
        carry_tys = [ty for _, ty in self.carry]
        inits = [init for init, _ in self.carry]
        ivs = []
        for k, f in enumerate(levels):
            iv = b.fresh(self.name)
            args = [b.fresh("acc") for _ in self.carry]
            results = [b.fresh("r") for _ in self.carry]
            if f is None:
                lo, hi = b.bound(self.lo), b.bound(self.hi)
            else:
                lo, hi = "0", b.bound(f)
            head = ""
            if results:
                head = ("%s = " % results[0]) if len(results) == 1 else "%s:%d = " % (
                    results[0], len(results))
            text = "%saffine.for %s = %s to %s" % (head, iv, lo, hi)
            if self.step != 1:
                text += " step %d" % self.step
            if self.carry:
                text += " iter_args(%s) -> (%s)" % (
                    ", ".join("%s = %s" % (a, init) for a, init in zip(args, inits)),
                    ", ".join(carry_tys))
            b.emit(text + " {")
            b.depth += 1
            res = results if len(results) <= 1 else ["%s#%d" % (results[0], j)
                                                      for j in range(len(results))]
            self.levels.append((iv, args, res))
            inits = args
            ivs.append(iv)
            rng = f if f is not None else (Sym.lift(self.hi) if isinstance(self.hi, (int, Sym))
                                           and self.lo == 0 and self.step == 1 else None)
            if rng is not None:
                b.ranges[iv] = rng
        if factors:
            comp = Ix.lift(0)
            stride = Sym.const(1)
            for iv, f in reversed(list(zip(ivs, factors))):
                comp = comp + Ix.var(iv) * stride
                stride = stride * f
        else:
            comp = Ix.var(ivs[0])
        iv0, args_in, _ = self.levels[-1]
        self.L = Loop(b, comp, args_in, self.levels[0][2])
        self.L.iv_name = ivs[0] if not factors else None
        return self.L

    def __exit__(self, et, ev, tb):
        if et is not None:
            return False
        b = self.b
        if self.carry and (self.L._yielded is None or len(self.L._yielded) != len(self.carry)):
            raise ValueError("a loop with iter_args must yield %d values" % len(self.carry))
        tys = ", ".join(ty for _, ty in self.carry)
        yielded = self.L._yielded
        for k in range(len(self.levels) - 1, -1, -1):
            if self.carry:
                b.emit("affine.yield %s : %s" % (", ".join(yielded), tys))
                yielded = self.levels[k][2]
            b.depth -= 1
            close = "}"
            if b.depth == 0 and b.tags:
                close += " {solar.op = \"%s\", solar.loc = \"%s\"}" % b.tags
            b.emit(close)
        b.loop_bounds.pop()
        return False


def _bound_at(v, env):
    """A loop bound's value at env (None if it depends on a loop variable): the smallest
    evaluable entry of a min, the largest of a max."""
    if isinstance(v, int):
        return v
    if isinstance(v, Sym):
        return v.eval(env)
    if isinstance(v, tuple):
        vals = [x for x in (_bound_at(e, env) for e in v[1]) if x is not None]
        if not vals:
            return None
        return min(vals) if v[0] == "min" else max(vals)
    if isinstance(v, Ix) and v.div is None and not v.terms:
        return v.off.eval(env)
    return None


def _trip_at(lo, hi, step, env):
    """The estimated trip count of a loop at env (1 when a bound depends on a loop)."""
    if env is None:
        return 1
    h, lo_v = _bound_at(hi, env), _bound_at(lo, env)
    if h is None:
        return 1
    return max(0, (h - (lo_v or 0) + step - 1) // step)


def work_at(terms, env):
    """Estimated loop iterations at env of a function whose Builder recorded terms
    (Builder.work_terms): every loop's trips times those of the loops around it."""
    total = 0
    for stack in terms:
        n = 1
        for lo, hi, step in stack:
            n *= max(_trip_at(lo, hi, step, env), 1)
        total += n
    return total


class _GroupCtx:
    def __init__(self, b, op, loc):
        self.b, self.op, self.loc = b, op, loc

    def __enter__(self):
        self.saved = self.b.tags
        self.b.tags = (self.op, self.loc)
        return self.b

    def __exit__(self, et, ev, tb):
        self.b.tags = self.saved
        return False


def _join_terms(parts):
    """[(coeff, text or None)] -> 'a * 2 + b - 3'."""
    out = ""
    parts = sorted(parts, key=lambda p: (p[0] < 0, p[1] is None))
    for c, t in parts:
        if c == 0:
            continue
        if t is None:
            body, neg = str(abs(c)), c < 0
        else:
            body = t if abs(c) == 1 else "%s * %d" % (t, abs(c))
            neg = c < 0
        if not out:
            out = ("-" + body) if neg else body
        else:
            out += (" - " if neg else " + ") + body
    return out or "0"

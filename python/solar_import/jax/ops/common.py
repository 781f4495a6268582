"""Helpers of the JAX emitters on top of the PyTorch importer's (../../ops/common.py)."""

from ...ir import Ix, Tensor, is_float
from ...ops.common import nest, scalar_value
from ...sym import Sym

NEG_INF, POS_INF = float("-inf"), float("inf")


def fill(b, dst, value):
    """dst[...] = value (a number or Sym) over dst's shape."""
    v = scalar_value(b, value, dst.elem)
    nest(b, dst.shape, lambda idx: dst.store(b, v, idx))


def tensor_arg(ctx, i, what):
    """Operand i as a Tensor; a literal operand is refused (it has no array to read)."""
    x = ctx.arg(i)
    if not isinstance(x, Tensor):
        ctx.fail("%s must be an array, not the literal %r" % (what, x))
    return x


def ints(ctx, v, what):
    """A parameter tuple as Python ints (symbolic entries fix their constants)."""
    return [ctx.int(x, what) for x in (v or ())]


def identity_or_min(b, kind, elem):
    """The initial value of a reduction: 0, 1, -inf/+inf or the integer extremes."""
    if kind == "sum":
        return scalar_value(b, 0, elem)
    if kind == "prod":
        return scalar_value(b, 1, elem)
    if kind in ("and", "or"):
        return b.consti(kind == "and", elem) if elem == "i1" else scalar_value(
            b, -1 if kind == "and" else 0, elem)
    lo = kind == "max"
    if is_float(elem):
        return b.constf(NEG_INF if lo else POS_INF, elem)
    if elem == "i1":
        return b.consti(not lo, "i1")
    bits = {"i8": 8, "i16": 16, "i32": 32, "i64": 64}[elem]
    return b.consti(-(1 << (bits - 1)) if lo else (1 << (bits - 1)) - 1, elem)


def combine(b, kind, acc, v, elem):
    """acc (kind) v for the reductions and the cumulative ops."""
    f = is_float(elem)
    if kind == "sum":
        return b.op("arith.addf" if f else "arith.addi", acc, v, ty=elem)
    if kind == "prod":
        return b.op("arith.mulf" if f else "arith.muli", acc, v, ty=elem)
    if kind == "max":
        return b.op("arith.maximumf" if f else ("arith.ori" if elem == "i1" else "arith.maxsi"),
                    acc, v, ty=elem)
    if kind == "min":
        return b.op("arith.minimumf" if f else ("arith.andi" if elem == "i1" else "arith.minsi"),
                    acc, v, ty=elem)
    if kind == "and":
        return b.op("arith.andi", acc, v, ty=elem)
    if kind == "or":
        return b.op("arith.ori", acc, v, ty=elem)
    raise ValueError(kind)


def const_one(s):
    s = Sym.lift(s)
    return s.is_const() and s.value() == 1


def tap_bounds(p, s, lo, hi, dil, k, h):
    """(lower, upper) of a window tap loop at output position p (an Ix) over an input of size
    h padded by lo and hi: the taps r with 0 <= p*s - lo + r*dil < h, so padding is never read
    (plain 0 to k without padding)."""
    base = p * s - lo                       # input position of tap 0
    lower = 0
    if lo:
        lower = ("max", [Ix.lift(0), (-base).ceildiv(dil) if dil != 1 else -base])
    upper = k
    if hi:
        up = Ix.lift(Sym.lift(h)) - base    # r*dil < h - base  <=>  r < ceil((h - base) / dil)
        upper = ("min", [Ix.lift(Sym.lift(k)), up.ceildiv(dil) if dil != 1 else up])
    return lower, upper

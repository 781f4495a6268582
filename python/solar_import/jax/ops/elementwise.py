"""Elementwise primitives: arithmetic, math functions, comparisons, select_n, clamp, casts.

One nest over the result's shape each, through the PyTorch importer's pointwise() (operands
read with size-1 broadcasting, literals as constants, converted to the computation type).
The formulas follow lax: `max`/`min` propagate NaN (arith.maximumf), integer `div`/`rem`
truncate toward zero (arith.divsi/remsi), `sign` keeps zeros and NaN, `logistic` is
1 / (1 + exp(-x)), `erfc` is 1 - erf(x), `integer_pow` multiplies (x**3 = x*x*x, a negative
power divides 1 by it), `round` rounds half away from zero or to even (rounding_method).
"""

from ...ir import is_float
from ...ops import elementwise as tew
from ...ops.common import scalar_value
from ...ops.elementwise import pointwise, read
from ...ops.common import nest


def _math(name):
    def fn(b, v, ty):
        return b.op(name, v[0], ty=ty)
    fn.float_only = True
    return fn


def _arith(fop, iop):
    def fn(b, v, ty):
        return b.op(fop if is_float(ty) else iop, *v, ty=ty)
    return fn


def _logic(op):
    def fn(b, v, ty):
        return b.op(op, *v, ty=ty)
    fn.int_only = True
    return fn


def f_sign(b, v, ty):
    x = v[0]
    zero, one = scalar_value(b, 0, ty), scalar_value(b, 1, ty)
    m1 = scalar_value(b, -1, ty)
    if is_float(ty):
        pos, neg = b.cmpf("ogt", x, zero, ty), b.cmpf("olt", x, zero, ty)
    else:
        pos, neg = b.cmpi("sgt", x, zero, ty), b.cmpi("slt", x, zero, ty)
    return b.select(pos, one, b.select(neg, m1, x, ty), ty)


def f_erfc(b, v, ty):
    e = b.op("math.erf", v[0], ty=ty)
    return b.op("arith.subf", b.constf(1.0, ty), e, ty=ty)


def f_not(b, v, ty):
    return b.op("arith.xori", v[0], b.consti(1 if ty == "i1" else -1, ty), ty=ty)


def f_is_finite(b, v, ty):
    a = b.op("math.absf", v[0], ty=ty)
    return b.cmpf("one", a, b.constf(float("inf"), ty), ty)


f_is_finite.result_type = "i1"


def _round(method):
    def fn(b, v, ty):
        return b.op("math.roundeven" if method == 1 else "math.round", v[0], ty=ty)
    return fn


def _ipow(b, x, n, ty):
    """x ** n for an int n >= 1 by squaring (as XLA expands integer_pow)."""
    result, base = None, x
    mul = "arith.mulf" if is_float(ty) else "arith.muli"
    while n:
        if n & 1:
            result = base if result is None else b.op(mul, result, base, ty=ty)
        n >>= 1
        if n:
            base = b.op(mul, base, base, ty=ty)
    return result


FLOAT_UNARY = {
    "exp": "math.exp", "exp2": "math.exp2", "log": "math.log", "log1p": "math.log1p",
    "expm1": "math.expm1", "tanh": "math.tanh", "erf": "math.erf", "rsqrt": "math.rsqrt",
    "sqrt": "math.sqrt", "cbrt": "math.cbrt", "sin": "math.sin", "cos": "math.cos",
    "tan": "math.tan", "asin": "math.asin", "acos": "math.acos", "atan": "math.atan",
    "sinh": "math.sinh", "cosh": "math.cosh", "floor": "math.floor", "ceil": "math.ceil",
}
UNARY = {k: _math(v) for k, v in FLOAT_UNARY.items()}
UNARY.update({
    "neg": tew.f_neg, "abs": tew.f_abs, "sign": f_sign, "logistic": tew.f_sigmoid,
    "erfc": f_erfc, "not": f_not, "square": tew.f_square, "is_finite": f_is_finite,
})
UNARY["logistic"].float_only = True
f_erfc.float_only = True
f_is_finite.float_only = True

BINARY = {
    "add": _arith("arith.addf", "arith.addi"), "sub": _arith("arith.subf", "arith.subi"),
    "mul": _arith("arith.mulf", "arith.muli"), "div": _arith("arith.divf", "arith.divsi"),
    "rem": _arith("arith.remf", "arith.remsi"), "pow": _math("math.powf"),
    "max": _arith("arith.maximumf", "arith.maxsi"), "min": _arith("arith.minimumf", "arith.minsi"),
    "atan2": _math("math.atan2"), "and": _logic("arith.andi"), "or": _logic("arith.ori"),
    "xor": _logic("arith.xori"),
}
BINARY["pow"] = _arith("math.powf", None)
BINARY["pow"].float_only = True
BINARY["atan2"] = _arith("math.atan2", None)
BINARY["atan2"].float_only = True

COMPARE = {"eq": ("oeq", "eq"), "ne": ("une", "ne"), "lt": ("olt", "slt"),
           "le": ("ole", "sle"), "gt": ("ogt", "sgt"), "ge": ("oge", "sge")}


def _check(ctx, fn, ty):
    if getattr(fn, "float_only", False) and not is_float(ty):
        ctx.fail("is only supported on floating-point arrays, not %s" % ty)
    if getattr(fn, "int_only", False) and is_float(ty):
        ctx.fail("is only defined on integer and boolean arrays")


def unary(prim):
    fn = UNARY[prim]

    def emit(ctx):
        x = ctx.arg(0)
        ty = x.elem if hasattr(x, "elem") else ctx.out_elem()
        _check(ctx, fn, ty)
        pointwise(ctx, [x], fn, comp=ty)
    return emit


def binary(prim):
    fn = BINARY[prim]

    def emit(ctx):
        _check(ctx, fn, ctx.out_elem())
        pointwise(ctx, [ctx.arg(0), ctx.arg(1)], fn)
    return emit


def compare(prim):
    fpred, ipred = COMPARE[prim]

    def fn(b, v, ty):
        return b.cmpf(fpred, v[0], v[1], ty) if is_float(ty) else b.cmpi(ipred, v[0], v[1], ty)
    fn.result_type = "i1"

    def emit(ctx):
        xs = [ctx.arg(0), ctx.arg(1)]
        ty = next((x.elem for x in xs if hasattr(x, "elem")), "f32")
        pointwise(ctx, xs, fn, comp=ty)
    return emit


def emit_round(ctx):
    _check(ctx, UNARY["exp"], ctx.out_elem())
    pointwise(ctx, [ctx.arg(0)], _round(ctx.int(ctx.param("rounding_method", 0), "the method")))


def emit_integer_pow(ctx):
    y = ctx.int(ctx.param("y"), "the exponent")

    def fn(b, v, ty):
        if y == 0:
            return scalar_value(b, 1, ty)
        p = _ipow(b, v[0], abs(y), ty)
        if y > 0:
            return p
        if not is_float(ty):
            ctx.fail("a negative integer power of an integer array")
        return b.op("arith.divf", b.constf(1.0, ty), p, ty=ty)
    pointwise(ctx, [ctx.arg(0)], fn)


def emit_select_n(ctx):
    """select_n(which, *cases): cases[which]; a boolean which picks cases[1] when true."""
    which, cases = ctx.arg(0), ctx.args[1:]
    b = ctx.b
    out = ctx.out()
    shape = ctx.out_shape()
    welem = which.elem if hasattr(which, "elem") else ("i1" if isinstance(which, bool) else "i32")

    def body(idx):
        vals = [read(b, c, shape, idx, out.elem) for c in cases]
        w = read(b, which, shape, idx, welem)
        if welem == "i1":
            r = b.select(w, vals[1], vals[0], out.elem) if len(vals) == 2 else vals[0]
        else:
            r = vals[-1]
            for k in range(len(vals) - 2, -1, -1):
                hit = b.cmpi("eq", w, b.consti(k, welem), welem)
                r = b.select(hit, vals[k], r, out.elem)
        out.store(b, r, idx)
    nest(b, shape, body)
    ctx.set_result(out)


def emit_clamp(ctx):
    """clamp(lo, x, hi) = min(max(x, lo), hi)."""
    lo, x, hi = ctx.arg(0), ctx.arg(1), ctx.arg(2)
    mx, mn = BINARY["max"], BINARY["min"]
    pointwise(ctx, [x, lo, hi], lambda b, v, ty: mn(b, [mx(b, [v[0], v[1]], ty), v[2]], ty))


def emit_convert(ctx):
    x = ctx.arg(0)
    src = x.elem if hasattr(x, "elem") else ctx.out_elem()
    pointwise(ctx, [x], lambda b, v, ty: v[0], comp=src)


def emit_identity(ctx):
    """copy, stop_gradient, optimization_barrier: each result is its operand (a literal one
    is written out)."""
    for k, x in enumerate(ctx.args):
        if hasattr(x, "elem"):
            ctx.set_result(x, k)
        else:
            from .common import fill
            out = ctx.out(k)
            fill(ctx.b, out, x)
            ctx.set_result(out, k)


def emit_reduce_precision(ctx):
    bits = {"f32": (8, 23), "bf16": (8, 7), "f16": (5, 10), "f64": (11, 52)}
    x = ctx.arg(0)
    have = bits.get(ctx.out_elem())
    want = (ctx.int(ctx.param("exponent_bits"), "exponent_bits"),
            ctx.int(ctx.param("mantissa_bits"), "mantissa_bits"))
    if have != want:
        ctx.fail("rounding to %d exponent and %d mantissa bits inside %s is not supported"
                 % (want[0], want[1], ctx.out_elem()))
    ctx.set_result(x)



"""Elementwise ops: unary and binary arithmetic with broadcasting, comparisons, where, casts.

Each op loops over its output shape; tensor operands are read through broadcast_index, Python
numbers become constants, and operands are converted to the result's element type first (the
computation type of a comparison is the promoted type of its operands). An in-place variant
(`aten.relu_`, `aten.add_`) writes into its first argument and returns it.
"""

import math

from ..ir import is_float
from .common import nest, broadcast_index, scalar_value, is_tensor

WIDTH = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64, "i1": 1, "i8": 8, "i16": 16, "i32": 32,
         "i64": 64}


def convert(b, v, src, dst):
    """v of type src as dst."""
    if src == dst:
        return v
    if is_float(src) and is_float(dst):
        if (src, dst) in (("f16", "bf16"), ("bf16", "f16")):
            v = b.cast("arith.extf", v, src, "f32")
            return b.cast("arith.truncf", v, "f32", dst)
        return b.cast("arith.extf" if WIDTH[dst] > WIDTH[src] else "arith.truncf", v, src, dst)
    if src == "i1":
        one = scalar_value(b, 1, dst)
        zero = scalar_value(b, 0, dst)
        return b.select(v, one, zero, dst)
    if dst == "i1":
        zero = scalar_value(b, 0, src)
        return b.cmpf("une", v, zero, src) if is_float(src) else b.cmpi("ne", v, zero, src)
    if is_float(dst):
        return b.cast("arith.sitofp", v, src, dst)
    if is_float(src):
        return b.cast("arith.fptosi", v, src, dst)
    return b.cast("arith.extsi" if WIDTH[dst] > WIDTH[src] else "arith.trunci", v, src, dst)


def read(b, x, out_shape, idx, elem):
    """Operand x (a Tensor or a number) at output index idx, as elem."""
    if is_tensor(x):
        v = x.load(b, broadcast_index(x, out_shape, idx))
        return convert(b, v, x.elem, elem)
    return scalar_value(b, x, elem)


def promoted(xs, out_elem):
    """The computation type of a comparison's operands."""
    tens = [x.elem for x in xs if is_tensor(x)]
    floats = [e for e in tens if is_float(e)]
    if floats:
        return max(floats, key=lambda e: (WIDTH[e], e == "f32"))
    if any(isinstance(x, float) for x in xs):
        return "f32"
    ints = [e for e in tens if e != "i1"]
    return max(ints, key=lambda e: WIDTH[e]) if ints else (tens[0] if tens else out_elem)


def pointwise(ctx, operands, fn, inplace=False, comp=None):
    """out[idx] = fn(b, [operand values], ty) over the output shape; ty is comp or the output
    element type; the result is converted to the output type."""
    b = ctx.b
    out = operands[0] if inplace else ctx.out()
    shape = ctx.out_shape() if not inplace else out.shape
    elem = out.elem
    ty = comp or elem

    def body(idx):
        vals = [read(b, x, shape, idx, ty) for x in operands]
        r = fn(b, vals, ty)
        out.store(b, convert(b, r, _result_type(fn, ty), elem), idx)

    nest(b, shape, body)
    ctx.set_result(out)


def _result_type(fn, ty):
    return getattr(fn, "result_type", ty)


def _unary(opname):
    def fn(b, v, ty):
        return b.op(opname, v[0], ty=ty)
    return fn


def _binary(opname_f, opname_i=None):
    def fn(b, v, ty):
        name = opname_f if is_float(ty) else opname_i
        return b.op(name, v[0], v[1], ty=ty)
    return fn


# -- scalar formulas ---------------------------------------------------------------------------


def f_relu(b, v, ty):
    if not is_float(ty):
        return b.op("arith.maxsi", v[0], b.consti(0, ty), ty=ty)
    return b.op("arith.maximumf", v[0], b.constf(0.0, ty), ty=ty)


def f_sigmoid(b, v, ty):
    one = b.constf(1.0, ty)
    n = b.op("arith.negf", v[0], ty=ty)
    e = b.op("math.exp", n, ty=ty)
    d = b.op("arith.addf", one, e, ty=ty)
    return b.op("arith.divf", one, d, ty=ty)


def f_neg(b, v, ty):
    if is_float(ty):
        return b.op("arith.negf", v[0], ty=ty)
    return b.op("arith.subi", b.consti(0, ty), v[0], ty=ty)


def f_abs(b, v, ty):
    if is_float(ty):
        return b.op("math.absf", v[0], ty=ty)
    n = f_neg(b, v, ty)
    return b.op("arith.maxsi", v[0], n, ty=ty)


def _with_alpha(opname_f, opname_i):
    """add/sub with alpha: a op alpha * b."""
    def make(alpha):
        def fn(b, v, ty):
            y = v[1]
            if alpha is not None and alpha != 1:
                a = scalar_value(b, alpha, ty)
                y = b.op("arith.mulf" if is_float(ty) else "arith.muli", y, a, ty=ty)
            return b.op(opname_f if is_float(ty) else opname_i, v[0], y, ty=ty)
        return fn
    return make


_add = _with_alpha("arith.addf", "arith.addi")
_sub = _with_alpha("arith.subf", "arith.subi")


def _compare(fpred, ipred):
    def fn(b, v, ty):
        if is_float(ty):
            return b.cmpf(fpred, v[0], v[1], ty)
        return b.cmpi(ipred, v[0], v[1], ty)
    fn.result_type = "i1"
    return fn


# -- emitters -----------------------------------------------------------------------------------


def _inplace(ctx):
    return ctx.op.endswith("_")


def inplace_ok(emit):
    """Marks a pointwise emitter that reads each operand element only at the index it writes,
    so its result may share its operand's buffer (see emit.Writer._forward_buffer)."""
    emit.inplace_ok = True
    return emit


def unary(fn):
    @inplace_ok
    def emit(ctx):
        x = ctx.arg(0)
        if not is_float(ctx.out_elem()) and fn in FLOAT_ONLY:
            ctx.fail("is only supported on floating-point tensors")
        pointwise(ctx, [x], fn, inplace=_inplace(ctx))
    return emit


def binary(fn):
    @inplace_ok
    def emit(ctx):
        pointwise(ctx, [ctx.arg(0), ctx.arg(1)], fn, inplace=_inplace(ctx))
    return emit


@inplace_ok
def emit_add(ctx):
    pointwise(ctx, [ctx.arg(0), ctx.arg(1)], _add(ctx.argkw(2, "alpha", 1)), inplace=_inplace(ctx))


@inplace_ok
def emit_sub(ctx):
    pointwise(ctx, [ctx.arg(0), ctx.arg(1)], _sub(ctx.argkw(2, "alpha", 1)), inplace=_inplace(ctx))


def emit_rsub(ctx):
    # rsub(a, b, alpha) = b - alpha * a
    pointwise(ctx, [ctx.arg(1), ctx.arg(0)], _sub(ctx.argkw(2, "alpha", 1)))


@inplace_ok
def emit_div(ctx):
    mode = ctx.kwarg("rounding_mode")

    def fn(b, v, ty):
        if not is_float(ty):
            if mode == "trunc":
                return b.op("arith.divsi", v[0], v[1], ty=ty)
            ctx.fail("integer true division has a float result; not supported")
        q = b.op("arith.divf", v[0], v[1], ty=ty)
        if mode == "floor":
            return b.op("math.floor", q, ty=ty)
        if mode == "trunc":
            t = b.op("math.floor", b.op("math.absf", q, ty=ty), ty=ty)
            neg = b.cmpf("olt", q, b.constf(0.0, ty), ty)
            return b.select(neg, b.op("arith.negf", t, ty=ty), t, ty)
        return q
    pointwise(ctx, [ctx.arg(0), ctx.arg(1)], fn, inplace=_inplace(ctx))


def emit_compare(fpred, ipred):
    fn = _compare(fpred, ipred)

    def emit(ctx):
        xs = [ctx.arg(0), ctx.arg(1)]
        pointwise(ctx, xs, fn, comp=promoted(xs, ctx.out_elem()))
    return emit


def emit_where(ctx):
    cond, x, y = ctx.arg(0), ctx.arg(1), ctx.arg(2)
    b = ctx.b
    out = ctx.out()
    shape = ctx.out_shape()

    def body(idx):
        c = read(b, cond, shape, idx, "i1")
        a = read(b, x, shape, idx, out.elem)
        d = read(b, y, shape, idx, out.elem)
        out.store(b, b.select(c, a, d, out.elem), idx)

    nest(b, shape, body)
    ctx.set_result(out)


def emit_to_copy(ctx):
    pointwise(ctx, [ctx.arg(0)], lambda b, v, ty: v[0], comp=ctx.arg(0).elem)


def emit_identity(ctx):
    """detach, alias, clone, contiguous, lift_fresh, dropout with p = 0 (or eval): the result
    is the argument."""
    ctx.set_result(ctx.arg(0))


FLOAT_ONLY = set()


def _math(name):
    f = _unary(name)
    FLOAT_ONLY.add(f)
    return f


f_exp = _math("math.exp")
f_log = _math("math.log")
f_sqrt = _math("math.sqrt")
f_rsqrt = _math("math.rsqrt")
f_tanh = _math("math.tanh")
f_erf = _math("math.erf")
f_sin = _math("math.sin")
f_cos = _math("math.cos")
f_log1p = _math("math.log1p")
f_floor = _math("math.floor")
f_ceil = _math("math.ceil")
FLOAT_ONLY.add(f_sigmoid)

f_mul = _binary("arith.mulf", "arith.muli")
f_maximum = _binary("arith.maximumf", "arith.maxsi")
f_minimum = _binary("arith.minimumf", "arith.minsi")
f_pow = _binary("math.powf")
f_remainder = None


def f_reciprocal(b, v, ty):
    return b.op("arith.divf", b.constf(1.0, ty), v[0], ty=ty)


def f_square(b, v, ty):
    return b.op("arith.mulf" if is_float(ty) else "arith.muli", v[0], v[0], ty=ty)


@inplace_ok
def emit_pow(ctx):
    e = ctx.arg(1)
    if not is_tensor(e) and float(e) == 2.0:
        pointwise(ctx, [ctx.arg(0)], f_square, inplace=_inplace(ctx))
    elif not is_tensor(e) and float(e) == 0.5:
        pointwise(ctx, [ctx.arg(0)], f_sqrt, inplace=_inplace(ctx))
    else:
        pointwise(ctx, [ctx.arg(0), e], f_pow, inplace=_inplace(ctx))


@inplace_ok
def emit_clamp(ctx):
    """clamp(x, min, max): each bound a number or (clamp.Tensor) a broadcast tensor."""
    bounds = [(v, op) for v, op in ((ctx.argkw(1, "min"), ("maximumf", "maxsi")),
                                    (ctx.argkw(2, "max"), ("minimumf", "minsi")))
              if v is not None]

    def fn(b, v, ty):
        r = v[0]
        for k, (_, op) in enumerate(bounds):
            r = b.op("arith." + (op[0] if is_float(ty) else op[1]), r, v[k + 1], ty=ty)
        return r
    pointwise(ctx, [ctx.arg(0)] + [x for x, _ in bounds], fn, inplace=_inplace(ctx))


_ = math


@inplace_ok
def emit_masked_fill(ctx):
    x, mask, value = ctx.arg(0), ctx.arg(1), ctx.arg(2)
    b = ctx.b
    out = x if _inplace(ctx) else ctx.out()
    shape = out.shape

    def body(idx):
        c = read(b, mask, shape, idx, "i1")
        v = read(b, value, shape, idx, out.elem)
        xv = read(b, x, shape, idx, out.elem)
        out.store(b, b.select(c, v, xv, out.elem), idx)
    nest(b, shape, body)
    ctx.set_result(out)


@inplace_ok
def emit_clamp_min(ctx):
    fn = f_maximum if ctx.op.startswith("aten.clamp_min") else f_minimum
    pointwise(ctx, [ctx.arg(0), ctx.arg(1)], fn, inplace=_inplace(ctx))


def f_xlogy(b, v, ty):
    x, y = v
    zero = b.constf(0.0, ty)
    prod = b.op("arith.mulf", x, b.op("math.log", y, ty=ty), ty=ty)
    xz = b.cmpf("oeq", x, zero, ty)
    ynan = b.cmpf("uno", y, y, ty)
    keep0 = b.op("arith.andi", xz, b.op("arith.xori", ynan, b.consti(1, "i1"), ty="i1"), ty="i1")
    return b.select(keep0, zero, prod, ty)


def f_logical_not(b, v, ty):
    return b.op("arith.xori", v[0], b.consti(1, "i1"), ty="i1")


f_logical_not.result_type = "i1"


def emit_logical_not(ctx):
    pointwise(ctx, [ctx.arg(0)], f_logical_not, comp="i1")


def emit_bitwise_not(ctx):
    """~x: the logical not of a bool, every bit flipped (xor with -1) of an integer."""
    if ctx.out_elem() == "i1":
        emit_logical_not(ctx)
        return
    pointwise(ctx, [ctx.arg(0)],
              lambda b, v, ty: b.op("arith.xori", v[0], b.consti(-1, ty), ty=ty))


def _logical(opname):
    def fn(b, v, ty):
        return b.op(opname, v[0], v[1], ty="i1")
    fn.result_type = "i1"

    def emit(ctx):
        pointwise(ctx, [ctx.arg(0), ctx.arg(1)], fn, comp="i1")
    return emit


emit_logical_and = _logical("arith.andi")
emit_logical_or = _logical("arith.ori")

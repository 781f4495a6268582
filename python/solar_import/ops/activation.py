"""Activations: gelu (erf and tanh), silu, leaky_relu, elu (and selu, which traces to elu),
hardtanh (relu6), hardsigmoid, hardswish, softplus, mish, threshold, sign. Each is a pointwise
formula written with PyTorch's own definition (constants and thresholds included)."""

import math

from ..ir import is_float
from .elementwise import pointwise, inplace_ok


def _c(b, v, ty):
    return b.constf(v, ty)


def _gelu(approx):
    def fn(b, v, ty):
        x = v[0]
        half = _c(b, 0.5, ty)
        one = _c(b, 1.0, ty)
        if approx == "tanh":
            k = _c(b, math.sqrt(2.0 / math.pi), ty)
            c = _c(b, 0.044715, ty)
            x3 = b.op("arith.mulf", b.op("arith.mulf", x, x, ty=ty), x, ty=ty)
            inner = b.op("arith.addf", x, b.op("arith.mulf", c, x3, ty=ty), ty=ty)
            t = b.op("math.tanh", b.op("arith.mulf", k, inner, ty=ty), ty=ty)
        else:
            r = _c(b, 1.0 / math.sqrt(2.0), ty)
            t = b.op("math.erf", b.op("arith.mulf", x, r, ty=ty), ty=ty)
        s = b.op("arith.addf", one, t, ty=ty)
        return b.op("arith.mulf", b.op("arith.mulf", half, x, ty=ty), s, ty=ty)
    return fn


def _float_only(ctx):
    if not is_float(ctx.out_elem()):
        ctx.fail("is only supported on floating-point tensors")


@inplace_ok
def emit_gelu(ctx):
    _float_only(ctx)
    approx = ctx.kwarg("approximate", ctx.arg(1, "none")) or "none"
    pointwise(ctx, [ctx.arg(0)], _gelu(approx), inplace=ctx.op.endswith("_"))


def f_silu(b, v, ty):
    x = v[0]
    one = _c(b, 1.0, ty)
    e = b.op("math.exp", b.op("arith.negf", x, ty=ty), ty=ty)
    return b.op("arith.divf", x, b.op("arith.addf", one, e, ty=ty), ty=ty)


@inplace_ok
def emit_silu(ctx):
    _float_only(ctx)
    pointwise(ctx, [ctx.arg(0)], f_silu, inplace=ctx.op.endswith("_"))


@inplace_ok
def emit_leaky_relu(ctx):
    _float_only(ctx)
    slope = float(ctx.argkw(1, "negative_slope", 0.01))

    def fn(b, v, ty):
        x = v[0]
        pos = b.cmpf("ogt", x, _c(b, 0.0, ty), ty)
        neg = b.op("arith.mulf", x, _c(b, slope, ty), ty=ty)
        return b.select(pos, x, neg, ty)
    pointwise(ctx, [ctx.arg(0)], fn, inplace=ctx.op.endswith("_"))


@inplace_ok
def emit_elu(ctx):
    _float_only(ctx)
    alpha = float(ctx.argkw(1, "alpha", 1.0))
    scale = float(ctx.argkw(2, "scale", 1.0))
    in_scale = float(ctx.argkw(3, "input_scale", 1.0))

    def fn(b, v, ty):
        x = v[0]
        pos = b.cmpf("ogt", x, _c(b, 0.0, ty), ty)
        xi = b.op("arith.mulf", x, _c(b, in_scale, ty), ty=ty) if in_scale != 1.0 else x
        em1 = b.op("arith.subf", b.op("math.exp", xi, ty=ty), _c(b, 1.0, ty), ty=ty)
        neg = b.op("arith.mulf", em1, _c(b, alpha * scale, ty), ty=ty)
        p = b.op("arith.mulf", x, _c(b, scale, ty), ty=ty) if scale != 1.0 else x
        return b.select(pos, p, neg, ty)
    pointwise(ctx, [ctx.arg(0)], fn, inplace=ctx.op.endswith("_"))


@inplace_ok
def emit_hardtanh(ctx):
    lo = float(ctx.argkw(1, "min_val", -1.0))
    hi = float(ctx.argkw(2, "max_val", 1.0))

    def fn(b, v, ty):
        r = b.op("arith.maximumf", v[0], _c(b, lo, ty), ty=ty)
        return b.op("arith.minimumf", r, _c(b, hi, ty), ty=ty)
    _float_only(ctx)
    pointwise(ctx, [ctx.arg(0)], fn, inplace=ctx.op.endswith("_"))


def _hsig(b, x, ty):
    t = b.op("arith.addf", x, _c(b, 3.0, ty), ty=ty)
    t = b.op("arith.maximumf", t, _c(b, 0.0, ty), ty=ty)
    t = b.op("arith.minimumf", t, _c(b, 6.0, ty), ty=ty)
    return b.op("arith.divf", t, _c(b, 6.0, ty), ty=ty)


@inplace_ok
def emit_hardsigmoid(ctx):
    _float_only(ctx)
    pointwise(ctx, [ctx.arg(0)], lambda b, v, ty: _hsig(b, v[0], ty), inplace=ctx.op.endswith("_"))


@inplace_ok
def emit_hardswish(ctx):
    _float_only(ctx)

    def fn(b, v, ty):
        t = b.op("arith.addf", v[0], _c(b, 3.0, ty), ty=ty)
        t = b.op("arith.maximumf", t, _c(b, 0.0, ty), ty=ty)
        t = b.op("arith.minimumf", t, _c(b, 6.0, ty), ty=ty)
        return b.op("arith.divf", b.op("arith.mulf", v[0], t, ty=ty), _c(b, 6.0, ty), ty=ty)
    pointwise(ctx, [ctx.arg(0)], fn, inplace=ctx.op.endswith("_"))


def _softplus(b, x, beta, threshold, ty):
    xb = b.op("arith.mulf", x, _c(b, beta, ty), ty=ty) if beta != 1.0 else x
    big = b.cmpf("ogt", xb, _c(b, threshold, ty), ty)
    sp = b.op("math.log1p", b.op("math.exp", xb, ty=ty), ty=ty)
    if beta != 1.0:
        sp = b.op("arith.divf", sp, _c(b, beta, ty), ty=ty)
    return b.select(big, x, sp, ty)


@inplace_ok
def emit_softplus(ctx):
    _float_only(ctx)
    beta = float(ctx.argkw(1, "beta", 1.0))
    threshold = float(ctx.argkw(2, "threshold", 20.0))
    pointwise(ctx, [ctx.arg(0)], lambda b, v, ty: _softplus(b, v[0], beta, threshold, ty))


@inplace_ok
def emit_mish(ctx):
    _float_only(ctx)

    def fn(b, v, ty):
        sp = _softplus(b, v[0], 1.0, 20.0, ty)
        return b.op("arith.mulf", v[0], b.op("math.tanh", sp, ty=ty), ty=ty)
    pointwise(ctx, [ctx.arg(0)], fn, inplace=ctx.op.endswith("_"))


@inplace_ok
def emit_threshold(ctx):
    th = float(ctx.arg(1))
    val = float(ctx.arg(2))

    def fn(b, v, ty):
        keep = b.cmpf("ogt", v[0], _c(b, th, ty), ty)
        return b.select(keep, v[0], _c(b, val, ty), ty)
    _float_only(ctx)
    pointwise(ctx, [ctx.arg(0)], fn, inplace=ctx.op.endswith("_"))


@inplace_ok
def emit_sign(ctx):
    def fn(b, v, ty):
        x = v[0]
        zero = _c(b, 0.0, ty)
        one = _c(b, 1.0, ty)
        mone = _c(b, -1.0, ty)
        pos = b.cmpf("ogt", x, zero, ty)
        neg = b.cmpf("olt", x, zero, ty)
        r = b.select(neg, mone, x, ty)   # keeps 0, -0 and NaN as they are
        return b.select(pos, one, r, ty)
    _float_only(ctx)
    pointwise(ctx, [ctx.arg(0)], fn)

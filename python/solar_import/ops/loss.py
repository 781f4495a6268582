"""Losses with a reduction argument (0 none, 1 mean, 2 sum): mse_loss, l1_loss,
smooth_l1_loss, huber_loss, binary_cross_entropy, soft_margin_loss. A 'none' loss is one
pointwise nest; mean and sum are one reduction nest over the broadcast shape of the
operands (divided by the element count for mean)."""

from .common import numel
from .elementwise import read


def _elementwise_loss(ctx, formula):
    b = ctx.b
    a, t = ctx.arg(0), ctx.arg(1)
    reduction = ctx.int(ctx.argkw(2, "reduction", 1), "the reduction")
    out = ctx.out()
    ty = out.elem
    shape = a.shape if a.rank >= t.rank else t.shape

    if reduction == 0:
        from .common import nest

        def body(idx):
            out.store(b, formula(b, read(b, a, shape, idx, ty), read(b, t, shape, idx, ty), ty), idx)
        nest(b, shape, body)
        ctx.set_result(out)
        return

    def rec(k, acc, idx):
        if k == len(shape):
            v = formula(b, read(b, a, shape, idx, ty), read(b, t, shape, idx, ty), ty)
            return b.op("arith.addf", acc, v, ty=ty)
        with b.loop(shape[k], carry=[(acc, ty)], name="k") as R:
            R.yield_(rec(k + 1, R.args[0], idx + [R.iv]))
        return R.results[0]

    if not shape:
        with b.loop(1):
            s = rec(0, b.constf(0.0, ty), [])
            out.store(b, s, [])
    else:
        s = rec(0, b.constf(0.0, ty), [])
        if reduction == 1:
            s = b.op("arith.divf", s, b.size_float(numel(shape), ty), ty=ty)
        out.store(b, s, [])
    ctx.set_result(out)


def f_mse(b, x, y, ty):
    d = b.op("arith.subf", x, y, ty=ty)
    return b.op("arith.mulf", d, d, ty=ty)


def f_l1(b, x, y, ty):
    return b.op("math.absf", b.op("arith.subf", x, y, ty=ty), ty=ty)


def _smooth(beta, huber):
    """smooth_l1: |d| < beta ? 0.5 d^2 / beta : |d| - 0.5 beta; huber: delta * smooth_l1."""
    def fn(b, x, y, ty):
        d = b.op("arith.subf", x, y, ty=ty)
        ad = b.op("math.absf", d, ty=ty)
        if beta == 0.0:
            return ad
        small = b.cmpf("olt", ad, b.constf(beta, ty), ty)
        sq = b.op("arith.mulf", b.op("arith.mulf", d, d, ty=ty), b.constf(0.5, ty), ty=ty)
        if huber:
            lin = b.op("arith.mulf", b.constf(beta, ty),
                       b.op("arith.subf", ad, b.constf(0.5 * beta, ty), ty=ty), ty=ty)
        else:
            sq = b.op("arith.divf", sq, b.constf(beta, ty), ty=ty)
            lin = b.op("arith.subf", ad, b.constf(0.5 * beta, ty), ty=ty)
        return b.select(small, sq, lin, ty)
    return fn


def emit_mse_loss(ctx):
    _elementwise_loss(ctx, f_mse)


def emit_l1_loss(ctx):
    _elementwise_loss(ctx, f_l1)


def emit_smooth_l1_loss(ctx):
    beta = float(ctx.argkw(3, "beta", 1.0))
    _elementwise_loss(ctx, _smooth(beta, False))


def emit_huber_loss(ctx):
    delta = float(ctx.argkw(3, "delta", 1.0))
    _elementwise_loss(ctx, _smooth(delta, True))


def emit_soft_margin_loss(ctx):
    def fn(b, x, y, ty):
        z = b.op("arith.negf", b.op("arith.mulf", x, y, ty=ty), ty=ty)
        return b.op("math.log1p", b.op("math.exp", z, ty=ty), ty=ty)
    _elementwise_loss(ctx, fn)


def emit_binary_cross_entropy(ctx):
    """-(y log(x) + (1 - y) log(1 - x)), each log clamped at -100 as PyTorch does; the
    weight argument must be None."""
    if ctx.argkw(2, "weight") is not None:
        ctx.fail("a weight is not supported")

    def fn(b, x, y, ty):
        lo = b.constf(-100.0, ty)
        lx = b.op("arith.maximumf", b.op("math.log", x, ty=ty), lo, ty=ty)
        one = b.constf(1.0, ty)
        l1x = b.op("arith.maximumf", b.op("math.log", b.op("arith.subf", one, x, ty=ty), ty=ty),
                   lo, ty=ty)
        t1 = b.op("arith.mulf", y, lx, ty=ty)
        t2 = b.op("arith.mulf", b.op("arith.subf", one, y, ty=ty), l1x, ty=ty)
        return b.op("arith.negf", b.op("arith.addf", t1, t2, ty=ty), ty=ty)

    # reduction is argument 3 here
    b = ctx.b
    saved = ctx.args
    ctx.args = [saved[0], saved[1], saved[3] if len(saved) > 3 else ctx.kwarg("reduction", 1)]
    try:
        _elementwise_loss(ctx, fn)
    finally:
        ctx.args = saved
    _ = b

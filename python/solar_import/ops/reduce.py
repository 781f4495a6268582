"""Reductions along dimensions: softmax and log_softmax (max, exp-sum, normalise), and the
helper `over_dims` that the reduction emitters share: loops over the kept dims outside, a
reduction over the reduced dims inside.
"""

from ..ir import Ix
from .common import norm_dim
from .elementwise import convert


def outer_loops(b, shape, skip, body):
    """Loops over every dim of shape except those in skip; body(idx) with None at skipped
    positions."""
    def rec(idx, d):
        if d == len(shape):
            body(idx)
            return
        if d in skip:
            rec(idx + [None], d + 1)
            return
        with b.loop(shape[d]) as L:
            rec(idx + [L.iv], d + 1)

    if all(d in skip for d in range(len(shape))):
        with b.loop(1):
            rec([], 0)
    else:
        rec([], 0)


def reduce_loops(b, shape, dims, idx, init, ty, step):
    """A nest of iter_args loops over dims (with idx's None positions filled), accumulating
    step(b, acc, full_idx) from init; returns the result."""
    def rec(k, acc_init, full):
        if k == len(dims):
            return step(b, acc_init, full)
        with b.loop(shape[dims[k]], carry=[(acc_init, ty)], name="k") as R:
            full2 = list(full)
            full2[dims[k]] = R.iv
            R.yield_(rec(k + 1, R.args[0], full2))
        return R.results[0]
    return rec(0, init, list(idx))


def _softmax(ctx, log):
    b = ctx.b
    x = ctx.arg(0)
    d = norm_dim(ctx.int(ctx.arg(1), "dim"), x.rank)
    out = ctx.out()
    ty = out.elem
    shape = out.shape

    def body(idx):
        ninf = b.constf(float("-inf"), ty)
        zero = b.constf(0.0, ty)

        def at(iv):
            full = list(idx)
            full[d] = iv
            return full

        with b.loop(shape[d], carry=[(ninf, ty)], name="k") as R:
            v = convert(b, x.load(b, at(R.iv)), x.elem, ty)
            R.yield_(b.op("arith.maximumf", R.args[0], v, ty=ty))
        mx = R.results[0]
        with b.loop(shape[d], carry=[(zero, ty)], name="k") as S:
            v = convert(b, x.load(b, at(S.iv)), x.elem, ty)
            c = b.op("arith.subf", v, mx, ty=ty)
            e = b.op("math.exp", c, ty=ty)
            if not log:
                out.store(b, e, at(S.iv))
            S.yield_(b.op("arith.addf", S.args[0], e, ty=ty))
        total = S.results[0]
        if log:
            lse = b.op("math.log", total, ty=ty)
        with b.loop(shape[d], name="k") as N:
            if log:
                v = convert(b, x.load(b, at(N.iv)), x.elem, ty)
                c = b.op("arith.subf", v, mx, ty=ty)
                out.store(b, b.op("arith.subf", c, lse, ty=ty), at(N.iv))
            else:
                e = out.load(b, at(N.iv))
                out.store(b, b.op("arith.divf", e, total, ty=ty), at(N.iv))

    outer_loops(b, shape, {d}, body)
    ctx.set_result(out)


def emit_softmax(ctx):
    _softmax(ctx, log=False)


def emit_log_softmax(ctx):
    _softmax(ctx, log=True)


_ = Ix

"""Matrix products: mm, addmm, bmm, baddbmm, mv, dot.

Each is one nest: the parallel loops over the output, then a reduction loop with an iter_args
accumulator starting at zero, stored once (then `beta * bias + alpha * acc` for addmm, the
bias broadcast like PyTorch's).
"""

from ..ir import is_float
from .common import broadcast_index, scalar_value
from .elementwise import convert


def _mul_add(b, acc, x, y, ty):
    p = b.op("arith.mulf" if is_float(ty) else "arith.muli", x, y, ty=ty)
    return b.op("arith.addf" if is_float(ty) else "arith.addi", acc, p, ty=ty)


def _product(ctx, A, B, bias=None, beta=1, alpha=1, batched=False):
    b = ctx.b
    out = ctx.out()
    ty = out.elem
    shape = out.shape
    K = A.shape[-1]
    zero = scalar_value(b, 0, ty)

    def loops(idx, d):
        if d < len(shape):
            with b.loop(shape[d]) as L:
                loops(idx + [L.iv], d + 1)
            return
        with b.loop(K, carry=[(zero, ty)], name="k") as R:
            k = R.iv
            if batched:
                ai, bi = [idx[0], idx[1], k], [idx[0], k, idx[2]]
            else:
                ai = idx[:-1] + [k]
                bi = [k, idx[-1]] if B.rank == 2 else [k]
            x = convert(b, A.load(b, ai), A.elem, ty)
            y = convert(b, B.load(b, bi), B.elem, ty)
            R.yield_(_mul_add(b, R.args[0], x, y, ty))
        v = R.results[0]
        if alpha != 1:
            v = b.op("arith.mulf", v, scalar_value(b, alpha, ty), ty=ty)
        if bias is not None and beta != 0:
            bv = convert(b, bias.load(b, broadcast_index(bias, shape, idx)), bias.elem, ty)
            if beta != 1:
                bv = b.op("arith.mulf", bv, scalar_value(b, beta, ty), ty=ty)
            v = b.op("arith.addf" if is_float(ty) else "arith.addi", v, bv, ty=ty)
        out.store(b, v, idx)

    loops([], 0)
    ctx.set_result(out)


def emit_mm(ctx):
    _product(ctx, ctx.arg(0), ctx.arg(1))


def emit_mv(ctx):
    _product(ctx, ctx.arg(0), ctx.arg(1))


def emit_addmm(ctx):
    _product(ctx, ctx.arg(1), ctx.arg(2), bias=ctx.arg(0), beta=ctx.kwarg("beta", 1),
             alpha=ctx.kwarg("alpha", 1))


def emit_bmm(ctx):
    _product(ctx, ctx.arg(0), ctx.arg(1), batched=True)


def emit_baddbmm(ctx):
    _product(ctx, ctx.arg(1), ctx.arg(2), bias=ctx.arg(0), beta=ctx.kwarg("beta", 1),
             alpha=ctx.kwarg("alpha", 1), batched=True)

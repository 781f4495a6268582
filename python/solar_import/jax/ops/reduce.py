"""Reductions: reduce_sum/max/min/prod/and/or over `axes`, argmax/argmin, the cumulative
ops (cumsum, cumprod, cummax, cummin, cumlogsumexp, also reversed) and reduce_window_sum/max/min
(pooling).

A reduction is one nest: loops over the kept dims, then one iter_args loop per reduced dim
(outermost first) from the reduction's identity, stored once. argmax keeps (best, index) and
takes the first of equal values. A cumulative op walks its axis once, carrying the running
value and storing it at every step. A window reduction loops over the output, then over the
window taps with bounds clipped to the input (padding is never read: it would only add the
identity), as the convolution emitter clips its taps.
"""

from ...ir import Ix, is_float
from ...ops.common import nest
from ...ops.elementwise import convert
from .common import combine, identity_or_min, ints, tap_bounds, tensor_arg


def _reduce_loops(b, x, axes, kind, ty, idx_of):
    """The nested reduction loops over axes; idx_of(red) gives x's index from the reduction
    ivs. Returns the result value."""
    def rec(k, acc, red):
        if k == len(axes):
            v = convert(b, x.load(b, idx_of(red)), x.elem, ty)
            return combine(b, kind, acc, v, ty)
        with b.loop(x.shape[axes[k]], carry=[(acc, ty)], name="r") as R:
            R.yield_(rec(k + 1, R.args[0], red + [R.iv]))
        return R.results[0]
    return rec(0, identity_or_min(b, kind, ty), [])


def reduction(kind):
    def emit(ctx):
        x = tensor_arg(ctx, 0, "the operand")
        axes = sorted(set(a % x.rank for a in ints(ctx, ctx.param("axes"), "a reduced axis")))
        kept = [d for d in range(x.rank) if d not in axes]
        b = ctx.b
        out = ctx.out()
        ty = out.elem

        def idx_of(outer, red):
            full = [None] * x.rank
            for d, i in zip(kept, outer):
                full[d] = i
            for d, i in zip(axes, red):
                full[d] = i
            return full

        def body(outer):
            v = _reduce_loops(b, x, axes, kind, ty, lambda red: idx_of(outer, red))
            out.store(b, v, outer)
        nest(b, [x.shape[d] for d in kept], body)
        ctx.set_result(out)
    return emit


def arg_reduction(pred_f, pred_i):
    """argmax (ogt/sgt) and argmin (olt/slt): the first index of the extreme value."""
    def emit(ctx):
        x = tensor_arg(ctx, 0, "the operand")
        (axis,) = [a % x.rank for a in ints(ctx, ctx.param("axes"), "the axis")]
        kept = [d for d in range(x.rank) if d != axis]
        b = ctx.b
        out = ctx.out()
        ty = x.elem
        f = is_float(ty)

        def body(outer):
            first = [None] * x.rank
            for d, i in zip(kept, outer):
                first[d] = i
            first[axis] = Ix.lift(0)
            v0 = x.load(b, first)
            i0 = b.consti(0, "index")
            with b.loop(x.shape[axis], lo=1, carry=[(v0, ty), (i0, "index")], name="r") as R:
                at = list(first)
                at[axis] = R.iv
                v = x.load(b, at)
                better = b.cmpf(pred_f, v, R.args[0], ty) if f else b.cmpi(pred_i, v, R.args[0], ty)
                if f:  # a NaN wins, as in lax (the first NaN)
                    nan = b.cmpf("uno", v, v, ty)
                    was = b.cmpf("uno", R.args[0], R.args[0], ty)
                    better = b.op("arith.andi", b.op("arith.ori", better, nan, ty="i1"),
                                  b.op("arith.xori", was, b.consti(1, "i1"), ty="i1"), ty="i1")
                R.yield_(b.select(better, v, R.args[0], ty),
                         b.select(better, b.index_value(R.iv), R.args[1], "index"))
            idx = b.cast("arith.index_cast", R.results[1], "index", "i64")
            if out.elem != "i64":
                idx = b.cast("arith.trunci", idx, "i64", out.elem)
            out.store(b, idx, outer)

        nest(b, [x.shape[d] for d in kept], body)
        ctx.set_result(out)
    return emit


def cumulative(kind):
    """out[..., i, ...] = x[..., 0] (kind) ... (kind) x[..., i] (from the end when reverse)."""
    def emit(ctx):
        x = tensor_arg(ctx, 0, "the operand")
        axis = ctx.int(ctx.param("axis"), "the axis") % x.rank
        reverse = bool(ctx.param("reverse", False))
        b = ctx.b
        out = ctx.out()
        ty = out.elem
        kept = [d for d in range(x.rank) if d != axis]
        n = x.shape[axis]

        def body(outer):
            init = identity_or_min(b, "sum" if kind == "logsumexp" else kind, ty)
            if kind == "logsumexp":
                init = b.constf(float("-inf"), ty)
            with b.loop(n, carry=[(init, ty)], name="r") as R:
                at = [None] * x.rank
                for d, i in zip(kept, outer):
                    at[d] = i
                at[axis] = (Ix.lift(n - 1) - R.iv) if reverse else R.iv
                v = convert(b, x.load(b, at), x.elem, ty)
                if kind == "logsumexp":
                    acc = _logaddexp(b, R.args[0], v, ty)
                else:
                    acc = combine(b, kind, R.args[0], v, ty)
                out.store(b, acc, at)
                R.yield_(acc)

        nest(b, [x.shape[d] for d in kept], body)
        ctx.set_result(out)
    return emit


def _logaddexp(b, a, v, ty):
    """log(exp(a) + exp(v)) = max + log1p(exp(-|a - v|)), -inf + -inf staying -inf."""
    m = b.op("arith.maximumf", a, v, ty=ty)
    d = b.op("math.absf", b.op("arith.subf", a, v, ty=ty), ty=ty)
    t = b.op("math.log1p", b.op("math.exp", b.op("arith.negf", d, ty=ty), ty=ty), ty=ty)
    r = b.op("arith.addf", m, t, ty=ty)
    ninf = b.cmpf("oeq", m, b.constf(float("-inf"), ty), ty)
    return b.select(ninf, m, r, ty)


def window(kind):
    """reduce_window_<kind>: window_dimensions, window_strides, padding [(lo, hi)],
    window_dilation; base_dilation must be 1."""
    def emit(ctx):
        x = tensor_arg(ctx, 0, "the operand")
        wd = ctx.param("window_dimensions")
        st = ints(ctx, ctx.param("window_strides"), "a window stride")
        pad = [ints(ctx, p, "the window padding") for p in ctx.param("padding")]
        dil = ints(ctx, ctx.param("window_dilation") or [1] * x.rank, "the window dilation")
        if any(d != 1 for d in ints(ctx, ctx.param("base_dilation") or [1] * x.rank,
                                    "the base dilation")):
            ctx.fail("base_dilation other than 1 is not supported")
        if any(lo < 0 or hi < 0 for lo, hi in pad):
            ctx.fail("negative window padding is not supported")
        b = ctx.b
        out = ctx.out()
        ty = out.elem

        def body(o):
            def rec(d, acc, taps):
                if d == x.rank:
                    pos = [o[k] * st[k] + taps[k] * dil[k] - pad[k][0] for k in range(x.rank)]
                    v = convert(b, x.load(b, pos), x.elem, ty)
                    return combine(b, kind, acc, v, ty)
                if const_size(wd[d]) == 1:
                    return rec(d + 1, acc, taps + [Ix.lift(0)])
                lo, hi = tap_bounds(o[d], st[d], pad[d][0], pad[d][1], dil[d], wd[d], x.shape[d])
                with b.loop(hi, lo=lo, carry=[(acc, ty)], name="r") as R:
                    R.yield_(rec(d + 1, R.args[0], taps + [R.iv]))
                return R.results[0]
            out.store(b, rec(0, identity_or_min(b, kind, ty), []), o)

        nest(b, out.shape, body, name="p")
        ctx.set_result(out)
    return emit


def const_size(s):
    try:
        return s.value() if s.is_const() else None
    except AttributeError:
        return s

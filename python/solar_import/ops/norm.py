"""Normalisation: native_batch_norm (training: batch statistics, biased variance, and the
in-place update of running_mean / running_var with the unbiased variance; eval: running
statistics), native_layer_norm, native_group_norm.

Batch norm is two nests, as examples/batchnorm_inference.mlir: per channel, the statistics and
scale = w / sqrt(var + eps), shift = b - mean * scale (into two scratch buffers); then
y = x * scale + shift over the whole tensor. Layer and group norm are one nest each: per
normalised group a mean pass, a squared-deviation pass, then (x - mean) * rstd * w + b.
The saved mean / rstd results are written only when something reads them.
"""

from ..ir import Ix
from ..sym import Sym
from .common import numel, scalar_value
from .elementwise import convert


def _sum_loop(b, dims_sizes, load, ty, init=None, name="k"):
    """sum over the nested loops of dims_sizes of load(ivs); returns the total."""
    zero = init if init is not None else b.constf(0.0, ty)

    def rec(k, acc, ivs):
        if k == len(dims_sizes):
            return b.op("arith.addf", acc, load(ivs), ty=ty)
        with b.loop(dims_sizes[k], carry=[(acc, ty)], name=name) as R:
            R.yield_(rec(k + 1, R.args[0], ivs + [R.iv]))
        return R.results[0]
    return rec(0, zero, [])


def emit_batch_norm(ctx):
    b = ctx.b
    x, w, bias, rm, rv = (ctx.arg(k) for k in range(5))
    training = bool(ctx.arg(5))
    momentum = float(ctx.arg(6) if ctx.arg(6) is not None else 0.1)
    eps = float(ctx.arg(7))
    out = ctx.out(0)
    ty = out.elem
    C = x.shape[1]
    red = [x.shape[0]] + list(x.shape[2:])        # reduced sizes: N, spatial...
    count = numel(red)
    scale = ctx.temp([C], ty, "scale")
    shift = ctx.temp([C], ty, "shift")
    save_mean = ctx.out(1) if ctx.used(1) else None
    save_rstd = ctx.out(2) if ctx.used(2) else None
    cnt = b.size_float(count, ty)

    def xat(c, ivs):
        return convert(b, x.load(b, [ivs[0], c] + ivs[1:]), x.elem, ty)

    with b.loop(C, name="c") as Cl:
        c = Cl.iv
        if training:
            s = _sum_loop(b, red, lambda ivs: xat(c, ivs), ty)
            mean = b.op("arith.divf", s, cnt, ty=ty)

            def sq(ivs):
                d = b.op("arith.subf", xat(c, ivs), mean, ty=ty)
                return b.op("arith.mulf", d, d, ty=ty)
            ss = _sum_loop(b, red, sq, ty)
            var = b.op("arith.divf", ss, cnt, ty=ty)
            if rm is not None:
                m = b.constf(momentum, ty)
                keep = b.constf(1.0 - momentum, ty)
                old = convert(b, rm.load(b, [c]), rm.elem, ty)
                new = b.op("arith.addf", b.op("arith.mulf", keep, old, ty=ty),
                           b.op("arith.mulf", m, mean, ty=ty), ty=ty)
                rm.store(b, convert(b, new, ty, rm.elem), [c])
            if rv is not None:
                unb = b.op("arith.divf", ss, b.size_float(count - 1, ty), ty=ty)
                oldv = convert(b, rv.load(b, [c]), rv.elem, ty)
                newv = b.op("arith.addf", b.op("arith.mulf", b.constf(1.0 - momentum, ty), oldv, ty=ty),
                            b.op("arith.mulf", b.constf(momentum, ty), unb, ty=ty), ty=ty)
                rv.store(b, convert(b, newv, ty, rv.elem), [c])
        else:
            mean = convert(b, rm.load(b, [c]), rm.elem, ty)
            var = convert(b, rv.load(b, [c]), rv.elem, ty)
        ve = b.op("arith.addf", var, b.constf(eps, ty), ty=ty)
        sd = b.op("math.sqrt", ve, ty=ty)
        inv = b.op("arith.divf", b.constf(1.0, ty), sd, ty=ty)
        if save_mean is not None:
            save_mean.store(b, mean, [c])
        if save_rstd is not None:
            save_rstd.store(b, inv, [c])
        sc = b.op("arith.mulf", inv, convert(b, w.load(b, [c]), w.elem, ty), ty=ty) if w is not None else inv
        scale.store(b, sc, [c])
        ms = b.op("arith.mulf", mean, sc, ty=ty)
        sh = b.op("arith.subf", convert(b, bias.load(b, [c]), bias.elem, ty), ms, ty=ty) \
            if bias is not None else b.op("arith.negf", ms, ty=ty)
        shift.store(b, sh, [c])

    def apply(idx, d):
        if d == x.rank:
            v = convert(b, x.load(b, idx), x.elem, ty)
            y = b.op("arith.addf", b.op("arith.mulf", v, scale.load(b, [idx[1]]), ty=ty),
                     shift.load(b, [idx[1]]), ty=ty)
            out.store(b, y, idx)
            return
        with b.loop(x.shape[d], name="i") as L:
            apply(idx + [L.iv], d + 1)
    apply([], 0)
    ctx.set_result(out, 0)
    if save_mean is not None:
        ctx.set_result(save_mean, 1)
    if save_rstd is not None:
        ctx.set_result(save_rstd, 2)


def emit_layer_norm(ctx):
    b = ctx.b
    x = ctx.arg(0)
    nshape = ctx.arg(1)
    w, bias = ctx.arg(2), ctx.arg(3)
    eps = float(ctx.arg(4))
    k = len(nshape)
    lead = x.rank - k
    out = ctx.out(0)
    ty = out.elem
    inner = list(x.shape[lead:])
    n = b.size_float(numel(inner), ty)
    save_mean = ctx.out(1) if ctx.used(1) else None
    save_rstd = ctx.out(2) if ctx.used(2) else None

    def outer(idx, d):
        if d < lead:
            with b.loop(x.shape[d], name="i") as L:
                outer(idx + [L.iv], d + 1)
            return
        xl = lambda ivs: convert(b, x.load(b, idx + ivs), x.elem, ty)  # noqa: E731
        mean = b.op("arith.divf", _sum_loop(b, inner, xl, ty), n, ty=ty)

        def sq(ivs):
            dd = b.op("arith.subf", xl(ivs), mean, ty=ty)
            return b.op("arith.mulf", dd, dd, ty=ty)
        var = b.op("arith.divf", _sum_loop(b, inner, sq, ty), n, ty=ty)
        r = b.op("math.rsqrt", b.op("arith.addf", var, b.constf(eps, ty), ty=ty), ty=ty)
        stat_idx = idx + [Ix.lift(0)] * k
        if save_mean is not None:
            save_mean.store(b, mean, stat_idx)
        if save_rstd is not None:
            save_rstd.store(b, r, stat_idx)

        def app(ivs, j):
            if j == k:
                c = b.op("arith.subf", xl(ivs), mean, ty=ty)
                y = b.op("arith.mulf", c, r, ty=ty)
                if w is not None:
                    y = b.op("arith.mulf", y, convert(b, w.load(b, ivs), w.elem, ty), ty=ty)
                if bias is not None:
                    y = b.op("arith.addf", y, convert(b, bias.load(b, ivs), bias.elem, ty), ty=ty)
                out.store(b, y, idx + ivs)
                return
            with b.loop(inner[j], name="h") as L:
                app(ivs + [L.iv], j + 1)
        app([], 0)

    if lead == 0:
        with b.loop(1):
            outer([], 0)
    else:
        outer([], 0)
    ctx.set_result(out, 0)
    if save_mean is not None:
        ctx.set_result(save_mean, 1)
    if save_rstd is not None:
        ctx.set_result(save_rstd, 2)


def emit_group_norm(ctx):
    b = ctx.b
    x, w, bias = ctx.arg(0), ctx.arg(1), ctx.arg(2)
    G = ctx.int(ctx.arg(6), "the number of groups")
    eps = float(ctx.arg(7))
    out = ctx.out(0)
    ty = out.elem
    C = x.shape[1]
    cpg = C.floordiv(G)
    spatial = list(x.shape[2:])
    inner = [cpg] + spatial
    n = b.size_float(numel(inner), ty)
    save_mean = ctx.out(1) if ctx.used(1) else None
    save_rstd = ctx.out(2) if ctx.used(2) else None

    with b.loop(x.shape[0], name="n") as N:
        with b.loop(G, name="g") as Gl:
            def chan(ivs):
                return Gl.iv * cpg + ivs[0]

            def xl(ivs):
                return convert(b, x.load(b, [N.iv, chan(ivs)] + ivs[1:]), x.elem, ty)
            mean = b.op("arith.divf", _sum_loop(b, inner, xl, ty), n, ty=ty)

            def sq(ivs):
                dd = b.op("arith.subf", xl(ivs), mean, ty=ty)
                return b.op("arith.mulf", dd, dd, ty=ty)
            var = b.op("arith.divf", _sum_loop(b, inner, sq, ty), n, ty=ty)
            r = b.op("math.rsqrt", b.op("arith.addf", var, b.constf(eps, ty), ty=ty), ty=ty)
            if save_mean is not None:
                save_mean.store(b, mean, [N.iv, Gl.iv])
            if save_rstd is not None:
                save_rstd.store(b, r, [N.iv, Gl.iv])

            def app(ivs, j):
                if j == len(inner):
                    c = chan(ivs)
                    y = b.op("arith.mulf", b.op("arith.subf", xl(ivs), mean, ty=ty), r, ty=ty)
                    if w is not None:
                        y = b.op("arith.mulf", y, convert(b, w.load(b, [c]), w.elem, ty), ty=ty)
                    if bias is not None:
                        y = b.op("arith.addf", y, convert(b, bias.load(b, [c]), bias.elem, ty), ty=ty)
                    out.store(b, y, [N.iv, c] + ivs[1:])
                    return
                with b.loop(inner[j], name="h") as L:
                    app(ivs + [L.iv], j + 1)
            app([], 0)
    ctx.set_result(out, 0)
    if save_mean is not None:
        ctx.set_result(save_mean, 1)
    if save_rstd is not None:
        ctx.set_result(save_rstd, 2)


_ = (Sym, scalar_value)

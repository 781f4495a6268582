"""Normalisation: native_batch_norm (training: batch statistics, biased variance, and the
in-place update of running_mean / running_var with the unbiased variance; eval: running
statistics), native_layer_norm, native_group_norm.

Batch norm is two nests, as examples/batchnorm_inference.mlir: per channel, the statistics and
scale = w / sqrt(var + eps), shift = b - mean * scale (into two scratch buffers); then
y = x * scale + shift over the whole tensor. Layer and group norm are one nest each: per
normalised group a mean pass, a squared-deviation pass, then (x - mean) * rstd * w + b.
All three share the statistics (_statistics); the saved mean / rstd results are written only
when something reads them.
"""

from ..ir import Ix
from .common import nest, numel
from .elementwise import convert


def _sum_loop(b, dims_sizes, load, ty):
    """sum over the nested loops of dims_sizes of load(ivs); returns the total."""
    def rec(k, acc, ivs):
        if k == len(dims_sizes):
            return b.op("arith.addf", acc, load(ivs), ty=ty)
        with b.loop(dims_sizes[k], carry=[(acc, ty)], name="k") as R:
            R.yield_(rec(k + 1, R.args[0], ivs + [R.iv]))
        return R.results[0]
    return rec(0, b.constf(0.0, ty), [])


def _statistics(b, sizes, load, ty):
    """(mean, biased variance, sum of squared deviations) of load(ivs) over the loops of
    sizes: a mean pass, then a squared-deviation pass."""
    n = b.size_float(numel(sizes), ty)
    mean = b.op("arith.divf", _sum_loop(b, sizes, load, ty), n, ty=ty)

    def square(ivs):
        d = b.op("arith.subf", load(ivs), mean, ty=ty)
        return b.op("arith.mulf", d, d, ty=ty)
    ss = _sum_loop(b, sizes, square, ty)
    return mean, b.op("arith.divf", ss, n, ty=ty), ss


def _saved(ctx):
    """[mean, rstd]: results 1 and 2 where something reads them, else None."""
    return [ctx.out(k) if ctx.used(k) else None for k in (1, 2)]


def _store_saved(b, saved, values, idx):
    for t, v in zip(saved, values):
        if t is not None:
            t.store(b, v, idx)


def _set_results(ctx, out, saved):
    ctx.set_result(out, 0)
    for k, t in enumerate(saved, 1):
        if t is not None:
            ctx.set_result(t, k)


def _param(b, t, idx, ty):
    return convert(b, t.load(b, idx), t.elem, ty)


def _normalised(b, v, mean, rstd, w, bias, widx, ty):
    """(v - mean) * rstd, times w and plus bias at widx where they exist."""
    y = b.op("arith.mulf", b.op("arith.subf", v, mean, ty=ty), rstd, ty=ty)
    if w is not None:
        y = b.op("arith.mulf", y, _param(b, w, widx, ty), ty=ty)
    if bias is not None:
        y = b.op("arith.addf", y, _param(b, bias, widx, ty), ty=ty)
    return y


def _rstd(b, var, eps, ty):
    return b.op("math.rsqrt", b.op("arith.addf", var, b.constf(eps, ty), ty=ty), ty=ty)


def _running(b, t, c, new, momentum, ty):
    """t[c] = (1 - momentum) * t[c] + momentum * new (a running statistic, in place)."""
    old = _param(b, t, [c], ty)
    v = b.op("arith.addf", b.op("arith.mulf", b.constf(1.0 - momentum, ty), old, ty=ty),
             b.op("arith.mulf", b.constf(momentum, ty), new, ty=ty), ty=ty)
    t.store(b, convert(b, v, ty, t.elem), [c])


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
    scale = ctx.temp([C], ty, "scale")
    shift = ctx.temp([C], ty, "shift")
    saved = _saved(ctx)

    with b.loop(C, name="c") as Cl:
        c = Cl.iv
        if training:
            mean, var, ss = _statistics(
                b, red, lambda ivs: convert(b, x.load(b, [ivs[0], c] + ivs[1:]), x.elem, ty), ty)
            if rm is not None:
                _running(b, rm, c, mean, momentum, ty)
            if rv is not None:
                unbiased = b.op("arith.divf", ss, b.size_float(numel(red) - 1, ty), ty=ty)
                _running(b, rv, c, unbiased, momentum, ty)
        else:
            mean, var = _param(b, rm, [c], ty), _param(b, rv, [c], ty)
        sd = b.op("math.sqrt", b.op("arith.addf", var, b.constf(eps, ty), ty=ty), ty=ty)
        inv = b.op("arith.divf", b.constf(1.0, ty), sd, ty=ty)
        _store_saved(b, saved, [mean, inv], [c])
        sc = b.op("arith.mulf", inv, _param(b, w, [c], ty), ty=ty) if w is not None else inv
        scale.store(b, sc, [c])
        ms = b.op("arith.mulf", mean, sc, ty=ty)
        sh = b.op("arith.subf", _param(b, bias, [c], ty), ms, ty=ty) \
            if bias is not None else b.op("arith.negf", ms, ty=ty)
        shift.store(b, sh, [c])

    def apply(idx):
        v = convert(b, x.load(b, idx), x.elem, ty)
        y = b.op("arith.addf", b.op("arith.mulf", v, scale.load(b, [idx[1]]), ty=ty),
                 shift.load(b, [idx[1]]), ty=ty)
        out.store(b, y, idx)
    nest(b, x.shape, apply)
    _set_results(ctx, out, saved)


def emit_layer_norm(ctx):
    b = ctx.b
    x, nshape, w, bias = ctx.arg(0), ctx.arg(1), ctx.arg(2), ctx.arg(3)
    eps = float(ctx.arg(4))
    lead = x.rank - len(nshape)
    out = ctx.out(0)
    ty = out.elem
    inner = list(x.shape[lead:])
    saved = _saved(ctx)

    def group(idx):
        def load(ivs):
            return convert(b, x.load(b, idx + ivs), x.elem, ty)
        mean, var, _ = _statistics(b, inner, load, ty)
        r = _rstd(b, var, eps, ty)
        _store_saved(b, saved, [mean, r], idx + [Ix.lift(0)] * len(nshape))
        nest(b, inner, lambda ivs: out.store(
            b, _normalised(b, load(ivs), mean, r, w, bias, ivs, ty), idx + ivs), name="h")

    nest(b, x.shape[:lead], group)
    _set_results(ctx, out, saved)


def emit_group_norm(ctx):
    b = ctx.b
    x, w, bias = ctx.arg(0), ctx.arg(1), ctx.arg(2)
    G = ctx.int(ctx.arg(6), "the number of groups")
    eps = float(ctx.arg(7))
    out = ctx.out(0)
    ty = out.elem
    cpg = x.shape[1].floordiv(G)
    inner = [cpg] + list(x.shape[2:])
    saved = _saved(ctx)

    with b.loop(x.shape[0], name="n") as N:
        with b.loop(G, name="g") as Gl:
            def at(ivs):  # x's index of element ivs of group (n, g)
                return [N.iv, Gl.iv * cpg + ivs[0]] + ivs[1:]

            def load(ivs):
                return convert(b, x.load(b, at(ivs)), x.elem, ty)
            mean, var, _ = _statistics(b, inner, load, ty)
            r = _rstd(b, var, eps, ty)
            _store_saved(b, saved, [mean, r], [N.iv, Gl.iv])
            nest(b, inner, lambda ivs: out.store(
                b, _normalised(b, load(ivs), mean, r, w, bias, [at(ivs)[1]], ty), at(ivs)),
                name="h")
    _set_results(ctx, out, saved)

"""Pooling: max_pool{1,2,3}d (with or without indices), avg_pool{1,2,3}d, adaptive average
pooling to an output that divides the input.

One nest: loops over the output, iter_args over the window taps whose bounds are clipped to
the input (padding is never read; a max ignores it, an average divides by the window size
PyTorch uses: the padded window when count_include_pad, else the valid taps, or
divisor_override).
"""

from ..ir import Ix
from ..sym import Sym
from .common import nest
from .conv import _tap_bounds


def _expand(v, n):
    v = list(v) if isinstance(v, (list, tuple)) else [v]
    return v * n if len(v) == 1 else v


def _window(ctx, nsp, kernel, stride, padding, dilation):
    kernel = _expand(ctx.int(kernel, "the kernel size"), nsp)
    stride = _expand(ctx.int(stride, "the stride"), nsp) if stride not in (None, []) else list(kernel)
    if not stride:
        stride = list(kernel)
    padding = _expand(ctx.int(padding, "the padding"), nsp)
    dilation = _expand(ctx.int(dilation, "the dilation"), nsp)
    return kernel, stride, padding, dilation


def _bounds(ctx, x, nsp, p, s, pad, dil, k, ceil_mode):
    """Tap bounds of output position p, clipped to the input (also on the right, which a
    ceil_mode window can pass)."""
    h = x.shape[x.rank - nsp:]
    return [_tap_bounds_clip(p[d], s[d], pad[d], dil[d], k[d], h[d], ceil_mode) for d in range(nsp)]


def _tap_bounds_clip(p, s, pad, dil, k, h, ceil_mode):
    if pad == 0 and not ceil_mode:
        return 0, k
    if pad == 0:
        # only the right edge can be passed
        up = Ix.lift(Sym.lift(h)) - p * s
        return 0, ("min", [Ix.lift(k), up.ceildiv(dil) if dil != 1 else up])
    return _tap_bounds(p, s, pad, dil, k, h)


def emit_max_pool(ctx):
    b = ctx.b
    x = ctx.arg(0)
    nsp = {"aten.max_pool1d": 1, "aten.max_pool2d": 2, "aten.max_pool3d": 3,
           "aten.max_pool2d_with_indices": 2, "aten.max_pool3d_with_indices": 3,
           "aten.max_pool1d_with_indices": 1}[ctx.op]
    k, s, pad, dil = _window(ctx, nsp, ctx.arg(1), ctx.arg(2, []), ctx.arg(3, 0), ctx.arg(4, 1))
    ceil_mode = bool(ctx.arg(5, False))
    with_idx = ctx.op.endswith("with_indices") and ctx.used(1)
    out = ctx.out(0)
    ind = ctx.out(1) if with_idx else None
    ty = out.elem
    lead = x.rank - nsp
    hs = x.shape[lead:]

    def body(idx):
        p = idx[lead:]
        bounds = _bounds(ctx, x, nsp, p, s, pad, dil, k, ceil_mode)
        ninf = b.constf(float("-inf"), ty)
        init = [(ninf, ty)] + ([(b.consti(0, "i64"), "i64")] if with_idx else [])
        taps = []

        def rec(d, accs):
            if d == nsp:
                pos = [p[j] * s[j] + taps[j] * dil[j] - pad[j] for j in range(nsp)]
                v = x.load(b, idx[:lead] + pos)
                if not with_idx:
                    return [b.op("arith.maximumf", accs[0], v, ty=ty)]
                take = b.cmpf("ugt", v, accs[0], ty)
                ok = b.cmpf("ord", accs[0], accs[0], ty)
                lin = Ix.lift(0)
                st = Sym.const(1)
                for j in reversed(range(nsp)):
                    lin = lin + pos[j] * st
                    st = st * hs[j]
                i64 = b.cast("arith.index_cast", b.index_value(lin), "index", "i64")
                nv = b.select(take, v, accs[0], ty)
                ni = b.select(take, i64, accs[1], "i64")
                return [b.select(ok, nv, accs[0], ty), b.select(ok, ni, accs[1], "i64")]
            lo, hi = bounds[d]
            with b.loop(hi, lo=lo, carry=[(a, t) for a, (_, t) in zip(accs, init)], name="r") as R:
                taps.append(R.iv)
                R.yield_(*rec(d + 1, R.args))
                taps.pop()
            return R.results

        res = rec(0, [v for v, _ in init])
        out.store(b, res[0], idx)
        if with_idx:
            ind.store(b, res[1], idx)

    nest(b, out.shape, body)
    ctx.set_result(out, 0)
    if with_idx:
        ctx.set_result(ind, 1)


def emit_avg_pool(ctx):
    b = ctx.b
    x = ctx.arg(0)
    nsp = {"aten.avg_pool1d": 1, "aten.avg_pool2d": 2, "aten.avg_pool3d": 3}[ctx.op]
    k, s, pad, dil = _window(ctx, nsp, ctx.arg(1), ctx.arg(2, []), ctx.arg(3, 0), 1)
    ceil_mode = bool(ctx.arg(4, False))
    include_pad = bool(ctx.arg(5, True))
    divisor = ctx.arg(6) if nsp > 1 else None
    out = ctx.out()
    ty = out.elem
    lead = x.rank - nsp
    hs = x.shape[lead:]
    const_div = None
    if divisor is not None:
        const_div = float(divisor)
    elif (include_pad and not ceil_mode) or (all(q == 0 for q in pad) and not ceil_mode):
        const_div = 1.0
        for q in k:
            const_div *= q
    if const_div is not None:
        dv = b.size_float(Sym.const(int(const_div)), ty) if const_div == int(const_div) else None

    def body(idx):
        p = idx[lead:]
        bounds = _bounds(ctx, x, nsp, p, s, pad, dil, k, ceil_mode)
        zero = b.constf(0.0, ty)
        taps = []
        need_count = const_div is None

        def rec(d, accs):
            if d == nsp:
                pos = [p[j] * s[j] + taps[j] - pad[j] for j in range(nsp)]
                v = x.load(b, idx[:lead] + pos)
                r = [b.op("arith.addf", accs[0], v, ty=ty)]
                if need_count:
                    r.append(b.op("arith.addf", accs[1], b.constf(1.0, ty), ty=ty))
                return r
            lo, hi = bounds[d]
            carry = [(a, ty) for a in accs]
            with b.loop(hi, lo=lo, carry=carry, name="r") as R:
                taps.append(R.iv)
                R.yield_(*rec(d + 1, R.args))
                taps.pop()
            return R.results

        res = rec(0, [zero, zero] if need_count else [zero])
        if need_count:
            if include_pad:
                # the window clipped to the padded input: prod(min(start + k, H + pad) - start)
                cnt = None
                for j in range(nsp):
                    start = p[j] * s[j] - pad[j]
                    alias, dims, syms = b._map([start + k[j], Ix.lift(Sym.lift(hs[j]) + pad[j])])
                    e = b.fresh("ix")
                    b.emit("%s = affine.min %s(%s)[%s]" % (e, alias, ", ".join(dims), ", ".join(syms)))
                    w_ = b.op("arith.subi", e, b.index_value(start), ty="index")
                    wf = b.cast("arith.sitofp", b.cast("arith.index_cast", w_, "index", "i64"), "i64", ty)
                    cnt = wf if cnt is None else b.op("arith.mulf", cnt, wf, ty=ty)
                d = cnt
            else:
                d = res[1]
        else:
            d = dv if dv is not None else b.constf(const_div, ty)
        out.store(b, b.op("arith.divf", res[0], d, ty=ty), idx)

    nest(b, out.shape, body)
    ctx.set_result(out)


def emit_adaptive_avg_pool(ctx):
    """_adaptive_avg_pool{2,3}d / adaptive_avg_pool1d with output sizes that divide the input
    (window = input / output), or an output of 1 (a mean)."""
    b = ctx.b
    x = ctx.arg(0)
    out = ctx.out()
    ty = out.elem
    nsp = len(ctx.arg(1)) if isinstance(ctx.arg(1), (list, tuple)) else 1
    lead = x.rank - nsp
    hs = x.shape[lead:]
    os_ = out.shape[lead:]
    ks = []
    for h, o in zip(hs, os_):
        if o == Sym.const(1):
            ks.append(h)
            continue
        if not o.is_const():
            ctx.fail("adaptive pooling to a symbolic output size is not supported")
        hv = ctx.w.eval(h)
        if hv % o.value() != 0:
            ctx.fail("adaptive pooling with windows of unequal sizes (%d to %d) is not supported"
                     % (hv, o.value()))
        ks.append(h.floordiv(o.value()))
    cnt = Sym.const(1)
    for q in ks:
        cnt = cnt * q
    dv = b.size_float(cnt, ty)

    def body(idx):
        p = idx[lead:]
        taps = []

        def rec(d, acc):
            if d == nsp:
                pos = [p[j] * ks[j] + taps[j] for j in range(nsp)]
                return b.op("arith.addf", acc, x.load(b, idx[:lead] + pos), ty=ty)
            with b.loop(ks[d], carry=[(acc, ty)], name="r") as R:
                taps.append(R.iv)
                R.yield_(rec(d + 1, R.args[0]))
                taps.pop()
            return R.results[0]
        s = rec(0, b.constf(0.0, ty))
        out.store(b, b.op("arith.divf", s, dv, ty=ty), idx)

    nest(b, out.shape, body)
    ctx.set_result(out)

"""Transposed convolutions (aten.convolution with transposed=True): 1-D, 2-D, 3-D, stride,
padding, output_padding, dilation, groups.

Gather form with valid products only: output position o receives x[i] * w[r] for
o = i*s - pad + r*d. For each output phase ph = o mod s (unrolled at import time), the taps
that can reach it form the progression r = r0 + t*m (m = s / gcd(s, d)), and then
i = q + c0 - t*(d / gcd(s, d)) with o = q*s + ph, so the tap loop over t has affine bounds
clipped to 0 <= i < H and the output loop over q has step 1: no iteration is wasted on a tap
that would not divide. Stride 1 is the single phase. Weight layout [C_in, C_out / groups, k...].
"""

import itertools
from math import gcd

from ..ir import Ix
from ..sym import Sym
from .elementwise import convert
from .common import scalar_value


def emit_conv_transpose(ctx):
    x, w, bias = ctx.arg(0), ctx.arg(1), ctx.arg(2)
    nsp = x.rank - 2

    def per_dim(v, what):
        v = ctx.int(v, what)
        v = list(v) if isinstance(v, (list, tuple)) else [v]
        return v * nsp if len(v) == 1 else v

    stride = per_dim(ctx.arg(3), "the stride")
    padding = per_dim(ctx.arg(4), "the padding")
    dilation = per_dim(ctx.arg(5), "the dilation")
    groups = ctx.int(ctx.arg(8), "the number of groups")
    b = ctx.b
    out = ctx.out()
    ty = out.elem
    oshape = out.shape
    hin = x.shape[2:]
    ksz = w.shape[2:]
    cin = x.shape[1]
    ipg = cin if groups == 1 else cin.floordiv(groups)
    opg = w.shape[1]
    # Phases need the kernel size as a constant when the stride is > 1.
    kconst = [ctx.int(k, "the kernel size") if stride[d] > 1 else k for d, k in enumerate(ksz)]

    def dim_plan(d, ph):
        """(r0, m, T, c0, dg) of spatial dim d at phase ph, or None when no tap reaches it."""
        s, pad, dil = stride[d], padding[d], dilation[d]
        if s == 1:
            return (0, 1, ksz[d], pad, dil)
        g = gcd(s, dil)
        m = s // g
        k = kconst[d]
        r0 = next((r for r in range(min(k, m)) if (ph + pad - r * dil) % s == 0), None)
        if r0 is None:
            return None
        T = (k - r0 + m - 1) // m
        c0 = (ph + pad - r0 * dil) // s
        return (r0, m, T, c0, dil // g)

    def body(n, g, fo):
        f = fo if g is None else g * opg + fo
        phases = itertools.product(*[range(s) for s in stride])
        for ph in phases:
            plans = [dim_plan(d, ph[d]) for d in range(nsp)]
            qs = []

            def spatial(d):
                if d == nsp:
                    taps(plans)
                    return
                s = stride[d]
                # q with q*s + ph < Hout: q < ceil((Hout - ph) / s)
                hi = (oshape[2 + d] - ph[d]).ceildiv(s) if s > 1 else oshape[2 + d]
                with b.loop(hi, name="q") as L:
                    qs.append(L.iv)
                    spatial(d + 1)
                    qs.pop()

            def taps(plans):
                init = convert(b, bias.load(b, [f]), bias.elem, ty) if bias is not None \
                    else scalar_value(b, 0, ty)
                opos = [qs[d] * stride[d] + ph[d] for d in range(nsp)]
                if any(p is None for p in plans):
                    out.store(b, init, [n, f] + opos)
                    return
                red = []

                def rec(k, acc):
                    if k == 1 + nsp:
                        c = red[0] if g is None else g * ipg + red[0]
                        ipos, rs = [], []
                        for d in range(nsp):
                            r0, m, T, c0, dg = plans[d]
                            t = red[1 + d]
                            ipos.append(qs[d] + c0 - t * dg)
                            rs.append(t * m + r0)
                        xv = convert(b, x.load(b, [n, c] + ipos), x.elem, ty)
                        wv = convert(b, w.load(b, [c, fo] + rs), w.elem, ty)
                        return b.op("arith.addf", acc, b.op("arith.mulf", xv, wv, ty=ty), ty=ty)
                    if k == 0:
                        lo, hi = 0, ipg
                    else:
                        d = k - 1
                        r0, m, T, c0, dg = plans[d]
                        base = qs[d] + c0               # i at t = 0
                        H = Ix.lift(Sym.lift(hin[d]))
                        low = base - H + 1              # need t*dg >= low
                        lo = ("max", [Ix.lift(0), low.ceildiv(dg) if dg != 1 else low])
                        top = base.floordiv(dg) + 1 if dg != 1 else base + 1
                        hi = ("min", [Ix.lift(Sym.lift(T)), top])
                    with b.loop(hi, lo=lo, carry=[(acc, ty)], name="r") as R:
                        red.append(R.iv)
                        R.yield_(rec(k + 1, R.args[0]))
                        red.pop()
                    return R.results[0]

                out.store(b, rec(0, init), [n, f] + opos)

            spatial(0)

    with b.loop(oshape[0], name="n") as N:
        if groups == 1:
            with b.loop(oshape[1], name="f") as F:
                body(N.iv, None, F.iv)
        else:
            with b.loop(groups, name="g") as G:
                with b.loop(opg, name="f") as F:
                    body(N.iv, G.iv, F.iv)
    ctx.set_result(out)

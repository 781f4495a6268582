"""conv_general_dilated: any dimension numbers, window strides, padding (lo, hi), rhs
(kernel) dilation and feature_group_count, in direct form as the PyTorch importer's
convolution: loops over batch, (group, output feature), output positions, then an iter_args
reduction over the group's input features and the kernel taps, clipped so padding is never
read. batch_group_count is refused.

lhs_dilation (a transposed convolution: Flax's ConvTranspose) counts valid products only, as
the PyTorch importer's transposed convolution does: output position o reads dilated input
q = o*s + r*rd - pad, which exists only when q is a multiple of the dilation L. Per spatial
dim the outputs split into P = L / gcd(s, L) phases o = u*P + ph (unrolled at import time);
in a phase the taps that land on input form the progression r = r0 + t*m (m = L / gcd(rd, L))
and read input i = u*(s / gcd(s, L)) + c0 + t*(rd / gcd(rd, L)), so the t loop has affine
bounds clipped to 0 <= i < H and no iteration is spent on a hole. A phase no tap reaches is
written as zeros.
"""

from math import gcd
import itertools

from ...ir import Ix
from ...ops.common import scalar_value
from ...ops.elementwise import convert
from .common import ints, tap_bounds, tensor_arg


def emit_conv_general_dilated(ctx):
    x, w = tensor_arg(ctx, 0, "lhs"), tensor_arg(ctx, 1, "rhs")
    dn = ctx.param("dimension_numbers")
    nsp = x.rank - 2
    lhs_spec = ints(ctx, dn["lhs_spec"], "a dimension number")
    rhs_spec = ints(ctx, dn["rhs_spec"], "a dimension number")
    out_spec = ints(ctx, dn["out_spec"], "a dimension number")
    stride = ints(ctx, ctx.param("window_strides"), "the window stride")
    pad = [ints(ctx, p, "the padding") for p in ctx.param("padding")]
    rdil = ints(ctx, ctx.param("rhs_dilation") or [1] * nsp, "the kernel dilation")
    ldil = ints(ctx, ctx.param("lhs_dilation") or [1] * nsp, "lhs_dilation")
    if ctx.int(ctx.param("batch_group_count", 1), "batch_group_count") != 1:
        ctx.fail("batch_group_count other than 1 is not supported")
    if any(lo < 0 or hi < 0 for lo, hi in pad) and all(d == 1 for d in ldil):
        ctx.fail("negative padding is not supported")
    groups = ctx.int(ctx.param("feature_group_count", 1), "feature_group_count")
    b = ctx.b
    out = ctx.out()
    ty = out.elem
    cout = out.shape[out_spec[1]]
    opg = cout if groups == 1 else cout.floordiv(groups)
    cin_g = w.shape[rhs_spec[1]]
    ksz = [w.shape[d] for d in rhs_spec[2:]]
    hin = [x.shape[d] for d in lhs_spec[2:]]
    osp = [out.shape[d] for d in out_spec[2:]]

    def at(spec, rank, n, c, sp):
        idx = [None] * rank
        idx[spec[0]], idx[spec[1]] = n, c
        for d, i in zip(spec[2:], sp):
            idx[d] = i
        return idx

    def body(n, g, fo):
        f = fo if g is None else g * opg + fo
        sp = []

        def taps():
            red = []

            def rec(k, acc):
                if k == 1 + nsp:
                    c = red[0] if g is None else g * cin_g + red[0]
                    pos = [sp[d] * stride[d] + red[1 + d] * rdil[d] - pad[d][0]
                           for d in range(nsp)]
                    xv = convert(b, x.load(b, at(lhs_spec, x.rank, n, c, pos)), x.elem, ty)
                    wv = convert(b, w.load(b, at(rhs_spec, w.rank, f, red[0], red[1:])),
                                 w.elem, ty)
                    return b.op("arith.addf", acc, b.op("arith.mulf", xv, wv, ty=ty), ty=ty)
                if k == 0:
                    lo, hi = 0, cin_g
                else:
                    d = k - 1
                    lo, hi = tap_bounds(sp[d], stride[d], pad[d][0], pad[d][1], rdil[d],
                                        ksz[d], hin[d])
                with b.loop(hi, lo=lo, carry=[(acc, ty)], name="r") as R:
                    red.append(R.iv)
                    R.yield_(rec(k + 1, R.args[0]))
                    red.pop()
                return R.results[0]
            out.store(b, rec(0, scalar_value(b, 0, ty)), at(out_spec, out.rank, n, f, sp))

        def spatial(d):
            if d == nsp:
                taps()
                return
            with b.loop(osp[d], name="p") as L:
                sp.append(L.iv)
                spatial(d + 1)
                sp.pop()
        if any(d != 1 for d in ldil):
            dilated = Dilated(ctx, x, w, out, lhs_spec, rhs_spec, out_spec, stride, pad, rdil,
                              ldil, ksz, hin, osp, cin_g)
            dilated.emit(n, g, f)
        else:
            spatial(0)

    with b.loop(out.shape[out_spec[0]], name="n") as N:
        if groups == 1:
            with b.loop(cout, name="f") as F:
                body(N.iv, None, F.iv)
        else:
            with b.loop(groups, name="g") as G:
                with b.loop(opg, name="f") as F:
                    body(N.iv, G.iv, F.iv)
    ctx.set_result(out)


class Dilated:
    """The phases of a convolution with lhs_dilation (see the module docstring)."""

    def __init__(self, ctx, x, w, out, lhs_spec, rhs_spec, out_spec, stride, pad, rdil, ldil,
                 ksz, hin, osp, cin_g):
        self.ctx, self.b, self.x, self.w, self.out = ctx, ctx.b, x, w, out
        self.lhs_spec, self.rhs_spec, self.out_spec = lhs_spec, rhs_spec, out_spec
        self.hin, self.osp, self.cin_g = hin, osp, cin_g
        self.nsp = len(stride)
        self.k = [ctx.int(k, "the kernel size of a transposed convolution") for k in ksz]
        self.dims = []
        for d in range(self.nsp):
            s, L, rd, lo = stride[d], ldil[d], rdil[d], pad[d][0]
            P = L // gcd(s, L)
            m = L // gcd(rd, L)
            plans = []
            for ph in range(P):
                r0 = next((r for r in range(min(self.k[d], m))
                           if (ph * s + r * rd - lo) % L == 0), None)
                if r0 is None:
                    plans.append(None)
                    continue
                T = (self.k[d] - r0 + m - 1) // m
                c0 = (ph * s + r0 * rd - lo) // L
                plans.append((r0, m, T, s // gcd(s, L), c0, rd // gcd(rd, L)))
            self.dims.append((P, plans))

    def emit(self, n, g, f):
        for phases in itertools.product(*[range(P) for P, _ in self.dims]):
            self._phase(n, g, f, phases)

    def _phase(self, n, g, f, phases):
        b, out = self.b, self.out
        ty = out.elem
        plans = [self.dims[d][1][ph] for d, ph in enumerate(phases)]
        us = []

        def at(spec, rank, a, c, sp):
            idx = [None] * rank
            idx[spec[0]], idx[spec[1]] = a, c
            for d, i in zip(spec[2:], sp):
                idx[d] = i
            return idx

        def opos():
            return [u * self.dims[d][0] + ph for d, (u, ph) in enumerate(zip(us, phases))]

        def taps():
            if any(p is None for p in plans):
                out.store(b, scalar_value(b, 0, ty), at(self.out_spec, out.rank, n, f, opos()))
                return
            red = []

            def rec(k, acc):
                if k == 1 + self.nsp:
                    c = red[0] if g is None else g * self.cin_g + red[0]
                    pos = [us[d] * A + c0 + red[1 + d] * Bc
                           for d, (r0, m, T, A, c0, Bc) in enumerate(plans)]
                    kr = [red[1 + d] * m + r0 for d, (r0, m, T, A, c0, Bc) in enumerate(plans)]
                    xv = convert(b, self.x.load(b, at(self.lhs_spec, self.x.rank, n, c, pos)),
                                 self.x.elem, ty)
                    wv = convert(b, self.w.load(b, at(self.rhs_spec, self.w.rank, f, red[0], kr)),
                                 self.w.elem, ty)
                    return b.op("arith.addf", acc, b.op("arith.mulf", xv, wv, ty=ty), ty=ty)
                if k == 0:
                    lo, hi = 0, self.cin_g
                else:
                    d = k - 1
                    r0, m, T, A, c0, Bc = plans[d]
                    base = us[d] * A + c0              # input index of t = 0
                    lo = ("max", [Ix.lift(0), (-base).ceildiv(Bc) if Bc != 1 else -base])
                    up = Ix.lift(self.hin[d]) - base   # t*Bc < H - base
                    hi = ("min", [Ix.lift(T), up.ceildiv(Bc) if Bc != 1 else up])
                with b.loop(hi, lo=lo, carry=[(acc, ty)], name="r") as R:
                    red.append(R.iv)
                    R.yield_(rec(k + 1, R.args[0]))
                    red.pop()
                return R.results[0]
            out.store(b, rec(0, scalar_value(b, 0, ty)), at(self.out_spec, out.rank, n, f,
                                                            opos()))

        def loops(d):
            if d == self.nsp:
                taps()
                return
            P = self.dims[d][0]
            count = self.osp[d] if P == 1 else (self.osp[d] - phases[d] + P - 1).floordiv(P)
            with b.loop(count, name="u") as L:
                us.append(L.iv)
                loops(d + 1)
                us.pop()
        loops(0)

"""Convolutions (aten.convolution): 1-D, 2-D and 3-D, stride, padding, dilation, groups.

Direct form, one nest: loops over n, (group, channel in group), the output positions; an
iter_args reduction over input channels of the group and the kernel taps, starting from the
bias (or zero). The group count is a constant, except for a depthwise convolution (groups =
output channels, one input channel each), whose channel count stays a size. Padding is never read: a tap loop's bounds are clipped to the valid products,
  max(0, ceil((pad - p*s) / d)) <= r < min(K, ceil((H + pad - p*s) / d)),
written as affine maps of the output position (plain 0 to K when the padding is zero).
Transposed convolutions are in their own emitter (not yet).
"""

from ..ir import Ix
from ..sym import Sym
from .elementwise import convert
from .common import scalar_value


def emit_convolution(ctx):
    x, w, bias = ctx.arg(0), ctx.arg(1), ctx.arg(2)
    stride = ctx.int(ctx.arg(3), "the stride")
    padding = ctx.int(ctx.arg(4), "the padding")
    dilation = ctx.int(ctx.arg(5), "the dilation")
    transposed = ctx.arg(6)
    if transposed:
        from .conv_transpose import emit_conv_transpose
        return emit_conv_transpose(ctx)
    b = ctx.b
    out = ctx.out()
    ty = out.elem
    # A depthwise convolution (one input channel per group, as many groups as output
    # channels) keeps its channel count symbolic; any other group count is a constant.
    g_arg = Sym.lift(ctx.arg(8))
    depthwise = not g_arg.is_const() and g_arg.key == out.shape[1].key and \
        w.shape[1] == Sym.const(1)
    groups = g_arg if depthwise else ctx.int(ctx.arg(8), "the number of groups")
    nsp = x.rank - 2
    if len(stride) == 1 and nsp > 1:
        stride = stride * nsp
    if len(padding) == 1 and nsp > 1:
        padding = padding * nsp
    if len(dilation) == 1 and nsp > 1:
        dilation = dilation * nsp
    oshape = out.shape
    cin_g = w.shape[1]                     # input channels per group
    cout = oshape[1]
    grouped = depthwise or groups != 1
    opg = Sym.const(1) if depthwise else cout.floordiv(groups) if grouped else cout
    ksz = w.shape[2:]
    hin = x.shape[2:]

    def body(n, g, fo):
        f = fo if g is None else g * opg + fo
        sp = []

        def spatial(d):
            if d == nsp:
                taps()
                return
            with b.loop(oshape[2 + d], name="p") as L:
                sp.append(L.iv)
                spatial(d + 1)
                sp.pop()

        def taps():
            if bias is not None:
                init = convert(b, bias.load(b, [f]), bias.elem, ty)
            else:
                init = scalar_value(b, 0, ty)
            red = []

            def rec(k, acc):
                if k == 1 + nsp:
                    c = red[0] if g is None else g * cin_g + red[0]
                    pos = [sp[d] * stride[d] + red[1 + d] * dilation[d] - padding[d]
                           for d in range(nsp)]
                    xv = convert(b, x.load(b, [n, c] + pos), x.elem, ty)
                    wv = convert(b, w.load(b, [f] + red), w.elem, ty)
                    m = b.op("arith.mulf", xv, wv, ty=ty)
                    return b.op("arith.addf", acc, m, ty=ty)
                if k == 0:
                    lo, hi = 0, cin_g
                else:
                    d = k - 1
                    lo, hi = _tap_bounds(sp[d], stride[d], padding[d], dilation[d], ksz[d], hin[d])
                with b.loop(hi, lo=lo, carry=[(acc, ty)], name="r") as R:
                    red.append(R.iv)
                    R.yield_(rec(k + 1, R.args[0]))
                    red.pop()
                return R.results[0]

            total = rec(0, init)
            out.store(b, total, [n, f] + list(sp))

        spatial(0)

    with b.loop(oshape[0], name="n") as N:
        if not grouped:
            with b.loop(cout, name="f") as F:
                body(N.iv, None, F.iv)
        else:
            with b.loop(groups, name="g") as G:
                with b.loop(opg, name="f") as F:
                    body(N.iv, G.iv, F.iv)
    ctx.set_result(out)


def _tap_bounds(p, s, pad, dil, k, h):
    """(lo, hi) of a tap loop at output position p (an Ix)."""
    if pad == 0:
        return 0, k
    base = p * s - pad                      # input position of tap 0
    lo = ("max", [Ix.lift(0), (-base).ceildiv(dil) if dil != 1 else -base])
    # base + r*dil <= h - 1  <=>  r < (h - base + dil - 1) / dil, i.e. r < ceil((h - base)/dil)
    up = Ix.lift(Sym.lift(h)) - base
    hi = ("min", [Ix.lift(Sym.lift(k)), up.ceildiv(dil) if dil != 1 else up])
    return lo, hi

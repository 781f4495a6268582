"""conv_general_dilated: any dimension numbers, window strides, padding (lo, hi), rhs
(kernel) dilation and feature_group_count, in direct form as the PyTorch importer's
convolution: loops over batch, (group, output feature), output positions, then an iter_args
reduction over the group's input features and the kernel taps, clipped so padding is never
read. lhs_dilation (a transposed convolution) and batch_group_count are refused.
"""

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
    if any(d != 1 for d in ints(ctx, ctx.param("lhs_dilation") or [1] * nsp, "lhs_dilation")):
        ctx.fail("lhs_dilation (a transposed convolution) is not supported")
    if ctx.int(ctx.param("batch_group_count", 1), "batch_group_count") != 1:
        ctx.fail("batch_group_count other than 1 is not supported")
    if any(lo < 0 or hi < 0 for lo, hi in pad):
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

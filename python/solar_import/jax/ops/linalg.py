"""dot_general: any contracting and batch dimensions.

The result's dims are the batch dims, then lhs's free dims, then rhs's free dims (lax's
order). One nest: loops over the result, then one iter_args loop per contracting dim
(outermost first) accumulating lhs * rhs from zero in the result's type
(preferred_element_type), stored once: the same nest as the PyTorch importer's mm/bmm.
"""

from ...ir import is_float
from ...ops.common import nest, scalar_value
from ...ops.elementwise import convert
from .common import ints, tensor_arg


def emit_dot_general(ctx):
    lhs, rhs = tensor_arg(ctx, 0, "lhs"), tensor_arg(ctx, 1, "rhs")
    (lc, rc), (lb, rb) = ctx.param("dimension_numbers")
    lc, rc = ints(ctx, lc, "a contracting dim"), ints(ctx, rc, "a contracting dim")
    lb, rb = ints(ctx, lb, "a batch dim"), ints(ctx, rb, "a batch dim")
    lf = [d for d in range(lhs.rank) if d not in lc and d not in lb]
    rf = [d for d in range(rhs.rank) if d not in rc and d not in rb]
    b = ctx.b
    out = ctx.out()
    ty = out.elem
    f = is_float(ty)

    def product(idx):
        nb, nl = len(lb), len(lf)
        li, ri = [None] * lhs.rank, [None] * rhs.rank
        for k in range(nb):
            li[lb[k]], ri[rb[k]] = idx[k], idx[k]
        for k, d in enumerate(lf):
            li[d] = idx[nb + k]
        for k, d in enumerate(rf):
            ri[d] = idx[nb + nl + k]

        def rec(k, acc):
            if k == len(lc):
                x = convert(b, lhs.load(b, li), lhs.elem, ty)
                y = convert(b, rhs.load(b, ri), rhs.elem, ty)
                p = b.op("arith.mulf" if f else "arith.muli", x, y, ty=ty)
                return b.op("arith.addf" if f else "arith.addi", acc, p, ty=ty)
            with b.loop(lhs.shape[lc[k]], carry=[(acc, ty)], name="k") as R:
                li[lc[k]], ri[rc[k]] = R.iv, R.iv
                R.yield_(rec(k + 1, R.args[0]))
            return R.results[0]
        out.store(b, rec(0, scalar_value(b, 0, ty)), idx)

    nest(b, out.shape, product)
    ctx.set_result(out)

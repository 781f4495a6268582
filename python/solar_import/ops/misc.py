"""View ops that level-3 networks use beyond shape.py's: Tensor.unfold (sliding windows).

`x.unfold(dim, size, step)` is a view: dim d becomes the window count (n - size) floordiv
step + 1 and a new last dim of length size indexes inside the window, so result index
(..., w, ..., j) reads x at (..., w * step + j, ...). No copy.
"""

from .common import norm_dim


def emit_unfold(ctx):
    x = ctx.arg(0)
    d = norm_dim(ctx.int(ctx.arg(1), "the unfolded dim"), x.rank)
    step = ctx.int(ctx.arg(3), "the unfold step")

    def fn(idx):
        idx = list(idx)
        j = idx.pop()
        idx[d] = idx[d] * step + j
        return idx
    ctx.set_result(x.view(ctx.out_shape(), fn))

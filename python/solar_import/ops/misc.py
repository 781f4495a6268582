"""Splitting and joining tensors, and masked fills: split, split_with_sizes, unbind, cat,
stack, masked_fill.

A split (and unbind) is a set of views, one per piece (slices of the argument along the dim,
no copy). cat and stack write each input into its place in the output with one nest per input
(the offset of input k along the dim is the sum of the sizes before it, possibly symbolic).
masked_fill is one pointwise nest selecting the fill value where the broadcast mask is set.
"""

from ..ir import Ix
from ..sym import Sym
from .common import nest, norm_dim
from .elementwise import convert, read


def _pieces(ctx, x, d, sizes):
    """Result k is the slice [off_k, off_k + sizes[k]) of x along d."""
    off = Sym.const(0)
    for k, s in enumerate(sizes):
        def fn(idx, o=off):
            idx = list(idx)
            idx[d] = idx[d] + o
            return idx
        ctx.set_result(x.view(ctx.out_shape(k), fn), k)
        off = off + s


def emit_split(ctx):
    """aten.split.Tensor(x, split_size, dim): pieces of split_size (the last may be shorter)."""
    x = ctx.arg(0)
    d = norm_dim(ctx.int(ctx.argkw(2, "dim", 0), "dim"), x.rank)
    n = len(ctx.shapes)
    _pieces(ctx, x, d, [ctx.out_shape(k)[d] for k in range(n)])


def emit_split_with_sizes(ctx):
    x = ctx.arg(0)
    d = norm_dim(ctx.int(ctx.argkw(2, "dim", 0), "dim"), x.rank)
    sizes = [Sym.lift(s) for s in ctx.arg(1)]
    _pieces(ctx, x, d, sizes)


def emit_unbind(ctx):
    x = ctx.arg(0)
    d = norm_dim(ctx.int(ctx.argkw(1, "dim", 0), "dim"), x.rank)
    for k in range(len(ctx.shapes)):
        ctx.set_result(x.view(ctx.out_shape(k),
                              lambda idx, k=k: idx[:d] + [Ix.lift(k)] + idx[d:]), k)


def _join(ctx, xs, d, stacked):
    b = ctx.b
    out = ctx.out()
    off = Sym.const(0)
    for x in xs:
        if x.rank == 1 and x.shape[0] == Sym.const(0) and not stacked:
            continue                      # torch.cat skips legacy empty 1-D tensors

        def body(idx, x=x, o=off):
            v = x.load(b, idx)
            oi = list(idx)
            if stacked:
                oi = oi[:d] + [Ix.lift(o)] + oi[d:]
            else:
                oi[d] = oi[d] + o
            out.store(b, convert(b, v, x.elem, out.elem), oi)

        nest(b, x.shape, body)
        off = off + (Sym.const(1) if stacked else x.shape[d])
    ctx.set_result(out)


def emit_cat(ctx):
    xs = [x for x in ctx.argkw(0, "tensors")]
    rank = len(ctx.out_shape())
    d = norm_dim(ctx.int(ctx.argkw(1, "dim", 0), "dim"), rank)
    _join(ctx, xs, d, stacked=False)


def emit_stack(ctx):
    xs = [x for x in ctx.argkw(0, "tensors")]
    rank = len(ctx.out_shape())
    d = norm_dim(ctx.int(ctx.argkw(1, "dim", 0), "dim"), rank)
    _join(ctx, xs, d, stacked=True)


def emit_masked_fill(ctx):
    """masked_fill(x, mask, value) (value a number or a 0-d tensor), also in place."""
    b = ctx.b
    x, mask, value = ctx.arg(0), ctx.arg(1), ctx.arg(2)
    inplace = ctx.op.endswith("_")
    out = x if inplace else ctx.out()
    shape = out.shape if inplace else ctx.out_shape()

    def body(idx):
        c = read(b, mask, shape, idx, "i1")
        v = read(b, x, shape, idx, out.elem)
        f = read(b, value, shape, idx, out.elem)
        out.store(b, b.select(c, f, v, out.elem), idx)

    nest(b, shape, body)
    ctx.set_result(out)

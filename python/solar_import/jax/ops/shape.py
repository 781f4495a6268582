"""Shape primitives. Views (no copy, index arithmetic on the operand): broadcast_in_dim,
transpose, squeeze, expand_dims, slice, dynamic_slice with constant starts, rev, and reshape
through the PyTorch importer's emit_reshape (a view when it only splits or merges, else one
copy nest). Copies: concatenate (one nest per operand), pad (a fill, then the operand into
its place), iota (the index along `dimension`).
"""

from ...ir import Ix, Tensor, is_float
from ...ops import shape as tshape
from ...ops.common import nest
from ...sym import Sym
from .common import const_one, fill, ints, tensor_arg


def emit_broadcast_in_dim(ctx):
    x = ctx.arg(0)
    shape = ctx.out_shape()
    if not isinstance(x, Tensor):
        out = ctx.out()
        fill(ctx.b, out, x)
        ctx.set_result(out)
        return
    dims = ints(ctx, ctx.param("broadcast_dimensions"), "a broadcast dimension")

    def fn(idx):
        return [Ix.lift(0) if const_one(x.shape[i]) else idx[d] for i, d in enumerate(dims)]
    ctx.set_result(x.view(shape, fn))


def emit_reshape(ctx):
    if ctx.param("dimensions") is not None:
        ctx.fail("a reshape with a dimension order (dimensions=...) is not supported")
    x = ctx.arg(0)
    if not isinstance(x, Tensor):
        out = ctx.out()
        fill(ctx.b, out, x)
        ctx.set_result(out)
        return
    tshape.emit_reshape(ctx)


def emit_transpose(ctx):
    x = tensor_arg(ctx, 0, "the operand")
    perm = ints(ctx, ctx.param("permutation"), "the permutation")

    def fn(idx):
        res = [None] * len(perm)
        for i, p in enumerate(perm):
            res[p] = idx[i]
        return res
    ctx.set_result(x.view(ctx.out_shape(), fn))


def emit_squeeze(ctx):
    x = tensor_arg(ctx, 0, "the operand")
    dims = sorted(d % x.rank for d in ints(ctx, ctx.param("dimensions"), "a squeezed dim"))

    def fn(idx):
        it = iter(idx)
        return [Ix.lift(0) if d in dims else next(it) for d in range(x.rank)]
    ctx.set_result(x.view(ctx.out_shape(), fn))


def emit_expand_dims(ctx):
    x = tensor_arg(ctx, 0, "the operand")
    shape = ctx.out_shape()
    dims = sorted(d % len(shape) for d in ints(ctx, ctx.param("dimensions"), "a new dim"))
    ctx.set_result(x.view(shape, lambda idx: [i for d, i in enumerate(idx) if d not in dims]))


def emit_slice(ctx):
    x = tensor_arg(ctx, 0, "the operand")
    starts = list(ctx.param("start_indices"))
    strides = ints(ctx, ctx.param("strides") or [1] * x.rank, "a slice stride")
    ctx.set_result(x.view(ctx.out_shape(), lambda idx: [
        i * st + s for i, s, st in zip(idx, starts, strides)]))


def emit_dynamic_slice(ctx):
    """Starts that are literals (constants of the program, possibly sizes); lax clamps them
    so the slice fits, which is checked at the traced sizes."""
    x = tensor_arg(ctx, 0, "the operand")
    starts = ctx.args[1:1 + x.rank]
    sizes = ctx.out_shape()
    for d, s in enumerate(starts):
        if isinstance(s, Tensor):
            ctx.fail("the start of dimension %d is computed from array values; only constant "
                     "starts are supported" % d)
        lo = ctx.w.eval(Sym.lift(s))
        if lo < 0 or lo + ctx.w.eval(sizes[d]) > ctx.w.eval(x.shape[d]):
            ctx.fail("the start %d of dimension %d would be clamped (the slice does not fit); "
                     "only slices that fit are supported" % (lo, d))
    ctx.set_result(x.view(sizes, lambda idx: [i + Sym.lift(s) for i, s in zip(idx, starts)]))


def emit_rev(ctx):
    x = tensor_arg(ctx, 0, "the operand")
    dims = [d % x.rank for d in ints(ctx, ctx.param("dimensions"), "a reversed dim")]
    ctx.set_result(x.view(x.shape, lambda idx: [
        (Ix.lift(x.shape[d] - 1) - i) if d in dims else i for d, i in enumerate(idx)]))


def emit_concatenate(ctx):
    """One nest per operand, writing its slab of the result."""
    d = ctx.int(ctx.param("dimension"), "the dimension")
    b = ctx.b
    out = ctx.out()
    off = Sym.const(0)
    for x in ctx.args:
        if not isinstance(x, Tensor):
            ctx.fail("a literal operand of concatenate")
        at = off
        nest(b, x.shape, lambda idx, x=x, at=at: out.store(
            b, x.load(b, idx), idx[:d] + [idx[d] + at] + idx[d + 1:]))
        off = off + x.shape[d]
    ctx.set_result(out)


def emit_pad(ctx):
    """The padding value everywhere, then the operand at lo + i * (interior + 1) (lo may be
    negative: the operand loop is clipped to the part that lands in the result)."""
    x = tensor_arg(ctx, 0, "the operand")
    value = ctx.arg(1)
    if isinstance(value, Tensor):
        if value.rank != 0:
            ctx.fail("the padding value must be a scalar")
    config = ctx.param("padding_config")
    b = ctx.b
    out = ctx.out()
    if isinstance(value, Tensor):
        nest(b, out.shape, lambda idx: out.store(b, value.load(b, []), idx))
    else:
        fill(b, out, value)
    los = [Sym.lift(c[0]) for c in config]
    inter = [ctx.int(c[2], "the interior padding") for c in config]
    for d, (lo, it) in enumerate(zip(los, inter)):
        if it and ctx.w.eval(lo) < 0:
            ctx.fail("negative padding with interior padding in dimension %d" % d)

    def rec(idx, d):
        if d == x.rank:
            out.store(b, x.load(b, idx), [i * (it + 1) + lo for i, it, lo in
                                          zip(idx, inter, los)])
            return
        lo = los[d]
        start, stop = 0, x.shape[d]
        if ctx.w.eval(lo) < 0:
            start = -lo
        hi = Sym.lift(config[d][1])
        if ctx.w.eval(hi) < 0:
            stop = x.shape[d] + hi
        with b.loop(stop, lo=start) as L:
            rec(idx + [L.iv], d + 1)
    rec([], 0)
    ctx.set_result(out)


def emit_iota(ctx):
    d = ctx.int(ctx.param("dimension"), "the dimension")
    b = ctx.b
    out = ctx.out()
    elem = out.elem

    def body(idx):
        v = b.cast("arith.index_cast", b.index_value(idx[d]), "index", "i64")
        if is_float(elem):
            v = b.cast("arith.sitofp", v, "i64", elem)
        elif elem != "i64":
            v = b.cast("arith.trunci", v, "i64", elem)
        out.store(b, v, idx)
    nest(b, out.shape, body)
    ctx.set_result(out)


def emit_split(ctx):
    """split(operand, sizes, axis): each result a view of its part along axis."""
    x = tensor_arg(ctx, 0, "the operand")
    axis = ctx.int(ctx.param("axis"), "the axis") % x.rank
    off = Sym.const(0)
    for k, size in enumerate(ctx.param("sizes")):
        at = off
        ctx.set_result(x.view(ctx.out_shape(k), lambda idx, at=at: (
            idx[:axis] + [idx[axis] + at] + idx[axis + 1:])), k)
        off = off + size

"""gather, in lax's general form (what jnp.take, take_along_axis, x[idx] and nn.Embed trace
to): one nest over the result. A result index splits into batch dims (indexing the start
indices array, whose last dim is the index vector) and offset dims (walking the slice); each
operand dim's index is its start (read from the indices with affine.load, clamped to
[0, size - slice size] as lax does) plus its offset, or a batch index for operand batching
dims. The operand is read with memref.load at those index values (a data-dependent access).
mode FILL_OR_DROP (jnp's default for take): a start out of range gives fill_value (NaN for
floats when None) instead, from a clamped and therefore in-bounds read.
"""

from ...ir import Ix, is_float
from ...ops.common import nest, scalar_value
from .common import ints, tensor_arg


def emit_gather(ctx):
    x, ind = tensor_arg(ctx, 0, "the operand"), tensor_arg(ctx, 1, "the indices")
    dn = ctx.param("dimension_numbers")
    offset_dims = ints(ctx, dn["offset_dims"], "offset_dims")
    collapsed = ints(ctx, dn["collapsed_slice_dims"], "collapsed_slice_dims")
    start_map = ints(ctx, dn["start_index_map"], "start_index_map")
    op_batch = ints(ctx, dn.get("operand_batching_dims", ()), "operand_batching_dims")
    ind_batch = ints(ctx, dn.get("start_indices_batching_dims", ()), "batching dims")
    sizes = list(ctx.param("slice_sizes"))
    mode = str(ctx.param("mode", "")).upper()
    fill_mode = "FILL" in mode
    b = ctx.b
    out = ctx.out()
    ty = out.elem
    batch_dims = [d for d in range(out.rank) if d not in offset_dims]
    sliced = [d for d in range(x.rank) if d not in collapsed and d not in op_batch]
    if ind.elem not in ("i32", "i64", "i16", "i8"):
        ctx.fail("indices of type %s" % ind.elem)

    def body(idx):
        g = [idx[d] for d in batch_dims]
        starts = {}
        bad = None
        for k, d in enumerate(start_map):
            s = ind.load(b, g + [Ix.lift(k)])
            s = b.cast("arith.index_cast", s, ind.elem, "index")
            top = b.index(x.shape[d] - sizes[d])
            top = top if not top.lstrip("-").isdigit() else b.consti(int(top), "index")
            zero = b.consti(0, "index")
            if fill_mode:
                lo = b.cmpi("slt", s, zero, "index")
                hi = b.cmpi("sgt", s, top, "index")
                out_of = b.op("arith.ori", lo, hi, ty="i1")
                bad = out_of if bad is None else b.op("arith.ori", bad, out_of, ty="i1")
            s = b.op("arith.maxsi", s, zero, ty="index")
            starts[d] = b.op("arith.minsi", s, top, ty="index")
        at = []
        offs = iter([idx[d] for d in offset_dims])
        for d in range(x.rank):
            if d in op_batch:
                at.append(b.index_value(g[ind_batch[op_batch.index(d)]]))
                continue
            off = next(offs) if d in sliced else None
            if d in starts:
                v = starts[d]
                if off is not None:
                    v = b.op("arith.addi", v, b.index_value(off), ty="index")
                at.append(v)
            else:
                at.append(b.index_value(off if off is not None else Ix.lift(0)))
        v = _load(ctx, x, at)
        if bad is not None:
            fv = ctx.param("fill_value")
            if fv is None:
                fv = float("nan") if is_float(ty) else 0
            v = b.select(bad, scalar_value(b, fv, ty), v, ty)
        out.store(b, v, idx)

    nest(b, out.shape, body)
    ctx.set_result(out)


def _load(ctx, x, at):
    """x[at] for index SSA values: a plain buffer only (a view would need its index map
    applied to SSA values)."""
    if not x.is_identity():
        ctx.fail("gathering from a view (a transposed or sliced operand) is not supported; "
                 "the operand must be an array of its own")
    return ctx.b.load_dyn(x.buf, at)

"""Data-dependent reads: embedding, index_select, gather, advanced indexing (x[ind]), and
nll_loss_forward (the target's class picked per row). The index is loaded, cast to `index`, and the read is a memref.load
whose other indices are affine.apply values of the loop variables (dyn_load)."""

from ..ir import Ix
from ..sym import Sym
from .common import broadcast_index, nest, norm_dim, scalar_value
from .elementwise import convert

_DYN = "$dyn"


def dyn_load(b, t, idx, dyn):
    """t at idx, where idx entries may be Ix.var(_DYN + k) standing for the SSA index values
    dyn[k] (memref.load; its subscripts from _ix_value)."""
    return b.load_dyn(t.buf, [_ix_value(b, ix, dyn) for ix in t.index(idx)])


def _ix_value(b, ix, dyn):
    """An index SSA value of ix: affine parts are affine.apply values; a part that holds a
    loaded index (dyn) is built from arith ops, divisions included (a gather from a reshaped
    tensor divides the loaded index by the inner dims' sizes)."""
    if not any(k.startswith(_DYN) for k in ix.ivs()):
        return b.index_value(ix)
    if ix.div == ("sum",):
        return b.op("arith.addi", _ix_value(b, ix.a, dyn), _ix_value(b, ix.b, dyn), ty="index")
    if ix.div == ("scaled",):
        return b.op("arith.muli", _ix_value(b, ix.a, dyn), _index_const(b, ix.c), ty="index")
    if ix.div is not None:
        inner, c, kind = ix.div
        v, cv = _ix_value(b, inner, dyn), b.consti(c, "index")
        if kind != "mod":
            return b.op("arith.%ssi" % kind, v, cv, ty="index")
        r = b.op("arith.remsi", v, cv, ty="index")  # affine mod is never negative
        neg = b.cmpi("slt", r, b.consti(0, "index"), "index")
        return b.select(neg, b.op("arith.addi", r, cv, ty="index"), r, "index")
    static = Ix({k: v for k, v in ix.terms.items() if not k.startswith(_DYN)}, ix.off)
    v = None if static.is_const() and static.off == Sym.const(0) else b.index_value(static)
    for k, c in ix.terms.items():
        if k.startswith(_DYN):
            dv = dyn[int(k[len(_DYN):])]
            if c != Sym.const(1):
                dv = b.op("arith.muli", dv, _index_const(b, c), ty="index")
            v = dv if v is None else b.op("arith.addi", v, dv, ty="index")
    return v


def _index_const(b, c):
    """An index SSA value of the Sym c."""
    c = Sym.lift(c)
    return b.consti(c.value(), "index") if c.is_const() else b.index(c)


def _as_index(b, t, idx):
    v = t.load(b, idx)
    if t.elem == "index":
        return v
    return b.cast("arith.index_cast", v, t.elem, "index")


def emit_embedding(ctx):
    b = ctx.b
    w, ind = ctx.arg(0), ctx.arg(1)
    out = ctx.out()

    def body(idx):
        k = _as_index(b, ind, idx[:-1])
        v = dyn_load(b, w, [Ix.var(_DYN + "0"), idx[-1]], [k])
        out.store(b, convert(b, v, w.elem, out.elem), idx)
    nest(b, out.shape, body)
    ctx.set_result(out)


def _gather_along(ctx, index_of):
    """out[idx] = x[idx with dim d replaced by ind[index_of(idx, d)]]."""
    b = ctx.b
    x = ctx.arg(0)
    d = norm_dim(ctx.int(ctx.arg(1), "dim"), x.rank)
    ind = ctx.arg(2)
    out = ctx.out()

    def body(idx):
        k = _as_index(b, ind, index_of(idx, d))
        src = list(idx)
        src[d] = Ix.var(_DYN + "0")
        out.store(b, dyn_load(b, x, src, [k]), idx)
    nest(b, out.shape, body)
    ctx.set_result(out)


def emit_index_select(ctx):
    """index_select(x, d, ind): ind is 1-D, read at the output's index along d."""
    _gather_along(ctx, lambda idx, d: [idx[d]])


def emit_gather(ctx):
    """gather(x, d, ind): ind has the output's shape, read at the output's index."""
    _gather_along(ctx, lambda idx, d: idx)


def _wrapped(b, k, n):
    """k + n where k < 0: PyTorch reads a negative index from the end of the dim."""
    nv = _index_const(b, n)
    neg = b.cmpi("slt", k, b.consti(0, "index"), "index")
    return b.select(neg, b.op("arith.addi", k, nv, ty="index"), k, "index")


def emit_index(ctx):
    """index(x, [i0, None, i2, ...]) -- x[i0, :, i2] with integer index tensors (PyTorch's
    advanced indexing): the index tensors broadcast to one shape B; B takes the place of the
    indexed dims when they are adjacent, else it leads the result; the other dims are kept in
    order. A boolean mask has a data-dependent result shape and is refused."""
    b = ctx.b
    x, inds = ctx.arg(0), list(ctx.arg(1))
    pos = [d for d, t in enumerate(inds) if t is not None]
    if not pos:
        ctx.fail("an index list without an index tensor")
    if any(inds[d].elem == "i1" for d in pos):
        ctx.fail("a boolean mask index: the result's shape depends on the data")
    out = ctx.out()
    nb = max(inds[d].rank for d in pos)
    start = pos[0] if pos == list(range(pos[0], pos[-1] + 1)) else 0
    bshape = out.shape[start:start + nb]

    def body(idx):
        kept = iter(idx[:start] + idx[start + nb:])
        src, dyn = [], []
        for d in range(x.rank):
            t = inds[d] if d < len(inds) else None
            if t is None:
                src.append(next(kept))
                continue
            k = _as_index(b, t, broadcast_index(t, bshape, idx[start:start + nb]))
            src.append(Ix.var(_DYN + str(len(dyn))))
            dyn.append(_wrapped(b, k, x.shape[d]))
        out.store(b, dyn_load(b, x, src, dyn), idx)
    nest(b, out.shape, body)
    ctx.set_result(out)


def emit_nll_loss(ctx):
    """nll_loss_forward(input [N, C] or [C], target, weight, reduction, ignore_index) ->
    (loss, total_weight): -sum_i w[t_i] x[i, t_i] (divided by sum_i w[t_i] for 'mean'),
    rows with t_i == ignore_index contributing nothing."""
    b = ctx.b
    x, tgt, weight = ctx.arg(0), ctx.arg(1), ctx.arg(2)
    reduction = ctx.int(ctx.arg(3), "the reduction")
    ignore = ctx.int(ctx.arg(4), "ignore_index")
    out = ctx.out(0)
    ty = out.elem
    tw = ctx.out(1) if ctx.used(1) else None
    rows = x.shape[0] if x.rank == 2 else Sym.const(1)
    zero = b.constf(0.0, ty)

    def row_terms(i):
        t = tgt.load(b, [i] if tgt.rank == 1 else [])
        ti = b.cast("arith.index_cast", t, tgt.elem, "index")
        xv = dyn_load(b, x, ([i] if x.rank == 2 else []) + [Ix.var(_DYN + "0")], [ti])
        xv = convert(b, xv, x.elem, ty)
        wv = convert(b, dyn_load(b, weight, [Ix.var(_DYN + "0")], [ti]), weight.elem, ty) \
            if weight is not None else b.constf(1.0, ty)
        keep = b.cmpi("ne", t, b.consti(ignore, tgt.elem), tgt.elem)
        wv = b.select(keep, wv, zero, ty)
        # a select, not a product: an ignored row's target may be out of range
        term = b.select(keep, b.op("arith.mulf", xv, wv, ty=ty), zero, ty)
        return term, wv

    if reduction == 0:
        with b.loop(rows, name="i") as L:
            term, _ = row_terms(L.iv)
            out.store(b, b.op("arith.negf", term, ty=ty), [L.iv])
        if tw is not None:
            with b.loop(1):
                tw.store(b, zero, [])
        ctx.set_result(out, 0)
        if tw is not None:
            ctx.set_result(tw, 1)
        return
    with b.loop(rows, carry=[(zero, ty), (zero, ty)], name="i") as L:
        term, wv = row_terms(L.iv)
        L.yield_(b.op("arith.addf", L.args[0], term, ty=ty), b.op("arith.addf", L.args[1], wv, ty=ty))
    s, wsum = L.results
    loss = b.op("arith.negf", s, ty=ty)
    if reduction == 1:
        loss = b.op("arith.divf", loss, wsum, ty=ty)
    out.store(b, loss, [])
    if tw is not None:
        tw.store(b, wsum, [])
    ctx.set_result(out, 0)
    if tw is not None:
        ctx.set_result(tw, 1)


_ = scalar_value

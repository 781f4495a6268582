"""Views as index arithmetic: t, transpose, permute, expand, unsqueeze, squeeze, slice,
select, and reshape/view/flatten.

A view emits nothing: its result is a Tensor on the argument's Buffer whose index function
maps the view's indices to the argument's. A reshape is a view when every group of merged
dimensions has constant inner sizes (index = (f floordiv c) mod s) or only splits dimensions
(index = sum o_k * stride_k, strides may be symbolic); otherwise it is materialised by one copy
nest that loops over the finer side of each group.
"""

from ..ir import Ix
from ..sym import Sym
from ..errors import NeedMaterialize
from .common import norm_dim, numel


def emit_t(ctx):
    x = ctx.arg(0)
    if x.rank < 2:
        ctx.set_result(x)
        return
    ctx.set_result(x.view(ctx.out_shape(), lambda idx: [idx[1], idx[0]]))


def emit_transpose(ctx):
    x = ctx.arg(0)
    d0, d1 = norm_dim(ctx.int(ctx.arg(1), "dim"), x.rank), norm_dim(ctx.int(ctx.arg(2), "dim"), x.rank)

    def fn(idx):
        idx = list(idx)
        idx[d0], idx[d1] = idx[d1], idx[d0]
        return idx
    ctx.set_result(x.view(ctx.out_shape(), fn))


def emit_permute(ctx):
    x = ctx.arg(0)
    perm = [norm_dim(d, x.rank) for d in ctx.int(ctx.arg(1), "dim")]
    inv = [0] * len(perm)
    for k, p in enumerate(perm):
        inv[p] = k

    def fn(idx):
        return [idx[inv[d]] for d in range(len(perm))]
    ctx.set_result(x.view(ctx.out_shape(), fn))


def emit_expand(ctx):
    x = ctx.arg(0)
    shape = ctx.out_shape()
    r, q = len(shape), x.rank

    def fn(idx):
        sub = idx[r - q:]
        return [Ix.lift(0) if (x.shape[d] == Sym.const(1) and shape[r - q + d] != Sym.const(1))
                else sub[d] for d in range(q)]
    ctx.set_result(x.view(shape, fn))


def emit_unsqueeze(ctx):
    x = ctx.arg(0)
    d = norm_dim(ctx.int(ctx.arg(1), "dim"), x.rank + 1)
    ctx.set_result(x.view(ctx.out_shape(), lambda idx: idx[:d] + idx[d + 1:]))


def emit_squeeze(ctx):
    x = ctx.arg(0)
    dims = ctx.arg(1)
    if dims is None:
        drop = [d for d in range(x.rank) if x.shape[d] == Sym.const(1)]
    else:
        dl = dims if isinstance(dims, (list, tuple)) else [dims]
        drop = [norm_dim(ctx.int(d, "dim"), x.rank) for d in dl]
        drop = [d for d in drop if x.shape[d] == Sym.const(1)]

    def fn(idx):
        out, it = [], iter(idx)
        for d in range(x.rank):
            out.append(Ix.lift(0) if d in drop else next(it))
        return out
    ctx.set_result(x.view(ctx.out_shape(), fn))


def emit_slice(ctx):
    x = ctx.arg(0)
    d = norm_dim(ctx.int(ctx.argkw(1, "dim", 0), "dim"), x.rank)
    start = ctx.argkw(2, "start", 0)
    step = ctx.int(ctx.argkw(4, "step", 1), "step")
    start = Sym.const(0) if start is None else Sym.lift(start)
    if start.is_const() and start.value() < 0:
        start = start + x.shape[d]
        if start.is_const() and start.value() < 0:
            start = Sym.const(0)
    size = x.shape[d]
    if start.is_const() and size.is_const() and start.value() > size.value():
        start = size

    def fn(idx):
        idx = list(idx)
        idx[d] = idx[d] * step + start
        return idx
    ctx.set_result(x.view(ctx.out_shape(), fn))


def emit_select(ctx):
    x = ctx.arg(0)
    d = norm_dim(ctx.int(ctx.arg(1), "dim"), x.rank)
    i = Sym.lift(ctx.arg(2))
    if i.is_const() and i.value() < 0:
        i = i + x.shape[d]
    ctx.set_result(x.view(ctx.out_shape(), lambda idx: idx[:d] + [Ix.lift(i)] + idx[d:]))


def _groups(ctx, ins, outs):
    """Pairs (in dims, out dims) of equal products, size-1 dims dropped, or None."""
    ev = ctx.w.eval
    i = [d for d in range(len(ins)) if ins[d] != Sym.const(1)]
    o = [d for d in range(len(outs)) if outs[d] != Sym.const(1)]
    groups = []
    a = c = 0
    while a < len(i) or c < len(o):
        gi, go = [], []
        pi, po = 1, 1
        while True:
            if pi == po and gi and go:
                break
            if (pi < po or (pi == po and len(gi) <= len(go))) and a < len(i):
                gi.append(i[a])
                pi *= ev(ins[i[a]])
                a += 1
            elif c < len(o):
                go.append(o[c])
                po *= ev(outs[o[c]])
                c += 1
            else:
                return None
        if numel([ins[k] for k in gi]) != numel([outs[k] for k in go]):
            return None
        groups.append((gi, go))
    return groups


def split_index(b, lin, sizes):
    """[Ix per size] whose mixed-radix combination over sizes (outer first) is lin, found
    without division: lin's terms are split by which of them the inner size divides, and
    the inner part must provably range over exactly [0, size) (loop trip counts from
    b.ranges). None when it cannot be shown."""
    if lin.div is not None:
        return None
    parts = []
    cur = lin
    for k in range(len(sizes) - 1, 0, -1):
        s = sizes[k]
        hi, lo = {}, {}
        for iv, c in cur.terms.items():
            q = c.div_exact(s)
            if q is not None:
                hi[iv] = q
            else:
                lo[iv] = c
        off_hi = cur.off.div_exact(s)
        if off_hi is None:
            return None
        top = Sym.const(0)
        for iv, c in lo.items():
            r = b.ranges.get(iv)
            if r is None:
                return None
            top = top + c * (r - 1)
        if lo and top != s - 1:
            if not (top.is_const() and s.is_const() and top.value() <= s.value() - 1
                    and all(c.is_const() and c.value() > 0 for c in lo.values())):
                return None
        parts.insert(0, Ix(lo, 0))
        cur = Ix(hi, off_hi)
    parts.insert(0, cur)
    return parts


def emit_restride(ctx):
    """as_strided(x, size, stride) with x's own shape: only the strides change (a memory
    format; the decompositions of adaptive_avg_pool1d do it), so the values are x's."""
    x = ctx.arg(0)
    if [s.key for s in x.shape] != [s.key for s in ctx.out_shape()]:
        ctx.fail("as_strided to another shape (%s -> %s) is not supported" % (
            [str(s) for s in x.shape], [str(s) for s in ctx.out_shape()]))
    ctx.set_result(x)


def emit_reshape(ctx):
    x = ctx.arg(0)
    shape = ctx.out_shape()
    groups = _groups(ctx, x.shape, shape)
    if groups is None:
        ctx.fail("cannot express the reshape %s -> %s" % (
            [str(s) for s in x.shape], [str(s) for s in shape]))
    viewable = ctx.node not in ctx.w.materialize
    for gi, go in groups:
        if len(gi) > 1 and len(go) > 1:
            if not all(x.shape[k].is_const() for k in gi[1:]) or not all(
                    shape[k].is_const() for k in go):
                viewable = False
    if viewable:
        b = ctx.b
        node = ctx.node

        def fn(idx):
            res = [Ix.lift(0)] * x.rank
            for gi, go in groups:
                # linear index of the group from the output side
                lin = Ix.lift(0)
                stride = Sym.const(1)
                for k in reversed(go):
                    lin = lin + idx[k] * stride
                    stride = stride * shape[k]
                if len(gi) == 1:
                    res[gi[0]] = lin
                    continue
                if all(x.shape[k].is_const() for k in gi[1:]):
                    inner = 1
                    for k in reversed(gi):
                        s = x.shape[k]
                        part = lin.floordiv(inner) if inner != 1 else lin
                        res[k] = part.mod(s.value()) if k != gi[0] else part
                        inner *= s.value() if s.is_const() else 1
                    continue
                parts = split_index(b, lin, [x.shape[k] for k in gi])
                if parts is None:
                    raise NeedMaterialize(node)
                for k, p in zip(gi, parts):
                    res[k] = p
            return res
        ctx.set_result(x.view(shape, fn))
        return
    # Materialise: loop over the finer side of each group.
    b = ctx.b
    out = ctx.out()
    order = []  # (group, side) with the loop dims
    for gi, go in groups:
        order.append((gi, go, "in" if len(gi) >= len(go) else "out"))

    def rec(g, ivs):
        if g == len(order):
            in_idx = [Ix.lift(0)] * x.rank
            out_idx = [Ix.lift(0)] * len(shape)
            for (gi, go, side), lv in zip(order, ivs):
                src, dst, dims_src, dims_dst = (gi, go, x.shape, shape) if side == "in" else (
                    go, gi, shape, x.shape)
                lin = Ix.lift(0)
                stride = Sym.const(1)
                for k, iv in reversed(list(zip(src, lv))):
                    lin = lin + iv * stride
                    stride = stride * dims_src[k]
                target = in_idx if side == "out" else out_idx
                mine = out_idx if side == "out" else in_idx
                for k, iv in zip(src, lv):
                    mine[k] = iv
                if len(dst) == 1:
                    target[dst[0]] = lin
                else:
                    inner = 1
                    for k in reversed(dst):
                        s = dims_dst[k]
                        if not s.is_const() and k != dst[0]:
                            # a floordiv by a symbol is not affine: bake its constants in
                            ctx.int(s, "an inner dim of a reshape that merges and splits")
                        part = lin.floordiv(inner) if inner != 1 else lin
                        target[k] = part.mod(s.value()) if k != dst[0] else part
                        inner *= s.value() if s.is_const() else 1
            out.store(b, x.load(b, in_idx), out_idx)
            return
        gi, go, side = order[g]
        dims = gi if side == "in" else go
        sizes = x.shape if side == "in" else shape
        lv = []

        def inner_loops(j):
            if j == len(dims):
                rec(g + 1, ivs + [list(lv)])
                return
            with b.loop(sizes[dims[j]]) as L:
                lv.append(L.iv)
                inner_loops(j + 1)
                lv.pop()
        inner_loops(0)

    if not order:
        with b.loop(1):
            out.store(b, x.load(b, [Ix.lift(0)] * x.rank), [Ix.lift(0)] * len(shape))
    else:
        rec(0, [])
    ctx.set_result(out)


def emit_flip(ctx):
    x = ctx.arg(0)
    dims = [norm_dim(d, x.rank) for d in ctx.int(ctx.arg(1), "dim")]

    def fn(idx):
        return [(Ix.lift(x.shape[d] - 1) - idx[d]) if d in dims else idx[d]
                for d in range(x.rank)]
    ctx.set_result(x.view(ctx.out_shape(), fn))


def _roll_shift(ctx, n, shift):
    """The shift of a dim of size n as a Sym in [0, n): a symbolic n needs a shift that is
    valid for any size above it (non-negative: s; negative: n + s)."""
    if n.is_const():
        return Sym.const(shift % n.value()) if n.value() else Sym.const(0)
    return Sym.const(shift) if shift >= 0 else n + shift


def emit_roll(ctx):
    """roll(x, shifts, dims): out[(i + s) mod n] = x[i] along each rolled dim, written without
    a mod (sizes may be symbolic) as one box copy per choice of part: along each dim, the
    first n - s elements move up by s and the last s wrap to the front."""
    from itertools import product
    from .common import nest
    b = ctx.b
    x = ctx.arg(0)
    dims = ctx.int(ctx.argkw(2, "dims", []), "dims")
    shifts = ctx.int(ctx.arg(1), "shifts")
    shifts = shifts if isinstance(shifts, list) else [shifts]
    dims = [norm_dim(d, x.rank) for d in (dims if isinstance(dims, list) else [dims])]
    if not dims:
        ctx.fail("roll of the flattened tensor (no dims) is not supported")
    if len(set(dims)) != len(dims) or len(dims) != len(shifts):
        ctx.fail("roll needs one shift per distinct dim")
    out = ctx.out()
    s_of = {d: _roll_shift(ctx, x.shape[d], sh) for d, sh in zip(dims, shifts)}
    for parts in product((0, 1), repeat=len(dims)):
        shape, src, dst = list(x.shape), [Sym.const(0)] * x.rank, [Sym.const(0)] * x.rank
        for d, wraps in zip(dims, parts):
            n, s = x.shape[d], s_of[d]
            shape[d], src[d], dst[d] = (s, n - s, Sym.const(0)) if wraps else (n - s, Sym.const(0), s)
        if any(e.is_const() and e.value() == 0 for e in shape):
            continue

        def body(idx, src=src, dst=dst):
            out.store(b, x.load(b, [i + o for i, o in zip(idx, src)]),
                      [i + o for i, o in zip(idx, dst)])
        nest(b, shape, body)
    ctx.set_result(out)


def emit_split(ctx):
    """split.Tensor / split_with_sizes / unbind: one slice view per piece."""
    x = ctx.arg(0)
    if ctx.op == "aten.unbind":
        d = norm_dim(ctx.int(ctx.argkw(1, "dim", 0), "dim"), x.rank)
        for k in range(len(ctx.shapes)):
            ctx.set_result(x.view(ctx.out_shape(k),
                                  (lambda kk: lambda idx: idx[:d] + [Ix.lift(kk)] + idx[d:])(k)), k)
        return
    d = norm_dim(ctx.int(ctx.argkw(2, "dim", 0), "dim"), x.rank)
    start = Sym.const(0)
    for k in range(len(ctx.shapes)):
        shape = ctx.out_shape(k)
        off = start

        def fn(idx, off=off):
            idx = list(idx)
            idx[d] = idx[d] + off
            return idx
        ctx.set_result(x.view(shape, fn), k)
        start = start + shape[d]


def emit_cat(ctx):
    """cat(tensors, dim): one nest per piece, each storing at its offset along dim."""
    from .common import nest
    from .elementwise import convert
    b = ctx.b
    xs = [t for t in ctx.arg(0)]
    out = ctx.out()
    d = norm_dim(ctx.int(ctx.argkw(1, "dim", 0), "dim"), out.rank)
    off = Sym.const(0)
    for t in xs:
        if t.rank == 1 and t.shape[0] == Sym.const(0):
            continue  # legacy empty tensors are skipped by cat

        def body(idx, t=t, off=off):
            o = list(idx)
            o[d] = o[d] + off
            out.store(b, convert(b, t.load(b, idx), t.elem, out.elem), o)
        nest(b, t.shape, body)
        off = off + t.shape[d]
    ctx.set_result(out)


def emit_stack(ctx):
    from .common import nest
    from .elementwise import convert
    b = ctx.b
    xs = list(ctx.arg(0))
    out = ctx.out()
    d = norm_dim(ctx.int(ctx.argkw(1, "dim", 0), "dim"), out.rank)
    for k, t in enumerate(xs):
        def body(idx, t=t, k=k):
            o = idx[:d] + [Ix.lift(k)] + idx[d:]
            out.store(b, convert(b, t.load(b, idx), t.elem, out.elem), o)
        nest(b, t.shape, body)
    ctx.set_result(out)


def emit_repeat(ctx):
    """repeat(x, reps): out[i] = x[i mod size]; the mod needs a constant input size, else the
    output loops are split into (repeat, position) pairs."""
    from .common import nest
    b = ctx.b
    x = ctx.arg(0)
    out = ctx.out()
    lead = out.rank - x.rank

    def body(idx):
        src = []
        for dd in range(x.rank):
            i = idx[lead + dd]
            s = x.shape[dd]
            if s == out.shape[lead + dd]:
                src.append(i)
            elif s == Sym.const(1):
                src.append(Ix.lift(0))
            elif s.is_const():
                src.append(i.mod(s.value()))
            else:
                ctx.fail("repeat of a dimension of symbolic size is not supported")
        out.store(b, x.load(b, src), idx)
    nest(b, out.shape, body)
    ctx.set_result(out)


def emit_tri(ctx):
    """tril / triu(x, diagonal): per row, a copy loop over the kept columns and a zero loop
    over the others (bounds from the row index, no per-element test)."""
    b = ctx.b
    x = ctx.arg(0)
    diag = ctx.int(ctx.argkw(1, "diagonal", 0), "the diagonal")
    out = ctx.out()
    ty = out.elem
    upper = ctx.op.startswith("aten.triu")
    from .common import scalar_value
    from .elementwise import convert
    N = x.shape[-1]

    def lead(idx, dd):
        if dd == x.rank - 1:
            i = idx[-1]
            if upper:   # keep j >= i + diag
                zero_rng = (0, ("min", [Ix.lift(N), i + diag]))
                keep_rng = (("max", [Ix.lift(0), i + diag]), N)
            else:       # keep j <= i + diag
                keep_rng = (0, ("min", [Ix.lift(N), i + diag + 1]))
                zero_rng = (("max", [Ix.lift(0), i + diag + 1]), N)
            with b.loop(keep_rng[1], lo=keep_rng[0], name="j") as J:
                out.store(b, convert(b, x.load(b, idx + [J.iv]), x.elem, ty), idx + [J.iv])
            with b.loop(zero_rng[1], lo=zero_rng[0], name="j") as J:
                out.store(b, scalar_value(b, 0, ty), idx + [J.iv])
            return
        with b.loop(x.shape[dd], name="i") as L:
            lead(idx + [L.iv], dd + 1)
    lead([], 0)
    ctx.set_result(out)


def emit_constant_pad(ctx):
    """constant_pad_nd(x, pad, value): fill the output, then copy x at its offsets."""
    from .common import nest, scalar_value
    from .elementwise import convert
    b = ctx.b
    x = ctx.arg(0)
    pad = ctx.int(ctx.arg(1), "the padding")
    value = ctx.arg(2, 0)
    out = ctx.out()
    if any(p < 0 for p in pad):
        ctx.fail("negative padding is not supported")
    lo = [0] * x.rank
    for k in range(len(pad) // 2):
        lo[x.rank - 1 - k] = pad[2 * k]
    nest(b, out.shape, lambda idx: out.store(b, scalar_value(b, float(value) if
                                                           out.elem.startswith(("f", "b")) else value,
                                                           out.elem), idx))
    nest(b, x.shape, lambda idx: out.store(b, convert(b, x.load(b, idx), x.elem, out.elem),
                                           [i + o for i, o in zip(idx, lo)]))
    ctx.set_result(out)


def emit_unfold(ctx):
    """unfold(x, dim, size, step): a view; window i, element k reads x[.., i*step + k, ..]."""
    x = ctx.arg(0)
    d = norm_dim(ctx.int(ctx.arg(1), "dim"), x.rank)
    step = ctx.int(ctx.arg(3), "the step")

    def fn(idx):
        out = list(idx[:-1])
        out[d] = idx[d] * step + idx[-1]
        return out
    ctx.set_result(x.view(ctx.out_shape(), fn))

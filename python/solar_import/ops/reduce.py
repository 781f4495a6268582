"""Reductions along dimensions: softmax and log_softmax (max, exp-sum, normalise), and the
helper `over_dims` that the reduction emitters share: loops over the kept dims outside, a
reduction over the reduced dims inside.
"""

from ..ir import Ix, is_float
from ..sym import Sym
from .common import dims_list, nest, norm_dim, numel, scalar_value
from .elementwise import convert


def outer_loops(b, shape, skip, body):
    """Loops over every dim of shape except those in skip; body(idx) with None at skipped
    positions."""
    def rec(idx, d):
        if d == len(shape):
            body(idx)
            return
        if d in skip:
            rec(idx + [None], d + 1)
            return
        with b.loop(shape[d]) as L:
            rec(idx + [L.iv], d + 1)

    if all(d in skip for d in range(len(shape))):
        with b.loop(1):
            rec([], 0)
    else:
        rec([], 0)


def reduce_loops(b, shape, dims, idx, init, ty, step):
    """A nest of iter_args loops over dims (with idx's None positions filled), accumulating
    step(b, acc, full_idx) from init; returns the result."""
    def rec(k, acc_init, full):
        if k == len(dims):
            return step(b, acc_init, full)
        with b.loop(shape[dims[k]], carry=[(acc_init, ty)], name="k") as R:
            full2 = list(full)
            full2[dims[k]] = R.iv
            R.yield_(rec(k + 1, R.args[0], full2))
        return R.results[0]
    return rec(0, init, list(idx))


def _softmax(ctx, log):
    b = ctx.b
    x = ctx.arg(0)
    d = norm_dim(ctx.int(ctx.arg(1), "dim"), x.rank)
    out = ctx.out()
    ty = out.elem
    shape = out.shape

    def body(idx):
        ninf = b.constf(float("-inf"), ty)
        zero = b.constf(0.0, ty)

        def at(iv):
            full = list(idx)
            full[d] = iv
            return full

        with b.loop(shape[d], carry=[(ninf, ty)], name="k") as R:
            v = convert(b, x.load(b, at(R.iv)), x.elem, ty)
            R.yield_(b.op("arith.maximumf", R.args[0], v, ty=ty))
        mx = R.results[0]
        with b.loop(shape[d], carry=[(zero, ty)], name="k") as S:
            v = convert(b, x.load(b, at(S.iv)), x.elem, ty)
            c = b.op("arith.subf", v, mx, ty=ty)
            e = b.op("math.exp", c, ty=ty)
            if not log:
                out.store(b, e, at(S.iv))
            S.yield_(b.op("arith.addf", S.args[0], e, ty=ty))
        total = S.results[0]
        if log:
            lse = b.op("math.log", total, ty=ty)
        with b.loop(shape[d], name="k") as N:
            if log:
                v = convert(b, x.load(b, at(N.iv)), x.elem, ty)
                c = b.op("arith.subf", v, mx, ty=ty)
                out.store(b, b.op("arith.subf", c, lse, ty=ty), at(N.iv))
            else:
                e = out.load(b, at(N.iv))
                out.store(b, b.op("arith.divf", e, total, ty=ty), at(N.iv))

    outer_loops(b, shape, {d}, body)
    ctx.set_result(out)


def emit_softmax(ctx):
    _softmax(ctx, log=False)


def emit_log_softmax(ctx):
    _softmax(ctx, log=True)



# -- general reductions ------------------------------------------------------------------------


def reduction(ctx, x, dims, keepdim, init, combine, finish=None, outs=None, carry_types=None):
    """One nest: loops over the output, iter_args loops over x's dims in `dims`.
    init(b) -> [initial values]; combine(b, accs, x_index) -> [new accs];
    finish(b, accs) -> [values stored into outs (default: ctx.out(0))]. outs may be
    scratch buffers (ctx.temp), so the node's results are left to ctx.out()."""
    b = ctx.b
    outs = outs or [ctx.out()]
    oshape = outs[0].shape
    kept = [d for d in range(x.rank) if d not in dims]
    tys = carry_types

    def body(oidx):
        full = [None] * x.rank
        if keepdim:
            for d in kept:
                full[d] = oidx[d]
        else:
            for j, d in enumerate(kept):
                full[d] = oidx[j]
        accs = init(b)

        def rec(k, accs, full):
            if k == len(dims):
                return combine(b, accs, full)
            with b.loop(x.shape[dims[k]], carry=list(zip(accs, tys)), name="k") as R:
                f2 = list(full)
                f2[dims[k]] = R.iv
                R.yield_(*rec(k + 1, R.args, f2))
            return R.results

        res = rec(0, accs, full)
        vals = finish(b, res) if finish else res
        for o, v in zip(outs, vals):
            if v is not None:
                o.store(b, v, oidx)

    nest(b, oshape, body)


def _dims_keep(ctx, x, dim_arg, keep_arg):
    return dims_list(ctx, dim_arg, x.rank), bool(keep_arg)


def _reduced_dims(ctx, x):
    """(dims, keepdim) of sum/mean/prod: the default overload reduces every dim."""
    if ctx.overload == "default":
        return list(range(x.rank)), False
    return _dims_keep(ctx, x, ctx.argkw(1, "dim"), ctx.argkw(2, "keepdim", False))


def _fold(ctx, x, dims, keep, start, fop, iop, finish=None, outs=None):
    """The reduction acc = acc OP x from start (fop for floats, iop for integers)."""
    ty = ctx.out_elem()
    op = fop if is_float(ty) else iop
    reduction(ctx, x, dims, keep, init=lambda b: [scalar_value(b, start, ty)],
              combine=lambda b, a, i: [b.op(op, a[0], convert(b, x.load(b, i), x.elem, ty),
                                            ty=ty)],
              finish=finish, outs=outs, carry_types=[ty])


def _mean_into(ctx, x, dims, keep, outs=None):
    ty = ctx.out_elem()
    count = numel([x.shape[d] for d in dims])
    _fold(ctx, x, dims, keep, 0, "arith.addf", "arith.addi", outs=outs,
          finish=lambda b, a: [b.op("arith.divf", a[0], b.size_float(count, ty), ty=ty)])


def _at_reduced(b, t, i, dims, keep, rank):
    """t (a reduction's result over dims) read at input index i."""
    kept = [d for d in range(rank) if d not in dims]
    return t.load(b, [i[d] if d in kept else 0 for d in range(rank)] if keep else
                  [i[d] for d in kept])


def emit_sum(ctx):
    x = ctx.arg(0)
    _fold(ctx, x, *_reduced_dims(ctx, x), 0, "arith.addf", "arith.addi")


def emit_mean(ctx):
    x = ctx.arg(0)
    _mean_into(ctx, x, *_reduced_dims(ctx, x))


def _extreme(ctx, is_max, with_index, dims, keep, outs):
    """max/min values (NaN-propagating, like torch) and/or the first index of the extreme."""
    x = ctx.arg(0)
    ty = x.elem
    fl = is_float(ty)
    start = float("-inf") if is_max else float("inf")

    def init(b):
        if fl:
            v0 = b.constf(start, ty)
        else:
            bits = {"i64": 64, "i32": 32, "i8": 8, "i16": 16}.get(ty, 64)
            v0 = b.consti(-(1 << (bits - 1)) if is_max else (1 << (bits - 1)) - 1, ty)
        return [v0, b.consti(0, "i64")] if with_index else [v0]

    def linear(i):
        lin = Ix.lift(0)
        st = Sym.const(1)
        for d in reversed(dims):
            lin = lin + i[d] * st
            st = st * x.shape[d]
        return lin

    def combine(b, a, i):
        v = x.load(b, i)
        if not with_index:
            if fl:
                return [b.op("arith.maximumf" if is_max else "arith.minimumf", a[0], v, ty=ty)]
            return [b.op("arith.maxsi" if is_max else "arith.minsi", a[0], v, ty=ty)]
        idx = b.index_value(linear(i))
        if fl:
            # PyTorch: the first NaN wins, else the first strict extreme. `ugt` is true for a
            # NaN x; once the best is NaN (not `ord`) it stays.
            take = b.cmpf("ugt" if is_max else "ult", v, a[0], ty)
            ok = b.cmpf("ord", a[0], a[0], ty)
            idx64 = b.cast("arith.index_cast", idx, "index", "i64")
            nv0 = b.select(take, v, a[0], ty)
            ni0 = b.select(take, idx64, a[1], "i64")
            return [b.select(ok, nv0, a[0], ty), b.select(ok, ni0, a[1], "i64")]
        take = b.cmpi("sgt" if is_max else "slt", v, a[0], ty)
        idx64 = b.cast("arith.index_cast", idx, "index", "i64")
        nv = b.select(take, v, a[0], ty)
        ni = b.select(take, idx64, a[1], "i64")
        return [nv, ni]

    tys = [ty, "i64"] if with_index else [ty]
    reduction(ctx, x, dims, keep, init, combine, outs=outs, carry_types=tys,
              finish=(lambda b, a: a) if len(outs) == len(tys) else (lambda b, a: [a[1]]))


def emit_amax(ctx, is_max=True):
    x = ctx.arg(0)
    dims, keep = _dims_keep(ctx, x, ctx.argkw(1, "dim"), ctx.argkw(2, "keepdim", False))
    _extreme(ctx, is_max, False, dims, keep, [ctx.out()])


def emit_amin(ctx):
    emit_amax(ctx, False)


def emit_max(ctx, is_max=True):
    x = ctx.arg(0)
    if ctx.overload == "default":
        _extreme(ctx, is_max, False, list(range(x.rank)), False, [ctx.out()])
        return
    if ctx.overload != "dim":
        # max.other / maximum: elementwise
        from .elementwise import pointwise, f_maximum, f_minimum
        pointwise(ctx, [ctx.arg(0), ctx.arg(1)], f_maximum if is_max else f_minimum)
        return
    d = norm_dim(ctx.int(ctx.arg(1), "dim"), x.rank)
    keep = bool(ctx.argkw(2, "keepdim", False))
    if not ctx.used(1):
        _extreme(ctx, is_max, False, [d], keep, [ctx.out(0)])
        return
    _extreme(ctx, is_max, True, [d], keep, [ctx.out(0), ctx.out(1)])


def emit_min(ctx):
    emit_max(ctx, False)


def emit_argmax(ctx, is_max=True):
    x = ctx.arg(0)
    dim = ctx.argkw(1, "dim")
    keep = bool(ctx.argkw(2, "keepdim", False))
    if dim is None:
        dims = list(range(x.rank))
    else:
        dims = [norm_dim(ctx.int(dim, "dim"), x.rank)]
    _extreme(ctx, is_max, True, dims, keep, [ctx.out()])


def emit_argmin(ctx):
    emit_argmax(ctx, False)


def emit_prod(ctx):
    x = ctx.arg(0)
    _fold(ctx, x, *_reduced_dims(ctx, x), 1, "arith.mulf", "arith.muli")


def _var(ctx, std):
    """var/std with a correction (Bessel's by default): a mean pass, then the squared
    deviations."""
    x = ctx.arg(0)
    dim = ctx.argkw(1, "dim")
    if ctx.overload == "correction":
        corr = ctx.kwarg("correction")
        corr = 1 if corr is None else corr
        keep = bool(ctx.kwarg("keepdim", False))
    elif ctx.overload in ("dim",):
        unb = ctx.argkw(2, "unbiased", True)
        corr = 1 if unb else 0
        keep = bool(ctx.argkw(3, "keepdim", False))
    else:  # default(self, unbiased=True)
        dim = None
        corr = 1 if ctx.argkw(1, "unbiased", True) else 0
        keep = False
    dims = dims_list(ctx, dim, x.rank)
    ty = ctx.out_elem()
    count = numel([x.shape[d] for d in dims])
    mean_t = ctx.temp(ctx.out_shape(), ty, "mean")
    _mean_into(ctx, x, dims, keep, outs=[mean_t])

    def mean_at(b, i):
        return _at_reduced(b, mean_t, i, dims, keep, x.rank)

    def combine(b, a, i):
        dv = b.op("arith.subf", convert(b, x.load(b, i), x.elem, ty), mean_at(b, i), ty=ty)
        return [b.op("arith.addf", a[0], b.op("arith.mulf", dv, dv, ty=ty), ty=ty)]

    def finish(b, a):
        v = b.op("arith.divf", a[0], b.size_float(count - corr, ty), ty=ty)
        return [b.op("math.sqrt", v, ty=ty) if std else v]

    reduction(ctx, x, dims, keep, init=lambda b: [b.constf(0.0, ty)], combine=combine,
              finish=finish, carry_types=[ty])


def emit_var(ctx):
    _var(ctx, False)


def emit_std(ctx):
    _var(ctx, True)


def emit_logsumexp(ctx):
    x = ctx.arg(0)
    dims, keep = _dims_keep(ctx, x, ctx.argkw(1, "dim"), ctx.argkw(2, "keepdim", False))
    ty = ctx.out_elem()
    mx = ctx.temp(ctx.out_shape(), ty, "max")
    reduction(ctx, x, dims, keep, init=lambda b: [b.constf(float("-inf"), ty)],
              combine=lambda b, a, i: [b.op("arith.maximumf", a[0], convert(b, x.load(b, i), x.elem, ty), ty=ty)],
              outs=[mx], carry_types=[ty])
    def combine(b, a, i):
        m = _at_reduced(b, mx, i, dims, keep, x.rank)
        # an all -inf row: exp(-inf - -inf) would be NaN; torch gives -inf
        c = b.op("arith.subf", convert(b, x.load(b, i), x.elem, ty), m, ty=ty)
        return [b.op("arith.addf", a[0], b.op("math.exp", c, ty=ty), ty=ty)]

    out = ctx.out()
    reduction(ctx, x, dims, keep, init=lambda b: [b.constf(0.0, ty)], combine=combine,
              outs=[out], carry_types=[ty])
    # out = log(sum) + max
    b = ctx.b

    def body(idx):
        s = out.load(b, idx)
        m = mx.load(b, idx)
        out.store(b, b.op("arith.addf", b.op("math.log", s, ty=ty), m, ty=ty), idx)
    nest(b, out.shape, body)
    ctx.set_result(out)


def emit_vector_norm(ctx):
    """linalg_vector_norm(x, ord=2, dim=None, keepdim=False) and norm.Scalar / ScalarOpt_dim."""
    x = ctx.arg(0)
    if ctx.op == "aten.linalg_vector_norm":
        p = ctx.argkw(1, "ord", 2)
        dim = ctx.argkw(2, "dim")
        keep = ctx.argkw(3, "keepdim", False)
    else:
        p = ctx.argkw(1, "p", 2)
        dim = ctx.argkw(2, "dim") if ctx.overload != "Scalar" and ctx.overload != "default" else None
        keep = ctx.argkw(3, "keepdim", False) if dim is not None else False
    p = 2.0 if p is None else float(p)
    dims = dims_list(ctx, dim, x.rank)
    ty = ctx.out_elem()

    def combine(b, a, i):
        v = convert(b, x.load(b, i), x.elem, ty)
        if p == 2.0:
            t = b.op("arith.mulf", v, v, ty=ty)
        elif p == 1.0:
            t = b.op("math.absf", v, ty=ty)
        elif p == float("inf"):
            return [b.op("arith.maximumf", a[0], b.op("math.absf", v, ty=ty), ty=ty)]
        else:
            t = b.op("math.powf", b.op("math.absf", v, ty=ty), b.constf(p, ty), ty=ty)
        return [b.op("arith.addf", a[0], t, ty=ty)]

    def finish(b, a):
        if p == 2.0:
            return [b.op("math.sqrt", a[0], ty=ty)]
        if p in (1.0, float("inf")):
            return [a[0]]
        return [b.op("math.powf", a[0], b.constf(1.0 / p, ty), ty=ty)]

    reduction(ctx, x, dims, bool(keep), init=lambda b: [b.constf(0.0, ty)], combine=combine,
              finish=finish, carry_types=[ty])


def _scan(ctx, mul):
    """cumsum / cumprod along one dim: a sequential iter_args loop storing every prefix (f32
    sums carried in f64, as PyTorch's CPU kernel does)."""
    x = ctx.arg(0)
    d = norm_dim(ctx.int(ctx.arg(1), "dim"), x.rank)
    out = ctx.out()
    ty = out.elem
    acc_ty = "f64" if ty == "f32" and not mul else ty
    b = ctx.b

    def body(idx):
        init = scalar_value(b, 1 if mul else 0, acc_ty)
        with b.loop(x.shape[d], carry=[(init, acc_ty)], name="k") as R:
            full = list(idx)
            full[d] = R.iv
            v = convert(b, x.load(b, full), x.elem, acc_ty)
            op = ("arith.mulf" if mul else "arith.addf") if is_float(acc_ty) else (
                "arith.muli" if mul else "arith.addi")
            s = b.op(op, R.args[0], v, ty=acc_ty)
            out.store(b, convert(b, s, acc_ty, ty), full)
            R.yield_(s)

    outer_loops(b, x.shape, {d}, body)
    ctx.set_result(out)


def emit_cumsum(ctx):
    _scan(ctx, False)


def emit_cumprod(ctx):
    _scan(ctx, True)

"""Tensor creation and filling: empty, zeros, ones, full, the *_like and new_* forms, fill_,
zero_, copy_, arange, scalar_tensor. A creation op writes its constant over its output shape
(one nest); `empty` writes nothing, and one nobody reads allocates nothing.
"""

from ..ir import Buffer, Tensor, Ix
from .common import nest, scalar_value, broadcast_index
from .elementwise import convert


def _fill(ctx, out, value):
    b = ctx.b

    def body(idx):
        out.store(b, scalar_value(b, value, out.elem), idx)
    nest(b, out.shape, body)


def emit_empty(ctx):
    if not ctx.node.users:
        ctx.set_result(Tensor(Buffer("%unused", ctx.out_shape(), ctx.out_elem(), "dropped")))
        return
    ctx.out()


def _value_of(ctx):
    op = ctx.op
    if op in ("aten.zeros", "aten.zeros_like", "aten.new_zeros", "aten.zero_"):
        return 0
    if op in ("aten.ones", "aten.ones_like", "aten.new_ones"):
        return 1
    if op in ("aten.full", "aten.new_full"):
        return ctx.arg(1) if op == "aten.full" else ctx.arg(2)
    if op == "aten.full_like":
        return ctx.arg(1)
    if op == "aten.fill_":
        return ctx.arg(1)
    if op == "aten.scalar_tensor":
        return ctx.arg(0)
    raise AssertionError(op)


def emit_constant_fill(ctx):
    v = _value_of(ctx)
    if hasattr(v, "buf"):
        ctx.fail("filling with a tensor value is not supported")
    v = v.value() if hasattr(v, "value") and callable(getattr(v, "value")) else v
    if ctx.op in ("aten.fill_", "aten.zero_"):
        t = ctx.arg(0)
        _fill(ctx, t, v)
        ctx.set_result(t)
        return
    out = ctx.out()
    _fill(ctx, out, v)
    ctx.set_result(out)


def emit_copy_(ctx):
    b = ctx.b
    dst, src = ctx.arg(0), ctx.arg(1)

    def body(idx):
        if hasattr(src, "buf"):
            v = convert(b, src.load(b, broadcast_index(src, dst.shape, idx)), src.elem, dst.elem)
        else:
            v = scalar_value(b, src, dst.elem)
        dst.store(b, v, idx)
    nest(b, dst.shape, body)
    ctx.set_result(dst)


def emit_arange(ctx):
    """arange(end) / arange.start(start, end) / arange.start_step(start, end, step)."""
    b = ctx.b
    out = ctx.out()
    if ctx.overload == "default":
        start, step = 0, 1
    else:
        start = ctx.arg(0)
        step = ctx.arg(2, 1) if ctx.overload == "start_step" else 1
    start = float(start) if isinstance(start, float) else start
    ty = out.elem

    def body(idx):
        i = idx[0]
        iv = b.index_value(i)
        i64 = b.cast("arith.index_cast", iv, "index", "i64")
        v = convert(b, i64, "i64", ty)
        if step != 1:
            v = b.op("arith.mulf" if ty.startswith(("f", "b")) else "arith.muli", v,
                     scalar_value(b, step, ty), ty=ty)
        if start not in (0, 0.0):
            s0 = scalar_value(b, start if not hasattr(start, "value") else start.value(), ty)
            v = b.op("arith.addf" if ty.startswith(("f", "b")) else "arith.addi", v, s0, ty=ty)
        out.store(b, v, idx)
    nest(b, out.shape, body)
    ctx.set_result(out)


_ = Ix

"""Helpers shared by the emitter families: loops over a shape, broadcasting, scalars."""

from ..ir import Ix, Tensor, is_float
from ..sym import Sym


def nest(b, shape, body, name="i"):
    """Loops over shape (outermost first) and calls body(idx) innermost; a rank-0 shape gets
    a one-trip loop so the nest still carries its op tags."""
    def rec(idx, d):
        if d == len(shape):
            body(idx)
            return
        with b.loop(shape[d], name=name) as L:
            rec(idx + [L.iv], d + 1)

    if not shape:
        with b.loop(1, name=name):
            body([])
    else:
        rec([], 0)


def broadcast_index(t, out_shape, idx):
    """The index of Tensor t read at output index idx under PyTorch broadcasting."""
    r, q = len(out_shape), t.rank
    sub = idx[r - q:]
    return [Ix.lift(0) if (t.shape[d].is_const() and t.shape[d].value() == 1
                           and not (out_shape[r - q + d].is_const()
                                    and out_shape[r - q + d].value() == 1)) else sub[d]
            for d in range(q)]


def norm_dim(d, rank):
    d = int(d)
    return d + rank if d < 0 else d


def dims_list(ctx, v, rank):
    """A dim argument (int, list, or None = all) as sorted non-negative ints."""
    if v is None:
        return list(range(rank))
    if not isinstance(v, (list, tuple)):
        v = [v]
    if len(v) == 0:
        return list(range(rank))
    return sorted(set(norm_dim(ctx.int(x, "a reduced dim"), rank) for x in v))


def numel(shape):
    n = Sym.const(1)
    for s in shape:
        n = n * s
    return n


def index_to_float(b, s, ty):
    """A float SSA value equal to the (possibly symbolic) size s."""
    return b.size_float(s, ty)


def scalar_value(b, v, elem):
    """An SSA value of the Python number v in elem; a Sym (an int argument the fit tied to
    the sizes, such as `x / batch_size`) becomes the size's value at run time."""
    if isinstance(v, Sym):
        if v.is_const():
            v = v.value()
        elif is_float(elem):
            return b.size_float(v, elem)
        else:
            i64 = b.cast("arith.index_cast", b.index(v), "index", "i64")
            return i64 if elem == "i64" else b.cast(
                "arith.trunci" if elem != "i1" else "arith.trunci", i64, "i64", elem)
    if is_float(elem):
        return b.constf(float(v), elem)
    if elem == "i1":
        return b.consti(bool(v), "i1")
    return b.consti(int(v), elem)


def is_tensor(x):
    return isinstance(x, Tensor)

"""A JAX trace as fit slots: the structure of the program and its integers, in order.

The same contract as ../fit.py's flatten() for a torch.fx graph, so the driver's fitting loop
(../driver.py) and ../fit.py's fit_slots() serve both front ends. Slots, in order: the
dimensions of every argument, then per equation every int of its parameters (a reshape's
new_sizes, a slice's limits, a broadcast's shape, a conv's padding), every literal operand
that is an integer or an integral float (`div x 128.0`, the count of a mean), and the
dimensions of every result. The structure holds everything else (primitive names, operand
wiring, dtypes, non-integral floats), so two traces with equal structures are the same
program at different sizes.
"""


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _integral(lit):
    v = lit.value
    if isinstance(v, bool):
        return False
    if _is_int(v):
        return True
    return isinstance(v, float) and v == v and abs(v) < 2 ** 31 and v == int(v)


def _walk(v, slots):
    """The structure of a parameter value; its ints appended to slots."""
    if _is_int(v):
        slots.append(v)
        return "#"
    if isinstance(v, float):
        return ("F", repr(v))
    if isinstance(v, tuple):
        return tuple(_walk(x, slots) for x in v)
    if isinstance(v, dict):
        return tuple((k, _walk(x, slots)) for k, x in sorted(v.items()))
    return v


def _operand(a, slots):
    from .trace import Lit
    if isinstance(a, Lit):
        if _integral(a):
            slots.append(int(a.value))
            return ("L", a.elem, "#")
        return ("L", a.elem, repr(a.value))
    return ("V", a)


def flatten(trace):
    """(structure, slots); records trace.slot_info[s] = (equation index or None, kind)."""
    slots, info, struct = [], [], []
    for vid, _ in trace.args:
        shape, elem, _ = trace.avals[vid]
        slots.extend(shape)
        info.extend([(None, "shape")] * len(shape))
        struct.append(("arg", vid, elem, len(shape)))
    for k, e in enumerate(trace.eqns):
        before = len(slots)
        ins = tuple(_operand(a, slots) for a in e.ins)
        params = _walk(e.params, slots)
        info.extend([(k, "arg")] * (len(slots) - before))
        outs = []
        for vid in e.outs:
            shape, elem, _ = trace.avals[vid]
            slots.extend(shape)
            info.extend([(k, "shape")] * len(shape))
            outs.append((vid, elem, len(shape)))
        struct.append((e.prim, ins, params, tuple(outs)))
    for o in trace.outputs:
        struct.append(("out", _operand(o, slots)))
        info.extend([(None, "arg")] * (len(slots) - len(info)))
    for k, u in trace.updates:
        struct.append(("update", k, _operand(u, slots)))
        info.extend([(None, "arg")] * (len(slots) - len(info)))
    trace.slot_info = info
    return tuple(struct), slots


def slot_locals(trace):
    """For each slot: the slots of the dimensions of its equation's array operands (the
    candidates for products and floordivs in fit.py), and for an int argument also those of
    the operands' producers."""
    from .trace import Lit
    dims = {}
    out = []
    pos = 0
    for vid, _ in trace.args:
        n = len(trace.avals[vid][0])
        dims[vid] = list(range(pos, pos + n))
        out.extend([[]] * n)
        pos += n
    feeds = {}  # var id -> the dims of its producer's operands
    for e in trace.eqns:
        ins, deep = [], []
        for a in e.ins:
            if not isinstance(a, Lit):
                ins.extend(dims.get(a, []))
                deep.extend(feeds.get(a, []))
        n_args = 0
        for a in e.ins:
            if isinstance(a, Lit) and _integral(a):
                n_args += 1
        n_args += _count_ints(e.params)
        # An int argument may also be a size of what the operand was reduced from: the count
        # N * H * W of a mean is `div (reduce_sum x) count`, with N, H, W dims of x.
        out.extend([ins + [d for d in deep if d not in ins] for _ in range(n_args)])
        for vid in e.outs:
            feeds[vid] = list(ins)
        pos += n_args
        for vid in e.outs:
            n = len(trace.avals[vid][0])
            dims[vid] = list(range(pos, pos + n))
            out.extend([list(ins) for _ in range(n)])
            pos += n
    tail = 0
    for o in list(trace.outputs) + [u for _, u in trace.updates]:
        if isinstance(o, Lit) and _integral(o):
            tail += 1
    out.extend([[]] * tail)
    return out


def slot_divisors(trace):
    """For each slot (after flatten): the ints above 1 of its equation's parameters (window
    strides and dimensions), the divisors fit.py's floordiv form tries first."""
    out = []
    for k, _ in trace.slot_info:
        ints = []
        if k is not None:
            _walk(trace.eqns[k].params, ints)
        out.append(sorted(set(v for v in ints if 1 < v <= 4096)))
    return out


def _count_ints(v):
    if _is_int(v):
        return 1
    if isinstance(v, tuple):
        return sum(_count_ints(x) for x in v)
    if isinstance(v, dict):
        return sum(_count_ints(x) for _, x in sorted(v.items()))
    return 0


def _where(trace, k):
    e = trace.eqns[k]
    return "jax.%s%s" % (e.prim, " at line %d" % e.line if e.line else "")


def describe_slot(trace, s):
    """'an argument of jax.reshape at line 15' / 'a dimension of ...'."""
    k, kind = trace.slot_info[s]
    what = _where(trace, k) if k is not None else "an input"
    return "%s of %s" % ("an argument" if kind == "arg" else "a dimension", what)


def first_difference(struct_a, struct_b, trace):
    """The first equation whose structure differs, for messages."""
    n_args = len(trace.args)
    for k, (a, b) in enumerate(zip(struct_a, struct_b)):
        if a != b:
            j = k - n_args
            return _where(trace, j) if 0 <= j < len(trace.eqns) else "the program's signature"
    if len(struct_a) != len(struct_b):
        return "the number of traced primitives"
    return None

"""Fitting every integer of a traced graph as a Sym of the size constants.

A trace is flattened by `flatten()` into a structure (ops, targets, non-integer arguments,
ranks) and a list of integer slots (every int argument, then every output dimension, node by
node). Traces at different size assignments of the same program have equal structures; their
slot vectors are fitted slot by slot (`fit_slots`), in graph order, trying in turn:

  1. a constant (the same in every trace);
  2. a Sym already fitted whose values agree in every trace (shapes propagate unchanged);
  3. a linear function of the varied constants with rational coefficients, solved from the
     base trace and the traces that vary one constant, checked on every trace (a common
     denominator becomes a floordiv: `embed_dim floordiv 8`);
  4. c * a product of up to three Syms among the size constants and the dimensions of the
     node's tensor arguments (flatten, view(B, -1));
  5. (X + c*Y + k) floordiv s with X, Y such Syms and s an integer argument of the node (a
     stride, a window) or 2..8 (convolution and pooling output sizes with a stride).

A slot that fits none raises FitFailed with the constants it depends on; the driver then fixes
those constants (bakes their values in) and refits.
"""

import itertools

from .sym import Sym, fit_linear


class FitFailed(Exception):
    def __init__(self, constants, what):
        Exception.__init__(self, what)
        self.constants = set(constants)
        self.what = what


def _node_class():
    import torch.fx
    return torch.fx.Node


def _shapes_of(node):
    """[shape tuple] of a node's tensor outputs ([] when none is recorded)."""
    tm = node.meta.get("tensor_meta")
    if tm is None:
        val = node.meta.get("val")
        if val is not None and hasattr(val, "shape"):
            return [tuple(int(d) for d in val.shape)]
        return []
    if hasattr(tm, "shape"):
        return [tuple(int(d) for d in tm.shape)]
    if isinstance(tm, (list, tuple)):
        return [tuple(int(d) for d in t.shape) for t in tm if hasattr(t, "shape")]
    return []


# Integer arguments that restate the output's shape as strides (products of several sizes):
# neither fitted nor seen by the emitter, which works from the output shape.
UNFITTED_ARGS = {"aten._reshape_alias.default": 2, "aten.as_strided.default": 2,
                 "aten.as_strided_.default": 2}


def fitted_args(n):
    """n.args, with an UNFITTED_ARGS position replaced by None."""
    k = UNFITTED_ARGS.get(str(n.target)) if n.op == "call_function" else None
    if k is None or k >= len(n.args):
        return n.args
    return tuple(None if j == k else a for j, a in enumerate(n.args))


def flatten(trace):
    """(structure, slots): see the module docstring."""
    Node = _node_class()
    index = {n: k for k, n in enumerate(trace.nodes)}
    slots = []

    def walk(a):
        if isinstance(a, Node):
            return ("N", index[a])
        if isinstance(a, bool) or a is None:
            return a
        if isinstance(a, int):
            slots.append(a)
            return "#"
        if isinstance(a, (list, tuple)):
            return tuple(walk(x) for x in a)
        if isinstance(a, dict):
            return tuple((k, walk(v)) for k, v in sorted(a.items()))
        if isinstance(a, float):
            return ("F", repr(a))
        return ("S", str(a))

    struct = []
    info = []
    for n in trace.nodes:
        before = len(slots)
        args = walk(fitted_args(n))
        kwargs = walk(n.kwargs)
        info.extend([(n, "arg")] * (len(slots) - before))
        shapes = _shapes_of(n)
        for s in shapes:
            slots.extend(s)
            info.extend([(n, "shape")] * len(s))
        const = trace.constants.get(n.target) if n.op == "get_attr" else None
        struct.append((n.op, str(n.target), args, kwargs, tuple(len(s) for s in shapes),
                       None if const is None else (tuple(const.shape),
                                                   tuple(const.flatten().tolist()))))
    trace.slot_info = info
    return tuple(struct), slots


def describe_slot(trace, s):
    """'an argument of aten.sum.dim_IntList at line 15' / 'a dimension of ...'."""
    n, kind = trace.slot_info[s]
    line = n.meta.get("solar_line")
    what = str(n.target) if n.op == "call_function" else "input %s" % n.name
    return "%s of %s%s" % ("an argument" if kind == "arg" else "a dimension", what,
                           " at line %d" % line if line else "")


def first_difference(struct_a, struct_b, trace):
    """A description of the first node whose structure differs, for messages."""
    for k, (a, b) in enumerate(zip(struct_a, struct_b)):
        if a != b:
            n = trace.nodes[k]
            line = n.meta.get("solar_line")
            return "%s%s" % (n.target if n.op == "call_function" else n.op,
                             " at line %d" % line if line else "")
    if len(struct_a) != len(struct_b):
        return "the number of traced ops"
    return None


def slot_locals(trace):
    """For each slot index: the slot indices of the dimensions of its node's tensor arguments
    (candidates for products and floordivs), following flatten()'s order."""
    Node = _node_class()
    out = []
    shape_slots = {}
    pos = 0
    for n in trace.nodes:
        ins = []

        def walk(a):
            nonlocal pos
            if isinstance(a, Node):
                ins.extend(shape_slots.get(a, []))
            elif isinstance(a, bool) or a is None:
                pass
            elif isinstance(a, int):
                out.append(None)  # filled below
                pos_list.append(len(out) - 1)
            elif isinstance(a, (list, tuple)):
                for x in a:
                    walk(x)
            elif isinstance(a, dict):
                for _, v in sorted(a.items()):
                    walk(v)

        pos_list = []
        walk(fitted_args(n))
        walk(n.kwargs)
        mine = []
        for s in _shapes_of(n):
            for _ in s:
                out.append(None)
                pos_list.append(len(out) - 1)
                mine.append(len(out) - 1)
        for p in pos_list:
            out[p] = list(ins)
        # A tuple-valued node (max_pool2d_with_indices) records no shapes: its getitems look
        # through it to its arguments' dimensions.
        shape_slots[n] = mine if mine else list(ins)
    return out


def slot_divisors(trace):
    """For each slot: the integer arguments above 1 of its node (a stride, a window of 11):
    the divisors the floordiv form tries first, before 2..8 (so unfold(3, 4, 4)'s window count
    is `width floordiv 4`, not the `width floordiv 3 - 1` that agrees at 6, 12, 13 and 20)."""
    Node = _node_class()
    out = []
    for n in trace.nodes:
        ints = set()

        def walk(a):
            if isinstance(a, Node) or isinstance(a, bool) or a is None:
                return
            if isinstance(a, int):
                if 1 < a <= 4096:
                    ints.add(a)
            elif isinstance(a, (list, tuple)):
                for x in a:
                    walk(x)
            elif isinstance(a, dict):
                for x in a.values():
                    walk(x)
        walk(fitted_args(n))
        walk(n.kwargs)
        count = count_ints(fitted_args(n)) + count_ints(n.kwargs) + \
            sum(len(sh) for sh in _shapes_of(n))
        out.extend([sorted(ints)] * count)
    return out


def count_ints(a):
    """How many integer slots flatten() makes of an argument (nodes, bools, None: none)."""
    if isinstance(a, _node_class()) or isinstance(a, bool) or a is None:
        return 0
    if isinstance(a, int):
        return 1
    if isinstance(a, (list, tuple)):
        return sum(count_ints(x) for x in a)
    if isinstance(a, dict):
        return sum(count_ints(x) for x in a.values())
    return 0


def check_slots(syms, slots, env):
    """Whether every fitted Sym gives the traced value at env (a trace of the same program)."""
    return len(syms) == len(slots) and all(
        Sym.lift(sym).eval(env) == v for sym, v in zip(syms, slots))


def fit_slots(slot_vectors, envs, names, locals_, divisors=None):
    """[Sym] for every slot; envs[k] is the size assignment of trace k (envs[0] the base),
    names the varied constants; divisors[s]: further floordiv divisors of slot s
    (slot_divisors). A slot that fits nothing in graph order is tried again once every other
    slot is fitted, then also as a fitted Sym plus a constant (a parameter of
    (image floordiv patch)^2 + 1 positions, whose square appears only in later nodes).
    Raises FitFailed."""
    known = {}
    for n in names:
        known.setdefault(tuple(e[n] for e in envs), Sym.atom(n))
    result, later = [], []
    for s, vec in enumerate(slot_vectors):
        vec = tuple(vec)
        sym = _fit_one(vec, envs, names, known, [result[k] for k in locals_[s]
                                                 if k < s and result[k] is not None],
                       divisors[s] if divisors else ())
        if sym is None:
            later.append(s)
        else:
            known.setdefault(vec, sym)
        result.append(sym)
    for s in later:
        vec = tuple(slot_vectors[s])
        sym = _fit_one(vec, envs, names, known, [result[k] for k in locals_[s]
                                                 if result[k] is not None],
                       divisors[s] if divisors else ()) or _offset(vec, known)
        if sym is None:
            deps = _depends(vec, envs, names)
            e = FitFailed(deps, "values %s at %s" % (
                list(vec), ["%s" % ", ".join("%s=%d" % (n, e[n]) for n in sorted(deps))
                            for e in envs]))
            e.slot = s
            raise e
        known.setdefault(vec, sym)
        result[s] = sym
    return result


def _offset(vec, known, reach=4):
    """A fitted Sym plus a small constant that gives vec, or None."""
    for k in range(-reach, reach + 1):
        base = tuple(v - k for v in vec)
        if k and base in known:
            return known[base] + k
    return None


def _depends(vec, envs, names):
    base = envs[0]
    deps = set()
    for v, e in zip(vec, envs):
        diff = [n for n in names if e[n] != base[n]]
        if len(diff) == 1 and v != vec[0]:
            deps.add(diff[0])
    return deps or set(names)


def _fit_one(vec, envs, names, known, local_syms, divisors=()):
    if all(v == vec[0] for v in vec):
        return Sym.const(vec[0])
    if vec in known:
        return known[vec]
    lin = fit_linear(list(vec), envs, names)
    if lin is not None:
        return lin
    pool = []
    seen = set()
    for s in local_syms + [Sym.atom(n) for n in names]:
        if s.is_const() or s.key in seen:
            continue
        seen.add(s.key)
        pool.append((s, [s.eval(e) for e in envs]))
    # 4. c * product of up to three pool entries.
    for r in (1, 2, 3):
        for combo in itertools.combinations_with_replacement(range(len(pool)), r):
            prods = [1] * len(envs)
            for i in combo:
                prods = [p * q for p, q in zip(prods, pool[i][1])]
            if any(p == 0 for p in prods):
                continue
            if vec[0] % prods[0] != 0:
                continue
            c = vec[0] // prods[0]
            if c and all(v == c * p for v, p in zip(vec, prods)):
                out = Sym.const(c)
                for i in combo:
                    out = out * pool[i][0]
                return out
    # 5. (X + c*Y + k) floordiv s. Several forms can agree on every trace (width floordiv 4
    # and (width - 3) floordiv 3 at 6, 12, 13 and 20): the simplest wins, no Y before a Y,
    # then a divisor among the node's arguments, then the smallest |k|.
    coeffs = (-1, 1, -2, 2, -3, 3, -4, 4, -5, -6, -7, -8)
    steps = list(divisors) + [d for d in range(2, 9) if d not in divisors]
    singles = [(x, xv, None, 0, None) for x, xv in pool]
    pairs = [(x, xv, y, c, yv) for x, xv in pool for y, yv in pool if y.key != x.key
             for c in coeffs]
    for family in (singles, pairs):
        best = None
        for x, xv, y, cy, yv in family:
            base = xv if y is None else [a + cy * b for a, b in zip(xv, yv)]
            for st in steps:
                k_lo = vec[0] * st - base[0]
                for k in range(k_lo, k_lo + st):
                    if all((b + k) // st == v for b, v in zip(base, vec)):
                        score = (st not in divisors, abs(k))
                        if best is None or score < best[0]:
                            num = x + (y * cy if y is not None else 0) + k
                            best = (score, num.floordiv(st))
            if best is not None and family is pairs:
                return best[1]  # the pairs are many: the first form that fits
        if best is not None:
            return best[1]
    return None

"""Writing one JAX trace as a module: the signature, then one emitter per equation.

The same output as the PyTorch writer (../emit.py) and the same builder (../ir.py): `index`
arguments for the varied size constants, memref arguments for the inputs and then the Flax
variables (`params_Dense_0_kernel`), then the outputs (`%out`, or `%out0`, `%out1`, ...).
Every equation goes to its emitter in ops.EMITTERS inside `b.group("jax.<prim>", loc)`, so
each top-level nest carries `{solar.op = "jax.dot_general", solar.loc = "model.py:12"}`.

An emitter sees a JaxContext, the duck-typed twin of ../emit.py's OpContext (so the shared
helpers of ../ops, such as pointwise() and emit_reshape(), serve both): `ctx.arg(i)` is
operand i (an ir.Tensor, or a number / Sym for a literal), `ctx.param(name)` a parameter with
its ints as Syms, `ctx.out(k)` the buffer of result k (the output argument when the result is
an output, else one memref.alloc), `ctx.set_result(t)` for views.

A state update (Flax's batch_stats in training mode) is written into its argument in place:
by the producing equation itself when nothing reads the old value afterwards, else by a copy
at the end. Outputs that are an input, a literal or a view are copied at the end.
"""

import os

from ..emit import OpContext, copy_into, _sanitize
from ..errors import ImportFault, emit_materializing, located
from ..ir import Builder, Buffer, Tensor
from ..sym import Sym
from .trace import Lit
from . import ops


def find_emitter(prim):
    return ops.EMITTERS.get(prim)


def unsupported(trace, path):
    """Located messages for every primitive without an emitter, in program order."""
    msgs, seen = [], set()
    for e in trace.eqns:
        if find_emitter(e.prim) is None and (e.prim, e.line) not in seen:
            seen.add((e.prim, e.line))
            msgs.append(located(path, e.line, "jax.%s is not supported by solar-import"
                                % e.prim))
    return msgs


class JaxContext(OpContext):
    """What an emitter sees of its equation (see the module docstring): ../emit.py's OpContext
    (arg, int, fail, out_shape, out_elem, temp, set_result) over a jaxpr equation."""

    def __init__(self, writer, k, eqn, args, params, shapes, elems):
        self.w = writer
        self.b = writer.b
        self.node = ("eqn", k)   # NeedMaterialize's key
        self.k = k
        self.eqn = eqn
        self.args = args
        self.params = params
        self.kwargs = params
        self.shapes = shapes
        self.elems = elems
        self.results = {}
        self.op = "jax." + eqn.prim
        self.line = eqn.line
        self.path = writer.path

    def param(self, name, default=None):
        return self.params.get(name, default)

    def used(self, k):
        return self.w.is_used(self.eqn.outs[k])

    def out(self, k=0):
        if k not in self.results:
            self.results[k] = Tensor(self.w.buffer_for(self.k, self.eqn.outs[k],
                                                       self.shapes[k], self.elems[k]))
        return self.results[k]


class Writer:
    def __init__(self, trace, path, materialize):
        self.trace = trace
        self.path = path
        self.b = Builder()
        self.env = dict(trace.sizes)
        self.b.env = dict(trace.sizes)
        self.materialize = materialize
        self.values = {}
        self.direct = {}   # var id -> the argument buffer its equation writes (outputs, state)
        self.last_read = {}
        for k, e in enumerate(trace.eqns):
            for a in e.ins:
                if not isinstance(a, Lit):
                    self.last_read[a] = k

    def eval(self, sym):
        return Sym.lift(sym).eval(self.env)

    def is_used(self, vid):
        return vid in self.last_read or vid in self.trace.outputs

    def buffer_for(self, k, vid, shape, elem):
        buf = self.direct.pop(vid, None)
        if buf is not None and [s.key for s in buf.shape] == [s.key for s in shape] and \
                buf.elem == elem:
            return buf
        return self.b.alloc(shape, elem, "t")


def emit_module(trace, syms, plan, path):
    """(module text without the header, work terms: ir.work_at(terms, env) estimates its loop
    iterations at any sizes); a view that needs a copy (NeedMaterialize)
    restarts the emission with that reshape materialised."""
    return emit_materializing(lambda materialize: _emit_module(trace, syms, plan, path,
                                                               materialize))


def _rebuild(v, slot):
    if isinstance(v, bool) or v is None or isinstance(v, (str, float)):
        return v
    if isinstance(v, int):
        return next(slot)
    if isinstance(v, tuple):
        return tuple(_rebuild(x, slot) for x in v)
    if isinstance(v, dict):
        return {k: _rebuild(x, slot) for k, x in sorted(v.items())}
    return v


def _emit_module(trace, syms, plan, path, materialize):
    from .slots import _integral
    w = Writer(trace, path, materialize)
    b = w.b
    base = os.path.basename(path)
    slot = iter(syms)

    def shape_of(vid):
        return [next(slot) for _ in trace.avals[vid][0]]

    def literal(a):
        return next(slot) if _integral(a) else a.value

    params = []
    for name in plan["index_args"]:
        arg = "%" + _sanitize(name)
        b.reserve(arg)
        b.arg_names[name] = arg
        params.append("%s: index" % arg)
    arg_bufs = []
    for vid, name in trace.args:
        buf = Buffer(b.fresh(_sanitize(name)), shape_of(vid), trace.avals[vid][1], "arg")
        w.values[vid] = Tensor(buf)
        arg_bufs.append(buf)
        params.append("%s: %s" % (buf.name, buf.type))

    # Pass 1: every equation's operands, parameters and result shapes (the slots in order).
    plans = []
    for e in trace.eqns:
        lits = [literal(a) if isinstance(a, Lit) else None for a in e.ins]
        prm = _rebuild(e.params, slot)
        shapes = [shape_of(vid) for vid in e.outs]
        plans.append((lits, prm, shapes))
    out_lits = [literal(o) if isinstance(o, Lit) else None for o in trace.outputs]
    upd_lits = [literal(u) if isinstance(u, Lit) else None for _, u in trace.updates]

    out_bufs = []
    for pos, o in enumerate(trace.outputs):
        _, elem, dtype = trace.avals[o] if not isinstance(o, Lit) else ((), o.elem, o.elem)
        if elem is None:
            raise ImportFault(located(path, None, "an output has unsupported dtype %s" % dtype))
        name = b.fresh("out" if len(trace.outputs) == 1 else "out%d" % pos)
        out_bufs.append((name, o, elem))
    # Output shapes come from the producing equation (or the argument) as fitted.
    shape_by_var = {}
    for (vid, _), buf in zip(trace.args, arg_bufs):
        shape_by_var[vid] = buf.shape
    for e, (_, _, shapes) in zip(trace.eqns, plans):
        for vid, s in zip(e.outs, shapes):
            shape_by_var[vid] = s
    outs = []
    for name, o, elem in out_bufs:
        shape = [] if isinstance(o, Lit) else shape_by_var[o]
        buf = Buffer(name, shape, elem, "arg")
        outs.append(buf)
        params.append("%s: %s" % (name, buf.type))
        if not isinstance(o, Lit) and o not in w.direct and not _is_arg(trace, o):
            w.direct[o] = buf
    produced_at = {vid: k for k, e in enumerate(trace.eqns) for vid in e.outs}
    for k, u in trace.updates:
        if isinstance(u, Lit) or _is_arg(trace, u) or u in w.direct:
            continue
        old = trace.args[k][0]
        if w.last_read.get(old, -1) < produced_at[u]:
            w.direct[u] = arg_bufs[k]

    # Pass 2: emit.
    for k, (e, (lits, prm, shapes)) in enumerate(zip(trace.eqns, plans)):
        args = [lit if isinstance(a, Lit) else w.values[a] for a, lit in zip(e.ins, lits)]
        elems = [trace.avals[vid][1] for vid in e.outs]
        for vid, el in zip(e.outs, elems):
            if el is None:
                raise ImportFault(located(path, e.line, "jax.%s has a result of unsupported "
                                          "dtype %s" % (e.prim, trace.avals[vid][2])))
        ctx = JaxContext(w, k, e, args, prm, shapes, elems)
        loc = "%s:%s" % (base, e.line) if e.line else base
        with b.group(ctx.op, loc):
            find_emitter(e.prim)(ctx)
        for j, vid in enumerate(e.outs):
            if j not in ctx.results:
                ctx.fail("the emitter produced no result %d" % j)
            w.values[vid] = ctx.results[j]

    # Outputs and state updates not written in place: copies.
    targets = [(buf, o, lit) for buf, o, lit in zip(outs, trace.outputs, out_lits)]
    targets += [(arg_bufs[k], u, lit) for (k, u), lit in zip(trace.updates, upd_lits)]
    for buf, o, lit in targets:
        dst = Tensor(buf)
        if isinstance(o, Lit):
            from .ops.common import fill
            with b.group("jax.copy", base):
                fill(b, dst, lit)
            continue
        val = w.values[o]
        if val.buf is buf and val.is_identity():
            continue
        k = produced_at.get(o)
        line = trace.eqns[k].line if k is not None else None
        with b.group("jax.copy", "%s:%s" % (base, line) if line else base):
            copy_into(b, val, dst)

    lines = []
    for text, alias in sorted(b.maps.items(), key=lambda kv: int(kv[1][4:])):
        lines.append("%s = %s" % (alias, text))
    lines.append("func.func @forward(%s) {" % ", ".join(params))
    lines.extend(b.prologue)
    lines.extend(b.body)
    lines.append("  return")
    lines.append("}")
    return "\n".join(lines) + "\n", b.work_terms


def _is_arg(trace, vid):
    return any(vid == a for a, _ in trace.args)

"""Writing one traced graph as a module: the function signature, then one emitter per node.

`emit_module(trace, syms, plan)` walks the base trace's nodes in order. Placeholders become
memref arguments (inputs, then state_dict entries; num_batches_tracked is a "dropped" buffer,
not an argument), `operator.getitem` picks an element of a tuple result, and every other
call_function node is handed to its emitter from ops.EMITTERS inside `b.group(op, loc)`, so
each top-level nest it writes carries `{solar.op, solar.loc}`. An emitter receives an
OpContext (see EMITTERS.md): the node's arguments with tensors as ir.Tensor views and ints as
Syms, its output shapes as Syms, and `ctx.out(k)`, which allocates the k-th result lazily:
the graph's output argument when this node is an output (so no copy is needed), else one
memref.alloc. View ops call `ctx.set_result(view)` and allocate nothing. Outputs that are not
written in place (an input returned as is, a view) get a copy nest at the end.
"""

import operator
import os

from . import ops
from .errors import ImportFault, NeedFixed, emit_materializing, located
from .fit import _shapes_of, _node_class, count_ints, fitted_args
from .ir import Builder, Buffer, Ix, Tensor, elem_of
from .sym import Sym


def op_name(target):
    """`aten.addmm.default` -> ("aten.addmm", "aten.addmm.default")."""
    full = str(target)
    parts = full.split(".")
    packet = ".".join(parts[:2]) if len(parts) >= 2 else full
    return packet, full


def find_emitter(target):
    packet, full = op_name(target)
    return ops.EMITTERS.get(full) or ops.EMITTERS.get(packet), packet


# Operators that draw random numbers: PyTorch's generator cannot be reproduced by the IR, so a
# result that depends on them cannot be validated against the program.
RANDOM_OPS = {"aten.bernoulli", "aten.bernoulli_", "aten.rand", "aten.randn", "aten.randint",
              "aten.rand_like", "aten.randn_like", "aten.randint_like", "aten.normal",
              "aten.normal_", "aten.uniform", "aten.uniform_", "aten.native_dropout",
              "aten.multinomial", "aten.randperm", "aten.exponential_"}


def unsupported(trace, path):
    """Located messages for every call_function node without an emitter, in graph order."""
    msgs, seen = [], set()
    for n in trace.nodes:
        if n.op != "call_function" or n.target is operator.getitem:
            continue
        fn, packet = find_emitter(n.target)
        if fn is None:
            line = n.meta.get("solar_line")
            key = (packet, line)
            if key not in seen:
                seen.add(key)
                why = "is not supported by solar-import"
                if packet in RANDOM_OPS:
                    why = "draws random numbers in forward (dropout with p > 0 in training " \
                          "mode, as KernelBench runs its models, or torch.randn): the IR " \
                          "cannot reproduce PyTorch's generator, so its result cannot be " \
                          "validated (use p = 0, call model.eval(), or pass the random " \
                          "tensor as an input)"
                msgs.append(located(path, line, "%s %s" % (packet, why)))
    return msgs


class OpContext:
    """What an emitter sees of its node. See EMITTERS.md."""

    def __init__(self, writer, node, args, kwargs, shapes, elems):
        self.w = writer
        self.b = writer.b
        self.node = node
        self.args = args
        self.kwargs = kwargs
        self.shapes = shapes      # [[Sym]] per tensor output
        self.elems = elems        # [elem] per tensor output
        self.results = {}
        self.op, full = op_name(node.target)
        self.overload = full[len(self.op) + 1:] if full.startswith(self.op + ".") else "default"
        self.line = node.meta.get("solar_line")
        self.path = writer.path

    # -- arguments
    def arg(self, i, default=None):
        return self.args[i] if i < len(self.args) else default

    def kwarg(self, name, default=None):
        return self.kwargs.get(name, default)

    def argkw(self, i, name, default=None):
        """Positional argument i, else keyword name, else default."""
        if i < len(self.args):
            return self.args[i]
        return self.kwargs.get(name, default)

    def int(self, v, what="a size"):
        """v as a Python int; a symbolic v (a stride or a dim that the fit tied to a size
        constant) makes the driver fix the constants it depends on and retry."""
        if isinstance(v, Sym):
            if v.is_const():
                return v.value()
            raise NeedFixed(v.constants(), "%s of %s must be a constant" % (what, self.op))
        if isinstance(v, (list, tuple)):
            return [self.int(x, what) for x in v]
        return v

    def fail(self, msg):
        raise ImportFault(located(self.path, self.line, "%s: %s" % (self.op, msg)))

    # -- results
    def out_shape(self, k=0):
        return self.shapes[k]

    def out_elem(self, k=0):
        return self.elems[k]

    def used(self, k):
        """Whether result k of a tuple-valued node is used (by a getitem or the output)."""
        return self.w.result_used(self.node, k)

    def out(self, k=0):
        """The Tensor result k is written into: the output argument when the node is a graph
        output, else a new memref.alloc."""
        if k not in self.results:
            self.results[k] = Tensor(self.w.buffer_for(self.node, k, self.shapes[k], self.elems[k]))
        return self.results[k]

    def temp(self, shape, elem, hint="t"):
        """A scratch memref.alloc (not a result)."""
        return Tensor(self.b.alloc(shape, elem, hint))

    def set_result(self, tensor, k=0):
        """The result is this Tensor (a view of an argument, or an argument updated in place)."""
        self.results[k] = tensor


class Writer:
    def __init__(self, trace, syms, plan, path):
        self.trace = trace
        self.path = path
        self.plan = plan
        self.syms = syms
        self.b = Builder()
        self.values = {}
        self.output_nodes = []
        self.claimed = set()
        self.out_bufs = []
        self.users = {}
        self.assigned = {}
        self.node_shapes = {}
        self.env = dict(trace.sizes)

    def eval(self, sym):
        """The value of a Sym at the base trace's sizes."""
        return Sym.lift(sym).eval(self.env)

    def result_used(self, node, k):
        for u in node.users:
            if u.target is operator.getitem and u.args[1] == k and len(u.users) > 0:
                return True
        return False

    def buffer_for(self, node, k, shape, elem):
        key = (node, k)
        if key in self.assigned:
            return self.assigned[key]
        buf = self._output_buffer(node, k, shape, elem)
        if buf is None:
            buf = self._forward_buffer(node, k, shape, elem)
        if buf is None:
            buf = self.b.alloc(shape, elem, "t")
        self.assigned[key] = buf
        return buf

    def _output_buffer(self, node, k, shape, elem):
        for pos, (onode, ok) in enumerate(self.output_nodes):
            if (onode, ok) == (node, k) and pos not in self.claimed:
                buf = self.out_bufs[pos]
                if [s.key for s in buf.shape] == [s.key for s in shape] and buf.elem == elem:
                    self.claimed.add(pos)
                    return buf
        return None

    def _forward_buffer(self, node, k, shape, elem):
        """The output buffer of a chain of pointwise ops that starts at this node: when the
        node's one user is a pointwise op of the same shape and type (which then updates the
        buffer in place) and that user's result lands in an output, write this result there
        too, as a hand-written kernel would (no intermediate)."""
        gets = [u for u in node.users if u.target is operator.getitem]
        if gets:  # a tuple-valued node: follow the getitem of result k
            mine = [g for g in gets if g.args[1] == k]
            if len(mine) != 1:
                return None
            node = mine[0]
        elif k != 0:
            return None
        if len(node.users) != 1:
            return None
        (u,) = node.users
        if u.op != "call_function":
            return None
        fn, _ = find_emitter(u.target)
        if not getattr(fn, "inplace_ok", False):
            return None
        shapes = _shapes_of(u)
        if len(shapes) != 1 or u.meta["tensor_meta"].dtype != node.meta["tensor_meta"].dtype:
            return None
        ushape = self.node_shapes[u][1][0]
        if [s.key for s in ushape] != [s.key for s in shape]:
            return None
        if any(a is not node and isinstance(a, _node_class()) and a in self.assigned_nodes()
               for a in u.args):
            return None
        buf = self._output_buffer(u, 0, shape, elem) or self._forward_buffer(u, 0, shape, elem)
        if buf is not None:
            self.assigned[(u, 0)] = buf
        return buf

    def assigned_nodes(self):
        return set(n for n, _ in self.assigned)


def _sanitize(name):
    s = "".join(ch if ch.isalnum() or ch == "_" else "_" for ch in name)
    return s if s and not s[0].isdigit() else "a" + s


def emit_module(trace, syms, plan, path):
    """(module text without the header, work terms: ir.work_at(terms, env) estimates its loop
    iterations at any sizes). syms: [Sym] per slot of fit.flatten(trace); plan: dict with
    "index_args" (names, in order). A view that turns out to need a copy (NeedMaterialize)
    restarts the emission with that reshape materialised."""
    return emit_materializing(lambda materialize: _emit_module(trace, syms, plan, path,
                                                               materialize))


def _emit_module(trace, syms, plan, path, materialize):
    Node = _node_class()
    w = Writer(trace, syms, plan, path)
    w.materialize = materialize
    b = w.b
    base = os.path.basename(path)
    slot = iter(syms)

    def rebuild(a):
        if isinstance(a, Node):
            return w.values.get(a)
        if isinstance(a, bool) or a is None:
            return a
        if isinstance(a, int):
            return next(slot)
        if isinstance(a, (list, tuple)):
            return type(a)(rebuild(x) for x in a) if isinstance(a, list) else tuple(
                rebuild(x) for x in a)
        if isinstance(a, dict):
            return {k: rebuild(v) for k, v in sorted(a.items())}
        return a

    # Pass 1: the shapes of every node (consumes the slots in flatten()'s order).
    node_shapes = {}
    for n in trace.nodes:
        cnt_args = count_ints(fitted_args(n)) + count_ints(n.kwargs)
        arg_syms = [next(slot) for _ in range(cnt_args)]
        shapes = []
        for s in _shapes_of(n):
            shapes.append([next(slot) for _ in s])
        node_shapes[n] = (arg_syms, shapes)
    w.node_shapes = node_shapes

    # Signature.
    params = []
    for name in plan["index_args"]:
        arg = "%" + _sanitize(name)
        b.reserve(arg)
        b.arg_names[name] = arg
        params.append("%s: index" % arg)
    ph = trace.placeholders
    tensor_names = list(trace.input_names) + [s.replace(".", "_") for s in trace.state_names]
    for k, n in enumerate(ph):
        shape = node_shapes[n][1][0]
        elem = elem_of(n.meta["tensor_meta"].dtype)
        if elem is None:
            raise ImportFault(located(path, None, "argument %s has unsupported dtype %s"
                                      % (tensor_names[k], n.meta["tensor_meta"].dtype)))
        state_name = trace.state_names[k - trace.n_inputs] if k >= trace.n_inputs else None
        if state_name is not None and state_name.rsplit(".", 1)[-1] == "num_batches_tracked":
            w.values[n] = Tensor(Buffer("%nbt", shape, elem, "dropped"))
            continue
        name = b.fresh(_sanitize(tensor_names[k]))
        buf = Buffer(name, shape, elem, "arg")
        w.values[n] = Tensor(buf)
        params.append("%s: %s" % (name, buf.type))
    out_node = [n for n in trace.nodes if n.op == "output"][0]
    outs = _flat_outputs(out_node.args[0])
    for pos, o in enumerate(outs):
        if not isinstance(o, Node):
            raise ImportFault(located(path, None, "forward returns a %s, not a tensor"
                                      % type(o).__name__))
        src, k = (o.args[0], o.args[1]) if o.target is operator.getitem else (o, 0)
        shape = node_shapes[o][1][0]
        elem = elem_of(o.meta["tensor_meta"].dtype)
        if elem is None:
            raise ImportFault(located(path, o.meta.get("solar_line"),
                                      "an output has unsupported dtype %s"
                                      % o.meta["tensor_meta"].dtype))
        name = b.fresh("out" if len(outs) == 1 else "out%d" % pos)
        buf = Buffer(name, shape, elem, "arg")
        w.out_bufs.append(buf)
        w.output_nodes.append((src, k))
        params.append("%s: %s" % (name, buf.type))

    consts = [n for n in trace.nodes if n.op == "get_attr" and n.target not in trace.constants
              and _overwriter(n) is None]
    if consts:
        users = [u for c in consts for u in c.users]
        line = users[0].meta.get("solar_line") if users else None
        raise ImportFault(located(path, line, "the model uses %d tensor%s that %s neither a "
                                  "parameter nor a buffer (a plain tensor attribute such as an "
                                  "initial hidden state); its values are not arguments of "
                                  "@forward, so solar-import cannot express it (register it "
                                  "with register_buffer)" % (
                                      len(consts), "" if len(consts) == 1 else "s",
                                      "is" if len(consts) == 1 else "are")))

    # Pass 2: emit.
    for n in trace.nodes:
        if n.op == "get_attr" and n.target in trace.constants:
            line = next((u.meta.get("solar_line") for u in n.users), None)
            w.values[n] = _constant_tensor(b, trace.constants[n.target],
                                           "%s:%s" % (base, line) if line else base)
            continue
        if n.op == "get_attr":  # overwritten before it is read: scratch memory
            copy = _overwriter(n)
            w.values[n] = Tensor(b.alloc(node_shapes[copy][1][0],
                                         elem_of(copy.meta["tensor_meta"].dtype), "state"))
            continue
        if n.op != "call_function":
            continue
        if n.target is operator.getitem:
            src = w.values.get(n.args[0])
            w.values[n] = src[n.args[1]] if isinstance(src, (list, tuple, dict)) else None
            continue
        fn, packet = find_emitter(n.target)
        arg_syms, shapes = node_shapes[n]
        slot = iter(arg_syms)
        args = rebuild(list(fitted_args(n)))
        kwargs = rebuild(dict(n.kwargs))
        user_shapes = shapes
        elems = []
        tm = n.meta.get("tensor_meta")
        single = tm is not None and hasattr(tm, "shape")
        if tm is not None:
            tms = [tm] if single else list(tm)
            elems = [elem_of(t.dtype) for t in tms if hasattr(t, "dtype")]
        if not user_shapes:
            # A tuple-valued node: shapes and types from its getitem users.
            got = {}
            for u in n.users:
                if u.target is operator.getitem:
                    got[u.args[1]] = (node_shapes[u][1][0] if node_shapes[u][1] else None,
                                      elem_of(u.meta["tensor_meta"].dtype)
                                      if u.meta.get("tensor_meta") is not None else None)
            m = max(got) + 1 if got else 0
            user_shapes = [got.get(k, (None, None))[0] for k in range(m)]
            elems = [got.get(k, (None, None))[1] for k in range(m)]
        ctx = OpContext(w, n, args, kwargs, user_shapes, elems)
        if any(isinstance(t, Tensor) and t.buf.kind == "dropped"
               for t in _tensors(args) + _tensors(list(kwargs.values()))):
            if packet.endswith("_"):
                w.values[n] = None
                continue
            ctx.fail("reads num_batches_tracked, which is not an argument of @forward")
        loc = "%s:%s" % (base, ctx.line) if ctx.line else base
        with b.group(packet, loc):
            fn(ctx)
        if single:
            w.values[n] = ctx.results.get(0)
            if w.values[n] is None:
                ctx.fail("the emitter produced no result")
        else:
            m = max(list(ctx.results) + [len(user_shapes) - 1]) + 1 if (ctx.results or user_shapes) else 0
            w.values[n] = [ctx.results.get(k) for k in range(m)]

    # Outputs not written in place: copy.
    for pos, o in enumerate(outs):
        buf = w.out_bufs[pos]
        val = w.values.get(o)
        if val is None:
            raise ImportFault(located(path, o.meta.get("solar_line"), "an output has no value"))
        if val.buf is buf and val.is_identity():
            continue
        loc = "%s:%s" % (base, o.meta.get("solar_line")) if o.meta.get("solar_line") else base
        with b.group("aten.copy", loc):
            copy_into(b, val, Tensor(buf))

    lines = []
    for text, alias in sorted(b.maps.items(), key=lambda kv: int(kv[1][4:])):
        lines.append("%s = %s" % (alias, text))
    lines.append("func.func @forward(%s) {" % ", ".join(params))
    lines.extend(b.prologue)
    lines.extend(b.body)
    lines.append("  return")
    lines.append("}")
    return "\n".join(lines) + "\n", b.work_terms


def _overwriter(n):
    """The aten.copy_ that overwrites the whole of tensor attribute n before anything reads it
    (`self.hidden.copy_(h0)`: its old values never matter), or None."""
    users = sorted(n.users, key=lambda u: list(n.graph.nodes).index(u))
    first = users[0] if users else None
    if first is None or "aten.copy_" not in str(first.target) or first.args[0] is not n:
        return None
    src = first.args[1]
    same = hasattr(src, "meta") and src.meta.get("tensor_meta") is not None and \
        tuple(src.meta["tensor_meta"].shape) == tuple(first.meta["tensor_meta"].shape)
    return first if same else None


def _constant_tensor(b, value, loc):
    """A tensor forward made from Python values (torch.tensor(0.5)): a memref.alloc of its
    shape holding them, stored in one nest."""
    from .ops.common import scalar_value
    elem = elem_of(value.dtype)
    buf = Tensor(b.alloc([Sym.const(d) for d in value.shape], elem, "const"))
    with b.group("aten.tensor", loc):
        with b.loop(1):
            for k, v in enumerate(value.flatten().tolist()):
                idx = []
                for d in reversed(value.shape):
                    idx.insert(0, Ix.lift(k % d))
                    k //= d
                buf.store(b, scalar_value(b, v, elem), idx)
    return buf


def copy_into(b, src, dst):
    """dst[idx] = src[idx] over dst's shape (with a cast when the element types differ)."""
    from .ops.elementwise import convert

    def rec(idx, d):
        if d == dst.rank:
            v = src.load(b, idx)
            dst.store(b, convert(b, v, src.elem, dst.elem), idx)
            return
        with b.loop(dst.shape[d]) as L:
            rec(idx + [L.iv], d + 1)

    if dst.rank == 0:
        with b.loop(1):
            rec([], 0)
    else:
        rec([], 0)


def _tensors(xs):
    out = []
    for x in xs:
        if isinstance(x, Tensor):
            out.append(x)
        elif isinstance(x, (list, tuple)):
            out.extend(_tensors(x))
    return out


def _flat_outputs(a):
    if isinstance(a, (list, tuple)):
        out = []
        for x in a:
            out.extend(_flat_outputs(x))
        return out
    return [a]

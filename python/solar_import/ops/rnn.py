"""Recurrent layers: solar.lstm, solar.gru, solar.rnn_tanh and solar.rnn_relu (nn.LSTM, nn.GRU
and nn.RNN, traced as one node each by leaf_ops.py) as a loop over time per layer and
direction, with the sequence length a size like any other.

Per layer l and direction d (d = 1 runs backwards: step t reads and writes time T - 1 - t),
the state h (and c) lives in row l * D + d of the h_n (c_n) result, copied from h0 (c0) first,
and each step is two nests inside the time loop:

    gates[b, g] = b_ih[g] + b_hh[g] + sum_k in[t, b, k] * W_ih[g, k] + sum_k h[b, k] * W_hh[g, k]
    per (b, j): the cell updates h[b, j] (and c[b, j]); y[t, b, d * H + j] = h[b, j]

LSTM (gates i, f, g, o): c = sig(f) * c + sig(i) * tanh(g), h = sig(o) * tanh(c).
GRU (gates r, z, n; the hidden part of n kept apart): r = sig(xr + hr), z = sig(xz + hz),
n = tanh(xn + r * hn), h = (1 - z) * n + z * h.  RNN: h = tanh (or relu) of the gate.
Layer l > 0 reads layer l - 1's y (both directions); the last layer's y is the output (in the
batch_first layout when asked). Dropout between layers in training mode is random: refused.
"""

from ..ir import Ix
from ..sym import Sym
from .elementwise import f_relu, f_sigmoid

GATES = {"solar.lstm": 4, "solar.gru": 3, "solar.rnn_tanh": 1, "solar.rnn_relu": 1}


def _tanh(b, v, ty):
    return b.op("math.tanh", v, ty=ty)


def _sig(b, v, ty):
    return f_sigmoid(b, [v], ty)


def emit_rnn(ctx):
    b = ctx.b
    x, hx, params = ctx.arg(0), ctx.arg(1), ctx.arg(2)
    has_bias, layers = bool(ctx.arg(3)), ctx.int(ctx.arg(4), "the number of layers")
    dropout, train = float(ctx.arg(5)), bool(ctx.arg(6))
    dirs, batch_first = (2 if ctx.arg(7) else 1), bool(ctx.arg(8))
    lstm = ctx.op == "solar.lstm"
    if dropout > 0 and train and layers > 1:
        ctx.fail("dropout=%g between recurrent layers in training mode is random; the IR "
                 "cannot reproduce it (use dropout=0 or model.eval())" % dropout)
    h0, c0 = (hx[0], hx[1]) if lstm else (hx, None)
    per = 4 if has_bias else 2
    if len(params) != layers * dirs * per:
        ctx.fail("%d parameters for %d layers (a projection size is not supported)"
                 % (len(params), layers))
    T, B = (x.shape[1], x.shape[0]) if batch_first else (x.shape[0], x.shape[1])
    H = h0.shape[2]
    out = ctx.out(0)
    ty = out.elem
    h_n = _state(ctx, 1, h0)
    c_n = _state(ctx, 2, c0) if lstm else None
    layer_in = x.view([T, B, x.shape[2]], (lambda i: [i[1], i[0], i[2]]) if batch_first else
                      (lambda i: i))
    for layer in range(layers):
        last = layer == layers - 1
        if last:
            y = out.view([T, B, H * dirs], (lambda i: [i[1], i[0], i[2]]) if batch_first else
                         (lambda i: i))
        else:
            y = ctx.temp([T, B, H * dirs], ty, "seq")
        for d in range(dirs):
            w = params[(layer * dirs + d) * per:(layer * dirs + d + 1) * per]
            row = layer * dirs + d
            for state, init in ((h_n, h0), (c_n, c0)):
                if state is not None:
                    _copy_row(b, init, state, row, B, H)
            _direction(ctx, layer_in, y, w, h_n, c_n, row, d, T, B, H, ty)
        layer_in = y
    ctx.set_result(out, 0)
    ctx.set_result(h_n, 1)
    if lstm:
        ctx.set_result(c_n, 2)


def _state(ctx, k, like):
    """Result k (h_n or c_n) when the graph has its shape, else scratch of like's shape."""
    if k < len(ctx.shapes) and ctx.shapes[k] is not None:
        return ctx.out(k)
    return ctx.temp(like.shape, like.elem, "state")


def _copy_row(b, src, dst, row, B, H):
    with b.loop(B, name="b") as L:
        with b.loop(H, name="j") as J:
            dst.store(b, src.load(b, [Ix.lift(row), L.iv, J.iv]), [Ix.lift(row), L.iv, J.iv])


def _direction(ctx, inp, y, w, h_n, c_n, row, d, T, B, H, ty):
    """One layer in one direction: the time loop with its gates nest and its cell nest."""
    b = ctx.b
    G = GATES[ctx.op]
    gru = ctx.op == "solar.gru"
    w_ih, w_hh = w[0], w[1]
    b_ih, b_hh = (w[2], w[3]) if len(w) == 4 else (None, None)
    # gates from x (and, for the GRU, the hidden part apart: n needs r * (W_hn h + b_hn))
    gx = ctx.temp([B, Sym.const(G) * H], ty, "gates")
    gh = ctx.temp([B, Sym.const(G) * H], ty, "hgates") if gru else gx
    zero = b.constf(0.0, ty)
    r = Ix.lift(row)
    with b.loop(T, name="t") as Tl:
        t = Tl.iv if d == 0 else Ix.lift(T - 1) - Tl.iv
        with b.loop(B, name="b") as L:
            with b.loop(Sym.const(G) * H, name="g") as Gl:
                g = Gl.iv
                ax = b_ih.load(b, [g]) if b_ih is not None else zero
                with b.loop(inp.shape[2], carry=[(ax, ty)], name="k") as K:
                    p = b.op("arith.mulf", inp.load(b, [t, L.iv, K.iv]),
                             w_ih.load(b, [g, K.iv]), ty=ty)
                    K.yield_(b.op("arith.addf", K.args[0], p, ty=ty))
                ah = b_hh.load(b, [g]) if b_hh is not None else zero
                if not gru:
                    ah = b.op("arith.addf", K.results[0], ah, ty=ty)
                with b.loop(H, carry=[(ah, ty)], name="k") as K2:
                    p = b.op("arith.mulf", h_n.load(b, [r, L.iv, K2.iv]),
                             w_hh.load(b, [g, K2.iv]), ty=ty)
                    K2.yield_(b.op("arith.addf", K2.args[0], p, ty=ty))
                if gru:
                    gx.store(b, K.results[0], [L.iv, g])
                gh.store(b, K2.results[0], [L.iv, g])
        with b.loop(B, name="b") as L:
            with b.loop(H, name="j") as J:
                j = J.iv
                h = _cell(ctx, gx, gh, h_n, c_n, r, L.iv, j, H, ty)
                h_n.store(b, h, [r, L.iv, j])
                y.store(b, h, [t, L.iv, Ix.lift(H) * d + j])


def _cell(ctx, gx, gh, h_n, c_n, r, bi, j, H, ty):
    """The new h at (b, j) from the gates; updates c for the LSTM."""
    b = ctx.b

    def gate(buf, k):
        return buf.load(b, [bi, Ix.lift(H) * k + j])

    if ctx.op == "solar.lstm":
        i, f = _sig(b, gate(gx, 0), ty), _sig(b, gate(gx, 1), ty)
        g, o = _tanh(b, gate(gx, 2), ty), _sig(b, gate(gx, 3), ty)
        c = b.op("arith.addf", b.op("arith.mulf", f, c_n.load(b, [r, bi, j]), ty=ty),
                 b.op("arith.mulf", i, g, ty=ty), ty=ty)
        c_n.store(b, c, [r, bi, j])
        return b.op("arith.mulf", o, _tanh(b, c, ty), ty=ty)
    if ctx.op == "solar.gru":
        rg = _sig(b, b.op("arith.addf", gate(gx, 0), gate(gh, 0), ty=ty), ty)
        z = _sig(b, b.op("arith.addf", gate(gx, 1), gate(gh, 1), ty=ty), ty)
        n = _tanh(b, b.op("arith.addf", gate(gx, 2),
                          b.op("arith.mulf", rg, gate(gh, 2), ty=ty), ty=ty), ty)
        hp = h_n.load(b, [r, bi, j])
        keep = b.op("arith.mulf", z, hp, ty=ty)
        new = b.op("arith.mulf", b.op("arith.subf", b.constf(1.0, ty), z, ty=ty), n, ty=ty)
        return b.op("arith.addf", new, keep, ty=ty)
    v = gate(gx, 0)
    return _tanh(b, v, ty) if ctx.op == "solar.rnn_tanh" else f_relu(b, [v], ty)

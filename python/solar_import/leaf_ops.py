"""Framework layers traced as one node each: nn.LSTM, nn.GRU and nn.RNN.

make_fx decomposes a recurrent layer into its time steps, one set of aten ops per step and
layer (6 layers of 512 steps: 60,000 nodes, traced in minutes, and the sequence length could
only be fixed). Instead, while tracing, the recurrent modules call operators of our own
`solar` namespace (torch.library) with the arguments of torch's own `_VF.lstm`, `_VF.gru`,
`_VF.rnn_tanh`, `_VF.rnn_relu`:

    solar.lstm(input, [h0, c0], params, has_biases, num_layers, dropout, train,
               bidirectional, batch_first) -> (output, h_n, c_n)
    solar.gru / solar.rnn_tanh / solar.rnn_relu(input, h0, params, ...) -> (output, h_n)

Their CPU kernels are torch's (so a trace for real computes what torch does), their Meta
kernels give the shapes (so fake tensors trace them), and ops/rnn.py emits each as a loop
over time. Only tracing sees them: the reference harness runs the modules unchanged.
"""

import contextlib

_RNN_OPS = ("lstm", "gru", "rnn_tanh", "rnn_relu")
_library = None


def _define():
    """The solar operators, once per process."""
    global _library
    if _library is not None:
        return
    import torch
    vf = torch._VF
    lib = torch.library.Library("solar", "DEF")
    rest = "Tensor[] params, bool has_biases, int num_layers, float dropout, bool train, " \
           "bool bidirectional, bool batch_first"
    lib.define("lstm(Tensor input, Tensor[] hx, %s) -> (Tensor, Tensor, Tensor)" % rest)
    for name in _RNN_OPS[1:]:
        lib.define("%s(Tensor input, Tensor hx, %s) -> (Tensor, Tensor)" % (name, rest))

    def cpu(name):
        return lambda *args: getattr(vf, name)(*args)

    def meta(name):
        def shapes(x, hx, params, has_biases, num_layers, dropout, train, bidirectional,
                   batch_first):
            h0 = hx[0] if name == "lstm" else hx
            hidden = h0.shape[2] * (2 if bidirectional else 1)
            seq, batch = (x.shape[1], x.shape[0]) if batch_first else (x.shape[0], x.shape[1])
            out = x.new_empty((batch, seq, hidden) if batch_first else (seq, batch, hidden))
            states = [t.new_empty(t.shape) for t in (hx if name == "lstm" else [hx])]
            return tuple([out] + states)
        return shapes

    for name in _RNN_OPS:
        lib.impl(name, cpu(name), "CPU")
        lib.impl(name, meta(name), "Meta")
    _library = lib


class _VFShim:
    """torch._VF as nn.modules.rnn sees it while tracing: the unpacked-sequence forms of the
    recurrent functions (9 arguments) go to the solar operators."""

    def __init__(self, vf):
        self._vf = vf

    def __getattr__(self, name):
        import torch
        fn = getattr(self._vf, name)
        if name not in _RNN_OPS:
            return fn
        op = getattr(torch.ops.solar, name)
        return lambda *args: op(*args) if len(args) == 9 else fn(*args)


def refresh_flat_weights(model):
    """nn.RNNBase keeps a list of its parameters (_flat_weights) that torch 1.13's
    reparametrisation does not update: point it at the parameters in use."""
    import torch
    for m in model.modules():
        if isinstance(m, torch.nn.RNNBase):
            m._flat_weights = [getattr(m, n, None) for n in m._flat_weights_names]


@contextlib.contextmanager
def recurrent_leaves():
    """Within: nn.LSTM, nn.GRU and nn.RNN call the solar operators."""
    import torch.nn.modules.rnn as rnn
    _define()
    saved = rnn._VF
    rnn._VF = _VFShim(saved)
    try:
        yield
    finally:
        rnn._VF = saved

"""THE emitter table of the JAX front end: jaxpr primitive name -> emitter. One row per
primitive, grep-able, one module per family; docs/jax.md lists them with their limits.

The call primitives (pjit, custom_jvp_call, custom_vjp_call, remat, closed_call) never reach
this table: trace.py inlines their bodies.
"""

from . import conv, elementwise as ew, gather, linalg, reduce, shape

EMITTERS = {
    # -- elementwise, unary (elementwise.py)
    **{p: ew.unary(p) for p in (
        "exp", "exp2", "log", "log1p", "expm1", "tanh", "logistic", "erf", "erfc", "rsqrt",
        "sqrt", "cbrt", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "floor",
        "ceil", "neg", "abs", "sign", "not", "square", "is_finite")},
    "round": ew.emit_round,
    "integer_pow": ew.emit_integer_pow,

    # -- elementwise, binary and comparisons (elementwise.py)
    **{p: ew.binary(p) for p in (
        "add", "sub", "mul", "div", "rem", "pow", "max", "min", "atan2", "and", "or", "xor")},
    **{p: ew.compare(p) for p in ("eq", "ne", "lt", "le", "gt", "ge")},
    "select_n": ew.emit_select_n,
    "clamp": ew.emit_clamp,

    # -- types and identities (elementwise.py)
    "convert_element_type": ew.emit_convert,
    "copy": ew.emit_identity,
    "copy_p": ew.emit_identity,
    "stop_gradient": ew.emit_identity,
    "optimization_barrier": ew.emit_identity,
    "reduce_precision": ew.emit_reduce_precision,

    # -- contractions (linalg.py, conv.py)
    "dot_general": linalg.emit_dot_general,
    "conv_general_dilated": conv.emit_conv_general_dilated,

    # -- reductions (reduce.py)
    "reduce_sum": reduce.reduction("sum"),
    "reduce_max": reduce.reduction("max"),
    "reduce_min": reduce.reduction("min"),
    "reduce_prod": reduce.reduction("prod"),
    "reduce_and": reduce.reduction("and"),
    "reduce_or": reduce.reduction("or"),
    "argmax": reduce.arg_reduction("ogt", "sgt"),
    "argmin": reduce.arg_reduction("olt", "slt"),
    "cumsum": reduce.cumulative("sum"),
    "cumprod": reduce.cumulative("prod"),
    "cummax": reduce.cumulative("max"),
    "cummin": reduce.cumulative("min"),
    "cumlogsumexp": reduce.cumulative("logsumexp"),
    "reduce_window_sum": reduce.window("sum"),
    "reduce_window_max": reduce.window("max"),
    "reduce_window_min": reduce.window("min"),

    # -- shapes: views (shape.py)
    "broadcast_in_dim": shape.emit_broadcast_in_dim,
    "reshape": shape.emit_reshape,
    "transpose": shape.emit_transpose,
    "squeeze": shape.emit_squeeze,
    "expand_dims": shape.emit_expand_dims,
    "slice": shape.emit_slice,
    "dynamic_slice": shape.emit_dynamic_slice,
    "rev": shape.emit_rev,
    "split": shape.emit_split,

    # -- shapes: copies (shape.py)
    "concatenate": shape.emit_concatenate,
    "pad": shape.emit_pad,
    "iota": shape.emit_iota,

    # -- gathers (gather.py)
    "gather": gather.emit_gather,
}

"""THE emitter table: aten op name -> emitter function. One row per op, grep-able.

Keys are overload packets (`aten.addmm`) or full overload names (`aten.add.Tensor`, looked up
first). The emitters live in one module per family; see ../EMITTERS.md for how to add one.
"""

from . import conv, elementwise as ew, linalg, reduce, shape

EMITTERS = {
    # -- identity and copies (elementwise.py)
    "aten.detach": ew.emit_identity,
    "aten.alias": ew.emit_identity,
    "aten.clone": ew.emit_identity,
    "aten.lift_fresh_copy": ew.emit_identity,
    "aten._to_copy": ew.emit_to_copy,

    # -- elementwise arithmetic (elementwise.py)
    "aten.relu": ew.unary(ew.f_relu),
    "aten.relu_": ew.unary(ew.f_relu),
    "aten.neg": ew.unary(ew.f_neg),
    "aten.abs": ew.unary(ew.f_abs),
    "aten.exp": ew.unary(ew.f_exp),
    "aten.log": ew.unary(ew.f_log),
    "aten.log1p": ew.unary(ew.f_log1p),
    "aten.sqrt": ew.unary(ew.f_sqrt),
    "aten.rsqrt": ew.unary(ew.f_rsqrt),
    "aten.tanh": ew.unary(ew.f_tanh),
    "aten.sigmoid": ew.unary(ew.f_sigmoid),
    "aten.erf": ew.unary(ew.f_erf),
    "aten.sin": ew.unary(ew.f_sin),
    "aten.cos": ew.unary(ew.f_cos),
    "aten.floor": ew.unary(ew.f_floor),
    "aten.ceil": ew.unary(ew.f_ceil),
    "aten.reciprocal": ew.unary(ew.f_reciprocal),
    "aten.add": ew.emit_add,
    "aten.add_": ew.emit_add,
    "aten.sub": ew.emit_sub,
    "aten.sub_": ew.emit_sub,
    "aten.rsub": ew.emit_rsub,
    "aten.mul": ew.binary(ew.f_mul),
    "aten.mul_": ew.binary(ew.f_mul),
    "aten.div": ew.emit_div,
    "aten.div_": ew.emit_div,
    "aten.maximum": ew.binary(ew.f_maximum),
    "aten.minimum": ew.binary(ew.f_minimum),
    "aten.pow": ew.emit_pow,
    "aten.clamp": ew.emit_clamp,
    "aten.clamp_": ew.emit_clamp,
    "aten.eq": ew.emit_compare("oeq", "eq"),
    "aten.ne": ew.emit_compare("une", "ne"),
    "aten.lt": ew.emit_compare("olt", "slt"),
    "aten.le": ew.emit_compare("ole", "sle"),
    "aten.gt": ew.emit_compare("ogt", "sgt"),
    "aten.ge": ew.emit_compare("oge", "sge"),
    "aten.where": ew.emit_where,

    # -- matrix products (linalg.py)
    "aten.mm": linalg.emit_mm,
    "aten.mv": linalg.emit_mv,
    "aten.addmm": linalg.emit_addmm,
    "aten.bmm": linalg.emit_bmm,
    "aten.baddbmm": linalg.emit_baddbmm,

    # -- convolution (conv.py)
    "aten.convolution": conv.emit_convolution,

    # -- softmax family (reduce.py)
    "aten._softmax": reduce.emit_softmax,
    "aten._log_softmax": reduce.emit_log_softmax,

    # -- views (shape.py)
    "aten.t": shape.emit_t,
    "aten.transpose": shape.emit_transpose,
    "aten.permute": shape.emit_permute,
    "aten.expand": shape.emit_expand,
    "aten.unsqueeze": shape.emit_unsqueeze,
    "aten.squeeze": shape.emit_squeeze,
    "aten.slice": shape.emit_slice,
    "aten.select": shape.emit_select,
    "aten.view": shape.emit_reshape,
    "aten._reshape_alias": shape.emit_reshape,
    "aten._unsafe_view": shape.emit_reshape,
    "aten.reshape": shape.emit_reshape,
}

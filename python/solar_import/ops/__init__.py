"""THE emitter table: aten op name -> emitter function. One row per op, grep-able.

Keys are overload packets (`aten.addmm`) or full overload names (`aten.add.Tensor`, looked up
first). The emitters live in one module per family; see ../EMITTERS.md for how to add one.
"""

from . import activation as act, conv, create, elementwise as ew, gather, linalg, loss, misc, norm, pool, reduce, rnn, shape

EMITTERS = {
    # -- identity and copies (elementwise.py)
    "aten.detach": ew.emit_identity,
    "aten.alias": ew.emit_identity,
    "aten.clone": ew.emit_identity,
    "aten.lift_fresh_copy": ew.emit_identity,
    "aten._to_copy": ew.emit_to_copy,

    # -- creation and filling (create.py)
    "aten.empty": create.emit_empty,
    "aten.empty_like": create.emit_empty,
    "aten.new_empty": create.emit_empty,
    "aten.zeros": create.emit_constant_fill,
    "aten.ones": create.emit_constant_fill,
    "aten.full": create.emit_constant_fill,
    "aten.zeros_like": create.emit_constant_fill,
    "aten.ones_like": create.emit_constant_fill,
    "aten.full_like": create.emit_constant_fill,
    "aten.new_zeros": create.emit_constant_fill,
    "aten.new_ones": create.emit_constant_fill,
    "aten.new_full": create.emit_constant_fill,
    "aten.scalar_tensor": create.emit_constant_fill,
    "aten.fill_": create.emit_constant_fill,
    "aten.zero_": create.emit_constant_fill,
    "aten.copy_": create.emit_copy_,
    "aten.arange": create.emit_arange,

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
    "aten.masked_fill": ew.emit_masked_fill,
    "aten.masked_fill_": ew.emit_masked_fill,
    "aten.clamp_min": ew.emit_clamp_min,
    "aten.clamp_min_": ew.emit_clamp_min,
    "aten.clamp_max": ew.emit_clamp_min,
    "aten.clamp_max_": ew.emit_clamp_min,
    "aten.xlogy": ew.binary(ew.f_xlogy),
    "aten.logical_not": ew.emit_logical_not,
    "aten.logical_and": ew.emit_logical_and,
    "aten.logical_or": ew.emit_logical_or,
    "aten.square": ew.unary(ew.f_square),

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

    # -- reductions (reduce.py)
    "aten.sum": reduce.emit_sum,
    "aten.mean": reduce.emit_mean,
    "aten.amax": reduce.emit_amax,
    "aten.amin": reduce.emit_amin,
    "aten.max": reduce.emit_max,
    "aten.min": reduce.emit_min,
    "aten.argmax": reduce.emit_argmax,
    "aten.argmin": reduce.emit_argmin,
    "aten.prod": reduce.emit_prod,
    "aten.var": reduce.emit_var,
    "aten.std": reduce.emit_std,
    "aten.logsumexp": reduce.emit_logsumexp,
    "aten.linalg_vector_norm": reduce.emit_vector_norm,
    "aten.norm": reduce.emit_vector_norm,
    "aten.cumsum": reduce.emit_cumsum,
    "aten.cumprod": reduce.emit_cumprod,

    # -- activations (activation.py)
    "aten.gelu": act.emit_gelu,
    "aten.gelu_": act.emit_gelu,
    "aten.silu": act.emit_silu,
    "aten.silu_": act.emit_silu,
    "aten.leaky_relu": act.emit_leaky_relu,
    "aten.leaky_relu_": act.emit_leaky_relu,
    "aten.elu": act.emit_elu,
    "aten.elu_": act.emit_elu,
    "aten.hardtanh": act.emit_hardtanh,
    "aten.hardtanh_": act.emit_hardtanh,
    "aten.hardsigmoid": act.emit_hardsigmoid,
    "aten.hardswish": act.emit_hardswish,
    "aten.softplus": act.emit_softplus,
    "aten.mish": act.emit_mish,
    "aten.threshold": act.emit_threshold,
    "aten.sign": act.emit_sign,

    # -- normalisation (norm.py)
    "aten.native_batch_norm": norm.emit_batch_norm,
    "aten.native_layer_norm": norm.emit_layer_norm,
    "aten.native_group_norm": norm.emit_group_norm,

    # -- pooling (pool.py)
    "aten.max_pool1d": pool.emit_max_pool,
    "aten.max_pool2d": pool.emit_max_pool,
    "aten.max_pool3d": pool.emit_max_pool,
    "aten.max_pool1d_with_indices": pool.emit_max_pool,
    "aten.max_pool2d_with_indices": pool.emit_max_pool,
    "aten.max_pool3d_with_indices": pool.emit_max_pool,
    "aten.avg_pool1d": pool.emit_avg_pool,
    "aten.avg_pool2d": pool.emit_avg_pool,
    "aten.avg_pool3d": pool.emit_avg_pool,
    "aten._adaptive_avg_pool2d": pool.emit_adaptive_avg_pool,
    "aten._adaptive_avg_pool3d": pool.emit_adaptive_avg_pool,
    "aten.adaptive_avg_pool1d": pool.emit_adaptive_avg_pool,

    # -- gathers (gather.py)
    "aten.embedding": gather.emit_embedding,
    "aten.index_select": gather.emit_index_select,
    "aten.gather": gather.emit_gather,
    "aten.nll_loss_forward": gather.emit_nll_loss,

    # -- recurrent layers, one node each (leaf_ops.py; rnn.py)
    "solar.lstm": rnn.emit_rnn,
    "solar.gru": rnn.emit_rnn,
    "solar.rnn_tanh": rnn.emit_rnn,
    "solar.rnn_relu": rnn.emit_rnn,

    # -- losses (loss.py)
    "aten.mse_loss": loss.emit_mse_loss,
    "aten.l1_loss": loss.emit_l1_loss,
    "aten.smooth_l1_loss": loss.emit_smooth_l1_loss,
    "aten.huber_loss": loss.emit_huber_loss,
    "aten.soft_margin_loss": loss.emit_soft_margin_loss,
    "aten.binary_cross_entropy": loss.emit_binary_cross_entropy,

    # -- copies along dims (shape.py)
    "aten.cat": shape.emit_cat,
    "aten.stack": shape.emit_stack,
    "aten.repeat": shape.emit_repeat,
    "aten.tril": shape.emit_tri,
    "aten.triu": shape.emit_tri,
    "aten.constant_pad_nd": shape.emit_constant_pad,

    # -- views (shape.py)
    "aten.t": shape.emit_t,
    "aten.transpose": shape.emit_transpose,
    "aten.permute": shape.emit_permute,
    "aten.expand": shape.emit_expand,
    "aten.unsqueeze": shape.emit_unsqueeze,
    "aten.squeeze": shape.emit_squeeze,
    "aten.slice": shape.emit_slice,
    "aten.select": shape.emit_select,
    "aten.flip": shape.emit_flip,
    "aten.unfold": shape.emit_unfold,
    "aten.split": shape.emit_split,
    "aten.split_with_sizes": shape.emit_split,
    "aten.unbind": shape.emit_split,
    "aten.view": shape.emit_reshape,
    "aten._reshape_alias": shape.emit_reshape,
    "aten._unsafe_view": shape.emit_reshape,
    "aten.reshape": shape.emit_reshape,

    # -- sliding-window views (misc.py)
    "aten.unfold": misc.emit_unfold,
}

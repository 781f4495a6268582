"""PyTorch functions that newer releases have and Debian's torch 1.13 lacks, written from the
math in PyTorch's documentation, so that a program using them runs (and imports) here.

`install()` adds each one only where torch does not already have it; solar_reference's
load_model_module calls it before running a model file, so the reference harness, the
importer's traces and solar_measure all run the same definition. Where a torch release has
the real function, that one runs and this file changes nothing.

- torch.nn.functional.scaled_dot_product_attention (torch >= 2.0):
      attn = softmax(Q @ K^T * scale + bias, dim=-1) @ V,  scale = 1/sqrt(E) by default,
  bias = -inf above the diagonal when is_causal, -inf where a boolean attn_mask is False, or
  a float attn_mask added. dropout_p > 0 applies F.dropout to the weights (training mode).
  These are aten ops the importer has emitters for (bmm/matmul, mul, add, _softmax).
"""

import math


def _scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=0.0,
                                  is_causal=False, scale=None):
    import torch
    import torch.nn.functional as F
    factor = 1.0 / math.sqrt(query.size(-1)) if scale is None else scale
    weights = torch.matmul(query, key.transpose(-2, -1)) * factor
    rows, cols = query.size(-2), key.size(-2)
    if is_causal:
        keep = torch.ones(rows, cols, dtype=torch.bool, device=query.device).tril()
        weights = weights.masked_fill(keep.logical_not(), float("-inf"))
    if attn_mask is not None:
        if attn_mask.dtype == torch.bool:
            weights = weights.masked_fill(attn_mask.logical_not(), float("-inf"))
        else:
            weights = weights + attn_mask
    weights = torch.softmax(weights, dim=-1)
    if dropout_p > 0.0:
        weights = F.dropout(weights, p=dropout_p, training=True)
    return torch.matmul(weights, value)


def install():
    """Adds the missing functions to torch (idempotent); returns the names it added."""
    import torch.nn.functional as F
    added = []
    if not hasattr(F, "scaled_dot_product_attention"):
        F.scaled_dot_product_attention = _scaled_dot_product_attention
        added.append("torch.nn.functional.scaled_dot_product_attention")
    return added

/*
 * Which nodes form one source op (SolNode.source_op): the kernels an eager framework runs,
 * which the unfused bound charges one by one. Consecutive nodes are one op when their ops
 * carry the same importer provenance (`solar.op` and `solar.loc`, copied by lift-einsum) or the
 * same `solar.nest` (lift-einsum's mark on the einsums of one loop nest).
 *
 * A view op (`aten._reshape_alias`, `aten.permute`, ...) is no kernel in eager PyTorch: it
 * only makes new strides over the same storage. The importer may still write it as a copy
 * nest, so its nodes join the next op (their consumer in program order), whose kernel reads
 * the viewed storage itself; trailing views join the op before them. Charging a view its own
 * kernel would let eager execution beat the unfused bound.
 */
#include "Analysis/graph.h"

#include <string.h>

/* The provenance attribute `name` of op, or NULL (absent, or not a string). */
static const SolAttr *provenance(SolContext *ctx, const SolOp *op, const char *name)
{
    const SolAttr *a = sol_op_get_attr(op, sol_ident_cstr(ctx, name));
    return a && a->kind == SOL_ATTR_STRING ? a : NULL;
}

static bool same_string(const SolAttr *a, const SolAttr *b)
{
    if (!a || !b)
        return a == b;
    return a->str.len == b->str.len && !memcmp(a->str.data, b->str.data, a->str.len);
}

/* Node k continues the source op of node k - 1 by provenance. */
static bool same_source_op(SolContext *ctx, const SolOp *prev, const SolOp *op)
{
    static const char *const keys[] = {"solar.op", "solar.loc", "solar.nest"};
    bool any = false;
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
        const SolAttr *a = provenance(ctx, prev, keys[i]), *b = provenance(ctx, op, keys[i]);
        if (!same_string(a, b))
            return false;
        any |= a != NULL;
    }
    return any;
}

/* ATen's view ops (PyTorch docs, "Tensor Views"): the result aliases the input's storage. An
 * overload suffix (`aten.slice.Tensor`) is allowed. */
static bool is_view_op(SolContext *ctx, const SolOp *op)
{
    static const char *const views[] = {
        "aten._reshape_alias", "aten._unsafe_view", "aten.alias",     "aten.as_strided",
        "aten.chunk",          "aten.detach",       "aten.diagonal",  "aten.expand",
        "aten.expand_as",      "aten.imag",         "aten.movedim",   "aten.narrow",
        "aten.permute",        "aten.real",         "aten.select",    "aten.slice",
        "aten.split",          "aten.split_with_sizes", "aten.squeeze", "aten.swapaxes",
        "aten.t",              "aten.transpose",    "aten.unbind",    "aten.unfold",
        "aten.unsqueeze",      "aten.view",         "aten.view_as",   "aten.view_as_complex",
        "aten.view_as_real"};
    const SolAttr *a = provenance(ctx, op, "solar.op");
    if (!a)
        return false;
    for (size_t i = 0; i < sizeof views / sizeof *views; i++) {
        size_t n = strlen(views[i]);
        if (a->str.len >= n && !memcmp(a->str.data, views[i], n) &&
            (a->str.len == n || a->str.data[n] == '.'))
            return true;
    }
    return false;
}

void sol_graph_assign_source_ops(SolContext *ctx, SolGraph *g)
{
    g->num_source_ops = 0;
    if (!g->num_nodes)
        return;
    /* From `trailing` on every node is a view: they join the op before them. */
    uint32_t trailing = g->num_nodes;
    while (trailing > 0 && is_view_op(ctx, g->nodes[trailing - 1].op))
        trailing--;
    bool prev_view = false;
    for (uint32_t k = 0; k < g->num_nodes; k++) {
        bool view = is_view_op(ctx, g->nodes[k].op);
        bool joins = prev_view || k >= trailing ||
                     (k && same_source_op(ctx, g->nodes[k - 1].op, g->nodes[k].op));
        if (k && !joins)
            g->num_source_ops++;
        g->nodes[k].source_op = g->num_source_ops;
        g->nodes[k].is_view = view;
        prev_view = view;
    }
    g->num_source_ops++;
}

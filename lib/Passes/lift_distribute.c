/*
 * lift-einsum, distribution: an imperfect nest becomes one node per statement, in program
 * order (each store, reduction, inner loop, and each scalar op an inner loop uses), each node
 * resolving the values its region needs (block arguments, cloned ops, values from outside the
 * nest). The distribution is legal when every buffer two nodes share is indexed by the loops
 * they share at the same place; adjacent stores of one iteration that share scalar ops are
 * then merged into one node with several outputs.
 */
#include "Passes/lift.h"

#include <stdlib.h>
#include <string.h>

/* ---- nodes --------------------------------------------------------------------------------- */

LiftNode *sol_lift_node_new(LiftNest *L, const LiftLevel *lv, SolOp *anchor)
{
    LiftNode *N = sol_lift_alloc(L, sizeof *N);
    N->dims = sol_lift_dims_copy(L, lv->dims, lv->n, NULL);
    N->ndims = lv->n;
    N->anchor = anchor;
    N->inner = lv->block;
    sol_vec_push(&L->nodes, N);
    return N;
}

static void res_put(LiftNode *N, const SolValue *v, LiftResKind kind, uint32_t index)
{
    sol_ptr_map_put(&N->res, v, ((uint64_t)index << 8) | kind);
}

bool sol_lift_add_out(LiftNest *L, LiftNode *N, LiftMem *mem, const SolAffineMap *map,
                      SolValue *yield, SolOp *store)
{
    for (size_t k = 0; k < N->outs.len; k++)
        if (N->outs.data[k].opd.mem == mem)
            return sol_lift_fail(L, store ? store : N->anchor,
                                 "one iteration writes a buffer at two places");
    LiftOut o = {{mem, map, false}, yield, store, false};
    sol_vec_push(&N->outs, o);
    return true;
}

/* A read of mem at map in node N: the output's block argument when N writes mem there, a
 * forwarded value when N stored it earlier in the iteration, else an input. ld is the load
 * (NULL for a scalar kept in a buffer). */
static bool node_read(LiftNest *L, LiftNode *N, SolValue *v, LiftMem *mem, const SolAffineMap *map,
                      SolOp *ld)
{
    for (size_t k = 0; k < N->outs.len; k++) {
        LiftOut *o = &N->outs.data[k];
        if (o->opd.mem != mem)
            continue;
        if (o->opd.map != map)
            return sol_lift_fail(
                L, ld ? ld : N->anchor,
                "the nest reads a buffer at another place than it writes it in the "
                "same iteration");
        if (ld && ld->parent != N->inner)
            return sol_lift_fail(L, ld, "a value loaded outside a loop is overwritten inside it");
        if (ld && o->store && sol_lift_seq_of(L, ld) > sol_lift_seq_of(L, o->store)) {
            /* read after the store in the same iteration: the stored value */
            if (!sol_lift_resolve(L, N, sol_op_operand(o->store, 0), false))
                return false;
            uint64_t r;
            sol_ptr_map_get(&N->res, sol_op_operand(o->store, 0), &r);
            sol_ptr_map_put(&N->res, v, r);
            return true;
        }
        o->reads = true;
        res_put(N, v, LIFT_RES_OUT, (uint32_t)k);
        return true;
    }
    for (size_t i = 0; i < N->ins.len; i++)
        if (N->ins.data[i].mem == mem && N->ins.data[i].map == map) {
            res_put(N, v, LIFT_RES_IN, (uint32_t)i);
            return true;
        }
    LiftOperand in = {mem, map, false};
    sol_vec_push(&N->ins, in);
    res_put(N, v, LIFT_RES_IN, (uint32_t)(N->ins.len - 1));
    return true;
}

/* A load outside the node's own loops moves into them: nothing may change what it reads in
 * between (statements after it at its level, up to the one holding the node). */
static bool sink_check(LiftNest *L, LiftNode *N, SolOp *ld)
{
    if (sol_lift_op_inside(ld, N->anchor))
        return true;
    SolOp *anc = sol_lift_ancestor_in(N->anchor, ld->parent);
    uint32_t first;
    SolValue *mem = sol_lift_access_memref(ld, &first);
    if (!anc)
        return sol_lift_fail(L, ld, "internal: load outside the node's loops");
    for (SolOp *o = sol_op_next(ld); o && o != anc; o = sol_op_next(o))
        if (sol_lift_op_writes(o, mem))
            return sol_lift_fail(L, o, "%%%s is written between a load and its use",
                                 sol_lift_value_name(mem));
    if (anc != N->anchor && sol_lift_op_writes(anc, mem))
        return sol_lift_fail(L, ld,
                             "a value of %%%s loaded outside a loop is overwritten inside it",
                             sol_lift_value_name(mem));
    return true;
}

const LiftScalar *sol_lift_scalar_of(const LiftNest *L, const SolValue *v)
{
    uint64_t got;
    return sol_ptr_map_get(&L->scalars, v, &got) ? (const LiftScalar *)(uintptr_t)got : NULL;
}

/* How the region of N obtains v (recorded in N->res). top: v is the value N materializes,
 * which is computed here rather than read from its buffer. */
bool sol_lift_resolve(LiftNest *L, LiftNode *N, SolValue *v, bool top)
{
    if (!v)
        return sol_lift_fail(L, N->anchor, "internal: missing value");
    if (sol_ptr_map_get(&N->res, v, NULL))
        return true;
    if (!sol_lift_value_inside(v, L->root)) {
        res_put(N, v, LIFT_RES_OUTER, 0);
        return true;
    }
    if (!v->def) {
        if (v == N->acc) {
            N->outs.data[N->acc_out].reads = true;
            res_put(N, v, LIFT_RES_OUT, N->acc_out);
            return true;
        }
        if (sol_lift_iv_loop(v))
            return sol_lift_fail(L, sol_block_parent_op(v->owner),
                                 "the loop counter %%%s is used as a value",
                                 sol_lift_value_name(v));
        return sol_lift_fail(L, sol_block_parent_op(v->owner),
                             "a loop-carried value is used outside its reduction");
    }
    const LiftScalar *s = top ? NULL : sol_lift_scalar_of(L, v);
    if (s) {
        const SolAffineMap *map = sol_lift_remap(L, s->map, s->dims, s->ndims, N->dims, N->ndims);
        if (!map)
            return sol_lift_fail(L, v->def, "internal: scalar used outside its loops");
        return node_read(L, N, v, s->mem, map, NULL);
    }
    SolOp *op = v->def;
    if (op->kind == SOL_OP_LOAD) {
        uint32_t first;
        LiftMem *mem = sol_lift_mem_of(L, sol_lift_access_memref(op, &first));
        if (!mem)
            return sol_lift_fail(L, op, "internal: load from a non-memref");
        const SolAffineMap *map = sol_lift_access_map(L, N->dims, N->ndims, op, mem);
        if (!map || !sink_check(L, N, op))
            return false;
        return node_read(L, N, v, mem, map, op);
    }
    if (op->kind == SOL_OP_CONSTANT) {
        res_put(N, v, LIFT_RES_CLONE, 0);
        sol_vec_push(&N->ops, op);
        return true;
    }
    unsigned flags = sol_op_info((SolOpKind)op->kind)->flags;
    if (!(flags & SOL_OPF_PURE) || op->kind == SOL_OP_APPLY || op->kind == SOL_OP_AMIN ||
        op->kind == SOL_OP_AMAX || op->num_regions || op->num_results != 1)
        return sol_lift_fail(L, op, "'%s' cannot be part of an einsum", sol_op_name(op));
    for (uint32_t i = 0; i < op->num_operands; i++)
        if (!sol_lift_resolve(L, N, sol_op_operand(op, i), false))
            return false;
    res_put(N, v, LIFT_RES_CLONE, 0);
    sol_vec_push(&N->ops, op);
    return true;
}

/* Whether v depends on target through ops of the nest (a running value of a reduction). */
bool sol_lift_depends_on(const LiftNest *L, const SolValue *v, const SolValue *target, int depth)
{
    if (v == target)
        return true;
    if (!v->def || depth > 4096 || !sol_lift_op_inside(v->def, L->root) ||
        v->def->kind == SOL_OP_LOAD)
        return false;
    for (uint32_t i = 0; i < v->def->num_operands; i++)
        if (sol_lift_depends_on(L, sol_op_operand(v->def, i), target, depth + 1))
            return true;
    return false;
}

/* ---- one level of the nest ------------------------------------------------------------------ */

static bool used_in_inner_loop(const SolValue *v, const SolBlock *b)
{
    for (const SolUse *u = v->uses; u; u = u->next)
        if (u->user->parent != b)
            return true;
    return false;
}

static bool plan_store(LiftNest *L, const LiftLevel *lv, SolOp *st)
{
    uint32_t first;
    LiftMem *mem = sol_lift_mem_of(L, sol_lift_access_memref(st, &first));
    if (!mem)
        return sol_lift_fail(L, st, "internal: store to a non-memref");
    LiftNode *N = sol_lift_node_new(L, lv, st);
    const SolAffineMap *map = sol_lift_access_map(L, lv->dims, lv->n, st, mem);
    return map && sol_lift_add_out(L, N, mem, map, sol_op_operand(st, 0), st) &&
           sol_lift_resolve(L, N, sol_op_operand(st, 0), false) && sol_lift_finish_node(L, N);
}

static bool plan_materialize(LiftNest *L, const LiftLevel *lv, SolOp *op)
{
    const LiftScalar *s = sol_lift_scalar_of(L, &op->results[0]);
    LiftNode *N = sol_lift_node_new(L, lv, op);
    return sol_lift_add_out(L, N, s->mem, s->map, &op->results[0], NULL) &&
           sol_lift_resolve(L, N, &op->results[0], true) && sol_lift_finish_node(L, N);
}

bool sol_lift_plan_level(LiftNest *L, const LiftLevel *lv)
{
    SolOp *term = sol_block_last_op(lv->block);
    sol_block_for_each_op(op, lv->block)
    {
        if (op == term && op->kind == SOL_OP_YIELD)
            continue;
        switch (op->kind) {
        case SOL_OP_LOAD:
        case SOL_OP_STORE:
        case SOL_OP_CONSTANT:
        case SOL_OP_APPLY:
        case SOL_OP_FOR:
            break;
        case SOL_OP_IF:
            return sol_lift_fail(L, op,
                                 "affine.if guards part of the nest (not a rectangular domain)");
        case SOL_OP_MLOAD:
        case SOL_OP_MSTORE:
            return sol_lift_fail(L, op, "'%s' has data-dependent subscripts", sol_op_name(op));
        default:
            if (!sol_lift_is_scalar_op(op))
                return sol_lift_fail(L, op, "'%s' cannot be part of an einsum", sol_op_name(op));
        }
    }
    /* where reduction results and scalars used by inner loops live */
    sol_block_for_each_op(op, lv->block)
    {
        if (op->kind == SOL_OP_FOR && op->num_results) {
            if (!sol_lift_plan_reduction_dest(L, lv, op))
                return false;
        } else if (op != term && sol_lift_is_scalar_op(op) && op->kind != SOL_OP_CONSTANT &&
                   used_in_inner_loop(&op->results[0], lv->block)) {
            const SolType *t = op->results[0].type;
            if (!t || sol_type_is_memref(t) || t->kind == SOL_TYPE_FUNCTION)
                return sol_lift_fail(L, op, "internal: non-scalar value");
            LiftScalar *s = sol_lift_alloc(L, sizeof *s);
            s->dims = sol_lift_dims_copy(L, lv->dims, lv->n, NULL);
            s->ndims = lv->n;
            s->mem = sol_lift_new_buffer(L, LIFT_MEM_TMP, lv->dims, lv->n, t, op->results[0].hint);
            s->map = sol_lift_identity_map(L, lv->n, lv->n);
            sol_ptr_map_put(&L->scalars, &op->results[0], (uint64_t)(uintptr_t)s);
        }
    }
    /* one node (or a few) per statement, in program order */
    sol_block_for_each_op(op, lv->block)
    {
        if (op->kind == SOL_OP_FOR && !op->num_results) {
            LiftDim *d = sol_lift_dim_of(L, op);
            if (!d)
                return false;
            LiftLevel inner = {sol_lift_dims_copy(L, lv->dims, lv->n, d), lv->n + 1,
                               sol_lift_body(op)};
            if (!sol_lift_plan_level(L, &inner))
                return false;
        } else if (op->kind == SOL_OP_FOR) {
            if (!sol_lift_plan_reduction(L, lv, op))
                return false;
        } else if (op->kind == SOL_OP_STORE) {
            const LiftScalar *s = NULL;
            SolValue *v = sol_op_operand(op, 0);
            s = v->def && v->def->kind == SOL_OP_FOR ? sol_lift_scalar_of(L, v) : NULL;
            if (s && s->absorbed && s->store == op)
                continue;
            if (!plan_store(L, lv, op))
                return false;
        } else if (op != term && sol_lift_is_scalar_op(op) &&
                   sol_lift_scalar_of(L, &op->results[0])) {
            if (!plan_materialize(L, lv, op))
                return false;
        }
    }
    return true;
}

/* ---- legality of the distribution ----------------------------------------------------------- */

/* Whether both maps have dim p (a loop both nodes share) at one position. */
static bool pins(const SolAffineMap *a, const SolAffineMap *b, uint32_t p)
{
    for (uint32_t r = 0; r < a->num_results && r < b->num_results; r++) {
        if (a->results[r]->kind != SOL_AFF_DIM || (uint32_t)a->results[r]->value != p)
            continue;
        if (b->results[r]->kind == SOL_AFF_DIM && (uint32_t)b->results[r]->value == p)
            return true;
    }
    return false;
}

bool sol_lift_check_distribution(LiftNest *L)
{
    for (size_t i = 0; i < L->nodes.len; i++)
        for (size_t j = i + 1; j < L->nodes.len; j++) {
            LiftNode *a = L->nodes.data[i], *b = L->nodes.data[j];
            uint32_t P = 0;
            while (P < a->ndims && P < b->ndims && a->dims[P] == b->dims[P])
                P++;
            size_t na = a->ins.len + a->outs.len, nb = b->ins.len + b->outs.len;
            for (size_t x = 0; x < na; x++) {
                const LiftOperand *oa =
                    x < a->ins.len ? &a->ins.data[x] : &a->outs.data[x - a->ins.len].opd;
                bool wa = x >= a->ins.len;
                for (size_t y = 0; y < nb && !oa->shape_only; y++) {
                    const LiftOperand *ob =
                        y < b->ins.len ? &b->ins.data[y] : &b->outs.data[y - b->ins.len].opd;
                    bool wb = y >= b->ins.len;
                    if (ob->shape_only || oa->mem != ob->mem || (!wa && !wb))
                        continue;
                    for (uint32_t p = 0; p < P; p++)
                        if (!pins(oa->map, ob->map, p)) {
                            SolBlock *lb = sol_lift_body(a->dims[p]->loop);
                            const SolValue *mv = oa->mem->orig;
                            return sol_lift_fail(
                                L, b->anchor,
                                "distributing loop %%%s would reorder accesses to %%%s",
                                sol_lift_value_name(&lb->args[0]),
                                mv ? sol_lift_value_name(mv) : "a buffer");
                        }
                }
            }
        }
    return true;
}

/* ---- merging: stores of one level sharing work become one generic --------------------------- */

static bool shares_op(const LiftNode *a, const LiftNode *b)
{
    for (size_t i = 0; i < a->ops.len; i++)
        if (a->ops.data[i]->kind != SOL_OP_CONSTANT)
            for (size_t j = 0; j < b->ops.len; j++)
                if (a->ops.data[i] == b->ops.data[j])
                    return true;
    return false;
}

static bool can_merge(const LiftNode *a, const LiftNode *b)
{
    if (a->ndims != b->ndims || memcmp(a->dims, b->dims, a->ndims * sizeof *a->dims) || a->acc ||
        b->acc || a->anchor->kind != SOL_OP_STORE || b->anchor->kind != SOL_OP_STORE ||
        a->inner != b->inner || !shares_op(a, b))
        return false;
    /* b's loads happen before a's stores in the merged iteration: b must not read a's outputs */
    for (size_t k = 0; k < a->outs.len; k++) {
        for (size_t i = 0; i < b->ins.len; i++)
            if (b->ins.data[i].mem == a->outs.data[k].opd.mem)
                return false;
        for (size_t i = 0; i < b->outs.len; i++)
            if (b->outs.data[i].opd.mem == a->outs.data[k].opd.mem)
                return false;
    }
    return true;
}

/* Moves b's operands, ops and value resolutions into a. */
static void merge_into(LiftNode *a, LiftNode *b)
{
    uint32_t *in_idx = sol_xcalloc(b->ins.len + 1, sizeof *in_idx);
    for (size_t i = 0; i < b->ins.len; i++) {
        size_t j = 0;
        while (j < a->ins.len && !(a->ins.data[j].mem == b->ins.data[i].mem &&
                                   a->ins.data[j].map == b->ins.data[i].map &&
                                   a->ins.data[j].shape_only == b->ins.data[i].shape_only))
            j++;
        if (j == a->ins.len)
            sol_vec_push(&a->ins, b->ins.data[i]);
        in_idx[i] = (uint32_t)j;
    }
    uint32_t out_base = (uint32_t)a->outs.len;
    for (size_t k = 0; k < b->outs.len; k++)
        sol_vec_push(&a->outs, b->outs.data[k]);
    const void *key;
    uint64_t *val;
    for (size_t it = 0; (val = sol_ptr_map_next(&b->res, &it, &key));) {
        if (sol_ptr_map_get(&a->res, key, NULL))
            continue;
        uint64_t r = *val;
        uint32_t idx = (uint32_t)(r >> 8);
        if ((r & 0xff) == LIFT_RES_IN)
            idx = in_idx[idx];
        else if ((r & 0xff) == LIFT_RES_OUT)
            idx += out_base;
        sol_ptr_map_put(&a->res, key, ((uint64_t)idx << 8) | (r & 0xff));
    }
    for (size_t i = 0; i < b->ops.len; i++) {
        bool seen = false;
        for (size_t j = 0; j < a->ops.len && !seen; j++)
            seen = a->ops.data[j] == b->ops.data[i];
        if (!seen)
            sol_vec_push(&a->ops, b->ops.data[i]);
    }
    b->merged = true;
    free(in_idx);
}

void sol_lift_merge_nodes(LiftNest *L)
{
    LiftNode *prev = NULL;
    for (size_t i = 0; i < L->nodes.len; i++) {
        LiftNode *n = L->nodes.data[i];
        if (prev && can_merge(prev, n)) {
            merge_into(prev, n);
            continue;
        }
        prev = n;
    }
}

/*
 * lift-einsum, reductions: nested `iter_args` loops carrying one value. The result lives in
 * the program's buffer it is stored to once per point of the enclosing loops, or else in a new
 * buffer over those loops; a fill node stores the initial value first unless the chain starts
 * from a load of that same element, and the reduction node accumulates into it.
 */
#include "Passes/lift.h"

#include <stdlib.h>
#include <string.h>

/* ---- reductions ---------------------------------------------------------------------------- */

/* The store that the result of a reduction reaches through scalar ops of its level, when every
 * use leads there (and only as the stored value); else NULL. */
static SolOp *direct_store(SolValue *r, SolBlock *b)
{
    SolVecOf(SolValue *) work = {0};
    SolOp *st = NULL;
    bool ok = true;
    sol_vec_push(&work, r);
    for (size_t w = 0; w < work.len && ok; w++) {
        for (SolUse *u = work.data[w]->uses; u && ok; u = u->next) {
            SolOp *user = u->user;
            uint32_t pos = (uint32_t)(u - user->operands);
            if (user->parent != b) {
                ok = false;
            } else if (user->kind == SOL_OP_STORE) {
                ok = pos == 0 && (!st || st == user);
                st = user;
            } else if ((sol_op_info((SolOpKind)user->kind)->flags & SOL_OPF_PURE) &&
                       user->kind != SOL_OP_APPLY && user->kind != SOL_OP_AMIN &&
                       user->kind != SOL_OP_AMAX && user->num_results == 1) {
                bool seen = false;
                for (size_t i = 0; i < work.len && !seen; i++)
                    seen = work.data[i] == &user->results[0];
                if (!seen)
                    sol_vec_push(&work, &user->results[0]);
            } else {
                ok = false;
            }
        }
    }
    sol_vec_free(&work);
    return ok ? st : NULL;
}

/* Nested iter_args loops carrying one value: loop, then each inner loop initialised from the
 * outer one's iter_arg and yielded back unchanged; loads and scalar ops may sit at any level,
 * stores only in the innermost body. */
static bool reduction_chain(LiftNest *L, SolOp *loop, LiftReduction *red)
{
    SolVecOf(SolOp *) chain = {0};
    SolOp *cur = loop;
    bool ok = true;
    for (;;) {
        const SolLoopProps *p = cur->props.loop;
        uint32_t ninit = cur->num_operands - p->num_lb_operands - p->num_ub_operands;
        if (cur->num_results != 1 || ninit != 1) {
            ok = sol_lift_fail(L, cur, "the reduction carries %u values", cur->num_results);
            break;
        }
        sol_vec_push(&chain, cur);
        SolBlock *b = sol_lift_body(cur);
        SolOp *yield = sol_block_last_op(b), *inner = NULL;
        bool stores = false;
        sol_block_for_each_op(op, b)
        {
            if (op->kind == SOL_OP_FOR) {
                if (inner || op->num_results == 0) {
                    ok = sol_lift_fail(L, op, "a reduction loop holds other loops");
                    break;
                }
                inner = op;
            }
            stores |= op->kind == SOL_OP_STORE;
        }
        if (!ok)
            break;
        if (!inner) {
            red->inner = b;
            break;
        }
        SolValue *acc = &b->args[1];
        const SolLoopProps *ip = inner->props.loop;
        if (stores || sol_op_operand(inner, ip->num_lb_operands + ip->num_ub_operands) != acc ||
            !acc->uses || acc->uses->next || yield->num_operands != 1 ||
            sol_op_operand(yield, 0) != &inner->results[0]) {
            ok = sol_lift_fail(L, inner, "the reduction loops are not perfectly nested");
            break;
        }
        cur = inner;
    }
    red->chain = sol_lift_alloc(L, (chain.len + 1) * sizeof *red->chain);
    if (chain.len)
        memcpy(red->chain, chain.data, chain.len * sizeof *red->chain);
    red->nchain = (uint32_t)chain.len;
    sol_vec_free(&chain);
    return ok;
}

/* Decides where the result of a reduction loop lives: the program's buffer it is stored to
 * once per point (DIRECT), or a new buffer over the enclosing loops. */
bool sol_lift_plan_reduction_dest(LiftNest *L, const LiftLevel *lv, SolOp *loop)
{
    LiftReduction *red = sol_lift_alloc(L, sizeof *red);
    if (!reduction_chain(L, loop, red))
        return false;
    SolValue *r = &loop->results[0];
    const SolType *acc_type = r->type;
    LiftScalar *s = sol_lift_alloc(L, sizeof *s);
    s->dims = sol_lift_dims_copy(L, lv->dims, lv->n, NULL);
    s->ndims = lv->n;
    SolOp *st = direct_store(r, lv->block);
    if (st) {
        uint32_t first;
        SolValue *M = sol_lift_access_memref(st, &first);
        LiftMem *mem = sol_lift_mem_of(L, M);
        const SolAffineMap *map = NULL;
        if (mem && M->type->elem == acc_type && !sol_lift_op_accesses(loop, M)) {
            bool clear = true;
            for (SolOp *o = sol_op_next(loop); o && o != st && clear; o = sol_op_next(o))
                clear = !sol_lift_op_accesses(o, M);
            if (clear) {
                char *saved = L->why;
                map = sol_lift_access_map(L, lv->dims, lv->n, st, mem);
                sol_lift_forget(L, saved); /* a failure here is reported by the store's own node */
            }
        }
        if (map && sol_lift_covers_dims(map, lv->n)) {
            s->mem = mem;
            s->map = map;
            s->store = st;
            s->absorbed = sol_op_operand(st, 0) == r;
        }
    }
    if (!s->mem) {
        if (sol_type_is_memref(acc_type) || acc_type->kind == SOL_TYPE_FUNCTION)
            return sol_lift_fail(L, loop, "the reduction carries a %s", "non-scalar value");
        s->mem = sol_lift_new_buffer(L, LIFT_MEM_TMP, lv->dims, lv->n, acc_type, r->hint);
        s->map = sol_lift_identity_map(L, lv->n, lv->n);
    }
    red->dest = s;
    red->fill = true;
    const SolLoopProps *p = loop->props.loop;
    SolValue *init = sol_op_operand(loop, p->num_lb_operands + p->num_ub_operands);
    SolOp *ld = init->def;
    if (s->store && ld && ld->kind == SOL_OP_LOAD && ld->parent == lv->block) {
        uint32_t first;
        const SolAffineMap *map = sol_lift_access_memref(ld, &first) == s->mem->orig
                                      ? sol_lift_access_map(L, lv->dims, lv->n, ld, s->mem)
                                      : NULL;
        bool clear = map == s->map;
        for (SolOp *o = sol_op_next(ld); o && o != loop && clear; o = sol_op_next(o))
            clear = !sol_lift_op_writes(o, s->mem->orig);
        red->fill = !clear;
    }
    sol_ptr_map_put(&L->scalars, r, (uint64_t)(uintptr_t)s);
    sol_ptr_map_put(&L->reds, loop, (uint64_t)(uintptr_t)red);
    return true;
}

/* The fill node (when the initial value must be stored) and the reduction node. */
bool sol_lift_plan_reduction(LiftNest *L, const LiftLevel *lv, SolOp *loop)
{
    uint64_t got;
    sol_ptr_map_get(&L->reds, loop, &got);
    LiftReduction *red = (LiftReduction *)(uintptr_t)got;
    LiftScalar *s = red->dest;
    const SolLoopProps *p = loop->props.loop;
    SolValue *init = sol_op_operand(loop, p->num_lb_operands + p->num_ub_operands);
    if (red->fill) {
        LiftNode *F = sol_lift_node_new(L, lv, loop);
        if (!sol_lift_add_out(L, F, s->mem, s->map, init, NULL) ||
            !sol_lift_resolve(L, F, init, false) || !sol_lift_finish_node(L, F))
            return false;
    }
    uint32_t nd = lv->n + red->nchain;
    LiftDim **dims = sol_lift_alloc(L, (nd + 1) * sizeof *dims);
    memcpy(dims, lv->dims, lv->n * sizeof *dims);
    for (uint32_t i = 0; i < red->nchain; i++)
        if (!(dims[lv->n + i] = sol_lift_dim_of(L, red->chain[i])))
            return false;
    LiftLevel chain = {dims, nd, red->inner};
    LiftNode *N = sol_lift_node_new(L, &chain, loop);
    SolOp *yield = sol_block_last_op(red->inner);
    sol_block_for_each_op(op, red->inner)
    {
        if (op->kind != SOL_OP_STORE)
            continue;
        uint32_t first;
        LiftMem *mem = sol_lift_mem_of(L, sol_lift_access_memref(op, &first));
        const SolAffineMap *map = mem ? sol_lift_access_map(L, dims, nd, op, mem) : NULL;
        if (!map || !sol_lift_add_out(L, N, mem, map, sol_op_operand(op, 0), op))
            return false;
    }
    const SolAffineMap *acc_map =
        sol_affine_map(L->ctx, nd, 0, s->map->num_results, s->map->results);
    N->acc = &red->inner->args[1];
    N->acc_out = (uint32_t)N->outs.len;
    if (!sol_lift_add_out(L, N, s->mem, acc_map, sol_op_operand(yield, 0), NULL))
        return false;
    N->outs.data[N->acc_out].reads = true;
    for (size_t k = 0; k + 1 < N->outs.len; k++) {
        SolValue *v = N->outs.data[k].yield;
        if (sol_lift_depends_on(L, v, N->acc, 0))
            return sol_lift_fail(L, N->outs.data[k].store,
                                 "a running value of the reduction is stored "
                                 "(a scan, not an einsum)");
        if (!sol_lift_resolve(L, N, v, false))
            return false;
    }
    return sol_lift_resolve(L, N, sol_op_operand(yield, 0), false) && sol_lift_finish_node(L, N);
}

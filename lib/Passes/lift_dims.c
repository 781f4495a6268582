/*
 * lift-einsum, dims and maps: the loops of a nest as iteration dims (iv = lb + step * t, t in
 * [0, extent)), their extents as canonical expressions over function symbols (constants, index
 * arguments, `?` dims), the memrefs the generics see, subscripts as maps over a node's dims,
 * and the loop ranges every generic needs: MLIR takes each dim's range from the first operand
 * whose map has it as a plain result, so a dim no operand provably gives gets a shape-only
 * input.
 */
#include "Passes/lift.h"

#include "Analysis/dim_extent.h"

#include <stdlib.h>
#include <string.h>

/* ---- canonical extents --------------------------------------------------------------------- */

static const SolAffineExpr *sym_of(LiftFunc *F, const SolValue *v, int64_t dim)
{
    for (size_t i = 0; i < F->syms.len; i++)
        if (F->syms.data[i].v == v && F->syms.data[i].dim == dim)
            return sol_affine_sym(F->ctx, (uint32_t)i);
    LiftSymKey k = {v, dim};
    sol_vec_push(&F->syms, k);
    return sol_affine_sym(F->ctx, (uint32_t)(F->syms.len - 1));
}

static const SolAffineExpr *canon_value(LiftFunc *F, SolValue *v, int depth);

/* Extent of dim r of a memref from its type or allocation, before any assumption. */
const SolAffineExpr *sol_lift_raw_extent(LiftFunc *F, SolValue *mem, uint32_t r, int depth)
{
    const SolType *t = mem->type;
    if (t->dims[r] != SOL_DYNAMIC)
        return sol_affine_const(F->ctx, t->dims[r]);
    SolOp *def = mem->def;
    if (def && def->kind == SOL_OP_ALLOC) {
        uint32_t k = 0;
        for (uint32_t i = 0; i < r; i++)
            k += t->dims[i] == SOL_DYNAMIC;
        if (k < def->num_operands)
            return canon_value(F, sol_op_operand(def, k), depth + 1);
    }
    return sym_of(F, mem, r);
}

/* An index value as an expression over function symbols; NULL when it cannot be one. */
static const SolAffineExpr *canon_value(LiftFunc *F, SolValue *v, int depth)
{
    int64_t c;
    if (!v || depth > 64)
        return NULL;
    if (sol_value_const_int(v, &c))
        return sol_affine_const(F->ctx, c);
    SolOp *def = v->def;
    if (def && def->kind == SOL_OP_APPLY && def->num_results == 1) {
        const SolAffineMap *map = def->props.access.map;
        uint32_t n = map->num_dims + map->num_syms;
        if (n != def->num_operands || map->num_results != 1)
            return sym_of(F, v, -1);
        const SolAffineExpr **e = sol_xcalloc(n + 1, sizeof *e);
        bool ok = true;
        for (uint32_t i = 0; i < n && ok; i++)
            ok = (e[i] = canon_value(F, sol_op_operand(def, i), depth + 1)) != NULL;
        const SolAffineExpr *r =
            ok ? sol_affine_subst(F->ctx, map->results[0], e, e + map->num_dims) : NULL;
        free(e);
        return r ? r : sym_of(F, v, -1);
    }
    if (def && def->kind == SOL_OP_DIM) {
        SolValue *mem = sol_op_operand(def, 0);
        if (mem && mem->type && sol_type_is_memref(mem->type) &&
            sol_value_const_int(sol_op_operand(def, 1), &c) && c >= 0 &&
            (uint64_t)c < mem->type->rank)
            return sol_lift_raw_extent(F, mem, (uint32_t)c, depth + 1);
    }
    return sym_of(F, v, -1);
}

/* Extent of dim r of a program memref, with the assumed extent of a `?` dim of an argument
 * (F->contracts). */
static const SolAffineExpr *arg_extent(LiftFunc *F, SolValue *mem, uint32_t r)
{
    const SolAffineExpr *raw = sol_lift_raw_extent(F, mem, r, 0);
    if (raw && raw->kind != SOL_AFF_SYM)
        return raw;
    for (size_t i = 0; i < F->contracts.len; i++)
        if (F->contracts.data[i].arg == mem && F->contracts.data[i].dim == r)
            return F->contracts.data[i].extent;
    return raw;
}

static const SolAffineExpr *mem_extent(LiftFunc *F, const LiftMem *mem, uint32_t r)
{
    switch (mem->kind) {
    case LIFT_MEM_ARG:
        return arg_extent(F, mem->orig, r);
    case LIFT_MEM_EXPANDED:
        return r < mem->ndims ? mem->dims[r]->extent : arg_extent(F, mem->orig, r - mem->ndims);
    default:
        return mem->dims[r]->extent;
    }
}

/* Whether mem_extent(F, mem, r) is an assumed extent rather than one the memref's type or
 * allocation gives. */
static bool extent_assumed(LiftFunc *F, const LiftMem *mem, uint32_t r)
{
    if (mem->kind == LIFT_MEM_EXPANDED && r >= mem->ndims)
        r -= mem->ndims;
    else if (mem->kind != LIFT_MEM_ARG)
        return false;
    const SolAffineExpr *raw = sol_lift_raw_extent(F, mem->orig, r, 0);
    return raw->kind == SOL_AFF_SYM && arg_extent(F, mem->orig, r) != raw;
}

/* ---- loops as iteration dims ------------------------------------------------------------- */

/* The (single) upper bound of a loop as a canonical expression, or NULL. */
static const SolAffineExpr *upper_bound(LiftFunc *F, const SolOp *loop)
{
    const SolLoopProps *p = loop->props.loop;
    uint32_t n = p->num_ub_operands;
    if (p->ub->num_results != 1 || n != p->ub->num_dims + p->ub->num_syms)
        return NULL;
    const SolAffineExpr **e = sol_xcalloc(n + 1, sizeof *e);
    bool ok = true;
    for (uint32_t i = 0; i < n && ok; i++)
        ok = (e[i] = canon_value(F, sol_op_operand(loop, p->num_lb_operands + i), 0)) != NULL;
    const SolAffineExpr *r =
        ok ? sol_affine_subst(F->ctx, p->ub->results[0], e, e + p->ub->num_dims) : NULL;
    free(e);
    return r;
}

LiftDim *sol_lift_dim_of(LiftNest *L, SolOp *loop)
{
    uint64_t got;
    if (sol_ptr_map_get(&L->dims, loop, &got))
        return (LiftDim *)(uintptr_t)got;
    const SolLoopProps *p = loop->props.loop;
    SolBlock *b = sol_lift_body(loop);
    const char *iv = b && b->num_args ? sol_lift_value_name(&b->args[0]) : "?";
    if (p->lb->num_results != 1 || p->ub->num_results != 1) {
        sol_lift_fail(L, loop, "loop %%%s has a max/min bound (not a rectangular domain)", iv);
        return NULL;
    }
    if (p->lb->results[0]->kind != SOL_AFF_CONST) {
        sol_lift_fail(L, loop, "loop %%%s has a lower bound that is not a constant", iv);
        return NULL;
    }
    uint32_t n = p->num_ub_operands;
    for (uint32_t i = 0; i < n; i++) {
        SolValue *v = sol_op_operand(loop, p->num_lb_operands + i);
        int64_t c;
        if (sol_lift_value_inside(v, L->root) && !sol_value_const_int(v, &c)) {
            sol_lift_fail(L, loop,
                          "the bounds of loop %%%s depend on the nest (not a rectangular domain)",
                          iv);
            return NULL;
        }
    }
    const SolAffineExpr *ub = upper_bound(L->fn, loop);
    int64_t lb = p->lb->results[0]->value, step = p->step;
    const SolAffineExpr *extent = NULL;
    if (ub && ub->kind == SOL_AFF_CONST && step > 0) {
        int64_t span;
        if (!__builtin_sub_overflow(ub->value, lb, &span))
            extent = sol_affine_const(L->ctx, span > 0 ? sol_ceildiv(span, step) : 0);
    } else if (ub && lb == 0 && step == 1) {
        extent = ub;
    }
    if (!extent) {
        sol_lift_fail(L, loop,
                      "loop %%%s has a symbolic bound with a lower bound or step we cannot "
                      "express",
                      iv);
        return NULL;
    }
    LiftDim *d = sol_lift_alloc(L, sizeof *d);
    d->loop = loop;
    d->lb = lb;
    d->step = step;
    d->extent = extent;
    sol_ptr_map_put(&L->dims, loop, (uint64_t)(uintptr_t)d);
    return d;
}

/* ---- assumed extents of `?` dims (Analysis/dim_extent.h) --------------------------------- */

static const SolAffineExpr *loop_bound(const SolOp *loop, void *user)
{
    return upper_bound(user, loop);
}

void sol_lift_compute_contracts(LiftFunc *F)
{
    for (uint32_t a = 0; a < F->body->num_args; a++) {
        SolValue *arg = &F->body->args[a];
        const SolType *t = arg->type;
        if (!t || !sol_type_is_memref(t) || !sol_type_num_dynamic(t))
            continue;
        for (uint32_t r = 0; r < t->rank; r++) {
            const SolAffineExpr *e =
                t->dims[r] == SOL_DYNAMIC ? sol_dim_extent_assumed(arg, r, loop_bound, F) : NULL;
            if (e) {
                LiftContract c = {arg, r, e};
                sol_vec_push(&F->contracts, c);
            }
        }
    }
}

/* ---- memrefs ------------------------------------------------------------------------------ */

LiftMem *sol_lift_mem_of(LiftNest *L, SolValue *v)
{
    uint64_t got;
    if (sol_ptr_map_get(&L->mems, v, &got))
        return (LiftMem *)(uintptr_t)got;
    if (!v->type || !sol_type_is_memref(v->type))
        return NULL;
    LiftMem *mem = sol_lift_alloc(L, sizeof *mem);
    mem->kind = LIFT_MEM_ARG;
    mem->orig = v;
    mem->type = v->type;
    mem->value = v;
    sol_ptr_map_put(&L->mems, v, (uint64_t)(uintptr_t)mem);
    return mem;
}

LiftDim **sol_lift_dims_copy(LiftNest *L, LiftDim *const *d, uint32_t n, LiftDim *extra)
{
    LiftDim **r = sol_lift_alloc(L, (n + 2) * sizeof *r);
    if (n)
        memcpy(r, d, n * sizeof *r);
    r[n] = extra;
    return r;
}

/* A memref type with the extents of dims (`?` for symbolic ones) followed by `rest`. */
const SolType *sol_lift_memref_over(LiftNest *L, LiftDim *const *dims, uint32_t n,
                                    const SolType *rest, const SolType *elem)
{
    uint32_t rank = n + (rest ? rest->rank : 0);
    int64_t *shape = sol_lift_alloc(L, (rank + 1) * sizeof *shape);
    for (uint32_t i = 0; i < n; i++)
        shape[i] = dims[i]->extent->kind == SOL_AFF_CONST ? dims[i]->extent->value : SOL_DYNAMIC;
    for (uint32_t i = n; i < rank; i++)
        shape[i] = rest->dims[i - n];
    const SolType *t = sol_type_memref(L->ctx, elem, rank, shape);
    return t;
}

/* A new buffer with one element per point of dims. */
LiftMem *sol_lift_new_buffer(LiftNest *L, LiftMemKind kind, LiftDim *const *dims, uint32_t n,
                             const SolType *elem, const SolIdent *hint)
{
    if (kind == LIFT_MEM_SHAPE)
        for (size_t i = 0; i < L->made.len; i++) {
            LiftMem *m = L->made.data[i];
            if (m->kind == kind && m->ndims == n && !memcmp(m->dims, dims, n * sizeof *dims))
                return m;
        }
    LiftMem *mem = sol_lift_alloc(L, sizeof *mem);
    mem->kind = kind;
    mem->dims = sol_lift_dims_copy(L, dims, n, NULL);
    mem->ndims = n;
    mem->type = sol_lift_memref_over(L, dims, n, NULL, elem);
    mem->hint = hint;
    sol_vec_push(&L->made, mem);
    return mem;
}

const SolAffineMap *sol_lift_identity_map(LiftNest *L, uint32_t ndims, uint32_t n)
{
    const SolAffineExpr **r = sol_lift_alloc(L, (n + 1) * sizeof *r);
    for (uint32_t i = 0; i < n; i++)
        r[i] = sol_affine_dim(L->ctx, i);
    const SolAffineMap *m = sol_affine_map(L->ctx, ndims, 0, n, r);
    return m;
}

/* ---- subscripts as maps over a node's dims ------------------------------------------------- */

static int dim_pos(LiftDim *const *dims, uint32_t n, const SolOp *loop)
{
    for (uint32_t i = 0; i < n; i++)
        if (dims[i]->loop == loop)
            return (int)i;
    return -1;
}

/* An index value as an expression over the dims (iv = lb + step * d); NULL if it is not one. */
static const SolAffineExpr *index_expr(LiftNest *L, LiftDim *const *dims, uint32_t n, SolValue *v,
                                       int depth)
{
    int64_t c;
    if (!v || depth > 64)
        return NULL;
    if (sol_value_const_int(v, &c))
        return sol_affine_const(L->ctx, c);
    SolOp *loop = sol_lift_iv_loop(v);
    if (loop) {
        int k = dim_pos(dims, n, loop);
        if (k < 0)
            return NULL;
        const SolAffineExpr *d = sol_affine_dim(L->ctx, (uint32_t)k);
        if (dims[k]->step != 1)
            d = sol_affine_mul(L->ctx, d, sol_affine_const(L->ctx, dims[k]->step));
        return sol_affine_add(L->ctx, d, sol_affine_const(L->ctx, dims[k]->lb));
    }
    SolOp *def = v->def;
    if (def && def->kind == SOL_OP_APPLY && def->num_results == 1) {
        const SolAffineMap *map = def->props.access.map;
        uint32_t nv = map->num_dims + map->num_syms;
        if (nv != def->num_operands || map->num_results != 1)
            return NULL;
        const SolAffineExpr **e = sol_lift_alloc(L, (nv + 1) * sizeof *e);
        bool ok = true;
        for (uint32_t i = 0; i < nv && ok; i++)
            ok = (e[i] = index_expr(L, dims, n, sol_op_operand(def, i), depth + 1)) != NULL;
        const SolAffineExpr *r =
            ok ? sol_affine_subst(L->ctx, map->results[0], e, e + map->num_dims) : NULL;
        return r;
    }
    return NULL;
}

/* The map of a load/store over dims, with the leading dims of an expanded buffer. */
const SolAffineMap *sol_lift_access_map(LiftNest *L, LiftDim *const *dims, uint32_t n, SolOp *op,
                                        const LiftMem *mem)
{
    uint32_t first = 0;
    sol_lift_access_memref(op, &first);
    const SolAffineMap *map = op->props.access.map;
    uint32_t nv = map->num_dims + map->num_syms,
             lead = mem->kind == LIFT_MEM_EXPANDED ? mem->ndims : 0;
    if (first + nv != op->num_operands)
        return NULL;
    const SolAffineExpr **e = sol_lift_alloc(L, (nv + 1) * sizeof *e);
    const SolAffineExpr **res = sol_lift_alloc(L, (lead + map->num_results + 1) * sizeof *res);
    bool ok = true;
    for (uint32_t i = 0; i < nv && ok; i++)
        ok = (e[i] = index_expr(L, dims, n, sol_op_operand(op, first + i), 0)) != NULL;
    for (uint32_t i = 0; i < lead && ok; i++) {
        int k = dim_pos(dims, n, mem->dims[i]->loop);
        ok = k >= 0;
        if (ok)
            res[i] = sol_affine_dim(L->ctx, (uint32_t)k);
    }
    for (uint32_t r = 0; r < map->num_results && ok; r++) {
        const SolAffineExpr *x = sol_affine_subst(L->ctx, map->results[r], e, e + map->num_dims);
        ok = x != NULL;
        if (ok)
            res[lead + r] = sol_affine_canon(L->ctx, x);
    }
    const SolAffineMap *m = ok ? sol_affine_map(L->ctx, n, 0, lead + map->num_results, res) : NULL;
    if (!m) {
        SolValue *mv = sol_lift_access_memref(op, &first);
        sol_lift_fail(L, op,
                      "a subscript of %%%s is not an affine function of the loop counters "
                      "(data-dependent or symbolic)",
                      sol_lift_value_name(mv));
    }
    return m;
}

/* map (over the dims `from`) rewritten over the node dims `to`. */
const SolAffineMap *sol_lift_remap(LiftNest *L, const SolAffineMap *map, LiftDim *const *from,
                                   uint32_t nfrom, LiftDim *const *to, uint32_t nto)
{
    const SolAffineExpr **d = sol_lift_alloc(L, (nfrom + 1) * sizeof *d);
    const SolAffineExpr **res = sol_lift_alloc(L, (map->num_results + 1) * sizeof *res);
    bool ok = true;
    for (uint32_t i = 0; i < nfrom && ok; i++) {
        int k = dim_pos(to, nto, from[i]->loop);
        ok = k >= 0;
        if (ok)
            d[i] = sol_affine_dim(L->ctx, (uint32_t)k);
    }
    for (uint32_t r = 0; r < map->num_results && ok; r++)
        res[r] = sol_affine_canon(L->ctx, sol_affine_subst(L->ctx, map->results[r], d, NULL));
    const SolAffineMap *m = ok ? sol_affine_map(L->ctx, nto, 0, map->num_results, res) : NULL;
    return m;
}

/* Whether every one of the first n dims is a plain result of map. */
bool sol_lift_covers_dims(const SolAffineMap *map, uint32_t n)
{
    for (uint32_t d = 0; d < n; d++) {
        bool found = false;
        for (uint32_t r = 0; r < map->num_results && !found; r++)
            found = map->results[r]->kind == SOL_AFF_DIM && (uint32_t)map->results[r]->value == d;
        if (!found)
            return false;
    }
    return true;
}

/* ---- loop ranges: MLIR infers them from operand shapes ------------------------------------- */

/* An argument nothing uses whose static shape is exactly the extents of `missing`, in some
 * order: the window operand of MLIR's pooling ops. */
static bool unused_arg_for(LiftNest *L, LiftNode *N, const uint32_t *missing, uint32_t nmiss,
                           LiftOperand *out)
{
    for (uint32_t a = 0; a < L->fn->body->num_args; a++) {
        SolValue *arg = &L->fn->body->args[a];
        const SolType *t = arg->type;
        if (sol_value_has_uses(arg) || !t || !sol_type_is_memref(t) || t->rank != nmiss ||
            sol_type_num_dynamic(t))
            continue;
        bool *taken = sol_xcalloc(nmiss + 1, sizeof *taken);
        const SolAffineExpr **res = sol_xcalloc(nmiss + 1, sizeof *res);
        bool ok = true;
        for (uint32_t r = 0; r < t->rank && ok; r++) {
            ok = false;
            for (uint32_t k = 0; k < nmiss && !ok; k++) {
                const SolAffineExpr *e = N->dims[missing[k]]->extent;
                if (!taken[k] && e->kind == SOL_AFF_CONST && e->value == t->dims[r]) {
                    taken[k] = ok = true;
                    res[r] = sol_affine_dim(L->ctx, missing[k]);
                }
            }
        }
        if (ok) {
            out->mem = sol_lift_mem_of(L, arg);
            out->map = sol_affine_map(L->ctx, N->ndims, 0, nmiss, res);
            out->shape_only = true;
        }
        free(taken);
        free(res);
        if (ok)
            return true;
    }
    return false;
}

/* Checks that every dim of N gets its range from an operand whose extent is provably the
 * loop's, adding a shape-only input for the dims that have none. */
bool sol_lift_finish_node(LiftNest *L, LiftNode *N)
{
    uint32_t *missing = sol_lift_alloc(L, (N->ndims + 1) * sizeof *missing);
    uint32_t nmiss = 0;
    bool front = false;
    size_t nin = N->ins.len, nopd = nin + N->outs.len;
    for (uint32_t d = 0; d < N->ndims; d++) {
        const SolAffineExpr *want = N->dims[d]->extent;
        bool have = false, provable = false;
        for (size_t i = 0; i < nopd; i++) {
            const LiftOperand *o = i < nin ? &N->ins.data[i] : &N->outs.data[i - nin].opd;
            for (uint32_t r = 0; r < o->map->num_results; r++) {
                const SolAffineExpr *e = o->map->results[r];
                if (e->kind != SOL_AFF_DIM || (uint32_t)e->value != d)
                    continue;
                const SolAffineExpr *ext = mem_extent(L->fn, o->mem, r);
                if (ext->kind == SOL_AFF_CONST && want->kind == SOL_AFF_CONST && ext != want &&
                    !extent_assumed(L->fn, o->mem, r)) {
                    SolBlock *lb = sol_lift_body(N->dims[d]->loop);
                    return sol_lift_fail(
                        L, N->dims[d]->loop,
                        "loop %%%s covers %lld of the %lld elements of a dim of %%%s",
                        sol_lift_value_name(&lb->args[0]), (long long)want->value,
                        (long long)ext->value,
                        sol_lift_value_name(o->mem->orig ? o->mem->orig : NULL));
                }
                if (!have)
                    provable = ext == want;
                have = true;
            }
        }
        if (!have || !provable)
            missing[nmiss++] = d;
        front |= have && !provable;
    }
    if (!nmiss)
        return true;
    LiftOperand shape;
    if (!front && unused_arg_for(L, N, missing, nmiss, &shape)) {
        sol_vec_push(&N->ins, shape);
        return true;
    }
    LiftDim **sd = sol_lift_alloc(L, (nmiss + 1) * sizeof *sd);
    const SolAffineExpr **res = sol_xcalloc(nmiss + 1, sizeof *res);
    for (uint32_t k = 0; k < nmiss; k++) {
        sd[k] = N->dims[missing[k]];
        res[k] = sol_affine_dim(L->ctx, missing[k]);
    }
    shape.mem = sol_lift_new_buffer(L, LIFT_MEM_SHAPE, sd, nmiss, sol_type_int(L->ctx, 8),
                                    sol_ident_cstr(L->ctx, "shape"));
    shape.map = sol_affine_map(L->ctx, N->ndims, 0, nmiss, res);
    shape.shape_only = true;
    free(res);
    sol_vec_push(&N->ins, shape);
    if (front) {
        /* MLIR takes a dim's range from the first operand indexing it: put the shape first */
        memmove(N->ins.data + 1, N->ins.data, (N->ins.len - 1) * sizeof *N->ins.data);
        N->ins.data[0] = shape;
        const void *key;
        uint64_t *r;
        for (size_t it = 0; (r = sol_ptr_map_next(&N->res, &it, &key));)
            if ((*r & 0xff) == LIFT_RES_IN)
                *r += 1u << 8;
    }
    return true;
}

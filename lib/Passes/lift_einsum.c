/*
 * The `lift-einsum` pass: every loop nest that writes a buffer becomes MLIR's own
 * `linalg.generic` on memrefs (one or several: imperfect nests are distributed), so the rest of
 * the pipeline sees einsums instead of loops. Nests that are not einsums stay loops; the pass
 * never fails a program.
 *
 * The attributes (also set on linalg.generic ops already in the input):
 *
 *   solar.einsum  = "bc(2p+r)(2q+s),fcrs->bfpq"
 *       one term per operand, inputs then outputs, inputs separated from outputs by `->`,
 *       terms separated by `,`. A term has one entry per memref dimension: the letter of the
 *       iteration dim that indexes it, or an affine index term in parentheses, coefficients
 *       first and the constant last (`(2p+r)`, `(p+r-1)`, `(0)`). A rank-0 memref has an empty
 *       term (`"ij->"`). An input the region never reads (it only gives the range of some
 *       dims, like the window of MLIR's pooling ops) is written in brackets: `"...,[rs]->..."`.
 *       Letters: each dim takes the first letter of its loop's induction variable (`%k` -> k)
 *       when that letter is free; the others take the next free letter of i, j, k, l, ...
 *       in loop order (mlir-opt's `%arg3` names count as no name).
 *   solar.combine = "mulf"
 *       the scalar ops computing the value of each point, in region order, named without
 *       their dialect (`subf,exp`; `extf,addf,truncf`), the accumulation itself excluded;
 *       "copy" when the value is an input element as it is, "fill" when it is a value from
 *       outside the generic (a constant, a scalar of the function) as it is.
 *   solar.reduce  = "addf"
 *       present when an output accumulates (its value is computed from the output itself and
 *       the output is not written once per point): the op that accumulates (`addf`,
 *       `maximumf`). With several outputs, one entry per output, `-` for an output that is
 *       simply written: `"-,addf"`.
 *
 * What lifts:
 *   - rectangular loop nests (constant lower bounds and steps, upper bounds from outside the
 *     nest) of affine.load, affine.store, arith/math ops and `iter_args` reductions;
 *   - `iter_args` reductions (also nests of them, as conv2d's c, r, s loops): the reduced value
 *     lives in a buffer. A reduction initialised from a load of the output it is stored to
 *     becomes one generic accumulating there; otherwise a fill generic (storing the initial
 *     value: a constant, a bias load...) comes first. When the result is stored once per
 *     point of the enclosing loops (possibly after scalar ops, as `sum / n`), the buffer is
 *     that output and the scalar ops become an in-place generic after the reduction; when the
 *     result is used elsewhere (softmax's row max) it lives in a new buffer indexed by the
 *     enclosing loops (memref.alloc, one element per point).
 *   - read-modify-write accumulation (MLIR's own lowering of linalg), also into outputs indexed
 *     by affine combinations of several dims (scatter: `out[2i + r] += in[i] * w[r]`).
 *   - imperfect nests are distributed into one node per statement, in program order: each
 *     store, each reduction, each inner loop, and each scalar op whose value an inner loop
 *     uses (into a new buffer, as log-softmax's log of the row sum). A load hoisted out of an
 *     inner loop is sunk back into it. Adjacent stores of one iteration that share scalar ops
 *     become one generic with several outputs. Distribution is only done when every
 *     buffer two nodes share is indexed by the loops they share at the same place, so no
 *     access moves across an iteration of those loops. A scratch buffer (memref.alloc) that is
 *     fully written before it is read in every iteration of an outer loop gets that loop as a
 *     leading dim instead (array expansion), so attention's score matrix does not tie the
 *     batch loop.
 *   - each loop dim must be a plain result of some operand's map with a provably equal extent
 *     (MLIR infers loop ranges from operand shapes); otherwise an unused argument of exactly
 *     the missing shape or a new i8 buffer of that shape becomes a shape-only input.
 *
 * What stays loops (the reason is a remark under `lift-einsum{remarks=true}`, with a note at
 * the op responsible): affine.if,
 * min/max or loop-dependent bounds (triangular and clipped windows), subscripts that are not
 * affine in the loop counters (memref.load, symbols), a loop counter used as a value (argmax),
 * reductions carrying several values, running values that are stored (scans), calls and
 * allocations inside the nest, and nests whose distribution would reorder accesses.
 *
 * Shape contract: a `?` dim of a function argument whose every access is the plain counter of
 * `for 0 to E` (one E for all accesses) is taken to have extent E, since the generic iterates
 * over the dim. This is an assumption about unbound programs (their size arguments name the
 * dims of their tensors); `--bind` makes such dims static from the same evidence (bind.c)
 * unless some other user of the argument stops it.
 */
#include "Passes/lift.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---- state -------------------------------------------------------------------------------- */

/* A function symbol of canonical extents: a value, or dim `dim` of memref `v` (dim >= 0). */
typedef struct SymKey {
    const SolValue *v;
    int64_t dim;
} SymKey;

/* What the accesses of a `?` dim of an argument say about its extent. */
typedef struct Contract {
    const SolValue *arg;
    uint32_t dim;
    const SolAffineExpr *extent; /* NULL once two accesses disagree */
} Contract;

/* Where a scalar of the nest lives between nodes: a reduction result or a materialized value. */
typedef struct Scalar {
    LiftMem *mem;
    LiftDim **dims; /* the loops around its definition; mem is indexed by map over them */
    uint32_t ndims;
    const SolAffineMap *map;
    SolOp *store;  /* reduction stored straight to the program's buffer: that store */
    bool absorbed; /* that store stores the result itself (no node of its own) */
} Scalar;

/* A reduction: nested `iter_args` loops carrying one value. */
typedef struct Reduction {
    Scalar *dest;
    bool fill; /* a fill node stores the initial value first */
    SolOp **chain;
    uint32_t nchain;
    SolBlock *inner; /* body of the innermost loop */
} Reduction;

/* A memref.alloc of the function body and the next one used by the same nest (1-based). */
typedef struct AllocLink {
    SolOp *op;
    uint64_t next;
} AllocLink;

typedef struct Lifter {
    SolContext *ctx;
    SolModule *m;
    SolOp *func;
    SolBlock *body;
    bool remarks;
    SolVecOf(SymKey) syms;
    SolVecOf(Contract) contracts;
    SolVecOf(AllocLink) allocs; /* allocations, chained per nest */
    SolPtrMap nest_allocs;      /* top-level nest -> 1 + index of its first allocation in allocs */
    SolPtrMap last_alloc;       /* top-level nest -> 1 + index of its last one */
    /* the nest being planned */
    SolOp *root;
    SolArena arena;
    SolPtrMap seq;     /* op -> program order */
    SolPtrMap dims;    /* loop -> LiftDim* */
    SolPtrMap mems;    /* memref -> LiftMem* */
    SolPtrMap scalars; /* value -> Scalar* */
    SolPtrMap reds;    /* reduction loop -> Reduction* */
    SolVecOf(LiftNode *) nodes;
    SolVecOf(LiftMem *) made; /* buffers emission creates */
    char *why;
    SolLoc why_loc;
} Lifter;

static void *palloc(Lifter *L, size_t size) { return sol_arena_alloc(&L->arena, size); }

/* Records the first reason the nest stays loops; returns false for `return fail(...)`. */
__attribute__((format(printf, 3, 4))) static bool fail(Lifter *L, const SolOp *at, const char *fmt,
                                                       ...)
{
    if (L->why)
        return false;
    SolBuf b = {0};
    va_list ap;
    va_start(ap, fmt);
    sol_buf_vprintf(&b, fmt, ap);
    va_end(ap);
    L->why = b.data;
    L->why_loc = at ? at->loc : L->root->loc;
    return false;
}

/* Drops a reason recorded since `saved`: for probes whose failure is not the nest's. */
static void forget(Lifter *L, char *saved)
{
    if (L->why != saved) {
        free(L->why);
        L->why = saved;
    }
}

static const char *value_name(const SolValue *v) { return v && v->hint ? v->hint->str : "a value"; }

/* ---- IR queries --------------------------------------------------------------------------- */

static bool op_inside(const SolOp *op, const SolOp *root)
{
    for (const SolOp *o = op; o; o = sol_op_parent_op(o))
        if (o == root)
            return true;
    return false;
}

static bool value_inside(const SolValue *v, const SolOp *root)
{
    if (v->def)
        return op_inside(v->def, root);
    SolOp *owner = v->owner ? sol_block_parent_op(v->owner) : NULL;
    return owner && op_inside(owner, root);
}

/* The loop whose induction variable v is, or NULL. */
static SolOp *iv_loop(const SolValue *v)
{
    if (v->def || !v->owner || v->index != 0)
        return NULL;
    SolOp *loop = sol_block_parent_op(v->owner);
    return loop && loop->kind == SOL_OP_FOR ? loop : NULL;
}

/* op or the ancestor of op whose parent block is b, or NULL. */
static SolOp *ancestor_in(SolOp *op, const SolBlock *b)
{
    for (SolOp *o = op; o; o = sol_op_parent_op(o))
        if (o->parent == b)
            return o;
    return NULL;
}

static SolBlock *body_of(const SolOp *op) { return sol_region_first_block(&op->regions[0]); }

static uint64_t seq_of(const Lifter *L, const SolOp *op)
{
    uint64_t s = 0;
    sol_ptr_map_get(&L->seq, op, &s);
    return s;
}

/* The memref an access op reads or writes and the index of its first subscript operand. */
static SolValue *access_memref(const SolOp *op, uint32_t *first)
{
    switch (op->kind) {
    case SOL_OP_LOAD:
    case SOL_OP_MLOAD:
        *first = 1;
        return sol_op_operand(op, 0);
    case SOL_OP_STORE:
    case SOL_OP_MSTORE:
        *first = 2;
        return sol_op_operand(op, 1);
    default:
        return NULL;
    }
}

typedef struct MemQuery {
    const SolValue *mem;
    bool writes_only;
    bool found;
} MemQuery;

static bool mem_query_fn(SolOp *op, void *user)
{
    MemQuery *q = user;
    uint32_t first;
    const SolValue *m = access_memref(op, &first);
    if (m == q->mem && (!q->writes_only || op->kind == SOL_OP_STORE || op->kind == SOL_OP_MSTORE))
        q->found = true;
    if (op->kind == SOL_OP_GENERIC || op->kind == SOL_OP_CALL)
        for (uint32_t i = 0; i < op->num_operands; i++)
            if (sol_op_operand(op, i) == q->mem)
                q->found = true;
    return !q->found;
}

static bool op_writes(SolOp *op, const SolValue *mem)
{
    MemQuery q = {mem, true, false};
    sol_op_walk(op, mem_query_fn, &q);
    return q.found;
}

static bool op_accesses(SolOp *op, const SolValue *mem)
{
    MemQuery q = {mem, false, false};
    sol_op_walk(op, mem_query_fn, &q);
    return q.found;
}

/* ---- canonical extents --------------------------------------------------------------------- */

static const SolAffineExpr *sym_of(Lifter *L, const SolValue *v, int64_t dim)
{
    for (size_t i = 0; i < L->syms.len; i++)
        if (L->syms.data[i].v == v && L->syms.data[i].dim == dim)
            return sol_affine_sym(L->ctx, (uint32_t)i);
    SymKey k = {v, dim};
    sol_vec_push(&L->syms, k);
    return sol_affine_sym(L->ctx, (uint32_t)(L->syms.len - 1));
}

static const SolAffineExpr *canon_value(Lifter *L, SolValue *v, int depth);

/* Extent of dim r of a memref from its type or allocation, before any shape contract. */
static const SolAffineExpr *raw_extent(Lifter *L, SolValue *mem, uint32_t r, int depth)
{
    const SolType *t = mem->type;
    if (t->dims[r] != SOL_DYNAMIC)
        return sol_affine_const(L->ctx, t->dims[r]);
    SolOp *def = mem->def;
    if (def && def->kind == SOL_OP_ALLOC) {
        uint32_t k = 0;
        for (uint32_t i = 0; i < r; i++)
            k += t->dims[i] == SOL_DYNAMIC;
        if (k < def->num_operands)
            return canon_value(L, sol_op_operand(def, k), depth + 1);
    }
    return sym_of(L, mem, r);
}

/* An index value as an expression over function symbols; NULL when it cannot be one. */
static const SolAffineExpr *canon_value(Lifter *L, SolValue *v, int depth)
{
    int64_t c;
    if (!v || depth > 64)
        return NULL;
    if (sol_value_const_int(v, &c))
        return sol_affine_const(L->ctx, c);
    SolOp *def = v->def;
    if (def && def->kind == SOL_OP_APPLY && def->num_results == 1) {
        const SolAffineMap *map = def->props.access.map;
        uint32_t n = map->num_dims + map->num_syms;
        if (n != def->num_operands || map->num_results != 1)
            return sym_of(L, v, -1);
        const SolAffineExpr **e = sol_xcalloc(n + 1, sizeof *e);
        bool ok = true;
        for (uint32_t i = 0; i < n && ok; i++)
            ok = (e[i] = canon_value(L, sol_op_operand(def, i), depth + 1)) != NULL;
        const SolAffineExpr *r = ok ? sol_affine_subst(L->ctx, map->results[0], e, e + map->num_dims) : NULL;
        free(e);
        return r ? r : sym_of(L, v, -1);
    }
    if (def && def->kind == SOL_OP_DIM) {
        SolValue *mem = sol_op_operand(def, 0);
        if (mem && mem->type && sol_type_is_memref(mem->type) &&
            sol_value_const_int(sol_op_operand(def, 1), &c) && c >= 0 &&
            (uint64_t)c < mem->type->rank)
            return raw_extent(L, mem, (uint32_t)c, depth + 1);
    }
    return sym_of(L, v, -1);
}

/* Extent of dim r of a program memref, with the shape contract. */
static const SolAffineExpr *arg_extent(Lifter *L, SolValue *mem, uint32_t r)
{
    const SolAffineExpr *raw = raw_extent(L, mem, r, 0);
    if (raw && raw->kind != SOL_AFF_SYM)
        return raw;
    for (size_t i = 0; i < L->contracts.len; i++)
        if (L->contracts.data[i].arg == mem && L->contracts.data[i].dim == r &&
            L->contracts.data[i].extent)
            return L->contracts.data[i].extent;
    return raw;
}

static const SolAffineExpr *mem_extent(Lifter *L, const LiftMem *mem, uint32_t r)
{
    switch (mem->kind) {
    case LIFT_MEM_ARG:
        return arg_extent(L, mem->orig, r);
    case LIFT_MEM_EXPANDED:
        return r < mem->ndims ? mem->dims[r]->extent : arg_extent(L, mem->orig, r - mem->ndims);
    default:
        return mem->dims[r]->extent;
    }
}

/* ---- loops as iteration dims ------------------------------------------------------------- */

/* The extent of `for 0 to ub step 1` as a canonical expression, or NULL. */
static const SolAffineExpr *unit_loop_extent(Lifter *L, const SolOp *loop)
{
    const SolLoopProps *p = loop->props.loop;
    if (p->step != 1 || p->lb->num_results != 1 || p->lb->results[0]->kind != SOL_AFF_CONST ||
        p->lb->results[0]->value != 0 || p->ub->num_results != 1)
        return NULL;
    uint32_t n = p->ub->num_dims + p->ub->num_syms;
    if (n != p->num_ub_operands)
        return NULL;
    const SolAffineExpr **e = sol_xcalloc(n + 1, sizeof *e);
    bool ok = true;
    for (uint32_t i = 0; i < n && ok; i++)
        ok = (e[i] = canon_value(L, sol_op_operand(loop, p->num_lb_operands + i), 0)) != NULL;
    const SolAffineExpr *r = ok ? sol_affine_subst(L->ctx, p->ub->results[0], e, e + p->ub->num_dims) : NULL;
    free(e);
    return r;
}

static LiftDim *dim_of(Lifter *L, SolOp *loop)
{
    uint64_t got;
    if (sol_ptr_map_get(&L->dims, loop, &got))
        return (LiftDim *)(uintptr_t)got;
    const SolLoopProps *p = loop->props.loop;
    SolBlock *b = body_of(loop);
    const char *iv = b && b->num_args ? value_name(&b->args[0]) : "?";
    if (p->lb->num_results != 1 || p->ub->num_results != 1) {
        fail(L, loop, "loop %%%s has a max/min bound (not a rectangular domain)", iv);
        return NULL;
    }
    if (p->lb->results[0]->kind != SOL_AFF_CONST) {
        fail(L, loop, "loop %%%s has a lower bound that is not a constant", iv);
        return NULL;
    }
    uint32_t n = p->num_ub_operands;
    for (uint32_t i = 0; i < n; i++) {
        SolValue *v = sol_op_operand(loop, p->num_lb_operands + i);
        int64_t c;
        if (value_inside(v, L->root) && !sol_value_const_int(v, &c)) {
            fail(L, loop, "the bounds of loop %%%s depend on the nest (not a rectangular domain)",
                 iv);
            return NULL;
        }
    }
    const SolAffineExpr **e = sol_xcalloc(n + 1, sizeof *e);
    bool ok = n == p->ub->num_dims + p->ub->num_syms;
    for (uint32_t i = 0; i < n && ok; i++)
        ok = (e[i] = canon_value(L, sol_op_operand(loop, p->num_lb_operands + i), 0)) != NULL;
    const SolAffineExpr *ub = ok ? sol_affine_subst(L->ctx, p->ub->results[0], e, e + p->ub->num_dims) : NULL;
    free(e);
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
        fail(L, loop,
             "loop %%%s has a symbolic bound with a lower bound or step we cannot "
             "express",
             iv);
        return NULL;
    }
    LiftDim *d = palloc(L, sizeof *d);
    d->loop = loop;
    d->lb = lb;
    d->step = step;
    d->extent = extent;
    sol_ptr_map_put(&L->dims, loop, (uint64_t)(uintptr_t)d);
    return d;
}

/* ---- shape contracts ---------------------------------------------------------------------- */

static void contract_note(Lifter *L, const SolValue *arg, uint32_t dim, const SolAffineExpr *e)
{
    for (size_t i = 0; i < L->contracts.len; i++) {
        Contract *c = &L->contracts.data[i];
        if (c->arg == arg && c->dim == dim) {
            if (c->extent != e)
                c->extent = NULL;
            return;
        }
    }
    Contract c = {arg, dim, e};
    sol_vec_push(&L->contracts, c);
}

static void compute_contracts(Lifter *L)
{
    for (uint32_t a = 0; a < L->body->num_args; a++) {
        SolValue *arg = &L->body->args[a];
        const SolType *t = arg->type;
        if (!t || !sol_type_is_memref(t) || !sol_type_num_dynamic(t))
            continue;
        for (const SolUse *u = arg->uses; u; u = u->next) {
            const SolOp *op = u->user;
            uint32_t first, pos = (uint32_t)(u - op->operands);
            bool is_access =
                (op->kind == SOL_OP_LOAD && pos == 0) || (op->kind == SOL_OP_STORE && pos == 1);
            if (!is_access) {
                if (op->kind == SOL_OP_DIM || op->kind == SOL_OP_DEALLOC ||
                    op->kind == SOL_OP_GENERIC)
                    continue;
                for (uint32_t r = 0; r < t->rank; r++)
                    contract_note(L, arg, r, NULL);
                continue;
            }
            access_memref(op, &first);
            const SolAffineMap *map = op->props.access.map;
            for (uint32_t r = 0; r < t->rank && r < map->num_results; r++) {
                if (t->dims[r] != SOL_DYNAMIC)
                    continue;
                const SolAffineExpr *e = map->results[r];
                const SolValue *v = NULL;
                if (e->kind == SOL_AFF_DIM)
                    v = sol_op_operand(op, first + (uint32_t)e->value);
                else if (e->kind == SOL_AFF_SYM)
                    v = sol_op_operand(op, first + map->num_dims + (uint32_t)e->value);
                SolOp *loop = v ? iv_loop(v) : NULL;
                contract_note(L, arg, r, loop ? unit_loop_extent(L, loop) : NULL);
            }
        }
    }
}

/* ---- memrefs ------------------------------------------------------------------------------ */

static LiftMem *mem_of(Lifter *L, SolValue *v)
{
    uint64_t got;
    if (sol_ptr_map_get(&L->mems, v, &got))
        return (LiftMem *)(uintptr_t)got;
    if (!v->type || !sol_type_is_memref(v->type))
        return NULL;
    LiftMem *mem = palloc(L, sizeof *mem);
    mem->kind = LIFT_MEM_ARG;
    mem->orig = v;
    mem->type = v->type;
    mem->value = v;
    sol_ptr_map_put(&L->mems, v, (uint64_t)(uintptr_t)mem);
    return mem;
}

static LiftDim **dims_copy(Lifter *L, LiftDim *const *d, uint32_t n, LiftDim *extra)
{
    LiftDim **r = palloc(L, (n + 2) * sizeof *r);
    if (n)
        memcpy(r, d, n * sizeof *r);
    r[n] = extra;
    return r;
}

/* A memref type with the extents of dims (`?` for symbolic ones) followed by `rest`. */
static const SolType *memref_over(Lifter *L, LiftDim *const *dims, uint32_t n, const SolType *rest,
                                  const SolType *elem)
{
    uint32_t rank = n + (rest ? rest->rank : 0);
    int64_t *shape = sol_xcalloc(rank + 1, sizeof *shape);
    for (uint32_t i = 0; i < n; i++)
        shape[i] = dims[i]->extent->kind == SOL_AFF_CONST ? dims[i]->extent->value : SOL_DYNAMIC;
    for (uint32_t i = n; i < rank; i++)
        shape[i] = rest->dims[i - n];
    const SolType *t = sol_type_memref(L->ctx, elem, rank, shape);
    free(shape);
    return t;
}

/* A new buffer with one element per point of dims. */
static LiftMem *new_buffer(Lifter *L, LiftMemKind kind, LiftDim *const *dims, uint32_t n,
                           const SolType *elem, const SolIdent *hint)
{
    if (kind == LIFT_MEM_SHAPE)
        for (size_t i = 0; i < L->made.len; i++) {
            LiftMem *m = L->made.data[i];
            if (m->kind == kind && m->ndims == n && !memcmp(m->dims, dims, n * sizeof *dims))
                return m;
        }
    LiftMem *mem = palloc(L, sizeof *mem);
    mem->kind = kind;
    mem->dims = dims_copy(L, dims, n, NULL);
    mem->ndims = n;
    mem->type = memref_over(L, dims, n, NULL, elem);
    mem->hint = hint;
    sol_vec_push(&L->made, mem);
    return mem;
}

static const SolAffineMap *identity_map(Lifter *L, uint32_t ndims, uint32_t n)
{
    const SolAffineExpr **r = sol_xcalloc(n + 1, sizeof *r);
    for (uint32_t i = 0; i < n; i++)
        r[i] = sol_affine_dim(L->ctx, i);
    const SolAffineMap *m = sol_affine_map(L->ctx, ndims, 0, n, r);
    free(r);
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
static const SolAffineExpr *index_expr(Lifter *L, LiftDim *const *dims, uint32_t n, SolValue *v,
                                       int depth)
{
    int64_t c;
    if (!v || depth > 64)
        return NULL;
    if (sol_value_const_int(v, &c))
        return sol_affine_const(L->ctx, c);
    SolOp *loop = iv_loop(v);
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
        const SolAffineExpr **e = sol_xcalloc(nv + 1, sizeof *e);
        bool ok = true;
        for (uint32_t i = 0; i < nv && ok; i++)
            ok = (e[i] = index_expr(L, dims, n, sol_op_operand(def, i), depth + 1)) != NULL;
        const SolAffineExpr *r = ok ? sol_affine_subst(L->ctx, map->results[0], e, e + map->num_dims) : NULL;
        free(e);
        return r;
    }
    return NULL;
}

/* The map of a load/store over dims, with the leading dims of an expanded buffer. */
static const SolAffineMap *access_map(Lifter *L, LiftDim *const *dims, uint32_t n, SolOp *op,
                                      const LiftMem *mem)
{
    uint32_t first = 0;
    access_memref(op, &first);
    const SolAffineMap *map = op->props.access.map;
    uint32_t nv = map->num_dims + map->num_syms,
             lead = mem->kind == LIFT_MEM_EXPANDED ? mem->ndims : 0;
    if (first + nv != op->num_operands)
        return NULL;
    const SolAffineExpr **e = sol_xcalloc(nv + 1, sizeof *e);
    const SolAffineExpr **res = sol_xcalloc(lead + map->num_results + 1, sizeof *res);
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
    free(e);
    free(res);
    if (!m) {
        SolValue *mv = access_memref(op, &first);
        fail(L, op,
             "a subscript of %%%s is not an affine function of the loop counters "
             "(data-dependent or symbolic)",
             value_name(mv));
    }
    return m;
}

/* map (over the dims `from`) rewritten over the node dims `to`. */
static const SolAffineMap *remap(Lifter *L, const SolAffineMap *map, LiftDim *const *from,
                                 uint32_t nfrom, LiftDim *const *to, uint32_t nto)
{
    const SolAffineExpr **d = sol_xcalloc(nfrom + 1, sizeof *d);
    const SolAffineExpr **res = sol_xcalloc(map->num_results + 1, sizeof *res);
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
    free(d);
    free(res);
    return m;
}

/* Whether every one of the first n dims is a plain result of map. */
static bool covers_dims(const SolAffineMap *map, uint32_t n)
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

/* ---- nodes --------------------------------------------------------------------------------- */

static LiftNode *node_new(Lifter *L, LiftDim *const *dims, uint32_t n, SolOp *anchor,
                          SolBlock *inner)
{
    LiftNode *N = palloc(L, sizeof *N);
    N->dims = dims_copy(L, dims, n, NULL);
    N->ndims = n;
    N->anchor = anchor;
    N->inner = inner;
    sol_vec_push(&L->nodes, N);
    return N;
}

static void res_put(LiftNode *N, const SolValue *v, LiftResKind kind, uint32_t index)
{
    sol_ptr_map_put(&N->res, v, ((uint64_t)index << 8) | kind);
}

static bool add_out(Lifter *L, LiftNode *N, LiftMem *mem, const SolAffineMap *map, SolValue *yield,
                    SolOp *store)
{
    for (size_t k = 0; k < N->outs.len; k++)
        if (N->outs.data[k].opd.mem == mem)
            return fail(L, store ? store : N->anchor,
                        "one iteration writes a buffer at two places");
    LiftOut o = {{mem, map, false}, yield, store, false};
    sol_vec_push(&N->outs, o);
    return true;
}

static bool resolve(Lifter *L, LiftNode *N, SolValue *v, bool top);

/* A read of mem at map in node N: the output's block argument when N writes mem there, a
 * forwarded value when N stored it earlier in the iteration, else an input. ld is the load
 * (NULL for a scalar kept in a buffer). */
static bool node_read(Lifter *L, LiftNode *N, SolValue *v, LiftMem *mem, const SolAffineMap *map,
                      SolOp *ld)
{
    for (size_t k = 0; k < N->outs.len; k++) {
        LiftOut *o = &N->outs.data[k];
        if (o->opd.mem != mem)
            continue;
        if (o->opd.map != map)
            return fail(L, ld ? ld : N->anchor,
                        "the nest reads a buffer at another place than it writes it in the "
                        "same iteration");
        if (ld && ld->parent != N->inner)
            return fail(L, ld, "a value loaded outside a loop is overwritten inside it");
        if (ld && o->store && seq_of(L, ld) > seq_of(L, o->store)) {
            /* read after the store in the same iteration: the stored value */
            if (!resolve(L, N, sol_op_operand(o->store, 0), false))
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
static bool sink_check(Lifter *L, LiftNode *N, SolOp *ld)
{
    if (op_inside(ld, N->anchor))
        return true;
    SolOp *anc = ancestor_in(N->anchor, ld->parent);
    uint32_t first;
    SolValue *mem = access_memref(ld, &first);
    if (!anc)
        return fail(L, ld, "internal: load outside the node's loops");
    for (SolOp *o = sol_op_next(ld); o && o != anc; o = sol_op_next(o))
        if (op_writes(o, mem))
            return fail(L, o, "%%%s is written between a load and its use", value_name(mem));
    if (anc != N->anchor && op_writes(anc, mem))
        return fail(L, ld, "a value of %%%s loaded outside a loop is overwritten inside it",
                    value_name(mem));
    return true;
}

static const Scalar *scalar_of(const Lifter *L, const SolValue *v)
{
    uint64_t got;
    return sol_ptr_map_get(&L->scalars, v, &got) ? (const Scalar *)(uintptr_t)got : NULL;
}

/* How the region of N obtains v (recorded in N->res). top: v is the value N materializes,
 * which is computed here rather than read from its buffer. */
static bool resolve(Lifter *L, LiftNode *N, SolValue *v, bool top)
{
    if (!v)
        return fail(L, N->anchor, "internal: missing value");
    if (sol_ptr_map_get(&N->res, v, NULL))
        return true;
    if (!value_inside(v, L->root)) {
        res_put(N, v, LIFT_RES_OUTER, 0);
        return true;
    }
    if (!v->def) {
        if (v == N->acc) {
            N->outs.data[N->acc_out].reads = true;
            res_put(N, v, LIFT_RES_OUT, N->acc_out);
            return true;
        }
        if (iv_loop(v))
            return fail(L, sol_block_parent_op(v->owner),
                        "the loop counter %%%s is used as a value", value_name(v));
        return fail(L, sol_block_parent_op(v->owner),
                    "a loop-carried value is used outside its reduction");
    }
    const Scalar *s = top ? NULL : scalar_of(L, v);
    if (s) {
        const SolAffineMap *map = remap(L, s->map, s->dims, s->ndims, N->dims, N->ndims);
        if (!map)
            return fail(L, v->def, "internal: scalar used outside its loops");
        return node_read(L, N, v, s->mem, map, NULL);
    }
    SolOp *op = v->def;
    if (op->kind == SOL_OP_LOAD) {
        uint32_t first;
        LiftMem *mem = mem_of(L, access_memref(op, &first));
        if (!mem)
            return fail(L, op, "internal: load from a non-memref");
        const SolAffineMap *map = access_map(L, N->dims, N->ndims, op, mem);
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
        return fail(L, op, "'%s' cannot be part of an einsum", sol_op_name(op));
    for (uint32_t i = 0; i < op->num_operands; i++)
        if (!resolve(L, N, sol_op_operand(op, i), false))
            return false;
    res_put(N, v, LIFT_RES_CLONE, 0);
    sol_vec_push(&N->ops, op);
    return true;
}

/* Whether v depends on target through ops of the nest (a running value of a reduction). */
static bool depends_on(const Lifter *L, const SolValue *v, const SolValue *target, int depth)
{
    if (v == target)
        return true;
    if (!v->def || depth > 4096 || !op_inside(v->def, L->root) || v->def->kind == SOL_OP_LOAD)
        return false;
    for (uint32_t i = 0; i < v->def->num_operands; i++)
        if (depends_on(L, sol_op_operand(v->def, i), target, depth + 1))
            return true;
    return false;
}

/* ---- loop ranges: MLIR infers them from operand shapes ------------------------------------- */

/* An argument nothing uses whose static shape is exactly the extents of `missing`, in some
 * order: the window operand of MLIR's pooling ops. */
static bool unused_arg_for(Lifter *L, LiftNode *N, const uint32_t *missing, uint32_t nmiss,
                           LiftOperand *out)
{
    for (uint32_t a = 0; a < L->body->num_args; a++) {
        SolValue *arg = &L->body->args[a];
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
            out->mem = mem_of(L, arg);
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
static bool finish_node(Lifter *L, LiftNode *N)
{
    uint32_t *missing = palloc(L, (N->ndims + 1) * sizeof *missing);
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
                const SolAffineExpr *ext = mem_extent(L, o->mem, r);
                if (ext->kind == SOL_AFF_CONST && want->kind == SOL_AFF_CONST && ext != want) {
                    SolBlock *lb = body_of(N->dims[d]->loop);
                    return fail(L, N->dims[d]->loop,
                                "loop %%%s covers %lld of the %lld elements of a dim of %%%s",
                                value_name(&lb->args[0]), (long long)want->value,
                                (long long)ext->value,
                                value_name(o->mem->orig ? o->mem->orig : NULL));
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
    LiftDim **sd = palloc(L, (nmiss + 1) * sizeof *sd);
    const SolAffineExpr **res = sol_xcalloc(nmiss + 1, sizeof *res);
    for (uint32_t k = 0; k < nmiss; k++) {
        sd[k] = N->dims[missing[k]];
        res[k] = sol_affine_dim(L->ctx, missing[k]);
    }
    shape.mem = new_buffer(L, LIFT_MEM_SHAPE, sd, nmiss, sol_type_int(L->ctx, 8),
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
static bool reduction_chain(Lifter *L, SolOp *loop, Reduction *red)
{
    SolVecOf(SolOp *) chain = {0};
    SolOp *cur = loop;
    bool ok = true;
    for (;;) {
        const SolLoopProps *p = cur->props.loop;
        uint32_t ninit = cur->num_operands - p->num_lb_operands - p->num_ub_operands;
        if (cur->num_results != 1 || ninit != 1) {
            ok = fail(L, cur, "the reduction carries %u values", cur->num_results);
            break;
        }
        sol_vec_push(&chain, cur);
        SolBlock *b = body_of(cur);
        SolOp *yield = sol_block_last_op(b), *inner = NULL;
        bool stores = false;
        sol_block_for_each_op(op, b)
        {
            if (op->kind == SOL_OP_FOR) {
                if (inner || op->num_results == 0) {
                    ok = fail(L, op, "a reduction loop holds other loops");
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
            ok = fail(L, inner, "the reduction loops are not perfectly nested");
            break;
        }
        cur = inner;
    }
    red->chain = palloc(L, (chain.len + 1) * sizeof *red->chain);
    if (chain.len)
        memcpy(red->chain, chain.data, chain.len * sizeof *red->chain);
    red->nchain = (uint32_t)chain.len;
    sol_vec_free(&chain);
    return ok;
}

/* Decides where the result of a reduction loop lives: the program's buffer it is stored to
 * once per point (DIRECT), or a new buffer over the enclosing loops. */
static bool plan_reduction_dest(Lifter *L, LiftDim *const *X, uint32_t nx, SolBlock *B, SolOp *loop)
{
    Reduction *red = palloc(L, sizeof *red);
    if (!reduction_chain(L, loop, red))
        return false;
    SolValue *r = &loop->results[0];
    const SolType *acc_type = r->type;
    Scalar *s = palloc(L, sizeof *s);
    s->dims = dims_copy(L, X, nx, NULL);
    s->ndims = nx;
    SolOp *st = direct_store(r, B);
    if (st) {
        uint32_t first;
        SolValue *M = access_memref(st, &first);
        LiftMem *mem = mem_of(L, M);
        const SolAffineMap *map = NULL;
        if (mem && M->type->elem == acc_type && !op_accesses(loop, M)) {
            bool clear = true;
            for (SolOp *o = sol_op_next(loop); o && o != st && clear; o = sol_op_next(o))
                clear = !op_accesses(o, M);
            if (clear) {
                char *saved = L->why;
                map = access_map(L, X, nx, st, mem);
                forget(L, saved); /* a failure here is reported by the store's own node */
            }
        }
        if (map && covers_dims(map, nx)) {
            s->mem = mem;
            s->map = map;
            s->store = st;
            s->absorbed = sol_op_operand(st, 0) == r;
        }
    }
    if (!s->mem) {
        if (sol_type_is_memref(acc_type) || acc_type->kind == SOL_TYPE_FUNCTION)
            return fail(L, loop, "the reduction carries a %s", "non-scalar value");
        s->mem = new_buffer(L, LIFT_MEM_TMP, X, nx, acc_type, r->hint);
        s->map = identity_map(L, nx, nx);
    }
    red->dest = s;
    red->fill = true;
    const SolLoopProps *p = loop->props.loop;
    SolValue *init = sol_op_operand(loop, p->num_lb_operands + p->num_ub_operands);
    SolOp *ld = init->def;
    if (s->store && ld && ld->kind == SOL_OP_LOAD && ld->parent == B) {
        uint32_t first;
        const SolAffineMap *map =
            access_memref(ld, &first) == s->mem->orig ? access_map(L, X, nx, ld, s->mem) : NULL;
        bool clear = map == s->map;
        for (SolOp *o = sol_op_next(ld); o && o != loop && clear; o = sol_op_next(o))
            clear = !op_writes(o, s->mem->orig);
        red->fill = !clear;
    }
    sol_ptr_map_put(&L->scalars, r, (uint64_t)(uintptr_t)s);
    sol_ptr_map_put(&L->reds, loop, (uint64_t)(uintptr_t)red);
    return true;
}

/* The fill node (when the initial value must be stored) and the reduction node. */
static bool plan_reduction(Lifter *L, LiftDim *const *X, uint32_t nx, SolOp *loop)
{
    uint64_t got;
    sol_ptr_map_get(&L->reds, loop, &got);
    Reduction *red = (Reduction *)(uintptr_t)got;
    Scalar *s = red->dest;
    const SolLoopProps *p = loop->props.loop;
    SolValue *init = sol_op_operand(loop, p->num_lb_operands + p->num_ub_operands);
    if (red->fill) {
        LiftNode *F = node_new(L, X, nx, loop, loop->parent);
        if (!add_out(L, F, s->mem, s->map, init, NULL) || !resolve(L, F, init, false) ||
            !finish_node(L, F))
            return false;
    }
    uint32_t nd = nx + red->nchain;
    LiftDim **dims = palloc(L, (nd + 1) * sizeof *dims);
    memcpy(dims, X, nx * sizeof *dims);
    for (uint32_t i = 0; i < red->nchain; i++)
        if (!(dims[nx + i] = dim_of(L, red->chain[i])))
            return false;
    LiftNode *N = node_new(L, dims, nd, loop, red->inner);
    SolOp *yield = sol_block_last_op(red->inner);
    sol_block_for_each_op(op, red->inner)
    {
        if (op->kind != SOL_OP_STORE)
            continue;
        uint32_t first;
        LiftMem *mem = mem_of(L, access_memref(op, &first));
        const SolAffineMap *map = mem ? access_map(L, dims, nd, op, mem) : NULL;
        if (!map || !add_out(L, N, mem, map, sol_op_operand(op, 0), op))
            return false;
    }
    const SolAffineMap *acc_map =
        sol_affine_map(L->ctx, nd, 0, s->map->num_results, s->map->results);
    N->acc = &red->inner->args[1];
    N->acc_out = (uint32_t)N->outs.len;
    if (!add_out(L, N, s->mem, acc_map, sol_op_operand(yield, 0), NULL))
        return false;
    N->outs.data[N->acc_out].reads = true;
    for (size_t k = 0; k + 1 < N->outs.len; k++) {
        SolValue *v = N->outs.data[k].yield;
        if (depends_on(L, v, N->acc, 0))
            return fail(L, N->outs.data[k].store,
                        "a running value of the reduction is stored "
                        "(a scan, not an einsum)");
        if (!resolve(L, N, v, false))
            return false;
    }
    return resolve(L, N, sol_op_operand(yield, 0), false) && finish_node(L, N);
}

/* ---- one level of the nest ------------------------------------------------------------------ */

static bool is_scalar_op(const SolOp *op)
{
    return (sol_op_info((SolOpKind)op->kind)->flags & SOL_OPF_PURE) && op->kind != SOL_OP_APPLY &&
           op->kind != SOL_OP_AMIN && op->kind != SOL_OP_AMAX && op->num_results == 1 &&
           !op->num_regions;
}

static bool used_in_inner_loop(const SolValue *v, const SolBlock *b)
{
    for (const SolUse *u = v->uses; u; u = u->next)
        if (u->user->parent != b)
            return true;
    return false;
}

static bool plan_level(Lifter *L, LiftDim *const *X, uint32_t nx, SolBlock *B);

static bool plan_store(Lifter *L, LiftDim *const *X, uint32_t nx, SolOp *st)
{
    uint32_t first;
    LiftMem *mem = mem_of(L, access_memref(st, &first));
    if (!mem)
        return fail(L, st, "internal: store to a non-memref");
    LiftNode *N = node_new(L, X, nx, st, st->parent);
    const SolAffineMap *map = access_map(L, X, nx, st, mem);
    return map && add_out(L, N, mem, map, sol_op_operand(st, 0), st) &&
           resolve(L, N, sol_op_operand(st, 0), false) && finish_node(L, N);
}

static bool plan_materialize(Lifter *L, LiftDim *const *X, uint32_t nx, SolOp *op)
{
    const Scalar *s = scalar_of(L, &op->results[0]);
    LiftNode *N = node_new(L, X, nx, op, op->parent);
    return add_out(L, N, s->mem, s->map, &op->results[0], NULL) &&
           resolve(L, N, &op->results[0], true) && finish_node(L, N);
}

static bool plan_level(Lifter *L, LiftDim *const *X, uint32_t nx, SolBlock *B)
{
    SolOp *term = sol_block_last_op(B);
    sol_block_for_each_op(op, B)
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
            return fail(L, op, "affine.if guards part of the nest (not a rectangular domain)");
        case SOL_OP_MLOAD:
        case SOL_OP_MSTORE:
            return fail(L, op, "'%s' has data-dependent subscripts", sol_op_name(op));
        default:
            if (!is_scalar_op(op))
                return fail(L, op, "'%s' cannot be part of an einsum", sol_op_name(op));
        }
    }
    /* where reduction results and scalars used by inner loops live */
    sol_block_for_each_op(op, B)
    {
        if (op->kind == SOL_OP_FOR && op->num_results) {
            if (!plan_reduction_dest(L, X, nx, B, op))
                return false;
        } else if (op != term && is_scalar_op(op) && op->kind != SOL_OP_CONSTANT &&
                   used_in_inner_loop(&op->results[0], B)) {
            const SolType *t = op->results[0].type;
            if (!t || sol_type_is_memref(t) || t->kind == SOL_TYPE_FUNCTION)
                return fail(L, op, "internal: non-scalar value");
            Scalar *s = palloc(L, sizeof *s);
            s->dims = dims_copy(L, X, nx, NULL);
            s->ndims = nx;
            s->mem = new_buffer(L, LIFT_MEM_TMP, X, nx, t, op->results[0].hint);
            s->map = identity_map(L, nx, nx);
            sol_ptr_map_put(&L->scalars, &op->results[0], (uint64_t)(uintptr_t)s);
        }
    }
    /* one node (or a few) per statement, in program order */
    sol_block_for_each_op(op, B)
    {
        if (op->kind == SOL_OP_FOR && !op->num_results) {
            LiftDim *d = dim_of(L, op);
            if (!d)
                return false;
            LiftDim **inner = dims_copy(L, X, nx, d);
            if (!plan_level(L, inner, nx + 1, body_of(op)))
                return false;
        } else if (op->kind == SOL_OP_FOR) {
            if (!plan_reduction(L, X, nx, op))
                return false;
        } else if (op->kind == SOL_OP_STORE) {
            const Scalar *s = NULL;
            SolValue *v = sol_op_operand(op, 0);
            s = v->def && v->def->kind == SOL_OP_FOR ? scalar_of(L, v) : NULL;
            if (s && s->absorbed && s->store == op)
                continue;
            if (!plan_store(L, X, nx, op))
                return false;
        } else if (op != term && is_scalar_op(op) && scalar_of(L, &op->results[0])) {
            if (!plan_materialize(L, X, nx, op))
                return false;
        }
    }
    return true;
}

/* ---- array expansion of scratch buffers ------------------------------------------------------ */

/* A subscript as sum(coef * iv) over loops (at most 8 terms), or not linear. */
typedef struct LinForm {
    uint32_t n;
    SolOp *loop[8];
    int64_t coef[8];
    int64_t c;
    bool ok;
} LinForm;

/* Loops around op inside the nest, outermost first, as unit dims (iv = t). */
static uint32_t enclosing_loops(Lifter *L, SolOp *op, LiftDim ***out)
{
    uint32_t n = 0;
    for (SolOp *o = sol_op_parent_op(op); o; o = sol_op_parent_op(o)) {
        if (o->kind == SOL_OP_FOR)
            n++;
        if (o == L->root)
            break;
    }
    LiftDim **d = palloc(L, (n + 1) * sizeof *d);
    uint32_t i = n;
    for (SolOp *o = sol_op_parent_op(op); o && i; o = sol_op_parent_op(o)) {
        if (o->kind != SOL_OP_FOR)
            continue;
        LiftDim *u = palloc(L, sizeof *u);
        u->loop = o;
        u->step = 1;
        d[--i] = u;
        if (o == L->root)
            break;
    }
    *out = d;
    return n;
}

/* The subscripts of an access as linear forms over its loops' counters. */
static LinForm *access_forms(Lifter *L, SolOp *op, uint32_t rank)
{
    LiftDim **d;
    uint32_t n = enclosing_loops(L, op, &d);
    LiftMem raw = {.kind = LIFT_MEM_ARG};
    char *saved = L->why;
    const SolAffineMap *map = access_map(L, d, n, op, &raw);
    forget(L, saved);
    LinForm *f = palloc(L, (rank + 1) * sizeof *f);
    int64_t *coef = sol_xcalloc(n + 1, sizeof *coef);
    for (uint32_t r = 0; r < rank; r++) {
        f[r].ok = map && r < map->num_results && sol_affine_linear(map->results[r], n, coef, &f[r].c);
        for (uint32_t k = 0; k < n && f[r].ok; k++) {
            if (!coef[k])
                continue;
            f[r].ok = f[r].n < 8;
            if (f[r].ok) {
                f[r].loop[f[r].n] = d[k]->loop;
                f[r].coef[f[r].n++] = coef[k];
            }
        }
    }
    free(coef);
    return f;
}

/* What is known to be written: per dim, everything, or the points sum(coef * iv) + [0, width). */
typedef struct CovEntry {
    bool all;
    LinForm terms;
    const SolAffineExpr *width;
} CovEntry;

typedef SolVecOf(CovEntry *) CovFacts;

typedef struct Cover {
    Lifter *L;
    SolValue *mem;
    uint32_t rank;
    const SolAffineExpr **extent; /* of each dim of mem */
} Cover;

static bool forms_equal(const LinForm *a, const LinForm *b)
{
    if (a->n != b->n || a->c != b->c)
        return false;
    for (uint32_t i = 0; i < a->n; i++) {
        bool found = false;
        for (uint32_t j = 0; j < b->n && !found; j++)
            found = a->loop[i] == b->loop[j] && a->coef[i] == b->coef[j];
        if (!found)
            return false;
    }
    return true;
}

static bool covered(const Cover *C, const CovFacts *facts, const LinForm *read)
{
    for (size_t f = 0; f < facts->len; f++) {
        bool ok = true;
        for (uint32_t r = 0; r < C->rank && ok; r++) {
            const CovEntry *e = &facts->data[f][r];
            ok = e->all || (read[r].ok && e->width->kind == SOL_AFF_CONST && e->width->value == 1 &&
                            forms_equal(&e->terms, &read[r]));
        }
        if (ok)
            return true;
    }
    return false;
}

/* After loop has run: facts made inside it cover its whole range or are dropped. */
static void close_loop(const Cover *C, CovFacts *facts, size_t from, SolOp *loop)
{
    Lifter *L = C->L;
    char *saved = L->why;
    LiftDim *d = dim_of(L, loop);
    forget(L, saved);
    size_t keep = from;
    for (size_t f = from; f < facts->len; f++) {
        CovEntry *fact = facts->data[f];
        bool ok = d != NULL, mentions = false;
        for (uint32_t r = 0; r < C->rank && ok; r++) {
            CovEntry *e = &fact[r];
            for (uint32_t t = 0; t < e->terms.n && ok; t++) {
                if (e->terms.loop[t] != loop)
                    continue;
                mentions = true;
                ok = d->lb == 0 && d->step == 1 && e->width->kind == SOL_AFF_CONST &&
                     e->width->value == e->terms.coef[t];
                if (!ok)
                    break;
                e->width =
                    e->width->value == 1 ? d->extent : sol_affine_mul(L->ctx, e->width, d->extent);
                e->terms.loop[t] = e->terms.loop[e->terms.n - 1];
                e->terms.coef[t] = e->terms.coef[--e->terms.n];
            }
            if (ok && !e->all && !e->terms.n && e->terms.c == 0 && e->width == C->extent[r])
                e->all = true;
        }
        /* a fact the loop does not index holds if the loop runs at least once */
        if (ok && !mentions)
            ok = d && d->extent->kind == SOL_AFF_CONST && d->extent->value > 0;
        if (ok)
            facts->data[keep++] = fact;
    }
    facts->len = keep;
}

/* Walks b in program order: every read of C->mem must be covered by what the same iteration
 * wrote before. */
static bool cover_block(const Cover *C, SolBlock *b, CovFacts *facts)
{
    Lifter *L = C->L;
    sol_block_for_each_op(op, b)
    {
        uint32_t first;
        SolValue *mem = access_memref(op, &first);
        if (mem == C->mem && op->kind == SOL_OP_LOAD) {
            if (!covered(C, facts, access_forms(L, op, C->rank)))
                return false;
        } else if (mem == C->mem && op->kind == SOL_OP_STORE) {
            LinForm *f = access_forms(L, op, C->rank);
            CovEntry *fact = palloc(L, (C->rank + 1) * sizeof *fact);
            bool ok = true;
            for (uint32_t r = 0; r < C->rank && ok; r++) {
                ok = f[r].ok && f[r].c == 0;
                for (uint32_t t = 0; t < f[r].n && ok; t++)
                    ok = f[r].coef[t] > 0;
                fact[r].terms = f[r];
                fact[r].width = sol_affine_const(L->ctx, 1);
                if (ok && !f[r].n)
                    fact[r].all = C->extent[r]->kind == SOL_AFF_CONST && C->extent[r]->value == 1;
            }
            if (ok)
                sol_vec_push(facts, fact);
        } else if (mem == C->mem) {
            return false;
        } else if (op->kind == SOL_OP_FOR) {
            size_t from = facts->len;
            if (!cover_block(C, body_of(op), facts))
                return false;
            close_loop(C, facts, from, op);
        } else if (op->num_regions && op_accesses(op, C->mem)) {
            return false;
        }
    }
    return true;
}

/* Whether every access to mem has the counter of loop at one subscript position. */
static bool pinned_by(SolValue *mem, SolOp *loop)
{
    const SolType *t = mem->type;
    for (uint32_t r = 0; r < t->rank; r++) {
        bool all = true;
        for (const SolUse *u = mem->uses; u && all; u = u->next) {
            const SolOp *op = u->user;
            uint32_t first;
            if (access_memref(op, &first) != mem)
                continue;
            const SolAffineMap *map = op->props.access.map;
            const SolAffineExpr *e = r < map->num_results ? map->results[r] : NULL;
            const SolValue *v = NULL;
            if (e && e->kind == SOL_AFF_DIM)
                v = sol_op_operand(op, first + (uint32_t)e->value);
            else if (e && e->kind == SOL_AFF_SYM)
                v = sol_op_operand(op, first + map->num_dims + (uint32_t)e->value);
            all = v && iv_loop(v) == loop;
        }
        if (all)
            return true;
    }
    return false;
}

/* Scratch buffers (memref.alloc used only by this nest and deallocs) that tie an outer loop
 * get that loop as a leading dim, when each iteration writes them before it reads them. */
static void plan_expansions(Lifter *L)
{
    uint64_t head;
    if (!sol_ptr_map_get(&L->nest_allocs, L->root, &head))
        return;
    for (uint64_t ai = head; ai; ai = L->allocs.data[ai - 1].next) {
        SolOp *alloc = L->allocs.data[ai - 1].op;
        SolValue *T = &alloc->results[0];
        bool in_nest = false, ok = true;
        SolOp *common = NULL; /* deepest loop holding every access */
        for (const SolUse *u = T->uses; u && ok; u = u->next) {
            SolOp *user = u->user;
            if (!op_inside(user, L->root)) {
                ok = user->kind == SOL_OP_DEALLOC;
                continue;
            }
            uint32_t first;
            ok = access_memref(user, &first) == T &&
                 (user->kind == SOL_OP_LOAD || user->kind == SOL_OP_STORE);
            SolOp *loop = sol_op_parent_op(user);
            while (loop && loop->kind != SOL_OP_FOR)
                loop = sol_op_parent_op(loop);
            if (!in_nest)
                common = loop;
            else
                while (common && !op_inside(user, common))
                    common = sol_op_parent_op(common);
            in_nest = true;
        }
        while (common && common->kind != SOL_OP_FOR)
            common = sol_op_parent_op(common);
        if (!in_nest || !ok || !common || !op_inside(common, L->root))
            continue;
        /* loops from the root down to `common` that do not pin the buffer */
        SolOp *chain[64];
        uint32_t n = 0;
        for (SolOp *o = common; o && ok; o = sol_op_parent_op(o)) {
            ok = n < 64;
            if (ok && o->kind == SOL_OP_FOR)
                chain[n++] = o;
            if (o == L->root)
                break;
        }
        LiftDim *exp[64];
        uint32_t ne = 0;
        for (uint32_t i = n; i-- > 0 && ok;) {
            if (pinned_by(T, chain[i]))
                continue;
            char *saved = L->why;
            exp[ne] = dim_of(L, chain[i]);
            forget(L, saved);
            ok = exp[ne] && (exp[ne]->extent->kind == SOL_AFF_CONST ||
                             (exp[ne]->lb == 0 && exp[ne]->step == 1));
            ne++;
        }
        if (!ok || !ne)
            continue;
        Cover C = {L, T, T->type->rank, palloc(L, (T->type->rank + 1) * sizeof *C.extent)};
        for (uint32_t r = 0; r < C.rank; r++)
            C.extent[r] = raw_extent(L, T, r, 0);
        CovFacts facts = {0};
        ok = cover_block(&C, body_of(common), &facts);
        sol_vec_free(&facts);
        if (!ok)
            continue;
        LiftMem *mem = palloc(L, sizeof *mem);
        mem->kind = LIFT_MEM_EXPANDED;
        mem->orig = T;
        mem->dims = dims_copy(L, exp, ne, NULL);
        mem->ndims = ne;
        mem->type = memref_over(L, exp, ne, T->type, T->type->elem);
        sol_ptr_map_put(&L->mems, T, (uint64_t)(uintptr_t)mem);
        sol_vec_push(&L->made, mem);
    }
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

static bool check_distribution(Lifter *L)
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
                            SolBlock *lb = body_of(a->dims[p]->loop);
                            const SolValue *mv = oa->mem->orig;
                            return fail(L, b->anchor,
                                        "distributing loop %%%s would reorder accesses to %%%s",
                                        value_name(&lb->args[0]), mv ? value_name(mv) : "a buffer");
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

static void merge_nodes(Lifter *L)
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

/* ---- emission -------------------------------------------------------------------------------- */

static SolValue *dim_size(Lifter *L, LiftDim *d)
{
    if (d->size)
        return d->size;
    const SolLoopProps *p = d->loop->props.loop;
    SolValue **ops = sol_xcalloc(p->num_ub_operands + 1, sizeof *ops);
    for (uint32_t i = 0; i < p->num_ub_operands; i++)
        ops[i] = sol_op_operand(d->loop, p->num_lb_operands + i);
    const SolAffineExpr *e = p->ub->results[0];
    if (p->num_ub_operands == 1 && ((e->kind == SOL_AFF_SYM && p->ub->num_syms == 1) ||
                                    (e->kind == SOL_AFF_DIM && p->ub->num_dims == 1))) {
        d->size = ops[0];
    } else {
        const SolType *index = sol_type_index(L->ctx);
        SolOp *apply =
            sol_op_create(L->m, SOL_OP_APPLY, d->loop->loc, p->num_ub_operands, ops, 1, &index, 0);
        apply->props.access.map = p->ub;
        sol_op_insert_before(L->root, apply);
        d->size = &apply->results[0];
    }
    free(ops);
    return d->size;
}

static void emit_alloc(Lifter *L, LiftMem *mem)
{
    SolVecOf(SolValue *) sizes = {0};
    for (uint32_t i = 0; i < mem->ndims; i++)
        if (mem->dims[i]->extent->kind != SOL_AFF_CONST)
            sol_vec_push(&sizes, dim_size(L, mem->dims[i]));
    SolLoc loc = L->root->loc;
    if (mem->kind == LIFT_MEM_EXPANDED) {
        SolOp *old = mem->orig->def;
        for (uint32_t i = 0; i < old->num_operands; i++)
            sol_vec_push(&sizes, sol_op_operand(old, i));
        loc = old->loc;
    }
    SolOp *a =
        sol_op_create(L->m, SOL_OP_ALLOC, loc, (uint32_t)sizes.len, sizes.data, 1, &mem->type, 0);
    if (mem->kind == LIFT_MEM_EXPANDED) {
        for (uint32_t i = 0; i < mem->orig->def->num_attrs; i++)
            sol_op_set_attr(L->m, a, mem->orig->def->attrs[i].name, mem->orig->def->attrs[i].value);
        a->results[0].hint = mem->orig->hint;
    } else {
        a->results[0].hint = mem->hint ? mem->hint : sol_ident_cstr(L->ctx, "tmp");
    }
    sol_op_insert_before(L->root, a);
    mem->value = &a->results[0];
    sol_vec_free(&sizes);
}

static unsigned emit_nest(Lifter *L)
{
    for (size_t i = 0; i < L->made.len; i++)
        emit_alloc(L, L->made.data[i]);
    unsigned n = 0;
    for (size_t i = 0; i < L->nodes.len; i++)
        if (!L->nodes.data[i]->merged) {
            sol_lift_emit_node(L->m, L->nodes.data[i], &L->seq, L->root);
            n++;
        }
    for (size_t i = L->made.len; i-- > 0;) {
        LiftMem *mem = L->made.data[i];
        if (mem->kind == LIFT_MEM_EXPANDED)
            continue;
        SolOp *d = sol_op_create(L->m, SOL_OP_DEALLOC, L->root->loc, 1, &mem->value, 0, NULL, 0);
        sol_op_insert_after(L->root, d);
    }
    sol_op_erase(L->root);
    for (size_t i = 0; i < L->made.len; i++) {
        LiftMem *mem = L->made.data[i];
        if (mem->kind != LIFT_MEM_EXPANDED)
            continue;
        SolOp *old = mem->orig->def;
        sol_value_replace_all_uses(mem->orig, mem->value);
        sol_op_erase(old);
    }
    return n;
}

/* ---- driver ---------------------------------------------------------------------------------- */

static bool number_op(SolOp *op, void *user)
{
    SolPtrMap *seq = user;
    sol_ptr_map_put(seq, op, seq->len + 1);
    return true;
}

static void reset_nest(Lifter *L)
{
    for (size_t i = 0; i < L->nodes.len; i++) {
        LiftNode *n = L->nodes.data[i];
        sol_vec_free(&n->ins);
        sol_vec_free(&n->outs);
        sol_vec_free(&n->ops);
        sol_ptr_map_free(&n->res);
    }
    sol_vec_free(&L->nodes);
    sol_vec_free(&L->made);
    sol_ptr_map_free(&L->seq);
    sol_ptr_map_free(&L->dims);
    sol_ptr_map_free(&L->mems);
    sol_ptr_map_free(&L->scalars);
    sol_ptr_map_free(&L->reds);
    sol_arena_release(&L->arena);
    free(L->why);
    L->why = NULL;
}

/* The first op of the nest that no einsum can hold, in program order. */
static bool find_unliftable(SolOp *op, void *user)
{
    SolOp **bad = user;
    switch (op->kind) {
    case SOL_OP_FOR:
    case SOL_OP_YIELD:
    case SOL_OP_LOAD:
    case SOL_OP_STORE:
    case SOL_OP_APPLY:
        return true;
    default:
        if (is_scalar_op(op))
            return true;
        *bad = op;
        return false;
    }
}

static bool prescan(Lifter *L)
{
    SolOp *bad = NULL;
    sol_op_walk(L->root, find_unliftable, &bad);
    if (!bad)
        return true;
    if (bad->kind == SOL_OP_IF)
        return fail(L, bad, "affine.if guards part of the nest (not a rectangular domain)");
    if (bad->kind == SOL_OP_MLOAD || bad->kind == SOL_OP_MSTORE)
        return fail(L, bad, "'%s' has data-dependent subscripts", sol_op_name(bad));
    return fail(L, bad, "'%s' cannot be part of an einsum", sol_op_name(bad));
}

static bool writes_anything(SolOp *op, void *user)
{
    (void)user;
    return !(op->kind == SOL_OP_STORE || op->kind == SOL_OP_MSTORE || op->kind == SOL_OP_CALL);
}

static void lift_nest(Lifter *L, SolOp *root)
{
    L->root = root;
    if (sol_op_walk(root, writes_anything, NULL)) {
        if (L->remarks)
            sol_emit_remark(L->ctx, root->loc, "loop nest writes no buffer: left as it is");
        return;
    }
    sol_op_walk(root, number_op, &L->seq);
    bool ok;
    if (root->num_results) {
        ok = fail(L, root, "the outermost loop carries values out of the nest");
    } else if (prescan(L)) {
        plan_expansions(L);
        LiftDim *d = dim_of(L, root);
        ok = d && plan_level(L, &d, 1, body_of(root)) && check_distribution(L);
    } else {
        ok = false;
    }
    if (ok) {
        merge_nodes(L);
        SolLoc loc = root->loc;
        unsigned n = emit_nest(L);
        if (L->remarks)
            sol_emit_remark(L->ctx, loc, "lifted into %u linalg.generic op%s", n,
                            n == 1 ? "" : "s");
    } else if (L->remarks) {
        sol_emit_remark(L->ctx, root->loc, "loop nest stays loops: %s",
                        L->why ? L->why : "not an einsum");
        if (L->why && L->why_loc.line != root->loc.line)
            sol_emit_note(L->ctx, L->why_loc, "here");
    }
    reset_nest(L);
}

/* The top-level op of the function body holding op. */
static SolOp *top_of(const Lifter *L, SolOp *op)
{
    while (op && op->parent != L->body)
        op = sol_op_parent_op(op);
    return op;
}

/* Chains each memref.alloc of the body to the one nest holding all its uses but deallocs:
 * the scratch buffers array expansion may give that nest's loops as dims. */
static void collect_allocs(Lifter *L)
{
    sol_block_for_each_op(op, L->body)
    {
        if (op->kind != SOL_OP_ALLOC || op->num_results != 1)
            continue;
        SolOp *nest = NULL;
        bool ok = true;
        for (const SolUse *u = op->results[0].uses; u && ok; u = u->next) {
            if (u->user->kind == SOL_OP_DEALLOC && u->user->parent == L->body)
                continue;
            SolOp *top = top_of(L, u->user);
            ok = top && top->kind == SOL_OP_FOR && (!nest || nest == top);
            nest = top;
        }
        if (!ok || !nest)
            continue;
        AllocLink link = {op, 0};
        sol_vec_push(&L->allocs, link);
        uint64_t last;
        if (sol_ptr_map_get(&L->last_alloc, nest, &last))
            L->allocs.data[last - 1].next = L->allocs.len;
        else
            sol_ptr_map_put(&L->nest_allocs, nest, L->allocs.len);
        sol_ptr_map_put(&L->last_alloc, nest, L->allocs.len);
    }
}

static void lift_function(SolPassRun *r, SolModule *m, SolOp *func)
{
    Lifter L = {0};
    L.ctx = r->ctx;
    L.m = m;
    L.func = func;
    L.body = body_of(func);
    L.remarks = sol_pass_opt_bool(r, "remarks");
    if (!L.body)
        return;
    compute_contracts(&L);
    collect_allocs(&L);
    SolVecOf(SolOp *) tops = {0};
    sol_block_for_each_op(op, L.body) { sol_vec_push(&tops, op); }
    for (size_t i = 0; i < tops.len; i++) {
        SolOp *op = tops.data[i];
        if (op->kind == SOL_OP_FOR)
            lift_nest(&L, op);
        else if (op->kind == SOL_OP_GENERIC &&
                 !sol_op_get_attr(op, sol_ident_cstr(L.ctx, "solar.einsum")))
            sol_lift_annotate(m, op, NULL);
    }
    sol_vec_free(&tops);
    sol_vec_free(&L.syms);
    sol_vec_free(&L.contracts);
    sol_vec_free(&L.allocs);
    sol_ptr_map_free(&L.nest_allocs);
    sol_ptr_map_free(&L.last_alloc);
}

static bool run(SolPassRun *r, SolModule *m)
{
    SolVecOf(SolOp *) funcs = {0};
    sol_block_for_each_op(op, sol_module_body(m))
    {
        if (op->kind == SOL_OP_FUNC && op->num_regions && body_of(op))
            sol_vec_push(&funcs, op);
    }
    for (size_t i = 0; i < funcs.len; i++)
        lift_function(r, m, funcs.data[i]);
    sol_vec_free(&funcs);
    return true;
}

const SolPass sol_pass_lift_einsum = {
    .name = "lift-einsum",
    .summary = "turn loop nests into linalg.generic einsums (solar.einsum attributes)",
    .options =
        (const SolPassOption[]){
            {"remarks", SOL_OPT_BOOL, "false",
             "explain at each loop nest whether it was lifted and why not"},
            {0},
        },
    .run = run,
};

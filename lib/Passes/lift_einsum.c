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
 * Assumed extents: a `?` dim of a function argument is taken to have the extent that
 * Analysis/dim_extent.h's rule gives it (the largest `for 0 to E` whose counter indexes it, when
 * every other access provably stays below E and nothing else uses the argument), since the
 * generic iterates over the dim. This is an assumption about unbound programs (their size
 * arguments name the dims of their tensors); `--bind` makes such dims static by the same rule
 * (bind.c). A loop that covers less than the assumed extent gets its range from a shape-only
 * input (the dim stays `?`, so MLIR does not require the two to agree).
 */
#include "Passes/lift.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---- state -------------------------------------------------------------------------------- */

/* Records the first reason the nest stays loops; returns false for `return sol_lift_fail(...)`. */
bool sol_lift_fail(LiftNest *L, const SolOp *at, const char *fmt, ...)
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
void sol_lift_forget(LiftNest *L, char *saved)
{
    if (L->why != saved) {
        free(L->why);
        L->why = saved;
    }
}

/* ---- IR queries --------------------------------------------------------------------------- */

bool sol_lift_op_inside(const SolOp *op, const SolOp *root)
{
    for (const SolOp *o = op; o; o = sol_op_parent_op(o))
        if (o == root)
            return true;
    return false;
}

bool sol_lift_value_inside(const SolValue *v, const SolOp *root)
{
    if (v->def)
        return sol_lift_op_inside(v->def, root);
    SolOp *owner = v->owner ? sol_block_parent_op(v->owner) : NULL;
    return owner && sol_lift_op_inside(owner, root);
}

/* op or the ancestor of op whose parent block is b, or NULL. */
SolOp *sol_lift_ancestor_in(SolOp *op, const SolBlock *b)
{
    for (SolOp *o = op; o; o = sol_op_parent_op(o))
        if (o->parent == b)
            return o;
    return NULL;
}

uint64_t sol_lift_seq_of(const LiftNest *L, const SolOp *op)
{
    uint64_t s = 0;
    sol_ptr_map_get(&L->seq, op, &s);
    return s;
}

/* The memref an access op reads or writes and the index of its first subscript operand. */
SolValue *sol_lift_access_memref(const SolOp *op, uint32_t *first)
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
    const SolValue *m = sol_lift_access_memref(op, &first);
    if (m == q->mem && (!q->writes_only || op->kind == SOL_OP_STORE || op->kind == SOL_OP_MSTORE))
        q->found = true;
    if (op->kind == SOL_OP_GENERIC || op->kind == SOL_OP_CALL)
        for (uint32_t i = 0; i < op->num_operands; i++)
            if (sol_op_operand(op, i) == q->mem)
                q->found = true;
    return !q->found;
}

bool sol_lift_op_writes(SolOp *op, const SolValue *mem)
{
    MemQuery q = {mem, true, false};
    sol_op_walk(op, mem_query_fn, &q);
    return q.found;
}

bool sol_lift_op_accesses(SolOp *op, const SolValue *mem)
{
    MemQuery q = {mem, false, false};
    sol_op_walk(op, mem_query_fn, &q);
    return q.found;
}

/* ---- driver ---------------------------------------------------------------------------------- */

static bool number_op(SolOp *op, void *user)
{
    SolPtrMap *seq = user;
    sol_ptr_map_put(seq, op, seq->len + 1);
    return true;
}

static void free_nest(LiftNest *L)
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
        if (sol_lift_is_scalar_op(op))
            return true;
        *bad = op;
        return false;
    }
}

static bool prescan(LiftNest *L)
{
    SolOp *bad = NULL;
    sol_op_walk(L->root, find_unliftable, &bad);
    if (!bad)
        return true;
    if (bad->kind == SOL_OP_IF)
        return sol_lift_fail(L, bad,
                             "affine.if guards part of the nest (not a rectangular domain)");
    if (bad->kind == SOL_OP_MLOAD || bad->kind == SOL_OP_MSTORE)
        return sol_lift_fail(L, bad, "'%s' has data-dependent subscripts", sol_op_name(bad));
    return sol_lift_fail(L, bad, "'%s' cannot be part of an einsum", sol_op_name(bad));
}

static bool writes_anything(SolOp *op, void *user)
{
    (void)user;
    return !(op->kind == SOL_OP_STORE || op->kind == SOL_OP_MSTORE || op->kind == SOL_OP_CALL);
}

/* Plans the nest of L->root; true when it lifts. */
static bool plan_nest(LiftNest *L)
{
    if (L->root->num_results)
        return sol_lift_fail(L, L->root, "the outermost loop carries values out of the nest");
    if (!prescan(L))
        return false;
    sol_lift_plan_expansions(L);
    LiftDim *d = sol_lift_dim_of(L, L->root);
    if (!d)
        return false;
    LiftLevel top = {&d, 1, sol_lift_body(L->root)};
    return sol_lift_plan_level(L, &top) && sol_lift_check_distribution(L);
}

static void lift_nest(LiftFunc *F, SolOp *root)
{
    if (sol_op_walk(root, writes_anything, NULL)) {
        if (F->remarks)
            sol_emit_remark(F->ctx, root->loc, "loop nest writes no buffer: left as it is");
        return;
    }
    LiftNest L = {.fn = F, .ctx = F->ctx, .root = root};
    sol_op_walk(root, number_op, &L.seq);
    if (plan_nest(&L)) {
        sol_lift_merge_nodes(&L);
        SolLoc loc = root->loc;
        unsigned n = sol_lift_emit_nest(&L);
        if (F->remarks)
            sol_emit_remark(F->ctx, loc, "lifted into %u linalg.generic op%s", n,
                            n == 1 ? "" : "s");
    } else if (F->remarks) {
        sol_emit_remark(F->ctx, root->loc, "loop nest stays loops: %s",
                        L.why ? L.why : "not an einsum");
        if (L.why && L.why_loc.line != root->loc.line)
            sol_emit_note(F->ctx, L.why_loc, "here");
    }
    free_nest(&L);
}

/* The top-level op of the function body holding op. */
static SolOp *top_of(const LiftFunc *F, SolOp *op)
{
    while (op && op->parent != F->body)
        op = sol_op_parent_op(op);
    return op;
}

/* Chains each memref.alloc of the body to the one nest holding all its uses but deallocs:
 * the scratch buffers array expansion may give that nest's loops as dims. */
static void collect_allocs(LiftFunc *F)
{
    sol_block_for_each_op(op, F->body)
    {
        if (op->kind != SOL_OP_ALLOC || op->num_results != 1)
            continue;
        SolOp *nest = NULL;
        bool ok = true;
        for (const SolUse *u = op->results[0].uses; u && ok; u = u->next) {
            if (u->user->kind == SOL_OP_DEALLOC && u->user->parent == F->body)
                continue;
            SolOp *top = top_of(F, u->user);
            ok = top && top->kind == SOL_OP_FOR && (!nest || nest == top);
            nest = top;
        }
        if (!ok || !nest)
            continue;
        LiftAllocLink link = {op, 0};
        sol_vec_push(&F->allocs, link);
        uint64_t last;
        if (sol_ptr_map_get(&F->last_alloc, nest, &last))
            F->allocs.data[last - 1].next = F->allocs.len;
        else
            sol_ptr_map_put(&F->nest_allocs, nest, F->allocs.len);
        sol_ptr_map_put(&F->last_alloc, nest, F->allocs.len);
    }
}

static void lift_function(SolPassRun *r, SolModule *m, SolOp *func)
{
    LiftFunc F = {0};
    F.ctx = r->ctx;
    F.m = m;
    F.func = func;
    F.body = sol_lift_body(func);
    F.remarks = sol_pass_opt_bool(r, "remarks");
    if (!F.body)
        return;
    sol_lift_compute_contracts(&F);
    collect_allocs(&F);
    SolVecOf(SolOp *) tops = {0};
    sol_block_for_each_op(op, F.body) { sol_vec_push(&tops, op); }
    for (size_t i = 0; i < tops.len; i++) {
        SolOp *op = tops.data[i];
        if (op->kind == SOL_OP_FOR)
            lift_nest(&F, op);
        else if (op->kind == SOL_OP_GENERIC &&
                 !sol_op_get_attr(op, sol_ident_cstr(F.ctx, "solar.einsum")))
            sol_lift_annotate(m, op, NULL);
    }
    sol_vec_free(&tops);
    sol_vec_free(&F.syms);
    sol_vec_free(&F.contracts);
    sol_vec_free(&F.allocs);
    sol_ptr_map_free(&F.nest_allocs);
    sol_ptr_map_free(&F.last_alloc);
}

static bool run(SolPassRun *r, SolModule *m)
{
    SolVecOf(SolOp *) funcs = {0};
    sol_block_for_each_op(op, sol_module_body(m))
    {
        if (op->kind == SOL_OP_FUNC && op->num_regions && sol_lift_body(op))
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

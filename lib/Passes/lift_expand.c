/*
 * lift-einsum, array expansion: a scratch buffer (memref.alloc used only by one nest and
 * deallocs) that every iteration of an outer loop fully writes before it reads it gets that
 * loop as a leading dim, so it no longer ties the loop (attention's score matrix and the
 * batch loop). "Fully writes before it reads" is checked by walking the loop body in program
 * order with facts about what is written: per dim, everything, or sum(coef * iv) + [0, width).
 */
#include "Passes/lift.h"

#include <stdlib.h>
#include <string.h>

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
static uint32_t enclosing_loops(LiftNest *L, SolOp *op, LiftDim ***out)
{
    uint32_t n = 0;
    for (SolOp *o = sol_op_parent_op(op); o; o = sol_op_parent_op(o)) {
        if (o->kind == SOL_OP_FOR)
            n++;
        if (o == L->root)
            break;
    }
    LiftDim **d = sol_lift_alloc(L, (n + 1) * sizeof *d);
    uint32_t i = n;
    for (SolOp *o = sol_op_parent_op(op); o && i; o = sol_op_parent_op(o)) {
        if (o->kind != SOL_OP_FOR)
            continue;
        LiftDim *u = sol_lift_alloc(L, sizeof *u);
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
static LinForm *access_forms(LiftNest *L, SolOp *op, uint32_t rank)
{
    LiftDim **d;
    uint32_t n = enclosing_loops(L, op, &d);
    LiftMem raw = {.kind = LIFT_MEM_ARG};
    char *saved = L->why;
    const SolAffineMap *map = sol_lift_access_map(L, d, n, op, &raw);
    sol_lift_forget(L, saved);
    LinForm *f = sol_lift_alloc(L, (rank + 1) * sizeof *f);
    int64_t *coef = sol_xcalloc(n + 1, sizeof *coef);
    for (uint32_t r = 0; r < rank; r++) {
        f[r].ok =
            map && r < map->num_results && sol_affine_linear(map->results[r], n, coef, &f[r].c);
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
    LiftNest *L;
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
    LiftNest *L = C->L;
    char *saved = L->why;
    LiftDim *d = sol_lift_dim_of(L, loop);
    sol_lift_forget(L, saved);
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
    LiftNest *L = C->L;
    sol_block_for_each_op(op, b)
    {
        uint32_t first;
        SolValue *mem = sol_lift_access_memref(op, &first);
        if (mem == C->mem && op->kind == SOL_OP_LOAD) {
            if (!covered(C, facts, access_forms(L, op, C->rank)))
                return false;
        } else if (mem == C->mem && op->kind == SOL_OP_STORE) {
            LinForm *f = access_forms(L, op, C->rank);
            CovEntry *fact = sol_lift_alloc(L, (C->rank + 1) * sizeof *fact);
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
            if (!cover_block(C, sol_lift_body(op), facts))
                return false;
            close_loop(C, facts, from, op);
        } else if (op->num_regions && sol_lift_op_accesses(op, C->mem)) {
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
            if (sol_lift_access_memref(op, &first) != mem)
                continue;
            const SolAffineMap *map = op->props.access.map;
            const SolAffineExpr *e = r < map->num_results ? map->results[r] : NULL;
            const SolValue *v = NULL;
            if (e && e->kind == SOL_AFF_DIM)
                v = sol_op_operand(op, first + (uint32_t)e->value);
            else if (e && e->kind == SOL_AFF_SYM)
                v = sol_op_operand(op, first + map->num_dims + (uint32_t)e->value);
            all = v && sol_lift_iv_loop(v) == loop;
        }
        if (all)
            return true;
    }
    return false;
}

/* Scratch buffers (memref.alloc used only by this nest and deallocs) that tie an outer loop
 * get that loop as a leading dim, when each iteration writes them before it reads them. */
void sol_lift_plan_expansions(LiftNest *L)
{
    uint64_t head;
    if (!sol_ptr_map_get(&L->fn->nest_allocs, L->root, &head))
        return;
    for (uint64_t ai = head; ai; ai = L->fn->allocs.data[ai - 1].next) {
        SolOp *alloc = L->fn->allocs.data[ai - 1].op;
        SolValue *T = &alloc->results[0];
        bool in_nest = false, ok = true;
        SolOp *common = NULL; /* deepest loop holding every access */
        for (const SolUse *u = T->uses; u && ok; u = u->next) {
            SolOp *user = u->user;
            if (!sol_lift_op_inside(user, L->root)) {
                ok = user->kind == SOL_OP_DEALLOC;
                continue;
            }
            uint32_t first;
            ok = sol_lift_access_memref(user, &first) == T &&
                 (user->kind == SOL_OP_LOAD || user->kind == SOL_OP_STORE);
            SolOp *loop = sol_op_parent_op(user);
            while (loop && loop->kind != SOL_OP_FOR)
                loop = sol_op_parent_op(loop);
            if (!in_nest)
                common = loop;
            else
                while (common && !sol_lift_op_inside(user, common))
                    common = sol_op_parent_op(common);
            in_nest = true;
        }
        while (common && common->kind != SOL_OP_FOR)
            common = sol_op_parent_op(common);
        if (!in_nest || !ok || !common || !sol_lift_op_inside(common, L->root))
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
            exp[ne] = sol_lift_dim_of(L, chain[i]);
            sol_lift_forget(L, saved);
            ok = exp[ne] && (exp[ne]->extent->kind == SOL_AFF_CONST ||
                             (exp[ne]->lb == 0 && exp[ne]->step == 1));
            ne++;
        }
        if (!ok || !ne)
            continue;
        Cover C = {L, T, T->type->rank, sol_lift_alloc(L, (T->type->rank + 1) * sizeof *C.extent)};
        for (uint32_t r = 0; r < C.rank; r++)
            C.extent[r] = sol_lift_raw_extent(L->fn, T, r, 0);
        CovFacts facts = {0};
        ok = cover_block(&C, sol_lift_body(common), &facts);
        sol_vec_free(&facts);
        if (!ok)
            continue;
        LiftMem *mem = sol_lift_alloc(L, sizeof *mem);
        mem->kind = LIFT_MEM_EXPANDED;
        mem->orig = T;
        mem->dims = sol_lift_dims_copy(L, exp, ne, NULL);
        mem->ndims = ne;
        mem->type = sol_lift_memref_over(L, exp, ne, T->type, T->type->elem);
        sol_ptr_map_put(&L->mems, T, (uint64_t)(uintptr_t)mem);
        sol_vec_push(&L->made, mem);
    }
}

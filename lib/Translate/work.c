/*
 * The validation work of a candidate (work.h): @forward specialised to the validation sizes
 * with --bind's own code, then a walk that keeps the iteration domain of the loops around
 * each op and adds up every affine.for's iterations: the enclosing count times the trip count
 * for constant bounds, the points of its domain otherwise. Under an affine.if the enclosing
 * count is an upper estimate; a call counts one step and its callee nothing, and a
 * linalg.generic nothing (approximate: a lower bound then).
 */
#include "Translate/work.h"

#include "Analysis/domain.h"
#include "Passes/pass.h"

#include <stdlib.h>

typedef struct Walk {
    SolContext *ctx;
    SolArena arena;
    SolWork w;
} Walk;

static void add(Walk *k, uint64_t n)
{
    k->w.steps = k->w.steps > UINT64_MAX - n ? UINT64_MAX : k->w.steps + n;
}

static uint64_t mul(uint64_t a, uint64_t b)
{
    uint64_t r;
    return __builtin_mul_overflow(a, b, &r) ? UINT64_MAX : r;
}

static void walk_block(Walk *k, const SolBlock *b, const SolDomain *dom, uint64_t outer);

/* The trip count of a loop whose bounds are constants, or false. */
static bool constant_trips(const SolLevel *lv, uint64_t *trips)
{
    if (lv->lb.n != 1 || lv->ub.n != 1 || lv->step <= 0 || sol_level_uses(lv->lb.exprs[0]) ||
        sol_level_uses(lv->ub.exprs[0]))
        return false;
    int64_t lo = sol_level_eval(lv->lb.exprs[0], NULL), hi = sol_level_eval(lv->ub.exprs[0], NULL);
    *trips = hi > lo ? (uint64_t)(hi - lo - 1) / (uint64_t)lv->step + 1 : 0;
    return true;
}

/* affine.for: outer times its trip count when its bounds are constants (so a loop of 10^12
 * iterations costs nothing to count), else the points of the domain with it pushed. */
static void walk_for(Walk *k, const SolOp *op, const SolDomain *dom, uint64_t outer)
{
    SolDomain in = *dom;
    const char *why = NULL;
    if (in.num_levels >= SOL_DOM_MAX_LEVELS ||
        !sol_domain_push_loop(k->ctx, &k->arena, &in, op, &why)) {
        k->w.known = false;
        return;
    }
    uint64_t n;
    if (constant_trips(&in.levels[in.num_levels - 1], &n)) {
        n = mul(outer, n);
    } else {
        SolCount c = sol_domain_count(&in);
        k->w.approximate |= c.approximate;
        n = c.overflow ? UINT64_MAX : c.value;
    }
    add(k, n);
    walk_block(k, sol_region_first_block(&op->regions[0]), &in, n);
}

/* affine.if: each region under its condition (negated for the else region). */
static void walk_if(Walk *k, const SolOp *op, const SolDomain *dom, uint64_t outer)
{
    for (uint32_t r = 0; r < op->num_regions; r++) {
        const SolBlock *b = sol_region_first_block(&op->regions[r]);
        if (!b)
            continue;
        SolDomain in = *dom;
        const char *why = NULL;
        if (!sol_domain_push_guard(k->ctx, &k->arena, &in, op, r == 1, &why)) {
            k->w.known = false;
            continue;
        }
        walk_block(k, b, &in, outer); /* outer: an upper estimate under the guard */
    }
}

static void walk_block(Walk *k, const SolBlock *b, const SolDomain *dom, uint64_t outer)
{
    if (!b)
        return;
    sol_block_for_each_op(op, b)
    {
        if (!k->w.known)
            return;
        if (op->kind == SOL_OP_FOR) {
            walk_for(k, op, dom, outer);
        } else if (op->kind == SOL_OP_IF) {
            walk_if(k, op, dom, outer);
        } else {
            if (op->kind == SOL_OP_GENERIC)
                k->w.approximate = true; /* its iterations are not counted */
            if (op->kind == SOL_OP_CALL) {
                /* One step per call; the callee's own loops are not followed. */
                add(k, outer);
                k->w.approximate = true;
            }
            for (uint32_t r = 0; r < op->num_regions; r++)
                walk_block(k, sol_region_first_block(&op->regions[r]), dom, outer);
        }
    }
}

SolWork sol_work_estimate(SolContext *ctx, SolModule *m, const SolRefSizes *sizes)
{
    Walk k = {.ctx = ctx, .w = {.known = true}};
    SolOp *entry = sol_module_lookup_func(m, sol_ident_cstr(ctx, "forward"));
    if (!entry || !entry->num_regions)
        return (SolWork){0};
    SolBinding *b = sol_xcalloc(sizes->len + 1, sizeof *b);
    size_t n = 0;
    const SolBlock *body = sol_region_first_block(&entry->regions[0]);
    for (uint32_t i = 0; body && i < body->num_args; i++) {
        const SolValue *a = &body->args[i];
        const SolRefSize *z = a->hint ? sol_reference_size(sizes, a->hint->str) : NULL;
        if (z && sol_type_is_index(a->type))
            b[n++] = (SolBinding){.name = z->name, .value = z->value};
    }
    unsigned errors = sol_context_diag(ctx)->num_errors;
    bool bound = sol_bind_entry(ctx, m, entry, b, n) && sol_context_diag(ctx)->num_errors == errors;
    free(b);
    if (!bound)
        return (SolWork){0};
    SolDomain dom = {0};
    walk_block(&k, sol_region_first_block(&entry->regions[0]), &dom, 1);
    sol_arena_release(&k.arena);
    return k.w;
}

SolWork sol_work_estimate_text(const char *ir, size_t len, const SolRefSizes *sizes)
{
    SolContext *ctx = sol_context_new();
    sol_diag_set_output(sol_context_diag(ctx), NULL);
    SolModule *m = sol_parse_buffer(ctx, "forward.mlir", ir, len);
    SolWork w = {0};
    if (m && sol_verify_module(ctx, m))
        w = sol_work_estimate(ctx, m, sizes);
    if (m)
        sol_module_free(m);
    sol_context_free(ctx);
    return w;
}

void sol_work_text(SolBuf *b, uint64_t steps)
{
    if (steps == UINT64_MAX)
        sol_buf_puts(b, "more than 1.8e19");
    else if (steps < 1000000)
        sol_buf_printf(b, "%llu", (unsigned long long)steps);
    else if (steps < 1000000000)
        sol_buf_printf(b, "%.3g million", (double)steps / 1e6);
    else
        sol_buf_printf(b, "%.3g", (double)steps);
}

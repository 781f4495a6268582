/*
 * Iteration domains: level expressions, factorisation into independent groups, exact counts
 * (see domain.h).
 */
#include "Analysis/domain.h"

#include <stdlib.h>
#include <string.h>

/* ---- level expressions -------------------------------------------------------------------- */

const SolAffineExpr *sol_level_value(SolContext *ctx, const SolDomain *d, const SolValue *v)
{
    if (d->resolve)
        v = d->resolve(v, d->resolve_user);
    int64_t c;
    if (sol_value_const_int(v, &c))
        return sol_affine_const(ctx, c);
    for (uint32_t k = 0; k < d->num_levels; k++)
        if (d->levels[k].iv && d->levels[k].iv == v)
            return sol_affine_dim(ctx, k);
    if (v->def && v->def->kind == SOL_OP_APPLY) {
        const SolAffineMap *m = v->def->props.access.map;
        return sol_level_expr(ctx, d, m->results[0], v->def->operands, m->num_dims);
    }
    return NULL;
}

const SolAffineExpr *sol_level_expr(SolContext *ctx, const SolDomain *d, const SolAffineExpr *e,
                                    const SolUse *operands, uint32_t num_dims)
{
    switch (e->kind) {
    case SOL_AFF_CONST:
        return e;
    case SOL_AFF_DIM:
        return sol_level_value(ctx, d, operands[e->value].value);
    case SOL_AFF_SYM:
        return sol_level_value(ctx, d, operands[num_dims + e->value].value);
    default: {
        const SolAffineExpr *l = sol_level_expr(ctx, d, e->lhs, operands, num_dims);
        const SolAffineExpr *r = l ? sol_level_expr(ctx, d, e->rhs, operands, num_dims) : NULL;
        return r ? sol_affine_binary(ctx, e->kind, l, r) : NULL;
    }
    }
}

int64_t sol_level_eval(const SolAffineExpr *e, const int64_t *iv)
{
    switch (e->kind) {
    case SOL_AFF_CONST:
        return e->value;
    case SOL_AFF_DIM:
        return iv[e->value];
    case SOL_AFF_SYM:
        return 0; /* level expressions have no symbols */
    case SOL_AFF_ADD:
        return (int64_t)((uint64_t)sol_level_eval(e->lhs, iv) + (uint64_t)sol_level_eval(e->rhs, iv));
    case SOL_AFF_MUL:
        return (int64_t)((uint64_t)sol_level_eval(e->lhs, iv) * (uint64_t)sol_level_eval(e->rhs, iv));
    default: {
        int64_t a = sol_level_eval(e->lhs, iv), b = sol_level_eval(e->rhs, iv);
        if (b == 0 || (b == -1 && a == INT64_MIN))
            return 0; /* the program itself faults here; any value keeps counting total */
        if (e->kind == SOL_AFF_MOD)
            return sol_floormod(a, b);
        return e->kind == SOL_AFF_FLOORDIV ? sol_floordiv(a, b) : sol_ceildiv(a, b);
    }
    }
}

uint64_t sol_level_uses(const SolAffineExpr *e)
{
    switch (e->kind) {
    case SOL_AFF_CONST:
    case SOL_AFF_SYM:
        return 0;
    case SOL_AFF_DIM:
        return e->value < 64 ? 1ull << e->value : 0;
    default:
        return sol_level_uses(e->lhs) | sol_level_uses(e->rhs);
    }
}

/* ---- building ----------------------------------------------------------------------------- */

static bool bound_of(SolContext *ctx, SolArena *a, const SolDomain *d, const SolAffineMap *m,
                     const SolUse *operands, SolLevelBound *out)
{
    out->n = m->num_results;
    out->exprs = sol_arena_alloc(a, (m->num_results + 1) * sizeof *out->exprs);
    for (uint32_t i = 0; i < m->num_results; i++) {
        out->exprs[i] = sol_level_expr(ctx, d, m->results[i], operands, m->num_dims);
        if (!out->exprs[i])
            return false;
    }
    return true;
}

bool sol_domain_push_loop(SolContext *ctx, SolArena *a, SolDomain *d, const SolOp *for_op,
                          const char **why)
{
    if (d->num_levels >= SOL_DOM_MAX_LEVELS) {
        *why = "loops nested deeper than 48";
        return false;
    }
    const SolLoopProps *L = for_op->props.loop;
    SolLevel *lv = &d->levels[d->num_levels];
    const SolUse *ub_ops = for_op->operands ? for_op->operands + L->num_lb_operands : NULL;
    if (!bound_of(ctx, a, d, L->lb, for_op->operands, &lv->lb) ||
        !bound_of(ctx, a, d, L->ub, ub_ops, &lv->ub)) {
        *why = "a loop bound is not an affine function of outer loops and bound sizes";
        return false;
    }
    lv->step = L->step;
    lv->iv = &sol_region_first_block(&for_op->regions[0])->args[0];
    d->num_levels++;
    return true;
}

void sol_domain_push_range(SolContext *ctx, SolArena *a, SolDomain *d, int64_t size)
{
    SolLevel *lv = &d->levels[d->num_levels++];
    const SolAffineExpr **e = sol_arena_alloc(a, 2 * sizeof *e);
    e[0] = sol_affine_const(ctx, 0);
    e[1] = sol_affine_const(ctx, size);
    lv->lb = (SolLevelBound){1, &e[0]};
    lv->ub = (SolLevelBound){1, &e[1]};
    lv->step = 1;
    lv->iv = NULL;
}

bool sol_domain_push_guard(SolContext *ctx, SolArena *a, SolDomain *d, const SolOp *if_op,
                           bool negate, const char **why)
{
    const SolIntegerSet *set = if_op->props.cond.set;
    SolGuard *g = sol_arena_alloc(a, (d->num_guards + 1) * sizeof *g);
    if (d->num_guards)
        memcpy(g, d->guards, d->num_guards * sizeof *g);
    SolGuard *ng = &g[d->num_guards];
    ng->set = set;
    ng->num_cons = set->num_cons;
    ng->is_eq = set->is_eq;
    ng->negate = negate;
    ng->cons = sol_arena_alloc(a, (set->num_cons + 1) * sizeof *ng->cons);
    for (uint32_t i = 0; i < set->num_cons; i++) {
        ng->cons[i] = sol_level_expr(ctx, d, set->cons[i], if_op->operands, set->num_dims);
        if (!ng->cons[i]) {
            *why = "an affine.if condition is not an affine function of loops and bound sizes";
            return false;
        }
    }
    d->guards = g;
    d->num_guards++;
    return true;
}

/* ---- groups ------------------------------------------------------------------------------- */

static uint32_t find(uint32_t *parent, uint32_t x)
{
    while (parent[x] != x)
        x = parent[x] = parent[parent[x]];
    return x;
}

static void unite_mask(uint32_t *parent, uint64_t mask)
{
    int first = -1;
    for (int k = 0; k < 64; k++) {
        if (!(mask >> k & 1))
            continue;
        if (first < 0)
            first = k;
        else
            parent[find(parent, (uint32_t)k)] = find(parent, (uint32_t)first);
    }
}

static uint64_t bound_uses(const SolLevelBound *b)
{
    uint64_t m = 0;
    for (uint32_t i = 0; i < b->n; i++)
        m |= sol_level_uses(b->exprs[i]);
    return m;
}

static uint64_t guard_uses(const SolGuard *g)
{
    uint64_t m = 0;
    for (uint32_t i = 0; i < g->num_cons; i++)
        m |= sol_level_uses(g->cons[i]);
    return m;
}

uint32_t sol_domain_groups(const SolDomain *d, const uint64_t *couple, uint32_t n,
                           uint64_t *groups)
{
    uint32_t parent[SOL_DOM_MAX_LEVELS];
    for (uint32_t k = 0; k < d->num_levels; k++)
        parent[k] = k;
    for (uint32_t k = 0; k < d->num_levels; k++) {
        const SolLevel *lv = &d->levels[k];
        unite_mask(parent, (1ull << k) | bound_uses(&lv->lb) | bound_uses(&lv->ub));
    }
    for (uint32_t g = 0; g < d->num_guards; g++)
        unite_mask(parent, guard_uses(&d->guards[g]));
    for (uint32_t i = 0; i < n; i++)
        unite_mask(parent, couple[i]);
    uint32_t ngroups = 0;
    int32_t slot[SOL_DOM_MAX_LEVELS];
    for (uint32_t k = 0; k < d->num_levels; k++)
        slot[k] = -1;
    for (uint32_t k = 0; k < d->num_levels; k++) {
        uint32_t r = find(parent, k);
        if (slot[r] < 0) {
            slot[r] = (int32_t)ngroups;
            groups[ngroups++] = 0;
        }
        groups[slot[r]] |= 1ull << k;
    }
    return ngroups;
}

/* ---- enumeration -------------------------------------------------------------------------- */

typedef struct Walk {
    const SolDomain *d;
    uint32_t levels[SOL_DOM_MAX_LEVELS]; /* the levels of the mask, outermost first */
    uint32_t n;
    const SolGuard *guards[64]; /* guards inside the mask */
    uint32_t num_guards;
    uint64_t guard_levels;      /* levels any of those guards use */
    SolPointFn fn;
    void *user;
    int64_t iv[SOL_DOM_MAX_LEVELS];
    uint64_t count, budget;
    bool over;
} Walk;

static int64_t lower(const SolLevelBound *b, const int64_t *iv)
{
    int64_t v = sol_level_eval(b->exprs[0], iv);
    for (uint32_t i = 1; i < b->n; i++) {
        int64_t x = sol_level_eval(b->exprs[i], iv);
        v = x > v ? x : v;
    }
    return v;
}

static int64_t upper(const SolLevelBound *b, const int64_t *iv)
{
    int64_t v = sol_level_eval(b->exprs[0], iv);
    for (uint32_t i = 1; i < b->n; i++) {
        int64_t x = sol_level_eval(b->exprs[i], iv);
        v = x < v ? x : v;
    }
    return v;
}

static uint64_t trips(int64_t lb, int64_t ub, int64_t step)
{
    if (ub <= lb || step <= 0)
        return 0;
    return ((uint64_t)ub - (uint64_t)lb - 1) / (uint64_t)step + 1;
}

static bool guards_hold(const Walk *w)
{
    for (uint32_t g = 0; g < w->num_guards; g++) {
        const SolGuard *gd = w->guards[g];
        bool all = true;
        for (uint32_t i = 0; i < gd->num_cons && all; i++) {
            int64_t v = sol_level_eval(gd->cons[i], w->iv);
            all = gd->is_eq[i] ? v == 0 : v >= 0;
        }
        if (all == gd->negate)
            return false;
    }
    return true;
}

static void walk(Walk *w, uint32_t i)
{
    if (w->over)
        return;
    if (i == w->n) {
        if (!guards_hold(w))
            return;
        if (++w->count > w->budget) {
            w->over = true;
            w->count--;
            return;
        }
        if (w->fn)
            w->fn(w->iv, w->user);
        return;
    }
    uint32_t k = w->levels[i];
    const SolLevel *lv = &w->d->levels[k];
    int64_t lb = lower(&lv->lb, w->iv), ub = upper(&lv->ub, w->iv);
    /* Counting only: a last level no guard looks at adds its trip count at once. */
    if (!w->fn && i + 1 == w->n && !(w->guard_levels >> k & 1)) {
        uint64_t t = trips(lb, ub, lv->step);
        if (t && !guards_hold(w))
            return;
        if (t > w->budget - w->count) {
            w->over = true;
            return;
        }
        w->count += t;
        return;
    }
    uint64_t t = trips(lb, ub, lv->step);
    for (uint64_t n = 0; n < t && !w->over; n++) {
        w->iv[k] = (int64_t)((uint64_t)lb + n * (uint64_t)lv->step);
        walk(w, i + 1);
    }
}

uint64_t sol_domain_visit(const SolDomain *d, uint64_t mask, SolPointFn fn, void *user,
                          bool *approximate)
{
    Walk *w = sol_xcalloc(1, sizeof *w);
    w->d = d;
    w->fn = fn;
    w->user = user;
    w->budget = SOL_DOM_ENUM_BUDGET;
    for (uint32_t k = 0; k < d->num_levels; k++)
        if (mask >> k & 1)
            w->levels[w->n++] = k;
    for (uint32_t g = 0; g < d->num_guards && w->num_guards < 64; g++) {
        uint64_t u = guard_uses(&d->guards[g]);
        if ((u & ~mask) == 0) { /* includes conditions on no level at all */
            w->guards[w->num_guards++] = &d->guards[g];
            w->guard_levels |= u;
        }
    }
    walk(w, 0);
    if (w->over && approximate)
        *approximate = true;
    uint64_t n = w->count;
    free(w);
    return n;
}

SolCount sol_domain_count(const SolDomain *d)
{
    SolCount c = {1, false, false};
    uint64_t groups[SOL_DOM_MAX_LEVELS];
    uint32_t n = sol_domain_groups(d, NULL, 0, groups);
    /* Guards that use no level at all (constant conditions) decide everything. */
    for (uint32_t g = 0; g < d->num_guards; g++)
        if (guard_uses(&d->guards[g]) == 0) {
            Walk w = {.d = d};
            w.guards[0] = &d->guards[g];
            w.num_guards = 1;
            if (!guards_hold(&w))
                return (SolCount){0, false, false};
        }
    for (uint32_t i = 0; i < n && c.value; i++) {
        uint64_t k = sol_domain_visit(d, groups[i], NULL, NULL, &c.approximate);
        if (__builtin_mul_overflow(c.value, k, &c.value)) {
            c.overflow = true;
            c.value = UINT64_MAX;
            return c;
        }
    }
    return c;
}

/* ---- intervals ---------------------------------------------------------------------------- */

typedef struct Interval {
    int64_t lo, hi;
    bool ok;
} Interval;

static Interval expr_interval(const SolDomain *d, const SolAffineExpr *e, int depth);

static Interval level_interval(const SolDomain *d, uint32_t k, int depth)
{
    const SolLevel *lv = &d->levels[k];
    Interval lb = {0, 0, false}, ub = {0, 0, false};
    for (uint32_t i = 0; i < lv->lb.n; i++) {
        Interval x = expr_interval(d, lv->lb.exprs[i], depth + 1);
        if (!x.ok)
            return x;
        lb = !lb.ok ? x : (Interval){x.lo > lb.lo ? x.lo : lb.lo, x.hi > lb.hi ? x.hi : lb.hi, true};
    }
    for (uint32_t i = 0; i < lv->ub.n; i++) {
        Interval x = expr_interval(d, lv->ub.exprs[i], depth + 1);
        if (!x.ok)
            return x;
        ub = !ub.ok ? x : (Interval){x.lo < ub.lo ? x.lo : ub.lo, x.hi < ub.hi ? x.hi : ub.hi, true};
    }
    if (!lb.ok || !ub.ok || ub.hi == INT64_MIN)
        return (Interval){0, 0, false};
    return (Interval){lb.lo, ub.hi - 1, true};
}

static Interval expr_interval(const SolDomain *d, const SolAffineExpr *e, int depth)
{
    Interval bad = {0, 0, false};
    if (depth > 64)
        return bad;
    switch (e->kind) {
    case SOL_AFF_CONST:
        return (Interval){e->value, e->value, true};
    case SOL_AFF_DIM:
        return e->value < d->num_levels ? level_interval(d, (uint32_t)e->value, depth) : bad;
    case SOL_AFF_SYM:
        return bad;
    case SOL_AFF_ADD: {
        Interval a = expr_interval(d, e->lhs, depth + 1), b = expr_interval(d, e->rhs, depth + 1);
        Interval r = {0, 0, a.ok && b.ok};
        if (!r.ok || __builtin_add_overflow(a.lo, b.lo, &r.lo) || __builtin_add_overflow(a.hi, b.hi, &r.hi))
            return bad;
        return r;
    }
    case SOL_AFF_MUL: {
        Interval a = expr_interval(d, e->lhs, depth + 1), b = expr_interval(d, e->rhs, depth + 1);
        if (!a.ok || !b.ok)
            return bad;
        int64_t p[4];
        if (__builtin_mul_overflow(a.lo, b.lo, &p[0]) || __builtin_mul_overflow(a.lo, b.hi, &p[1]) ||
            __builtin_mul_overflow(a.hi, b.lo, &p[2]) || __builtin_mul_overflow(a.hi, b.hi, &p[3]))
            return bad;
        Interval r = {p[0], p[0], true};
        for (int i = 1; i < 4; i++) {
            r.lo = p[i] < r.lo ? p[i] : r.lo;
            r.hi = p[i] > r.hi ? p[i] : r.hi;
        }
        return r;
    }
    default: {
        Interval a = expr_interval(d, e->lhs, depth + 1), b = expr_interval(d, e->rhs, depth + 1);
        if (!a.ok || !b.ok || b.lo != b.hi || b.lo <= 0)
            return bad;
        int64_t c = b.lo;
        if (e->kind == SOL_AFF_MOD)
            return (Interval){0, c - 1, true};
        if (e->kind == SOL_AFF_FLOORDIV)
            return (Interval){sol_floordiv(a.lo, c), sol_floordiv(a.hi, c), true};
        return (Interval){sol_ceildiv(a.lo, c), sol_ceildiv(a.hi, c), true};
    }
    }
}

bool sol_level_range(const SolDomain *d, const SolAffineExpr *e, int64_t *lo, int64_t *hi)
{
    Interval r = expr_interval(d, e, 0);
    *lo = r.lo;
    *hi = r.hi;
    return r.ok;
}

/* ---- projection ----------------------------------------------------------------------------- */

typedef struct Projection {
    uint64_t keep;            /* levels whose values make the tuple */
    SolVecOf(uint64_t) hashes;
    bool over;
} Projection;

static void project_point(const int64_t *iv, void *user)
{
    Projection *p = user;
    uint64_t h = 0x9E3779B97F4A7C15ull;
    for (int k = 0; k < 64; k++)
        if (p->keep >> k & 1) {
            h ^= (uint64_t)iv[k] + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
            h *= 0xBF58476D1CE4E5B9ull;
        }
    if (p->hashes.len < SOL_DOM_ENUM_BUDGET / 8)
        sol_vec_push(&p->hashes, h);
    else
        p->over = true;
}

static int cmp_hash(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

SolCount sol_domain_count_projected(const SolDomain *d, uint64_t drop)
{
    SolCount c = {1, false, false};
    uint64_t groups[SOL_DOM_MAX_LEVELS];
    uint32_t n = sol_domain_groups(d, NULL, 0, groups);
    if (d->num_guards && sol_domain_visit(d, 0, NULL, NULL, NULL) == 0)
        return (SolCount){0, false, false};
    for (uint32_t i = 0; i < n && c.value; i++) {
        uint64_t k;
        if (!(groups[i] & drop)) {
            k = sol_domain_visit(d, groups[i], NULL, NULL, &c.approximate);
        } else {
            Projection p = {.keep = groups[i] & ~drop};
            uint64_t pts = sol_domain_visit(d, groups[i], project_point, &p, &c.approximate);
            if (p.keep == 0) {
                k = pts > 0;
            } else {
                qsort(p.hashes.data, p.hashes.len, sizeof *p.hashes.data, cmp_hash);
                k = 0;
                for (size_t j = 0; j < p.hashes.len; j++)
                    k += j == 0 || p.hashes.data[j] != p.hashes.data[j - 1];
            }
            c.approximate |= p.over;
            sol_vec_free(&p.hashes);
        }
        if (__builtin_mul_overflow(c.value, k, &c.value)) {
            c.overflow = true;
            c.value = UINT64_MAX;
            return c;
        }
    }
    return c;
}

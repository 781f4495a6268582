/*
 * Value ranges for bounds proofs (bounds.h): interval arithmetic over affine expressions, and
 * the symbolic tightening of subscripts by loop-bound substitution.
 *
 * Substitution: a subscript is a linear form c0 + sum(k * v). Take the term whose value is the
 * IV of the innermost loop among them. When the access runs, that IV lies between each result
 * of the loop's lower-bound map (it is at least their max) and each result of its upper-bound
 * map minus one. So for a lower bound of the form, a term with k > 0 may be replaced by k times
 * any lower-bound result (k < 0: any upper-bound result minus one), and the best of those
 * replacements, each bounded recursively, is a lower bound; upper bounds likewise. The bounds'
 * operands are values defined outside that loop, so the recursion ends; a form with no IV
 * left is bounded by interval arithmetic. Non-linear parts (floordiv, mod, products of values)
 * leave the numeric range alone. A budget of substitutions keeps deep nests cheap.
 */
#include "Exec/bounds.h"

const ExecRange exec_unknown_range = {false, 0, 0};

/* ---- numeric ranges ----------------------------------------------------------------------- */

static ExecRange range_add(ExecRange a, ExecRange b)
{
    ExecRange r = {true, 0, 0};
    if (!a.known || !b.known || __builtin_add_overflow(a.lo, b.lo, &r.lo) ||
        __builtin_add_overflow(a.hi, b.hi, &r.hi))
        return exec_unknown_range;
    return r;
}

static ExecRange range_mul(ExecRange a, ExecRange b)
{
    if (!a.known || !b.known)
        return exec_unknown_range;
    int64_t p[4];
    if (__builtin_mul_overflow(a.lo, b.lo, &p[0]) || __builtin_mul_overflow(a.lo, b.hi, &p[1]) ||
        __builtin_mul_overflow(a.hi, b.lo, &p[2]) || __builtin_mul_overflow(a.hi, b.hi, &p[3]))
        return exec_unknown_range;
    ExecRange r = {true, p[0], p[0]};
    for (int i = 1; i < 4; i++) {
        r.lo = p[i] < r.lo ? p[i] : r.lo;
        r.hi = p[i] > r.hi ? p[i] : r.hi;
    }
    return r;
}

ExecRange exec_expr_range(const SolAffineExpr *e, const ExecRange *ops, uint32_t ndims)
{
    switch (e->kind) {
    case SOL_AFF_CONST:
        return exec_range_exact(e->value);
    case SOL_AFF_DIM:
        return ops[e->value];
    case SOL_AFF_SYM:
        return ops[ndims + e->value];
    case SOL_AFF_ADD:
        return range_add(exec_expr_range(e->lhs, ops, ndims), exec_expr_range(e->rhs, ops, ndims));
    case SOL_AFF_MUL:
        return range_mul(exec_expr_range(e->lhs, ops, ndims), exec_expr_range(e->rhs, ops, ndims));
    default: {
        ExecRange a = exec_expr_range(e->lhs, ops, ndims);
        ExecRange b = exec_expr_range(e->rhs, ops, ndims);
        /* Divisors: only a known positive constant range keeps this monotone. */
        if (!a.known || !b.known || b.lo != b.hi || b.lo <= 0)
            return exec_unknown_range;
        int64_t c = b.lo;
        if (e->kind == SOL_AFF_MOD)
            return a.lo >= 0 && a.hi < c ? a : (ExecRange){true, 0, c - 1};
        if (e->kind == SOL_AFF_FLOORDIV)
            return (ExecRange){true, sol_floordiv(a.lo, c), sol_floordiv(a.hi, c)};
        return (ExecRange){true, sol_ceildiv(a.lo, c), sol_ceildiv(a.hi, c)};
    }
    }
}

static ExecRange value_range(const SolValue *v, int depth);

/* The range of a map's results combined by max (lower bounds) or min (upper bounds). */
static ExecRange map_range(const SolAffineMap *map, const SolUse *operands, bool take_max,
                           int depth)
{
    ExecRange ops[64];
    uint32_t n = map->num_dims + map->num_syms;
    if (n > 64 || map->num_results == 0)
        return exec_unknown_range;
    for (uint32_t i = 0; i < n; i++)
        ops[i] = value_range(operands[i].value, depth + 1);
    ExecRange r = exec_expr_range(map->results[0], ops, map->num_dims);
    for (uint32_t i = 1; i < map->num_results && r.known; i++) {
        ExecRange x = exec_expr_range(map->results[i], ops, map->num_dims);
        if (!x.known)
            return exec_unknown_range;
        if (take_max) {
            r.lo = x.lo > r.lo ? x.lo : r.lo;
            r.hi = x.hi > r.hi ? x.hi : r.hi;
        } else {
            r.lo = x.lo < r.lo ? x.lo : r.lo;
            r.hi = x.hi < r.hi ? x.hi : r.hi;
        }
    }
    return r;
}

/* The affine.for whose IV v is, or NULL. */
static SolOp *iv_loop(const SolValue *v)
{
    if (v->def || v->index != 0)
        return NULL;
    SolOp *owner = sol_block_parent_op(v->owner);
    return owner && owner->kind == SOL_OP_FOR ? owner : NULL;
}

/* (an op without operands has a NULL operand array: no pointer arithmetic on it) */
static const SolUse *ub_operands(const SolOp *loop)
{
    return loop->operands ? loop->operands + loop->props.loop->num_lb_operands : NULL;
}

static ExecRange value_range(const SolValue *v, int depth)
{
    if (depth > 32)
        return exec_unknown_range;
    int64_t k;
    if (sol_value_const_int(v, &k))
        return exec_range_exact(k);
    SolOp *def = v->def;
    if (def) {
        switch (def->kind) {
        case SOL_OP_APPLY:
            return map_range(def->props.access.map, def->operands, true, depth);
        case SOL_OP_AMIN:
            return map_range(def->props.access.map, def->operands, false, depth);
        case SOL_OP_AMAX:
            return map_range(def->props.access.map, def->operands, true, depth);
        default:
            return exec_unknown_range;
        }
    }
    SolOp *loop = iv_loop(v);
    if (!loop)
        return exec_unknown_range;
    const SolLoopProps *L = loop->props.loop;
    ExecRange lb = map_range(L->lb, loop->operands, true, depth);
    ExecRange ub = map_range(L->ub, ub_operands(loop), false, depth);
    if (!lb.known || !ub.known || ub.hi == INT64_MIN)
        return exec_unknown_range;
    return (ExecRange){true, lb.lo, ub.hi - 1};
}

ExecRange exec_value_range(const SolValue *v) { return value_range(v, 0); }

/* ---- symbolic subscripts ------------------------------------------------------------------ */

#define SYM_TERMS 16
#define SYM_BUDGET 256 /* substitutions per subscript */

typedef struct Sym {
    bool ok; /* false: not linear in values (or too many terms, or overflow) */
    int64_t c0;
    uint32_t n;
    const SolValue *v[SYM_TERMS];
    int64_t k[SYM_TERMS];
} Sym;

static void sym_term(Sym *s, const SolValue *v, int64_t k)
{
    for (uint32_t i = 0; i < s->n; i++)
        if (s->v[i] == v) {
            if (__builtin_add_overflow(s->k[i], k, &s->k[i]))
                s->ok = false;
            return;
        }
    if (s->n == SYM_TERMS) {
        s->ok = false;
        return;
    }
    s->v[s->n] = v;
    s->k[s->n++] = k;
}

/* s += k * e, e over operands (ndims dims, then symbols); affine.apply operands are inlined. */
static void sym_add(Sym *s, const SolAffineExpr *e, int64_t k, const SolUse *ops, uint32_t ndims,
                    int depth)
{
    int64_t t;
    switch (e->kind) {
    case SOL_AFF_CONST:
        if (__builtin_mul_overflow(k, e->value, &t) || __builtin_add_overflow(s->c0, t, &s->c0))
            s->ok = false;
        return;
    case SOL_AFF_DIM:
    case SOL_AFF_SYM: {
        const SolValue *v = ops[e->kind == SOL_AFF_DIM ? e->value : ndims + e->value].value;
        const SolOp *def = v->def;
        if (def && def->kind == SOL_OP_APPLY && depth < 8) {
            const SolAffineMap *m = def->props.access.map;
            sym_add(s, m->results[0], k, def->operands, m->num_dims, depth + 1);
            return;
        }
        sym_term(s, v, k);
        return;
    }
    case SOL_AFF_ADD:
        sym_add(s, e->lhs, k, ops, ndims, depth);
        sym_add(s, e->rhs, k, ops, ndims, depth);
        return;
    case SOL_AFF_MUL:
        if (e->rhs->kind == SOL_AFF_CONST && !__builtin_mul_overflow(k, e->rhs->value, &t)) {
            sym_add(s, e->lhs, t, ops, ndims, depth);
            return;
        }
        if (e->lhs->kind == SOL_AFF_CONST && !__builtin_mul_overflow(k, e->lhs->value, &t)) {
            sym_add(s, e->rhs, t, ops, ndims, depth);
            return;
        }
        s->ok = false;
        return;
    default:
        s->ok = false;
        return;
    }
}

static uint32_t loop_depth(const SolOp *op)
{
    uint32_t d = 0;
    for (const SolOp *p = op; p; p = sol_op_parent_op(p))
        d++;
    return d;
}

/* A bound of s: the least value (lower) or the greatest (upper) it takes when the access runs. */
static bool sym_bound(const Sym *s, bool lower, int *budget, int64_t *out)
{
    if (--*budget < 0)
        return false;
    /* the IV of the innermost loop among the terms */
    int pick = -1;
    uint32_t best_depth = 0;
    for (uint32_t i = 0; i < s->n; i++) {
        const SolOp *loop = s->k[i] ? iv_loop(s->v[i]) : NULL;
        uint32_t d = loop ? loop_depth(loop) : 0;
        if (loop && d > best_depth)
            pick = (int)i, best_depth = d;
    }
    if (pick < 0) { /* interval arithmetic on what is left */
        int64_t acc = s->c0;
        for (uint32_t i = 0; i < s->n; i++) {
            ExecRange r = exec_value_range(s->v[i]);
            int64_t t;
            if (!r.known)
                return false;
            int64_t x = (s->k[i] > 0) == lower ? r.lo : r.hi;
            if (__builtin_mul_overflow(s->k[i], x, &t) || __builtin_add_overflow(acc, t, &acc))
                return false;
        }
        *out = acc;
        return true;
    }
    const SolOp *loop = iv_loop(s->v[pick]);
    const SolLoopProps *L = loop->props.loop;
    int64_t k = s->k[pick];
    bool use_lb = (k > 0) == lower; /* which of the IV's bounds bounds k * iv this way */
    const SolAffineMap *m = use_lb ? L->lb : L->ub;
    const SolUse *ops = use_lb ? loop->operands : ub_operands(loop);
    bool known = false;
    for (uint32_t j = 0; j < m->num_results; j++) {
        Sym t = *s;
        t.k[pick] = 0;
        sym_add(&t, m->results[j], k, ops, m->num_dims, 0);
        if (!use_lb && __builtin_sub_overflow(t.c0, k, &t.c0)) /* iv <= ub - 1 */
            t.ok = false;
        int64_t b;
        if (!t.ok || !sym_bound(&t, lower, budget, &b))
            continue;
        if (!known || (lower ? b > *out : b < *out))
            *out = b;
        known = true;
    }
    return known;
}

ExecRange exec_subscript_range(const SolAffineExpr *e, const SolUse *operands, uint32_t ndims,
                               uint32_t nops)
{
    ExecRange num = exec_unknown_range;
    if (nops <= 64) {
        ExecRange ops[64];
        for (uint32_t i = 0; i < nops; i++)
            ops[i] = exec_value_range(operands[i].value);
        num = exec_expr_range(e, ops, ndims);
    }
    Sym s = {.ok = true};
    sym_add(&s, e, 1, operands, ndims, 0);
    int64_t lo, hi;
    int budget = SYM_BUDGET;
    bool has_lo = s.ok && sym_bound(&s, true, &budget, &lo);
    budget = SYM_BUDGET;
    bool has_hi = s.ok && sym_bound(&s, false, &budget, &hi);
    if (!has_lo || !has_hi)
        return num;
    if (!num.known)
        return (ExecRange){true, lo, hi};
    return (ExecRange){true, lo > num.lo ? lo : num.lo, hi < num.hi ? hi : num.hi};
}

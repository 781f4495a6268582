/*
 * The extent a `?` dim of a memref is taken to have (dim_extent.h has the rule), and the
 * interval arithmetic over index values it needs for accesses that are not a plain loop
 * counter.
 */
#include "Analysis/dim_extent.h"

#include <stdlib.h>

/* &op->operands[first] without pointer arithmetic on NULL (ops without operands). */
static const SolUse *operands_from(const SolOp *op, uint32_t first)
{
    return op->operands ? op->operands + first : NULL;
}

/* The loop whose induction variable v is, or NULL. */
static const SolOp *loop_of_iv(const SolValue *v)
{
    if (v->def || !v->owner || v->index != 0)
        return NULL;
    const SolOp *loop = sol_block_parent_op(v->owner);
    return loop && loop->kind == SOL_OP_FOR ? loop : NULL;
}

/* ---- ranges of index values ------------------------------------------------------------- */

/* A closed interval of index values. */
typedef struct Range {
    int64_t lo, hi;
} Range;

enum { RANGE_BUDGET = 4096 }; /* value_range steps per question: no exponential blowup */

static bool value_range(const SolValue *v, Range *out, int *budget);

static bool add_range(Range a, Range b, Range *out)
{
    return !__builtin_add_overflow(a.lo, b.lo, &out->lo) &&
           !__builtin_add_overflow(a.hi, b.hi, &out->hi);
}

static bool mul_range(Range a, Range b, Range *out)
{
    int64_t p[4];
    if (__builtin_mul_overflow(a.lo, b.lo, &p[0]) || __builtin_mul_overflow(a.lo, b.hi, &p[1]) ||
        __builtin_mul_overflow(a.hi, b.lo, &p[2]) || __builtin_mul_overflow(a.hi, b.hi, &p[3]))
        return false;
    out->lo = out->hi = p[0];
    for (int i = 1; i < 4; i++) {
        out->lo = p[i] < out->lo ? p[i] : out->lo;
        out->hi = p[i] > out->hi ? p[i] : out->hi;
    }
    return true;
}

/* The range of e given ranges of its dims and symbols (the operands, dims first). */
static bool expr_range(const SolAffineExpr *e, const Range *dims, const Range *syms, Range *out)
{
    Range l, r;
    switch (e->kind) {
    case SOL_AFF_CONST:
        *out = (Range){e->value, e->value};
        return true;
    case SOL_AFF_DIM:
        *out = dims[e->value];
        return true;
    case SOL_AFF_SYM:
        *out = syms[e->value];
        return true;
    default:
        break;
    }
    if (!expr_range(e->lhs, dims, syms, &l) || !expr_range(e->rhs, dims, syms, &r))
        return false;
    if (e->kind == SOL_AFF_ADD)
        return add_range(l, r, out);
    if (e->kind == SOL_AFF_MUL)
        return mul_range(l, r, out);
    int64_t c = r.lo;
    if (r.lo != r.hi || c <= 0) /* divisors are positive constants in affine maps */
        return false;
    if (e->kind == SOL_AFF_MOD) {
        *out = l.lo >= 0 && l.hi < c ? l : (Range){0, c - 1};
        return true;
    }
    bool floor = e->kind == SOL_AFF_FLOORDIV;
    *out = (Range){floor ? sol_floordiv(l.lo, c) : sol_ceildiv(l.lo, c),
                   floor ? sol_floordiv(l.hi, c) : sol_ceildiv(l.hi, c)};
    return true;
}

/* Ranges of nd + ns map operands. */
static bool operand_ranges(const SolUse *ops, uint32_t n, Range *out, int *budget)
{
    for (uint32_t i = 0; i < n; i++)
        if (!value_range(ops[i].value, &out[i], budget))
            return false;
    return true;
}

/* Range of each result of map applied to ops; lo/hi of their max (is_max) or min. */
static bool map_range(const SolAffineMap *map, const SolUse *ops, bool is_max, Range *out,
                      int *budget)
{
    uint32_t n = map->num_dims + map->num_syms;
    Range *r = sol_xcalloc(n + 1, sizeof *r);
    bool ok = map->num_results > 0 && operand_ranges(ops, n, r, budget);
    for (uint32_t i = 0; ok && i < map->num_results; i++) {
        Range x;
        ok = expr_range(map->results[i], r, r + map->num_dims, &x);
        if (!ok)
            break;
        if (i == 0)
            *out = x;
        else if (is_max)
            *out = (Range){x.lo > out->lo ? x.lo : out->lo, x.hi > out->hi ? x.hi : out->hi};
        else
            *out = (Range){x.lo < out->lo ? x.lo : out->lo, x.hi < out->hi ? x.hi : out->hi};
    }
    free(r);
    return ok;
}

/* The values an induction variable takes: [max of lb, min of ub - 1]. */
static bool iv_range(const SolOp *loop, Range *out, int *budget)
{
    Range lb, ub;
    uint32_t nlb = loop->props.loop->num_lb_operands;
    if (!map_range(loop->props.loop->lb, loop->operands, true, &lb, budget) ||
        !map_range(loop->props.loop->ub, operands_from(loop, nlb), false, &ub, budget) ||
        ub.hi == INT64_MIN)
        return false;
    *out = (Range){lb.lo, ub.hi - 1};
    return out->lo <= out->hi;
}

static bool value_range(const SolValue *v, Range *out, int *budget)
{
    int64_t c;
    if (!v || --*budget < 0)
        return false;
    if (sol_value_const_int(v, &c)) {
        *out = (Range){c, c};
        return true;
    }
    const SolOp *loop = loop_of_iv(v);
    if (loop)
        return iv_range(loop, out, budget);
    const SolOp *def = v->def;
    if (!def || def->num_results != 1)
        return false;
    if (def->kind == SOL_OP_APPLY || def->kind == SOL_OP_AMIN || def->kind == SOL_OP_AMAX)
        return map_range(def->props.access.map, def->operands, def->kind == SOL_OP_AMAX, out,
                         budget);
    return false;
}

/* ---- the rule ------------------------------------------------------------------------------ */

/* What the accesses of one memref say about its dim k. */
typedef struct Evidence {
    SolLoopBoundFn ub;
    void *user;
    const SolAffineExpr *extent; /* the largest unit-loop extent so far, or NULL */
    bool others;                 /* some access is not such a loop's counter */
    int64_t max_index;           /* the largest index those may use */
    bool blocked;                /* some user or subscript we cannot reason about */
} Evidence;

/* E when v is the induction variable of `for 0 to E step 1` (E > 0 when constant), else NULL. */
static const SolAffineExpr *unit_loop_extent(const Evidence *ev, const SolValue *v)
{
    const SolOp *loop = v ? loop_of_iv(v) : NULL;
    if (!loop || loop->props.loop->step != 1)
        return NULL;
    const SolAffineMap *lb = loop->props.loop->lb, *ub = loop->props.loop->ub;
    if (lb->num_results != 1 || lb->results[0]->kind != SOL_AFF_CONST ||
        lb->results[0]->value != 0 || ub->num_results != 1)
        return NULL;
    const SolAffineExpr *e = ev->ub(loop, ev->user);
    return e && (e->kind != SOL_AFF_CONST || e->value > 0) ? e : NULL;
}

static void note_unit(Evidence *ev, const SolAffineExpr *e)
{
    if (!ev->extent || ev->extent == e)
        ev->extent = e;
    else if (ev->extent->kind == SOL_AFF_CONST && e->kind == SOL_AFF_CONST)
        ev->extent = e->value > ev->extent->value ? e : ev->extent;
    else
        ev->blocked = true; /* two expressions we cannot order */
}

static void note_range(Evidence *ev, bool have_range, Range r)
{
    ev->others = true;
    if (!have_range)
        ev->blocked = true;
    else if (r.hi > ev->max_index)
        ev->max_index = r.hi;
}

/* affine.load/store: subscript k is map result k over operands[first..]. */
static void affine_access(Evidence *ev, const SolOp *op, uint32_t first, uint32_t k)
{
    const SolAffineMap *map = op->props.access.map;
    if (k >= map->num_results) {
        ev->blocked = true;
        return;
    }
    const SolAffineExpr *e = map->results[k];
    const SolUse *ops = operands_from(op, first);
    const SolAffineExpr *unit = NULL;
    if (e->kind == SOL_AFF_DIM)
        unit = unit_loop_extent(ev, ops[e->value].value);
    else if (e->kind == SOL_AFF_SYM)
        unit = unit_loop_extent(ev, ops[map->num_dims + e->value].value);
    if (unit) {
        note_unit(ev, unit);
        return;
    }
    Range r = {0, 0};
    Range *ranges = sol_xcalloc(map->num_dims + map->num_syms + 1, sizeof *ranges);
    int budget = RANGE_BUDGET;
    bool have = operand_ranges(ops, map->num_dims + map->num_syms, ranges, &budget) &&
                expr_range(e, ranges, ranges + map->num_dims, &r);
    free(ranges);
    note_range(ev, have, r);
}

/* memref.load/store: subscript k is operand first + k. */
static void memref_access(Evidence *ev, const SolOp *op, uint32_t first, uint32_t k)
{
    const SolValue *idx = first + k < op->num_operands ? op->operands[first + k].value : NULL;
    const SolAffineExpr *unit = unit_loop_extent(ev, idx);
    if (unit) {
        note_unit(ev, unit);
        return;
    }
    Range r = {0, 0};
    int budget = RANGE_BUDGET;
    note_range(ev, value_range(idx, &r, &budget), r);
}

const SolAffineExpr *sol_dim_extent_assumed(const SolValue *mem, uint32_t k, SolLoopBoundFn ub,
                                            void *user)
{
    Evidence ev = {ub, user, NULL, false, INT64_MIN, false};
    for (const SolUse *u = mem->uses; u && !ev.blocked; u = u->next) {
        const SolOp *op = u->user;
        uint32_t pos = (uint32_t)(u - op->operands);
        if (op->kind == SOL_OP_LOAD && pos == 0)
            affine_access(&ev, op, 1, k);
        else if (op->kind == SOL_OP_STORE && pos == 1)
            affine_access(&ev, op, 2, k);
        else if (op->kind == SOL_OP_MLOAD && pos == 0)
            memref_access(&ev, op, 1, k);
        else if (op->kind == SOL_OP_MSTORE && pos == 1)
            memref_access(&ev, op, 2, k);
        else if (!(op->kind == SOL_OP_DIM || op->kind == SOL_OP_DEALLOC ||
                   op->kind == SOL_OP_GENERIC))
            ev.blocked = true;
    }
    if (ev.blocked || !ev.extent)
        return NULL;
    if (ev.others && (ev.extent->kind != SOL_AFF_CONST || ev.max_index >= ev.extent->value))
        return NULL;
    return ev.extent;
}

/*
 * Parser builders for affine expressions. The grammar parses one expression syntax for map
 * bodies (`d0 + s0 * 4`, names) and subscripts (`%i + symbol(%n)`, SSA values) into SolPExpr
 * trees; here they are lowered to uniqued SolAffineExprs. In a subscript each SSA value
 * becomes a dim, or a symbol when written `symbol(%n)`, numbered in order of first
 * appearance, as MLIR does; `%g * %cpg` with a function-level `%cpg` is read as
 * `%g * symbol(%cpg)`, the semi-affine product MLIR accepts.
 */
#include "IR/parse_internal.h"

#include <stdlib.h>
#include <string.h>

/* ---- affine expressions ------------------------------------------------------------------------ */

static SolPExpr *expr_new(SolParser *p, SolPLoc l, SolPExprKind kind)
{
    SolPExpr *e = sol_arena_alloc(&p->scratch, sizeof *e);
    e->kind = kind;
    e->loc = l;
    return e;
}

/* 2^63 is allowed here so that `-9223372036854775808` (INT64_MIN, as the printer writes it)
 * reads back; lowering rejects it anywhere but under a negation. */
SolPExpr *sol_p_expr_int(SolParser *p, SolPLoc l, SolPInt v)
{
    SolPExpr *e = expr_new(p, l, SOL_PEXPR_INT);
    if (v.overflow || v.value > (uint64_t)INT64_MAX + 1) {
        sol_p_error(p, l, "integer in affine expression is out of range");
        v.value = 0;
    }
    e->magnitude = v.value;
    return e;
}

SolPExpr *sol_p_expr_name(SolParser *p, SolPLoc l, const SolIdent *name)
{
    SolPExpr *e = expr_new(p, l, SOL_PEXPR_NAME);
    e->name = name;
    return e;
}

SolPExpr *sol_p_expr_ssa(SolParser *p, SolPLoc l, SolPUse *u, bool symbol)
{
    SolPExpr *e = expr_new(p, l, symbol ? SOL_PEXPR_SYMBOL : SOL_PEXPR_SSA);
    e->use = u;
    return e;
}

SolPExpr *sol_p_expr_neg(SolParser *p, SolPLoc l, SolPExpr *a)
{
    SolPExpr *e = expr_new(p, l, SOL_PEXPR_NEG);
    e->lhs = a;
    return e;
}

SolPExpr *sol_p_expr_bin(SolParser *p, SolPLoc l, SolAffineKind k, SolPExpr *a, SolPExpr *b)
{
    SolPExpr *e = expr_new(p, l, SOL_PEXPR_BINARY);
    e->bin = k;
    e->lhs = a;
    e->rhs = b;
    return e;
}

SolPExpr *sol_p_expr_sub(SolParser *p, SolPLoc l, SolPExpr *a, SolPExpr *b)
{
    return sol_p_expr_bin(p, l, SOL_AFF_ADD, a, sol_p_expr_neg(p, b->loc, b));
}

/* How the atoms of an expression map to dims and symbols while lowering it. */
typedef struct Lowering {
    SolParser *p;
    /* maps: parameter names */
    bool in_map;
    SolPList *dim_names, *sym_names;
    /* subscripts: operands collected in order of first appearance (scratch lists) */
    SolPList *dims, *syms;
} Lowering;

static bool find_operand(const SolPList *l, SolValue *v, uint32_t *pos)
{
    for (uint32_t i = 0; i < sol_p_len(l); i++)
        if (l->items[i] == v) {
            *pos = i;
            return true;
        }
    return false;
}

/* A subscript operand keeps the role of its first appearance, as in MLIR: after `%g` was
 * used as a dim, `symbol(%g)` is that dim too (so `%i * symbol(%g)` is non-affine there). */
static const SolAffineExpr *operand_expr(Lowering *lw, SolValue *v, bool as_symbol)
{
    uint32_t pos;
    if (find_operand(lw->dims, v, &pos))
        return sol_affine_dim(lw->p->ctx, pos);
    if (find_operand(lw->syms, v, &pos))
        return sol_affine_sym(lw->p->ctx, pos);
    if (as_symbol) {
        lw->syms = sol_p_append(lw->p, lw->syms, v);
        return sol_affine_sym(lw->p->ctx, lw->syms->n - 1);
    }
    lw->dims = sol_p_append(lw->p, lw->dims, v);
    return sol_affine_dim(lw->p->ctx, lw->dims->n - 1);
}

/* A value MLIR accepts as a symbol: defined at a function's top level (arguments included),
 * or an arith.constant anywhere. Used for the `%g * %cpg` extension below. */
static bool is_top_level_symbol(SolValue *v)
{
    SolBlock *b = v->def ? v->def->parent : v->owner;
    SolOp *owner = b ? sol_block_parent_op(b) : NULL;
    if (owner && owner->kind == SOL_OP_FUNC)
        return true;
    return v->def && v->def->kind == SOL_OP_CONSTANT;
}

static bool contains_dim_atom(const SolPExpr *e)
{
    switch (e->kind) {
    case SOL_PEXPR_SSA:
    case SOL_PEXPR_NAME:
        return true;
    case SOL_PEXPR_NEG:
        return contains_dim_atom(e->lhs);
    case SOL_PEXPR_BINARY:
        return contains_dim_atom(e->lhs) || contains_dim_atom(e->rhs);
    default:
        return false;
    }
}

static const SolAffineExpr *lower(Lowering *lw, SolPExpr *e, bool as_symbol);

/* In a subscript, `%g * %cpg` (two SSA atoms) is a product of dims, which is not affine;
 * when one factor is a bare function-level value MLIR would accept as symbol(%cpg), take it
 * as that symbol (the printer then writes symbol(%cpg), valid MLIR). */
static const SolAffineExpr *lower_product(Lowering *lw, SolPExpr *e)
{
    SolPExpr *a = e->lhs, *b = e->rhs;
    bool a_sym = false, b_sym = false;
    if (!lw->in_map && contains_dim_atom(a) && contains_dim_atom(b)) {
        if (b->kind == SOL_PEXPR_SSA && b->use->value && is_top_level_symbol(b->use->value))
            b_sym = true;
        else if (a->kind == SOL_PEXPR_SSA && a->use->value && is_top_level_symbol(a->use->value))
            a_sym = true;
    }
    const SolAffineExpr *l = lower(lw, a, a_sym), *r = lower(lw, b, b_sym);
    if (!l || !r)
        return NULL;
    if (!sol_affine_is_symbolic(l) && !sol_affine_is_symbolic(r)) {
        sol_p_error(lw->p, e->loc, "non-affine expression: at least one of the multiply operands has to be a constant or symbolic");
        return NULL;
    }
    return sol_affine_mul(lw->p->ctx, l, r);
}

static const SolAffineExpr *lower_name(Lowering *lw, SolPExpr *e)
{
    for (uint32_t i = 0; i < sol_p_len(lw->dim_names); i++)
        if (lw->dim_names->items[i] == e->name)
            return sol_affine_dim(lw->p->ctx, i);
    for (uint32_t i = 0; i < sol_p_len(lw->sym_names); i++)
        if (lw->sym_names->items[i] == e->name)
            return sol_affine_sym(lw->p->ctx, i);
    sol_p_error(lw->p, e->loc, "use of undeclared identifier '%s' in affine expression", e->name->str);
    return NULL;
}

static const SolAffineExpr *lower(Lowering *lw, SolPExpr *e, bool as_symbol)
{
    SolContext *ctx = lw->p->ctx;
    switch (e->kind) {
    case SOL_PEXPR_INT:
        if (e->magnitude > (uint64_t)INT64_MAX) {
            sol_p_error(lw->p, e->loc, "integer in affine expression is out of range");
            return NULL;
        }
        return sol_affine_const(ctx, (int64_t)e->magnitude);
    case SOL_PEXPR_NAME:
        if (lw->in_map)
            return lower_name(lw, e);
        sol_p_error(lw->p, e->loc, "'%s' is not an SSA value: subscripts use %%names", e->name->str);
        return NULL;
    case SOL_PEXPR_SSA:
    case SOL_PEXPR_SYMBOL:
        if (lw->in_map) {
            sol_p_error(lw->p, e->loc, "SSA value in an affine map literal: use d0, s0 names");
            return NULL;
        }
        if (!e->use->value)
            return NULL;
        return operand_expr(lw, e->use->value, e->kind == SOL_PEXPR_SYMBOL || as_symbol);
    case SOL_PEXPR_NEG: {
        if (e->lhs->kind == SOL_PEXPR_INT) /* folds here so that -2^63 fits */
            return sol_affine_const(ctx, (int64_t)(0 - e->lhs->magnitude));
        const SolAffineExpr *a = lower(lw, e->lhs, false);
        return a ? sol_affine_neg(ctx, a) : NULL;
    }
    case SOL_PEXPR_BINARY:
        break;
    }
    if (e->bin == SOL_AFF_MUL)
        return lower_product(lw, e);
    const SolAffineExpr *l = lower(lw, e->lhs, false), *r = lower(lw, e->rhs, false);
    if (!l || !r)
        return NULL;
    if (e->bin == SOL_AFF_ADD)
        return sol_affine_add(ctx, l, r);
    if (!sol_affine_is_symbolic(r)) {
        sol_p_error(lw->p, e->loc, "non-affine expression: the right operand of %s must be a constant or symbolic",
                    e->bin == SOL_AFF_MOD ? "mod" : e->bin == SOL_AFF_FLOORDIV ? "floordiv" : "ceildiv");
        return NULL;
    }
    if (r->kind == SOL_AFF_CONST && r->value == 0) { /* negative divisors are fine in MLIR */
        sol_p_error(lw->p, e->rhs->loc, "%s by zero in affine expression",
                    e->bin == SOL_AFF_MOD ? "modulo" : "division");
        return NULL;
    }
    return sol_affine_binary(ctx, e->bin, l, r);
}

static bool check_param_names(SolParser *p, SolPLoc l, SolPList *dims, SolPList *syms)
{
    uint32_t nd = sol_p_len(dims), ns = sol_p_len(syms);
    for (uint32_t i = 0; i < nd + ns; i++)
        for (uint32_t j = 0; j < i; j++) {
            const void *a = i < nd ? dims->items[i] : syms->items[i - nd];
            const void *b = j < nd ? dims->items[j] : syms->items[j - nd];
            if (a == b) {
                sol_p_error(p, l, "redefinition of identifier '%s' in affine map",
                            ((const SolIdent *)a)->str);
                return false;
            }
        }
    return true;
}

const SolAffineMap *sol_p_map(SolParser *p, SolPLoc l, SolPList *dims, SolPList *syms, SolPList *results)
{
    if (!check_param_names(p, l, dims, syms))
        return NULL;
    Lowering lw = {.p = p, .in_map = true, .dim_names = dims, .sym_names = syms};
    uint32_t n = sol_p_len(results);
    const SolAffineExpr **exprs = sol_arena_alloc(&p->scratch, (n + 1) * sizeof *exprs);
    for (uint32_t i = 0; i < n; i++)
        if (!(exprs[i] = lower(&lw, results->items[i], false)))
            return NULL;
    return sol_affine_map(p->ctx, sol_p_len(dims), sol_p_len(syms), n, exprs);
}

SolPExpr *sol_p_constraint(SolParser *p, SolPLoc l, SolPExpr *a, SolPExpr *b, bool eq)
{
    /* a >= b  becomes  a - b >= 0 */
    SolPExpr *e = sol_p_expr_sub(p, l, a, b);
    e->is_eq = eq;
    return e;
}

const SolIntegerSet *sol_p_set(SolParser *p, SolPLoc l, SolPList *dims, SolPList *syms, SolPList *cons)
{
    if (!check_param_names(p, l, dims, syms))
        return NULL;
    if (!cons) { /* `affine_set<(d0) : ()>`: MLIR reads it as the universe set, `0 == 0` */
        const SolAffineExpr *zero = sol_affine_const(p->ctx, 0);
        bool eq = true;
        return sol_integer_set(p->ctx, sol_p_len(dims), sol_p_len(syms), 1, &zero, &eq);
    }
    Lowering lw = {.p = p, .in_map = true, .dim_names = dims, .sym_names = syms};
    uint32_t n = cons->n;
    const SolAffineExpr **exprs = sol_arena_alloc(&p->scratch, n * sizeof *exprs);
    bool *eq = sol_arena_alloc(&p->scratch, n);
    for (uint32_t i = 0; i < n; i++) {
        SolPExpr *c = cons->items[i];
        eq[i] = c->is_eq;
        if (!(exprs[i] = lower(&lw, c, false)))
            return NULL;
    }
    return sol_integer_set(p->ctx, sol_p_len(dims), sol_p_len(syms), n, exprs, eq);
}

/* `(d0, ..., dn-1) -> (d0, ..., dn-1)`, kept per parse for the ranks accesses use most. */
static const SolAffineMap *identity_map(SolParser *p, uint32_t n)
{
    const SolAffineMap **slot = n < SOL_P_IDENTITY_MAPS ? &p->state->identity[n] : NULL;
    if (slot && *slot)
        return *slot;
    const SolAffineExpr **exprs = sol_arena_alloc(&p->scratch, (n + 1) * sizeof *exprs);
    for (uint32_t i = 0; i < n; i++)
        exprs[i] = sol_affine_dim(p->ctx, i);
    const SolAffineMap *m = sol_affine_map(p->ctx, n, 0, n, exprs);
    if (slot)
        *slot = m;
    return m;
}

/* The common case, `%A[%i, %j]`: each subscript a plain value, none twice. Those are the dims,
 * in order, of the identity map. */
static bool plain_subscripts(const SolPList *subs)
{
    uint32_t n = sol_p_len(subs);
    for (uint32_t i = 0; i < n; i++) {
        const SolPExpr *e = subs->items[i];
        if (e->kind != SOL_PEXPR_SSA || !e->use->value)
            return false;
        for (uint32_t j = 0; j < i; j++)
            if (((const SolPExpr *)subs->items[j])->use->value == e->use->value)
                return false;
    }
    return true;
}

const SolAffineMap *sol_p_lower_subscripts(SolParser *p, SolPList *subs, SolValue ***operands_out,
                                           uint32_t *num_out, uint32_t prefix)
{
    uint32_t n = sol_p_len(subs);
    if (plain_subscripts(subs)) {
        SolValue **operands = sol_arena_alloc(&p->scratch, (prefix + n + 1) * sizeof *operands);
        for (uint32_t i = 0; i < n; i++)
            operands[prefix + i] = ((SolPExpr *)subs->items[i])->use->value;
        *operands_out = operands;
        *num_out = prefix + n;
        return identity_map(p, n);
    }
    Lowering lw = {.p = p};
    const SolAffineExpr **exprs = sol_arena_alloc(&p->scratch, (n + 1) * sizeof *exprs);
    bool ok = true;
    for (uint32_t i = 0; i < n; i++)
        ok = (exprs[i] = lower(&lw, subs->items[i], false)) != NULL && ok;
    uint32_t nd = sol_p_len(lw.dims), ns = sol_p_len(lw.syms);
    const SolAffineMap *map = ok ? sol_affine_map(p->ctx, nd, ns, n, exprs) : NULL;
    SolValue **operands = sol_arena_alloc(&p->scratch, (prefix + nd + ns + 1) * sizeof *operands);
    for (uint32_t i = 0; i < nd; i++)
        operands[prefix + i] = lw.dims->items[i];
    for (uint32_t i = 0; i < ns; i++)
        operands[prefix + nd + i] = lw.syms->items[i];
    *operands_out = operands;
    *num_out = prefix + nd + ns;
    return map;
}

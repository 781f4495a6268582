/*
 * The affine dialect's hooks: affine.for, affine.if, affine.yield, affine.load/store and
 * affine.apply/min/max.
 *
 * Verifying: operand counts against maps and sets, affine expressions (`non-affine
 * expression`, division by zero), index operands, dims and symbols (MLIR's isValidDim /
 * isValidSymbol, memoized per value), loop bodies and yields, and accesses that are
 * statically out of bounds (constant subscripts, and loop induction variables with constant
 * bounds outside any affine.if).
 *
 * Printing: loop bounds as integers, `%n` or `[max |min ]#mapN(dims)[syms]`, iter_args, the
 * bare affine.yield left out of bodies and trivial else regions, subscripts with each map
 * result written over its operands (`%A[%i + symbol(%n)]`); the maps of bounds and of
 * apply/min/max and the sets of affine.if become #map/#set aliases. Ops whose maps and
 * operand counts disagree print in the generic form.
 */
#include "IR/print_internal.h"
#include "IR/verify_internal.h"

#include <string.h>

enum { MEMO_SYM_KNOWN = 1, MEMO_SYM = 2, MEMO_DIM_KNOWN = 4, MEMO_DIM = 8 };

/* ---- dims and symbols (MLIR's isValidSymbol / isValidDim, subset section 6) ------------------ */

static bool valid_symbol(SolVerifier *v, const SolValue *val);
static bool valid_dim(SolVerifier *v, const SolValue *val);

/* top-level value -> block argument or op result directly in a func.func body */
static bool is_top_level(const SolValue *val)
{
    SolBlock *b = value_block(val);
    SolOp *p = b ? sol_block_parent_op(b) : NULL;
    return p && p->kind == SOL_OP_FUNC;
}

static bool all_operands(SolVerifier *v, const SolOp *op,
                         bool (*pred)(SolVerifier *, const SolValue *))
{
    for (uint32_t i = 0; i < op->num_operands; i++) {
        SolValue *o = sol_op_operand(op, i);
        if (!o || !pred(v, o))
            return false;
    }
    return true;
}

/* dim-symbol -> memref.dim of a top-level memref, or of a memref.alloc whose size in that
 *               (constant) dimension is static or a valid symbol */
static bool dim_op_is_symbol(SolVerifier *v, const SolOp *dim)
{
    if (dim->num_operands != 2 || !sol_op_operand(dim, 0) || !sol_op_operand(dim, 1))
        return false;
    const SolValue *mem = sol_op_operand(dim, 0);
    if (is_top_level(mem))
        return true;
    const SolOp *alloc = mem->def;
    int64_t idx;
    if (!alloc || alloc->kind != SOL_OP_ALLOC || !sol_value_const_int(sol_op_operand(dim, 1), &idx))
        return false;
    const SolType *t = mem->type;
    if (!is_memref(t) || idx < 0 || (uint64_t)idx >= t->rank)
        return false;
    if (t->dims[idx] != SOL_DYNAMIC)
        return true;
    uint32_t pos = 0; /* position of this `?` among the dynamic dims */
    for (int64_t d = 0; d < idx; d++)
        pos += t->dims[d] == SOL_DYNAMIC;
    return pos < alloc->num_operands && sol_op_operand(alloc, pos) &&
           valid_symbol(v, sol_op_operand(alloc, pos));
}

/* symbol -> index value that is top-level in its function, an arith.constant, a memref.dim
 *           as above, or an affine.apply of symbols (affine.min/max results are not symbols,
 *           as in mlir-opt-14) */
static bool valid_symbol(SolVerifier *v, const SolValue *val)
{
    if (!is_index(val->type))
        return false;
    if (is_top_level(val) || (val->def && val->def->kind == SOL_OP_CONSTANT))
        return true;
    if (!val->def || (val->def->kind != SOL_OP_APPLY && val->def->kind != SOL_OP_DIM))
        return false;
    /* the recursive cases are memoized: chains of affine.apply can share operands */
    uint64_t bits = 0;
    if (sol_ptr_map_get(&v->memo, val, &bits) && (bits & MEMO_SYM_KNOWN))
        return bits & MEMO_SYM;
    bool ok = false;
    if (val->def->kind == SOL_OP_APPLY)
        ok = all_operands(v, val->def, valid_symbol);
    else
        ok = dim_op_is_symbol(v, val->def);
    sol_ptr_map_get(&v->memo, val, &bits);
    bits |= MEMO_SYM_KNOWN | (ok ? MEMO_SYM : 0);
    sol_ptr_map_put(&v->memo, val, bits);
    return ok;
}

/* dim -> valid symbol, induction variable of an affine.for (its body's argument 0), or an
 *        affine.apply of dims */
static bool valid_dim(SolVerifier *v, const SolValue *val)
{
    if (!is_index(val->type))
        return false;
    if (!val->def) { /* a block argument: top-level, or the induction variable of a loop */
        SolOp *p = val->owner ? sol_block_parent_op(val->owner) : NULL;
        return p && (p->kind == SOL_OP_FUNC || (p->kind == SOL_OP_FOR && val->index == 0));
    }
    if (val->def->kind != SOL_OP_APPLY)
        return valid_symbol(v, val);
    uint64_t bits = 0;
    if (sol_ptr_map_get(&v->memo, val, &bits) && (bits & MEMO_DIM_KNOWN))
        return bits & MEMO_DIM;
    bool ok = valid_symbol(v, val) || all_operands(v, val->def, valid_dim);
    sol_ptr_map_get(&v->memo, val, &bits);
    bits |= MEMO_DIM_KNOWN | (ok ? MEMO_DIM : 0);
    sol_ptr_map_put(&v->memo, val, bits);
    return ok;
}

/* ---- affine expressions and maps ------------------------------------------------------------- */

static const char *aff_kind_name(SolAffineKind k)
{
    return k == SOL_AFF_MOD ? "mod" : k == SOL_AFF_FLOORDIV ? "floordiv" : "ceildiv";
}

/* aexpr -> dN with N < num_dims | sN with N < num_syms | const
 *        | e + e | e * e  (one side constant or symbolic; semi-affine `d0 * s0` is allowed)
 *        | e (mod|floordiv|ceildiv) r  (r constant or symbolic, and not the constant 0)
 * Reports the first violation only; returns false if there was one. */
static bool check_affine_expr(SolVerifier *v, const SolOp *op, const SolAffineExpr *e,
                              uint32_t num_dims, uint32_t num_syms)
{
    switch (e->kind) {
    case SOL_AFF_CONST:
        return true;
    case SOL_AFF_DIM:
        if (e->value < 0 || (uint64_t)e->value >= num_dims) {
            sol_vfy_error(v, op, "affine expression uses d%lld but the map has %u dimension(s)",
                          (long long)e->value, num_dims);
            return false;
        }
        return true;
    case SOL_AFF_SYM:
        if (e->value < 0 || (uint64_t)e->value >= num_syms) {
            sol_vfy_error(v, op, "affine expression uses s%lld but the map has %u symbol(s)",
                          (long long)e->value, num_syms);
            return false;
        }
        return true;
    case SOL_AFF_ADD:
        return check_affine_expr(v, op, e->lhs, num_dims, num_syms) &&
               check_affine_expr(v, op, e->rhs, num_dims, num_syms);
    case SOL_AFF_MUL:
        if (!check_affine_expr(v, op, e->lhs, num_dims, num_syms) ||
            !check_affine_expr(v, op, e->rhs, num_dims, num_syms))
            return false;
        if (!sol_affine_is_symbolic(e->lhs) && !sol_affine_is_symbolic(e->rhs)) {
            sol_vfy_error(v, op,
                          "non-affine expression: at least one of the multiply operands has "
                          "to be either a constant or symbolic");
            return false;
        }
        return true;
    case SOL_AFF_MOD:
    case SOL_AFF_FLOORDIV:
    case SOL_AFF_CEILDIV:
        if (!check_affine_expr(v, op, e->lhs, num_dims, num_syms) ||
            !check_affine_expr(v, op, e->rhs, num_dims, num_syms))
            return false;
        if (!sol_affine_is_symbolic(e->rhs)) {
            sol_vfy_error(v, op,
                          "non-affine expression: right operand of %s has to be either a constant "
                          "or symbolic",
                          aff_kind_name(e->kind));
            return false;
        }
        if (e->rhs->kind == SOL_AFF_CONST && e->rhs->value == 0) {
            sol_vfy_error(v, op, "division by zero in affine map (%s 0)", aff_kind_name(e->kind));
            return false;
        }
        return true;
    }
    sol_vfy_error(v, op, "unknown affine expression kind %d", (int)e->kind);
    return false;
}

/* map -> every result a valid affine expression over the map's dims and symbols */
bool sol_vfy_affine_map(SolVerifier *v, const SolOp *op, const SolAffineMap *m)
{
    for (uint32_t i = 0; i < m->num_results; i++)
        if (!check_affine_expr(v, op, m->results[i], m->num_dims, m->num_syms))
            return false;
    return true;
}

/* set -> every constraint a valid affine expression over the set's dims and symbols */
static bool check_set(SolVerifier *v, const SolOp *op, const SolIntegerSet *s)
{
    for (uint32_t i = 0; i < s->num_cons; i++)
        if (!check_affine_expr(v, op, s->cons[i], s->num_dims, s->num_syms))
            return false;
    return true;
}

/* bound/condition operands (affine.for, affine.if) -> the first num_dims valid dims, the rest
 * valid symbols (one error per op, as MLIR) */
static void check_dims_syms_strict(SolVerifier *v, const SolOp *op, uint32_t first,
                                   uint32_t num_dims, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        const SolValue *o = sol_op_operand(op, first + i);
        if (i < num_dims && !valid_dim(v, o)) {
            sol_vfy_error(v, op, "operand cannot be used as a dimension id");
            return;
        }
        if (i >= num_dims && !valid_symbol(v, o)) {
            sol_vfy_error(v, op, "operand cannot be used as a symbol");
            return;
        }
    }
}

/* subscript operands (affine.load/store) -> dims (`%i`) are valid dims or symbols, symbols
 * (`symbol(%n)`) are valid symbols */
static void check_subscripts(SolVerifier *v, const SolOp *op, uint32_t first, uint32_t num_dims,
                             uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        const SolValue *o = sol_op_operand(op, first + i);
        if (i < num_dims && !valid_dim(v, o)) {
            sol_vfy_error(v, op, "index must be a dimension or symbol identifier");
            return;
        }
        if (i >= num_dims && !valid_symbol(v, o)) {
            sol_vfy_error(v, op, "operand cannot be used as a symbol");
            return;
        }
    }
}

/* ---- static bounds of subscripts ------------------------------------------------------------- */

#define RANGE_LIMIT ((int64_t)1 << 40) /* larger values: give up rather than risk overflow */

/* The exact first and last value of an affine.for induction variable whose bounds are
 * constants (max of the lower map's results, min of the upper map's), if the loop runs. */
static bool iv_range(const SolValue *iv, int64_t *lo, int64_t *hi)
{
    if (iv->def || !iv->owner || iv->index != 0)
        return false;
    const SolOp *f = sol_block_parent_op(iv->owner);
    if (!f || f->kind != SOL_OP_FOR || !f->props.loop->lb || !f->props.loop->ub ||
        f->props.loop->step < 1)
        return false;
    const SolAffineMap *lbm = f->props.loop->lb, *ubm = f->props.loop->ub;
    if (lbm->num_dims || lbm->num_syms || ubm->num_dims || ubm->num_syms || !lbm->num_results ||
        !ubm->num_results)
        return false;
    int64_t lb = INT64_MIN, ub = INT64_MAX;
    for (uint32_t i = 0; i < lbm->num_results; i++) {
        if (lbm->results[i]->kind != SOL_AFF_CONST)
            return false;
        lb = lbm->results[i]->value > lb ? lbm->results[i]->value : lb;
    }
    for (uint32_t i = 0; i < ubm->num_results; i++) {
        if (ubm->results[i]->kind != SOL_AFF_CONST)
            return false;
        ub = ubm->results[i]->value < ub ? ubm->results[i]->value : ub;
    }
    if (lb < -RANGE_LIMIT || ub > RANGE_LIMIT || lb >= ub)
        return false;
    *lo = lb;
    *hi = lb + (ub - 1 - lb) / f->props.loop->step * f->props.loop->step;
    return true;
}

/* Induction variables already used by an expression whose range is being computed. */
typedef struct SeenIvs {
    const SolValue *iv[16];
    uint32_t n;
} SeenIvs;

/* The exact minimum and maximum of e over the iteration space, when every dim is an
 * induction variable with constant bounds, no induction variable occurs twice (so each
 * extreme is reached) and e uses no symbols; false when that is not known. */
static bool expr_range(const SolOp *op, uint32_t first, const SolAffineExpr *e, SeenIvs *seen,
                       int64_t *lo, int64_t *hi)
{
    int64_t a, b, c, d;
    switch (e->kind) {
    case SOL_AFF_CONST:
        if (e->value < -RANGE_LIMIT || e->value > RANGE_LIMIT)
            return false;
        *lo = *hi = e->value;
        return true;
    case SOL_AFF_DIM: {
        const SolValue *iv = sol_op_operand(op, first + (uint32_t)e->value);
        for (uint32_t i = 0; i < seen->n; i++)
            if (seen->iv[i] == iv)
                return false;
        if (seen->n == 16)
            return false;
        seen->iv[seen->n++] = iv;
        return iv_range(iv, lo, hi);
    }
    case SOL_AFF_SYM:
        return false;
    case SOL_AFF_ADD:
        if (!expr_range(op, first, e->lhs, seen, &a, &b) ||
            !expr_range(op, first, e->rhs, seen, &c, &d))
            return false;
        *lo = a + c, *hi = b + d;
        return *lo >= -RANGE_LIMIT && *hi <= RANGE_LIMIT;
    case SOL_AFF_MUL:
        if (e->rhs->kind != SOL_AFF_CONST || e->rhs->value < -(1 << 20) ||
            e->rhs->value > (1 << 20) || !expr_range(op, first, e->lhs, seen, &a, &b))
            return false;
        c = e->rhs->value;
        if (a < -(1 << 20) || b > (1 << 20))
            return false;
        *lo = c >= 0 ? a * c : b * c, *hi = c >= 0 ? b * c : a * c;
        return true;
    case SOL_AFF_FLOORDIV:
    case SOL_AFF_CEILDIV:
    case SOL_AFF_MOD:
        if (e->rhs->kind != SOL_AFF_CONST || e->rhs->value <= 0 ||
            !expr_range(op, first, e->lhs, seen, &a, &b))
            return false;
        c = e->rhs->value;
        if (e->kind == SOL_AFF_FLOORDIV) {
            *lo = sol_floordiv(a, c), *hi = sol_floordiv(b, c);
        } else if (e->kind == SOL_AFF_CEILDIV) {
            *lo = sol_ceildiv(a, c), *hi = sol_ceildiv(b, c);
        } else {
            if (sol_floordiv(a, c) != sol_floordiv(b, c))
                return false; /* wraps around: the extremes are not known exactly */
            *lo = a - sol_floordiv(a, c) * c, *hi = b - sol_floordiv(b, c) * c;
        }
        return true;
    }
    return false;
}

/* in-bounds -> a subscript that folds to a constant lies in [0, size) of a static dimension;
 * outside any affine.if, a subscript ranging over constant-bound induction variables stays in
 * [0, size) (catches `affine.for %i = 0 to 17` over memref<16xf32>). Only definite
 * violations are reported. */
static void check_access_bounds(SolVerifier *v, const SolOp *op, const SolType *mem,
                                const SolAffineMap *map, uint32_t first)
{
    for (uint32_t k = 0; k < map->num_results && k < mem->rank; k++) {
        int64_t size = mem->dims[k];
        const SolAffineExpr *e = map->results[k];
        if (size == SOL_DYNAMIC)
            continue;
        if (e->kind == SOL_AFF_CONST) {
            if (e->value < 0 || e->value >= size)
                sol_vfy_error(v, op, "index %lld is out of bounds for dimension %u of size %lld",
                              (long long)e->value, k, (long long)size);
            continue;
        }
        SeenIvs seen = {.n = 0};
        int64_t lo, hi;
        if (v->guards == 0 && expr_range(op, first, e, &seen, &lo, &hi) && (lo < 0 || hi >= size))
            sol_vfy_error(v, op,
                          "index range [%lld, %lld] is out of bounds for dimension %u of size %lld",
                          (long long)lo, (long long)hi, k, (long long)size);
    }
}

/* ---- yields ---------------------------------------------------------------------------------- */

/* affine.yield -> one operand per result of the parent affine.for/affine.if, types equal */
static void check_affine_yield_matches(SolVerifier *v, const SolOp *parent, const SolOp *yield)
{
    if (yield->num_operands != parent->num_results) {
        sol_vfy_error(v, yield,
                      "parent of yield must have same number of results as the yield "
                      "operands (%u vs %u)",
                      parent->num_results, yield->num_operands);
        return;
    }
    for (uint32_t i = 0; i < yield->num_operands; i++)
        if (sol_op_operand(yield, i) && opnd_type(yield, i) != res_type(parent, i)) {
            sol_vfy_error(v, yield,
                          "types mismatch between yield op and its parent: operand #%u is '%s', "
                          "result is '%s'",
                          i, sol_vfy_type_str(v, opnd_type(yield, i)),
                          sol_vfy_type_str(v, res_type(parent, i)));
            return;
        }
}

/* ---- ops ------------------------------------------------------------------------------------- */

/* One bound of affine.for: operand count equals the map's inputs, at least one result, index
 * dims and symbols, affine expressions. */
static void check_loop_bound(SolVerifier *v, const SolOp *op, const SolAffineMap *m, uint32_t first,
                             uint32_t n, const char *which)
{
    if (!m) {
        sol_vfy_error(v, op, "requires a %s bound map", which);
        return;
    }
    if (n != m->num_dims + m->num_syms) {
        sol_vfy_error(v, op,
                      "%s bound operand count (%u) does not match the map's %u dims and %u "
                      "symbols",
                      which, n, m->num_dims, m->num_syms);
        return;
    }
    if (m->num_results == 0) {
        sol_vfy_error(v, op, "%s bound map must have at least one result", which);
        return;
    }
    if (!sol_vfy_affine_map(v, op, m) || !sol_vfy_index_operands(v, op, first, n))
        return;
    check_dims_syms_strict(v, op, first, m->num_dims, n);
}

/* for -> affine.for %iv = lb to ub step s iter_args(inits) -> (types) { ^bb(%iv, iters): ...
 * affine.yield }: step >= 1; operands lb, ub, inits; one result per init of its type; one
 * block with an index IV and one argument per init; yield matches the results */
void sol_affine_for_verify(SolVerifier *v, SolOp *op)
{
    uint32_t nlb = op->props.loop->num_lb_operands, nub = op->props.loop->num_ub_operands;
    if (op->props.loop->step < 1)
        sol_vfy_error(v, op, "expected step to be representable as a positive signed integer");
    if ((uint64_t)nlb + nub > op->num_operands) {
        sol_vfy_error(v, op, "bound operand counts (%u + %u) exceed the operand count %u", nlb, nub,
                      op->num_operands);
        return;
    }
    check_loop_bound(v, op, op->props.loop->lb, 0, nlb, "lower");
    check_loop_bound(v, op, op->props.loop->ub, nlb, nub, "upper");
    uint32_t first_iter = nlb + nub, niter = op->num_operands - first_iter;
    bool results_ok = op->num_results == niter;
    if (!results_ok)
        sol_vfy_error(v, op,
                      "mismatch between the number of loop-carried values (%u) and results "
                      "(%u)",
                      niter, op->num_results);
    for (uint32_t i = 0; results_ok && i < niter; i++)
        if (opnd_type(op, first_iter + i) != res_type(op, i)) {
            sol_vfy_error(v, op,
                          "type of iter_args init #%u ('%s') does not match result type ('%s')", i,
                          sol_vfy_type_str(v, opnd_type(op, first_iter + i)),
                          sol_vfy_type_str(v, res_type(op, i)));
            results_ok = false;
        }
    SolRegion *r = &op->regions[0];
    if (sol_vfy_num_blocks(r) != 1) {
        sol_vfy_error(v, op, "expected body region to have a single block, found %u",
                      sol_vfy_num_blocks(r));
        return;
    }
    SolBlock *b = sol_region_first_block(r);
    if (b->num_args < 1 || !is_index(b->args[0].type)) {
        sol_vfy_error(v, op,
                      "expected body to have a single index argument for the induction "
                      "variable");
        return;
    }
    if (b->num_args != 1 + niter) {
        sol_vfy_error(v, op, "mismatch between the number of basic block args and results");
        return;
    }
    for (uint32_t i = 0; i < niter; i++)
        if (b->args[1 + i].type != opnd_type(op, first_iter + i))
            sol_vfy_error(v, op,
                          "type of region iter_arg #%u ('%s') does not match its init ('%s')", i,
                          sol_vfy_type_str(v, b->args[1 + i].type),
                          sol_vfy_type_str(v, opnd_type(op, first_iter + i)));
    SolOp *y = sol_vfy_block_terminator(v, op, b, SOL_OP_YIELD);
    if (y && results_ok)
        check_affine_yield_matches(v, op, y);
}

/* if -> affine.if #set(dims)[syms] -> (types) { ... } else { ... }: operands match the set;
 * then region one block, else region zero or one, no block arguments; an op with results
 * has an else; each yield matches the results */
void sol_affine_if_verify(SolVerifier *v, SolOp *op)
{
    const SolIntegerSet *s = op->props.cond.set;
    if (!s) {
        sol_vfy_error(v, op, "requires an integer set");
    } else if (op->num_operands != s->num_dims + s->num_syms) {
        sol_vfy_error(v, op,
                      "operand count and condition integer set dimension and symbol count "
                      "must match");
    } else if (check_set(v, op, s) && sol_vfy_index_operands(v, op, 0, op->num_operands)) {
        check_dims_syms_strict(v, op, 0, s->num_dims, op->num_operands);
    }
    for (uint32_t r = 0; r < 2; r++) {
        uint32_t nb = sol_vfy_num_blocks(&op->regions[r]);
        const char *which = r == 0 ? "then" : "else";
        if (nb > 1 || (r == 0 && nb == 0)) {
            sol_vfy_error(v, op, "expects the %s region to have %s block, found %u", which,
                          r == 0 ? "one" : "at most one", nb);
            continue;
        }
        if (nb == 0) {
            if (op->num_results)
                sol_vfy_error(v, op, "must have an else block if defining values");
            continue;
        }
        SolBlock *b = sol_region_first_block(&op->regions[r]);
        if (b->num_args)
            sol_vfy_error(v, op, "requires the %s block to have no arguments", which);
        SolOp *y = sol_vfy_block_terminator(v, op, b, SOL_OP_YIELD);
        if (y)
            check_affine_yield_matches(v, op, y);
    }
}

/* load -> %r = affine.load %mem[map(dims)[syms]]: a memref, map inputs = subscript operands,
 * map results = rank, result type = element type, subscripts in bounds */
void sol_affine_access_verify(SolVerifier *v, SolOp *op)
{
    bool is_load = op->kind == SOL_OP_LOAD;
    uint32_t mem_i = is_load ? 0 : 1, first = mem_i + 1;
    const SolAffineMap *m = op->props.access.map;
    if (op->num_operands < first) {
        sol_vfy_error(v, op, "expected at least %u operands", first);
        return;
    }
    const SolType *mt = opnd_type(op, mem_i);
    if (!is_memref(mt)) {
        sol_vfy_error(v, op, "operand #%u must be memref of any type values, but got '%s'", mem_i,
                      sol_vfy_type_str(v, mt));
        return;
    }
    if (is_load && res_type(op, 0) != mt->elem)
        sol_vfy_error(v, op, "result type must match element type of memref");
    if (!is_load && opnd_type(op, 0) != mt->elem)
        sol_vfy_error(v, op, "value to store must have the same type as memref element type");
    if (!m) {
        sol_vfy_error(v, op, "requires an access map");
        return;
    }
    uint32_t n = op->num_operands - first;
    if (n != m->num_dims + m->num_syms) {
        sol_vfy_error(v, op, "expects as many subscripts as affine map inputs (%u vs %u)", n,
                      m->num_dims + m->num_syms);
        return;
    }
    if (m->num_results != mt->rank) {
        sol_vfy_error(v, op, "affine map num results must equal memref rank (%u vs %u)",
                      m->num_results, mt->rank);
        return;
    }
    if (!sol_vfy_affine_map(v, op, m) || !sol_vfy_index_operands(v, op, first, n))
        return;
    check_subscripts(v, op, first, m->num_dims, n);
    check_access_bounds(v, op, mt, m, first);
}

/* apply/min/max -> %r = affine.apply map(dims)[syms]: operands = map inputs, all index; one
 * map result for apply, at least one for min/max; index result. Operands need not be valid
 * dims (as in MLIR; the result is then no valid dim either). */
void sol_affine_map_op_verify(SolVerifier *v, SolOp *op)
{
    const SolAffineMap *m = op->props.access.map;
    if (!m) {
        sol_vfy_error(v, op, "requires an affine map");
        return;
    }
    if (op->num_operands != m->num_dims + m->num_syms) {
        sol_vfy_error(v, op, "operand count and affine map dimension and symbol count must match");
        return;
    }
    if (op->kind == SOL_OP_APPLY && m->num_results != 1)
        sol_vfy_error(v, op, "mapping must produce one value");
    else if (op->kind != SOL_OP_APPLY && m->num_results == 0)
        sol_vfy_error(v, op, "affine map must have at least one result");
    if (!is_index(res_type(op, 0)))
        sol_vfy_error(v, op, "result #0 must be index, but got '%s'",
                      sol_vfy_type_str(v, res_type(op, 0)));
    if (sol_vfy_affine_map(v, op, m))
        sol_vfy_index_operands(v, op, 0, op->num_operands);
}

/* ---- printing -------------------------------------------------------------------------------- */

/* A bound spelled without a map: an integer, or one symbol operand (`to %n`). */
static bool bound_is_shorthand(const SolAffineMap *m, uint32_t num_operands)
{
    if (m->num_results != 1 || m->num_dims != 0)
        return false;
    const SolAffineExpr *e = m->results[0];
    if (m->num_syms == 0)
        return e->kind == SOL_AFF_CONST && num_operands == 0;
    return m->num_syms == 1 && e->kind == SOL_AFF_SYM && e->value == 0 && num_operands == 1;
}

static bool map_fits(const SolAffineMap *m, uint32_t num_operands)
{
    return m && m->num_dims + m->num_syms == num_operands;
}

static bool for_fits(const SolOp *op)
{
    uint32_t nlb = op->props.loop->num_lb_operands, nub = op->props.loop->num_ub_operands;
    if ((uint64_t)nlb + nub > op->num_operands || !map_fits(op->props.loop->lb, nlb) ||
        !map_fits(op->props.loop->ub, nub))
        return false;
    uint32_t iters = op->num_operands - nlb - nub;
    const SolBlock *body = sol_region_first_block(&op->regions[0]);
    return op->num_results == iters && body && body->num_args == iters + 1;
}

static bool if_fits(const SolOp *op)
{
    return op->props.cond.set &&
           op->props.cond.set->num_dims + op->props.cond.set->num_syms == op->num_operands;
}

/* affine.load %A[...] needs the memref and one operand per map input; affine.store also the
 * value. */
static bool access_fits(const SolOp *op)
{
    uint32_t mem = op->kind == SOL_OP_STORE ? 1 : 0;
    return op->num_operands >= mem + 1 &&
           map_fits(op->props.access.map, op->num_operands - mem - 1);
}

static bool map_op_fits(const SolOp *op)
{
    return map_fits(op->props.access.map, op->num_operands);
}

/* `(%d0, ...)[%s0, ...]`: map or set operands, dims then symbols. */
static void print_dims_syms(SolPrinter *P, const SolOp *op, uint32_t first, uint32_t num_dims,
                            uint32_t num_syms)
{
    sol_buf_putc(P->b, '(');
    sol_prt_operands(P, op, first, first + num_dims);
    sol_buf_putc(P->b, ')');
    if (!num_syms)
        return;
    sol_buf_putc(P->b, '[');
    sol_prt_operands(P, op, first + num_dims, first + num_dims + num_syms);
    sol_buf_putc(P->b, ']');
}

/* `0`, `%n`, or `[max |min ]#mapN(dims)[syms]` for one loop bound. */
static void print_bound(SolPrinter *P, const SolOp *op, const SolAffineMap *m, uint32_t first,
                        uint32_t n, const char *minmax)
{
    if (bound_is_shorthand(m, n)) {
        if (n)
            sol_prt_use(P, op->operands[first].value);
        else
            sol_buf_put_i64(P->b, m->results[0]->value);
        return;
    }
    if (m->num_results > 1)
        sol_buf_puts(P->b, minmax);
    sol_prt_map_ref(P, m);
    print_dims_syms(P, op, first, m->num_dims, m->num_syms);
}

/* iter_args(%a = %init, ...) -> (T, ...) */
static void print_iter_args(SolPrinter *P, const SolOp *op, const SolBlock *body, uint32_t first)
{
    if (first == op->num_operands)
        return;
    sol_buf_append(P->b, " iter_args(", 11);
    for (uint32_t i = first; i < op->num_operands; i++) {
        if (i > first)
            sol_buf_append(P->b, ", ", 2);
        sol_prt_use(P, &body->args[1 + i - first]);
        sol_buf_append(P->b, " = ", 3);
        sol_prt_use(P, op->operands[i].value);
    }
    sol_buf_append(P->b, ") -> (", 6);
    sol_prt_result_types(P, op);
    sol_buf_putc(P->b, ')');
}

static void print_for(SolPrinter *P, SolOp *op, uint32_t depth)
{
    uint32_t nlb = op->props.loop->num_lb_operands, nub = op->props.loop->num_ub_operands;
    const SolRegion *r = &op->regions[0];
    const SolBlock *body = sol_region_first_block(r);
    sol_prt_results(P, op);
    sol_prt_name(P, op);
    sol_buf_putc(P->b, ' ');
    SolNameScope s = sol_prt_scope_mark(P);
    sol_prt_name_block_args(P, body);
    sol_prt_use(P, &body->args[0]);
    sol_buf_append(P->b, " = ", 3);
    print_bound(P, op, op->props.loop->lb, 0, nlb, "max ");
    sol_buf_append(P->b, " to ", 4);
    print_bound(P, op, op->props.loop->ub, nlb, nub, "min ");
    if (op->props.loop->step != 1) {
        sol_buf_append(P->b, " step ", 6);
        sol_buf_put_i64(P->b, op->props.loop->step);
    }
    print_iter_args(P, op, body, nlb + nub);
    sol_prt_region(P, r, depth, false, true);
    sol_prt_scope_pop(P, s);
    sol_prt_op_attrs(P, op);
}

/* An else region holding nothing but an implicit yield is not printed. */
static bool region_is_trivial(const SolRegion *r)
{
    const SolBlock *blk = sol_region_first_block(r);
    if (!blk)
        return true;
    const SolOp *first = sol_block_first_op(blk);
    return !sol_block_next(blk) && blk->num_args == 0 &&
           (!first || (first == sol_block_last_op(blk) && sol_prt_is_bare_yield(first)));
}

static void print_if(SolPrinter *P, SolOp *op, uint32_t depth)
{
    const SolIntegerSet *set = op->props.cond.set;
    sol_prt_results(P, op);
    sol_prt_name(P, op);
    sol_buf_putc(P->b, ' ');
    sol_prt_set_ref(P, set);
    print_dims_syms(P, op, 0, set->num_dims, set->num_syms);
    sol_prt_arrow_types(P, op);
    sol_prt_scoped_region(P, &op->regions[0], depth, true);
    if (op->num_results || !region_is_trivial(&op->regions[1])) {
        sol_buf_append(P->b, " else", 5);
        sol_prt_scoped_region(P, &op->regions[1], depth, true);
    }
    sol_prt_op_attrs(P, op);
}

/* `[%i + symbol(%n), %j * 2]`: each map result with dims named by their operand. */
static void print_subscripts(SolPrinter *P, const SolOp *op, uint32_t first, const SolAffineMap *m)
{
    bool plain = true; /* `[%i, %j]`: each result a dim, the common case, printed directly */
    for (uint32_t i = 0; plain && i < m->num_results; i++)
        plain = m->results[i]->kind == SOL_AFF_DIM && m->results[i]->value < m->num_dims;
    if (plain) {
        sol_buf_putc(P->b, '[');
        for (uint32_t i = 0; i < m->num_results; i++) {
            if (i)
                sol_buf_append(P->b, ", ", 2);
            sol_prt_use(P, op->operands[first + m->results[i]->value].value);
        }
        sol_buf_putc(P->b, ']');
        return;
    }
    uint32_t n = m->num_dims + m->num_syms;
    P->scratch.len = 0;
    P->offsets.len = 0;
    P->subnames.len = 0;
    for (uint32_t i = 0; i < n; i++) {
        bool sym = i >= m->num_dims;
        sol_vec_push(&P->offsets, P->scratch.len);
        if (sym)
            sol_buf_append(&P->scratch, "symbol(", 7);
        sol_prt_put_use(P, &P->scratch, op->operands[first + i].value);
        if (sym)
            sol_buf_putc(&P->scratch, ')');
        sol_buf_append(&P->scratch, "", 1); /* keep the NUL: each name is a C string */
    }
    for (uint32_t i = 0; i < n; i++) /* the buffer has stopped moving */
        sol_vec_push(&P->subnames, P->scratch.data + P->offsets.data[i]);
    sol_buf_putc(P->b, '[');
    for (uint32_t i = 0; i < m->num_results; i++) {
        if (i)
            sol_buf_append(P->b, ", ", 2);
        sol_affine_expr_print(P->b, m->results[i], P->subnames.data, m->num_dims);
    }
    sol_buf_putc(P->b, ']');
}

/* affine.load %A[...] / affine.store %v, %A[...] */
static void print_affine_access(SolPrinter *P, SolOp *op, uint32_t depth)
{
    (void)depth; /* no regions */
    uint32_t mem = op->kind == SOL_OP_STORE ? 1 : 0;
    sol_prt_results(P, op);
    sol_prt_name(P, op);
    sol_buf_putc(P->b, ' ');
    sol_prt_operands(P, op, 0, mem + 1);
    print_subscripts(P, op, mem + 1, op->props.access.map);
    sol_prt_op_attrs(P, op);
    sol_buf_append(P->b, " : ", 3);
    sol_prt_value_type(P, op->operands[mem].value);
}

/* affine.apply / affine.min / affine.max #mapN(dims)[syms] */
static void print_map_op(SolPrinter *P, SolOp *op, uint32_t depth)
{
    (void)depth; /* no regions */
    const SolAffineMap *m = op->props.access.map;
    sol_prt_results(P, op);
    sol_prt_name(P, op);
    sol_buf_putc(P->b, ' ');
    sol_prt_map_ref(P, m);
    print_dims_syms(P, op, 0, m->num_dims, m->num_syms);
    sol_prt_op_attrs(P, op);
}

/* Loop bounds that are not shorthand print as maps. */
static void for_aliases(SolPrinter *P, const SolOp *op)
{
    if (!bound_is_shorthand(op->props.loop->lb, op->props.loop->num_lb_operands))
        sol_prt_add_map_alias(P, op->props.loop->lb);
    if (!bound_is_shorthand(op->props.loop->ub, op->props.loop->num_ub_operands))
        sol_prt_add_map_alias(P, op->props.loop->ub);
}

static void if_aliases(SolPrinter *P, const SolOp *op)
{
    sol_prt_add_set_alias(P, op->props.cond.set);
}

static void map_op_aliases(SolPrinter *P, const SolOp *op)
{
    sol_prt_add_map_alias(P, op->props.access.map);
}

const SolOpPrinter sol_affine_for_printer = {
    .print = print_for, .fits = for_fits, .aliases = for_aliases};
const SolOpPrinter sol_affine_if_printer = {
    .print = print_if, .fits = if_fits, .aliases = if_aliases};
const SolOpPrinter sol_affine_yield_printer = {.print = sol_prt_terminator};
const SolOpPrinter sol_affine_access_printer = {.print = print_affine_access, .fits = access_fits};
const SolOpPrinter sol_affine_map_op_printer = {
    .print = print_map_op, .fits = map_op_fits, .aliases = map_op_aliases};

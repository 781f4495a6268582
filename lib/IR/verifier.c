/*
 * The structural verifier: checks that IR built by the parser or rewritten by a pass is
 * something mlir-opt-14 would also accept, and reports every problem it finds.
 *
 * It walks the IR once, pre-order, keeping the set of values in scope at each point, and
 * checks for every op:
 *   - structure: parent links, operand/result/region counts against ops.def, unset operands,
 *     terminators last in their block and inside the right parent (func.return in func.func,
 *     affine.yield in affine.for/if, linalg.yield in linalg.generic), every body block ending
 *     in its terminator;
 *   - SSA: each operand is defined before the use in the same block or in an enclosing block
 *     of the same function (`operand #0 does not dominate this use`);
 *   - types, per syntax class of ops.def (binary/unary/ternary, comparisons, select, casts,
 *     constants) and per op (memref element types, ranks, function signatures, call types);
 *   - affine rules: map/set operand counts and index types, dims and symbols (MLIR's
 *     isValidDim/isValidSymbol), affine expressions (`non-affine expression`, division by
 *     zero), and accesses that are statically out of bounds (constant subscripts, and loop
 *     induction variables with constant bounds outside any affine.if);
 *   - module level: only func.func ops, unique names, public functions have bodies, callees
 *     exist and match.
 * Messages follow MLIR's wording where MLIR has one: `'affine.load' op ...`. An op whose
 * counts are wrong gets no further op-specific checks (they would index past its arrays), but
 * its regions are still verified. Descent stops once the diagnostic engine's error limit is
 * reached.
 */
#include "IR/ir.h"

#include <stdlib.h>
#include <string.h>

/* ---- pointer hash map (scope set, memo, function table) ----------------------------------- */

/* Open addressing on pointer keys; removed entries become tombstones until the next rehash.
 * Never stored: NULL (empty slot) and TOMB. */
static const char tomb_;
#define TOMB ((const void *)&tomb_)

typedef struct PtrMap {
    const void **keys;
    uintptr_t *vals; /* NULL for a set (is_set), which stores keys only */
    bool is_set;
    size_t cap;  /* power of two, 0 before the first insert */
    size_t used; /* live entries plus tombstones */
    size_t live;
} PtrMap;

static size_t ptr_hash(const void *p)
{
    uintptr_t x = (uintptr_t)p;
    x ^= x >> 17;
    x *= (uintptr_t)0x9E3779B97F4A7C15ull;
    x ^= x >> 29;
    return (size_t)x;
}

/* Slot holding k, or SIZE_MAX. */
static size_t map_find(const PtrMap *m, const void *k)
{
    if (!m->cap)
        return SIZE_MAX;
    size_t mask = m->cap - 1;
    for (size_t i = ptr_hash(k) & mask;; i = (i + 1) & mask) {
        if (m->keys[i] == k)
            return i;
        if (!m->keys[i])
            return SIZE_MAX;
    }
}

static bool map_get(const PtrMap *m, const void *k, uintptr_t *val)
{
    size_t i = map_find(m, k);
    if (i == SIZE_MAX)
        return false;
    if (val)
        *val = m->vals ? m->vals[i] : 1;
    return true;
}

static void map_put(PtrMap *m, const void *k, uintptr_t val);

static void map_rehash(PtrMap *m, size_t cap)
{
    PtrMap old = *m;
    m->keys = sol_xcalloc(cap, sizeof *m->keys);
    m->vals = m->is_set ? NULL : sol_xcalloc(cap, sizeof *m->vals);
    m->cap = cap;
    m->used = m->live = 0;
    for (size_t i = 0; i < old.cap; i++)
        if (old.keys[i] && old.keys[i] != TOMB)
            map_put(m, old.keys[i], old.vals ? old.vals[i] : 1);
    free(old.keys);
    free(old.vals);
}

static void map_put(PtrMap *m, const void *k, uintptr_t val)
{
    size_t i = map_find(m, k);
    if (i != SIZE_MAX) {
        if (m->vals)
            m->vals[i] = val;
        return;
    }
    if ((m->used + 1) * 4 > m->cap * 3)
        map_rehash(m, m->cap == 0 ? 64 : m->live * 2 + 2 > m->cap ? m->cap * 2 : m->cap);
    size_t mask = m->cap - 1;
    for (i = ptr_hash(k) & mask; m->keys[i] && m->keys[i] != TOMB; i = (i + 1) & mask)
        ;
    if (!m->keys[i])
        m->used++;
    m->keys[i] = k;
    if (m->vals)
        m->vals[i] = val;
    m->live++;
}

static void map_del(PtrMap *m, const void *k)
{
    size_t i = map_find(m, k);
    if (i == SIZE_MAX)
        return;
    m->keys[i] = TOMB;
    m->live--;
}

static void map_free(PtrMap *m)
{
    free(m->keys);
    free(m->vals);
    bool is_set = m->is_set;
    memset(m, 0, sizeof *m);
    m->is_set = is_set;
}

/* ---- verifier state ----------------------------------------------------------------------- */

typedef struct Verifier {
    SolContext *ctx;
    PtrMap scope; /* SolValue* visible at the current point of the walk */
    PtrMap memo;  /* SolValue* -> MEMO_* bits: dim/symbol validity, computed once */
    PtrMap funcs; /* SolIdent* -> func.func op of the enclosing module */
    bool funcs_built;
    SolOp *func;     /* the func.func being walked, NULL outside functions */
    unsigned guards; /* affine.if ops around the current op inside the function */
    SolBuf tbuf[4];  /* rotating buffers for type spellings in messages */
    unsigned tnext;
} Verifier;

enum { MEMO_SYM_KNOWN = 1, MEMO_SYM = 2, MEMO_DIM_KNOWN = 4, MEMO_DIM = 8 };

static bool too_many(const Verifier *v) { return sol_diag_too_many(sol_context_diag(v->ctx)); }

/* The MLIR spelling of t, valid until three more calls. */
static const char *tstr(Verifier *v, const SolType *t)
{
    SolBuf *b = &v->tbuf[v->tnext++ % 4];
    b->len = 0;
    if (t)
        sol_type_print(b, t);
    else
        sol_buf_puts(b, "<null>");
    sol_buf_append(b, "", 0);
    return b->data;
}

/* Emits `'<op name>' op <message>` at the op's location. */
static void op_error(Verifier *v, const SolOp *op, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void op_error(Verifier *v, const SolOp *op, const char *fmt, ...)
{
    SolBuf b = {0};
    va_list ap;
    va_start(ap, fmt);
    sol_buf_vprintf(&b, fmt, ap);
    va_end(ap);
    sol_buf_append(&b, "", 0);
    sol_emit_error(v->ctx, op->loc, "'%s' op %s", sol_op_name(op), b.data);
    sol_buf_free(&b);
}

static const char *op_kind_name(SolOpKind k) { return sol_op_info(k)->name; }


/* The block a value is defined in: its owner for a block argument, else its op's block. */
static SolBlock *value_block(const SolValue *val)
{
    return val->def ? val->def->parent : val->owner;
}

/* The func.func around op (or op itself), NULL when there is none. */
static SolOp *enclosing_func(SolOp *op)
{
    for (; op; op = op->parent ? sol_block_parent_op(op->parent) : NULL)
        if (op->kind == SOL_OP_FUNC)
            return op;
    return NULL;
}

static uint32_t num_blocks(const SolRegion *r)
{
    uint32_t n = 0;
    for (SolBlock *b = sol_region_first_block(r); b; b = sol_block_next(b))
        n++;
    return n;
}

static bool is_index(const SolType *t) { return t && t->kind == SOL_TYPE_INDEX; }
static bool is_int(const SolType *t) { return t && t->kind == SOL_TYPE_INT; }
static bool is_float(const SolType *t) { return t && t->kind == SOL_TYPE_FLOAT; }
static bool is_memref(const SolType *t) { return t && t->kind == SOL_TYPE_MEMREF; }
static const SolType *opnd_type(const SolOp *op, uint32_t i) { return sol_op_operand(op, i)->type; }
static const SolType *res_type(const SolOp *op, uint32_t i) { return op->results[i].type; }

/* ---- dims and symbols (MLIR's isValidSymbol / isValidDim, subset section 6) -------------- */

static bool valid_symbol(Verifier *v, const SolValue *val);
static bool valid_dim(Verifier *v, const SolValue *val);

/* top-level value -> block argument or op result directly in a func.func body */
static bool is_top_level(const SolValue *val)
{
    SolBlock *b = value_block(val);
    SolOp *p = b ? sol_block_parent_op(b) : NULL;
    return p && p->kind == SOL_OP_FUNC;
}

static bool all_operands(Verifier *v, const SolOp *op, bool (*pred)(Verifier *, const SolValue *))
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
static bool dim_op_is_symbol(Verifier *v, const SolOp *dim)
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
static bool valid_symbol(Verifier *v, const SolValue *val)
{
    if (!is_index(val->type))
        return false;
    uintptr_t bits = 0;
    if (map_get(&v->memo, val, &bits) && (bits & MEMO_SYM_KNOWN))
        return bits & MEMO_SYM;
    bool ok = false;
    if (is_top_level(val))
        ok = true;
    else if (val->def && val->def->kind == SOL_OP_CONSTANT)
        ok = true;
    else if (val->def && val->def->kind == SOL_OP_APPLY)
        ok = all_operands(v, val->def, valid_symbol);
    else if (val->def && val->def->kind == SOL_OP_DIM)
        ok = dim_op_is_symbol(v, val->def);
    map_get(&v->memo, val, &bits);
    bits |= MEMO_SYM_KNOWN | (ok ? MEMO_SYM : 0);
    map_put(&v->memo, val, bits);
    return ok;
}

/* dim -> valid symbol, induction variable of an affine.for (its body's argument 0), or an
 *        affine.apply of dims */
static bool valid_dim(Verifier *v, const SolValue *val)
{
    if (!is_index(val->type))
        return false;
    uintptr_t bits = 0;
    if (map_get(&v->memo, val, &bits) && (bits & MEMO_DIM_KNOWN))
        return bits & MEMO_DIM;
    bool ok = valid_symbol(v, val);
    if (!ok && !val->def && val->owner && val->index == 0) {
        SolOp *p = sol_block_parent_op(val->owner);
        ok = p && p->kind == SOL_OP_FOR;
    }
    if (!ok && val->def && val->def->kind == SOL_OP_APPLY)
        ok = all_operands(v, val->def, valid_dim);
    map_get(&v->memo, val, &bits);
    bits |= MEMO_DIM_KNOWN | (ok ? MEMO_DIM : 0);
    map_put(&v->memo, val, bits);
    return ok;
}

/* ---- affine expressions and maps ---------------------------------------------------------- */

static const char *aff_kind_name(SolAffineKind k)
{
    return k == SOL_AFF_MOD ? "mod" : k == SOL_AFF_FLOORDIV ? "floordiv" : "ceildiv";
}

/* aexpr -> dN with N < num_dims | sN with N < num_syms | const
 *        | e + e | e * e  (one side constant or symbolic; semi-affine `d0 * s0` is allowed)
 *        | e (mod|floordiv|ceildiv) r  (r constant or symbolic, and not the constant 0)
 * Reports the first violation only; returns false if there was one. */
static bool check_affine_expr(Verifier *v, const SolOp *op, const SolAffineExpr *e,
                              uint32_t num_dims, uint32_t num_syms)
{
    switch (e->kind) {
    case SOL_AFF_CONST:
        return true;
    case SOL_AFF_DIM:
        if (e->value < 0 || (uint64_t)e->value >= num_dims) {
            op_error(v, op, "affine expression uses d%lld but the map has %u dimension(s)",
                     (long long)e->value, num_dims);
            return false;
        }
        return true;
    case SOL_AFF_SYM:
        if (e->value < 0 || (uint64_t)e->value >= num_syms) {
            op_error(v, op, "affine expression uses s%lld but the map has %u symbol(s)",
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
            op_error(v, op,
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
            op_error(v, op,
                     "non-affine expression: right operand of %s has to be either a constant "
                     "or symbolic",
                     aff_kind_name(e->kind));
            return false;
        }
        if (e->rhs->kind == SOL_AFF_CONST && e->rhs->value == 0) {
            op_error(v, op, "division by zero in affine map (%s 0)", aff_kind_name(e->kind));
            return false;
        }
        return true;
    }
    op_error(v, op, "unknown affine expression kind %d", (int)e->kind);
    return false;
}

/* map -> every result a valid affine expression over the map's dims and symbols */
static bool check_map(Verifier *v, const SolOp *op, const SolAffineMap *m)
{
    for (uint32_t i = 0; i < m->num_results; i++)
        if (!check_affine_expr(v, op, m->results[i], m->num_dims, m->num_syms))
            return false;
    return true;
}

/* set -> every constraint a valid affine expression over the set's dims and symbols */
static bool check_set(Verifier *v, const SolOp *op, const SolIntegerSet *s)
{
    for (uint32_t i = 0; i < s->num_cons; i++)
        if (!check_affine_expr(v, op, s->cons[i], s->num_dims, s->num_syms))
            return false;
    return true;
}

/* map operands -> index typed (`operand #N must be index`) */
static bool check_index_operands(Verifier *v, const SolOp *op, uint32_t first, uint32_t n)
{
    for (uint32_t i = first; i < first + n; i++)
        if (!is_index(opnd_type(op, i))) {
            op_error(v, op, "operand #%u must be index, but got '%s'", i,
                     tstr(v, opnd_type(op, i)));
            return false;
        }
    return true;
}

/* bound/condition operands (affine.for, affine.if) -> the first num_dims valid dims, the rest
 * valid symbols (one error per op, as MLIR) */
static void check_dims_syms_strict(Verifier *v, const SolOp *op, uint32_t first, uint32_t num_dims,
                                   uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        const SolValue *o = sol_op_operand(op, first + i);
        if (i < num_dims && !valid_dim(v, o)) {
            op_error(v, op, "operand cannot be used as a dimension id");
            return;
        }
        if (i >= num_dims && !valid_symbol(v, o)) {
            op_error(v, op, "operand cannot be used as a symbol");
            return;
        }
    }
}

/* subscript operands (affine.load/store) -> dims (`%i`) are valid dims or symbols, symbols
 * (`symbol(%n)`) are valid symbols */
static void check_subscripts(Verifier *v, const SolOp *op, uint32_t first, uint32_t num_dims,
                             uint32_t n)
{
    for (uint32_t i = 0; i < n; i++) {
        const SolValue *o = sol_op_operand(op, first + i);
        if (i < num_dims && !valid_dim(v, o)) {
            op_error(v, op, "index must be a dimension or symbol identifier");
            return;
        }
        if (i >= num_dims && !valid_symbol(v, o)) {
            op_error(v, op, "operand cannot be used as a symbol");
            return;
        }
    }
}

/* ---- static bounds of subscripts ---------------------------------------------------------- */

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
static void check_access_bounds(Verifier *v, const SolOp *op, const SolType *mem,
                                const SolAffineMap *map, uint32_t first)
{
    for (uint32_t k = 0; k < map->num_results && k < mem->rank; k++) {
        int64_t size = mem->dims[k];
        const SolAffineExpr *e = map->results[k];
        if (size == SOL_DYNAMIC)
            continue;
        if (e->kind == SOL_AFF_CONST) {
            if (e->value < 0 || e->value >= size)
                op_error(v, op, "index %lld is out of bounds for dimension %u of size %lld",
                         (long long)e->value, k, (long long)size);
            continue;
        }
        SeenIvs seen = {.n = 0};
        int64_t lo, hi;
        if (v->guards == 0 && expr_range(op, first, e, &seen, &lo, &hi) && (lo < 0 || hi >= size))
            op_error(v, op,
                     "index range [%lld, %lld] is out of bounds for dimension %u of size %lld",
                     (long long)lo, (long long)hi, k, (long long)size);
    }
}

/* ---- terminators ---------------------------------------------------------------------------- */

/* body -> ops* terminator: a non-empty block whose last op is `want`. Returns the
 * terminator, or NULL (after reporting, except for a terminator of another kind, which
 * check_terminator_placement reports as misplaced). */
static SolOp *check_block_terminator(Verifier *v, const SolOp *op, const SolBlock *b,
                                     SolOpKind want)
{
    SolOp *last = sol_block_last_op(b);
    if (!last) {
        op_error(v, op, "expects regions to end with '%s', found an empty block",
                 op_kind_name(want));
        return NULL;
    }
    if ((unsigned)last->kind >= SOL_OP_COUNT)
        return NULL; /* reported when the op itself is visited */
    if (last->kind != want && (sol_op_info(last->kind)->flags & SOL_OPF_TERMINATOR))
        return NULL;
    if (last->kind != want) {
        op_error(v, op, "expects regions to end with '%s', found '%s'", op_kind_name(want),
                 sol_op_name(last));
        return NULL;
    }
    return last;
}

/* affine.yield -> one operand per result of the parent affine.for/affine.if, types equal */
static void check_affine_yield_matches(Verifier *v, const SolOp *parent, const SolOp *yield)
{
    if (yield->num_operands != parent->num_results) {
        op_error(v, yield,
                 "parent of yield must have same number of results as the yield "
                 "operands (%u vs %u)",
                 parent->num_results, yield->num_operands);
        return;
    }
    for (uint32_t i = 0; i < yield->num_operands; i++)
        if (sol_op_operand(yield, i) && opnd_type(yield, i) != res_type(parent, i)) {
            op_error(v, yield,
                     "types mismatch between yield op and its parent: operand #%u is '%s', "
                     "result is '%s'",
                     i, tstr(v, opnd_type(yield, i)), tstr(v, res_type(parent, i)));
            return;
        }
}

/* ---- structure ---------------------------------------------------------------------------- */

/* links -> op->parent is the block holding op; each region's parent is op; each block's
 * parent is its region */
static void check_links(Verifier *v, SolOp *op)
{
    for (uint32_t r = 0; r < op->num_regions; r++) {
        SolRegion *reg = &op->regions[r];
        if (reg->parent != op) {
            op_error(v, op, "region #%u has a wrong parent pointer", r);
            continue;
        }
        for (SolBlock *b = sol_region_first_block(reg); b; b = sol_block_next(b)) {
            if (b->parent != reg)
                op_error(v, op, "a block of region #%u has a wrong parent pointer", r);
            sol_block_for_each_op(inner, b) if (inner->parent != b)
                op_error(v, inner, "has a wrong parent block pointer");
        }
    }
}

/* arity -> operand, result and region counts equal the ops.def row where it is not -1 */
static bool check_arity(Verifier *v, const SolOp *op)
{
    const SolOpInfo *info = sol_op_info(op->kind);
    bool ok = true;
    if (info->num_operands >= 0 && op->num_operands != (uint32_t)info->num_operands) {
        op_error(v, op, "expected %d operands, but found %u", info->num_operands, op->num_operands);
        ok = false;
    }
    if (info->num_results >= 0 && op->num_results != (uint32_t)info->num_results) {
        op_error(v, op, "expected %d results, but found %u", info->num_results, op->num_results);
        ok = false;
    }
    if (info->num_regions >= 0 && op->num_regions != (uint32_t)info->num_regions) {
        op_error(v, op, "expected %d regions, but found %u", info->num_regions, op->num_regions);
        ok = false;
    }
    for (uint32_t i = 0; i < op->num_operands; i++)
        if (!sol_op_operand(op, i)) {
            op_error(v, op, "operand #%u is not set", i);
            ok = false;
        } else if (!sol_op_operand(op, i)->type) {
            op_error(v, op, "operand #%u has no type", i);
            ok = false;
        }
    for (uint32_t i = 0; i < op->num_results; i++)
        if (!op->results[i].type) {
            op_error(v, op, "result #%u has no type", i);
            ok = false;
        }
    return ok;
}

/* dominance -> every operand is visible here: a block argument of an enclosing block, or the
 * result of an earlier op of an enclosing block, within the same function (the first bad
 * operand is reported, as MLIR does) */
static void check_dominance(Verifier *v, const SolOp *op)
{
    for (uint32_t i = 0; i < op->num_operands; i++) {
        const SolValue *o = sol_op_operand(op, i);
        if (!o || map_get(&v->scope, o, NULL))
            continue;
        SolBlock *b = value_block(o);
        SolOp *f = NULL;
        if (b) {
            SolOp *p = sol_block_parent_op(b);
            f = p ? enclosing_func(p) : NULL;
        }
        if (!b)
            op_error(v, op, "operand #%u is a value of an op that is not in any block", i);
        else if (f && v->func && f != v->func)
            op_error(v, op, "operand #%u uses a value defined in another function (@%s)", i,
                     f->props.func->sym ? f->props.func->sym->str : "?");
        else
            sol_emit_error(v->ctx, op->loc, "operand #%u does not dominate this use", i);
        return;
    }
}

/* placement -> a terminator is the last op of its block and sits in the right parent:
 * func.return in func.func, affine.yield in affine.for/affine.if, linalg.yield in
 * linalg.generic */
static void check_terminator_placement(Verifier *v, const SolOp *op)
{
    if (!(sol_op_info(op->kind)->flags & SOL_OPF_TERMINATOR))
        return;
    if (op->parent && sol_op_next(op))
        op_error(v, op, "must be the last operation in the parent block");
    SolOp *p = op->parent ? sol_block_parent_op(op->parent) : NULL;
    SolOpKind pk = p ? p->kind : SOL_OP_COUNT;
    if (op->kind == SOL_OP_RETURN && pk != SOL_OP_FUNC)
        op_error(v, op, "expects parent op 'func.func'");
    else if (op->kind == SOL_OP_YIELD && pk != SOL_OP_FOR && pk != SOL_OP_IF)
        op_error(v, op, "only terminates affine.if/for regions");
    else if (op->kind == SOL_OP_LYIELD && pk != SOL_OP_GENERIC)
        op_error(v, op, "expected parent op 'linalg.generic'");
}

/* ---- syntax classes --------------------------------------------------------------------- */

/* element type of the class flags -> SOL_OPF_FLOAT: a float; SOL_OPF_INT: an integer or index */
static bool check_class_elem(Verifier *v, const SolOp *op, const SolType *t, const char *what)
{
    unsigned flags = sol_op_info(op->kind)->flags;
    if ((flags & SOL_OPF_FLOAT) && !is_float(t)) {
        op_error(v, op, "%s must be floating-point-like, but got '%s'", what, tstr(v, t));
        return false;
    }
    if ((flags & SOL_OPF_INT) && !is_int(t) && !is_index(t)) {
        op_error(v, op, "%s must be signless-integer-like, but got '%s'", what, tstr(v, t));
        return false;
    }
    return true;
}

/* binary / unary / ternary -> operands and result all of one type, of the class's kind */
static void check_elementwise(Verifier *v, const SolOp *op)
{
    const SolType *t = res_type(op, 0);
    for (uint32_t i = 0; i < op->num_operands; i++)
        if (opnd_type(op, i) != t) {
            op_error(v, op, "requires the same type for all operands and results");
            return;
        }
    check_class_elem(v, op, opnd_type(op, 0), "operand #0");
}

/* cmp -> two operands of one type of the class's kind, an i1 result, a known predicate */
static void check_cmp(Verifier *v, const SolOp *op)
{
    uint32_t npred = op->kind == SOL_OP_CMPF ? 16 : 10;
    if (op->props.cmp.predicate >= npred)
        op_error(v, op, "unknown comparison predicate %u", op->props.cmp.predicate);
    if (opnd_type(op, 0) != opnd_type(op, 1))
        op_error(v, op, "requires all operands to have the same type");
    else
        check_class_elem(v, op, opnd_type(op, 0), "operand #0");
    const SolType *r = res_type(op, 0);
    if (!is_int(r) || r->width != 1)
        op_error(v, op, "result #0 must be bool-like, but got '%s'", tstr(v, r));
}

/* select -> i1 condition; true value, false value and result of one type */
static void check_select(Verifier *v, const SolOp *op)
{
    const SolType *c = opnd_type(op, 0);
    if (!is_int(c) || c->width != 1)
        op_error(v, op, "operand #0 must be bool-like, but got '%s'", tstr(v, c));
    if (opnd_type(op, 1) != opnd_type(op, 2) || opnd_type(op, 1) != res_type(op, 0))
        op_error(v, op,
                 "requires the same type for the true value, the false value and the "
                 "result ('%s', '%s', '%s')",
                 tstr(v, opnd_type(op, 1)), tstr(v, opnd_type(op, 2)), tstr(v, res_type(op, 0)));
}

/* cast -> index_cast(ui): index <-> iN; sitofp/uitofp: iN -> float; fptosi/fptoui: float ->
 * iN; extf/truncf: float to strictly wider/narrower float (bf16 <-> f16 neither);
 * extsi/extui/trunci: iN to strictly wider/narrower iM; bitcast: int/float of equal width */
static void check_cast(Verifier *v, const SolOp *op)
{
    const SolType *a = opnd_type(op, 0), *b = res_type(op, 0);
    bool ok = false;
    switch (op->kind) {
    case SOL_OP_INDEX_CAST:
    case SOL_OP_INDEX_CASTUI:
        ok = (is_index(a) && is_int(b)) || (is_int(a) && is_index(b));
        break;
    case SOL_OP_SITOFP:
    case SOL_OP_UITOFP:
        ok = is_int(a) && is_float(b);
        break;
    case SOL_OP_FPTOSI:
    case SOL_OP_FPTOUI:
        ok = is_float(a) && is_int(b);
        break;
    case SOL_OP_EXTF:
        ok = is_float(a) && is_float(b) && a->width < b->width;
        break;
    case SOL_OP_TRUNCF:
        ok = is_float(a) && is_float(b) && a->width > b->width;
        break;
    case SOL_OP_EXTSI:
    case SOL_OP_EXTUI:
        ok = is_int(a) && is_int(b) && a->width < b->width;
        break;
    case SOL_OP_TRUNCI:
        ok = is_int(a) && is_int(b) && a->width > b->width;
        break;
    case SOL_OP_BITCAST:
        ok = (is_int(a) || is_float(a)) && (is_int(b) || is_float(b)) && a->width == b->width;
        break;
    default:
        op_error(v, op, "is not a cast");
        return;
    }
    if (!ok)
        op_error(v, op, "operand type '%s' and result type '%s' are cast incompatible", tstr(v, a),
                 tstr(v, b));
}

/* constant -> value attribute present; integer value of the result's int/index type and in
 * [-2^(w-1), 2^w - 1] for iw (MLIR accepts signless spellings of both signs); float value of
 * the result's float type; true/false only for i1 */
static void check_constant(Verifier *v, const SolOp *op)
{
    const SolAttr *a = op->props.constant.value;
    const SolType *t = res_type(op, 0);
    if (!a) {
        op_error(v, op, "requires attribute 'value'");
        return;
    }
    switch (a->kind) {
    case SOL_ATTR_BOOL:
        if (!is_int(t) || t->width != 1)
            op_error(v, op, "boolean value requires an 'i1' result, but got '%s'", tstr(v, t));
        return;
    case SOL_ATTR_INT:
        if (!is_int(t) && !is_index(t)) {
            op_error(v, op, "integer value requires an integer or index result, but got '%s'",
                     tstr(v, t));
            return;
        }
        if (a->type != t) {
            op_error(v, op,
                     "failed to verify that result and attribute have the same type "
                     "('%s' vs '%s')",
                     tstr(v, t), tstr(v, a->type));
            return;
        }
        if (is_int(t) && t->width >= 1 && t->width < 64) {
            int64_t lo = -(int64_t)(UINT64_C(1) << (t->width - 1));
            int64_t hi = (int64_t)((UINT64_C(1) << t->width) - 1);
            if (a->i < lo || a->i > hi)
                op_error(v, op, "integer constant out of range for type '%s' (value %lld)",
                         tstr(v, t), (long long)a->i);
        }
        return;
    case SOL_ATTR_FLOAT:
        if (!is_float(t))
            op_error(v, op, "floating point value requires a float result, but got '%s'",
                     tstr(v, t));
        else if (a->type != t)
            op_error(v, op,
                     "failed to verify that result and attribute have the same type "
                     "('%s' vs '%s')",
                     tstr(v, t), tstr(v, a->type));
        return;
    default:
        op_error(v, op, "value must be an integer, float or boolean attribute");
        return;
    }
}

/* ---- builtin and func -------------------------------------------------------------------- */

/* Fills v->funcs from the module's body once, reporting duplicate names when `report`. */
static void build_func_table(Verifier *v, SolOp *module, bool report)
{
    v->funcs_built = true;
    if (!module || module->num_regions < 1)
        return;
    SolBlock *body = sol_region_first_block(&module->regions[0]);
    if (!body)
        return;
    sol_block_for_each_op(f, body)
    {
        if (f->kind != SOL_OP_FUNC || !f->props.func->sym)
            continue;
        if (map_get(&v->funcs, f->props.func->sym, NULL)) {
            if (report)
                sol_emit_error(v->ctx, f->loc, "redefinition of symbol named '%s'",
                               f->props.func->sym->str);
            continue;
        }
        map_put(&v->funcs, f->props.func->sym, (uintptr_t)f);
    }
}

/* module -> one region with one argument-free block holding only func.func ops, names unique */
static void verify_module_op(Verifier *v, SolOp *op)
{
    SolRegion *r = &op->regions[0];
    if (num_blocks(r) != 1) {
        op_error(v, op, "expects one block in its region, found %u", num_blocks(r));
        return;
    }
    SolBlock *body = sol_region_first_block(r);
    if (body->num_args)
        op_error(v, op, "body block must have no arguments");
    sol_block_for_each_op(f, body) if (f->kind != SOL_OP_FUNC)
        op_error(v, f, "is not allowed at module level (only 'func.func' is)");
    map_free(&v->funcs);
    build_func_table(v, op, true);
}

/* func -> name and function type; no blocks (a declaration, which must be private) or one
 * block whose arguments are the inputs, ending in func.return with the result types */
static void verify_func(Verifier *v, SolOp *op)
{
    const SolType *ft = op->props.func->type;
    if (!op->props.func->sym)
        op_error(v, op, "requires a symbol name");
    if (!ft || ft->kind != SOL_TYPE_FUNCTION) {
        op_error(v, op, "requires a function type");
        return;
    }
    const char *name = op->props.func->sym ? op->props.func->sym->str : "?";
    SolRegion *r = &op->regions[0];
    uint32_t nb = num_blocks(r);
    if (nb == 0) {
        if (!op->props.func->is_private)
            op_error(v, op,
                     "symbol declaration cannot have public visibility (use 'func "
                     "private @%s')",
                     name);
        return;
    }
    if (nb > 1) {
        op_error(v, op, "expects one block in its body, found %u (branches are not supported)", nb);
        return;
    }
    SolBlock *b = sol_region_first_block(r);
    if (b->num_args != ft->num_inputs) {
        op_error(v, op, "entry block must have %u arguments to match function signature",
                 ft->num_inputs);
    } else {
        for (uint32_t i = 0; i < b->num_args; i++)
            if (b->args[i].type != ft->inputs[i])
                op_error(v, op,
                         "type of entry block argument #%u('%s') must match the type of the "
                         "corresponding argument in function signature('%s')",
                         i, tstr(v, b->args[i].type), tstr(v, ft->inputs[i]));
    }
    SolOp *ret = check_block_terminator(v, op, b, SOL_OP_RETURN);
    if (!ret)
        return;
    if (ret->num_operands != ft->num_results) {
        op_error(v, ret, "has %u operands, but enclosing function (@%s) returns %u",
                 ret->num_operands, name, ft->num_results);
        return;
    }
    for (uint32_t i = 0; i < ret->num_operands; i++)
        if (sol_op_operand(ret, i) && opnd_type(ret, i) != ft->results[i])
            sol_emit_error(v->ctx, ret->loc,
                           "type of return operand %u ('%s') doesn't match function result "
                           "type ('%s') in function @%s",
                           i, tstr(v, opnd_type(ret, i)), tstr(v, ft->results[i]), name);
}

/* call -> the callee is a func.func of the module; operands and results match both the call's
 * own function type and the callee's signature */
static void verify_call(Verifier *v, SolOp *op)
{
    const SolIdent *callee = op->props.func->sym;
    const SolType *ct = op->props.func->type;
    if (!callee) {
        op_error(v, op, "requires a 'callee' symbol reference attribute");
        return;
    }
    if (ct) {
        bool same = ct->kind == SOL_TYPE_FUNCTION && ct->num_inputs == op->num_operands &&
                    ct->num_results == op->num_results;
        for (uint32_t i = 0; same && i < op->num_operands; i++)
            same = ct->inputs[i] == opnd_type(op, i);
        for (uint32_t i = 0; same && i < op->num_results; i++)
            same = ct->results[i] == res_type(op, i);
        if (!same)
            op_error(v, op,
                     "operand and result types do not match the call's function type "
                     "'%s'",
                     tstr(v, ct));
    }
    if (!v->funcs_built)
        build_func_table(v, v->func && v->func->parent ? sol_block_parent_op(v->func->parent) : NULL,
                         false);
    uintptr_t fv;
    if (!map_get(&v->funcs, callee, &fv)) {
        op_error(v, op, "'%s' does not reference a valid function", callee->str);
        return;
    }
    const SolType *ft = ((SolOp *)fv)->props.func->type;
    if (!ft || ft->kind != SOL_TYPE_FUNCTION)
        return; /* reported at the callee */
    if (ft->num_inputs != op->num_operands) {
        op_error(v, op, "incorrect number of operands for callee");
        return;
    }
    for (uint32_t i = 0; i < op->num_operands; i++)
        if (opnd_type(op, i) != ft->inputs[i]) {
            op_error(v, op,
                     "operand type mismatch: expected operand type '%s', but provided '%s' "
                     "for operand number %u",
                     tstr(v, ft->inputs[i]), tstr(v, opnd_type(op, i)), i);
            return;
        }
    if (ft->num_results != op->num_results) {
        op_error(v, op, "incorrect number of results for callee");
        return;
    }
    for (uint32_t i = 0; i < op->num_results; i++)
        if (res_type(op, i) != ft->results[i]) {
            op_error(v, op, "result type mismatch at index %u ('%s' vs '%s')", i,
                     tstr(v, res_type(op, i)), tstr(v, ft->results[i]));
            return;
        }
}

/* ---- affine ---------------------------------------------------------------------------- */

/* One bound of affine.for: operand count equals the map's inputs, at least one result, index
 * dims and symbols, affine expressions. */
static void check_loop_bound(Verifier *v, const SolOp *op, const SolAffineMap *m, uint32_t first,
                             uint32_t n, const char *which)
{
    if (!m) {
        op_error(v, op, "requires a %s bound map", which);
        return;
    }
    if (n != m->num_dims + m->num_syms) {
        op_error(v, op,
                 "%s bound operand count (%u) does not match the map's %u dims and %u "
                 "symbols",
                 which, n, m->num_dims, m->num_syms);
        return;
    }
    if (m->num_results == 0) {
        op_error(v, op, "%s bound map must have at least one result", which);
        return;
    }
    if (!check_map(v, op, m) || !check_index_operands(v, op, first, n))
        return;
    check_dims_syms_strict(v, op, first, m->num_dims, n);
}

/* for -> affine.for %iv = lb to ub step s iter_args(inits) -> (types) { ^bb(%iv, iters): ...
 * affine.yield }: step >= 1; operands lb, ub, inits; one result per init of its type; one
 * block with an index IV and one argument per init; yield matches the results */
static void verify_for(Verifier *v, SolOp *op)
{
    uint32_t nlb = op->props.loop->num_lb_operands, nub = op->props.loop->num_ub_operands;
    if (op->props.loop->step < 1)
        op_error(v, op, "expected step to be representable as a positive signed integer");
    if ((uint64_t)nlb + nub > op->num_operands) {
        op_error(v, op, "bound operand counts (%u + %u) exceed the operand count %u", nlb, nub,
                 op->num_operands);
        return;
    }
    check_loop_bound(v, op, op->props.loop->lb, 0, nlb, "lower");
    check_loop_bound(v, op, op->props.loop->ub, nlb, nub, "upper");
    uint32_t first_iter = nlb + nub, niter = op->num_operands - first_iter;
    bool results_ok = op->num_results == niter;
    if (!results_ok)
        op_error(v, op,
                 "mismatch between the number of loop-carried values (%u) and results "
                 "(%u)",
                 niter, op->num_results);
    for (uint32_t i = 0; results_ok && i < niter; i++)
        if (opnd_type(op, first_iter + i) != res_type(op, i)) {
            op_error(v, op, "type of iter_args init #%u ('%s') does not match result type ('%s')",
                     i, tstr(v, opnd_type(op, first_iter + i)), tstr(v, res_type(op, i)));
            results_ok = false;
        }
    SolRegion *r = &op->regions[0];
    if (num_blocks(r) != 1) {
        op_error(v, op, "expected body region to have a single block, found %u", num_blocks(r));
        return;
    }
    SolBlock *b = sol_region_first_block(r);
    if (b->num_args < 1 || !is_index(b->args[0].type)) {
        op_error(v, op,
                 "expected body to have a single index argument for the induction "
                 "variable");
        return;
    }
    if (b->num_args != 1 + niter) {
        op_error(v, op, "mismatch between the number of basic block args and results");
        return;
    }
    for (uint32_t i = 0; i < niter; i++)
        if (b->args[1 + i].type != opnd_type(op, first_iter + i))
            op_error(v, op, "type of region iter_arg #%u ('%s') does not match its init ('%s')", i,
                     tstr(v, b->args[1 + i].type), tstr(v, opnd_type(op, first_iter + i)));
    SolOp *y = check_block_terminator(v, op, b, SOL_OP_YIELD);
    if (y && results_ok)
        check_affine_yield_matches(v, op, y);
}

/* if -> affine.if #set(dims)[syms] -> (types) { ... } else { ... }: operands match the set;
 * then region one block, else region zero or one, no block arguments; an op with results
 * has an else; each yield matches the results */
static void verify_if(Verifier *v, SolOp *op)
{
    const SolIntegerSet *s = op->props.cond.set;
    if (!s) {
        op_error(v, op, "requires an integer set");
    } else if (op->num_operands != s->num_dims + s->num_syms) {
        op_error(v, op,
                 "operand count and condition integer set dimension and symbol count "
                 "must match");
    } else if (check_set(v, op, s) && check_index_operands(v, op, 0, op->num_operands)) {
        check_dims_syms_strict(v, op, 0, s->num_dims, op->num_operands);
    }
    for (uint32_t r = 0; r < 2; r++) {
        uint32_t nb = num_blocks(&op->regions[r]);
        const char *which = r == 0 ? "then" : "else";
        if (nb > 1 || (r == 0 && nb == 0)) {
            op_error(v, op, "expects the %s region to have %s block, found %u", which,
                     r == 0 ? "one" : "at most one", nb);
            continue;
        }
        if (nb == 0) {
            if (op->num_results)
                op_error(v, op, "must have an else block if defining values");
            continue;
        }
        SolBlock *b = sol_region_first_block(&op->regions[r]);
        if (b->num_args)
            op_error(v, op, "requires the %s block to have no arguments", which);
        SolOp *y = check_block_terminator(v, op, b, SOL_OP_YIELD);
        if (y)
            check_affine_yield_matches(v, op, y);
    }
}

/* load -> %r = affine.load %mem[map(dims)[syms]]: a memref, map inputs = subscript operands,
 * map results = rank, result type = element type, subscripts in bounds */
static void verify_load_store(Verifier *v, SolOp *op)
{
    bool is_load = op->kind == SOL_OP_LOAD;
    uint32_t mem_i = is_load ? 0 : 1, first = mem_i + 1;
    const SolAffineMap *m = op->props.access.map;
    if (op->num_operands < first) {
        op_error(v, op, "expected at least %u operands", first);
        return;
    }
    const SolType *mt = opnd_type(op, mem_i);
    if (!is_memref(mt)) {
        op_error(v, op, "operand #%u must be memref of any type values, but got '%s'", mem_i,
                 tstr(v, mt));
        return;
    }
    if (is_load && res_type(op, 0) != mt->elem)
        op_error(v, op, "result type must match element type of memref");
    if (!is_load && opnd_type(op, 0) != mt->elem)
        op_error(v, op, "value to store must have the same type as memref element type");
    if (!m) {
        op_error(v, op, "requires an access map");
        return;
    }
    uint32_t n = op->num_operands - first;
    if (n != m->num_dims + m->num_syms) {
        op_error(v, op, "expects as many subscripts as affine map inputs (%u vs %u)", n,
                 m->num_dims + m->num_syms);
        return;
    }
    if (m->num_results != mt->rank) {
        op_error(v, op, "affine map num results must equal memref rank (%u vs %u)", m->num_results,
                 mt->rank);
        return;
    }
    if (!check_map(v, op, m) || !check_index_operands(v, op, first, n))
        return;
    check_subscripts(v, op, first, m->num_dims, n);
    check_access_bounds(v, op, mt, m, first);
}

/* apply/min/max -> %r = affine.apply map(dims)[syms]: operands = map inputs, all index; one
 * map result for apply, at least one for min/max; index result. Operands need not be valid
 * dims (as in MLIR; the result is then no valid dim either). */
static void verify_apply_minmax(Verifier *v, SolOp *op)
{
    const SolAffineMap *m = op->props.access.map;
    if (!m) {
        op_error(v, op, "requires an affine map");
        return;
    }
    if (op->num_operands != m->num_dims + m->num_syms) {
        op_error(v, op, "operand count and affine map dimension and symbol count must match");
        return;
    }
    if (op->kind == SOL_OP_APPLY && m->num_results != 1)
        op_error(v, op, "mapping must produce one value");
    else if (op->kind != SOL_OP_APPLY && m->num_results == 0)
        op_error(v, op, "affine map must have at least one result");
    if (!is_index(res_type(op, 0)))
        op_error(v, op, "result #0 must be index, but got '%s'", tstr(v, res_type(op, 0)));
    if (check_map(v, op, m))
        check_index_operands(v, op, 0, op->num_operands);
}

/* ---- memref ----------------------------------------------------------------------------- */

/* alloc -> %m = memref.alloc(sizes) : memref<...>: one index operand per `?` */
static void verify_alloc(Verifier *v, SolOp *op)
{
    const SolType *t = res_type(op, 0);
    if (!is_memref(t)) {
        op_error(v, op, "result #0 must be memref of any type values, but got '%s'", tstr(v, t));
        return;
    }
    if (op->num_operands != sol_type_num_dynamic(t)) {
        op_error(v, op,
                 "dimension operand count does not equal memref dynamic dimension "
                 "count");
        return;
    }
    check_index_operands(v, op, 0, op->num_operands);
}

/* dealloc -> memref.dealloc %m : memref<...> */
static void verify_dealloc(Verifier *v, SolOp *op)
{
    if (!is_memref(opnd_type(op, 0)))
        op_error(v, op, "operand #0 must be memref of any type values, but got '%s'",
                 tstr(v, opnd_type(op, 0)));
}

/* dim -> %d = memref.dim %m, %k : memref<...>: index operand and result; a constant %k is
 * below the rank */
static void verify_dim(Verifier *v, SolOp *op)
{
    const SolType *t = opnd_type(op, 0);
    if (!is_memref(t))
        op_error(v, op, "operand #0 must be memref of any type values, but got '%s'", tstr(v, t));
    if (!is_index(opnd_type(op, 1)))
        op_error(v, op, "operand #1 must be index, but got '%s'", tstr(v, opnd_type(op, 1)));
    if (!is_index(res_type(op, 0)))
        op_error(v, op, "result #0 must be index, but got '%s'", tstr(v, res_type(op, 0)));
    int64_t k;
    if (is_memref(t) && sol_value_const_int(sol_op_operand(op, 1), &k) && (k < 0 || k >= t->rank))
        op_error(v, op, "index is out of range (%lld for rank %u)", (long long)k, t->rank);
}

/* mload/mstore -> memref.load %m[%i, ...] / memref.store %x, %m[...]: rank index operands,
 * value type = element type */
static void verify_mload_mstore(Verifier *v, SolOp *op)
{
    bool is_load = op->kind == SOL_OP_MLOAD;
    uint32_t mem_i = is_load ? 0 : 1, first = mem_i + 1;
    if (op->num_operands < first) {
        op_error(v, op, "expected at least %u operands", first);
        return;
    }
    const SolType *mt = opnd_type(op, mem_i);
    if (!is_memref(mt)) {
        op_error(v, op, "operand #%u must be memref of any type values, but got '%s'", mem_i,
                 tstr(v, mt));
        return;
    }
    if (is_load && res_type(op, 0) != mt->elem)
        op_error(v, op, "failed to verify that result type matches element type of 'memref'");
    if (!is_load && opnd_type(op, 0) != mt->elem)
        op_error(v, op,
                 "failed to verify that type of 'value' matches element type of "
                 "'memref'");
    if (op->num_operands - first != mt->rank) {
        op_error(v, op, "incorrect number of indices (%u) for memref rank %u",
                 op->num_operands - first, mt->rank);
        return;
    }
    check_index_operands(v, op, first, mt->rank);
}

/* ---- linalg ------------------------------------------------------------------------------ */

/* generic -> linalg.generic {indexing_maps = [maps], iterator_types = [strings]} ins(...)
 * outs(...) { ^bb(scalars): ... linalg.yield outs' scalars }: memref operands; one map per
 * operand with N dims (N = number of iterator types), no symbols, rank results; iterator
 * types "parallel"/"reduction"; one block argument per operand of its element type; yield
 * one value per out of its element type */
static void verify_generic(Verifier *v, SolOp *op)
{
    uint32_t n = op->num_operands, nins = op->props.generic.num_ins;
    if (nins > n) {
        op_error(v, op, "has %u inputs but only %u operands", nins, n);
        return;
    }
    bool operands_ok = true;
    for (uint32_t i = 0; i < n; i++)
        if (!is_memref(opnd_type(op, i))) {
            op_error(v, op, "operand #%u must be a memref, but got '%s'", i,
                     tstr(v, opnd_type(op, i)));
            operands_ok = false;
        }
    const SolAttr *maps = sol_op_get_attr(op, sol_ident_cstr(v->ctx, "indexing_maps"));
    const SolAttr *iters = sol_op_get_attr(op, sol_ident_cstr(v->ctx, "iterator_types"));
    bool attrs_ok = true;
    if (!iters || iters->kind != SOL_ATTR_ARRAY) {
        op_error(v, op, "requires an array attribute 'iterator_types'");
        attrs_ok = false;
    } else {
        for (uint32_t i = 0; i < iters->array.n; i++) {
            const SolAttr *s = iters->array.elems[i];
            if (s->kind != SOL_ATTR_STRING ||
                !((s->str.len == 8 && !memcmp(s->str.data, "parallel", 8)) ||
                  (s->str.len == 9 && !memcmp(s->str.data, "reduction", 9)))) {
                op_error(v, op, "iterator_types #%u must be \"parallel\" or \"reduction\"", i);
                attrs_ok = false;
            }
        }
    }
    if (!maps || maps->kind != SOL_ATTR_ARRAY) {
        op_error(v, op, "requires an array attribute 'indexing_maps'");
        attrs_ok = false;
    } else if (maps->array.n != n) {
        op_error(v, op,
                 "expected the number of indexing_map (%u) to be equal to the number of "
                 "input/output operands (%u)",
                 maps->array.n, n);
        attrs_ok = false;
    }
    if (attrs_ok) {
        uint32_t nloops = iters->array.n;
        for (uint32_t i = 0; i < n; i++) {
            const SolAttr *a = maps->array.elems[i];
            if (a->kind != SOL_ATTR_MAP) {
                op_error(v, op, "indexing_maps #%u must be an affine map", i);
                break;
            }
            const SolAffineMap *m = a->map;
            bool map_ok = false;
            if (m->num_syms)
                op_error(v, op, "unexpected symbols in indexing_map #%u", i);
            else if (m->num_dims != nloops)
                op_error(v, op,
                         "expected indexing_map #%u to have %u dim(s) to match the "
                         "number of loops",
                         i, nloops);
            else if (operands_ok && m->num_results != opnd_type(op, i)->rank)
                op_error(v, op,
                         "expected operand rank (%u) to match the result rank of "
                         "indexing_map #%u (%u)",
                         opnd_type(op, i)->rank, i, m->num_results);
            else
                map_ok = check_map(v, op, m);
            if (!map_ok)
                break; /* the first bad map only, as MLIR */
        }
    }
    SolRegion *r = &op->regions[0];
    if (num_blocks(r) != 1) {
        op_error(v, op, "expected region with 1 block, found %u", num_blocks(r));
        return;
    }
    SolBlock *b = sol_region_first_block(r);
    if (b->num_args != n) {
        op_error(v, op,
                 "expected as many non-induction variable region arguments as the "
                 "number of input/output operands");
        return;
    }
    for (uint32_t i = 0; operands_ok && i < n; i++)
        if (b->args[i].type != opnd_type(op, i)->elem)
            op_error(v, op,
                     "expected type of bb argument #%u ('%s') to match element or self "
                     "type of the corresponding operand ('%s')",
                     i, tstr(v, b->args[i].type), tstr(v, opnd_type(op, i)->elem));
    SolOp *y = check_block_terminator(v, op, b, SOL_OP_LYIELD);
    if (!y || !operands_ok)
        return;
    if (y->num_operands != n - nins) {
        op_error(v, y,
                 "expected number of yield values (%u) to match the number of outputs of "
                 "the enclosing linalg.generic (%u)",
                 y->num_operands, n - nins);
        return;
    }
    for (uint32_t i = 0; i < y->num_operands; i++)
        if (sol_op_operand(y, i) && opnd_type(y, i) != opnd_type(op, nins + i)->elem)
            op_error(v, y,
                     "type of yield operand %u ('%s') doesn't match the element type of "
                     "the enclosing linalg.generic op ('%s')",
                     i + 1, tstr(v, opnd_type(y, i)), tstr(v, opnd_type(op, nins + i)->elem));
}

/* ---- dispatch and walk -------------------------------------------------------------------- */

/* The op's own checks: its syntax class, then its kind. Counts and operands are known good. */
static void check_op(Verifier *v, SolOp *op)
{
    switch (sol_op_info(op->kind)->syntax) {
    case SOL_SYN_BINARY:
    case SOL_SYN_UNARY:
    case SOL_SYN_TERNARY:
        check_elementwise(v, op);
        return;
    case SOL_SYN_CMP:
        check_cmp(v, op);
        return;
    case SOL_SYN_SELECT:
        check_select(v, op);
        return;
    case SOL_SYN_CAST:
        check_cast(v, op);
        return;
    case SOL_SYN_CONSTANT:
        check_constant(v, op);
        return;
    case SOL_SYN_CUSTOM:
        break;
    }
    switch (op->kind) {
    case SOL_OP_MODULE:
        verify_module_op(v, op);
        break;
    case SOL_OP_FUNC:
        verify_func(v, op);
        break;
    case SOL_OP_CALL:
        verify_call(v, op);
        break;
    case SOL_OP_FOR:
        verify_for(v, op);
        break;
    case SOL_OP_IF:
        verify_if(v, op);
        break;
    case SOL_OP_LOAD:
    case SOL_OP_STORE:
        verify_load_store(v, op);
        break;
    case SOL_OP_APPLY:
    case SOL_OP_AMIN:
    case SOL_OP_AMAX:
        verify_apply_minmax(v, op);
        break;
    case SOL_OP_ALLOC:
        verify_alloc(v, op);
        break;
    case SOL_OP_DEALLOC:
        verify_dealloc(v, op);
        break;
    case SOL_OP_DIM:
        verify_dim(v, op);
        break;
    case SOL_OP_MLOAD:
    case SOL_OP_MSTORE:
        verify_mload_mstore(v, op);
        break;
    case SOL_OP_GENERIC:
        verify_generic(v, op);
        break;
    case SOL_OP_RETURN: /* operands checked by the enclosing func.func */
    case SOL_OP_YIELD:  /* by the enclosing affine.for / affine.if */
    case SOL_OP_LYIELD: /* by the enclosing linalg.generic */
        break;
    default:
        op_error(v, op, "has no verifier");
        break;
    }
}

static void verify_block(Verifier *v, SolBlock *b);

/* Checks op, then everything nested in it. The caller puts op's results in scope after. */
static void verify_op_rec(Verifier *v, SolOp *op)
{
    if (too_many(v))
        return;
    if ((unsigned)op->kind >= SOL_OP_COUNT) {
        sol_emit_error(v->ctx, op->loc, "op of unknown kind %d", (int)op->kind);
        return;
    }
    check_links(v, op);
    bool counts_ok = check_arity(v, op);
    check_dominance(v, op);
    check_terminator_placement(v, op);
    if (counts_ok)
        check_op(v, op);

    SolOp *saved_func = v->func;
    unsigned saved_guards = v->guards;
    if (op->kind == SOL_OP_FUNC) {
        v->func = op;
        v->guards = 0;
    } else if (op->kind == SOL_OP_IF) {
        v->guards++;
    }
    for (uint32_t r = 0; r < op->num_regions; r++)
        for (SolBlock *b = sol_region_first_block(&op->regions[r]); b; b = sol_block_next(b)) {
            if (too_many(v))
                break;
            verify_block(v, b);
        }
    v->func = saved_func;
    v->guards = saved_guards;
}

/* Block arguments come into scope, then each op's results after the op; all of them leave
 * scope at the end of the block. */
static void verify_block(Verifier *v, SolBlock *b)
{
    for (uint32_t i = 0; i < b->num_args; i++)
        map_put(&v->scope, &b->args[i], 1);
    sol_block_for_each_op(op, b)
    {
        verify_op_rec(v, op);
        for (uint32_t i = 0; i < op->num_results; i++)
            map_put(&v->scope, &op->results[i], 1);
    }
    for (uint32_t i = 0; i < b->num_args; i++)
        map_del(&v->scope, &b->args[i]);
    sol_block_for_each_op(op, b) for (uint32_t i = 0; i < op->num_results; i++)
        map_del(&v->scope, &op->results[i]);
}

static void verifier_free(Verifier *v)
{
    map_free(&v->scope);
    map_free(&v->memo);
    map_free(&v->funcs);
    for (unsigned i = 0; i < 4; i++)
        sol_buf_free(&v->tbuf[i]);
}

bool sol_verify_module(SolContext *ctx, SolModule *m)
{
    unsigned before = sol_error_count(ctx);
    if (!m || !m->op) {
        sol_emit_error(ctx, (SolLoc){0}, "module has no top-level op");
        return false;
    }
    if (m->op->kind != SOL_OP_MODULE)
        sol_emit_error(ctx, m->op->loc, "top-level op must be 'module', found '%s'",
                       sol_op_name(m->op));
    Verifier v = {.ctx = ctx, .scope.is_set = true};
    verify_op_rec(&v, m->op);
    verifier_free(&v);
    return sol_error_count(ctx) == before;
}

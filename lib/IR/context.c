/*
 * The context: everything that outlives a module and is compared by pointer. It owns the
 * identifier interner, the diagnostic engine, the op-name table, and the uniquing tables of
 * types, affine expressions, affine maps and integer sets (MLIR's MLIRContext, made small).
 *
 * Affine builders canonicalize while they unique, so that the parser, passes and printer
 * agree on one form: constants fold, constants and symbols move to the right of products,
 * `x - y` is `x + y * -1`. Because printing is the inverse of parsing on that form, solar-opt's
 * output is a fixed point.
 */
#include "IR/ir.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* A uniquing table: open addressing over pointers, with the caller's hash and equality. */
typedef struct UniqueTable {
    void **slots;
    uint32_t *hashes;
    size_t cap, count;
} UniqueTable;

struct SolContext {
    SolInterner interner;
    SolDiagEngine diag;
    SolArena arena; /* types, affine exprs, maps, sets */
    const SolType *index_type;
    const SolType *float_types[4];
    const SolType *int_types[65]; /* i1..i64, created on demand */
    UniqueTable types, exprs, maps, sets;
    const SolIdent **op_names; /* open addressing: op name -> kind */
    SolOpKind *op_kinds;
    size_t op_cap;
};

const SolOpInfo sol_op_infos[SOL_OP_COUNT] = {
#define OP(kind, name, name14, syntax, nopd, nres, nreg, flags, verify, print)                  \
    {name, name14, syntax, nopd, nres, nreg, flags},
#include "IR/ops.def"
#undef OP
};

const char *const sol_cmpf_predicates[16] = {"false", "oeq", "ogt", "oge", "olt", "ole",
                                             "one",   "ord", "ueq", "ugt", "uge", "ult",
                                             "ule",   "une", "uno", "true"};
const char *const sol_cmpi_predicates[10] = {"eq",  "ne",  "slt", "sle", "sgt",
                                             "sge", "ult", "ule", "ugt", "uge"};

int sol_cmp_predicate_lookup(SolOpKind kind, const char *s, size_t len)
{
    const char *const *names = kind == SOL_OP_CMPF ? sol_cmpf_predicates : sol_cmpi_predicates;
    int n = kind == SOL_OP_CMPF ? 16 : 10;
    for (int i = 0; i < n; i++)
        if (strlen(names[i]) == len && memcmp(names[i], s, len) == 0)
            return i;
    return -1;
}

/* ---- uniquing tables ------------------------------------------------------------------- */

typedef bool (*EqualFn)(const void *a, const void *b);

static void table_grow(UniqueTable *t)
{
    size_t cap = t->cap ? t->cap * 2 : 256;
    void **slots = sol_xcalloc(cap, sizeof *slots);
    uint32_t *hashes = sol_xcalloc(cap, sizeof *hashes);
    for (size_t i = 0; i < t->cap; i++) {
        if (!t->slots[i])
            continue;
        size_t j = t->hashes[i] & (cap - 1);
        while (slots[j])
            j = (j + 1) & (cap - 1);
        slots[j] = t->slots[i];
        hashes[j] = t->hashes[i];
    }
    free(t->slots);
    free(t->hashes);
    t->slots = slots, t->hashes = hashes, t->cap = cap;
}

/* Returns the existing entry equal to `key`, or NULL after reserving *slot for it. */
static void *table_find(UniqueTable *t, uint32_t hash, const void *key, EqualFn eq, size_t *slot)
{
    if (2 * (t->count + 1) > t->cap)
        table_grow(t);
    size_t j = hash & (t->cap - 1);
    for (; t->slots[j]; j = (j + 1) & (t->cap - 1))
        if (t->hashes[j] == hash && eq(t->slots[j], key))
            return t->slots[j];
    *slot = j;
    return NULL;
}

static void table_insert(UniqueTable *t, size_t slot, uint32_t hash, void *value)
{
    t->slots[slot] = value;
    t->hashes[slot] = hash;
    t->count++;
}

static void table_free(UniqueTable *t)
{
    free(t->slots);
    free(t->hashes);
}

static uint32_t hash_mix(uint32_t h, uint64_t v)
{
    h ^= (uint32_t)(v ^ (v >> 32)) + 0x9e3779b9u + (h << 6) + (h >> 2);
    return h;
}

/* ---- context ---------------------------------------------------------------------------- */

static void add_op_name(SolContext *ctx, const char *name, SolOpKind kind)
{
    const SolIdent *id = sol_intern_cstr(&ctx->interner, name);
    size_t j = id->hash & (ctx->op_cap - 1);
    while (ctx->op_names[j] && ctx->op_names[j] != id)
        j = (j + 1) & (ctx->op_cap - 1);
    ctx->op_names[j] = id;
    ctx->op_kinds[j] = kind;
}

SolContext *sol_context_new(void)
{
    SolContext *ctx = sol_xcalloc(1, sizeof *ctx);
    sol_diag_init(&ctx->diag);
    ctx->op_cap = 512;
    ctx->op_names = sol_xcalloc(ctx->op_cap, sizeof *ctx->op_names);
    ctx->op_kinds = sol_xcalloc(ctx->op_cap, sizeof *ctx->op_kinds);
    for (int k = 0; k < SOL_OP_COUNT; k++) {
        add_op_name(ctx, sol_op_infos[k].name, (SolOpKind)k);
        if (sol_op_infos[k].name14)
            add_op_name(ctx, sol_op_infos[k].name14, (SolOpKind)k);
    }
    SolType *t = sol_arena_alloc(&ctx->arena, sizeof *t);
    t->kind = SOL_TYPE_INDEX;
    t->width = 64;
    ctx->index_type = t;
    static const uint32_t widths[4] = {16, 16, 32, 64};
    for (int k = 0; k < 4; k++) {
        t = sol_arena_alloc(&ctx->arena, sizeof *t);
        t->kind = SOL_TYPE_FLOAT;
        t->fkind = (SolFloatKind)k;
        t->width = widths[k];
        ctx->float_types[k] = t;
    }
    return ctx;
}

void sol_context_free(SolContext *ctx)
{
    if (!ctx)
        return;
    table_free(&ctx->types);
    table_free(&ctx->exprs);
    table_free(&ctx->maps);
    table_free(&ctx->sets);
    free(ctx->op_names);
    free(ctx->op_kinds);
    sol_diag_release(&ctx->diag);
    sol_arena_release(&ctx->arena);
    sol_interner_release(&ctx->interner);
    free(ctx);
}

SolOpKind sol_op_kind_lookup(SolContext *ctx, const char *name, size_t len)
{
    uint32_t h = sol_hash_bytes(name, len);
    for (size_t j = h & (ctx->op_cap - 1); ctx->op_names[j]; j = (j + 1) & (ctx->op_cap - 1)) {
        const SolIdent *id = ctx->op_names[j];
        if (id->hash == h && id->len == len && memcmp(id->str, name, len) == 0)
            return ctx->op_kinds[j];
    }
    return SOL_OP_COUNT;
}

SolDiagEngine *sol_context_diag(SolContext *ctx) { return &ctx->diag; }

const SolIdent *sol_ident(SolContext *ctx, const char *s, size_t len)
{
    return sol_intern(&ctx->interner, s, len);
}

const SolIdent *sol_ident_cstr(SolContext *ctx, const char *s)
{
    return sol_intern_cstr(&ctx->interner, s);
}

#define DEFINE_EMIT(fn, sev)                                                                   \
    void fn(SolContext *ctx, SolLoc loc, const char *fmt, ...)                                 \
    {                                                                                          \
        va_list ap;                                                                            \
        va_start(ap, fmt);                                                                     \
        sol_diag_emitv(&ctx->diag, sev, loc, fmt, ap);                                         \
        va_end(ap);                                                                            \
    }
DEFINE_EMIT(sol_emit_error, SOL_SEV_ERROR)
DEFINE_EMIT(sol_emit_warning, SOL_SEV_WARNING)
DEFINE_EMIT(sol_emit_note, SOL_SEV_NOTE)
DEFINE_EMIT(sol_emit_remark, SOL_SEV_REMARK)

unsigned sol_error_count(SolContext *ctx) { return ctx->diag.num_errors; }

/* ---- types ---------------------------------------------------------------------------------- */

const SolType *sol_type_index(SolContext *ctx) { return ctx->index_type; }

const SolType *sol_type_float(SolContext *ctx, SolFloatKind kind) { return ctx->float_types[kind]; }

const SolType *sol_type_int(SolContext *ctx, uint32_t width)
{
    if (width < 1 || width > 64)
        return NULL;
    if (!ctx->int_types[width]) {
        SolType *t = sol_arena_alloc(&ctx->arena, sizeof *t);
        t->kind = SOL_TYPE_INT;
        t->width = width;
        ctx->int_types[width] = t;
    }
    return ctx->int_types[width];
}

static bool type_equal(const void *pa, const void *pb)
{
    const SolType *a = pa, *b = pb;
    if (a->kind != b->kind)
        return false;
    if (a->kind == SOL_TYPE_MEMREF)
        return a->elem == b->elem && a->rank == b->rank &&
               (a->rank == 0 || memcmp(a->dims, b->dims, a->rank * sizeof *a->dims) == 0);
    if (a->num_inputs != b->num_inputs || a->num_results != b->num_results)
        return false;
    for (uint32_t i = 0; i < a->num_inputs; i++)
        if (a->inputs[i] != b->inputs[i])
            return false;
    for (uint32_t i = 0; i < a->num_results; i++)
        if (a->results[i] != b->results[i])
            return false;
    return true;
}

const SolType *sol_type_memref(SolContext *ctx, const SolType *elem, uint32_t rank,
                               const int64_t *dims)
{
    SolType key = {.kind = SOL_TYPE_MEMREF, .elem = elem, .rank = rank, .dims = dims};
    uint32_t h = hash_mix(hash_mix(1, (uintptr_t)elem), rank);
    for (uint32_t i = 0; i < rank; i++)
        h = hash_mix(h, (uint64_t)dims[i]);
    size_t slot;
    const SolType *found = table_find(&ctx->types, h, &key, type_equal, &slot);
    if (found)
        return found;
    SolType *t = sol_arena_alloc(&ctx->arena, sizeof *t);
    *t = key;
    t->width = elem->width;
    int64_t *d = sol_arena_alloc(&ctx->arena, (rank ? rank : 1) * sizeof *d);
    if (rank)
        memcpy(d, dims, rank * sizeof *d);
    t->dims = d;
    table_insert(&ctx->types, slot, h, t);
    return t;
}

const SolType *sol_type_function(SolContext *ctx, uint32_t num_inputs,
                                 const SolType *const *inputs, uint32_t num_results,
                                 const SolType *const *results)
{
    SolType key = {.kind = SOL_TYPE_FUNCTION, .num_inputs = num_inputs, .inputs = inputs,
                   .num_results = num_results, .results = results};
    uint32_t h = hash_mix(hash_mix(2, num_inputs), num_results);
    for (uint32_t i = 0; i < num_inputs; i++)
        h = hash_mix(h, (uintptr_t)inputs[i]);
    for (uint32_t i = 0; i < num_results; i++)
        h = hash_mix(h, (uintptr_t)results[i]);
    size_t slot;
    const SolType *found = table_find(&ctx->types, h, &key, type_equal, &slot);
    if (found)
        return found;
    SolType *t = sol_arena_alloc(&ctx->arena, sizeof *t);
    *t = key;
    const SolType **in = sol_arena_alloc(&ctx->arena, (num_inputs + 1) * sizeof *in);
    const SolType **out = sol_arena_alloc(&ctx->arena, (num_results + 1) * sizeof *out);
    if (num_inputs)
        memcpy(in, inputs, num_inputs * sizeof *in);
    if (num_results)
        memcpy(out, results, num_results * sizeof *out);
    t->inputs = in, t->results = out;
    table_insert(&ctx->types, slot, h, t);
    return t;
}

uint32_t sol_type_elem_bytes(const SolType *t)
{
    switch (t->kind) {
    case SOL_TYPE_INDEX:
        return 8;
    case SOL_TYPE_INT:
        return (t->width + 7) / 8;
    case SOL_TYPE_FLOAT:
        return t->width / 8;
    default:
        return 0;
    }
}

uint32_t sol_type_num_dynamic(const SolType *t)
{
    uint32_t n = 0;
    for (uint32_t i = 0; t->kind == SOL_TYPE_MEMREF && i < t->rank; i++)
        n += t->dims[i] == SOL_DYNAMIC;
    return n;
}

/* ---- affine expressions ------------------------------------------------------------------ */

static bool expr_equal(const void *pa, const void *pb)
{
    const SolAffineExpr *a = pa, *b = pb;
    return a->kind == b->kind && a->value == b->value && a->lhs == b->lhs && a->rhs == b->rhs;
}

static const SolAffineExpr *expr_get(SolContext *ctx, SolAffineKind kind, int64_t value,
                                     const SolAffineExpr *lhs, const SolAffineExpr *rhs)
{
    SolAffineExpr key = {kind, value, lhs, rhs};
    uint32_t h = hash_mix(hash_mix(hash_mix(hash_mix(3, kind), (uint64_t)value), (uintptr_t)lhs),
                          (uintptr_t)rhs);
    size_t slot;
    const SolAffineExpr *found = table_find(&ctx->exprs, h, &key, expr_equal, &slot);
    if (found)
        return found;
    SolAffineExpr *e = sol_arena_alloc(&ctx->arena, sizeof *e);
    *e = key;
    table_insert(&ctx->exprs, slot, h, e);
    return e;
}

const SolAffineExpr *sol_affine_const(SolContext *ctx, int64_t v)
{
    return expr_get(ctx, SOL_AFF_CONST, v, NULL, NULL);
}

const SolAffineExpr *sol_affine_dim(SolContext *ctx, uint32_t pos)
{
    return expr_get(ctx, SOL_AFF_DIM, pos, NULL, NULL);
}

const SolAffineExpr *sol_affine_sym(SolContext *ctx, uint32_t pos)
{
    return expr_get(ctx, SOL_AFF_SYM, pos, NULL, NULL);
}

bool sol_affine_is_symbolic(const SolAffineExpr *e)
{
    switch (e->kind) {
    case SOL_AFF_CONST:
    case SOL_AFF_SYM:
        return true;
    case SOL_AFF_DIM:
        return false;
    default:
        return sol_affine_is_symbolic(e->lhs) && sol_affine_is_symbolic(e->rhs);
    }
}

bool sol_affine_is_pure(const SolAffineExpr *e)
{
    switch (e->kind) {
    case SOL_AFF_CONST:
    case SOL_AFF_DIM:
    case SOL_AFF_SYM:
        return true;
    case SOL_AFF_ADD:
        return sol_affine_is_pure(e->lhs) && sol_affine_is_pure(e->rhs);
    default: /* products and divisions need a constant on the right */
        return e->rhs->kind == SOL_AFF_CONST && sol_affine_is_pure(e->lhs);
    }
}

int64_t sol_floordiv(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

int64_t sol_ceildiv(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return (a % b != 0 && ((a < 0) == (b < 0))) ? q + 1 : q;
}

int64_t sol_floormod(int64_t a, int64_t b)
{
    int64_t r = a % b;
    return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}

const SolAffineExpr *sol_affine_add(SolContext *ctx, const SolAffineExpr *a, const SolAffineExpr *b)
{
    int64_t sum;
    if (a->kind == SOL_AFF_CONST && b->kind == SOL_AFF_CONST &&
        !__builtin_add_overflow(a->value, b->value, &sum))
        return sol_affine_const(ctx, sum);
    if (a->kind == SOL_AFF_CONST && b->kind != SOL_AFF_CONST) {
        const SolAffineExpr *t = a;
        a = b, b = t;
    }
    if (b->kind == SOL_AFF_CONST && b->value == 0)
        return a;
    /* (x + c1) + c2 -> x + (c1 + c2) */
    if (b->kind == SOL_AFF_CONST && a->kind == SOL_AFF_ADD && a->rhs->kind == SOL_AFF_CONST &&
        !__builtin_add_overflow(a->rhs->value, b->value, &sum))
        return sol_affine_add(ctx, a->lhs, sol_affine_const(ctx, sum));
    /* (x + c) + y -> (x + y) + c keeps the constant last, as MLIR prints it */
    if (b->kind != SOL_AFF_CONST && a->kind == SOL_AFF_ADD && a->rhs->kind == SOL_AFF_CONST)
        return sol_affine_add(ctx, sol_affine_add(ctx, a->lhs, b), a->rhs);
    return expr_get(ctx, SOL_AFF_ADD, 0, a, b);
}

const SolAffineExpr *sol_affine_mul(SolContext *ctx, const SolAffineExpr *a, const SolAffineExpr *b)
{
    int64_t prod;
    if (a->kind == SOL_AFF_CONST && b->kind == SOL_AFF_CONST &&
        !__builtin_mul_overflow(a->value, b->value, &prod))
        return sol_affine_const(ctx, prod);
    /* constants go right, then symbolic factors go right of dims */
    if ((a->kind == SOL_AFF_CONST && b->kind != SOL_AFF_CONST) ||
        (b->kind != SOL_AFF_CONST && sol_affine_is_symbolic(a) && !sol_affine_is_symbolic(b))) {
        const SolAffineExpr *t = a;
        a = b, b = t;
    }
    if (b->kind == SOL_AFF_CONST) {
        if (b->value == 1)
            return a;
        if (b->value == 0)
            return b;
        if (a->kind == SOL_AFF_MUL && a->rhs->kind == SOL_AFF_CONST &&
            !__builtin_mul_overflow(a->rhs->value, b->value, &prod))
            return sol_affine_mul(ctx, a->lhs, sol_affine_const(ctx, prod));
    }
    return expr_get(ctx, SOL_AFF_MUL, 0, a, b);
}

const SolAffineExpr *sol_affine_neg(SolContext *ctx, const SolAffineExpr *a)
{
    return sol_affine_mul(ctx, a, sol_affine_const(ctx, -1));
}

const SolAffineExpr *sol_affine_binary(SolContext *ctx, SolAffineKind kind,
                                       const SolAffineExpr *lhs, const SolAffineExpr *rhs)
{
    switch (kind) {
    case SOL_AFF_ADD:
        return sol_affine_add(ctx, lhs, rhs);
    case SOL_AFF_MUL:
        return sol_affine_mul(ctx, lhs, rhs);
    case SOL_AFF_MOD:
    case SOL_AFF_FLOORDIV:
    case SOL_AFF_CEILDIV:
        break;
    default:
        return lhs; /* not a binary kind; callers never pass one */
    }
    if (rhs->kind == SOL_AFF_CONST && rhs->value != 0) {
        int64_t b = rhs->value;
        if (lhs->kind == SOL_AFF_CONST && !(lhs->value == INT64_MIN && b == -1)) {
            int64_t a = lhs->value;
            int64_t v = kind == SOL_AFF_MOD ? sol_floormod(a, b)
                        : kind == SOL_AFF_FLOORDIV ? sol_floordiv(a, b)
                                                   : sol_ceildiv(a, b);
            return sol_affine_const(ctx, v);
        }
        if (b == 1)
            return kind == SOL_AFF_MOD ? sol_affine_const(ctx, 0) : lhs;
    }
    return expr_get(ctx, kind, 0, lhs, rhs);
}

/* ---- maps and sets ------------------------------------------------------------------------ */

static bool map_equal(const void *pa, const void *pb)
{
    const SolAffineMap *a = pa, *b = pb;
    if (a->num_dims != b->num_dims || a->num_syms != b->num_syms ||
        a->num_results != b->num_results)
        return false;
    for (uint32_t i = 0; i < a->num_results; i++)
        if (a->results[i] != b->results[i])
            return false;
    return true;
}

const SolAffineMap *sol_affine_map(SolContext *ctx, uint32_t num_dims, uint32_t num_syms,
                                   uint32_t num_results, const SolAffineExpr *const *results)
{
    SolAffineMap key = {num_dims, num_syms, num_results, results};
    uint32_t h = hash_mix(hash_mix(hash_mix(4, num_dims), num_syms), num_results);
    for (uint32_t i = 0; i < num_results; i++)
        h = hash_mix(h, (uintptr_t)results[i]);
    size_t slot;
    const SolAffineMap *found = table_find(&ctx->maps, h, &key, map_equal, &slot);
    if (found)
        return found;
    SolAffineMap *m = sol_arena_alloc(&ctx->arena, sizeof *m);
    *m = key;
    const SolAffineExpr **r = sol_arena_alloc(&ctx->arena, (num_results + 1) * sizeof *r);
    if (num_results)
        memcpy(r, results, num_results * sizeof *r);
    m->results = r;
    table_insert(&ctx->maps, slot, h, m);
    return m;
}

static bool set_equal(const void *pa, const void *pb)
{
    const SolIntegerSet *a = pa, *b = pb;
    if (a->num_dims != b->num_dims || a->num_syms != b->num_syms || a->num_cons != b->num_cons)
        return false;
    for (uint32_t i = 0; i < a->num_cons; i++)
        if (a->cons[i] != b->cons[i] || a->is_eq[i] != b->is_eq[i])
            return false;
    return true;
}

const SolIntegerSet *sol_integer_set(SolContext *ctx, uint32_t num_dims, uint32_t num_syms,
                                     uint32_t num_cons, const SolAffineExpr *const *cons,
                                     const bool *is_eq)
{
    SolIntegerSet key = {num_dims, num_syms, num_cons, cons, is_eq};
    uint32_t h = hash_mix(hash_mix(hash_mix(5, num_dims), num_syms), num_cons);
    for (uint32_t i = 0; i < num_cons; i++)
        h = hash_mix(hash_mix(h, (uintptr_t)cons[i]), is_eq[i]);
    size_t slot;
    const SolIntegerSet *found = table_find(&ctx->sets, h, &key, set_equal, &slot);
    if (found)
        return found;
    SolIntegerSet *s = sol_arena_alloc(&ctx->arena, sizeof *s);
    *s = key;
    const SolAffineExpr **c = sol_arena_alloc(&ctx->arena, (num_cons + 1) * sizeof *c);
    bool *eq = sol_arena_alloc(&ctx->arena, num_cons + 1);
    if (num_cons) {
        memcpy(c, cons, num_cons * sizeof *c);
        memcpy(eq, is_eq, num_cons);
    }
    s->cons = c, s->is_eq = eq;
    table_insert(&ctx->sets, slot, h, s);
    return s;
}

/* ---- floats --------------------------------------------------------------------------------- */

typedef struct FloatFormat {
    int mant_bits; /* stored fraction bits */
    int emin, emax;
    int exp_bits;
} FloatFormat;

static const FloatFormat half_format = {10, -14, 15, 5};
static const FloatFormat bf16_format = {7, -126, 127, 8};

/* Rounds v to the nearest value of a small binary format (ties to even), with subnormals
 * and overflow to infinity. */
static double round_to_format(double v, const FloatFormat *f)
{
    if (v == 0 || !isfinite(v))
        return v;
    int e;
    frexp(v, &e); /* |v| in [2^(e-1), 2^e) */
    int E = e - 1 < f->emin ? f->emin : e - 1;
    double quantum = ldexp(1.0, E - f->mant_bits);
    double r = nearbyint(v / quantum) * quantum;
    double max = ldexp(2.0 - ldexp(1.0, -f->mant_bits), f->emax);
    if (fabs(r) > max)
        return copysign(INFINITY, v);
    return r;
}

static uint64_t encode_small(double v, const FloatFormat *f)
{
    int width = 1 + f->exp_bits + f->mant_bits;
    uint64_t sign = signbit(v) ? 1ull << (width - 1) : 0;
    uint64_t exp_all = (1ull << f->exp_bits) - 1;
    if (isnan(v))
        return (exp_all << f->mant_bits) | (1ull << (f->mant_bits - 1));
    if (isinf(v))
        return sign | (exp_all << f->mant_bits);
    double a = fabs(round_to_format(v, f));
    if (isinf(a))
        return sign | (exp_all << f->mant_bits);
    if (a == 0)
        return sign;
    int e;
    frexp(a, &e);
    int E = e - 1;
    if (E < f->emin) /* subnormal */
        return sign | (uint64_t)ldexp(a, f->mant_bits - f->emin);
    uint64_t frac = (uint64_t)ldexp(a / ldexp(1.0, E) - 1.0, f->mant_bits);
    return sign | ((uint64_t)(E + (1 << (f->exp_bits - 1)) - 1) << f->mant_bits) | frac;
}

static double decode_small(uint64_t bits, const FloatFormat *f)
{
    int width = 1 + f->exp_bits + f->mant_bits;
    bool neg = (bits >> (width - 1)) & 1;
    uint64_t exp = (bits >> f->mant_bits) & ((1ull << f->exp_bits) - 1);
    uint64_t frac = bits & ((1ull << f->mant_bits) - 1);
    int bias = (1 << (f->exp_bits - 1)) - 1;
    double v;
    if (exp == (1ull << f->exp_bits) - 1)
        v = frac ? NAN : INFINITY;
    else if (exp == 0)
        v = ldexp((double)frac, f->emin - f->mant_bits);
    else
        v = ldexp(1.0 + ldexp((double)frac, -f->mant_bits), (int)exp - bias);
    return neg ? -v : v;
}

double sol_float_round(double v, SolFloatKind k)
{
    switch (k) {
    case SOL_F16:
        return round_to_format(v, &half_format);
    case SOL_BF16:
        return round_to_format(v, &bf16_format);
    case SOL_F32:
        return (double)(float)v;
    default:
        return v;
    }
}

uint64_t sol_float_to_bits(double v, SolFloatKind k)
{
    switch (k) {
    case SOL_F16:
        return encode_small(v, &half_format);
    case SOL_BF16:
        return encode_small(v, &bf16_format);
    case SOL_F32: {
        float f = (float)v;
        uint32_t b;
        memcpy(&b, &f, sizeof b);
        return b;
    }
    default: {
        uint64_t b;
        memcpy(&b, &v, sizeof b);
        return b;
    }
    }
}

double sol_float_from_bits(uint64_t bits, SolFloatKind k)
{
    switch (k) {
    case SOL_F16:
        return decode_small(bits & 0xFFFF, &half_format);
    case SOL_BF16:
        return decode_small(bits & 0xFFFF, &bf16_format);
    case SOL_F32: {
        uint32_t b = (uint32_t)bits;
        float f;
        memcpy(&f, &b, sizeof f);
        return f;
    }
    default: {
        double d;
        memcpy(&d, &bits, sizeof d);
        return d;
    }
    }
}

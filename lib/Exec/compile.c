/*
 * IR -> executor bytecode (see program.h for the machine).
 *
 * Each SSA value gets a register slot; constants are preloaded. Affine maps are lowered to
 * linear forms `c0 + sum(coef * reg)` over their operands, with floordiv/ceildiv/mod and
 * symbol products computed into temporaries first. affine.for becomes FOR ... NEXT with the
 * loop results sharing the slots of the iter_args; affine.if becomes conditional jumps;
 * linalg.generic becomes the loop nest MLIR's own lowering builds (loop d ranges over the
 * first operand dim indexed by exactly d), loads of the used block arguments, the region, and
 * stores of linalg.yield's values.
 *
 * Bounds proofs: value ranges come from constants, loop bounds and affine.apply/min/max. An
 * access whose every subscript is proved within the static dims of a buffer that cannot have
 * been deallocated is compiled to one flat offset with no run-time check; everything else is
 * checked each time it runs.
 */
#include "Exec/bounds.h"
#include "Exec/program.h"

#include "Support/ptr_map.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- compiler state ------------------------------------------------------------------------ */


typedef struct Compiler {
    ExecProgram *prog;
    SolContext *ctx;
    SolModule *m;
    ExecFunc *fn;
    SolTensor *const *arg_tensors; /* entry function only: shapes known for this run */
    bool unsafe_dealloc;           /* a dealloc of something not a memref.alloc result */
    SolVecOf(Insn) code;
    SolVecOf(ConstInit) consts;
    SolPtrMap regs;   /* SolValue* -> slot */
    SolVecOf(ConstInit) int_consts; /* index constants made by the compiler, see const_reg */
    SolVecOf(uint8_t) kinds;        /* ExecRegKind of each register */
    uint32_t nregs;
    bool ok;
} Compiler;

static void *arena_new(Compiler *C, size_t size) { return sol_arena_alloc(&C->prog->arena, size); }

/* A new register, an integer unless the caller says otherwise (set_kind). */
static int32_t new_reg(Compiler *C)
{
    sol_vec_push(&C->kinds, (uint8_t)EXEC_REG_INT);
    return (int32_t)C->nregs++;
}

static void set_kind(Compiler *C, int32_t reg, ExecRegKind k) { C->kinds.data[reg] = (uint8_t)k; }

static ExecRegKind kind_of_type(const Compiler *C, const SolType *t)
{
    if (t->kind == SOL_TYPE_MEMREF)
        return EXEC_REG_MEM;
    if (!sol_type_is_float(t))
        return EXEC_REG_INT;
    return t->fkind == SOL_F32 && C->prog->precision == SOL_PRECISION_EXACT ? EXEC_REG_F32
                                                                            : EXEC_REG_F64;
}

static Insn *emit(Compiler *C, ExecOpcode opc, int32_t d, int32_t a, int32_t b, const SolOp *op)
{
    Insn in = {.opc = (uint16_t)opc, .d = d, .a = a, .b = b, .op = op};
    sol_vec_push(&C->code, in);
    return &C->code.data[C->code.len - 1];
}

static uint32_t here(const Compiler *C) { return (uint32_t)C->code.len; }

static void fail(Compiler *C, const SolOp *op, const char *what)
{
    sol_emit_error(C->ctx, op->loc, "solar-run cannot execute this %s: %s", sol_op_name(op), what);
    C->ok = false;
}

/* The slot of an integer constant, shared by every use in the function. */
static int32_t const_reg(Compiler *C, int64_t v)
{
    for (size_t i = 0; i < C->int_consts.len; i++)
        if (C->int_consts.data[i].value.i == v)
            return C->int_consts.data[i].reg;
    ConstInit ci = {.reg = new_reg(C), .value.i = v};
    sol_vec_push(&C->int_consts, ci);
    sol_vec_push(&C->consts, ci);
    return ci.reg;
}

static int32_t value_reg(Compiler *C, const SolValue *v)
{
    uint64_t r;
    if (sol_ptr_map_get(&C->regs, v, &r))
        return (int32_t)r;
    int32_t reg = new_reg(C);
    set_kind(C, reg, kind_of_type(C, v->type));
    sol_ptr_map_put(&C->regs, v, (uint64_t)reg);
    return reg;
}

static void bind_reg(Compiler *C, const SolValue *v, int32_t r)
{
    sol_ptr_map_put(&C->regs, v, (uint64_t)r);
}

/* ---- linear forms ------------------------------------------------------------------------- */

typedef struct LinBuilder {
    int64_t c0;
    SolVecOf(int32_t) reg;
    SolVecOf(int64_t) coef;
    bool overflow;
} LinBuilder;

static void lin_add_term(LinBuilder *lb, int32_t reg, int64_t coef)
{
    for (size_t i = 0; i < lb->reg.len; i++)
        if (lb->reg.data[i] == reg) {
            if (__builtin_add_overflow(lb->coef.data[i], coef, &lb->coef.data[i]))
                lb->overflow = true;
            return;
        }
    sol_vec_push(&lb->reg, reg);
    sol_vec_push(&lb->coef, coef);
}

static void lin_free(LinBuilder *lb)
{
    sol_vec_free(&lb->reg);
    sol_vec_free(&lb->coef);
}

static Linear lin_finish(Compiler *C, LinBuilder *lb)
{
    Linear l = {.c0 = lb->c0};
    for (size_t i = 0; i < lb->reg.len; i++)
        l.nterms += lb->coef.data[i] != 0;
    l.reg = arena_new(C, l.nterms * sizeof *l.reg + 1);
    l.coef = arena_new(C, l.nterms * sizeof *l.coef + 1);
    uint32_t n = 0;
    for (size_t i = 0; i < lb->reg.len; i++)
        if (lb->coef.data[i] != 0) {
            l.reg[n] = lb->reg.data[i];
            l.coef[n++] = lb->coef.data[i];
        }
    return l;
}

static int32_t materialize_expr(Compiler *C, const SolAffineExpr *e, const int32_t *opregs,
                                uint32_t ndims, const SolOp *op);

/* Adds coef * e to lb; parts that are not linear are computed into temporaries. */
static void linearize(Compiler *C, const SolAffineExpr *e, int64_t coef, const int32_t *opregs,
                      uint32_t ndims, LinBuilder *lb, const SolOp *op)
{
    int64_t t;
    switch (e->kind) {
    case SOL_AFF_CONST:
        if (__builtin_mul_overflow(coef, e->value, &t) || __builtin_add_overflow(lb->c0, t, &lb->c0))
            lb->overflow = true;
        return;
    case SOL_AFF_DIM:
        lin_add_term(lb, opregs[e->value], coef);
        return;
    case SOL_AFF_SYM:
        lin_add_term(lb, opregs[ndims + e->value], coef);
        return;
    case SOL_AFF_ADD:
        linearize(C, e->lhs, coef, opregs, ndims, lb, op);
        linearize(C, e->rhs, coef, opregs, ndims, lb, op);
        return;
    case SOL_AFF_MUL:
        if (e->rhs->kind == SOL_AFF_CONST && !__builtin_mul_overflow(coef, e->rhs->value, &t)) {
            linearize(C, e->lhs, t, opregs, ndims, lb, op);
            return;
        }
        if (e->lhs->kind == SOL_AFF_CONST && !__builtin_mul_overflow(coef, e->lhs->value, &t)) {
            linearize(C, e->rhs, t, opregs, ndims, lb, op);
            return;
        }
        break;
    default:
        break;
    }
    lin_add_term(lb, materialize_expr(C, e, opregs, ndims, op), coef);
}

/* A register holding the value of a linear form (reusing a term's register when it is one). */
static int32_t materialize_lin(Compiler *C, const Linear *l, const SolOp *op)
{
    if (l->nterms == 0)
        return const_reg(C, l->c0);
    if (l->nterms == 1 && l->c0 == 0 && l->coef[0] == 1)
        return l->reg[0];
    Linear *copy = arena_new(C, sizeof *copy);
    *copy = *l;
    int32_t d = new_reg(C);
    emit(C, EX_LIN, d, -1, -1, op)->x.lin = copy;
    return d;
}

static int32_t materialize_expr(Compiler *C, const SolAffineExpr *e, const int32_t *opregs,
                                uint32_t ndims, const SolOp *op)
{
    switch (e->kind) {
    case SOL_AFF_CONST:
        return const_reg(C, e->value);
    case SOL_AFF_DIM:
        return opregs[e->value];
    case SOL_AFF_SYM:
        return opregs[ndims + e->value];
    case SOL_AFF_ADD: {
        LinBuilder lb = {0};
        linearize(C, e, 1, opregs, ndims, &lb, op);
        int32_t r;
        if (lb.overflow) {
            fail(C, op, "an affine constant overflows 64 bits");
            r = const_reg(C, 0);
        } else {
            Linear l = lin_finish(C, &lb);
            r = materialize_lin(C, &l, op);
        }
        lin_free(&lb);
        return r;
    }
    case SOL_AFF_MUL: {
        int32_t a = materialize_expr(C, e->lhs, opregs, ndims, op);
        int32_t d = new_reg(C);
        if (e->rhs->kind == SOL_AFF_CONST) {
            emit(C, EX_MULC, d, a, -1, op)->x.imm = e->rhs->value;
        } else {
            int32_t b = materialize_expr(C, e->rhs, opregs, ndims, op);
            emit(C, EX_MULI, d, a, b, op);
        }
        return d;
    }
    default: {
        int32_t a = materialize_expr(C, e->lhs, opregs, ndims, op);
        int32_t d = new_reg(C);
        if (e->rhs->kind == SOL_AFF_CONST && e->rhs->value > 0) {
            ExecOpcode opc = e->kind == SOL_AFF_MOD        ? EX_AMOD
                             : e->kind == SOL_AFF_FLOORDIV ? EX_AFLOORDIV
                                                           : EX_ACEILDIV;
            emit(C, opc, d, a, -1, op)->x.imm = e->rhs->value;
        } else {
            /* Symbolic or non-positive divisor: the checked integer ops, with a zero test. */
            int32_t b = materialize_expr(C, e->rhs, opregs, ndims, op);
            ExecOpcode opc = e->kind == SOL_AFF_MOD        ? EX_AMOD
                             : e->kind == SOL_AFF_FLOORDIV ? EX_FLOORDIVSI
                                                           : EX_CEILDIVSI;
            Insn *in = emit(C, opc, d, a, b, op);
            in->w = 64;
            in->x.imm = 0; /* AMOD with imm 0: divisor in register b */
        }
        return d;
    }
    }
}

/* Registers of an op's operands [first, first + n). */
static int32_t *operand_regs(Compiler *C, const SolOp *op, uint32_t first, uint32_t n)
{
    int32_t *regs = arena_new(C, (n + 1) * sizeof *regs);
    for (uint32_t i = 0; i < n; i++)
        regs[i] = value_reg(C, sol_op_operand(op, first + i));
    return regs;
}

/* A register holding result i of map over opregs. */
static int32_t map_result_reg(Compiler *C, const SolAffineMap *map, uint32_t i, const int32_t *opregs,
                              const SolOp *op)
{
    LinBuilder lb = {0};
    linearize(C, map->results[i], 1, opregs, map->num_dims, &lb, op);
    int32_t r;
    if (lb.overflow) {
        fail(C, op, "an affine constant overflows 64 bits");
        r = const_reg(C, 0);
    } else {
        Linear l = lin_finish(C, &lb);
        r = materialize_lin(C, &l, op);
    }
    lin_free(&lb);
    return r;
}

/* The max (lower bounds) or min (upper bounds, affine.min) of a map's results. */
static int32_t map_combined_reg(Compiler *C, const SolAffineMap *map, const int32_t *opregs,
                                bool take_max, const SolOp *op)
{
    int32_t r = map_result_reg(C, map, 0, opregs, op);
    for (uint32_t i = 1; i < map->num_results; i++) {
        int32_t x = map_result_reg(C, map, i, opregs, op);
        int32_t d = new_reg(C);
        emit(C, take_max ? EX_MAXSI : EX_MINSI, d, r, x, op)->w = 64;
        r = d;
    }
    return r;
}

/* ---- memory accesses ---------------------------------------------------------------------- */

/* Static dims of the memref in `mem` for this run, or false when some dim is only known at run
 * time. Entry arguments take the shapes of the tensors passed in. */
static bool known_dims(Compiler *C, const SolValue *mem, int64_t *dims)
{
    const SolType *t = mem->type;
    if (!mem->def && C->arg_tensors && sol_block_parent_op(mem->owner) == C->fn->op) {
        const SolTensor *tt = C->arg_tensors[mem->index];
        for (uint32_t i = 0; i < t->rank; i++)
            dims[i] = tt->dims[i];
        return true;
    }
    for (uint32_t i = 0; i < t->rank; i++) {
        if (t->dims[i] == SOL_DYNAMIC)
            return false;
        dims[i] = t->dims[i];
    }
    return true;
}

/* True when every access to `mem` sees a live buffer: an entry argument (never freed) or an
 * alloc result that no dealloc names, in a module whose deallocs all name alloc results. */
static bool never_freed(Compiler *C, const SolValue *mem)
{
    if (C->unsafe_dealloc)
        return false;
    if (!mem->def)
        return C->arg_tensors && sol_block_parent_op(mem->owner) == C->fn->op;
    if (mem->def->kind != SOL_OP_ALLOC)
        return false;
    for (const SolUse *u = mem->uses; u; u = u->next)
        if (u->user->kind == SOL_OP_DEALLOC)
            return false;
    return true;
}

/* Builds an access from one linear form per subscript and their ranges. */
static const Access *make_access(Compiler *C, const SolValue *mem, Linear *subs, const ExecRange *ranges,
                                 const SolOp *op)
{
    const SolType *t = mem->type;
    Access *acc = arena_new(C, sizeof *acc);
    acc->mem = value_reg(C, mem);
    acc->memv = mem;
    acc->rank = t->rank;
    acc->op = op;
    acc->subs = subs;
    int64_t dims[SOL_TENSOR_MAX_RANK];
    if (t->rank > SOL_TENSOR_MAX_RANK || !never_freed(C, mem) || !known_dims(C, mem, dims))
        return acc;
    for (uint32_t r = 0; r < t->rank; r++)
        if (!ranges[r].known || ranges[r].lo < 0 || ranges[r].hi >= dims[r])
            return acc;
    /* Proved: flatten with C-order strides. Offsets stay below the element count, and every
     * term's range was bounded when the subscript ranges were, so nothing overflows. */
    LinBuilder lb = {0};
    int64_t stride = 1;
    for (uint32_t r = t->rank; r-- > 0;) {
        int64_t t0;
        if (__builtin_mul_overflow(subs[r].c0, stride, &t0) || __builtin_add_overflow(lb.c0, t0, &lb.c0))
            lb.overflow = true;
        for (uint32_t k = 0; k < subs[r].nterms; k++) {
            if (__builtin_mul_overflow(subs[r].coef[k], stride, &t0))
                lb.overflow = true;
            lin_add_term(&lb, subs[r].reg[k], t0);
        }
        if (__builtin_mul_overflow(stride, dims[r], &stride))
            lb.overflow = true;
    }
    if (!lb.overflow) {
        acc->flat = lin_finish(C, &lb);
        acc->proved = true;
        C->prog->stats->proved_access++;
    }
    lin_free(&lb);
    return acc;
}

/* An affine.load/store subscript list: map over operands [first, first + n). */
static const Access *affine_access(Compiler *C, const SolOp *op, const SolValue *mem,
                                   const SolAffineMap *map, uint32_t first)
{
    uint32_t n = map->num_dims + map->num_syms;
    int32_t *opregs = operand_regs(C, op, first, n);
    Linear *subs = arena_new(C, (map->num_results + 1) * sizeof *subs);
    ExecRange ranges[SOL_TENSOR_MAX_RANK + 1];
    const SolUse *ops = op->operands ? op->operands + first : NULL;
    for (uint32_t r = 0; r < map->num_results; r++) {
        LinBuilder lb = {0};
        linearize(C, map->results[r], 1, opregs, map->num_dims, &lb, op);
        if (lb.overflow)
            fail(C, op, "an affine constant overflows 64 bits");
        subs[r] = lin_finish(C, &lb);
        lin_free(&lb);
        if (r < SOL_TENSOR_MAX_RANK)
            ranges[r] = exec_subscript_range(map->results[r], ops, map->num_dims, n);
    }
    return make_access(C, mem, subs, ranges, op);
}

/* memref.load/store: each subscript is an index operand. */
static const Access *plain_access(Compiler *C, const SolOp *op, const SolValue *mem, uint32_t first)
{
    uint32_t rank = mem->type->rank;
    Linear *subs = arena_new(C, (rank + 1) * sizeof *subs);
    ExecRange ranges[SOL_TENSOR_MAX_RANK + 1];
    for (uint32_t r = 0; r < rank; r++) {
        subs[r].nterms = 1;
        subs[r].reg = arena_new(C, sizeof *subs[r].reg);
        subs[r].coef = arena_new(C, sizeof *subs[r].coef);
        subs[r].reg[0] = value_reg(C, sol_op_operand(op, first + r));
        subs[r].coef[0] = 1;
        if (r < SOL_TENSOR_MAX_RANK)
            ranges[r] = exec_value_range(sol_op_operand(op, first + r));
    }
    return make_access(C, mem, subs, ranges, op);
}

static void emit_load(Compiler *C, int32_t d, const Access *acc, SolElemKind elem, const SolOp *op)
{
    Insn *in = emit(C, EX_LOAD, d, -1, -1, op);
    in->w = (uint16_t)elem;
    in->x.acc = acc;
}

static void emit_store(Compiler *C, int32_t value, const Access *acc, SolElemKind elem,
                       const SolOp *op)
{
    Insn *in = emit(C, EX_STORE, -1, value, -1, op);
    in->w = (uint16_t)elem;
    in->x.acc = acc;
}

static SolElemKind elem_of(const SolType *memref)
{
    SolElemKind k = SOL_ELEM_I64;
    sol_elem_from_type(memref->elem, &k);
    return k;
}

/* ---- scalar ops --------------------------------------------------------------------------- */

static uint32_t int_width(const SolType *t) { return sol_type_is_int(t) ? t->width : 64; }

/* After an integer op producing `t`, restore the canonical sign-extended form. */
static void narrow(Compiler *C, int32_t d, const SolType *t, const SolOp *op)
{
    uint32_t w = int_width(t);
    if (w < 64)
        emit(C, EX_SEXT, d, d, -1, op)->w = (uint16_t)w;
}

/* After a float op producing `t`, round to its precision (exact mode only). */
static void round_float(Compiler *C, int32_t d, const SolType *t, const SolOp *op)
{
    if (C->prog->precision == SOL_PRECISION_WIDE || !sol_type_is_float(t))
        return;
    switch (t->fkind) {
    case SOL_F16: emit(C, EX_ROUND_F16, d, d, -1, op); break;
    case SOL_BF16: emit(C, EX_ROUND_BF16, d, d, -1, op); break;
    case SOL_F32: emit(C, EX_ROUND_F32, d, d, -1, op); break;
    default: break;
    }
}

/* True when ops on `t` use the _F32 opcodes (exact f32), false for the f64 ones. */
static bool uses_f32_ops(Compiler *C, const SolType *t)
{
    return C->prog->precision == SOL_PRECISION_EXACT && sol_type_is_float(t) &&
           (t->fkind == SOL_F32 || t->fkind == SOL_F16 || t->fkind == SOL_BF16);
}

static double rsqrt_d(double x) { return 1.0 / sqrt(x); }
static float rsqrt_f(float x) { return 1.0f / sqrtf(x); }
static double roundeven_d(double x) { return nearbyint(x); }
static float roundeven_f(float x) { return nearbyintf(x); }
static double fabs_d(double x) { return fabs(x); }
static float fabs_f(float x) { return fabsf(x); }

/* The math ops: op kind, f64 function, f32 function. One list feeds the compiler's lookups and
 * the table of every function code can call (sol_exec_math_table, for the C engine). */
#define MATH1_OPS(M)                                                                           \
    M(SOL_OP_ABSF, fabs_d, fabs_f) M(SOL_OP_ACOS, acos, acosf) M(SOL_OP_ASIN, asin, asinf)       \
    M(SOL_OP_ATAN, atan, atanf) M(SOL_OP_CBRT, cbrt, cbrtf) M(SOL_OP_CEIL, ceil, ceilf)          \
    M(SOL_OP_COS, cos, cosf) M(SOL_OP_COSH, cosh, coshf) M(SOL_OP_ERF, erf, erff)                \
    M(SOL_OP_EXP, exp, expf) M(SOL_OP_EXP2, exp2, exp2f) M(SOL_OP_EXPM1, expm1, expm1f)          \
    M(SOL_OP_FLOOR, floor, floorf) M(SOL_OP_LOG, log, logf) M(SOL_OP_LOG10, log10, log10f)       \
    M(SOL_OP_LOG1P, log1p, log1pf) M(SOL_OP_LOG2, log2, log2f) M(SOL_OP_ROUND, round, roundf)    \
    M(SOL_OP_ROUNDEVEN, roundeven_d, roundeven_f) M(SOL_OP_RSQRT, rsqrt_d, rsqrt_f)              \
    M(SOL_OP_SIN, sin, sinf) M(SOL_OP_SINH, sinh, sinhf) M(SOL_OP_SQRT, sqrt, sqrtf)             \
    M(SOL_OP_TAN, tan, tanf) M(SOL_OP_TANH, tanh, tanhf) M(SOL_OP_TRUNC, trunc, truncf)
#define MATH2_OPS(M)                                                                           \
    M(SOL_OP_POWF, pow, powf) M(SOL_OP_ATAN2, atan2, atan2f)                                     \
    M(SOL_OP_COPYSIGN, copysign, copysignf) M(SOL_OP_REMF, fmod, fmodf)

static bool math1_fns(SolOpKind k, MathFn1 *d, MathFn1f *f)
{
#define M(kind, dn, fn)                                                                        \
    case kind:                                                                                 \
        *d = dn;                                                                               \
        *f = fn;                                                                               \
        return true;
    switch (k) {
        MATH1_OPS(M)
    default:
        return false;
    }
#undef M
}

static bool math2_fns(SolOpKind k, MathFn2 *d, MathFn2f *f)
{
#define M(kind, dn, fn)                                                                        \
    case kind:                                                                                 \
        *d = dn;                                                                               \
        *f = fn;                                                                               \
        return true;
    switch (k) {
        MATH2_OPS(M)
    default:
        return false;
    }
#undef M
}

/* Besides the math ops, arith.h's opcodes call these (FMA, FMA_F32). */
#define M(kind, dn, fn) (SolCgFn)dn, (SolCgFn)fn,
static const SolCgFn math_table[] = {MATH1_OPS(M) MATH2_OPS(M)(SolCgFn)fma, (SolCgFn)fmaf};
#undef M

const SolCgFn *sol_exec_math_table(uint32_t *n)
{
    *n = (uint32_t)(sizeof math_table / sizeof math_table[0]);
    return math_table;
}

/* Opcode of an integer binary op kind. */
static ExecOpcode int_binop(SolOpKind k)
{
    switch (k) {
    case SOL_OP_ADDI: return EX_ADDI;
    case SOL_OP_SUBI: return EX_SUBI;
    case SOL_OP_MULI: return EX_MULI;
    case SOL_OP_DIVSI: return EX_DIVSI;
    case SOL_OP_DIVUI: return EX_DIVUI;
    case SOL_OP_CEILDIVSI: return EX_CEILDIVSI;
    case SOL_OP_FLOORDIVSI: return EX_FLOORDIVSI;
    case SOL_OP_REMSI: return EX_REMSI;
    case SOL_OP_REMUI: return EX_REMUI;
    case SOL_OP_ANDI: return EX_ANDI;
    case SOL_OP_ORI: return EX_ORI;
    case SOL_OP_XORI: return EX_XORI;
    case SOL_OP_SHLI: return EX_SHLI;
    case SOL_OP_SHRSI: return EX_SHRSI;
    case SOL_OP_SHRUI: return EX_SHRUI;
    case SOL_OP_MAXSI: return EX_MAXSI;
    case SOL_OP_MINSI: return EX_MINSI;
    case SOL_OP_MAXUI: return EX_MAXUI;
    case SOL_OP_MINUI: return EX_MINUI;
    default: return EX_COUNT;
    }
}

static void compile_float_binary(Compiler *C, SolOp *op, int32_t d, int32_t a, int32_t b)
{
    const SolType *t = op->results[0].type;
    bool f32 = uses_f32_ops(C, t);
    bool needs_round = false; /* f16/bf16 through the f32 opcodes still round after */
    ExecOpcode opc;
    switch (op->kind) {
    case SOL_OP_ADDF: opc = f32 ? EX_ADDF_F32 : EX_ADDF; break;
    case SOL_OP_SUBF: opc = f32 ? EX_SUBF_F32 : EX_SUBF; break;
    case SOL_OP_MULF: opc = f32 ? EX_MULF_F32 : EX_MULF; break;
    case SOL_OP_DIVF: opc = f32 ? EX_DIVF_F32 : EX_DIVF; break;
    case SOL_OP_MAXIMUMF: opc = EX_MAXIMUMF; break;
    case SOL_OP_MINIMUMF: opc = EX_MINIMUMF; break;
    case SOL_OP_MAXNUMF: opc = EX_MAXNUMF; break;
    case SOL_OP_MINNUMF: opc = EX_MINNUMF; break;
    default: {
        MathFn2 fd = NULL;
        MathFn2f ff = NULL;
        if (!math2_fns((SolOpKind)op->kind, &fd, &ff)) {
            fail(C, op, "op not supported by the executor");
            return;
        }
        Insn *in = emit(C, f32 ? EX_MATH2_F32 : EX_MATH2, d, a, b, op);
        if (f32)
            in->x.f2f = ff;
        else
            in->x.f2 = fd;
        needs_round = true;
        goto done;
    }
    }
    emit(C, opc, d, a, b, op);
    needs_round = opc != EX_MAXIMUMF && opc != EX_MINIMUMF && opc != EX_MAXNUMF && opc != EX_MINNUMF;
done:
    /* The _F32 opcodes already round to f32; f16/bf16 need their own rounding on top. */
    if (needs_round && sol_type_is_float(t) && t->fkind != SOL_F32)
        round_float(C, d, t, op);
}

static void compile_cast(Compiler *C, SolOp *op, int32_t d, int32_t a)
{
    const SolType *from = op->operands[0].value->type, *to = op->results[0].type;
    switch (op->kind) {
    case SOL_OP_INDEX_CAST:
    case SOL_OP_EXTSI:
    case SOL_OP_TRUNCI:
        emit(C, EX_MOV, d, a, -1, op);
        narrow(C, d, to, op);
        return;
    case SOL_OP_INDEX_CASTUI:
    case SOL_OP_EXTUI:
        emit(C, EX_ZEXT, d, a, -1, op)->w = (uint16_t)int_width(from);
        narrow(C, d, to, op);
        return;
    case SOL_OP_SITOFP:
    case SOL_OP_UITOFP: {
        /* c: the kind to round to, once (see int_to_float); none (f64) when wide */
        Insn *in = emit(C, op->kind == SOL_OP_SITOFP ? EX_SITOFP : EX_UITOFP, d, a, -1, op);
        in->w = (uint16_t)int_width(from);
        in->c = C->prog->precision == SOL_PRECISION_WIDE || to->fkind == SOL_F64
                    ? 0 : 1 + (int32_t)to->fkind;
        return;
    }
    case SOL_OP_FPTOSI:
        emit(C, EX_FPTOSI, d, a, -1, op)->w = (uint16_t)int_width(to);
        return;
    case SOL_OP_FPTOUI:
        emit(C, EX_FPTOUI, d, a, -1, op)->w = (uint16_t)int_width(to);
        return;
    case SOL_OP_EXTF:
        emit(C, EX_MOV, d, a, -1, op);
        return;
    case SOL_OP_TRUNCF:
        emit(C, EX_MOV, d, a, -1, op);
        round_float(C, d, to, op);
        return;
    case SOL_OP_BITCAST:
        if (sol_type_is_float(from) && !sol_type_is_float(to)) {
            emit(C, EX_BITCAST_FI, d, a, -1, op)->w = (uint16_t)from->fkind;
            narrow(C, d, to, op);
        } else if (!sol_type_is_float(from) && sol_type_is_float(to)) {
            emit(C, EX_BITCAST_IF, d, a, -1, op)->w = (uint16_t)to->fkind;
        } else {
            emit(C, EX_MOV, d, a, -1, op);
        }
        return;
    default:
        fail(C, op, "unsupported cast");
    }
}

/* An integer constant in canonical form: sign-extended from its width (i1 true is -1). */
static int64_t canonical_int(int64_t v, uint32_t w)
{
    if (w >= 64)
        return v;
    uint64_t u = (uint64_t)v << (64 - w);
    return (int64_t)u >> (64 - w);
}

static void compile_constant(Compiler *C, SolOp *op)
{
    const SolAttr *a = op->props.constant.value;
    const SolType *t = op->results[0].type;
    ConstInit ci = {.reg = value_reg(C, &op->results[0])};
    if (a->kind == SOL_ATTR_FLOAT)
        ci.value.f = a->f.value;
    else if (a->kind == SOL_ATTR_BOOL)
        ci.value.i = a->b ? -1 : 0;
    else if (a->kind == SOL_ATTR_INT)
        ci.value.i = canonical_int(a->i, int_width(t));
    else {
        fail(C, op, "unsupported constant");
        return;
    }
    sol_vec_push(&C->consts, ci);
}

/* ---- structured ops ----------------------------------------------------------------------- */

static void compile_block(Compiler *C, SolBlock *b);

/* dst[i] = src[i] for all i at once: through temporaries when a source is also a destination. */
static void parallel_move(Compiler *C, const int32_t *dst, const int32_t *src, uint32_t n,
                          const SolOp *op)
{
    bool overlap = false;
    for (uint32_t i = 0; i < n && !overlap; i++)
        for (uint32_t j = 0; j < n; j++)
            if (i != j && dst[i] == src[j])
                overlap = true;
    if (!overlap) {
        for (uint32_t i = 0; i < n; i++)
            if (dst[i] != src[i])
                emit(C, EX_MOV, dst[i], src[i], -1, op);
        return;
    }
    int32_t *tmp = sol_xmalloc((n + 1) * sizeof *tmp);
    for (uint32_t i = 0; i < n; i++) {
        tmp[i] = new_reg(C);
        set_kind(C, tmp[i], (ExecRegKind)C->kinds.data[src[i]]);
        emit(C, EX_MOV, tmp[i], src[i], -1, op);
    }
    for (uint32_t i = 0; i < n; i++)
        emit(C, EX_MOV, dst[i], tmp[i], -1, op);
    free(tmp);
}

/* The registers a region's terminator yields, moved into `dst`. */
static void move_yield(Compiler *C, SolBlock *body, const int32_t *dst, uint32_t n)
{
    SolOp *y = sol_block_last_op(body);
    if (!y || n == 0)
        return;
    int32_t *src = sol_xmalloc((n + 1) * sizeof *src);
    for (uint32_t i = 0; i < n && i < y->num_operands; i++)
        src[i] = value_reg(C, sol_op_operand(y, i));
    parallel_move(C, dst, src, n < y->num_operands ? n : y->num_operands, y);
    free(src);
}

static void compile_for(Compiler *C, SolOp *op)
{
    const SolLoopProps *L = op->props.loop;
    SolBlock *body = sol_region_first_block(&op->regions[0]);
    int32_t *lbregs = operand_regs(C, op, 0, L->num_lb_operands);
    int32_t *ubregs = operand_regs(C, op, L->num_lb_operands, L->num_ub_operands);
    int32_t lb = map_combined_reg(C, L->lb, lbregs, true, op);
    int32_t ub = map_combined_reg(C, L->ub, ubregs, false, op);
    uint32_t first_init = L->num_lb_operands + L->num_ub_operands;
    uint32_t niter = op->num_operands - first_init;
    /* iter_args and the loop's results share registers: after the last iteration (or none)
     * they hold exactly what the results are. */
    int32_t *iter = sol_xmalloc((niter + 1) * sizeof *iter);
    int32_t *init = sol_xmalloc((niter + 1) * sizeof *init);
    for (uint32_t i = 0; i < niter; i++) {
        iter[i] = value_reg(C, &body->args[i + 1]);
        bind_reg(C, &op->results[i], iter[i]);
        init[i] = value_reg(C, sol_op_operand(op, first_init + i));
    }
    parallel_move(C, iter, init, niter, op);
    int32_t iv = value_reg(C, &body->args[0]);
    Insn *head = emit(C, EX_FOR, iv, lb, ub, op);
    head->x.imm = L->step;
    uint32_t head_pc = here(C) - 1, body_pc = here(C);
    compile_block(C, body);
    move_yield(C, body, iter, niter);
    BatchLoop *bl = C->prog->batch ? sol_exec_batch_plan(
                                         &C->prog->arena, C->code.data + body_pc, here(C) - body_pc,
                                         C->nregs, iv, iter, niter,
                                         C->arg_tensors ? C->fn->op : NULL, L->step)
                                   : NULL;
    if (bl) {
        /* Innermost and independent: the whole loop is one BATCH instruction. */
        C->code.len = head_pc;
        emit(C, EX_BATCH, iv, lb, ub, op)->x.batch = bl;
        free(iter);
        free(init);
        return;
    }
    Insn *next = emit(C, EX_NEXT, iv, lb, ub, op);
    next->x.imm = L->step;
    next->c = (int32_t)body_pc;
    C->code.data[head_pc].c = (int32_t)here(C);
    free(iter);
    free(init);
}

static void compile_if(Compiler *C, SolOp *op)
{
    const SolIntegerSet *set = op->props.cond.set;
    int32_t *opregs = operand_regs(C, op, 0, set->num_dims + set->num_syms);
    SolVecOf(uint32_t) to_else = {0};
    for (uint32_t i = 0; i < set->num_cons; i++) {
        LinBuilder lb = {0};
        linearize(C, set->cons[i], 1, opregs, set->num_dims, &lb, op);
        if (lb.overflow)
            fail(C, op, "an affine constant overflows 64 bits");
        Linear l = lin_finish(C, &lb);
        lin_free(&lb);
        int32_t r = materialize_lin(C, &l, op);
        emit(C, set->is_eq[i] ? EX_JNZ : EX_JNEG, -1, r, -1, op);
        sol_vec_push(&to_else, here(C) - 1);
    }
    int32_t *res = sol_xmalloc((op->num_results + 1) * sizeof *res);
    for (uint32_t i = 0; i < op->num_results; i++)
        res[i] = value_reg(C, &op->results[i]);
    SolBlock *then_b = sol_region_first_block(&op->regions[0]);
    compile_block(C, then_b);
    move_yield(C, then_b, res, op->num_results);
    uint32_t jmp_end = here(C);
    emit(C, EX_JMP, -1, -1, -1, op);
    for (size_t i = 0; i < to_else.len; i++)
        C->code.data[to_else.data[i]].c = (int32_t)here(C);
    SolBlock *else_b = op->num_regions > 1 ? sol_region_first_block(&op->regions[1]) : NULL;
    if (else_b) {
        compile_block(C, else_b);
        move_yield(C, else_b, res, op->num_results);
    }
    C->code.data[jmp_end].c = (int32_t)here(C);
    sol_vec_free(&to_else);
    free(res);
}

/* The access of a linalg.generic operand: its indexing map over the loop registers. */
static const Access *generic_access(Compiler *C, const SolAffineMap *mk, const SolValue *mem,
                                    const int32_t *ivs, const ExecRange *ranges, const SolOp *op)
{
    Linear *subs = arena_new(C, (mk->num_results + 1) * sizeof *subs);
    ExecRange rr[SOL_TENSOR_MAX_RANK + 1];
    for (uint32_t r = 0; r < mk->num_results; r++) {
        LinBuilder lb = {0};
        linearize(C, mk->results[r], 1, ivs, mk->num_dims, &lb, op);
        subs[r] = lin_finish(C, &lb);
        lin_free(&lb);
        if (r < SOL_TENSOR_MAX_RANK)
            rr[r] = exec_expr_range(mk->results[r], ranges, mk->num_dims);
    }
    return make_access(C, mem, subs, rr, op);
}

/* linalg.generic: the loop nest of MLIR's lowering, see the file comment. */
static void compile_generic(Compiler *C, SolOp *op)
{
    const SolAttr *maps = sol_op_get_attr(op, sol_ident_cstr(C->ctx, "indexing_maps"));
    if (!maps || maps->kind != SOL_ATTR_ARRAY || maps->array.n != op->num_operands ||
        maps->array.n == 0) {
        fail(C, op, "expected one indexing map per operand");
        return;
    }
    uint32_t ndims = maps->array.elems[0]->map->num_dims;
    int32_t *ivs = sol_xmalloc((ndims + 1) * sizeof *ivs);
    int32_t *ubs = sol_xmalloc((ndims + 1) * sizeof *ubs);
    ExecRange *ranges = sol_xmalloc((ndims + 1) * sizeof *ranges);
    for (uint32_t d = 0; d < ndims; d++) {
        const SolAffineExpr *dim = sol_affine_dim(C->ctx, d);
        ubs[d] = -1;
        ivs[d] = new_reg(C);
        ranges[d] = exec_unknown_range;
        for (uint32_t k = 0; k < op->num_operands && ubs[d] < 0; k++) {
            const SolAffineMap *mk = maps->array.elems[k]->map;
            const SolValue *mem = sol_op_operand(op, k);
            for (uint32_t r = 0; r < mk->num_results && ubs[d] < 0; r++) {
                if (mk->results[r] != dim)
                    continue;
                int64_t dims[SOL_TENSOR_MAX_RANK];
                if (mem->type->rank <= SOL_TENSOR_MAX_RANK && known_dims(C, mem, dims)) {
                    ubs[d] = const_reg(C, dims[r]);
                    ranges[d] = dims[r] > 0 ? (ExecRange){true, 0, dims[r] - 1} : exec_unknown_range;
                } else {
                    ubs[d] = new_reg(C);
                    emit(C, EX_DIM, ubs[d], value_reg(C, mem), const_reg(C, r), op);
                }
            }
        }
        if (ubs[d] < 0) {
            fail(C, op, "a loop dimension is not the plain result of any indexing map");
            free(ivs), free(ubs), free(ranges);
            return;
        }
    }
    uint32_t *body_pcs = sol_xmalloc((ndims + 1) * sizeof *body_pcs);
    uint32_t *head_pcs = sol_xmalloc((ndims + 1) * sizeof *head_pcs);
    int32_t zero = const_reg(C, 0);
    for (uint32_t d = 0; d < ndims; d++) {
        emit(C, EX_FOR, ivs[d], zero, ubs[d], op)->x.imm = 1;
        head_pcs[d] = here(C) - 1;
        body_pcs[d] = here(C);
    }
    SolBlock *body = sol_region_first_block(&op->regions[0]);
    for (uint32_t k = 0; k < op->num_operands && k < body->num_args; k++) {
        if (!sol_value_has_uses(&body->args[k]))
            continue;
        const SolValue *mem = sol_op_operand(op, k);
        emit_load(C, value_reg(C, &body->args[k]),
                  generic_access(C, maps->array.elems[k]->map, mem, ivs, ranges, op),
                  elem_of(mem->type), op);
    }
    compile_block(C, body);
    SolOp *y = sol_block_last_op(body);
    uint32_t nins = op->props.generic.num_ins;
    for (uint32_t j = 0; y && j < y->num_operands && nins + j < op->num_operands; j++) {
        const SolValue *mem = sol_op_operand(op, nins + j);
        emit_store(C, value_reg(C, sol_op_operand(y, j)),
                   generic_access(C, maps->array.elems[nins + j]->map, mem, ivs, ranges, y),
                   elem_of(mem->type), y);
    }
    for (uint32_t d = ndims; d-- > 0;) {
        Insn *next = emit(C, EX_NEXT, ivs[d], zero, ubs[d], op);
        next->x.imm = 1;
        next->c = (int32_t)body_pcs[d];
        C->code.data[head_pcs[d]].c = (int32_t)here(C);
    }
    free(ivs), free(ubs), free(ranges), free(body_pcs), free(head_pcs);
}

static void compile_alloc(Compiler *C, SolOp *op)
{
    const SolType *t = op->results[0].type;
    if (t->rank > SOL_TENSOR_MAX_RANK) {
        fail(C, op, "more than 16 dimensions");
        return;
    }
    AllocSite *s = arena_new(C, sizeof *s);
    s->elem = elem_of(t);
    s->rank = t->rank;
    s->op = op;
    s->dyn = operand_regs(C, op, 0, op->num_operands);
    for (uint32_t i = 0; i < t->rank; i++)
        s->dims[i] = t->dims[i];
    emit(C, EX_ALLOC, value_reg(C, &op->results[0]), -1, -1, op)->x.alloc = s;
}

static void compile_call(Compiler *C, SolOp *op)
{
    SolOp *callee = sol_module_lookup_func(C->m, op->props.func->sym);
    ExecFunc *f = callee ? sol_exec_find_func(C->prog, callee) : NULL;
    if (!f) {
        fail(C, op, "the callee has no body");
        return;
    }
    CallSite *cs = arena_new(C, sizeof *cs);
    cs->callee = f;
    cs->op = op;
    cs->nargs = op->num_operands;
    cs->args = operand_regs(C, op, 0, op->num_operands);
    cs->nresults = op->num_results;
    cs->results = arena_new(C, (op->num_results + 1) * sizeof *cs->results);
    for (uint32_t i = 0; i < op->num_results; i++)
        cs->results[i] = value_reg(C, &op->results[i]);
    emit(C, EX_CALL, -1, -1, -1, op)->x.call = cs;
}

static void compile_return(Compiler *C, SolOp *op)
{
    CallSite *cs = arena_new(C, sizeof *cs);
    cs->op = op;
    cs->nargs = op->num_operands;
    cs->args = operand_regs(C, op, 0, op->num_operands);
    emit(C, EX_RET, -1, -1, -1, op)->x.call = cs;
}

static void compile_op(Compiler *C, SolOp *op)
{
    const SolOpInfo *info = sol_op_info((SolOpKind)op->kind);
    int32_t d = op->num_results ? value_reg(C, &op->results[0]) : -1;
    int32_t a = op->num_operands > 0 ? value_reg(C, sol_op_operand(op, 0)) : -1;
    int32_t b = op->num_operands > 1 ? value_reg(C, sol_op_operand(op, 1)) : -1;
    MathFn1 f1;
    MathFn1f f1f;
    switch ((SolOpKind)op->kind) {
    case SOL_OP_CONSTANT: compile_constant(C, op); return;
    case SOL_OP_FOR: compile_for(C, op); return;
    case SOL_OP_IF: compile_if(C, op); return;
    case SOL_OP_GENERIC: compile_generic(C, op); return;
    case SOL_OP_YIELD:
    case SOL_OP_LYIELD: return; /* moved by the enclosing op */
    case SOL_OP_RETURN: compile_return(C, op); return;
    case SOL_OP_CALL: compile_call(C, op); return;
    case SOL_OP_ALLOC: compile_alloc(C, op); return;
    case SOL_OP_DEALLOC: emit(C, EX_DEALLOC, -1, a, -1, op); return;
    case SOL_OP_DIM: emit(C, EX_DIM, d, a, b, op); return;
    case SOL_OP_LOAD: {
        const SolValue *mem = sol_op_operand(op, 0);
        emit_load(C, d, affine_access(C, op, mem, op->props.access.map, 1), elem_of(mem->type), op);
        return;
    }
    case SOL_OP_STORE: {
        const SolValue *mem = sol_op_operand(op, 1);
        emit_store(C, a, affine_access(C, op, mem, op->props.access.map, 2), elem_of(mem->type), op);
        return;
    }
    case SOL_OP_MLOAD: {
        const SolValue *mem = sol_op_operand(op, 0);
        emit_load(C, d, plain_access(C, op, mem, 1), elem_of(mem->type), op);
        return;
    }
    case SOL_OP_MSTORE: {
        const SolValue *mem = sol_op_operand(op, 1);
        emit_store(C, a, plain_access(C, op, mem, 2), elem_of(mem->type), op);
        return;
    }
    case SOL_OP_APPLY:
    case SOL_OP_AMIN:
    case SOL_OP_AMAX: {
        const SolAffineMap *map = op->props.access.map;
        int32_t *opregs = operand_regs(C, op, 0, map->num_dims + map->num_syms);
        int32_t r = op->kind == SOL_OP_APPLY
                        ? map_result_reg(C, map, 0, opregs, op)
                        : map_combined_reg(C, map, opregs, op->kind == SOL_OP_AMAX, op);
        emit(C, EX_MOV, d, r, -1, op);
        return;
    }
    case SOL_OP_SELECT:
        emit(C, EX_SELECT, d, a, b, op)->c = value_reg(C, sol_op_operand(op, 2));
        return;
    case SOL_OP_CMPF: {
        Insn *in = emit(C, EX_CMPF, d, a, b, op);
        in->x.imm = op->props.cmp.predicate;
        return;
    }
    case SOL_OP_CMPI: {
        Insn *in = emit(C, EX_CMPI, d, a, b, op);
        in->x.imm = op->props.cmp.predicate;
        in->w = (uint16_t)int_width(op->operands[0].value->type);
        return;
    }
    case SOL_OP_NEGF: emit(C, EX_NEGF, d, a, -1, op); return;
    case SOL_OP_FMA: {
        const SolType *t = op->results[0].type;
        bool f32 = uses_f32_ops(C, t);
        emit(C, f32 ? EX_FMA_F32 : EX_FMA, d, a, b, op)->c = value_reg(C, sol_op_operand(op, 2));
        if (t->fkind != SOL_F32)
            round_float(C, d, t, op);
        return;
    }
    case SOL_OP_ABSI:
    case SOL_OP_CTLZ:
    case SOL_OP_CTTZ:
    case SOL_OP_CTPOP: {
        ExecOpcode opc = op->kind == SOL_OP_ABSI   ? EX_ABSI
                         : op->kind == SOL_OP_CTLZ ? EX_CTLZ
                         : op->kind == SOL_OP_CTTZ ? EX_CTTZ
                                                   : EX_CTPOP;
        emit(C, opc, d, a, -1, op)->w = (uint16_t)int_width(op->results[0].type);
        narrow(C, d, op->results[0].type, op);
        return;
    }
    default:
        break;
    }
    if (info->syntax == SOL_SYN_CAST) {
        compile_cast(C, op, d, a);
        return;
    }
    if ((info->flags & SOL_OPF_INT) && info->syntax == SOL_SYN_BINARY) {
        ExecOpcode opc = int_binop((SolOpKind)op->kind);
        if (opc != EX_COUNT) {
            emit(C, opc, d, a, b, op)->w = (uint16_t)int_width(op->results[0].type);
            narrow(C, d, op->results[0].type, op);
            return;
        }
    }
    if ((info->flags & SOL_OPF_FLOAT) && info->syntax == SOL_SYN_BINARY) {
        compile_float_binary(C, op, d, a, b);
        return;
    }
    if ((info->flags & SOL_OPF_FLOAT) && info->syntax == SOL_SYN_UNARY &&
        math1_fns((SolOpKind)op->kind, &f1, &f1f)) {
        const SolType *t = op->results[0].type;
        bool f32 = uses_f32_ops(C, t);
        Insn *in = emit(C, f32 ? EX_MATH1_F32 : EX_MATH1, d, a, -1, op);
        if (f32)
            in->x.f1f = f1f;
        else
            in->x.f1 = f1;
        if (t->fkind != SOL_F32)
            round_float(C, d, t, op);
        return;
    }
    fail(C, op, "op not supported by the executor");
}

static void compile_block(Compiler *C, SolBlock *b)
{
    sol_block_for_each_op(op, b)
    {
        compile_op(C, op);
        if (!C->ok)
            return;
    }
}

/* ---- functions and the program ------------------------------------------------------------ */

static bool compile_func(ExecProgram *prog, ExecFunc *f, SolTensor *const *args,
                         bool unsafe_dealloc)
{
    Compiler C = {.prog = prog, .ctx = prog->module->ctx, .m = prog->module, .fn = f,
                  .arg_tensors = args, .unsafe_dealloc = unsafe_dealloc, .ok = true};
    sol_ptr_map_init(&C.regs, 128);
    SolBlock *body = sol_region_first_block(&f->op->regions[0]);
    f->nargs = body->num_args;
    f->arg_regs = sol_arena_alloc(&prog->arena, (body->num_args + 1) * sizeof *f->arg_regs);
    for (uint32_t i = 0; i < body->num_args; i++)
        f->arg_regs[i] = value_reg(&C, &body->args[i]);
    compile_block(&C, body);
    /* A body that falls off its end (verified IR always returns) stops like a return. */
    emit(&C, EX_RET, -1, -1, -1, f->op)->x.call = NULL;
    f->ncode = (uint32_t)C.code.len;
    f->code = sol_arena_alloc(&prog->arena, C.code.len * sizeof *f->code);
    memcpy(f->code, C.code.data, C.code.len * sizeof *f->code);
    f->nconsts = (uint32_t)C.consts.len;
    f->consts = sol_arena_alloc(&prog->arena, (C.consts.len + 1) * sizeof *f->consts);
    if (C.consts.len) /* memcpy from NULL is undefined even for 0 bytes */
        memcpy(f->consts, C.consts.data, C.consts.len * sizeof *f->consts);
    f->nregs = C.nregs;
    f->reg_kind = sol_arena_alloc(&prog->arena, C.nregs + 1);
    if (C.nregs)
        memcpy(f->reg_kind, C.kinds.data, C.nregs);
    f->compiled = C.ok;
    sol_vec_free(&C.code);
    sol_vec_free(&C.consts);
    sol_ptr_map_free(&C.regs);
    sol_vec_free(&C.int_consts);
    sol_vec_free(&C.kinds);
    return C.ok;
}

static bool find_unsafe_dealloc(SolOp *op, void *user)
{
    if (op->kind == SOL_OP_DEALLOC) {
        const SolValue *v = sol_op_operand(op, 0);
        if (!v->def || v->def->kind != SOL_OP_ALLOC) {
            *(bool *)user = true;
            return false;
        }
    }
    return true;
}

typedef struct CallsOf {
    const SolIdent *callee;
    bool found;
} CallsOf;

static bool find_call_to(SolOp *op, void *user)
{
    CallsOf *c = user;
    if (op->kind == SOL_OP_CALL && op->props.func->sym == c->callee) {
        c->found = true;
        return false;
    }
    return true;
}

ExecFunc *sol_exec_find_func(ExecProgram *prog, const SolOp *func)
{
    for (uint32_t i = 0; i < prog->nfuncs; i++)
        if (prog->funcs[i].op == func)
            return &prog->funcs[i];
    return NULL;
}

bool sol_exec_compile(ExecProgram *prog, SolModule *m, SolOp *entry, SolTensor *const *args,
                      const SolExecOptions *opts, SolExecStats *stats)
{
    memset(prog, 0, sizeof *prog);
    prog->module = m;
    prog->precision = opts->precision;
    prog->batch = !opts->no_batch;
    prog->stats = stats;
    SolBlock *mb = sol_module_body(m);
    uint32_t n = 0;
    sol_block_for_each_op(op, mb)
    {
        n += op->kind == SOL_OP_FUNC;
    }
    prog->funcs = sol_arena_alloc(&prog->arena, (n + 1) * sizeof *prog->funcs);
    sol_block_for_each_op(op, mb)
    {
        if (op->kind != SOL_OP_FUNC || op->num_regions == 0 ||
            !sol_region_first_block(&op->regions[0]))
            continue; /* declarations have no body; calling one is a compile error */
        prog->funcs[prog->nfuncs++].op = op;
    }
    bool unsafe = false;
    sol_op_walk(m->op, find_unsafe_dealloc, &unsafe);
    /* The argument shapes of this run hold for the entry's own frame only: when the module
     * also calls the entry, its frames see other buffers, so nothing is proved from them
     * (nor are its arguments assumed to be distinct buffers). */
    CallsOf co = {entry->props.func->sym, false};
    sol_op_walk(m->op, find_call_to, &co);
    prog->distinct_args = co.found ? NULL : entry;
    bool ok = true;
    for (uint32_t i = 0; i < prog->nfuncs; i++) {
        ExecFunc *f = &prog->funcs[i];
        ok &= compile_func(prog, f, f->op == prog->distinct_args ? args : NULL, unsafe);
    }
    return ok;
}

void sol_exec_program_free(ExecProgram *prog) { sol_arena_release(&prog->arena); }

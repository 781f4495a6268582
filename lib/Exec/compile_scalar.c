/*
 * Scalar ops for the bytecode compiler (compile.h): constants in canonical form, casts,
 * integer and float arithmetic, math functions, and the narrowing (sign extension) and rounding
 * (f32, f16, bf16 under --precision=exact) that follow them, as program.h describes.
 */
#include "Exec/compile.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- scalar ops --------------------------------------------------------------------------- */

uint32_t comp_int_width(const SolType *t) { return sol_type_is_int(t) ? t->width : 64; }

/* After an integer op producing `t`, restore the canonical sign-extended form. */
void comp_narrow(Compiler *C, int32_t d, const SolType *t, const SolOp *op)
{
    uint32_t w = comp_int_width(t);
    if (w < 64)
        comp_emit(C, EX_SEXT, d, d, -1, op)->w = (uint16_t)w;
}

/* After a float op producing `t`, round to its precision (exact mode only). */
void comp_round_float(Compiler *C, int32_t d, const SolType *t, const SolOp *op)
{
    if (C->prog->precision == SOL_PRECISION_WIDE || !sol_type_is_float(t))
        return;
    switch (t->fkind) {
    case SOL_F16:
        comp_emit(C, EX_ROUND_F16, d, d, -1, op);
        break;
    case SOL_BF16:
        comp_emit(C, EX_ROUND_BF16, d, d, -1, op);
        break;
    case SOL_F32:
        comp_emit(C, EX_ROUND_F32, d, d, -1, op);
        break;
    default:
        break;
    }
}

/* True when ops on `t` use the _F32 opcodes (exact f32), false for the f64 ones. */
bool comp_uses_f32_ops(Compiler *C, const SolType *t)
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
#define MATH1_OPS(M)                                                                               \
    M(SOL_OP_ABSF, fabs_d, fabs_f)                                                                 \
    M(SOL_OP_ACOS, acos, acosf) M(SOL_OP_ASIN, asin, asinf) M(SOL_OP_ATAN, atan, atanf)            \
        M(SOL_OP_CBRT, cbrt, cbrtf) M(SOL_OP_CEIL, ceil, ceilf) M(SOL_OP_COS, cos, cosf)           \
            M(SOL_OP_COSH, cosh, coshf) M(SOL_OP_ERF, erf, erff) M(SOL_OP_EXP, exp, expf)          \
                M(SOL_OP_EXP2, exp2, exp2f) M(SOL_OP_EXPM1, expm1, expm1f)                         \
                    M(SOL_OP_FLOOR, floor, floorf) M(SOL_OP_LOG, log, logf)                        \
                        M(SOL_OP_LOG10, log10, log10f) M(SOL_OP_LOG1P, log1p, log1pf)              \
                            M(SOL_OP_LOG2, log2, log2f) M(SOL_OP_ROUND, round, roundf)             \
                                M(SOL_OP_ROUNDEVEN, roundeven_d, roundeven_f)                      \
                                    M(SOL_OP_RSQRT, rsqrt_d, rsqrt_f) M(SOL_OP_SIN, sin, sinf)     \
                                        M(SOL_OP_SINH, sinh, sinhf) M(SOL_OP_SQRT, sqrt, sqrtf)    \
                                            M(SOL_OP_TAN, tan, tanf) M(SOL_OP_TANH, tanh, tanhf)   \
                                                M(SOL_OP_TRUNC, trunc, truncf)
#define MATH2_OPS(M)                                                                               \
    M(SOL_OP_POWF, pow, powf)                                                                      \
    M(SOL_OP_ATAN2, atan2, atan2f) M(SOL_OP_COPYSIGN, copysign, copysignf)                         \
        M(SOL_OP_REMF, fmod, fmodf)

bool comp_math1_fns(SolOpKind k, MathFn1 *d, MathFn1f *f)
{
#define M(kind, dn, fn)                                                                            \
    case kind:                                                                                     \
        *d = dn;                                                                                   \
        *f = fn;                                                                                   \
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
#define M(kind, dn, fn)                                                                            \
    case kind:                                                                                     \
        *d = dn;                                                                                   \
        *f = fn;                                                                                   \
        return true;
    switch (k) {
        MATH2_OPS(M)
    default:
        return false;
    }
#undef M
}

/* Besides the math ops, arith.h's opcodes call these (FMA, FMA_F32). */
#define M(kind, dn, fn) (SolCgFn) dn, (SolCgFn)fn,
static const SolCgFn math_table[] = {MATH1_OPS(M) MATH2_OPS(M)(SolCgFn) fma, (SolCgFn)fmaf};
#undef M

const SolCgFn *sol_exec_math_table(uint32_t *n)
{
    *n = (uint32_t)(sizeof math_table / sizeof math_table[0]);
    return math_table;
}

/* Opcode of an integer binary op kind. */
ExecOpcode comp_int_binop(SolOpKind k)
{
    switch (k) {
    case SOL_OP_ADDI:
        return EX_ADDI;
    case SOL_OP_SUBI:
        return EX_SUBI;
    case SOL_OP_MULI:
        return EX_MULI;
    case SOL_OP_DIVSI:
        return EX_DIVSI;
    case SOL_OP_DIVUI:
        return EX_DIVUI;
    case SOL_OP_CEILDIVSI:
        return EX_CEILDIVSI;
    case SOL_OP_FLOORDIVSI:
        return EX_FLOORDIVSI;
    case SOL_OP_REMSI:
        return EX_REMSI;
    case SOL_OP_REMUI:
        return EX_REMUI;
    case SOL_OP_ANDI:
        return EX_ANDI;
    case SOL_OP_ORI:
        return EX_ORI;
    case SOL_OP_XORI:
        return EX_XORI;
    case SOL_OP_SHLI:
        return EX_SHLI;
    case SOL_OP_SHRSI:
        return EX_SHRSI;
    case SOL_OP_SHRUI:
        return EX_SHRUI;
    case SOL_OP_MAXSI:
        return EX_MAXSI;
    case SOL_OP_MINSI:
        return EX_MINSI;
    case SOL_OP_MAXUI:
        return EX_MAXUI;
    case SOL_OP_MINUI:
        return EX_MINUI;
    default:
        return EX_COUNT;
    }
}

void comp_float_binary(Compiler *C, SolOp *op, int32_t d, int32_t a, int32_t b)
{
    const SolType *t = op->results[0].type;
    bool f32 = comp_uses_f32_ops(C, t);
    bool needs_round = false; /* f16/bf16 through the f32 opcodes still round after */
    ExecOpcode opc;
    switch (op->kind) {
    case SOL_OP_ADDF:
        opc = f32 ? EX_ADDF_F32 : EX_ADDF;
        break;
    case SOL_OP_SUBF:
        opc = f32 ? EX_SUBF_F32 : EX_SUBF;
        break;
    case SOL_OP_MULF:
        opc = f32 ? EX_MULF_F32 : EX_MULF;
        break;
    case SOL_OP_DIVF:
        opc = f32 ? EX_DIVF_F32 : EX_DIVF;
        break;
    case SOL_OP_MAXIMUMF:
        opc = EX_MAXIMUMF;
        break;
    case SOL_OP_MINIMUMF:
        opc = EX_MINIMUMF;
        break;
    case SOL_OP_MAXNUMF:
        opc = EX_MAXNUMF;
        break;
    case SOL_OP_MINNUMF:
        opc = EX_MINNUMF;
        break;
    default: {
        MathFn2 fd = NULL;
        MathFn2f ff = NULL;
        if (!math2_fns((SolOpKind)op->kind, &fd, &ff)) {
            comp_fail(C, op, "op not supported by the executor");
            return;
        }
        Insn *in = comp_emit(C, f32 ? EX_MATH2_F32 : EX_MATH2, d, a, b, op);
        if (f32)
            in->x.f2f = ff;
        else
            in->x.f2 = fd;
        needs_round = true;
        goto done;
    }
    }
    comp_emit(C, opc, d, a, b, op);
    needs_round =
        opc != EX_MAXIMUMF && opc != EX_MINIMUMF && opc != EX_MAXNUMF && opc != EX_MINNUMF;
done:
    /* The _F32 opcodes already round to f32; f16/bf16 need their own rounding on top. */
    if (needs_round && sol_type_is_float(t) && t->fkind != SOL_F32)
        comp_round_float(C, d, t, op);
}

void comp_cast(Compiler *C, SolOp *op, int32_t d, int32_t a)
{
    const SolType *from = op->operands[0].value->type, *to = op->results[0].type;
    switch (op->kind) {
    case SOL_OP_INDEX_CAST:
    case SOL_OP_EXTSI:
    case SOL_OP_TRUNCI:
        comp_emit(C, EX_MOV, d, a, -1, op);
        comp_narrow(C, d, to, op);
        return;
    case SOL_OP_INDEX_CASTUI:
    case SOL_OP_EXTUI:
        comp_emit(C, EX_ZEXT, d, a, -1, op)->w = (uint16_t)comp_int_width(from);
        comp_narrow(C, d, to, op);
        return;
    case SOL_OP_SITOFP:
    case SOL_OP_UITOFP: {
        /* c: the kind to round to, once (see int_to_float); none (f64) when wide */
        Insn *in = comp_emit(C, op->kind == SOL_OP_SITOFP ? EX_SITOFP : EX_UITOFP, d, a, -1, op);
        in->w = (uint16_t)comp_int_width(from);
        in->c = C->prog->precision == SOL_PRECISION_WIDE || to->fkind == SOL_F64
                    ? 0
                    : 1 + (int32_t)to->fkind;
        return;
    }
    case SOL_OP_FPTOSI:
        comp_emit(C, EX_FPTOSI, d, a, -1, op)->w = (uint16_t)comp_int_width(to);
        return;
    case SOL_OP_FPTOUI:
        comp_emit(C, EX_FPTOUI, d, a, -1, op)->w = (uint16_t)comp_int_width(to);
        return;
    case SOL_OP_EXTF:
        comp_emit(C, EX_MOV, d, a, -1, op);
        return;
    case SOL_OP_TRUNCF:
        comp_emit(C, EX_MOV, d, a, -1, op);
        comp_round_float(C, d, to, op);
        return;
    case SOL_OP_BITCAST:
        if (sol_type_is_float(from) && !sol_type_is_float(to)) {
            comp_emit(C, EX_BITCAST_FI, d, a, -1, op)->w = (uint16_t)from->fkind;
            comp_narrow(C, d, to, op);
        } else if (!sol_type_is_float(from) && sol_type_is_float(to)) {
            comp_emit(C, EX_BITCAST_IF, d, a, -1, op)->w = (uint16_t)to->fkind;
        } else {
            comp_emit(C, EX_MOV, d, a, -1, op);
        }
        return;
    default:
        comp_fail(C, op, "unsupported cast");
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

void comp_constant(Compiler *C, SolOp *op)
{
    const SolAttr *a = op->props.constant.value;
    const SolType *t = op->results[0].type;
    ConstInit ci = {.reg = comp_value_reg(C, &op->results[0])};
    if (a->kind == SOL_ATTR_FLOAT)
        ci.value.f = a->f.value;
    else if (a->kind == SOL_ATTR_BOOL)
        ci.value.i = a->b ? -1 : 0;
    else if (a->kind == SOL_ATTR_INT)
        ci.value.i = canonical_int(a->i, comp_int_width(t));
    else {
        comp_fail(C, op, "unsupported constant");
        return;
    }
    sol_vec_push(&C->consts, ci);
}

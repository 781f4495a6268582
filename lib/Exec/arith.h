/*
 * The semantics of every arithmetic opcode (program.h), shared by the interpreter loop
 * (interp.c) and the batch path's per-lane fallback (batch_run.c), so the two agree bit for bit
 * and neither calls the other. sol_exec_arith is static inline because it is the body of the
 * interpreter's dispatch loop: an out-of-line call per instruction would slow the scalar path
 * down. The scalar helpers (conversions, NaN rules, affine division) are scalar.h's, the text
 * the C engine also compiles; the faults (division by zero, shifts) are reported here.
 *
 * Integer arithmetic wraps as MLIR's does (computed on uint64_t, so C's signed overflow never
 * happens); float-to-int conversions saturate and map NaN to 0 instead of being undefined.
 */
#ifndef SOLAR_EXEC_ARITH_H
#define SOLAR_EXEC_ARITH_H

#include "Exec/runtime.h"

#include <math.h>
#include <stdio.h>

/* Integer division-like ops: checks, then the result (before narrowing). */
static bool divide(ExecRun *run, const Insn *in, int64_t a, int64_t b, int64_t *out)
{
    uint32_t w = in->w ? in->w : 64;
    int64_t min = w >= 64 ? INT64_MIN : -(int64_t)(1ull << (w - 1));
    switch (in->opc) {
    case EX_DIVUI:
    case EX_REMUI: {
        uint64_t ua = zext(a, w), ub = zext(b, w);
        if (ub == 0)
            return sol_exec_report_fault(run, in, "integer division by zero");
        *out = (int64_t)(in->opc == EX_DIVUI ? ua / ub : ua % ub);
        return true;
    }
    default:
        break;
    }
    if (b == 0)
        return sol_exec_report_fault(run, in, "integer division by zero");
    if (in->opc == EX_REMSI) {
        *out = b == -1 ? 0 : a % b;
        return true;
    }
    if (a == min && b == -1)
        return sol_exec_report_fault(run, in, "signed integer division overflows");
    if (in->opc == EX_DIVSI)
        *out = a / b;
    else if (in->opc == EX_FLOORDIVSI)
        *out = sc_floordiv(a, b);
    else
        *out = sc_ceildiv(a, b);
    return true;
}

static bool shift(ExecRun *run, const Insn *in, int64_t a, int64_t b, int64_t *out)
{
    uint32_t w = in->w;
    uint64_t n = zext(b, w);
    if (n >= w) {
        char msg[96];
        snprintf(msg, sizeof msg, "shift amount %llu is not less than the bit width %u",
                 (unsigned long long)n, w);
        return sol_exec_report_fault(run, in, msg);
    }
    if (in->opc == EX_SHLI)
        *out = (int64_t)((uint64_t)a << n);
    else if (in->opc == EX_SHRSI)
        *out = a >> n; /* a is sign-extended from w bits: an arithmetic shift at width w */
    else
        *out = (int64_t)(zext(a, w) >> n);
    return true;
}

/* The arithmetic opcodes: 1 done, 0 fault (reported), -1 not an arithmetic opcode. run may be
 * NULL for opcodes that cannot fault (the batch path's per-lane fallback). */
static inline int sol_exec_arith(ExecRun *run, const Insn *in, Slot *R)
{
    int64_t t = 0; /* set by divide and shift; 0 quiets -Wmaybe-uninitialized */
    switch ((ExecOpcode)in->opc) {
        case EX_ADDI: R[in->d].i = (int64_t)((uint64_t)R[in->a].i + (uint64_t)R[in->b].i); return 1;
        case EX_SUBI: R[in->d].i = (int64_t)((uint64_t)R[in->a].i - (uint64_t)R[in->b].i); return 1;
        case EX_MULI: R[in->d].i = (int64_t)((uint64_t)R[in->a].i * (uint64_t)R[in->b].i); return 1;
        case EX_MULC: R[in->d].i = (int64_t)((uint64_t)R[in->a].i * (uint64_t)in->x.imm); return 1;
        case EX_DIVSI:
        case EX_DIVUI:
        case EX_CEILDIVSI:
        case EX_FLOORDIVSI:
        case EX_REMSI:
        case EX_REMUI:
            if (!divide(run, in, R[in->a].i, R[in->b].i, &t))
                return 0;
            R[in->d].i = t;
            return 1;
        case EX_ANDI: R[in->d].i = R[in->a].i & R[in->b].i; return 1;
        case EX_ORI: R[in->d].i = R[in->a].i | R[in->b].i; return 1;
        case EX_XORI: R[in->d].i = R[in->a].i ^ R[in->b].i; return 1;
        case EX_SHLI:
        case EX_SHRSI:
        case EX_SHRUI:
            if (!shift(run, in, R[in->a].i, R[in->b].i, &t))
                return 0;
            R[in->d].i = t;
            return 1;
        case EX_MAXSI: R[in->d].i = R[in->a].i > R[in->b].i ? R[in->a].i : R[in->b].i; return 1;
        case EX_MINSI: R[in->d].i = R[in->a].i < R[in->b].i ? R[in->a].i : R[in->b].i; return 1;
        case EX_MAXUI:
            R[in->d].i = zext(R[in->a].i, in->w) > zext(R[in->b].i, in->w) ? R[in->a].i : R[in->b].i;
            return 1;
        case EX_MINUI:
            R[in->d].i = zext(R[in->a].i, in->w) < zext(R[in->b].i, in->w) ? R[in->a].i : R[in->b].i;
            return 1;
        case EX_AFLOORDIV: R[in->d].i = sc_floordiv(R[in->a].i, in->x.imm); return 1;
        case EX_ACEILDIV: R[in->d].i = sc_ceildiv(R[in->a].i, in->x.imm); return 1;
        case EX_AMOD: {
            int64_t m = in->x.imm ? in->x.imm : R[in->b].i;
            if (m <= 0) {
                sol_exec_report_fault(run, in, "affine 'mod' by a value that is not positive");
                return 0;
            }
            R[in->d].i = sc_floormod(R[in->a].i, m);
            return 1;
        }
        case EX_SEXT: R[in->d].i = sext(R[in->a].i, in->w); return 1;
        case EX_ZEXT: R[in->d].i = (int64_t)zext(R[in->a].i, in->w); return 1;
        case EX_ABSI:
            R[in->d].i = R[in->a].i < 0 ? (int64_t)(0 - (uint64_t)R[in->a].i) : R[in->a].i;
            return 1;
        case EX_CTLZ: {
            uint64_t x = zext(R[in->a].i, in->w);
            R[in->d].i = x ? __builtin_clzll(x) - (64 - (int)in->w) : (int64_t)in->w;
            return 1;
        }
        case EX_CTTZ: {
            uint64_t x = zext(R[in->a].i, in->w);
            R[in->d].i = x ? __builtin_ctzll(x) : (int64_t)in->w;
            return 1;
        }
        case EX_CTPOP: R[in->d].i = __builtin_popcountll(zext(R[in->a].i, in->w)); return 1;
        case EX_CMPI:
            R[in->d].i = cmpi((unsigned)in->x.imm, R[in->a].i, R[in->b].i, in->w) ? -1 : 0;
            return 1;
        case EX_SELECT: R[in->d] = R[in->a].i ? R[in->b] : R[in->c]; return 1;
        case EX_ADDF: R[in->d].f = R[in->a].f + R[in->b].f; return 1;
        case EX_SUBF: R[in->d].f = R[in->a].f - R[in->b].f; return 1;
        case EX_MULF: R[in->d].f = R[in->a].f * R[in->b].f; return 1;
        case EX_DIVF: R[in->d].f = R[in->a].f / R[in->b].f; return 1;
        case EX_REMF: R[in->d].f = fmod(R[in->a].f, R[in->b].f); return 1;
        case EX_MAXIMUMF: R[in->d].f = maximumf(R[in->a].f, R[in->b].f); return 1;
        case EX_MINIMUMF: R[in->d].f = minimumf(R[in->a].f, R[in->b].f); return 1;
        case EX_MAXNUMF: R[in->d].f = maxnumf(R[in->a].f, R[in->b].f); return 1;
        case EX_MINNUMF: R[in->d].f = minnumf(R[in->a].f, R[in->b].f); return 1;
        case EX_NEGF: R[in->d].f = -R[in->a].f; return 1;
        case EX_MATH1: R[in->d].f = in->x.f1(R[in->a].f); return 1;
        case EX_MATH2: R[in->d].f = in->x.f2(R[in->a].f, R[in->b].f); return 1;
        case EX_FMA: R[in->d].f = fma(R[in->a].f, R[in->b].f, R[in->c].f); return 1;
        /* f32: operands are exact floats; the double result rounds once to float. */
        case EX_ADDF_F32: R[in->d].f = (float)(R[in->a].f + R[in->b].f); return 1;
        case EX_SUBF_F32: R[in->d].f = (float)(R[in->a].f - R[in->b].f); return 1;
        case EX_MULF_F32: R[in->d].f = (float)(R[in->a].f * R[in->b].f); return 1;
        case EX_DIVF_F32: R[in->d].f = (float)(R[in->a].f / R[in->b].f); return 1;
        case EX_REMF_F32: R[in->d].f = fmodf((float)R[in->a].f, (float)R[in->b].f); return 1;
        case EX_MATH1_F32: R[in->d].f = in->x.f1f((float)R[in->a].f); return 1;
        case EX_MATH2_F32:
            R[in->d].f = in->x.f2f((float)R[in->a].f, (float)R[in->b].f);
            return 1;
        case EX_FMA_F32:
            R[in->d].f = fmaf((float)R[in->a].f, (float)R[in->b].f, (float)R[in->c].f);
            return 1;
        case EX_ROUND_F32: R[in->d].f = (float)R[in->a].f; return 1;
        case EX_ROUND_F16: R[in->d].f = sol_float_round(R[in->a].f, SOL_F16); return 1;
        case EX_ROUND_BF16: R[in->d].f = sol_float_round(R[in->a].f, SOL_BF16); return 1;
        case EX_CMPF:
            R[in->d].i = cmpf((unsigned)in->x.imm, R[in->a].f, R[in->b].f) ? -1 : 0;
            return 1;
        case EX_SITOFP: R[in->d].f = sitofp(R[in->a].i, in->c); return 1;
        case EX_UITOFP: R[in->d].f = int_to_float(false, zext(R[in->a].i, in->w), in->c); return 1;
        case EX_FPTOSI: R[in->d].i = fptosi(R[in->a].f, in->w); return 1;
        case EX_FPTOUI: R[in->d].i = fptoui(R[in->a].f, in->w); return 1;
        case EX_BITCAST_FI: R[in->d].i = bitcast_fi(R[in->a].f, in->w); return 1;
        case EX_BITCAST_IF: R[in->d].f = bitcast_if(R[in->a].i, in->w); return 1;
    default:
        return -1;
    }
}

#endif /* SOLAR_EXEC_ARITH_H */

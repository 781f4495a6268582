/*
 * The bytecode interpreter (see program.h). One C call per executed function; a frame is an
 * array of slots. Every fault is an error at the source location of the op that caused it:
 * out-of-bounds subscripts (with the indices and the buffer's shape), use of a deallocated
 * buffer, integer division by zero or overflow, out-of-range shifts, the step and memory
 * limits. Integer arithmetic wraps as MLIR's does (computed on uint64_t, so C's signed
 * overflow never happens); float-to-int conversions saturate and map NaN to 0 instead of
 * being undefined.
 */
#include "Exec/interp.h"

#include <stdio.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CALL_DEPTH 256

static void free_slots(Slot *R) { free(R); }

static int64_t sext(int64_t v, uint32_t w)
{
    if (w >= 64)
        return v;
    uint64_t u = (uint64_t)v << (64 - w);
    return (int64_t)u >> (64 - w);
}

static uint64_t zext(int64_t v, uint32_t w)
{
    return w >= 64 ? (uint64_t)v : (uint64_t)v & ((1ull << w) - 1);
}

static int64_t lin_eval(const Linear *l, const Slot *R)
{
    uint64_t v = (uint64_t)l->c0;
    for (uint32_t k = 0; k < l->nterms; k++)
        v += (uint64_t)l->coef[k] * (uint64_t)R[l->reg[k]].i;
    return (int64_t)v;
}

/* A subscript of a checked access; false when it overflows 64 bits. */
static bool lin_eval_checked(const Linear *l, const Slot *R, int64_t *out)
{
    int64_t v = l->c0, t;
    for (uint32_t k = 0; k < l->nterms; k++)
        if (__builtin_mul_overflow(l->coef[k], R[l->reg[k]].i, &t) ||
            __builtin_add_overflow(v, t, &v))
            return false;
    *out = v;
    return true;
}

static void print_memref_type(SolBuf *b, const ExecBuf *buf)
{
    sol_buf_puts(b, "memref<");
    for (uint32_t r = 0; r < buf->rank; r++) {
        sol_buf_put_i64(b, buf->dims[r]);
        sol_buf_putc(b, 'x');
    }
    sol_buf_puts(b, sol_elem_name(buf->elem));
    sol_buf_putc(b, '>');
}

bool sol_exec_report_dead(ExecRun *run, const Access *acc)
{
    sol_emit_error(run->ctx, acc->op->loc, "'%s' accesses a memref after its memref.dealloc",
                   sol_op_name(acc->op));
    return false;
}

bool sol_exec_report_oob(ExecRun *run, const Access *acc, const ExecBuf *buf, const int64_t *idx,
                         bool overflow)
{
    SolBuf msg = {0};
    sol_buf_printf(&msg, "out-of-bounds '%s': index [", sol_op_name(acc->op));
    for (uint32_t r = 0; r < acc->rank && r < SOL_TENSOR_MAX_RANK; r++) {
        if (r)
            sol_buf_puts(&msg, ", ");
        sol_buf_put_i64(&msg, idx[r]);
    }
    sol_buf_puts(&msg, overflow ? "] overflows 64 bits for " : "] is outside ");
    print_memref_type(&msg, buf);
    sol_emit_error(run->ctx, acc->op->loc, "%s", msg.data);
    sol_buf_free(&msg);
    return false;
}

/* The address of a checked access, or NULL after reporting why there is none. */
static char *checked_address(ExecRun *run, const Access *acc, const Slot *R)
{
    ExecBuf *buf = R[acc->mem].m;
    if (!buf || !buf->alive) {
        sol_exec_report_dead(run, acc);
        return NULL;
    }
    int64_t idx[SOL_TENSOR_MAX_RANK];
    bool in_bounds = acc->rank == buf->rank, overflow = false;
    for (uint32_t r = 0; r < acc->rank && r < SOL_TENSOR_MAX_RANK; r++) {
        if (!lin_eval_checked(&acc->subs[r], R, &idx[r])) {
            overflow = true;
            idx[r] = 0;
        }
        if (overflow || idx[r] < 0 || r >= buf->rank || idx[r] >= buf->dims[r])
            in_bounds = false;
    }
    if (!in_bounds) {
        sol_exec_report_oob(run, acc, buf, idx, overflow);
        return NULL;
    }
    int64_t off = 0;
    for (uint32_t r = 0; r < acc->rank; r++)
        off += idx[r] * buf->strides[r];
    return buf->data + off * (int64_t)sol_elem_bytes(buf->elem);
}

static char *address(ExecRun *run, const Access *acc, const Slot *R, SolElemKind elem)
{
    if (acc->proved)
        return R[acc->mem].m->data + lin_eval(&acc->flat, R) * (int64_t)sol_elem_bytes(elem);
    return checked_address(run, acc, R);
}

void sol_exec_load_elem(Slot *d, const char *p, SolElemKind elem)
{
    uint16_t h;
    uint32_t u;
    float f;
    int8_t i8;
    int32_t i32;
    switch (elem) {
    case SOL_ELEM_F32: memcpy(&f, p, 4); d->f = f; break;
    case SOL_ELEM_F64: memcpy(&d->f, p, 8); break;
    case SOL_ELEM_F16: memcpy(&h, p, 2); d->f = sol_float_from_bits(h, SOL_F16); break;
    case SOL_ELEM_BF16: /* the top half of an f32 */
        memcpy(&h, p, 2);
        u = (uint32_t)h << 16;
        memcpy(&f, &u, 4);
        d->f = f;
        break;
    case SOL_ELEM_I1: d->i = (*p & 1) ? -1 : 0; break;
    case SOL_ELEM_I8: memcpy(&i8, p, 1); d->i = i8; break;
    case SOL_ELEM_I32: memcpy(&i32, p, 4); d->i = i32; break;
    default: memcpy(&d->i, p, 8); break;
    }
}

void sol_exec_store_elem(char *p, Slot v, SolElemKind elem)
{
    uint16_t h;
    float f;
    int8_t i8;
    int32_t i32;
    switch (elem) {
    case SOL_ELEM_F32: f = (float)v.f; memcpy(p, &f, 4); break;
    case SOL_ELEM_F64: memcpy(p, &v.f, 8); break;
    case SOL_ELEM_F16: h = (uint16_t)sol_float_to_bits(v.f, SOL_F16); memcpy(p, &h, 2); break;
    case SOL_ELEM_BF16: h = (uint16_t)sol_float_to_bits(v.f, SOL_BF16); memcpy(p, &h, 2); break;
    case SOL_ELEM_I1: *p = (char)(v.i & 1); break;
    case SOL_ELEM_I8: i8 = (int8_t)v.i; memcpy(p, &i8, 1); break;
    case SOL_ELEM_I32: i32 = (int32_t)v.i; memcpy(p, &i32, 4); break;
    default: memcpy(p, &v.i, 8); break;
    }
}

/* IEEE maximum/minimum: NaN if either is NaN, and -0 < +0. */
static double maximumf(double a, double b)
{
    if (isnan(a) || isnan(b))
        return a + b;
    if (a == b)
        return signbit(a) ? b : a;
    return a > b ? a : b;
}

static double minimumf(double a, double b)
{
    if (isnan(a) || isnan(b))
        return a + b;
    if (a == b)
        return signbit(a) ? a : b;
    return a < b ? a : b;
}

static bool cmpf(unsigned pred, double a, double b)
{
    bool uno = isnan(a) || isnan(b);
    switch (pred) {
    case 0: return false;
    case 1: return !uno && a == b;
    case 2: return !uno && a > b;
    case 3: return !uno && a >= b;
    case 4: return !uno && a < b;
    case 5: return !uno && a <= b;
    case 6: return !uno && a != b;
    case 7: return !uno;
    case 8: return uno || a == b;
    case 9: return uno || a > b;
    case 10: return uno || a >= b;
    case 11: return uno || a < b;
    case 12: return uno || a <= b;
    case 13: return uno || a != b;
    case 14: return uno;
    default: return true;
    }
}

static bool cmpi(unsigned pred, int64_t a, int64_t b, uint32_t w)
{
    uint64_t ua = zext(a, w), ub = zext(b, w);
    switch (pred) {
    case 0: return a == b;
    case 1: return a != b;
    case 2: return a < b;
    case 3: return a <= b;
    case 4: return a > b;
    case 5: return a >= b;
    case 6: return ua < ub;
    case 7: return ua <= ub;
    case 8: return ua > ub;
    default: return ua >= ub;
    }
}

/* Float to a signed integer of width w: truncation toward zero, saturated; NaN gives 0. */
static int64_t fptosi(double v, uint32_t w)
{
    double lo = -ldexp(1.0, (int)w - 1), hi = ldexp(1.0, (int)w - 1);
    if (isnan(v))
        return 0;
    if (v <= lo)
        return w >= 64 ? INT64_MIN : -(int64_t)(1ull << (w - 1));
    if (v >= hi)
        return w >= 64 ? INT64_MAX : (int64_t)((1ull << (w - 1)) - 1);
    return (int64_t)v;
}

static int64_t fptoui(double v, uint32_t w)
{
    double hi = ldexp(1.0, (int)w);
    if (isnan(v) || v <= 0)
        return 0;
    if (v >= hi)
        return sext((int64_t)(w >= 64 ? UINT64_MAX : (1ull << w) - 1), w);
    return sext((int64_t)(uint64_t)v, w);
}

/* An integer (sign and magnitude) rounded once to a float kind (0: f64, else 1 +
 * SolFloatKind). Going through double first would round twice for large
 * magnitudes; a sticky bit keeps the magnitude exact in 53 bits for the final rounding. */
static double int_to_float(bool neg, uint64_t mag, int32_t kind)
{
    double v;
    if (kind == 1 + SOL_F32) {
        float f = (float)mag;
        return neg ? -(double)f : (double)f;
    }
    if (mag >> 53) {
        int shift = 64 - __builtin_clzll(mag) - 53;
        uint64_t kept = mag >> shift, sticky = (mag & ((1ull << shift) - 1)) != 0;
        v = ldexp((double)(kept | sticky), shift);
    } else {
        v = (double)mag;
    }
    if (kind == 0)
        v = (double)mag; /* f64: C's conversion rounds once */
    else
        v = sol_float_round(v, (SolFloatKind)(kind - 1));
    return neg ? -v : v;
}

static int64_t bitcast_fi(double v, uint32_t fkind)
{
    if (fkind == SOL_F64) {
        int64_t i;
        memcpy(&i, &v, 8);
        return i;
    }
    uint32_t w = fkind == SOL_F32 ? 32 : 16;
    return sext((int64_t)sol_float_to_bits(v, (SolFloatKind)fkind), w);
}

static double bitcast_if(int64_t v, uint32_t fkind)
{
    uint32_t w = fkind == SOL_F64 ? 64 : fkind == SOL_F32 ? 32 : 16;
    return sol_float_from_bits(zext(v, w), (SolFloatKind)fkind);
}

static bool int_fault(ExecRun *run, const Insn *in, const char *what)
{
    sol_emit_error(run->ctx, in->op->loc, "'%s': %s", sol_op_name(in->op), what);
    return false;
}

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
            return int_fault(run, in, "integer division by zero");
        *out = (int64_t)(in->opc == EX_DIVUI ? ua / ub : ua % ub);
        return true;
    }
    default:
        break;
    }
    if (b == 0)
        return int_fault(run, in, "integer division by zero");
    if (in->opc == EX_REMSI) {
        *out = b == -1 ? 0 : a % b;
        return true;
    }
    if (a == min && b == -1)
        return int_fault(run, in, "signed integer division overflows");
    if (in->opc == EX_DIVSI)
        *out = a / b;
    else if (in->opc == EX_FLOORDIVSI)
        *out = sol_floordiv(a, b);
    else
        *out = sol_ceildiv(a, b);
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
        return int_fault(run, in, msg);
    }
    if (in->opc == EX_SHLI)
        *out = (int64_t)((uint64_t)a << n);
    else if (in->opc == EX_SHRSI)
        *out = a >> n; /* a is sign-extended from w bits: an arithmetic shift at width w */
    else
        *out = (int64_t)(zext(a, w) >> n);
    return true;
}

static bool alloc_buffer(ExecRun *run, const Insn *in, Slot *R)
{
    const AllocSite *s = in->x.alloc;
    int64_t dims[SOL_TENSOR_MAX_RANK];
    uint32_t k = 0;
    for (uint32_t r = 0; r < s->rank; r++) {
        dims[r] = s->dims[r] == SOL_DYNAMIC ? R[s->dyn[k++]].i : s->dims[r];
        if (dims[r] < 0) {
            sol_emit_error(run->ctx, in->op->loc, "'memref.alloc': size %lld of dimension %u is negative",
                           (long long)dims[r], r);
            return false;
        }
    }
    ExecBuf *b = sol_exec_buf_new(run, s->elem, s->rank, dims, in->op);
    if (!b)
        return false;
    /* MLIR leaves new memory undefined; NaN makes a read-before-write visible in the
     * outputs instead of passing by luck with zeros. Integers start at 0. */
    if (s->elem <= SOL_ELEM_F64) {
        Slot nan = {.f = NAN};
        for (int64_t i = 0; i < b->nelems; i++)
            sol_exec_store_elem(b->data + i * (int64_t)sol_elem_bytes(s->elem), nan, s->elem);
    } else {
        memset(b->data, 0, b->bytes);
    }
    R[in->d].m = b;
    return true;
}

static bool dealloc_buffer(ExecRun *run, const Insn *in, Slot *R)
{
    ExecBuf *b = R[in->a].m;
    if (!b || !b->alive)
        return int_fault(run, in, "the memref was already deallocated");
    if (b->is_arg)
        return int_fault(run, in, "deallocating a memref that belongs to the caller");
    free(b->data);
    b->data = NULL;
    b->alive = false;
    run->memory -= b->bytes;
    return true;
}

bool sol_exec_report_steps(ExecRun *run, const Insn *in)
{
    sol_emit_error(run->ctx, in->op->loc,
                   "step limit reached: %llu loop iterations and calls (raise --max-steps)",
                   (unsigned long long)run->steps);
    return false;
}

static bool call(ExecRun *run, const Insn *in, Slot *R)
{
    const CallSite *cs = in->x.call;
    if (run->depth >= MAX_CALL_DEPTH) {
        sol_emit_error(run->ctx, in->op->loc, "call depth exceeds %d (unbounded recursion?)",
                       MAX_CALL_DEPTH);
        return false;
    }
    if (++run->steps > run->step_limit)
        return sol_exec_report_steps(run, in);
    Slot *args = sol_xmalloc((cs->nargs + 1) * sizeof *args);
    Slot *res = sol_xmalloc((cs->nresults + 1) * sizeof *res);
    for (uint32_t i = 0; i < cs->nargs; i++)
        args[i] = R[cs->args[i]];
    run->depth++;
    bool ok = sol_exec_run_func(run, cs->callee, args, res);
    run->depth--;
    for (uint32_t i = 0; ok && i < cs->nresults; i++)
        R[cs->results[i]] = res[i];
    free(args);
    free(res);
    return ok;
}

/* The arithmetic opcodes: 1 done, 0 fault (reported), -1 not an arithmetic opcode. Inlined
 * into the interpreter loop; the batch path calls it through sol_exec_scalar_op. */
static inline int arith_op(ExecRun *run, const Insn *in, Slot *R)
{
    int64_t t;
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
        case EX_AFLOORDIV: R[in->d].i = sol_floordiv(R[in->a].i, in->x.imm); return 1;
        case EX_ACEILDIV: R[in->d].i = sol_ceildiv(R[in->a].i, in->x.imm); return 1;
        case EX_AMOD: {
            int64_t m = in->x.imm ? in->x.imm : R[in->b].i;
            if (m <= 0) {
                int_fault(run, in, "affine 'mod' by a value that is not positive");
                return 0;
            }
            R[in->d].i = sol_floormod(R[in->a].i, m);
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
        case EX_MAXNUMF: R[in->d].f = fmax(R[in->a].f, R[in->b].f); return 1;
        case EX_MINNUMF: R[in->d].f = fmin(R[in->a].f, R[in->b].f); return 1;
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
        case EX_SITOFP: R[in->d].f = int_to_float(R[in->a].i < 0, R[in->a].i < 0 ? 0 - (uint64_t)R[in->a].i : (uint64_t)R[in->a].i, in->c); return 1;
        case EX_UITOFP: R[in->d].f = int_to_float(false, zext(R[in->a].i, in->w), in->c); return 1;
        case EX_FPTOSI: R[in->d].i = fptosi(R[in->a].f, in->w); return 1;
        case EX_FPTOUI: R[in->d].i = fptoui(R[in->a].f, in->w); return 1;
        case EX_BITCAST_FI: R[in->d].i = bitcast_fi(R[in->a].f, in->w); return 1;
        case EX_BITCAST_IF: R[in->d].f = bitcast_if(R[in->a].i, in->w); return 1;
    default:
        return -1;
    }
}

bool sol_exec_scalar_op(ExecRun *run, const Insn *in, Slot *R) { return arith_op(run, in, R) > 0; }

#define NEXT_INSN                                                                              \
    {                                                                                          \
        in++;                                                                                  \
        continue;                                                                              \
    }

bool sol_exec_run_func(ExecRun *run, const ExecFunc *f, const Slot *args, Slot *results)
{
    Slot *R = sol_xcalloc(f->nregs + 1, sizeof *R);
    for (uint32_t i = 0; i < f->nconsts; i++)
        R[f->consts[i].reg] = f->consts[i].value;
    for (uint32_t i = 0; i < f->nargs; i++)
        R[f->arg_regs[i]] = args[i];
    const Insn *code = f->code, *in = code;
    for (;;) {
        switch ((ExecOpcode)in->opc) {
        case EX_HALT:
        case EX_RET:
            if (in->x.call && results)
                for (uint32_t i = 0; i < in->x.call->nargs; i++)
                    results[i] = R[in->x.call->args[i]];
            free_slots(R);
            return true;
        case EX_MOV: R[in->d] = R[in->a]; NEXT_INSN;
        case EX_LIN: R[in->d].i = lin_eval(in->x.lin, R); NEXT_INSN;
        case EX_JMP: in = code + in->c; continue;
        case EX_JNEG: in = R[in->a].i < 0 ? code + in->c : in + 1; continue;
        case EX_JNZ: in = R[in->a].i != 0 ? code + in->c : in + 1; continue;
        case EX_FOR:
            R[in->d].i = R[in->a].i;
            if (R[in->d].i >= R[in->b].i) {
                in = code + in->c;
                continue;
            }
            if (++run->steps > run->step_limit)
                goto fault_steps;
            NEXT_INSN;
        case EX_NEXT: {
            /* ub - iv as unsigned is exact because iv < ub, so iv + step cannot overflow
             * when it is taken. */
            int64_t iv = R[in->d].i;
            if ((uint64_t)R[in->b].i - (uint64_t)iv > (uint64_t)in->x.imm) {
                R[in->d].i = iv + in->x.imm;
                if (++run->steps > run->step_limit)
                    goto fault_steps;
                in = code + in->c;
            } else {
                in++;
            }
            continue;
        }
        case EX_CALL:
            if (!call(run, in, R))
                goto fault;
            NEXT_INSN;
        case EX_LOAD: {
            const char *p = address(run, in->x.acc, R, (SolElemKind)in->w);
            if (!p)
                goto fault;
            sol_exec_load_elem(&R[in->d], p, (SolElemKind)in->w);
            NEXT_INSN;
        }
        case EX_STORE: {
            char *p = address(run, in->x.acc, R, (SolElemKind)in->w);
            if (!p)
                goto fault;
            sol_exec_store_elem(p, R[in->a], (SolElemKind)in->w);
            NEXT_INSN;
        }
        case EX_ALLOC:
            if (!alloc_buffer(run, in, R))
                goto fault;
            NEXT_INSN;
        case EX_DEALLOC:
            if (!dealloc_buffer(run, in, R))
                goto fault;
            NEXT_INSN;
        case EX_DIM: {
            ExecBuf *b = R[in->a].m;
            int64_t k = R[in->b].i;
            if (!b || !b->alive) {
                int_fault(run, in, "the memref was deallocated");
                goto fault;
            }
            if (k < 0 || (uint64_t)k >= b->rank) {
                char msg[96];
                snprintf(msg, sizeof msg, "dimension %lld is out of range for a rank-%u memref",
                         (long long)k, b->rank);
                int_fault(run, in, msg);
                goto fault;
            }
            R[in->d].i = b->dims[k];
            NEXT_INSN;
        }
        case EX_BATCH:
            if (!sol_exec_batch_run(run, in, R))
                goto fault;
            NEXT_INSN;
        default: {
            int r = arith_op(run, in, R);
            if (r > 0)
                NEXT_INSN;
            if (r == 0)
                goto fault;
            break;
        }
        }
        sol_emit_error(run->ctx, in->op->loc, "internal error: bad executor opcode %u", in->opc);
        goto fault;
    }
fault_steps:
    sol_exec_report_steps(run, in);
fault:
    free_slots(R);
    return false;
}

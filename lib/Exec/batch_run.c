/*
 * Batched innermost loops, the run: each instruction of a BatchLoop's body (planned by
 * batch_plan.c, whose header explains why the results equal those of the scalar loop) runs over
 * a chunk of up to BATCH_LANES iterations in a tight C loop, then the reductions run over the
 * lanes in iteration order. A bounds fault is reported for the op and indices that fail first
 * in iteration order, like the scalar path.
 */
#include "Exec/interp.h"
#include "Exec/arith.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define BATCH_LANES 256

/* Operand view: a lane buffer (stride 1) or one slot (stride 0). */
#define OPND(x, P, S)                                                                          \
    const Slot *P = (x) >= 0 ? lanes + (size_t)(x) * BATCH_LANES : &R[-(x) - 1];              \
    size_t S = (x) >= 0
#define LANE_LOOP(body)                                                                        \
    for (uint32_t t = 0; t < n; t++) {                                                         \
        body;                                                                                  \
    }

/* The first fault of a chunk in iteration order. Ops run over all lanes one after the other,
 * so a fault is only recorded, the later ops run on the lanes before it, and the earliest
 * fault (smallest lane, then earliest op) is the one reported: what the scalar loop reports. */
typedef struct Fault {
    bool any, dead, overflow;
    const Access *acc;
    const ExecBuf *buf;
    int64_t idx[SOL_TENSOR_MAX_RANK];
} Fault;

static void report_fault(ExecRun *run, const Fault *f)
{
    if (f->dead)
        sol_exec_report_dead(run, f->acc);
    else
        sol_exec_report_oob(run, f->acc, f->buf, f->idx, f->overflow);
}

/* Element offsets of one access for lanes [0, n); returns the first faulting lane (recorded
 * in *fault), or n. */
static uint32_t lane_offsets(const Access *acc, const Slot *R, const Slot *lanes, uint32_t n,
                             ExecBuf **bufp, int64_t *offs, Fault *fault)
{
    ExecBuf *buf = acc->mem >= 0 ? NULL : R[-acc->mem - 1].m;
    if (!buf || !buf->alive) {
        *fault = (Fault){.any = true, .dead = true, .acc = acc};
        return 0;
    }
    *bufp = buf;
    if (acc->proved) {
        /* The uniform terms first, then one pass per varying term. */
        int64_t base = acc->flat.c0;
        bool first = true;
        for (uint32_t k = 0; k < acc->flat.nterms; k++)
            if (acc->flat.reg[k] < 0)
                base += acc->flat.coef[k] * R[-acc->flat.reg[k] - 1].i;
        for (uint32_t k = 0; k < acc->flat.nterms; k++) {
            int32_t r = acc->flat.reg[k];
            int64_t c = acc->flat.coef[k];
            if (r < 0)
                continue;
            const Slot *L = lanes + (size_t)r * BATCH_LANES;
            if (first)
                LANE_LOOP(offs[t] = base + c * L[t].i)
            else
                LANE_LOOP(offs[t] += c * L[t].i)
            first = false;
        }
        if (first)
            LANE_LOOP(offs[t] = base)
        return n;
    }
    for (uint32_t t = 0; t < n; t++) {
        int64_t idx[SOL_TENSOR_MAX_RANK];
        bool ok = acc->rank == buf->rank, overflow = false;
        int64_t off = 0;
        for (uint32_t r = 0; r < acc->rank && r < SOL_TENSOR_MAX_RANK; r++) {
            const Linear *l = &acc->subs[r];
            int64_t v = l->c0, p;
            for (uint32_t k = 0; k < l->nterms; k++) {
                int64_t x = l->reg[k] < 0 ? R[-l->reg[k] - 1].i
                                          : lanes[(size_t)l->reg[k] * BATCH_LANES + t].i;
                if (__builtin_mul_overflow(l->coef[k], x, &p) || __builtin_add_overflow(v, p, &v))
                    overflow = true;
            }
            idx[r] = overflow ? 0 : v;
            if (overflow || v < 0 || r >= buf->rank || v >= buf->dims[r])
                ok = false;
            else
                off += v * buf->strides[r];
        }
        if (!ok) {
            *fault = (Fault){.any = true, .overflow = overflow, .acc = acc, .buf = buf};
            memcpy(fault->idx, idx, sizeof idx);
            return t;
        }
        offs[t] = off;
    }
    return n;
}

/* A proved f32 access with at most one varying subscript term: address and data in one pass
 * (the common case: `A[%i, %k]` in a loop over %k). */
static bool fast_f32_access(const Insn *in, const Slot *R, Slot *lanes, uint32_t n)
{
    const Access *acc = in->x.acc;
    if (!acc->proved || in->w != SOL_ELEM_F32 || acc->mem >= 0)
        return false;
    int64_t base = acc->flat.c0, c = 0;
    const Slot *L = NULL;
    for (uint32_t k = 0; k < acc->flat.nterms; k++) {
        int32_t r = acc->flat.reg[k];
        if (r < 0) {
            base += acc->flat.coef[k] * R[-r - 1].i;
        } else if (!L) {
            L = lanes + (size_t)r * BATCH_LANES;
            c = acc->flat.coef[k];
        } else {
            return false;
        }
    }
    const ExecBuf *buf = R[-acc->mem - 1].m;
    if (!buf || !buf->alive)
        return false; /* the general path reports it */
    float *p = (float *)(void *)buf->data + base;
    if (!L) {
        L = lanes; /* no varying term: lane values do not matter with c == 0 */
        c = 0;
    }
    if (in->opc == EX_LOAD) {
        Slot *D = lanes + (size_t)in->d * BATCH_LANES;
        LANE_LOOP(D[t].f = p[c * L[t].i])
    } else {
        OPND(in->a, V, sv);
        LANE_LOOP(p[c * L[t].i] = (float)V[t * sv].f)
    }
    return true;
}

/* Returns the first faulting lane (recorded in *fault) or n. */
static uint32_t batch_access(const Insn *in, const Slot *R, Slot *lanes, uint32_t n,
                             int64_t *offs, Fault *fault)
{
    if (fast_f32_access(in, R, lanes, n))
        return n;
    ExecBuf *buf = NULL;
    uint32_t ok_lanes = lane_offsets(in->x.acc, R, lanes, n, &buf, offs, fault);
    n = ok_lanes; /* lanes before the fault still load or store, as in iteration order */
    SolElemKind elem = (SolElemKind)in->w;
    size_t eb = sol_elem_bytes(elem);
    if (in->opc == EX_LOAD) {
        Slot *D = lanes + (size_t)in->d * BATCH_LANES;
        LANE_LOOP(sol_exec_load_elem(&D[t], buf->data + offs[t] * (int64_t)eb, elem))
        return ok_lanes;
    }
    OPND(in->a, V, sv);
    LANE_LOOP(sol_exec_store_elem(buf->data + offs[t] * (int64_t)eb, V[t * sv], elem))
    return ok_lanes;
}

/* One body instruction over lanes [0, n); returns the first faulting lane or n. */
static uint32_t batch_insn(const Insn *in, const Slot *R, Slot *lanes, uint32_t n, int64_t *offs,
                           Fault *fault)
{
    if (in->opc == EX_LOAD || in->opc == EX_STORE)
        return batch_access(in, R, lanes, n, offs, fault);
    Slot *D = lanes + (size_t)in->d * BATCH_LANES;
    if (in->opc == EX_LIN) {
        const Linear *l = in->x.lin;
        int64_t base = l->c0;
        LANE_LOOP(D[t].i = 0)
        for (uint32_t k = 0; k < l->nterms; k++) {
            if (l->reg[k] < 0) {
                base = (int64_t)((uint64_t)base + (uint64_t)l->coef[k] * (uint64_t)R[-l->reg[k] - 1].i);
            } else {
                const Slot *L = lanes + (size_t)l->reg[k] * BATCH_LANES;
                uint64_t c = (uint64_t)l->coef[k];
                LANE_LOOP(D[t].i = (int64_t)((uint64_t)D[t].i + c * (uint64_t)L[t].i))
            }
        }
        LANE_LOOP(D[t].i = (int64_t)((uint64_t)D[t].i + (uint64_t)base))
        return n;
    }
    OPND(in->a, A, sa);
    OPND(in->opc == EX_MULC ? in->a : in->b, B, sb);
    OPND(in->c, Cc, sc);
    switch ((ExecOpcode)in->opc) {
    case EX_MOV: LANE_LOOP(D[t] = A[t * sa]) break;
    case EX_ADDI: LANE_LOOP(D[t].i = (int64_t)((uint64_t)A[t * sa].i + (uint64_t)B[t * sb].i)) break;
    case EX_SUBI: LANE_LOOP(D[t].i = (int64_t)((uint64_t)A[t * sa].i - (uint64_t)B[t * sb].i)) break;
    case EX_MULI: LANE_LOOP(D[t].i = (int64_t)((uint64_t)A[t * sa].i * (uint64_t)B[t * sb].i)) break;
    case EX_MULC:
        LANE_LOOP(D[t].i = (int64_t)((uint64_t)A[t * sa].i * (uint64_t)in->x.imm)) break;
    case EX_ANDI: LANE_LOOP(D[t].i = A[t * sa].i & B[t * sb].i) break;
    case EX_ORI: LANE_LOOP(D[t].i = A[t * sa].i | B[t * sb].i) break;
    case EX_XORI: LANE_LOOP(D[t].i = A[t * sa].i ^ B[t * sb].i) break;
    case EX_MAXSI: LANE_LOOP(D[t].i = A[t * sa].i > B[t * sb].i ? A[t * sa].i : B[t * sb].i) break;
    case EX_MINSI: LANE_LOOP(D[t].i = A[t * sa].i < B[t * sb].i ? A[t * sa].i : B[t * sb].i) break;
    case EX_AFLOORDIV: LANE_LOOP(D[t].i = sc_floordiv(A[t * sa].i, in->x.imm)) break;
    case EX_ACEILDIV: LANE_LOOP(D[t].i = sc_ceildiv(A[t * sa].i, in->x.imm)) break;
    case EX_SELECT: LANE_LOOP(D[t] = A[t * sa].i ? B[t * sb] : Cc[t * sc]) break;
    case EX_ADDF: LANE_LOOP(D[t].f = A[t * sa].f + B[t * sb].f) break;
    case EX_SUBF: LANE_LOOP(D[t].f = A[t * sa].f - B[t * sb].f) break;
    case EX_MULF: LANE_LOOP(D[t].f = A[t * sa].f * B[t * sb].f) break;
    case EX_DIVF: LANE_LOOP(D[t].f = A[t * sa].f / B[t * sb].f) break;
    case EX_NEGF: LANE_LOOP(D[t].f = -A[t * sa].f) break;
    case EX_MATH1: LANE_LOOP(D[t].f = in->x.f1(A[t * sa].f)) break;
    case EX_MATH2: LANE_LOOP(D[t].f = in->x.f2(A[t * sa].f, B[t * sb].f)) break;
    case EX_FMA: LANE_LOOP(D[t].f = fma(A[t * sa].f, B[t * sb].f, Cc[t * sc].f)) break;
    case EX_ADDF_F32: LANE_LOOP(D[t].f = (float)(A[t * sa].f + B[t * sb].f)) break;
    case EX_SUBF_F32: LANE_LOOP(D[t].f = (float)(A[t * sa].f - B[t * sb].f)) break;
    case EX_MULF_F32: LANE_LOOP(D[t].f = (float)(A[t * sa].f * B[t * sb].f)) break;
    case EX_DIVF_F32: LANE_LOOP(D[t].f = (float)(A[t * sa].f / B[t * sb].f)) break;
    case EX_MATH1_F32: LANE_LOOP(D[t].f = in->x.f1f((float)A[t * sa].f)) break;
    case EX_MATH2_F32:
        LANE_LOOP(D[t].f = in->x.f2f((float)A[t * sa].f, (float)B[t * sb].f)) break;
    case EX_FMA_F32:
        LANE_LOOP(D[t].f = fmaf((float)A[t * sa].f, (float)B[t * sb].f, (float)Cc[t * sc].f))
        break;
    case EX_ROUND_F32: LANE_LOOP(D[t].f = (float)A[t * sa].f) break;
    default:
        /* The rest share the scalar semantics exactly: run them lane by lane. */
        for (uint32_t t = 0; t < n; t++) {
            Slot tmp[3] = {A[t * sa], B[t * sb], Cc[t * sc]};
            Insn one = *in;
            one.a = 0, one.b = 1, one.c = 2, one.d = 0;
            sol_exec_arith(NULL, &one, tmp); /* vector opcodes never fault */
            D[t] = tmp[0];
        }
        break;
    }
    return n;
}

/* Base and IV coefficient of a streamed f32 load (proved, so its buffer is alive and the
 * offsets are in bounds; only the IV varies). */
static void f32_stream(const Access *acc, const Slot *R, const float **p, int64_t *c)
{
    int64_t base = acc->flat.c0;
    *c = 0;
    for (uint32_t k = 0; k < acc->flat.nterms; k++) {
        int32_t r = acc->flat.reg[k];
        if (r < 0)
            base += acc->flat.coef[k] * R[-r - 1].i;
        else
            *c = acc->flat.coef[k]; /* lane 0: the IV */
    }
    *p = (const float *)(const void *)R[-acc->mem - 1].m->data + base;
}

static void reduce(const Reduction *red, Slot *R, const Slot *lanes, uint32_t n)
{
    OPND(red->x, X, sx);
    Slot acc = R[red->acc];
    if (red->round == 0 && red->opc == EX_ADDF) {
        LANE_LOOP(acc.f = acc.f + X[t * sx].f)
    } else if (red->load_a) {
        /* a dot product in one pass: both loads stream with the IV (lane 0) */
        const float *pa, *pb;
        int64_t ca, cb;
        f32_stream(red->load_a, R, &pa, &ca);
        f32_stream(red->load_b, R, &pb, &cb);
        const Slot *L = lanes;
        float a = (float)acc.f;
        LANE_LOOP(a = a + (float)((double)pa[ca * L[t].i] * (double)pb[cb * L[t].i]))
        acc.f = a;
    } else if (red->fused_mul) {
        /* the product of two floats is exact in double: one rounding, as MULF_F32 does */
        OPND(red->mul_a, P, sp);
        OPND(red->mul_b, Q, sq);
        float a = (float)acc.f;
        LANE_LOOP(a = a + (float)(P[t * sp].f * Q[t * sq].f))
        acc.f = a;
    } else if (red->round == 0 && red->opc == EX_ADDF_F32) {
        /* lanes hold exact floats, so a float add is the rounded sum, at float latency */
        float a = (float)acc.f;
        LANE_LOOP(a = a + (float)X[t * sx].f)
        acc.f = a;
    } else {
        Insn one = {.opc = red->opc, .w = red->w, .d = 0, .a = red->acc_rhs ? 1 : 0,
                    .b = red->acc_rhs ? 0 : 1};
        for (uint32_t t = 0; t < n; t++) {
            Slot tmp[2] = {acc, X[t * sx]};
            sol_exec_arith(NULL, &one, tmp); /* reductions never fault */
            acc = tmp[0];
            /* f16/bf16 round after every step, as the scalar loop does */
            if (red->round == EX_ROUND_F16)
                acc.f = sol_float_round(acc.f, SOL_F16);
            else if (red->round == EX_ROUND_BF16)
                acc.f = sol_float_round(acc.f, SOL_BF16);
        }
    }
    /* Integer sums wrap: narrowing once at the end equals narrowing after every step. */
    if (red->opc == EX_ADDI && red->w < 64)
        acc.i = (int64_t)((uint64_t)acc.i << (64 - red->w)) >> (64 - red->w);
    R[red->acc] = acc;
}

bool sol_exec_batch_run(ExecRun *run, const Insn *in, Slot *R)
{
    const BatchLoop *bl = in->x.batch;
    int64_t lb = R[in->a].i, ub = R[in->b].i;
    if (lb >= ub)
        return true;
    size_t need = (size_t)bl->nlanes * BATCH_LANES + BATCH_LANES;
    if (run->scratch_cap < need) {
        free(run->scratch);
        run->scratch = sol_xmalloc(need * sizeof *run->scratch);
        run->scratch_cap = need;
    }
    Slot *lanes = run->scratch;
    int64_t *offs = (int64_t *)(void *)(lanes + (size_t)bl->nlanes * BATCH_LANES);
    /* Trip count without overflow: iv takes lb, lb + step, ... while iv < ub. */
    uint64_t trips = ((uint64_t)ub - (uint64_t)lb - 1) / (uint64_t)bl->step + 1;
    for (uint64_t done = 0; done < trips;) {
        uint32_t n = trips - done < BATCH_LANES ? (uint32_t)(trips - done) : BATCH_LANES;
        /* At the step limit, the iterations still allowed run first: a fault among them is
         * what the scalar loop would report. */
        bool at_limit = run->steps + n > run->step_limit;
        if (at_limit)
            n = (uint32_t)(run->step_limit - run->steps);
        int64_t first = (int64_t)((uint64_t)lb + done * (uint64_t)bl->step);
        LANE_LOOP(lanes[t].i = first + (int64_t)t * bl->step)
        Fault fault = {0}, f;
        uint32_t live = n;
        for (uint32_t i = 0; i < bl->ncode && live > 0; i++) {
            f.any = false;
            uint32_t ok = batch_insn(&bl->code[i], R, lanes, live, offs, &f);
            if (ok < live) {
                fault = f;
                live = ok;
            }
        }
        if (fault.any) {
            run->steps += live + 1;
            report_fault(run, &fault);
            return false;
        }
        if (at_limit) {
            run->steps = run->step_limit + 1; /* where the scalar loop stops */
            return sol_exec_report_steps(run, in);
        }
        run->steps += n;
        for (uint32_t k = 0; k < bl->nreds; k++)
            reduce(&bl->reds[k], R, lanes, n);
        done += n;
    }
    return true;
}

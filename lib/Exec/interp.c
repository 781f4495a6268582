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
#include "Exec/arith.h"

#include <stdio.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

static void free_slots(Slot *R) { free(R); }

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

ExecBuf *sol_exec_alloc(ExecRun *run, const Insn *in, const int64_t *dims)
{
    const AllocSite *s = in->x.alloc;
    for (uint32_t r = 0; r < s->rank; r++)
        if (dims[r] < 0) {
            sol_emit_error(run->ctx, in->op->loc,
                           "'memref.alloc': size %lld of dimension %u is negative",
                           (long long)dims[r], r);
            return NULL;
        }
    ExecBuf *b = sol_exec_buf_new(run, s->elem, s->rank, dims, in->op);
    if (!b)
        return NULL;
    /* MLIR leaves new memory undefined; NaN makes a read-before-write visible in the
     * outputs instead of passing by luck with zeros. Integers start at 0. */
    if (s->elem <= SOL_ELEM_F64) {
        Slot nan = {.f = NAN};
        for (int64_t i = 0; i < b->nelems; i++)
            sol_exec_store_elem(b->data + i * (int64_t)sol_elem_bytes(s->elem), nan, s->elem);
    } else {
        memset(b->data, 0, b->bytes);
    }
    return b;
}

static bool alloc_buffer(ExecRun *run, const Insn *in, Slot *R)
{
    const AllocSite *s = in->x.alloc;
    int64_t dims[SOL_TENSOR_MAX_RANK];
    uint32_t k = 0;
    for (uint32_t r = 0; r < s->rank; r++)
        dims[r] = s->dims[r] == SOL_DYNAMIC ? R[s->dyn[k++]].i : s->dims[r];
    ExecBuf *b = sol_exec_alloc(run, in, dims);
    R[in->d].m = b;
    return b != NULL;
}

bool sol_exec_dealloc(ExecRun *run, const Insn *in, ExecBuf *b)
{
    if (!b || !b->alive)
        return sol_exec_report_fault(run, in, "the memref was already deallocated");
    if (b->is_arg)
        return sol_exec_report_fault(run, in, "deallocating a memref that belongs to the caller");
    free(b->data);
    b->data = NULL;
    b->alive = false;
    run->memory -= b->bytes;
    return true;
}

static bool call(ExecRun *run, const Insn *in, Slot *R)
{
    const CallSite *cs = in->x.call;
    if (run->depth >= EXEC_MAX_CALL_DEPTH)
        return sol_exec_report_call_depth(run, in);
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

static bool dim(ExecRun *run, const Insn *in, Slot *R)
{
    ExecBuf *b = R[in->a].m;
    int64_t k = R[in->b].i;
    if (!b || !b->alive)
        return sol_exec_report_fault(run, in, "the memref was deallocated");
    if (k < 0 || (uint64_t)k >= b->rank) {
        char msg[96];
        snprintf(msg, sizeof msg, "dimension %lld is out of range for a rank-%u memref",
                 (long long)k, b->rank);
        return sol_exec_report_fault(run, in, msg);
    }
    R[in->d].i = b->dims[k];
    return true;
}

bool sol_exec_replay(ExecRun *run, const Insn *in, Slot *R)
{
    switch ((ExecOpcode)in->opc) {
    case EX_LOAD: {
        const char *p = address(run, in->x.acc, R, (SolElemKind)in->w);
        if (p)
            sol_exec_load_elem(&R[in->d], p, (SolElemKind)in->w);
        return p != NULL;
    }
    case EX_STORE: /* the address only: a replay never writes memory */
        return address(run, in->x.acc, R, (SolElemKind)in->w) != NULL;
    case EX_DIM: return dim(run, in, R);
    default: return sol_exec_arith(run, in, R) > 0;
    }
}

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
            if (!sol_exec_dealloc(run, in, R[in->a].m))
                goto fault;
            NEXT_INSN;
        case EX_DIM:
            if (!dim(run, in, R))
                goto fault;
            NEXT_INSN;
        case EX_BATCH:
            if (!sol_exec_batch_run(run, in, R))
                goto fault;
            NEXT_INSN;
        default: {
            int r = sol_exec_arith(run, in, R);
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

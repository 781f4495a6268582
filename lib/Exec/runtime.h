/*
 * The executor's run-time state (private to lib/Exec): the buffers of a run, the step and
 * memory counters, element loads and stores, and the fault reports. The machine (interp.c and
 * batch_run.c) and the driver (exec.c) stand on it; runtime.c calls nothing else in lib/Exec.
 *
 * Element access is static inline: it is the inner loop of both machines, and a call per
 * element would cost the scalar path a tenth of its speed.
 */
#ifndef SOLAR_EXEC_RUNTIME_H
#define SOLAR_EXEC_RUNTIME_H

#include "Exec/program.h"

#include <string.h>

/* scalar.h's hooks: lib/IR's float kinds and rounding (the C engine calls the same functions
 * through its host table). */
#define SC_F16 SOL_F16
#define SC_BF16 SOL_BF16
#define SC_F32 SOL_F32
#define SC_F64 SOL_F64
#define SC_FLOAT_ROUND(v, k) sol_float_round((v), (SolFloatKind)(k))
#define SC_FLOAT_TO_BITS(v, k) sol_float_to_bits((v), (SolFloatKind)(k))
#define SC_FLOAT_FROM_BITS(b, k) sol_float_from_bits((b), (SolFloatKind)(k))
#include "Exec/scalar.h"

/* ExecBuf, a memref at run time, is defined in cabi.h (generated code reads it). */
_Static_assert(SOL_CG_MAX_RANK == SOL_TENSOR_MAX_RANK, "one maximum rank");

typedef struct ExecRun {
    SolContext *ctx;
    uint64_t steps;
    uint64_t step_limit; /* UINT64_MAX when unlimited */
    uint64_t memory;     /* bytes of live buffers */
    uint64_t memory_limit;
    uint64_t peak_memory;
    ExecBuf *bufs; /* every buffer made in this run */
    int depth;     /* call depth */
    Slot *scratch; /* lane buffers of batched loops (batch_run.c) */
    size_t scratch_cap;
} ExecRun;

/* A new buffer (data malloc'ed, not initialised) counted against the memory limit; NULL after
 * an error at `op` when the size overflows or the limit would be exceeded. */
ExecBuf *sol_exec_buf_new(ExecRun *run, SolElemKind elem, uint32_t rank, const int64_t *dims,
                          const SolOp *op);
/* A buffer over a caller's tensor (no copy), counted in the run's memory. */
ExecBuf *sol_exec_buf_wrap(ExecRun *run, SolTensor *t);
/* Frees every buffer of the run (not the data of wrapped tensors) and the lane scratch. */
void sol_exec_run_release(ExecRun *run);

/* Faults: each emits the error at the op and returns false. */
bool sol_exec_report_dead(ExecRun *run, const Access *acc);
bool sol_exec_report_oob(ExecRun *run, const Access *acc, const ExecBuf *buf, const int64_t *idx,
                         bool overflow);
bool sol_exec_report_steps(ExecRun *run, const Insn *in);
bool sol_exec_report_call_depth(ExecRun *run, const Insn *in);
/* A fault of instruction `in` described by `what` (division by zero, a bad shift, ...). */
bool sol_exec_report_fault(ExecRun *run, const Insn *in, const char *what);

/* Loads the element at p into a slot (floats as double, integers sign-extended, i1 as 0/-1). */
static inline void sol_exec_load_elem(Slot *d, const char *p, SolElemKind elem)
{
    uint16_t h;
    float f;
    int8_t i8;
    int32_t i32;
    switch (elem) {
    case SOL_ELEM_F32: memcpy(&f, p, 4); d->f = f; break;
    case SOL_ELEM_F64: memcpy(&d->f, p, 8); break;
    case SOL_ELEM_F16: memcpy(&h, p, 2); d->f = sol_float_from_bits(h, SOL_F16); break;
    case SOL_ELEM_BF16: memcpy(&h, p, 2); d->f = bf16_load(h); break;
    case SOL_ELEM_I1: d->i = i1_load(*p); break;
    case SOL_ELEM_I8: memcpy(&i8, p, 1); d->i = i8; break;
    case SOL_ELEM_I32: memcpy(&i32, p, 4); d->i = i32; break;
    default: memcpy(&d->i, p, 8); break;
    }
}

/* Stores a slot as an element at p, rounding floats to the element kind. */
static inline void sol_exec_store_elem(char *p, Slot v, SolElemKind elem)
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

#endif /* SOLAR_EXEC_RUNTIME_H */

/*
 * The interpreter's run state, shared by interp.c (the machine) and exec.c (set-up, buffers,
 * clean-up). Private to lib/Exec.
 */
#ifndef SOLAR_EXEC_INTERP_H
#define SOLAR_EXEC_INTERP_H

#include "Exec/program.h"

typedef struct ExecRun {
    SolContext *ctx;
    uint64_t steps;
    uint64_t step_limit; /* UINT64_MAX when unlimited */
    uint64_t memory;     /* bytes of live buffers */
    uint64_t memory_limit;
    uint64_t peak_memory;
    ExecBuf *bufs; /* every buffer made in this run */
    int depth;     /* call depth */
    Slot *scratch; /* lane buffers of batched loops (batch.c) */
    size_t scratch_cap;
} ExecRun;

/* Runs f with its arguments in args; results (if any) are written to results. */
bool sol_exec_run_func(ExecRun *run, const ExecFunc *f, const Slot *args, Slot *results);

/* A new buffer (data malloc'ed, not initialised) counted against the memory limit; NULL after
 * an error at `op` when the size overflows or the limit would be exceeded. */
ExecBuf *sol_exec_buf_new(ExecRun *run, SolElemKind elem, uint32_t rank, const int64_t *dims,
                          const SolOp *op);

/* Element access shared by the scalar and batched paths. */
void sol_exec_load_elem(Slot *d, const char *p, SolElemKind elem);
void sol_exec_store_elem(char *p, Slot v, SolElemKind elem);

/* Faults: each emits the error at the op and returns false. */
bool sol_exec_report_dead(ExecRun *run, const Access *acc);
bool sol_exec_report_oob(ExecRun *run, const Access *acc, const ExecBuf *buf, const int64_t *idx,
                         bool overflow);
bool sol_exec_report_steps(ExecRun *run, const Insn *in);

/* One arithmetic instruction on the slots R (the batch path's fallback per lane); false after
 * a reported fault. run may be NULL for ops that cannot fault. */
bool sol_exec_scalar_op(ExecRun *run, const Insn *in, Slot *R);

/* Runs a BATCH instruction: the whole loop. */
bool sol_exec_batch_run(ExecRun *run, const Insn *in, Slot *R);

/* Tries to batch an innermost loop whose compiled body (ending with the yield's moves) is
 * body[0, n): NULL when it does not qualify (see batch.c). entry: the entry function when the
 * loop is in it (its memref arguments are distinct buffers), else NULL. */
BatchLoop *sol_exec_batch_build(SolArena *arena, const Insn *body, uint32_t n, uint32_t nregs,
                                int32_t iv, const int32_t *iter, uint32_t niter,
                                const SolOp *entry, int64_t step);

#endif /* SOLAR_EXEC_INTERP_H */

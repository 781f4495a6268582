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
} ExecRun;

/* Runs f with its arguments in args; results (if any) are written to results. */
bool sol_exec_run_func(ExecRun *run, const ExecFunc *f, const Slot *args, Slot *results);

/* A new buffer (data malloc'ed, not initialised) counted against the memory limit; NULL after
 * an error at `op` when the size overflows or the limit would be exceeded. */
ExecBuf *sol_exec_buf_new(ExecRun *run, SolElemKind elem, uint32_t rank, const int64_t *dims,
                          const SolOp *op);

#endif /* SOLAR_EXEC_INTERP_H */

/*
 * The machine (private to lib/Exec): interp.c runs compiled functions one instruction at a
 * time and hands each BATCH instruction to batch_run.c, which runs the whole loop a chunk of
 * iterations at a time. Both stand on runtime.h (buffers, element access, faults) and arith.h
 * (the scalar semantics); batch_run.c calls nothing in interp.c.
 */
#ifndef SOLAR_EXEC_INTERP_H
#define SOLAR_EXEC_INTERP_H

#include "Exec/runtime.h"

/* Runs f with its arguments in args; results (if any) are written to results. */
bool sol_exec_run_func(ExecRun *run, const ExecFunc *f, const Slot *args, Slot *results);

/* memref.alloc of instruction `in` with these dims (NaN-filled floats, zeroed integers), and
 * memref.dealloc: NULL / false after reporting the error. The C engine calls them too. */
ExecBuf *sol_exec_alloc(ExecRun *run, const Insn *in, const int64_t *dims);
bool sol_exec_dealloc(ExecRun *run, const Insn *in, ExecBuf *b);

/* Runs one straight-line instruction (an access, memref.dim or arithmetic) on registers R:
 * false after reporting its fault. The C engine replays a faulting instruction with it, so
 * its errors are the interpreter's own. */
bool sol_exec_replay(ExecRun *run, const Insn *in, Slot *R);

/* Runs a BATCH instruction: the whole loop (batch_run.c). */
bool sol_exec_batch_run(ExecRun *run, const Insn *in, Slot *R);

#endif /* SOLAR_EXEC_INTERP_H */

/*
 * The C engine's host (private to lib/Exec): the services a loaded program calls (cabi.h's
 * SolCgHost: lib/IR's float rounding, the interpreter's allocation and deallocation, the
 * threads of parallel loops) and the run of its entry function, with every fault turned into
 * the interpreter's own diagnostic.
 */
#ifndef SOLAR_EXEC_CRUN_H
#define SOLAR_EXEC_CRUN_H

#include "Exec/cload.h"
#include "Exec/runtime.h"

/* The host table programs are loaded with (it must outlive the module). */
void sol_cg_host_init(SolCgHost *host);

typedef enum CgOutcome {
    CG_DONE,      /* the function returned */
    CG_FAULTED,   /* a fault, reported like the interpreter reports it */
    CG_REORDERED, /* a fault where iterations ran out of order (threads, lanes): not reported;
                   * rerun in order */
} CgOutcome;

/* Runs `entry` of the program `mod` was compiled from, with its arguments in args, on up to
 * `threads` threads, counting steps and memory in run. in_order (with one thread): every loop
 * one iteration at a time, in order, so the first fault is the interpreter's. */
CgOutcome sol_cg_execute(ExecRun *run, const ExecProgram *prog, const CgModule *mod,
                         const ExecFunc *entry, const Slot *args, unsigned threads, bool in_order);

#endif /* SOLAR_EXEC_CRUN_H */

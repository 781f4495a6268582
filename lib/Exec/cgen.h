/*
 * The C engine's code generator (private to lib/Exec): the bytecode of a compiled program
 * (program.h, compiled without batching) written as one C translation unit, instruction by
 * instruction with the interpreter's semantics (see cabi.h for the contract with the host and
 * docs/solar-run.md for the engine). cgen.c writes functions, loops and control flow;
 * cgen_insn.c the straight-line instructions; cgen_par.c finds the loops whose iterations may
 * run on several threads; cgen_lanes.c runs some loops several iterations at a time.
 *
 * The generated code is correct by construction in the same sense as the interpreter: an
 * access the compiler proved in bounds is one flat offset, every other one checks its buffer
 * and subscripts and faults before touching memory; integer division, shifts and affine mod
 * check their operands; loops count their iterations against the step limit; allocations and
 * deallocations are the host's. The text depends only on the program, so it is its own cache
 * key (cload.c).
 */
#ifndef SOLAR_EXEC_CGEN_H
#define SOLAR_EXEC_CGEN_H

#include "Exec/program.h"

typedef struct CgenOptions {
    bool parallel; /* run independent outer loops on the host's threads */
    bool lanes;    /* run CG_LANES iterations of independent loops at once (cgen_lanes.c) */
} CgenOptions;

typedef struct CgenSummary {
    uint32_t parallel_loops; /* outlined for threads */
    uint32_t lane_loops;     /* run in lanes */
} CgenSummary;

/* The program as C source, appended to out. */
void sol_cgen_program(const ExecProgram *prog, const CgenOptions *o, SolBuf *out,
                      CgenSummary *summary);

/* The sources embedded by embed.cmake: cabi.h, scalar.h and cprelude.h, NUL-terminated. */
extern const char *const sol_cgen_cabi_text;
extern const char *const sol_cgen_scalar_text;
extern const char *const sol_cgen_prelude_text;

#endif /* SOLAR_EXEC_CGEN_H */

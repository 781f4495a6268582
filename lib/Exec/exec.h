/*
 * The executor: runs a function of a verified module on host tensors, with MLIR semantics.
 *
 * The function is compiled to a register bytecode (compile.c) and interpreted (interp.c).
 * Every memory access is bounds-checked, at run time or, where interval analysis proves the
 * subscripts in range for the shapes of this run, once at compile time. IR from an LLM is
 * untrusted: the executor touches no file and calls no function but libm's, and every fault
 * (out-of-bounds access, division by zero, too many steps or bytes) is an error diagnostic at
 * the op's source location, never a crash.
 */
#ifndef SOLAR_EXEC_EXEC_H
#define SOLAR_EXEC_EXEC_H

#include "Exec/tensor.h"

typedef enum SolPrecision {
    SOL_PRECISION_EXACT, /* every f16/bf16/f32 result rounded to its type, as MLIR defines */
    SOL_PRECISION_WIDE,  /* f16/bf16/f32 arithmetic in f64, rounded only when stored */
} SolPrecision;

typedef struct SolExecOptions {
    SolPrecision precision;
    uint64_t max_steps;  /* loop iterations plus calls; 0 = no limit */
    uint64_t max_memory; /* bytes of arguments plus live allocations; 0 = no limit */
    bool no_batch;       /* run every loop on the scalar path (to check the batched one) */
} SolExecOptions;

typedef struct SolExecStats {
    uint64_t steps;          /* loop iterations plus calls executed */
    uint64_t peak_memory;    /* bytes, arguments included */
    uint32_t checked_access; /* static accesses that check bounds at run time */
    uint32_t proved_access;  /* static accesses proved in bounds when compiled */
    uint32_t batched_loops;  /* innermost loops run a chunk of iterations at a time */
} SolExecStats;

/* Runs `func` (a func.func whose arguments are all memrefs) with args[i] as argument i.
 * Each tensor must have the argument's element type and rank, and its dims must match the
 * static dims of the argument type (the caller reports mismatches by argument name).
 * Stores write into the tensors. Errors are emitted through the module's context. */
bool sol_exec_run(SolModule *m, SolOp *func, SolTensor *const *args, const SolExecOptions *opts,
                  SolExecStats *stats);

#endif /* SOLAR_EXEC_EXEC_H */

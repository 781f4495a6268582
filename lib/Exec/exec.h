/*
 * The executor: runs a function of a verified module on host tensors, with MLIR semantics.
 *
 * The function is compiled to a register bytecode (compile.c), then either interpreted
 * (interp.c, the reference) or, by the C engine, written as C (cgen.c), compiled by the
 * system's compiler and loaded (cload.c), with independent outer loops on several threads
 * (crun.c); both give bit-identical results and the same errors. Every memory access is
 * bounds-checked, at run time or, where interval analysis proves the subscripts in range for
 * the shapes of this run, once at compile time. IR from an LLM is untrusted: the executor
 * touches no file but the C engine's cache and calls no function but libm's and its own, and
 * every fault (out-of-bounds access, division by zero, too many steps or bytes) is an error
 * diagnostic at the op's source location, never a crash.
 */
#ifndef SOLAR_EXEC_EXEC_H
#define SOLAR_EXEC_EXEC_H

#include "Exec/tensor.h"

typedef enum SolPrecision {
    SOL_PRECISION_EXACT, /* every f16/bf16/f32 result rounded to its type, as MLIR defines */
    SOL_PRECISION_WIDE,  /* f16/bf16/f32 arithmetic in f64, rounded only when stored */
} SolPrecision;

typedef enum SolEngine {
    SOL_ENGINE_AUTO,   /* C when a compiler is there and the work is worth compiling */
    SOL_ENGINE_INTERP, /* the bytecode interpreter, the reference */
    SOL_ENGINE_C,      /* generated C, compiled and loaded; an error when it cannot be */
} SolEngine;

typedef struct SolExecOptions {
    SolPrecision precision;
    uint64_t max_steps;    /* loop iterations plus calls; 0 = no limit */
    uint64_t max_memory;   /* bytes of arguments plus live allocations; 0 = no limit */
    bool no_batch;         /* interpreter: every loop on the scalar path (checks the batched one);
                            * with SOL_ENGINE_AUTO it picks the interpreter */
    SolEngine engine;
    unsigned threads;      /* C engine: threads for parallel loops; 0 = every online core */
    const char *cc;        /* C engine: the compiler, a name on PATH or a path (NULL: "cc") */
    const char *cache_dir; /* C engine: the compiled-program cache is CACHE_DIR/exec (NULL: none) */
    SolBuf *c_source;      /* if set, the C engine's program is appended here */
} SolExecOptions;

typedef struct SolExecStats {
    uint64_t steps;          /* loop iterations plus calls executed */
    uint64_t peak_memory;    /* bytes, arguments included */
    uint32_t checked_access; /* static accesses that check bounds at run time */
    uint32_t proved_access;  /* static accesses proved in bounds when compiled */
    uint32_t batched_loops;  /* interpreter: innermost loops run a chunk of iterations at a time */
    SolEngine engine;        /* the engine that ran: SOL_ENGINE_INTERP or SOL_ENGINE_C */
    bool cache_hit;          /* C engine: the compiled program came from the cache */
    double compile_s;        /* C engine: seconds spent in the C compiler */
    unsigned threads;        /* C engine: threads its parallel loops could use */
    uint32_t parallel_loops; /* C engine: loops whose iterations run on several threads */
    uint32_t lane_loops;     /* C engine: loops run several iterations at once */
    bool reran_in_order;     /* C engine: a fault in a parallel loop was rerun on one thread */
    SolBuf log;              /* what the engine choice and the C engine did, a line each (-v);
                              * the caller frees it (sol_exec_stats_free) */
} SolExecStats;

void sol_exec_stats_free(SolExecStats *stats);

/* Runs `func` (a func.func whose arguments are all memrefs) with args[i] as argument i.
 * Each tensor must have the argument's element type and rank, and its dims must match the
 * static dims of the argument type (the caller reports mismatches by argument name).
 * Stores write into the tensors. Errors are emitted through the module's context. */
bool sol_exec_run(SolModule *m, SolOp *func, SolTensor *const *args, const SolExecOptions *opts,
                  SolExecStats *stats);

#endif /* SOLAR_EXEC_EXEC_H */

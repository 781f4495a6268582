/*
 * The contract between the executor and the code the C engine generates (cgen.c writes it,
 * cload.c compiles and loads it, crun.c runs it): the run-time buffer, the register slot, the
 * per-thread environment and the host services the generated code calls. Embedded verbatim
 * in every generated program, so it includes nothing but the C library; bump SOL_CG_ABI with
 * any change (it is part of the compiled-object cache key).
 *
 * Faults: generated code never prints. It records the kind and the instruction (function
 * index, pc) in its environment and returns 0 up the call chain. For SOL_CG_FAULT_REPLAY it
 * first stores the faulting instruction's operands in env->regs, and the host runs that one
 * instruction in the interpreter, which reports exactly what the interpreter would have
 * (crun.c): one implementation of every message.
 */
#ifndef SOLAR_EXEC_CABI_H
#define SOLAR_EXEC_CABI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SOL_CG_ABI 2
#define SOL_CG_MAX_RANK 16

/* A memref at run time: an argument tensor or a memref.alloc. */
typedef struct ExecBuf ExecBuf;
struct ExecBuf {
    char *data;
    uint32_t elem; /* SolElemKind */
    uint32_t rank;
    bool alive;  /* false after memref.dealloc */
    bool is_arg; /* data belongs to the caller's tensor */
    int64_t dims[SOL_CG_MAX_RANK];
    int64_t strides[SOL_CG_MAX_RANK]; /* in elements, C order */
    int64_t nelems;
    size_t bytes;
    ExecBuf *next; /* every buffer of the run, freed at the end */
};

/* One register: floats as double, integers sign-extended to 64 bits, memrefs as buffers. */
typedef union Slot {
    int64_t i;
    double f;
    ExecBuf *m;
} Slot;

typedef enum SolCgFault {
    SOL_CG_OK,
    SOL_CG_FAULT_REPLAY,    /* replay instruction (func, pc) on env->regs to report it */
    SOL_CG_FAULT_STEPS,     /* the step limit, at (func, pc) */
    SOL_CG_FAULT_DEPTH,     /* the call depth limit, at the call (func, pc) */
    SOL_CG_FAULT_REPORTED,  /* the host already reported it (allocation, dealloc) */
    SOL_CG_FAULT_REORDERED, /* a fault in iterations run out of order (threads, lanes):
                             * rerun with in_order set */
} SolCgFault;

typedef struct SolCgEnv SolCgEnv;
typedef void (*SolCgFn)(void);
/* The outlined body of a parallel loop: runs iterations [begin, end) with the loop's inputs in
 * cap (registers as slots); 0 on a fault. */
typedef int (*SolCgBody)(SolCgEnv *X, const Slot *cap, uint64_t begin, uint64_t end);

typedef struct SolCgHost {
    double (*float_round)(double v, int kind);
    uint64_t (*float_to_bits)(double v, int kind);
    double (*float_from_bits)(uint64_t bits, int kind);
    /* memref.alloc / memref.dealloc of instruction (func, pc): NULL / 0 after reporting */
    ExecBuf *(*alloc)(SolCgEnv *X, int32_t func, int32_t pc, const int64_t *dims);
    int (*dealloc)(SolCgEnv *X, int32_t func, int32_t pc, ExecBuf *b);
    /* Runs body over [0, trips) on the run's threads; 0 on a fault (env->fault set). */
    int (*parallel)(SolCgEnv *X, SolCgBody body, const Slot *cap, uint64_t trips);
    const SolCgFn *fns; /* libm and helper functions, by the generator's index */
} SolCgHost;

struct SolCgEnv {
    void *run;       /* the host's state */
    uint64_t budget; /* loop iterations and calls still allowed */
    int32_t depth;   /* call depth */
    int32_t fault;   /* SolCgFault */
    int32_t fault_func, fault_pc;
    Slot *regs;       /* REPLAY: the operands of the faulting instruction, by register */
    int32_t in_order; /* run every loop in order, one iteration at a time (no lanes) */
};

/* What a generated program exports. */
#define SOL_CG_INIT "solar_cg_init"
#define SOL_CG_RUN "solar_cg_run"
typedef int (*SolCgInitFn)(const SolCgHost *host); /* returns SOL_CG_ABI */
typedef int (*SolCgRunFn)(SolCgEnv *X, int32_t func, const Slot *args, Slot *results);

#endif /* SOLAR_EXEC_CABI_H */

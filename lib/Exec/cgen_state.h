/*
 * The code generator's state, shared by its files (cgen.c: functions, loops, control flow;
 * cgen_insn.c: straight-line instructions; cgen_par.c: which loops run on threads). Private to
 * those three.
 *
 * Registers become C locals named rN, typed by ExecRegKind (int64_t, float, double, ExecBuf *);
 * a memref register rN also has dN, its buffer's data pointer, read once where the register
 * is set, which proved accesses index directly. Inside a loop, B holds the step budget left.
 */
#ifndef SOLAR_EXEC_CGEN_STATE_H
#define SOLAR_EXEC_CGEN_STATE_H

#include "Exec/cgen.h"

/* How loops count steps (see cgen.c): CG_NORMAL checks each iteration and may split a nest
 * into two copies; inside them, CG_FAST checks nothing (the nest's steps were taken up front)
 * and CG_CHECKED checks without splitting again. */
typedef enum CgMode { CG_NORMAL, CG_FAST, CG_CHECKED } CgMode;

typedef struct Gen {
    const ExecProgram *prog;
    const ExecFunc *f;
    uint32_t fid;
    SolBuf *o;            /* where code goes */
    bool *target;         /* per pc of f (and one past the end): a jump lands here */
    bool *parallel;       /* per pc of f: a FOR whose loop runs on threads */
    bool *outlined_at;    /* per pc of f: its parallel body is written already */
    bool *restrict_mem;   /* per register: a memref whose dN is a restrict parameter (checked
                             accesses index dN too, so the buffer has one access path) */
    int32_t inner;        /* id of the innermost loop being written, -1 outside one */
    CgMode mode;
    uint32_t uid;         /* for unique local names */
    const SolCgFn *fns;   /* sol_exec_math_table */
    uint32_t nfns;
    SolBuf outlined;      /* the bodies of parallel loops, written after the function */
    CgenSummary *sum;
} Gen;

#define cg_put(g, ...) sol_buf_printf((g)->o, __VA_ARGS__)

/* C type of a register kind. */
const char *cg_ctype(ExecRegKind k);
/* Writes the integer v as a C expression of type int64_t (INT64_MIN included). */
void cg_put_i64(Gen *g, int64_t v);

/* Calls fn for every register instruction `in` reads (operands, linear terms, the memref and
 * subscripts of an access). */
void cg_for_each_read(const Insn *in, void (*fn)(int32_t reg, void *user), void *user);
/* The register an instruction writes, or -1 (FOR/NEXT write their IV: d). */
int32_t cg_written_reg(const Insn *in);

/* A straight-line instruction (everything but FOR, NEXT, jumps, CALL and RET). */
void cg_insn(Gen *g, uint32_t pc);
/* `{ ...; goto fail; }` for a fault of kind `kind` (SOL_CG_FAULT_*) at pc; REPLAY also stores
 * the registers the instruction reads. Inside an innermost loop it first gives back the steps
 * of the iterations not run (see cgen.c). */
void cg_fault(Gen *g, const char *kind, uint32_t pc);

/* True when the loop of the FOR at pc may run its iterations on several threads: no calls or
 * allocations inside, no value carried from one iteration to the next, and every buffer it
 * stores to is a distinct buffer that each iteration touches only in its own slice. entry:
 * the entry function when f is it and its arguments are distinct buffers, else NULL. */
bool cg_loop_is_parallel(const ExecFunc *f, uint32_t pc, const SolOp *entry);

#endif /* SOLAR_EXEC_CGEN_STATE_H */

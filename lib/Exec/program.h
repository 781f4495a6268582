/*
 * The executor's bytecode (private to lib/Exec): the contract between the compiler
 * (compile.c, which plans batched loops with batch_plan.c) and the machine that runs it
 * (interp.c and batch_run.c, on the run-time state of runtime.h). Nothing declared here runs
 * code.
 *
 * A function is an array of instructions over a frame of 8-byte register slots: one slot per
 * SSA value (an f16/bf16/f32/f64 value is held as a double, an integer of any width
 * sign-extended to 64 bits, a memref as a buffer pointer), plus temporaries for affine
 * arithmetic and loop bounds. Constants are preloaded into their slots when a frame starts,
 * so they cost nothing in loops.
 *
 * Rounding: a float op of an f32 value is an `_F32` opcode (computed in double, rounded to
 * float: exact for + - * / sqrt, whose double rounding is innocuous); f16 and bf16 ops are the
 * f64 opcode followed by ROUND_F16/ROUND_BF16; under --precision=wide all three use the f64
 * opcodes and only stores round. Integer ops narrower than 64 bits are followed by SEXT.
 */
#ifndef SOLAR_EXEC_PROGRAM_H
#define SOLAR_EXEC_PROGRAM_H

#include "Exec/cabi.h" /* Slot and ExecBuf, shared with generated code */
#include "Exec/exec.h"

/* c0 + sum(coef[k] * R[reg[k]]): one subscript, or a flattened offset. */
typedef struct Linear {
    int64_t c0;
    uint32_t nterms;
    int32_t *reg;
    int64_t *coef;
} Linear;

/* A load or store. Proved accesses use `flat` (the element offset); checked ones compute each
 * subscript, compare it with the buffer's dims and report the op on failure. */
typedef struct Access {
    int32_t mem; /* slot of the memref (in a batch loop: an encoded operand, see BatchLoop) */
    const SolValue *memv; /* the memref value, for alias questions */
    uint32_t rank;
    bool proved;
    Linear flat;
    Linear *subs; /* rank subscripts (checked accesses) */
    const SolOp *op;
} Access;

typedef struct ExecFunc ExecFunc;

#define EXEC_MAX_CALL_DEPTH 256 /* calls deeper than this are an error (recursion) */

typedef struct CallSite {
    ExecFunc *callee;
    uint32_t nargs, nresults;
    int32_t *args, *results;
    const SolOp *op;
} CallSite;

typedef struct AllocSite {
    SolElemKind elem;
    uint32_t rank;
    int64_t dims[SOL_TENSOR_MAX_RANK]; /* SOL_DYNAMIC: the next register of dyn */
    int32_t *dyn;
    const SolOp *op;
} AllocSite;

typedef struct BatchLoop BatchLoop;

typedef double (*MathFn1)(double);
typedef float (*MathFn1f)(float);
typedef double (*MathFn2)(double, double);
typedef float (*MathFn2f)(float, float);

#define EXEC_OPCODES(X)                                                                        \
    X(HALT) X(RET) X(MOV) X(LIN) X(JMP) X(JNEG) X(JNZ) X(FOR) X(NEXT) X(CALL)                          \
    X(LOAD) X(STORE) X(ALLOC) X(DEALLOC) X(DIM)                                                \
    X(ADDI) X(SUBI) X(MULI) X(MULC) X(DIVSI) X(DIVUI) X(CEILDIVSI) X(FLOORDIVSI) X(REMSI)      \
    X(REMUI) X(ANDI) X(ORI) X(XORI) X(SHLI) X(SHRSI) X(SHRUI) X(MAXSI) X(MINSI) X(MAXUI)       \
    X(MINUI) X(AFLOORDIV) X(ACEILDIV) X(AMOD) X(SEXT) X(ZEXT) X(ABSI) X(CTLZ) X(CTTZ)          \
    X(CTPOP) X(CMPI) X(SELECT)                                                                 \
    X(ADDF) X(SUBF) X(MULF) X(DIVF) X(REMF) X(MAXIMUMF) X(MINIMUMF) X(MAXNUMF) X(MINNUMF)      \
    X(NEGF) X(MATH1) X(MATH2) X(FMA) X(ADDF_F32) X(SUBF_F32) X(MULF_F32) X(DIVF_F32)           \
    X(REMF_F32) X(MATH1_F32) X(MATH2_F32) X(FMA_F32) X(ROUND_F32) X(ROUND_F16) X(ROUND_BF16)   \
    X(CMPF) X(SITOFP) X(UITOFP) X(FPTOSI) X(FPTOUI) X(BITCAST_FI) X(BITCAST_IF) X(BATCH)

typedef enum ExecOpcode {
#define X(name) EX_##name,
    EXEC_OPCODES(X)
#undef X
        EX_COUNT
} ExecOpcode;

typedef struct Insn {
    uint16_t opc;
    uint16_t w; /* integer width, float kind, or load/store element kind */
    int32_t d, a, b, c; /* registers; c is the target of jumps, FOR (exit) and NEXT (body) */
    union {
        int64_t imm; /* MULC factor, AFLOORDIV/ACEILDIV/AMOD divisor (AMOD: 0 = register b),
                      * FOR/NEXT step, CMP predicate */
        const Access *acc;
        const Linear *lin; /* LIN: d = the linear form */
        const CallSite *call;
        const AllocSite *alloc;
        const BatchLoop *batch;
        MathFn1 f1;
        MathFn1f f1f;
        MathFn2 f2;
        MathFn2f f2f;
    } x;
    const SolOp *op; /* for run-time errors */
} Insn;

/* An innermost loop run a chunk of iterations at a time (planned by batch_plan.c, run by
 * batch_run.c): each instruction of the
 * body runs over all lanes of the chunk before the next one, so dispatch is paid once per
 * chunk. Operands are encoded: >= 0 is a lane buffer (a value that varies per iteration; lane
 * 0 is the induction variable), < 0 is -(slot + 1), a value defined outside the loop. Loops
 * whose iter_args are reductions (`%s = addf %acc, %x; yield %s`) qualify: those ops run in
 * order over the lanes after the rest. */
typedef struct Reduction {
    uint16_t opc;   /* ADDF, ADDF_F32, MULF, MULF_F32, MAXIMUMF, ..., ADDI */
    uint16_t round; /* 0, EX_ROUND_F16 or EX_ROUND_BF16 after each step */
    uint16_t w;     /* ADDI: integer width */
    int32_t acc;    /* slot of the iter_arg (and of the loop result) */
    int32_t x;      /* encoded operand combined into it */
    bool acc_rhs;   /* the op reads OP(x, acc) rather than OP(acc, x) */
    bool fused_mul; /* x is mul_a * mul_b (f32), computed in the reduction loop */
    int32_t mul_a, mul_b;
    /* When both factors are proved f32 loads indexed by the IV alone, the loads move into
     * the reduction loop too (a dot product in one pass): their accesses, else NULL. */
    const Access *load_a, *load_b;
} Reduction;

struct BatchLoop {
    int64_t step;
    Insn *code; /* the body, encoded operands, no jumps */
    uint32_t ncode;
    uint32_t nlanes;
    Reduction *reds;
    uint32_t nreds;
};

typedef struct ConstInit {
    int32_t reg;
    Slot value;
} ConstInit;

/* What a register holds, for the C engine's typed locals (the interpreter's slots are
 * untyped). F32: an f32 value of the exact precision, always exactly a float (every op that
 * makes one rounds, or a ROUND_F32 of the same register follows at once); F64: any other
 * float (f64, f16/bf16 held exactly in a double, every float under --precision=wide). */
typedef enum ExecRegKind { EXEC_REG_INT, EXEC_REG_F32, EXEC_REG_F64, EXEC_REG_MEM } ExecRegKind;

struct ExecFunc {
    SolOp *op;
    Insn *code;
    uint32_t ncode;
    uint32_t nregs;
    uint8_t *reg_kind; /* ExecRegKind of each register */
    ConstInit *consts;
    uint32_t nconsts;
    uint32_t nargs;
    int32_t *arg_regs;
    bool compiled, compiling;
};

typedef struct ExecProgram {
    SolModule *module;
    SolArena arena; /* instructions, access descriptors, call and alloc sites */
    ExecFunc *funcs;
    uint32_t nfuncs;
    SolPrecision precision;
    bool batch; /* batch innermost loops that qualify (batch_plan.c) */
    const SolOp *distinct_args; /* the entry function when its memref arguments are distinct
                                 * buffers of the shapes compiled for, else NULL */
    SolExecStats *stats;
} ExecProgram;

/* Compiles every function of the module (the entry with the argument shapes of this run, so
 * accesses to them can be proved in bounds). Emits errors for what it cannot run. */
bool sol_exec_compile(ExecProgram *prog, SolModule *m, SolOp *entry, SolTensor *const *args,
                      const SolExecOptions *opts, SolExecStats *stats);
void sol_exec_program_free(ExecProgram *prog);
/* Every function an instruction can call (MATH1/MATH2 pointers and the libm functions of
 * arith.h's opcodes), in a fixed order: the C engine calls them through this table. */
const SolCgFn *sol_exec_math_table(uint32_t *n);
ExecFunc *sol_exec_find_func(ExecProgram *prog, const SolOp *func);

/* True when memref value v names a buffer no other memref value names: a memref.alloc result,
 * or an argument of `entry` (the entry function when its arguments are distinct buffers, else
 * NULL). Loops that reorder their iterations (batch_plan.c, cgen_par.c) rely on it. */
bool sol_exec_distinct_buffer(const SolValue *v, const SolOp *entry);
/* The same linear form, term for term. */
bool sol_exec_same_linear(const Linear *x, const Linear *y);

/* Tries to batch an innermost loop whose compiled body (ending with the yield's moves) is
 * body[0, n): NULL when it does not qualify (see batch_plan.c). entry: the entry function when
 * the loop is in it (its memref arguments are distinct buffers), else NULL. */
BatchLoop *sol_exec_batch_plan(SolArena *arena, const Insn *body, uint32_t n, uint32_t nregs,
                               int32_t iv, const int32_t *iter, uint32_t niter, const SolOp *entry,
                               int64_t step);

#endif /* SOLAR_EXEC_PROGRAM_H */

/*
 * The bytecode compiler's shared state (private to compile.c, compile_affine.c and
 * compile_scalar.c): IR -> executor bytecode, see program.h for the machine and compile.c for
 * the scheme. compile.c owns the compiler state, the structured ops and the driver;
 * compile_affine.c lowers affine maps to linear forms and builds memory accesses, proving them
 * in bounds where it can (with bounds.h); compile_scalar.c compiles constants, casts and
 * arithmetic with the rounding and narrowing the types ask for.
 */
#ifndef SOLAR_EXEC_COMPILE_H
#define SOLAR_EXEC_COMPILE_H

#include "Exec/bounds.h"
#include "Exec/program.h"
#include "Support/ptr_map.h"

typedef struct Compiler {
    ExecProgram *prog;
    SolContext *ctx;
    SolModule *m;
    ExecFunc *fn;
    SolTensor *const *arg_tensors; /* entry function only: shapes known for this run */
    bool unsafe_dealloc;           /* a dealloc of something not a memref.alloc result */
    SolVecOf(Insn) code;
    SolVecOf(ConstInit) consts;
    SolPtrMap regs;                 /* SolValue* -> slot */
    SolVecOf(ConstInit) int_consts; /* index constants made by the compiler, see const_reg */
    SolVecOf(uint8_t) kinds;        /* ExecRegKind of each register */
    uint32_t nregs;
    bool ok;
} Compiler;

/* c0 + sum(coef * reg) while it is built (lin_finish: the Linear, in the program's arena). */
typedef struct LinBuilder {
    int64_t c0;
    SolVecOf(int32_t) reg;
    SolVecOf(int64_t) coef;
    bool overflow;
} LinBuilder;

/* ---- state (compile.c) -------------------------------------------------------------------- */

void *comp_arena_new(Compiler *C, size_t size); /* zeroed, freed with the program */
int32_t comp_new_reg(Compiler *C);              /* an integer temporary */
Insn *comp_emit(Compiler *C, ExecOpcode opc, int32_t d, int32_t a, int32_t b, const SolOp *op);
/* "solar-run cannot execute this OP: WHAT" at op; the compile fails. */
void comp_fail(Compiler *C, const SolOp *op, const char *what);
int32_t comp_const_reg(Compiler *C, int64_t v);         /* an index constant's shared slot */
int32_t comp_value_reg(Compiler *C, const SolValue *v); /* the value's slot */

/* ---- affine maps and accesses (compile_affine.c) ------------------------------------------ */

void comp_lin_free(LinBuilder *lb);
Linear comp_lin_finish(Compiler *C, LinBuilder *lb);
/* lb += coef * e, e over opregs (ndims dims, then symbols); non-linear parts are computed
 * into temporaries first. */
void comp_linearize(Compiler *C, const SolAffineExpr *e, int64_t coef, const int32_t *opregs,
                    uint32_t ndims, LinBuilder *lb, const SolOp *op);
/* A register holding the value of a linear form. */
int32_t comp_materialize_lin(Compiler *C, const Linear *l, const SolOp *op);
/* Registers of an op's operands [first, first + n). */
int32_t *comp_operand_regs(Compiler *C, const SolOp *op, uint32_t first, uint32_t n);
/* A register holding result i of map over opregs. */
int32_t comp_map_result_reg(Compiler *C, const SolAffineMap *map, uint32_t i, const int32_t *opregs,
                            const SolOp *op);
/* The max (lower bounds) or min (upper bounds, affine.min) of a map's results. */
int32_t comp_map_combined_reg(Compiler *C, const SolAffineMap *map, const int32_t *opregs,
                              bool take_max, const SolOp *op);
/* Static dims of memref `mem` for this run (entry arguments: the tensors' shapes); false when
 * some dim is only known at run time. */
bool comp_known_dims(Compiler *C, const SolValue *mem, int64_t *dims);
/* The accesses of affine.load/store (map over operands [first, ...)), memref.load/store (index
 * operands from first) and a linalg.generic operand (map over the loop registers ivs, whose
 * ranges are given). */
const Access *comp_affine_access(Compiler *C, const SolOp *op, const SolValue *mem,
                                 const SolAffineMap *map, uint32_t first);
const Access *comp_plain_access(Compiler *C, const SolOp *op, const SolValue *mem, uint32_t first);
const Access *comp_generic_access(Compiler *C, const SolAffineMap *mk, const SolValue *mem,
                                  const int32_t *ivs, const ExecRange *ranges, const SolOp *op);
void comp_emit_load(Compiler *C, int32_t d, const Access *acc, SolElemKind elem, const SolOp *op);
void comp_emit_store(Compiler *C, int32_t value, const Access *acc, SolElemKind elem,
                     const SolOp *op);
SolElemKind comp_elem_of(const SolType *memref);

/* ---- scalar ops (compile_scalar.c) -------------------------------------------------------- */

uint32_t comp_int_width(const SolType *t); /* an int's width; 64 for index */
/* After an integer op producing t, restore the sign-extended form. */
void comp_narrow(Compiler *C, int32_t d, const SolType *t, const SolOp *op);
/* After a float op producing t, round to its precision (exact mode only). */
void comp_round_float(Compiler *C, int32_t d, const SolType *t, const SolOp *op);
/* True when ops on t use the _F32 opcodes (exact f32), false for the f64 ones. */
bool comp_uses_f32_ops(Compiler *C, const SolType *t);
/* The f64 and f32 functions of a one-operand math op; false for other kinds. */
bool comp_math1_fns(SolOpKind k, MathFn1 *d, MathFn1f *f);
ExecOpcode comp_int_binop(SolOpKind k); /* EX_COUNT for a kind that is none */
void comp_float_binary(Compiler *C, SolOp *op, int32_t d, int32_t a, int32_t b);
void comp_cast(Compiler *C, SolOp *op, int32_t d, int32_t a);
void comp_constant(Compiler *C, SolOp *op);

#endif /* SOLAR_EXEC_COMPILE_H */

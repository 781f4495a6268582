/*
 * What the structural verifier (verifier.c, the generic walk) shares with the op files that
 * hold each dialect's checks (Ops/func.c, affine.c, memref.c, linalg.c, arith.c): the walk's
 * state, helpers more than one dialect uses, and the verify hooks that ops.def's verify column
 * names.
 *
 * A hook runs once per op, in the walk's pre-order, after the generic checks (links, counts
 * against ops.def, dominance, terminator placement) and only when the counts are right, so it
 * may index operands, results and regions freely; the op's regions are verified after it
 * either way. A hook reports with sol_vfy_error and checks nothing the walk already does.
 */
#ifndef SOLAR_IR_VERIFY_INTERNAL_H
#define SOLAR_IR_VERIFY_INTERNAL_H

#include "IR/ir.h"
#include "Support/ptr_map.h"

typedef SolVecOf(SolOp *) SolOpVec;


typedef struct SolVerifier {
    SolContext *ctx;
    SolVecOf(SolValue *) scope; /* the values visible at this point of the walk, each marked
                                 * SOL_WALK_IN_SCOPE (SolValue.walk) until it leaves */
    SolPtrMap memo;  /* SolValue* -> Ops/affine.c's MEMO_* bits: dim/symbol validity */
    SolPtrMap funcs; /* SolIdent* -> func.func op of the enclosing module */
    bool funcs_built;
    /* Set while functions are verified as they are parsed: a call to a function not seen yet is
     * put here, to be checked at the end, instead of being reported. */
    SolOpVec *deferred_calls;
    SolOp *func;     /* the func.func being walked, NULL outside functions */
    unsigned guards; /* affine.if ops around the current op inside the function */
    SolBuf tbuf[4];  /* rotating buffers for type spellings in messages */
    unsigned tnext;
} SolVerifier;

/* The type of ops.def's verify column. */
typedef void (*SolVerifyHook)(SolVerifier *v, SolOp *op);

static inline bool is_index(const SolType *t) { return t && t->kind == SOL_TYPE_INDEX; }
static inline bool is_int(const SolType *t) { return t && t->kind == SOL_TYPE_INT; }
static inline bool is_float(const SolType *t) { return t && t->kind == SOL_TYPE_FLOAT; }
static inline bool is_memref(const SolType *t) { return t && t->kind == SOL_TYPE_MEMREF; }
static inline const SolType *opnd_type(const SolOp *op, uint32_t i)
{
    return sol_op_operand(op, i)->type;
}
static inline const SolType *res_type(const SolOp *op, uint32_t i) { return op->results[i].type; }
/* The block a value is defined in: its owner for a block argument, else its op's block. */
static inline SolBlock *value_block(const SolValue *val)
{
    return val->def ? val->def->parent : val->owner;
}

/* ---- verifier.c: one op at a time ------------------------------------------------------------
 * What sol_verify_module does in one walk, in pieces, for ops verified as they are parsed
 * (stream.c): a function's arguments come into scope, each top-level op of its body is checked
 * with everything nested in it and its results come into scope, and the function's own checks
 * run at its end, when its terminator is there. */

void sol_vfy_func_begin(SolVerifier *v, SolOp *func);
void sol_vfy_top_op(SolVerifier *v, SolOp *op);
void sol_vfy_func_end(SolVerifier *v, SolOp *func);
/* The generic counts and the op's hook, without its regions (a function, the module). */
void sol_vfy_op_alone(SolVerifier *v, SolOp *op);
void sol_vfy_free(SolVerifier *v);

/* ---- verifier.c: helpers ------------------------------------------------------------------- */

/* Emits `'<op name>' op <message>` at the op's location. */
void sol_vfy_error(SolVerifier *v, const SolOp *op, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* The MLIR spelling of t, valid until three more calls. */
const char *sol_vfy_type_str(SolVerifier *v, const SolType *t);
uint32_t sol_vfy_num_blocks(const SolRegion *r);
/* Operands first .. first+n-1 are index typed (`operand #N must be index`); reports the first
 * that is not. */
bool sol_vfy_index_operands(SolVerifier *v, const SolOp *op, uint32_t first, uint32_t n);
/* body -> ops* terminator: a non-empty block whose last op is `want`. Returns the terminator,
 * or NULL (after reporting, except for a terminator of another kind, which the walk reports
 * as misplaced). */
SolOp *sol_vfy_block_terminator(SolVerifier *v, const SolOp *op, const SolBlock *b, SolOpKind want);

/* ---- Ops/affine.c: shared with linalg.generic's indexing maps ------------------------------ */

/* map -> every result a valid affine expression over the map's dims and symbols; reports the
 * first violation */
bool sol_vfy_affine_map(SolVerifier *v, const SolOp *op, const SolAffineMap *m);

/* ---- verify hooks (ops.def's verify column) ------------------------------------------------ */

/* Ops/func.c */
void sol_builtin_module_verify(SolVerifier *v, SolOp *op);
void sol_func_func_verify(SolVerifier *v, SolOp *op);
void sol_func_call_verify(SolVerifier *v, SolOp *op);
/* Ops/affine.c */
void sol_affine_for_verify(SolVerifier *v, SolOp *op);
void sol_affine_if_verify(SolVerifier *v, SolOp *op);
void sol_affine_access_verify(SolVerifier *v, SolOp *op); /* affine.load, affine.store */
void sol_affine_map_op_verify(SolVerifier *v, SolOp *op); /* affine.apply, min, max */
/* Ops/memref.c */
void sol_memref_alloc_verify(SolVerifier *v, SolOp *op);
void sol_memref_dealloc_verify(SolVerifier *v, SolOp *op);
void sol_memref_dim_verify(SolVerifier *v, SolOp *op);
void sol_memref_access_verify(SolVerifier *v, SolOp *op); /* memref.load, memref.store */
/* Ops/linalg.c */
void sol_linalg_generic_verify(SolVerifier *v, SolOp *op);
/* Ops/arith.c: the syntax classes of the arith and math ops */
void sol_arith_elementwise_verify(SolVerifier *v, SolOp *op); /* binary, unary, ternary */
void sol_arith_cmp_verify(SolVerifier *v, SolOp *op);
void sol_arith_select_verify(SolVerifier *v, SolOp *op);
void sol_arith_cast_verify(SolVerifier *v, SolOp *op);
void sol_arith_constant_verify(SolVerifier *v, SolOp *op);

#endif /* SOLAR_IR_VERIFY_INTERNAL_H */

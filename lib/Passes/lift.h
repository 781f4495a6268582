/*
 * Internals of the lift-einsum pass, shared by lift_einsum.c (the pass: analysis of a loop nest,
 * its distribution into einsum nodes, array expansion of scratch buffers) and lift_emit.c
 * (building the linalg.generic ops and their solar.* attributes).
 *
 * The pass works one top-level loop nest at a time. Planning reads the IR only: it describes
 * each node (one future linalg.generic) by its iteration dims (loops of the nest), its operands
 * (memref + indexing map), and how every value the node needs is obtained in the region (a
 * block argument, a cloned op, or a value from outside the nest). Only when the whole nest is
 * planned and found legal does emission change the IR; otherwise the nest stays loops.
 */
#ifndef SOLAR_PASSES_LIFT_H
#define SOLAR_PASSES_LIFT_H

#include "IR/affine_util.h"
#include "Passes/pass.h"
#include "Support/ptr_map.h"

/* ---- the plan ------------------------------------------------------------------------------ */

/* A loop of the nest as an iteration dimension: iv = lb + step * t for t in [0, extent). */
typedef struct LiftDim {
    SolOp *loop;
    int64_t lb, step;
    const SolAffineExpr *extent; /* canonical: constants and function symbols (see canon) */
    SolValue *size;              /* emission: the extent as an index value, when not constant */
} LiftDim;

typedef enum LiftMemKind {
    LIFT_MEM_ARG,      /* a memref of the input program, used as it is */
    LIFT_MEM_EXPANDED, /* a memref.alloc of the program given leading dims (array expansion) */
    LIFT_MEM_TMP,      /* a new buffer holding scalars that flow between nodes */
    LIFT_MEM_SHAPE,    /* a new buffer that only gives the generic the range of some dims */
} LiftMemKind;

typedef struct LiftMem {
    LiftMemKind kind;
    SolValue *orig;      /* ARG, EXPANDED: the program's memref */
    const SolType *type; /* the memref type the generics see */
    LiftDim **dims;      /* EXPANDED: the leading dims; TMP, SHAPE: every dim */
    uint32_t ndims;
    SolValue *value;      /* emission: the value the generics use */
    const SolIdent *hint; /* TMP, SHAPE: name of the new buffer */
} LiftMem;

typedef struct LiftOperand {
    LiftMem *mem;
    const SolAffineMap *map; /* over the node's dims, no symbols */
    bool shape_only;         /* gives loop ranges; the region never reads it */
} LiftOperand;

typedef struct LiftOut {
    LiftOperand opd;
    SolValue *yield; /* original value the region yields for this output */
    SolOp *store;    /* the affine.store it replaces, NULL for accumulators and fills */
    bool reads;      /* the region reads the output's block argument */
} LiftOut;

/* How the region obtains an original value (LiftNode.res; kind in the low byte). */
typedef enum LiftResKind {
    LIFT_RES_IN,    /* block argument of input `index` */
    LIFT_RES_OUT,   /* block argument of output `index` */
    LIFT_RES_CLONE, /* the op is cloned into the region */
    LIFT_RES_OUTER, /* defined outside the nest: used as it is */
} LiftResKind;

typedef struct LiftNode {
    LiftDim **dims;
    uint32_t ndims;
    SolVecOf(LiftOperand) ins;
    SolVecOf(LiftOut) outs;
    SolVecOf(SolOp *) ops; /* ops cloned into the region, in program order at emission */
    SolPtrMap res;         /* original value -> (index << 8) | LiftResKind */
    SolOp *anchor;         /* the op the node stands for (store, reduction loop, scalar op) */
    SolBlock *inner;       /* the block of the node's innermost iteration */
    SolValue *acc;         /* reduction nodes: the innermost iter_args block argument */
    uint32_t acc_out;      /* its output */
    bool merged;           /* folded into the previous node */
} LiftNode;

/* ---- emission (lift_emit.c) --------------------------------------------------------------- */

/* Builds the generic of node n before `pos`; `seq` numbers the nest's ops in program order. */
SolOp *sol_lift_emit_node(SolModule *m, LiftNode *n, const SolPtrMap *seq, SolOp *pos);

/* Sets solar.einsum, solar.combine and solar.reduce on a linalg.generic from its maps and
 * region. letters[d] names dim d (NULL: pick i, j, k, ... in order). */
void sol_lift_annotate(SolModule *m, SolOp *generic, const char *const *letters);

#endif /* SOLAR_PASSES_LIFT_H */

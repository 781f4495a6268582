/*
 * Internals of the lift-einsum pass, shared by its files:
 *   lift_einsum.c      the pass and its driver (per function, per nest), IR queries
 *   lift_dims.c        loops as iteration dims, canonical extents, memrefs, subscripts as maps
 *                      over a node's dims, loop ranges (MLIR infers them from operand shapes)
 *   lift_reduce.c      iter_args reductions: where the result lives, fill and reduction nodes
 *   lift_distribute.c  distribution of a nest into nodes: planning each level, legality,
 *                      merging stores that share work
 *   lift_expand.c      array expansion of scratch buffers
 *   lift_emit.c        building the linalg.generic ops and their solar.* attributes
 * Functions shared between these files are named sol_lift_*; each file's own are static.
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

/* ---- the state ------------------------------------------------------------------------------ */

/* A function symbol of canonical extents: a value, or dim `dim` of memref `v` (dim >= 0). */
typedef struct LiftSymKey {
    const SolValue *v;
    int64_t dim;
} LiftSymKey;

/* The extent a `?` dim of a function argument is taken to have (sol_dim_extent_assumed). */
typedef struct LiftContract {
    const SolValue *arg;
    uint32_t dim;
    const SolAffineExpr *extent; /* NULL: none */
} LiftContract;

/* A memref.alloc of the function body and the next one used by the same nest (1-based). */
typedef struct LiftAllocLink {
    SolOp *op;
    uint64_t next;
} LiftAllocLink;

/* What the pass knows of one function, for all its nests. */
typedef struct LiftFunc {
    SolContext *ctx;
    SolModule *m;
    SolOp *func;
    SolBlock *body;
    bool remarks;
    SolVecOf(LiftSymKey) syms;        /* symbol k of canonical extents is syms[k] */
    SolVecOf(LiftContract) contracts; /* assumed extents of `?` dims of arguments */
    SolVecOf(LiftAllocLink) allocs;   /* allocations, chained per nest */
    SolPtrMap nest_allocs; /* top-level nest -> 1 + index of its first allocation in allocs */
    SolPtrMap last_alloc;  /* top-level nest -> 1 + index of its last one */
} LiftFunc;

/* The nest being planned: everything here lives until the nest is emitted or given up. */
typedef struct LiftNest {
    LiftFunc *fn;
    SolContext *ctx; /* fn->ctx */
    SolOp *root;
    SolArena arena;
    SolPtrMap seq;     /* op -> program order */
    SolPtrMap dims;    /* loop -> LiftDim* */
    SolPtrMap mems;    /* memref -> LiftMem* */
    SolPtrMap scalars; /* value -> LiftScalar* */
    SolPtrMap reds;    /* reduction loop -> LiftReduction* */
    SolVecOf(LiftNode *) nodes;
    SolVecOf(LiftMem *) made; /* buffers emission creates */
    char *why;                /* the first reason the nest stays loops */
    SolLoc why_loc;
} LiftNest;

/* Where a scalar of the nest lives between nodes: a reduction result or a materialized value. */
typedef struct LiftScalar {
    LiftMem *mem;
    LiftDim **dims; /* the loops around its definition; mem is indexed by map over them */
    uint32_t ndims;
    const SolAffineMap *map;
    SolOp *store;  /* reduction stored straight to the program's buffer: that store */
    bool absorbed; /* that store stores the result itself (no node of its own) */
} LiftScalar;

/* A reduction: nested `iter_args` loops carrying one value. */
typedef struct LiftReduction {
    LiftScalar *dest;
    bool fill; /* a fill node stores the initial value first */
    SolOp **chain;
    uint32_t nchain;
    SolBlock *inner; /* body of the innermost loop */
} LiftReduction;

/* One level of the nest being planned: the dims of the loops around it and its block. */
typedef struct LiftLevel {
    LiftDim **dims;
    uint32_t n;
    SolBlock *block;
} LiftLevel;

static inline void *sol_lift_alloc(LiftNest *L, size_t size)
{
    return sol_arena_alloc(&L->arena, size);
}
static inline SolBlock *sol_lift_body(const SolOp *op)
{
    return sol_region_first_block(&op->regions[0]);
}
static inline const char *sol_lift_value_name(const SolValue *v)
{
    return v && v->hint ? v->hint->str : "a value";
}

/* ---- the driver and IR queries (lift_einsum.c) ------------------------------------------------
 */

/* Records the first reason the nest stays loops; returns false for `return sol_lift_fail(...)`. */
__attribute__((format(printf, 3, 4))) bool sol_lift_fail(LiftNest *L, const SolOp *at,
                                                         const char *fmt, ...);
/* Drops a reason recorded since `saved`: for probes whose failure is not the nest's. */
void sol_lift_forget(LiftNest *L, char *saved);
bool sol_lift_op_inside(const SolOp *op, const SolOp *root);
bool sol_lift_value_inside(const SolValue *v, const SolOp *root);
/* The loop whose induction variable v is, or NULL. */
static inline SolOp *sol_lift_iv_loop(const SolValue *v)
{
    SolOp *loop = v->def || !v->owner || v->index != 0 ? NULL : sol_block_parent_op(v->owner);
    return loop && loop->kind == SOL_OP_FOR ? loop : NULL;
}
/* op or the ancestor of op whose parent block is b, or NULL. */
SolOp *sol_lift_ancestor_in(SolOp *op, const SolBlock *b);
uint64_t sol_lift_seq_of(const LiftNest *L, const SolOp *op);
/* The memref an access op reads or writes and the index of its first subscript operand. */
SolValue *sol_lift_access_memref(const SolOp *op, uint32_t *first);
bool sol_lift_op_writes(SolOp *op, const SolValue *mem);
bool sol_lift_op_accesses(SolOp *op, const SolValue *mem);
/* A pure scalar op with one result an einsum region can hold. */
static inline bool sol_lift_is_scalar_op(const SolOp *op)
{
    return (sol_op_info((SolOpKind)op->kind)->flags & SOL_OPF_PURE) && op->kind != SOL_OP_APPLY &&
           op->kind != SOL_OP_AMIN && op->kind != SOL_OP_AMAX && op->num_results == 1 &&
           !op->num_regions;
}

/* ---- dims, extents, memrefs, maps, loop ranges (lift_dims.c) ----------------------------------
 */

/* The assumed extents of the `?` dims of F's memref arguments (F->contracts). */
void sol_lift_compute_contracts(LiftFunc *F);
/* Extent of dim r of a memref from its type or allocation, before any assumption. */
const SolAffineExpr *sol_lift_raw_extent(LiftFunc *F, SolValue *mem, uint32_t r, int depth);
/* The iteration dim of a loop of the nest, or NULL (reason recorded). */
LiftDim *sol_lift_dim_of(LiftNest *L, SolOp *loop);
LiftMem *sol_lift_mem_of(LiftNest *L, SolValue *v);
/* d[0, n) followed by extra (may be NULL), in the nest's arena. */
LiftDim **sol_lift_dims_copy(LiftNest *L, LiftDim *const *d, uint32_t n, LiftDim *extra);
/* A memref type with the extents of dims (`?` for symbolic ones) followed by `rest`. */
const SolType *sol_lift_memref_over(LiftNest *L, LiftDim *const *dims, uint32_t n,
                                    const SolType *rest, const SolType *elem);
/* A new buffer with one element per point of dims. */
LiftMem *sol_lift_new_buffer(LiftNest *L, LiftMemKind kind, LiftDim *const *dims, uint32_t n,
                             const SolType *elem, const SolIdent *hint);
const SolAffineMap *sol_lift_identity_map(LiftNest *L, uint32_t ndims, uint32_t n);
/* The map of a load/store over dims, with the leading dims of an expanded buffer. */
const SolAffineMap *sol_lift_access_map(LiftNest *L, LiftDim *const *dims, uint32_t n, SolOp *op,
                                        const LiftMem *mem);
/* map (over the dims `from`) rewritten over the node dims `to`. */
const SolAffineMap *sol_lift_remap(LiftNest *L, const SolAffineMap *map, LiftDim *const *from,
                                   uint32_t nfrom, LiftDim *const *to, uint32_t nto);
/* Whether every one of the first n dims is a plain result of map. */
bool sol_lift_covers_dims(const SolAffineMap *map, uint32_t n);
/* Checks that every dim of N gets its range from an operand whose extent is provably the
 * loop's, adding a shape-only input for the dims that have none. */
bool sol_lift_finish_node(LiftNest *L, LiftNode *N);

/* ---- distribution into nodes (lift_distribute.c) ----------------------------------------------
 */

/* A node over the dims of lv whose innermost iteration is lv's block. */
LiftNode *sol_lift_node_new(LiftNest *L, const LiftLevel *lv, SolOp *anchor);
bool sol_lift_add_out(LiftNest *L, LiftNode *N, LiftMem *mem, const SolAffineMap *map,
                      SolValue *yield, SolOp *store);
const LiftScalar *sol_lift_scalar_of(const LiftNest *L, const SolValue *v);
/* How the region of N obtains v (recorded in N->res). top: v is the value N materializes,
 * which is computed here rather than read from its buffer. */
bool sol_lift_resolve(LiftNest *L, LiftNode *N, SolValue *v, bool top);
/* Whether v depends on target through ops of the nest (a running value of a reduction). */
bool sol_lift_depends_on(const LiftNest *L, const SolValue *v, const SolValue *target, int depth);
/* Plans the nodes of one level of the nest and, recursively, of the loops in it. */
bool sol_lift_plan_level(LiftNest *L, const LiftLevel *lv);
/* Whether the nodes keep every access to a shared buffer in its iteration. */
bool sol_lift_check_distribution(LiftNest *L);
/* Stores of one level sharing work become one node. */
void sol_lift_merge_nodes(LiftNest *L);

/* ---- reductions (lift_reduce.c) ----------------------------------------------------------------
 */

/* Decides where the result of reduction `loop` of level lv lives. */
bool sol_lift_plan_reduction_dest(LiftNest *L, const LiftLevel *lv, SolOp *loop);
/* The fill node (when the initial value must be stored) and the reduction node. */
bool sol_lift_plan_reduction(LiftNest *L, const LiftLevel *lv, SolOp *loop);

/* ---- array expansion (lift_expand.c) ------------------------------------------------------------
 */

/* Scratch buffers of the nest that tie an outer loop get that loop as a leading dim. */
void sol_lift_plan_expansions(LiftNest *L);

/* ---- emission (lift_emit.c) --------------------------------------------------------------- */

/* Builds the generic of node n before `pos`; `seq` numbers the nest's ops in program order. */
SolOp *sol_lift_emit_node(SolModule *m, LiftNode *n, const SolPtrMap *seq, SolOp *pos);
/* Replaces the planned nest by its buffers and generics; returns the number of generics. */
unsigned sol_lift_emit_nest(LiftNest *L);

/* Sets solar.einsum, solar.combine and solar.reduce on a linalg.generic from its maps and
 * region. letters[d] names dim d (NULL: pick i, j, k, ... in order). */
void sol_lift_annotate(SolModule *m, SolOp *generic, const char *const *letters);

#endif /* SOLAR_PASSES_LIFT_H */

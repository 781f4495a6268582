/*
 * The einsum graph of a (bound) entry function, counted exactly: one node per top-level loop
 * nest or linalg.generic, in program order; the tensors between them (arguments: graph
 * inputs and outputs; memref.alloc results: intermediates).
 *
 * Per node (DESIGN §4): iterations; matrix_flops (2 per execution of an add that reduces the
 * product of two loaded operands: a contraction); vector_ops (every other arith/math op once
 * per execution; index arithmetic and constants excluded), both split by element type; and
 * bytes = distinct elements read + distinct elements written, times the element size.
 * Footprints are distinct elements (a stride-2 access reads every other element, a window
 * reads its strip once), count only executed taps of guarded windows, skip memrefs never
 * accessed, and within a node a read of elements the node wrote before (in program order)
 * costs nothing, while an accumulator read-modify-written in place costs one read and one
 * write. A data-dependent access counts min(executions, tensor size) and marks the node.
 * Each contraction of a node is also kept as a statement (SolStmt) for the cache-aware bound.
 * Its accesses are kept too (SolNodeAccess), for footprints over groups of nodes (fusion.h).
 *
 * Every count is an exact uint64; an enumeration over budget or a union too large to
 * materialise makes a count err low (a looser SOL, never a violated one) and sets
 * `approximate`.
 */
#ifndef SOLAR_ANALYSIS_GRAPH_H
#define SOLAR_ANALYSIS_GRAPH_H

#include "Analysis/domain.h"

typedef enum SolDtype {
    SOL_DT_F16,
    SOL_DT_BF16,
    SOL_DT_F32,
    SOL_DT_F64,
    SOL_DT_I8,
    SOL_DT_I32,
    SOL_DT_I64,
    SOL_DT_COUNT
} SolDtype;

/* `f16`, `bf16`, `f32`, `f64`, `i8`, `i32`, `i64`. */
const char *sol_dtype_name(SolDtype t);
/* The dtype that counts an op on values of type t (i1 counts as i8, index as i64). */
SolDtype sol_dtype_of(const SolType *t);

typedef struct SolGraphTensor {
    const SolValue *value;
    char name[48];           /* `%A`, or `%alloc3` for an unnamed allocation */
    bool is_arg, is_alloc;
    uint32_t elem_bytes;
    uint64_t elems;          /* element count (shapes are static once sizes are bound) */
    uint64_t compulsory_read_elems;  /* arguments: read before anything in the graph wrote them */
    uint64_t written_elems;          /* distinct elements written by the whole graph */
    const int64_t *dims;             /* the shape, `?` dims sized from the accesses (arena) */
    uint32_t first_node, last_node;  /* the first and last node touching it (UINT32_MAX: none) */
} SolGraphTensor;

/* One access of a node as the graph counted it, kept so that footprints over several nodes
 * (a fusion group, fusion.h) can be computed later: subscripts are level expressions over
 * dom, in the graph's arena. */
typedef struct SolNodeAccess {
    uint32_t tensor;
    bool write;
    uint32_t rank;
    const SolDomain *dom;
    const SolAffineExpr *const *subs; /* NULL: data-dependent */
} SolNodeAccess;

typedef struct SolNodeTensor {
    uint32_t tensor; /* index into SolGraph.tensors */
    uint64_t read_elems, write_elems;
} SolNodeTensor;

/* A contraction statement of a node, `acc += a * b` (the multiply of two loaded operands
 * feeding an add-reduction), kept for the cache-aware bound (cache_bound.h): its domain, the
 * two operands' accesses and the access its accumulated value is stored through. Subscripts
 * are level expressions over `dom`; an output stored after its reduction loops uses only the
 * outer levels, so its subscripts leave the reduced levels out. A node can hold several
 * statements (attention written as one loop nest holds two). */
typedef struct SolStmtAccess {
    uint32_t tensor;                  /* index into SolGraph.tensors */
    const SolAffineExpr *const *subs; /* one per dim; NULL: unknown (data-dependent) */
    uint32_t rank;
} SolStmtAccess;

typedef struct SolStmt {
    const SolDomain *dom; /* the multiply's domain (graph arena) */
    uint64_t points;      /* |dom|: the multiply-accumulates that must execute (W) */
    bool approximate;     /* points err low */
    SolDtype dtype;       /* the operands' element type (before a widening cast) */
    SolStmtAccess in[2];  /* the operands */
    SolStmtAccess out;    /* where the accumulated value is stored; valid when has_out */
    bool has_out;
    /* What tells one accumulated value from another. In place (`C[i,j] += ...` read and
     * written inside the reduction, or a generic's output): the output's element, so the
     * levels its subscripts use. Otherwise (an iter_args reduction stored after its loops):
     * the loops outside the reduction, whatever the store's subscripts are (a buffer reused
     * across an outer loop holds one value per iteration of it). The other levels of `dom`
     * are the statement's reduction. */
    bool in_place;
    uint64_t value_mask;
    /* The stored values are final: in the whole graph the output tensor is otherwise only
     * written before this statement (an initialisation whose subscripts follow every common
     * loop the output's do), so each partial sum must stay on chip or be written out
     * (io-lower-bounds.md §2). False: a later access may consume it on chip (§6.2). */
    bool out_final;
} SolStmt;

typedef struct SolNode {
    SolOp *op;
    char name[48];        /* `node0`, or the op's `solar.name` */
    const char *einsum;   /* the op's solar.einsum string, or NULL */
    const char *kind;     /* contraction, convolution, elementwise, reduction, loops */
    uint64_t iterations;  /* points of the deepest domain of the node */
    uint64_t matrix_flops[SOL_DT_COUNT];
    uint64_t vector_ops[SOL_DT_COUNT];
    uint64_t matrix_total, vector_total;
    uint64_t bytes;
    /* The matrix FLOPs when convolutions are bounded by the fast-algorithm limit (2 per
     * output element per input channel: the domain with the window taps projected out);
     * equal to matrix_flops for every other contraction. */
    uint64_t matrix_flops_conv_any[SOL_DT_COUNT];
    bool is_conv;          /* a contraction over a sliding window (`in[p + r] * w[r]`) */
    bool data_dependent, approximate;
    SolNodeTensor *tensors;
    uint32_t num_tensors;
    SolStmt *stmts; /* contraction statements, in program order */
    uint32_t num_stmts;
    SolNodeAccess *accesses; /* every access, in program order */
    uint32_t num_accesses;
    /* The source op it belongs to (0, 1, ... in program order): the kernel an eager framework
     * would run it in, which the unfused bound charges as one. Consecutive nodes form one
     * source op when their ops carry the same `solar.op` and `solar.loc` (the importer's
     * provenance, copied by lift-einsum) or the same `solar.nest` (lift-einsum's mark on
     * the einsums it made from one loop nest); any other node is a source op of its own.
     * A view op's nodes (`aten.permute`, ...: no kernel in eager) join the next op. */
    uint32_t source_op;
    bool is_view; /* of a view op, so the report names its source op after another node */
} SolNode;

typedef struct SolGraph {
    SolArena arena;
    SolNode *nodes;
    uint32_t num_nodes;
    SolGraphTensor *tensors;
    uint32_t num_tensors;
    uint64_t matrix_total, vector_total;
    uint64_t node_bytes; /* the nodes' bytes, summed (each node its own kernel) */
    uint64_t compulsory_bytes;       /* compulsory_read_bytes + compulsory_write_bytes */
    uint64_t compulsory_read_bytes;  /* arguments' elements read before anything wrote them */
    uint64_t compulsory_write_bytes; /* arguments' elements written */
    uint32_t num_source_ops; /* see SolNode.source_op */
    bool approximate, data_dependent, overflow;
} SolGraph;

/* Builds the graph of func, whose sizes must all be bound. Emits an error (an unbound size, a
 * shape that is still `?`) and returns false when it cannot count. */
bool sol_graph_build(SolContext *ctx, SolModule *m, SolOp *func, SolGraph *g);
void sol_graph_free(SolGraph *g);

/* Sets every node's source_op and num_source_ops (source_ops.c; sol_graph_build calls it). */
void sol_graph_assign_source_ops(SolContext *ctx, SolGraph *g);

#endif /* SOLAR_ANALYSIS_GRAPH_H */

/*
 * The einsum graph builder's state, shared by graph.c (the walk, counting and footprints) and
 * graph_stmts.c (recognising contractions and resolving them into statements). Internal to
 * lib/Analysis: graph.h is the interface.
 */
#ifndef SOLAR_ANALYSIS_GRAPH_BUILDER_H
#define SOLAR_ANALYSIS_GRAPH_BUILDER_H

#include "Analysis/graph.h"
#include "Support/ptr_map.h"

/* A domain with its point count computed once. */
typedef struct Scope {
    SolDomain dom;
    bool counted;
    SolCount count;
} Scope;

typedef struct Access {
    uint32_t tensor;
    const Scope *scope;
    const SolAffineExpr **subs; /* NULL: data-dependent */
    uint32_t rank;
    bool write;
    /* The value moved: a load's result, a store's stored value, a linalg.generic operand's
     * block argument (for statements, see resolve_stmts). */
    const SolValue *val;
} Access;

/* A contraction found while walking a node, resolved into a SolStmt at the node's end. */
typedef struct StmtStub {
    const SolOp *add;         /* the reduction's add */
    Scope *scope;             /* the multiply's scope */
    int64_t in[2];            /* access of each operand, -1: none */
    const SolValue *acc;      /* the add's accumulator operand */
    SolDtype dtype;
} StmtStub;

/* A callee's argument and the caller's value it stands for, while a call is analysed. */
typedef struct Subst {
    const SolValue *from, *to;
} Subst;

typedef struct Builder {
    SolContext *ctx;
    SolModule *module;
    SolVecOf(Subst) subst;
    int call_depth;
    SolGraph *g;
    SolOp *func;
    SolNode *node;
    SolVecOf(Access) accs;
    SolVecOf(SolGraphTensor) tensors;
    SolVecOf(int64_t *) tensor_dims; /* per tensor: its dims (static or derived) */
    SolPtrMap tensor_index;          /* value -> index in tensors (a graph of 10,000 nodes has
                                        as many tensors: a linear search made building quadratic) */
    SolVecOf(StmtStub) stubs; /* the current node's contractions */
    bool has_reduction;
    bool sizing; /* the first walk, which only sizes `?` dims (see presize) */
    bool ok;
} Builder;

/* The points of s's domain, counted once. */
SolCount sol_graph_scope_count(Scope *s);
/* The index in B->tensors of the argument or allocation a memref value names. */
uint32_t sol_graph_tensor_of(Builder *B, const SolValue *mem);

/* Contractions (graph_stmts.c). `add(acc, mul(load, load))`: the multiply, or NULL. */
SolOp *sol_graph_contraction_mul(const SolOp *add);
bool sol_graph_is_contraction_mul(const SolOp *mul);
/* A widening cast whose every use is a contraction's multiply. */
bool sol_graph_feeds_contraction(const SolOp *cast);
/* The levels of a convolution window in the multiply's operands (0: none). */
uint64_t sol_graph_window_levels(Builder *B, const SolOp *mul);
/* Records the contraction `add(acc, mul)` at scope s for the cache-aware bound. */
void sol_graph_add_stub(Builder *B, Scope *s, const SolOp *add, const SolOp *mul, SolDtype dt);
/* Turns the current node's contraction stubs into its statements. */
void sol_graph_resolve_stmts(Builder *B, SolNode *node);

#endif

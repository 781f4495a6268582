/*
 * Fusion plans over the einsum graph (the `fuse` pass, DESIGN §3): the nodes, in program
 * order, cut into groups of consecutive nodes, each group one kernel. Intermediates produced
 * and consumed inside a group stay on chip; everything else crosses DRAM.
 *
 * A group's bytes are the compulsory traffic of the group as a unit: the elements it reads
 * that it did not write first (of a buffer that is not a function argument, a memref.alloc:
 * only elements an earlier group wrote), plus the elements it writes that are a function
 * argument's or that a later group reads before anything overwrites them. Footprints are
 * exact unions over the group's accesses (the images the graph's counts use); a buffer too
 * large for a bitmap or accessed data-dependently is charged in full to every group reading
 * it after an earlier group wrote it, and to every group writing it while a later one reads
 * it. So one group holding the whole graph costs the graph's compulsory bytes, and a group
 * never costs more than its nodes unfused.
 *
 * The plan is greedy in program order; node n joins the current group G or starts the next:
 *
 *   - a node of the same source op as the node before it (SolNode.source_op) joins G: one
 *     framework op is never split across kernels, so every group is a union of source ops
 *     and the plan never costs more than the unfused bound;
 *   - an initialisation (an elementwise node reading only what no node wrote before it: a
 *     fill, a bias broadcast into an accumulator) joins G: it is recomputed where its result
 *     is used and holds nothing on chip. When the node after it starts a new group, the
 *     trailing initialisations of G move there with their consumer;
 *   - a node whose inputs G has only initialised joins G;
 *   - an attention chain (a contraction whose output, an alloc, reaches another contraction
 *     as an operand through non-contraction nodes including a reduction: QK^T, softmax, PV)
 *     is one group however large its scores: they stay on chip tile by tile (flash-style);
 *   - any other node joins G only when it reads a tensor that a non-initialising node of G
 *     wrote (producer -> consumer; unrelated kernels are never merged) and the intermediates
 *     G must then keep on chip fit the budget. An intermediate is kept whole (elements x
 *     element size, each tensor once per group), except that an elementwise consumer reading
 *     a contraction's or elementwise node's output one element per point (an epilogue:
 *     bias, activation, scale) takes it tile by tile and keeps nothing, and the elementwise
 *     consumers of an attention chain take its outputs tile by tile too. Reductions thus
 *     join their consumers when their (small) results fit.
 *
 * The fused-plan bound on a device: sum over groups of max(group compute time, group DRAM
 * bytes / DRAM bandwidth), a group's DRAM bytes being what the cache state charges for its
 * reads and writes (bounds.h: outputs that fit in the storage that outlives a kernel need not
 * reach DRAM before it ends, and only first reads of arguments are cold). The graph as a
 * whole must still move its own charged compulsory bytes (the fused bound's): what the
 * groups' charges leave of them costs time where no group has spare compute time to hide
 * it, so the plan is never below the fused bound. A group's bytes are at most its nodes'
 * unfused bytes, and fused-plan = fused when one group holds every node.
 */
#ifndef SOLAR_ANALYSIS_FUSION_H
#define SOLAR_ANALYSIS_FUSION_H

#include "Analysis/bounds.h"

typedef struct SolFusionGroup {
    uint32_t first, last;    /* its nodes: [first, last] */
    uint64_t read_bytes;     /* read from DRAM: not written by the group first */
    uint64_t cold_read_bytes; /* of read_bytes: function arguments' elements no earlier group
                                 read or wrote (with a cold cache they start in DRAM) */
    uint64_t write_bytes;    /* written to DRAM: argument outputs, values later groups read */
    uint64_t bytes;          /* read_bytes + write_bytes */
    uint64_t resident_bytes; /* intermediates kept on chip whole (at most the budget) */
    bool attention;          /* holds an attention chain */
} SolFusionGroup;

typedef struct SolFusionPlan {
    uint64_t budget;        /* on-chip bytes an ordinary group may keep (max-bytes) */
    SolFusionGroup *groups; /* heap, in program order */
    uint32_t num_groups;
    uint32_t num_nodes;
    uint32_t *group_of; /* heap, per node */
    char **why;         /* heap, per node: why it starts or joins its group */
    uint64_t bytes;     /* sum of the groups' bytes */
    bool approximate;   /* some footprint errs low (a tensor too large for a bitmap) */
} SolFusionPlan;

/* Plans g's nodes under an on-chip budget of `budget` bytes. Needs the accesses the graph
 * keeps (SolNode.accesses). Cannot fail; a graph without nodes gets no groups. */
void sol_fusion_plan_build(const SolGraph *g, uint64_t budget, SolFusionPlan *out);
/* The plan whose groups are g's source ops (SolNode.source_op): the kernels of an eager
 * framework, one per source op, which the unfused bound charges. Its groups' bytes follow the
 * same rule as any plan's (a source op's internal intermediates stay on chip), so lifting a
 * nest into several einsums leaves them unchanged. */
void sol_fusion_plan_source_ops(const SolGraph *g, SolFusionPlan *out);
void sol_fusion_plan_free(SolFusionPlan *p);

/* The plan on one device: a time per group (from b's per-node compute times and the group's
 * bytes) and their sum; `bound` is the bottleneck of the largest group term, or "memory"
 * when `carried` exceeds every group's time. */
typedef struct SolPlanTimes {
    SolTimes *groups;    /* heap, one per group */
    double carried;      /* seconds for graph-level DRAM bytes no group's time covers */
    double seconds;      /* the groups' times plus carried */
    uint64_t dram_bytes; /* DRAM bytes charged: the groups', at least the graph's */
    const char *bound;
} SolPlanTimes;

void sol_fusion_plan_times(const SolFusionPlan *p, const SolBounds *b, SolPlanTimes *out);
void sol_plan_times_free(SolPlanTimes *t);

#endif /* SOLAR_ANALYSIS_FUSION_H */

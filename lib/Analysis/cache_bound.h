/*
 * The cache-aware SOL of an einsum graph on a device (DESIGN §4; shared/reference/
 * io-lower-bounds.md, "the note"): for every memory level, a provable lower bound on the
 * bytes that cross it, and the time
 *
 *   t = max(matrix time, vector time, each level's bytes / its bandwidth, the rate terms).
 *
 * Every term is a lower bound on its own, so the maximum is; nothing is added (note §7.4).
 *
 * Levels are the device file's, outermost first. The traffic of level k is what moves
 * between it (and everything beyond it) and the storage below it, levels k+1.... That
 * storage is split into processors (note §7.1): the units of the per-unit levels below (SMs,
 * cores) grouped by the level's `sharing_domain` (a GPC on Hopper, one SM before; all of them
 * when the file does not say), each processor at least one whole unit of every level below.
 * The DRAM level therefore sees one processor holding all on-chip storage (H100: L2 + 132 x
 * (256 KiB RF + 256 KiB L1/shared) = 116 MiB) and the L2 level sees GPCs of 18 SMs (9 MiB).
 * Per-unit levels (an SM's L1/shared memory, a core's L2: as many units as the finest level
 * below) have one processor per unit and get compulsory and rate terms but no segment term:
 * what moves between shared memory and the units' operand buffers is undocumented (§7.1). A
 * per-unit level below another (Blackwell's TMEM under L1/SMEM) is off the data path and gets
 * no bound. A device whose file lists no register level ("RF") gets no segment term, since its
 * on-chip capacity is unknown.
 *
 * Per level: lower bound = max(compulsory, segment), compulsory = the graph's inputs read and
 * outputs written once, less what the storage below that outlives a kernel may hold at its
 * start (warm) and end (bounds.h, the cache state; note §5.3: on a GPU the L2 level has none
 * below it, so its compulsory traffic is all of it), and segment = the largest segment
 * bound of any contraction statement (io_bound.h) with the graph as one fused group (§6):
 * a tensor is budgeted when it is a graph input nothing writes, or an output whose values are
 * final (SolStmt.out_final); another output is an intermediate (complete-fiber form, §6.2),
 * another input is free (left out). Statements with sigma* = 1 (elementwise, reductions,
 * norms, depthwise, pooling) add nothing (compulsory only). Bounds are rounded down after a
 * (1 - 1e-9) factor (note P17); the segment argument keeps its b_max term.
 *
 * A level's time uses its bandwidth only when the file gives one that covers reads and
 * writes; otherwise the row says why it has none (never a guessed bandwidth, §7.5; a figure
 * the file derived from per-clock widths is used and marked as an estimate). The rate term
 * (§7.3) needs that bandwidth too, at a level with more than one processor whose storage below
 * never outlives a kernel (the processors start and end empty).
 */
#ifndef SOLAR_ANALYSIS_CACHE_BOUND_H
#define SOLAR_ANALYSIS_CACHE_BOUND_H

#include "Analysis/bounds.h"

typedef struct SolCacheLevel {
    const char *name;    /* the device level's name */
    bool bounded;        /* a traffic bound was computed (see note when not) */
    bool per_unit;       /* an SM's or core's own storage: compulsory and rate terms only */
    uint64_t capacity;   /* S_p: storage below this level of the largest processor */
    uint64_t total;      /* all storage below this level */
    uint32_t processors; /* P */
    uint32_t units_per_processor;
    uint64_t compulsory;      /* bytes */
    uint64_t segment;         /* largest statement segment bound, bytes (0: none) */
    uint64_t lower_bound;     /* max(compulsory, segment) */
    const char *segment_node; /* the node holding that statement, or NULL */
    bool has_attainable;      /* attainable was computed (tile-for-cache, tiling.h) */
    uint64_t attainable;      /* bytes the chosen tiled schedule moves: >= lower_bound */
    double bandwidth; /* bytes/s used for the time, 0: none */
    bool bandwidth_estimate; /* the device file derived it from per-clock widths */
    double seconds;   /* lower_bound / bandwidth, 0 without a bandwidth */
    double rate;      /* the per-processor rate term at this level, s (0: none) */
    char note[256];   /* why there is no bound or no time, or "" */
} SolCacheLevel;

typedef struct SolCacheBounds {
    const SolDevice *device;
    SolCacheLevel *levels; /* one per device level, outermost first */
    uint32_t num_levels;
    double matrix, vector; /* seconds, as in the fused bound */
    double seconds;        /* the cache-aware SOL */
    const char *bound;     /* "matrix", "vector", a level's name, or "rate <level>" */
    char bound_text[80];   /* storage behind `bound` */
    bool bound_estimate;   /* the binding level's bandwidth is an upper estimate */
    bool tight_matmul;     /* the published matmul constant was used */
    uint32_t statements;   /* contraction statements seen */
    uint32_t with_segment; /* of which with a cache term (sigma* > 1, usable tensors) */
} SolCacheBounds;

/* Computes the cache-aware bound of g on b->device (b: the unfused/fused bounds of the same
 * graph and options, for the compute terms and peaks). */
void sol_cache_compute(const SolGraph *g, const SolBounds *b, const SolBoundOptions *opts,
                       SolCacheBounds *out);
void sol_cache_free(SolCacheBounds *c);

/* For the report's assumptions: which levels' bandwidths (with a time) are upper estimates
 * from per-clock widths, and whether the binding term rests on one; false (buf "") when none
 * is. */
bool sol_cache_describe_estimates(const SolCacheBounds *c, char *buf, size_t size);

#endif /* SOLAR_ANALYSIS_CACHE_BOUND_H */

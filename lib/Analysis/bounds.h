/*
 * SOL bounds of an einsum graph on a device (DESIGN §4; every rule with its arithmetic in
 * docs/bounds.md):
 *
 *   unfused = sum over source ops of max(compute time, op DRAM bytes / DRAM bandwidth)
 *   fused   = max(total matrix time, total vector time, graph DRAM bytes / DRAM bandwidth)
 *
 * A source op (SolNode.source_op) is one kernel of an eager framework: a top-level loop nest,
 * or the nests one framework op became, or the einsums lift-einsum made from one nest. Its
 * bytes are those of a fusion group of its nodes (fusion.h): what it reads and writes through
 * DRAM, its internal intermediates staying on chip, so lifting never changes the bound.
 *
 * DRAM bytes follow the cache state (SolCacheState): a kernel reads its inputs and writes its
 * outputs, but up to the device's persistent on-chip capacity P (the storage below DRAM that
 * outlives a kernel: L2 on a GPU, every cache on a CPU) of its outputs may still sit dirty in
 * it when the kernel ends, and with a warm cache up to P of its inputs may already be there
 * when it starts. Cold (the default, a timer that flushes L2 first): reads + max(0, writes - P)
 * for the whole graph; inside a sequence of kernels only a kernel's first reads of function
 * arguments are cold, its other reads may hit data an earlier kernel left behind. Warm:
 * max(0, reads - P) + max(0, writes - P).
 *
 * Matrix time divides each dtype's contraction FLOPs by the peak of the unit it runs on: f32
 * by the fastest mode its numeric contract allows (SolFp32Matmul: IEEE, TF32, bf16; the
 * device's default unless --fp32-matmul), f16/bf16/f64/i8 by their own matrix peak, and a
 * dtype the matrix unit lacks by the vector peak. Work that runs on the vector unit, whatever
 * it is, is vector time (a contraction on the vector unit is `vector_contraction` and the
 * result is called vector-bound). Compute terms of different units combine with max, never
 * sum; the two vector terms also combine with max (a GPU's MUFU and FMA pipes overlap).
 * conv_any bounds convolutions by the fast-algorithm limit (2 FLOPs per output per input
 * channel: the direct count divided by the window taps). A dtype with no usable peak at all
 * contributes no time (the bound stays a lower bound) and is listed in `missing`.
 */
#ifndef SOLAR_ANALYSIS_BOUNDS_H
#define SOLAR_ANALYSIS_BOUNDS_H

#include "Analysis/device.h"
#include "Analysis/graph.h"

/* What the caches hold when the timed region starts (docs/bounds.md, cache state). */
typedef enum SolCacheState {
    SOL_CACHE_COLD, /* inputs start in DRAM: a timer that flushes L2 (KernelBench's) */
    SOL_CACHE_WARM, /* data that fits starts on chip: a timing loop without a flush */
} SolCacheState;

/* "cold", "warm"; parse: false for anything else. */
const char *sol_cache_state_name(SolCacheState s);
bool sol_cache_state_parse(const char *s, SolCacheState *out);

typedef struct SolBoundOptions {
    SolFp32Matmul fp32;        /* SOL_FP32_DEVICE: the device's default */
    SolCacheState cache_state; /* cold unless --cache-state warm */
    bool conv_any;             /* convolutions by the Winograd/FFT limit */
    bool tight_matmul; /* sol-cache: the published 2W/sqrt(S) matmul constant (opt-in) */
} SolBoundOptions;

typedef struct SolTimes {
    double matrix;             /* contractions on the matrix unit, seconds */
    double vector;             /* other arithmetic (vector unit) */
    double vector_contraction; /* contractions whose dtype runs on the vector unit */
    double memory;             /* DRAM */
    double seconds;            /* the max */
    const char *bound;         /* "matrix", "vector" or "memory" */
} SolTimes;

/* Sets t->seconds and t->bound from its terms. */
void sol_times_finish(SolTimes *t);

typedef struct SolBounds {
    const SolDevice *device;
    SolTimes *nodes; /* one per graph node */
    double unfused;  /* seconds */
    const char *unfused_bound; /* the bottleneck of the largest source-op term */
    uint64_t unfused_bytes;    /* bytes crossing the source ops' boundaries, summed */
    uint64_t unfused_dram_bytes; /* of those, what the cache state charges to DRAM */
    uint32_t unfused_kernels;  /* source ops */
    SolTimes fused;
    uint64_t fused_dram_bytes; /* the graph's compulsory bytes the cache state charges */
    double matrix_peak_used[SOL_DT_COUNT], vector_peak_used[SOL_DT_COUNT]; /* FLOP/s, 0 unused */
    const char *matrix_peak_name[SOL_DT_COUNT]; /* e.g. "matrix tf32", "vector f32" */
    const char *vector_peak_name[SOL_DT_COUNT];
    bool contraction_on_vector[SOL_DT_COUNT]; /* matrix_peak_used is a vector-unit peak */
    SolFp32Matmul fp32;        /* the f32 contract used (resolved, never DEVICE) */
    bool fp32_is_default;      /* ... taken from the device file */
    SolCacheState cache_state;
    uint64_t persistent_bytes; /* on-chip storage below DRAM that outlives a kernel */
    double dram_bandwidth;
    char missing[128]; /* dtypes without any peak, or "" */
} SolBounds;

void sol_bounds_compute(const SolGraph *g, const SolDevice *dev, const SolBoundOptions *opts,
                        SolBounds *out);
void sol_bounds_free(SolBounds *b);

/* The bytes the cache state charges to a storage boundary for one kernel (or a whole graph)
 * that reads `reads` bytes, `cold_reads` of them first touched by it (function arguments
 * nothing earlier read or wrote), and writes `writes`, with `persistent` bytes of storage
 * below the boundary that outlive a kernel (docs/bounds.md). */
uint64_t sol_dram_charge(SolCacheState s, uint64_t reads, uint64_t cold_reads, uint64_t writes,
                         uint64_t persistent);

/* The assumptions behind b in words, for the report's assumptions lines: the f32 contract
 * (its name, why, and whether the work is vector-bound), the cache state, and what the cache
 * state charged to DRAM on b's device. */
void sol_bounds_describe_contract(const SolBounds *b, char *buf, size_t size);
void sol_bounds_describe_cache_state(SolCacheState s, char *buf, size_t size);
void sol_bounds_describe_charge(const SolGraph *g, const SolBounds *b, char *buf, size_t size);

#endif /* SOLAR_ANALYSIS_BOUNDS_H */

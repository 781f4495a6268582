/*
 * SOL bounds of an einsum graph on a device (DESIGN §4):
 *
 *   unfused = sum over source ops of max(matrix time, vector time, op bytes / DRAM bandwidth)
 *   fused   = max(total matrix time, total vector time, compulsory bytes / DRAM bandwidth)
 *
 * A source op (SolNode.source_op) is one kernel of an eager framework: a top-level loop nest,
 * or the nests one framework op became, or the einsums lift-einsum made from one nest. Its
 * bytes are those of a fusion group of its nodes (fusion.h): what it reads and writes through
 * DRAM, its internal intermediates staying on chip, so lifting never changes the bound.
 *
 * Matrix time divides each dtype's contraction FLOPs by the matrix peak of that dtype: f32
 * uses the TF32 peak where the device has one (unless fp32_ieee), f16/bf16/f64/i8 their own,
 * and a dtype the matrix unit lacks falls back to the vector peak (f16/bf16/ints then to
 * vector f32). Vector time is the same over vector ops. Compute terms of different units
 * combine with max, never sum. conv_any bounds convolutions by the fast-algorithm limit
 * (2 FLOPs per output per input channel: the direct count divided by the window taps).
 * A dtype with no usable peak at all contributes no time (the bound stays a lower bound)
 * and is listed in `missing`.
 */
#ifndef SOLAR_ANALYSIS_BOUNDS_H
#define SOLAR_ANALYSIS_BOUNDS_H

#include "Analysis/device.h"
#include "Analysis/graph.h"

typedef struct SolBoundOptions {
    bool fp32_ieee; /* f32 contractions on the IEEE f32 path, not TF32 */
    bool conv_any;  /* convolutions by the Winograd/FFT limit */
    bool tight_matmul; /* sol-cache: the published 2W/sqrt(S) matmul constant (opt-in) */
} SolBoundOptions;

typedef struct SolTimes {
    double matrix, vector, memory; /* seconds */
    double seconds;                /* the max */
    const char *bound;             /* "matrix", "vector" or "memory" */
} SolTimes;

typedef struct SolBounds {
    const SolDevice *device;
    SolTimes *nodes; /* one per graph node */
    double unfused;  /* seconds */
    const char *unfused_bound; /* the bottleneck of the largest source-op term */
    uint64_t unfused_bytes;    /* DRAM bytes of the source ops, summed */
    uint32_t unfused_kernels;  /* source ops */
    SolTimes fused;
    double matrix_peak_used[SOL_DT_COUNT], vector_peak_used[SOL_DT_COUNT]; /* FLOP/s, 0 unused */
    const char *matrix_peak_name[SOL_DT_COUNT]; /* e.g. "matrix tf32", "vector f32" */
    const char *vector_peak_name[SOL_DT_COUNT];
    double dram_bandwidth;
    char missing[128]; /* dtypes without any peak, or "" */
} SolBounds;

void sol_bounds_compute(const SolGraph *g, const SolDevice *dev, const SolBoundOptions *opts,
                        SolBounds *out);
void sol_bounds_free(SolBounds *b);

#endif /* SOLAR_ANALYSIS_BOUNDS_H */

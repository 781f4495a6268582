/*
 * The SOL report: the einsum graph's counts and its bounds on one or more devices, as aligned
 * text tables, JSON, CSV or one self-contained HTML page with an SVG roofline. Every format
 * prints the same model (model.h): per device the headline SOL, its binding term and every
 * term, the ridge point and the headroom of a measured time (one row per device, so devices
 * compare); the source ops sorted by time with their share and source line; the fusion groups;
 * the memory levels; and the assumptions behind the figures.
 *
 * Text: see text.c. CSV (csv.c): one header line, then one row per device and bound kind and
 * one per device and source op (column `kind`: sol-unfused, sol-fused-plan, sol-fused,
 * sol-cache, op). HTML (html.c): no network, no script.
 *
 * JSON contract (fields may be added, never renamed): `device`, `totals{matrix_flops,
 * vector_ops, compulsory_bytes, unfused_bytes (the source ops' DRAM bytes), node_bytes (each
 * node its own kernel), source_ops}`, `nodes[{name, einsum, kind, matrix_flops, vector_ops,
 * bytes, seconds, bound, source_op}]`, `sol{unfused{seconds, bytes, kernels, bound}, fused{seconds,
 * bytes, bound}}`, all for the first device; `devices[{device, sol{...}}]` for every device.
 * With sol-cache, `sol.cache{seconds, bound, levels[{name, capacity_bytes, compulsory_bytes,
 * lower_bound_bytes, attainable_bytes, seconds, ...}]}` (cache_bound.h); `attainable_bytes`
 * is null until tile-for-cache computes one (tiling.h: the traffic of the chosen tiles, so a
 * level reads as the band [lower_bound_bytes, attainable_bytes]), and a level without a bound or a trustworthy
 * bandwidth has null bytes or seconds and a `note` saying why.
 * With fuse, `sol.fused_plan{seconds, bytes, bound, budget_bytes, groups[{first, last, nodes,
 * bytes, read_bytes, write_bytes, resident_bytes, attention, seconds, bound}]}` (fusion.h).
 * Each `devices[]` entry also has `sol_seconds`, `sol_kind`, `binding`, `terms[{name,
 * seconds}]`, `ridge_flop_per_byte` and, with a measured time, `headroom.fused_plan`; the top
 * level `ops[{name, source, nodes[first, last], matrix_flops, vector_ops, bytes, seconds[] (one
 * per device), share}]` (sorted by time on the first device) and `assumptions[{text, device}]`
 * (device null: every device).
 * The bounds' assumptions (docs/bounds.md): top-level `fp32_matmul` (the first device's
 * contract) and `cache_state`; per `sol`, `assumed{fp32_matmul, fp32_matmul_default,
 * fp32_matmul_reason, f32_contraction_peak, f32_contraction_unit, f32_contraction_on_vector,
 * cache_state, persistent_bytes}` and, beside each `bytes`, the `dram_bytes` the cache state
 * charges; cache levels have `per_unit` and `bandwidth_estimate` (an upper estimate from
 * per-clock widths), `sol.cache.bound_bandwidth_estimate` says the binding level's is one.
 * Counts are written as exact 64-bit integers (never through a double).
 */
#ifndef SOLAR_ANALYSIS_REPORT_REPORT_H
#define SOLAR_ANALYSIS_REPORT_REPORT_H

#include "Analysis/cache_bound.h"
#include "Analysis/fusion.h"

typedef enum SolReportFormat {
    SOL_REPORT_TEXT,
    SOL_REPORT_JSON,
    SOL_REPORT_CSV,
    SOL_REPORT_HTML
} SolReportFormat;

typedef struct SolReportOptions {
    SolReportFormat format;
    bool unfused, fused;     /* which bounds were asked for (sol-unfused, sol-fused) */
    const SolCacheBounds *cache; /* sol-cache: one per device, parallel to bounds; or NULL */
    const SolFusionPlan *plan;   /* fuse ran: the sol-fused-plan row; or NULL */
    const char *file;        /* the input, for the header */
    const char *entry;       /* the entry function's name */
    bool default_device;     /* no --hw: say which device was assumed */
    SolBoundOptions bounds;  /* echoed in the report */
    double measured_ms;      /* < 0: none */
    double target_ms;        /* < 0: none */
} SolReportOptions;

/* Prints the report for bounds[0, ndev) (one per device, same graph). Returns true when a
 * measured time beats a bound on some device (a violation; printed loudly). */
bool sol_report_print(FILE *out, const SolGraph *g, const SolBounds *bounds, uint32_t ndev,
                      const SolReportOptions *o);

#endif /* SOLAR_ANALYSIS_REPORT_REPORT_H */

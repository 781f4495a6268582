/*
 * What every report format prints, computed once (model.c): per device the headline SOL, the
 * term that binds it and every term, the ridge point and the headroom of a measured time; the
 * source ops (one framework op, or one top-level nest: the kernels of an eager framework)
 * with their counts, source line and time on each device, largest first; and the
 * assumptions the figures rest on (assumptions.c). The text, HTML, CSV and JSON writers only
 * format it, so they cannot disagree.
 */
#ifndef SOLAR_ANALYSIS_REPORT_MODEL_H
#define SOLAR_ANALYSIS_REPORT_MODEL_H

#include "Analysis/Report/report.h"

/* One term of a bound: its time alone (the bound is the largest, or for the per-kernel bounds
 * the sum of each kernel's largest). */
typedef struct SolReportTerm {
    char name[48]; /* "matrix", "vector", "DRAM", "L2", "rate L2" */
    double seconds;
    bool memory;   /* a memory level's traffic (or its rate term), not a compute unit */
} SolReportTerm;

enum { SOL_REPORT_MAX_TERMS = 16 };

/* A bound kind of the report (the passes that ran), in the order printed. */
typedef enum SolReportKind {
    SOL_KIND_UNFUSED,
    SOL_KIND_PLAN,
    SOL_KIND_FUSED,
    SOL_KIND_CACHE,
    SOL_KIND_COUNT
} SolReportKind;

typedef struct SolReportDevice {
    const SolBounds *b;
    const SolCacheBounds *cache; /* sol-cache ran; else NULL */
    SolPlanTimes ops;            /* the source ops timed on this device (they sum to unfused) */
    SolPlanTimes plan;           /* fuse ran: its groups timed on this device */
    double seconds[SOL_KIND_COUNT]; /* each bound kind asked for, else 0 */
    const char *bound[SOL_KIND_COUNT]; /* the term binding each (its largest kernel's, for
                                          the per-kernel kinds) */
    SolReportKind headline;      /* the tightest bound valid for every implementation asked */
    char binding[40];            /* the headline's binding term */
    SolReportTerm terms[SOL_REPORT_MAX_TERMS]; /* the headline's terms */
    uint32_t num_terms;
    double ridge;       /* FLOP/byte where the compute roof meets the DRAM roof; 0: none */
    const char *ridge_peak; /* the peak behind it ("matrix tf32") */
    double peak;        /* that peak, FLOP/s */
    double headroom[SOL_KIND_COUNT]; /* measured / bound, or -1 */
    bool violated;      /* the measured time beats a lower bound */
} SolReportDevice;

typedef struct SolReportOp {
    uint32_t index;          /* the source op number (SolNode.source_op) */
    uint32_t first, last;    /* its nodes, [first, last] */
    uint32_t heaviest;       /* the node with the largest time on the first device */
    char name[64];           /* `aten.addmm` (solar.op), else the heaviest node's kind */
    char where[128];         /* `model.py:17` (solar.loc), else the IR's `file.mlir:LINE` */
    char what[128];          /* the heaviest node in words (describe.c) */
    uint64_t matrix_flops, vector_ops, bytes; /* bytes: through DRAM as its own kernel */
    double first_seconds;    /* its time on the first device (the sort key) */
} SolReportOp;

typedef struct SolReportAssumption {
    int device; /* index into the model's devices, or -1: every device */
    char text[400];
} SolReportAssumption;

typedef struct SolReportModel {
    const SolGraph *g;
    const SolReportOptions *o;
    SolReportDevice *devices;
    uint32_t num_devices;
    bool has[SOL_KIND_COUNT]; /* the kinds asked for */
    SolFusionPlan source_plan; /* one group per source op */
    SolReportOp *ops;          /* sorted by time on devices[0], largest first */
    uint32_t num_ops;
    SolVecOf(SolReportAssumption) assumptions;
    bool violated;
} SolReportModel;

void sol_report_model_build(SolReportModel *m, const SolGraph *g, const SolBounds *bounds,
                            uint32_t ndev, const SolReportOptions *o);
void sol_report_model_free(SolReportModel *m);

/* A bound's binding term as the report names it: "memory" is the device's DRAM level. */
const char *sol_report_term_name(const SolBounds *b, const char *bound);
/* `sol-unfused`, `sol-fused-plan`, `sol-fused`, `sol-cache`. */
const char *sol_report_kind_name(SolReportKind k);
/* The time of source op `op` (an index into m->ops) on device d, and its binding term. */
double sol_report_op_seconds(const SolReportModel *m, uint32_t d, uint32_t op);
const char *sol_report_op_bound(const SolReportModel *m, uint32_t d, uint32_t op);
/* FLOP per byte of a count pair, INFINITY when no bytes. */
double sol_report_intensity(uint64_t ops, uint64_t bytes);

/* ---- assumptions.c: the lines that say what the figures assume ---------------------------- */

/* Fills m->assumptions: first the lines that hold on every device (device -1), then each
 * device's. A bound option or a device property that changes a figure gets its line here. */
void sol_report_assumptions_collect(SolReportModel *m);

/* ---- describe.c: nodes and ops in words ---------------------------------------------------- */

/* The node in words: `fill ij`, `ik,jk->ij (mulf; reduce addf)`, `ijk in place: mulf, erf`. */
void sol_report_describe_node(const SolNode *n, char *buf, size_t size);
/* Its scalar work without the einsum: `fill`, `in place: mulf, erf`, `mulf; reduce addf`,
 * `loop nest` (not lifted), with `, data-dependent` / `, approximate` when so. */
void sol_report_node_ops(const SolNode *n, char *buf, size_t size);
/* The op's string attribute `name` (`solar.op`, `solar.loc`), copied into buf; false when
 * absent. */
bool sol_report_op_attr(const SolOp *op, const char *name, char *buf, size_t size);

/* ---- the writers: text.c, json.c, csv.c, html.c (with roofline.c) ------------------------ */

void sol_report_print_text(FILE *out, const SolReportModel *m);
void sol_report_print_json(FILE *out, const SolReportModel *m);
void sol_report_print_csv(FILE *out, const SolReportModel *m);
void sol_report_print_html(FILE *out, const SolReportModel *m);
/* Device d's roofline as an inline <svg> element (roofline.c). */
void sol_report_roofline_svg(FILE *out, const SolReportModel *m, uint32_t d);

/* ---- format.c: numbers and text for people and for files --------------------------------- */

/* `12.345 us`: three decimals in the unit that fits (s, ms, us, ns); `0 s`. */
void sol_report_fmt_time(char *buf, size_t size, double seconds);
/* `494.7 T`: four significant digits and an SI prefix (append the unit). */
void sol_report_fmt_rate(char *buf, size_t size, double v);
/* `1.5x`, or `-` for a negative (absent) ratio. */
void sol_report_fmt_ratio(char *buf, size_t size, double r);
/* A JSON string literal (quotes and escapes). */
void sol_report_json_string(FILE *out, const char *s);
/* Text for HTML content and attribute values (&<>"' escaped). */
void sol_report_html_text(FILE *out, const char *s);

#endif /* SOLAR_ANALYSIS_REPORT_MODEL_H */

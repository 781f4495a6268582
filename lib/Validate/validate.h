/*
 * SolarValidate: measuring a PyTorch twin against the SOL bounds of its kernel, the logic of
 * solar-validate. One concept per file: the sizes a case runs at and the kernel's entry
 * arguments (sizes.c), the measurement by python/solar_measure.py (measure.c), the bounds by
 * solar-opt (bounds.c), one case (case.c) and its text and JSON report (report.c), the cases
 * of a batch directory (batch.c) and the headroom statistics over many cases (statistics.c).
 *
 * Nothing here exits or prints errors: failures land in a SolBuf or in a case's note, and a
 * SolTool is only the name of the -v notes and of the text report's first line. The batch
 * tables (validate.md, validate.csv) and the summary lines are tools/solar-validate's.
 */
#ifndef SOLAR_VALIDATE_VALIDATE_H
#define SOLAR_VALIDATE_VALIDATE_H

#include "Support/support.h"
#include "Support/tool.h"

#include <cjson/cJSON.h>

typedef enum SolValStatus { SOL_VAL_OK, SOL_VAL_FAILED, SOL_VAL_USAGE } SolValStatus;

/* ---- sizes (sizes.c) --------------------------------------------------------------------- */

/* The `// sizes.KEY: N=V, ...` line of a kernel file into s: *found false when there is
 * none. err: "PATH: cannot read: WHY" or "PATH:LINE: sizes.KEY: ..." (sol_sizes_parse). */
bool sol_val_sizes_line(const char *path, const char *key, SolSizes *s, bool *found, SolBuf *err);

/* The arguments of the entry function (@forward, else the only one): the names of its index
 * arguments, and of its memref arguments with whether each has a `?` dim (heap strings, in
 * order). err gets the parser's diagnostics when the file does not parse. */
typedef struct SolValIrArgs {
    char **index;
    size_t num_index;
    char **memref;
    bool *dynamic; /* per memref argument */
    size_t num_memref;
} SolValIrArgs;
bool sol_val_ir_args_read(const char *path, SolValIrArgs *out, SolBuf *err);
void sol_val_ir_args_free(SolValIrArgs *a);

/* ---- measurement (measure.c) ------------------------------------------------------------- */

typedef struct SolValMeasurer {
    char *python; /* an interpreter that imports numpy and torch */
    char *script; /* python/solar_measure.py */
} SolValMeasurer;

typedef struct SolValMeasureOpts {
    const char *device; /* cpu, cuda, cuda:N */
    int trials, warmup;
    double budget_s; /* the trial loop stops after this (at least 5 trials) */
    bool warm;       /* no cache flush before the trials */
    double timeout_s;
} SolValMeasureOpts;

/* SOLAR_PYTHON, else the first of python3 and /usr/bin/python3 that imports numpy and torch
 * (with verbose, t notes each probe); the script beside the binary (../share/solar/python)
 * or in the source tree. */
bool sol_val_measurer_find(SolValMeasurer *m, const SolTool *t, bool verbose, SolBuf *err);
void sol_val_measurer_free(SolValMeasurer *m);

/* Runs solar_measure.py on the model at sizes (may be empty); *out gets its JSON object.
 * log: where the command is noted (-v), or NULL. */
SolValStatus sol_val_measure_run(const SolValMeasurer *m, const char *model, const SolSizes *sizes,
                                 const SolValMeasureOpts *o, const SolTool *log, cJSON **out,
                                 SolBuf *err);

/* ---- bounds (bounds.c) ------------------------------------------------------------------- */

enum { SOL_VAL_UNFUSED, SOL_VAL_FUSED_PLAN, SOL_VAL_FUSED, SOL_VAL_CACHE, SOL_VAL_NUM_BOUNDS };
/* unfused fused-plan fused cache */
extern const char *const sol_val_bound_names[SOL_VAL_NUM_BOUNDS];

typedef struct SolValBound {
    bool present;
    double seconds;
    char kind[16]; /* matrix, vector, memory */
} SolValBound;

typedef struct SolValBounds {
    SolValBound b[SOL_VAL_NUM_BOUNDS];
    char *device; /* the device model's name */
    bool approximate, data_dependent;
} SolValBounds;

/* Runs solar-opt KERNEL --bind SIZES[,SHAPES] --lift-einsum --sol-unfused --sol-fused --fuse
 * --sol-cache --hw HW --report=json and reads the bounds. `shapes` (NULL: none) is
 * `X=16x16384,...`, static shapes for memref arguments. On failure err gets solar-opt's
 * diagnostics. log: where the command is noted (-v), or NULL. */
SolValStatus sol_val_bounds_run(const char *solar_opt, const char *kernel, const SolSizes *bind,
                                const char *shapes, const char *hw, double timeout_s,
                                const SolTool *log, SolValBounds *out, SolBuf *err);
void sol_val_bounds_free(SolValBounds *b);

/* ---- one case (case.c, report.c) --------------------------------------------------------- */

typedef struct SolValCaseOpts {
    const SolTool *tool; /* names the -v notes and the text report */
    const char *hw;
    const char *solar_opt;
    const SolValMeasurer *measurer;
    SolValMeasureOpts measure;
    bool verbose;
} SolValCaseOpts;

typedef enum SolValCaseState {
    SOL_VAL_CASE_OK,
    SOL_VAL_CASE_SKIPPED,
    SOL_VAL_CASE_FAILED,
} SolValCaseState;

typedef struct SolValCase {
    char *name;     /* the kernel's stem */
    char *model;    /* MODEL.py */
    char *kernel;   /* KERNEL.mlir */
    SolSizes sizes; /* what the twin runs at and the IR is bound to */
    SolValCaseState state;
    SolValStatus status; /* with SOL_VAL_CASE_FAILED: SOL_VAL_USAGE for a usage error */
    SolBuf note;         /* why skipped or failed; remarks otherwise */
    cJSON *measured;     /* solar_measure.py's object */
    double min_s, median_s;
    int trials;
    SolValBounds bounds;
    bool violated[SOL_VAL_NUM_BOUNDS];
    SolBuf fusing; /* the fusing aten ops that ran, `aten::addmm (why)`, "; "-separated */
} SolValCase;

/* Fills name, model and kernel (heap strings) for KERNEL.mlir and its twin MODEL.py; the name
 * is the kernel's file name without the directory and `.mlir`. */
void sol_val_case_init(SolValCase *c, const char *model, const char *kernel);
/* Runs one case: sizes of the twin and the IR, the bounds, the measurement. given: --sizes
 * (or the batch's sizes line); IR index arguments not in it take the twin's constants. */
void sol_val_case_run(SolValCase *c, const SolValCaseOpts *o, const SolSizes *given);
void sol_val_case_free(SolValCase *c);
/* measured min / bound, 0 when absent */
double sol_val_case_headroom(const SolValCase *c, int bound);
/* Fused or cache bound beaten: exit 3. */
bool sol_val_case_violates(const SolValCase *c);

/* Why a violated bound does not count against the model (unfused, fused-plan), or why it
 * does (fused, cache). */
void sol_val_violation_reason(SolBuf *b, const SolValCase *c, int bound);
void sol_val_case_print(FILE *out, const SolValCase *c, const SolValCaseOpts *o);
cJSON *sol_val_case_json(const SolValCase *c, const SolValCaseOpts *o);

/* ---- batch directories (batch.c) --------------------------------------------------------- */

/* Every *.mlir under dir (recursively, at most 16 deep, dot files skipped), sorted by name:
 * heap strings in *paths (freed with sol_val_paths_free); returns how many. */
size_t sol_val_batch_files(const char *dir, char ***paths);
void sol_val_paths_free(char **paths, size_t n);

/* Sets up the case of kernel file mlir (its twin: the same stem with .py) at the sizes of its
 * `// sizes.KEY:` line (key NULL: host when the file has that line, else real); *used_key is
 * the key read. False when the case cannot run: then c is SKIPPED (no twin, a JAX twin, no
 * class Model, no sizes line) or FAILED (a bad sizes line), with the reason in its note. */
bool sol_val_batch_case(SolValCase *c, const char *mlir, const char *key, SolSizes *sizes,
                        const char **used_key);

/* ---- statistics (statistics.c) ----------------------------------------------------------- */

/* The headroom against one bound over the cases that have it. */
typedef struct SolValStat {
    size_t n;
    double median, geomean;
} SolValStat;
SolValStat sol_val_headroom_stat(const SolValCase *cases, size_t n, int bound);

enum { SOL_VAL_WORST = 10 };

/* What a batch's summary says. */
typedef struct SolValSummary {
    size_t ok, skipped, failed;
    size_t violations;                /* cases beating the fused or the cache bound */
    size_t below[SOL_VAL_NUM_BOUNDS]; /* cases beating each bound */
    SolValStat stat[SOL_VAL_NUM_BOUNDS];
    size_t worst[SOL_VAL_WORST]; /* indices, furthest from the fused bound first */
    size_t num_worst;
} SolValSummary;
void sol_val_summarize(const SolValCase *cases, size_t n, SolValSummary *s);

#endif /* SOLAR_VALIDATE_VALIDATE_H */

/*
 * solar-validate's internal interfaces: sizes and the IR's index arguments (sizes.c), the
 * measurement by python/solar_measure.py (measure.c), the bounds by solar-opt (bounds.c), one
 * case and its text and JSON report (case.c) and batch mode (batch.c). main.c has the flags.
 */
#ifndef SOLAR_TOOLS_VALIDATE_H
#define SOLAR_TOOLS_VALIDATE_H

#include "Support/process.h"
#include "Support/support.h"
#include "Support/tool.h"

#include <cjson/cJSON.h>

/* "solar-validate": the name of its messages (Support/tool.h). */
extern const SolTool validate_tool;

/* ---- sizes (sizes.c) --------------------------------------------------------------------- */

/* --sizes lists are SolSizes (Support/tool.h). */

/* The `// sizes.KEY: N=V, ...` line of a kernel file: *found false when there is none. */
bool sizes_line(const char *path, const char *key, SolSizes *s, bool *found, SolBuf *err);

/* The arguments of the entry function (@forward, else the only one): the names of its index
 * arguments, and of its memref arguments with whether each has a `?` dim (heap strings, in
 * order). err gets the parser's diagnostics when the file does not parse. */
typedef struct IrArgs {
    char **index;
    size_t num_index;
    char **memref;
    bool *dynamic; /* per memref argument */
    size_t num_memref;
} IrArgs;
bool ir_args_read(const char *path, IrArgs *out, SolBuf *err);
void ir_args_free(IrArgs *a);

/* ---- measurement (measure.c) ------------------------------------------------------------- */

typedef struct Measurer {
    char *python; /* an interpreter that imports numpy and torch */
    char *script; /* python/solar_measure.py */
} Measurer;

typedef struct MeasureOpts {
    const char *device; /* cpu, cuda, cuda:N */
    int trials, warmup;
    double budget_s; /* the trial loop stops after this (at least 5 trials) */
    bool warm;       /* no cache flush before the trials */
    double timeout_s;
} MeasureOpts;

/* SOLAR_PYTHON, else the first of python3 and /usr/bin/python3 that imports numpy and torch;
 * the script beside the binary (../share/solar/python) or in the source tree. */
bool measurer_find(Measurer *m, bool verbose, SolBuf *err);
void measurer_free(Measurer *m);

typedef enum RunStatus { RUN_OK, RUN_FAILED, RUN_USAGE } RunStatus;

/* Runs solar_measure.py on the model at sizes (may be empty); *out gets its JSON object. */
RunStatus measure_run(const Measurer *m, const char *model, const SolSizes *sizes,
                      const MeasureOpts *o, bool verbose, cJSON **out, SolBuf *err);

/* ---- bounds (bounds.c) ------------------------------------------------------------------- */

enum { B_UNFUSED, B_FUSED_PLAN, B_FUSED, B_CACHE, B_COUNT };
extern const char *const bound_names[B_COUNT]; /* unfused fused-plan fused cache */

typedef struct Bound {
    bool present;
    double seconds;
    char kind[16]; /* matrix, vector, memory */
} Bound;

typedef struct Bounds {
    Bound b[B_COUNT];
    char *device; /* the device model's name */
    bool approximate, data_dependent;
} Bounds;

/* solar-opt beside this binary, else `solar-opt` on PATH (heap string). */
char *solar_opt_path(void);
/* Runs solar-opt KERNEL --bind SIZES[,SHAPES] --lift-einsum --sol-unfused --sol-fused --fuse
 * --sol-cache --hw HW --report=json and reads the bounds. `shapes` (NULL: none) is `X=16x16384,...`,
 * static shapes for memref arguments. On failure err gets solar-opt's diagnostics. */
RunStatus bounds_run(const char *solar_opt, const char *kernel, const SolSizes *bind,
                     const char *shapes, const char *hw, double timeout_s, bool verbose,
                     Bounds *out, SolBuf *err);
void bounds_free(Bounds *b);

/* ---- one case (case.c) ------------------------------------------------------------------- */

typedef struct CaseOpts {
    const char *hw;
    const char *solar_opt;
    const Measurer *measurer;
    MeasureOpts measure;
    bool verbose;
} CaseOpts;

typedef enum CaseState { CASE_OK, CASE_SKIPPED, CASE_FAILED } CaseState;

typedef struct Case {
    char *name;   /* the kernel's stem */
    char *model;  /* MODEL.py */
    char *kernel; /* KERNEL.mlir */
    SolSizes sizes; /* what the twin runs at and the IR is bound to */
    CaseState state;
    RunStatus status; /* with CASE_FAILED: RUN_USAGE for a usage error */
    SolBuf note;      /* why skipped or failed; remarks otherwise */
    cJSON *measured;  /* solar_measure.py's object */
    double min_s, median_s;
    int trials;
    Bounds bounds;
    bool violated[B_COUNT];
    SolBuf fusing; /* the fusing aten ops that ran, `aten::addmm (why)`, "; "-separated */
} Case;

/* Runs one case: sizes of the twin and the IR, the bounds, the measurement. given: --sizes
 * (or the batch's sizes line); IR index arguments not in it take the twin's constants. */
void case_run(Case *c, const CaseOpts *o, const SolSizes *given);
void case_free(Case *c);
double case_headroom(const Case *c, int bound); /* measured min / bound, 0 when absent */
/* Fused or cache bound beaten: exit 3. */
bool case_violates(const Case *c);
void case_print_text(FILE *out, const Case *c, const CaseOpts *o);
cJSON *case_json(const Case *c, const CaseOpts *o);

/* ---- batch mode (batch.c) ---------------------------------------------------------------- */

/* Walks dir; returns the exit status (0, 1 when a case failed, 3 on a fused or cache
 * violation). key: real, small, host or NULL (host when the file has it, else real). */
int batch_run(const char *dir, const char *out_dir, const char *key, const CaseOpts *o, bool json);

#endif /* SOLAR_TOOLS_VALIDATE_H */

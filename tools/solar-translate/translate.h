/*
 * solar-translate's internal interfaces: the reference harness (harness.c) and the validation
 * of one candidate IR (validate.c), both running subprocesses with Support/process.h. main.c
 * has the flags, the conversation loop and the output.
 */
#ifndef SOLAR_TOOLS_TRANSLATE_H
#define SOLAR_TOOLS_TRANSLATE_H

#include "Support/process.h"
#include "Translate/prompt.h"
#include "Translate/reference.h"

#define PROG "solar-translate"

void tool_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void tool_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* The environment variables no child sees: neither solar-run nor the user's model code has
 * any use for the API key. */
extern const char *const tool_private_env[];
/* rm -r of a directory this run created. */
void remove_tree(const char *path);

/* ---- the reference harness (harness.c) --------------------------------------------------- */

typedef struct Harness {
    char *python; /* interpreter that imports torch (or jax) */
    char *script; /* python/solar_reference.py */
} Harness;

/* Finds the interpreter (SOLAR_PYTHON, else the first of `python3`, /usr/bin/python3 that can
 * import torch, or jax for a JAX source) and the harness script. */
bool harness_find(Harness *h, SolSourceLang lang, bool verbose, SolBuf *err);
void harness_free(Harness *h);

typedef enum HarnessStatus { HARNESS_OK, HARNESS_MODEL_ERROR, HARNESS_USAGE } HarnessStatus;

/* Runs the model into out_dir: at `sizes` (N=V,...) when non-NULL, else with --scale-to
 * scale_to and --variant variant. err gets the harness's own message on failure. */
HarnessStatus harness_run(const Harness *h, const char *model, const char *out_dir,
                          const char *sizes, int scale_to, int variant, bool verbose, SolBuf *err);

/* ---- validation of one candidate (validate.c) ------------------------------------------ */

typedef struct Validator {
    const char *solar_run; /* path or name of solar-run */
    const char *work_dir;  /* where attempt files go */
    double run_timeout_s;
    double rtol, atol; /* < 0: the element type's default */
    bool verbose;
} Validator;

typedef struct Verdict {
    bool ok;
    SolBuf what;    /* one line: what failed */
    SolBuf details; /* diagnostics, solar-run's output, the comparison */
    double max_abs, max_rel;
} Verdict;

/* Parses, verifies and checks the signature of ir in process, then runs it with solar-run on
 * the reference's inputs and compares every output. label names the attempt's files. */
void validate_ir(const Validator *v, const char *ir, size_t len, const SolReference *ref,
                 const char *label, Verdict *out);
void verdict_free(Verdict *v);

#endif /* SOLAR_TOOLS_TRANSLATE_H */

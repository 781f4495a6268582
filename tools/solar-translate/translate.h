/*
 * solar-translate's internal interfaces: running subprocesses (process.c), the reference
 * harness (harness.c) and the validation of one candidate IR (validate.c). main.c has the
 * flags, the conversation loop and the output.
 */
#ifndef SOLAR_TOOLS_TRANSLATE_H
#define SOLAR_TOOLS_TRANSLATE_H

#include "Translate/prompt.h"
#include "Translate/reference.h"

#define PROG "solar-translate"

void tool_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void tool_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* ---- subprocesses (process.c) ------------------------------------------------------------ */

/* A finished subprocess. status: its exit code, 128 + N after signal N, -1 when it could
 * not be started (error says why). */
typedef struct ProcResult {
    int status;
    bool timed_out; /* killed (with its process group) after the time limit */
    SolBuf output;  /* stdout and stderr together, at most the limit given */
    size_t dropped; /* bytes of output beyond that limit */
    SolBuf error;   /* why it could not be started */
} ProcResult;

/* Runs argv (argv[0] found on PATH when it has no '/') with stdin from /dev/null and
 * stdout+stderr captured, in its own process group, without SOLAR_LLM_API_KEY in its
 * environment. Never a shell: the arguments reach the program as they are. */
void proc_run(const char *const *argv, double timeout_s, size_t max_output, ProcResult *r);
void proc_result_free(ProcResult *r);
/* SIGINT, SIGTERM and SIGHUP also kill the running child's process group. */
void proc_install_signal_handlers(void);
/* `a b 'c d'` for -v output. */
void proc_argv_text(SolBuf *b, const char *const *argv);

/* The directory of this executable (for solar-run and share/solar beside it), or NULL. */
char *tool_exe_dir(void);
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

/*
 * The reference harness: python/solar_reference.py run by an interpreter that can import the
 * program's framework. It writes in*.npy, out*.npy, state*.npy and sizes.json (reference.h),
 * which validation reads. The interpreter is SOLAR_PYTHON when set, else the first of
 * `python3` on PATH and /usr/bin/python3 (Debian's, with python3-torch) that imports torch
 * (jax for a JAX source). The script is found beside the installed binary
 * (<prefix>/share/solar/python/) or in the source tree of an uninstalled build.
 */
#ifndef SOLAR_TRANSLATE_HARNESS_H
#define SOLAR_TRANSLATE_HARNESS_H

#include "Translate/log.h"
#include "Translate/prompt.h"

/* The environment variables no child sees: neither solar-run, the importer nor the user's
 * model code has any use for the API key. NULL-terminated. */
extern const char *const sol_translate_private_env[];

typedef struct SolHarness {
    char *python; /* interpreter that imports torch (or jax) */
    char *script; /* python/solar_reference.py */
} SolHarness;

/* The Python to run framework code with (sol_tool_find_python: SOLAR_PYTHON, else the project's
 * venv, python3 and /usr/bin/python3): the first that has numpy and `module` (heap string), or
 * NULL. */
char *sol_harness_find_python(const char *module, const SolLog *log);

/* The directory of the project's Python code (where solar_reference.py and the solar_import
 * package lie), heap string, or NULL when it cannot be found. */
char *sol_harness_python_dir(void);

/* Finds the interpreter and the harness script; err says what is missing. */
bool sol_harness_find(SolHarness *h, SolSourceLang lang, const SolLog *log, SolBuf *err);
void sol_harness_free(SolHarness *h);

typedef enum SolHarnessStatus {
    SOL_HARNESS_OK,
    SOL_HARNESS_MODEL_ERROR, /* the program is at fault (or did not finish) */
    SOL_HARNESS_USAGE,       /* a size name the program lacks; the harness cannot start */
} SolHarnessStatus;

/* Runs the model into out_dir: at `sizes` (N=V,...) when non-NULL, else with --scale-to
 * scale_to and --variant variant. err gets the harness's own message on failure. */
SolHarnessStatus sol_harness_run(const SolHarness *h, const char *model, const char *out_dir,
                                 const char *sizes, int scale_to, int variant, const SolLog *log,
                                 SolBuf *err);

/* Runs the model in float64 on the inputs and state of the reference directory like_dir
 * (which the harness wrote) into out_dir (solar_reference.py --float64-of, rescue.h). */
SolHarnessStatus sol_harness_run_float64(const SolHarness *h, const char *model,
                                         const char *like_dir, const char *out_dir,
                                         const SolLog *log, SolBuf *err);

#endif /* SOLAR_TRANSLATE_HARNESS_H */

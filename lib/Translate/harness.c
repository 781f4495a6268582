/*
 * The reference harness (harness.h): finding a Python and the script, and one run of it.
 */
#include "Translate/harness.h"

#include "Support/process.h"

#include <stdlib.h>

#ifndef SOLAR_SOURCE_DIR
#define SOLAR_SOURCE_DIR "."
#endif

enum { HARNESS_TIMEOUT_S = 1800, MAX_OUTPUT = 1 << 20 };

const char *const sol_translate_private_env[] = {"SOLAR_LLM_API_KEY", NULL};

static char *find_script(void)
{
    return sol_tool_data_file("python/solar_reference.py", SOLAR_SOURCE_DIR);
}

char *sol_harness_python_dir(void)
{
    char *script = find_script();
    if (script)
        *strrchr(script, '/') = 0;
    return script;
}

char *sol_harness_find_python(const char *module, const SolLog *log)
{
    char modules[64], what[64];
    snprintf(modules, sizeof modules, "numpy, %s", module);
    snprintf(what, sizeof what, "numpy and %s", module);
    return sol_tool_find_python(&log->tool, modules, what, sol_translate_private_env, log->verbose);
}

bool sol_harness_find(SolHarness *h, SolSourceLang lang, const SolLog *log, SolBuf *err)
{
    memset(h, 0, sizeof *h);
    h->script = find_script();
    if (!h->script) {
        sol_buf_puts(err, "cannot find solar_reference.py (looked in ../share/solar/python "
                          "beside the binary and in " SOLAR_SOURCE_DIR "/python)");
        return false;
    }
    const char *module = lang == SOL_LANG_JAX ? "jax" : "torch";
    h->python = sol_harness_find_python(module, log);
    if (h->python)
        return true;
    sol_buf_printf(err, "no Python here can import numpy and %s (tried ", module);
    sol_tool_python_tried(err);
    sol_buf_printf(err,
                   "); %sset SOLAR_PYTHON, or validate against reference files made elsewhere "
                   "with --reference DIR",
                   lang == SOL_LANG_JAX ? "run scripts/deps.sh (the project venv has JAX), " : "");
    sol_harness_free(h);
    return false;
}

void sol_harness_free(SolHarness *h)
{
    free(h->python);
    free(h->script);
    memset(h, 0, sizeof *h);
}

/* The harness's message, without its `solar_reference.py: error: ` prefix. */
static void harness_message(SolBuf *err, const SolProcessResult *r)
{
    const char *text = r->out.data;
    const char *p = strstr(text, "solar_reference.py: error: ");
    if (p)
        text = p + strlen("solar_reference.py: error: ");
    size_t len = strlen(text);
    while (len && text[len - 1] == '\n')
        len--;
    sol_buf_append(err, text, len);
    if (!len)
        sol_buf_printf(err, "the reference harness exited with status %d", r->status);
}

/* One run of the harness with argv; err gets its message on failure. */
static SolHarnessStatus run(const char **argv, const SolLog *log, SolBuf *err)
{
    sol_log_command(log, argv);
    SolProcessResult r;
    sol_process_run(
        argv, &(SolProcessOptions){HARNESS_TIMEOUT_S, MAX_OUTPUT, true, sol_translate_private_env},
        &r);
    SolHarnessStatus st = SOL_HARNESS_OK;
    if (r.status == -1) {
        sol_buf_append(err, r.why.data, r.why.len);
        st = SOL_HARNESS_USAGE;
    } else if (r.timed_out) {
        sol_buf_printf(err, "the reference harness did not finish within %d s", HARNESS_TIMEOUT_S);
        st = SOL_HARNESS_MODEL_ERROR;
    } else if (r.status != 0) {
        harness_message(err, &r);
        st = r.status == 2 ? SOL_HARNESS_USAGE : SOL_HARNESS_MODEL_ERROR;
    }
    sol_process_result_free(&r);
    return st;
}

SolHarnessStatus sol_harness_run_float64(const SolHarness *h, const char *model,
                                         const char *like_dir, const char *out_dir,
                                         const SolLog *log, SolBuf *err)
{
    const char *argv[] = {h->python,     h->script, model,     "--out", out_dir,
                          "--float64-of", like_dir, "--quiet", NULL};
    return run(argv, log, err);
}

SolHarnessStatus sol_harness_run(const SolHarness *h, const char *model, const char *out_dir,
                                 const char *sizes, int scale_to, int variant, const SolLog *log,
                                 SolBuf *err)
{
    char scale[32], var[32];
    snprintf(scale, sizeof scale, "%d", scale_to);
    snprintf(var, sizeof var, "%d", variant);
    const char *argv[16];
    size_t n = 0;
    argv[n++] = h->python;
    argv[n++] = h->script;
    argv[n++] = model;
    argv[n++] = "--out";
    argv[n++] = out_dir;
    if (sizes) {
        argv[n++] = "--sizes";
        argv[n++] = sizes;
    } else {
        argv[n++] = "--scale-to";
        argv[n++] = scale;
        argv[n++] = "--variant";
        argv[n++] = var;
    }
    argv[n++] = "--quiet";
    argv[n] = NULL;
    return run(argv, log, err);
}

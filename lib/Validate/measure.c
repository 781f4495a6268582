/*
 * The measurement: python/solar_measure.py run by an interpreter with numpy and torch. The
 * interpreter is SOLAR_PYTHON when set, else the first of the project venv's, `python3` on
 * PATH and /usr/bin/python3 (Debian's, with python3-torch) that imports both, as
 * solar-translate picks it (Support/tool.h). The script is found beside the installed binary (<prefix>/share/solar/python/) or in the
 * source tree of an uninstalled build. It prints one JSON object on stdout.
 */
#include "Validate/validate.h"

#include "Support/process.h"

#include <stdlib.h>

#ifndef SOLAR_SOURCE_DIR
#define SOLAR_SOURCE_DIR "."
#endif

enum { MAX_OUTPUT = 1 << 20 };

bool sol_val_measurer_find(SolValMeasurer *m, const SolTool *t, bool verbose, SolBuf *err)
{
    memset(m, 0, sizeof *m);
    m->script = sol_tool_data_file("python/solar_measure.py", SOLAR_SOURCE_DIR);
    if (!m->script) {
        sol_buf_puts(err, "cannot find solar_measure.py (looked in ../share/solar/python beside "
                          "the binary and in " SOLAR_SOURCE_DIR "/python)");
        return false;
    }
    m->python = sol_tool_find_python(t, "numpy, torch", "numpy and torch", NULL, verbose);
    if (m->python)
        return true;
    sol_buf_puts(err, "no Python here can import numpy and torch (tried ");
    sol_tool_python_tried(err);
    sol_buf_puts(err, "); set SOLAR_PYTHON to one that can");
    sol_val_measurer_free(m);
    return false;
}

void sol_val_measurer_free(SolValMeasurer *m)
{
    free(m->python);
    free(m->script);
    memset(m, 0, sizeof *m);
}

/* The script's own message without its `solar_measure.py: error: ` prefix, else the end of
 * its stderr (a traceback), trimmed. */
static void script_message(SolBuf *err, const SolBuf *text)
{
    const char *t = text->data ? text->data : "";
    const char *p = strstr(t, "solar_measure.py: error: ");
    if (p)
        t = p + strlen("solar_measure.py: error: ");
    else if (strlen(t) > 4000)
        t += strlen(t) - 4000;
    size_t len = strlen(t);
    while (len && (t[len - 1] == '\n' || t[len - 1] == ' '))
        len--;
    sol_buf_append(err, t, len);
}

SolValStatus sol_val_measure_run(const SolValMeasurer *m, const char *model, const SolSizes *sizes,
                                 const SolValMeasureOpts *o, const SolTool *log, cJSON **out,
                                 SolBuf *err)
{
    *out = NULL;
    char trials[32], warmup[32], budget[32];
    snprintf(trials, sizeof trials, "%d", o->trials);
    snprintf(warmup, sizeof warmup, "%d", o->warmup);
    snprintf(budget, sizeof budget, "%g", o->budget_s);
    SolBuf sz = {0};
    sol_sizes_text(&sz, sizes, ",");
    const char *argv[20];
    size_t n = 0;
    argv[n++] = m->python;
    argv[n++] = m->script;
    argv[n++] = model;
    if (sizes->len) {
        argv[n++] = "--sizes";
        argv[n++] = sz.data;
    }
    argv[n++] = "--device";
    argv[n++] = o->device;
    argv[n++] = "--trials";
    argv[n++] = trials;
    argv[n++] = "--warmup";
    argv[n++] = warmup;
    argv[n++] = "--budget";
    argv[n++] = budget;
    if (o->warm)
        argv[n++] = "--warm";
    argv[n] = NULL;
    if (log)
        sol_tool_note_command(log, argv);
    SolProcessResult r;
    sol_process_run(argv, &(SolProcessOptions){o->timeout_s, MAX_OUTPUT, false, NULL}, &r);
    sol_buf_free(&sz);
    SolValStatus st = SOL_VAL_OK;
    if (r.status == -1) {
        sol_buf_append(err, r.why.data, r.why.len);
        st = SOL_VAL_USAGE;
    } else if (r.timed_out) {
        sol_buf_printf(err, "%s: the measurement did not finish within %g s (--timeout)", model,
                       o->timeout_s);
        st = SOL_VAL_FAILED;
    } else if (r.status != 0) {
        script_message(err, &r.err);
        if (!err->len)
            sol_buf_printf(err, "%s: the measurement exited with status %d", model, r.status);
        st = r.status == 2 ? SOL_VAL_USAGE : SOL_VAL_FAILED;
    } else {
        cJSON *j = cJSON_Parse(r.out.data);
        if (!j || !cJSON_IsObject(j) || !cJSON_IsNumber(cJSON_GetObjectItem(j, "min_s")) ||
            !cJSON_IsNumber(cJSON_GetObjectItem(j, "median_s"))) {
            sol_buf_printf(err, "%s: the measurement printed no JSON result (stdout: %.200s)",
                           model, r.out.data);
            cJSON_Delete(j);
            st = SOL_VAL_FAILED;
        } else {
            *out = j;
        }
    }
    sol_process_result_free(&r);
    return st;
}

/*
 * The bounds: solar-opt run on the kernel bound to the measured sizes, lifted to einsums, with
 * every SOL pass (--lift-einsum --sol-unfused --sol-fused --fuse --sol-cache) and
 * --report=json, and the four times read from the report's "sol" object: unfused, fused_plan (the
 * fusion plan's bound, present with
 * --fuse), fused and cache, each with its "seconds" and "bound" (matrix, vector or memory).
 */
#include "Validate/validate.h"

#include "Support/process.h"

#include <stdlib.h>

enum { MAX_OUTPUT = 16 << 20 };

const char *const sol_val_bound_names[SOL_VAL_NUM_BOUNDS] = {"unfused", "fused-plan", "fused",
                                                             "cache"};
static const char *const json_keys[SOL_VAL_NUM_BOUNDS] = {"unfused", "fused_plan", "fused",
                                                          "cache"};

void sol_val_bounds_free(SolValBounds *b)
{
    free(b->device);
    memset(b, 0, sizeof *b);
}

/* solar-opt's diagnostics as they are (`file:line:col: error: ...`, source line, caret). */
static void forward_diagnostics(SolBuf *err, const SolProcessResult *r)
{
    size_t len = r->err.len;
    while (len && r->err.data[len - 1] == '\n')
        len--;
    sol_buf_append(err, r->err.data, len);
}

SolValStatus sol_val_bounds_run(const char *solar_opt, const char *kernel, const SolSizes *bind,
                                const char *shapes, const char *hw, double timeout_s,
                                const SolTool *log, SolValBounds *out, SolBuf *err)
{
    memset(out, 0, sizeof *out);
    SolBuf sz = {0}, hwarg = {0};
    sol_sizes_text(&sz, bind, ",");
    if (shapes && shapes[0])
        sol_buf_printf(&sz, "%s%s", sz.len ? "," : "", shapes);
    sol_buf_printf(&hwarg, "--hw=%s", hw);
    const char *argv[16];
    size_t n = 0;
    argv[n++] = solar_opt;
    argv[n++] = kernel;
    if (sz.len) {
        argv[n++] = "--bind";
        argv[n++] = sz.data;
    }
    /* Lifted first, so the unfused bound has one node per einsum (softmax's max, exp-sum and
     * normalise), as eager PyTorch runs them; the fused bounds do not change by lifting. */
    argv[n++] = "--lift-einsum";
    argv[n++] = "--sol-unfused";
    argv[n++] = "--sol-fused";
    argv[n++] = "--fuse";
    argv[n++] = "--sol-cache";
    argv[n++] = hwarg.data;
    argv[n++] = "--report=json";
    argv[n] = NULL;
    if (log)
        sol_tool_note_command(log, argv);
    SolProcessResult r;
    sol_process_run(argv, &(SolProcessOptions){timeout_s, MAX_OUTPUT, false, NULL}, &r);
    sol_buf_free(&sz);
    sol_buf_free(&hwarg);
    SolValStatus st = SOL_VAL_OK;
    cJSON *j = NULL;
    if (r.status == -1) {
        sol_buf_printf(err, "%s (solar-opt is looked up beside solar-validate, then on PATH)",
                       r.why.data);
        st = SOL_VAL_USAGE;
        goto done;
    }
    if (r.timed_out) {
        sol_buf_printf(err, "%s: solar-opt did not finish within %g s (--timeout)", kernel,
                       timeout_s);
        st = SOL_VAL_FAILED;
        goto done;
    }
    if (r.status != 0) {
        sol_buf_printf(err, "solar-opt cannot bound %s (exit status %d)%s", kernel, r.status,
                       r.err.len ? ":\n" : "");
        forward_diagnostics(err, &r);
        st = r.status == 2 ? SOL_VAL_USAGE : SOL_VAL_FAILED;
        goto done;
    }
    j = cJSON_Parse(r.out.data);
    cJSON *sol = cJSON_GetObjectItem(j, "sol");
    if (!cJSON_IsObject(sol)) {
        sol_buf_printf(err, "%s: solar-opt's report has no \"sol\" object", kernel);
        st = SOL_VAL_FAILED;
        goto done;
    }
    for (int k = 0; k < SOL_VAL_NUM_BOUNDS; k++) {
        cJSON *b = cJSON_GetObjectItem(sol, json_keys[k]);
        cJSON *secs = cJSON_GetObjectItem(b, "seconds");
        if (!cJSON_IsNumber(secs))
            continue;
        out->b[k].present = true;
        out->b[k].seconds = secs->valuedouble;
        const char *kind = cJSON_GetStringValue(cJSON_GetObjectItem(b, "bound"));
        snprintf(out->b[k].kind, sizeof out->b[k].kind, "%s", kind ? kind : "?");
    }
    if (!out->b[SOL_VAL_FUSED].present) {
        sol_buf_printf(err, "%s: solar-opt's report has no fused bound", kernel);
        st = SOL_VAL_FAILED;
        goto done;
    }
    const char *dev = cJSON_GetStringValue(cJSON_GetObjectItem(j, "device"));
    out->device = sol_xstrdup(dev ? dev : hw);
    out->approximate = cJSON_IsTrue(cJSON_GetObjectItem(j, "approximate"));
    out->data_dependent = cJSON_IsTrue(cJSON_GetObjectItem(j, "data_dependent"));
done:
    cJSON_Delete(j);
    sol_process_result_free(&r);
    return st;
}

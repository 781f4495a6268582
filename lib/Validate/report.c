/*
 * The report of one case: the text solar-validate prints (sizes, device, the measured min and
 * median, the cache premise, the aten ops, each bound with its headroom, a VIOLATION line per
 * bound beaten with the reason it does or does not count) and the same as one JSON object.
 */
#include "Validate/validate.h"

/* ---- text ---------------------------------------------------------------------------------- */

/* 1.23 ms, 456 us, 2.50 s */
static const char *fmt_time(char *buf, size_t n, double s)
{
    if (s >= 1)
        snprintf(buf, n, "%.3f s", s);
    else if (s >= 1e-3)
        snprintf(buf, n, "%.3f ms", s * 1e3);
    else if (s >= 1e-6)
        snprintf(buf, n, "%.3f us", s * 1e6);
    else if (s >= 1e-9)
        snprintf(buf, n, "%.3f ns", s * 1e9);
    else
        snprintf(buf, n, "%.3g s", s);
    return buf;
}

void sol_val_violation_reason(SolBuf *b, const SolValCase *c, int k)
{
    if (k == SOL_VAL_UNFUSED) {
        if (c->fusing.len)
            sol_buf_printf(b,
                           "not a fault of the bound: eager PyTorch ran fusing ops, %s; the "
                           "unfused bound counts every IR node as its own kernel",
                           c->fusing.data);
        else
            sol_buf_puts(b, "not counted: the unfused bound counts every IR node as its own "
                            "kernel, and no op of the known fusing list ran; check whether an "
                            "aten op computes several IR nodes");
    } else if (k == SOL_VAL_FUSED_PLAN) {
        sol_buf_puts(b, "not counted: the fused-plan bound assumes the plan's groups, and the "
                        "run fused across them");
    } else {
        sol_buf_printf(b,
                       "the %s bound is a lower bound for every implementation: a bug in "
                       "the bound or in the device figures",
                       sol_val_bound_names[k]);
    }
}

static void print_aten_ops(FILE *out, const cJSON *measured)
{
    cJSON *op;
    bool first = true;
    cJSON_ArrayForEach(op, cJSON_GetObjectItem(measured, "aten_ops"))
    {
        const char *name = cJSON_GetStringValue(cJSON_GetObjectItem(op, "name"));
        cJSON *cnt = cJSON_GetObjectItem(op, "count");
        if (!name)
            continue;
        fprintf(out, "%s%s", first ? "" : ", ", name);
        if (cJSON_IsNumber(cnt) && cnt->valueint > 1)
            fprintf(out, " x%d", cnt->valueint);
        first = false;
    }
    fputs(first ? "(none)\n" : "\n", out);
}

void sol_val_case_print(FILE *out, const SolValCase *c, const SolValCaseOpts *o)
{
    char t1[32], t2[32];
    SolBuf sz = {0};
    sol_sizes_text(&sz, &c->sizes, ", ");
    fprintf(out, "%s: %s against %s\n", o->tool->name, c->model, c->kernel);
    fprintf(out, "  sizes:     %s\n", sz.len ? sz.data : "(none)");
    sol_buf_free(&sz);
    if (c->state != SOL_VAL_CASE_OK) {
        fprintf(out, "  %s: %s\n", c->state == SOL_VAL_CASE_SKIPPED ? "skipped" : "failed",
                c->note.data);
        return;
    }
    const cJSON *m = c->measured;
    const char *dname = cJSON_GetStringValue(cJSON_GetObjectItem(m, "device_name"));
    cJSON *threads = cJSON_GetObjectItem(m, "threads");
    fprintf(out,
            "  device:    %s (%s, %d threads, torch %s); bounds for the device model %s "
            "(--hw %s)\n",
            o->measure.device, dname ? dname : "?", cJSON_IsNumber(threads) ? threads->valueint : 0,
            cJSON_GetStringValue(cJSON_GetObjectItem(m, "torch_version"))
                ? cJSON_GetStringValue(cJSON_GetObjectItem(m, "torch_version"))
                : "?",
            c->bounds.device, o->hw);
    cJSON *req = cJSON_GetObjectItem(m, "trials_requested");
    cJSON *warm = cJSON_GetObjectItem(m, "warmup");
    fprintf(out,
            "  measured:  min %s, median %s over %d timed trials (of %d requested%s), "
            "after %d warm-up run%s\n",
            fmt_time(t1, sizeof t1, c->min_s), fmt_time(t2, sizeof t2, c->median_s), c->trials,
            cJSON_IsNumber(req) ? req->valueint : c->trials,
            cJSON_IsTrue(cJSON_GetObjectItem(m, "budget_hit")) ? "; stopped by the time budget"
                                                               : "",
            cJSON_IsNumber(warm) ? warm->valueint : 0,
            cJSON_IsNumber(warm) && warm->valueint == 1 ? "" : "s");
    cJSON *flush = cJSON_GetObjectItem(m, "flush_bytes");
    if (cJSON_IsTrue(cJSON_GetObjectItem(m, "cold")))
        fprintf(out,
                "  caches:    cold: %.0f MiB (twice the last-level cache) written before "
                "each trial, so the data starts in DRAM as the bounds assume\n",
                cJSON_IsNumber(flush) ? flush->valuedouble / (1 << 20) : 0.0);
    else
        fprintf(out, "  caches:    warm (--warm): no flush before the trials, so the bounds' "
                     "premise (data starts in DRAM) does not hold; a violation may only mean "
                     "the data came from cache\n");
    fputs("  aten ops:  ", out);
    print_aten_ops(out, m);
    if (c->note.len)
        fprintf(out, "  notes:     %s\n", c->note.data);
    fprintf(out, "  %-12s %14s  %-7s %10s\n", "bound", "time", "kind", "headroom");
    for (int k = 0; k < SOL_VAL_NUM_BOUNDS; k++) {
        const SolValBound *b = &c->bounds.b[k];
        if (!b->present)
            continue;
        fprintf(out, "  %-12s %14s  %-7s %9.3gx\n", sol_val_bound_names[k],
                fmt_time(t1, sizeof t1, b->seconds), b->kind, sol_val_case_headroom(c, k));
    }
    for (int k = 0; k < SOL_VAL_NUM_BOUNDS; k++) {
        if (!c->violated[k])
            continue;
        SolBuf why = {0};
        sol_val_violation_reason(&why, c, k);
        fprintf(out, "VIOLATION: %s %.4g s < %.4g s (%s)\n", sol_val_bound_names[k], c->min_s,
                c->bounds.b[k].seconds, why.data);
        sol_buf_free(&why);
    }
}

/* ---- JSON ---------------------------------------------------------------------------------- */

cJSON *sol_val_case_json(const SolValCase *c, const SolValCaseOpts *o)
{
    static const char *const states[] = {"ok", "skipped", "failed"};
    cJSON *j = cJSON_CreateObject();
    cJSON_AddStringToObject(j, "name", c->name ? c->name : "");
    cJSON_AddStringToObject(j, "model", c->model);
    cJSON_AddStringToObject(j, "kernel", c->kernel);
    cJSON_AddStringToObject(j, "state", states[c->state]);
    cJSON_AddStringToObject(j, "note", c->note.data ? c->note.data : "");
    cJSON *sz = cJSON_AddObjectToObject(j, "sizes");
    for (size_t i = 0; i < c->sizes.len; i++)
        cJSON_AddNumberToObject(sz, c->sizes.data[i].name, (double)c->sizes.data[i].value);
    cJSON_AddStringToObject(j, "hw", o->hw);
    cJSON_AddStringToObject(j, "device", o->measure.device);
    if (c->state != SOL_VAL_CASE_OK)
        return j;
    cJSON_AddStringToObject(j, "device_model", c->bounds.device);
    cJSON_AddBoolToObject(j, "cold", !o->measure.warm);
    cJSON_AddStringToObject(j, "premise",
                            o->measure.warm
                                ? "warm caches: the bounds assume data starts in DRAM; this "
                                  "measurement does not"
                                : "cold caches: data starts in DRAM, as the bounds assume");
    cJSON_AddItemToObject(j, "measured", cJSON_Duplicate(c->measured, true));
    cJSON *bounds = cJSON_AddObjectToObject(j, "bounds");
    cJSON *viol = cJSON_CreateArray();
    for (int k = 0; k < SOL_VAL_NUM_BOUNDS; k++) {
        const SolValBound *b = &c->bounds.b[k];
        if (!b->present)
            continue;
        cJSON *e = cJSON_AddObjectToObject(bounds, sol_val_bound_names[k]);
        cJSON_AddNumberToObject(e, "seconds", b->seconds);
        cJSON_AddStringToObject(e, "kind", b->kind);
        cJSON_AddNumberToObject(e, "headroom", sol_val_case_headroom(c, k));
        cJSON_AddBoolToObject(e, "violated", c->violated[k]);
        if (!c->violated[k])
            continue;
        SolBuf why = {0};
        sol_val_violation_reason(&why, c, k);
        cJSON *v = cJSON_CreateObject();
        cJSON_AddStringToObject(v, "bound", sol_val_bound_names[k]);
        cJSON_AddNumberToObject(v, "measured_s", c->min_s);
        cJSON_AddNumberToObject(v, "bound_s", b->seconds);
        cJSON_AddBoolToObject(v, "counted", k == SOL_VAL_FUSED || k == SOL_VAL_CACHE);
        cJSON_AddStringToObject(v, "reason", why.data);
        cJSON_AddItemToArray(viol, v);
        sol_buf_free(&why);
    }
    cJSON_AddItemToObject(j, "violations", viol);
    cJSON_AddStringToObject(j, "fusing_ops", c->fusing.data ? c->fusing.data : "");
    return j;
}

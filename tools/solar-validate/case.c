/*
 * One case: a twin MODEL.py and its KERNEL.mlir at one set of sizes. The sizes the IR's
 * index arguments take come from --sizes (or the batch's sizes line), else from the twin's
 * module-level constants of the same name. The bounds come from solar-opt, the time from
 * solar_measure.py; headroom is measured min / bound, and a bound the measured min beats is a
 * violation. Only the fused and the cache bound are lower bounds for every implementation:
 * the unfused one counts each IR node as its own kernel (eager PyTorch runs some nodes as one
 * kernel: aten::addmm adds the bias inside the GEMM) and the fused-plan one the groups of one
 * plan, so beating those is reported with the reason and is not an error.
 */
#include "validate.h"

#include <math.h>
#include <stdlib.h>

/* aten ops that compute several nodes of an unfused graph in one kernel. */
static const struct {
    const char *op, *why;
} fusing_ops[] = {
    {"aten::addmm", "adds the bias inside the GEMM"},
    {"aten::addmv", "adds the bias inside the GEMV"},
    {"aten::baddbmm", "adds the bias inside the batched GEMM"},
    {"aten::addbmm", "sums the batched GEMM and adds the bias in one kernel"},
    {"aten::_softmax", "softmax (max, exp, sum, divide) is one kernel"},
    {"aten::_log_softmax", "log-softmax is one kernel"},
    {"aten::native_layer_norm", "layer norm (mean, variance, normalise, scale) is one kernel"},
    {"aten::native_batch_norm", "batch norm (statistics, normalise, scale) is one kernel"},
    {"aten::_native_batch_norm_legit", "batch norm is one kernel"},
    {"aten::native_group_norm", "group norm is one kernel"},
    {"aten::_fused_rms_norm", "RMS norm is one kernel"},
    {"aten::gelu", "GELU is one elementwise kernel"},
    {"aten::silu", "SiLU (x * sigmoid(x)) is one elementwise kernel"},
    {"aten::mkldnn_convolution", "the convolution adds the bias inside the kernel"},
    {"aten::_scaled_dot_product_flash_attention_for_cpu", "attention is one flash kernel"},
    {"aten::_scaled_dot_product_flash_attention", "attention is one flash kernel"},
    {"aten::_scaled_dot_product_efficient_attention", "attention is one fused kernel"},
    {"aten::_native_multi_head_attention", "multi-head attention is one fused kernel"},
    {"aten::mean", "sum and divide are one reduction kernel"},
    {"aten::var_mean", "mean and variance are one kernel"},
    {"aten::logsumexp", "max, exp, sum and log are one kernel"},
    {"aten::nll_loss_nd", "the loss gathers and averages in one kernel"},
    {"aten::cross_entropy_loss", "log-softmax and the loss run as few kernels"},
};

void case_free(Case *c)
{
    free(c->name);
    free(c->model);
    free(c->kernel);
    sol_sizes_free(&c->sizes);
    sol_buf_free(&c->note);
    cJSON_Delete(c->measured);
    bounds_free(&c->bounds);
    sol_buf_free(&c->fusing);
    memset(c, 0, sizeof *c);
}

double case_headroom(const Case *c, int k)
{
    if (c->state != CASE_OK || !c->bounds.b[k].present || !(c->bounds.b[k].seconds > 0))
        return 0;
    return c->min_s / c->bounds.b[k].seconds;
}

bool case_violates(const Case *c)
{
    return c->state == CASE_OK && (c->violated[B_FUSED] || c->violated[B_CACHE]);
}

static void fail(Case *c, RunStatus st, SolBuf *why)
{
    c->state = CASE_FAILED;
    c->status = st;
    sol_buf_append(&c->note, why->data ? why->data : "", why->len);
}

/* Reads the measured times and the aten ops of c->measured. */
static void read_measurement(Case *c)
{
    c->min_s = cJSON_GetObjectItem(c->measured, "min_s")->valuedouble;
    c->median_s = cJSON_GetObjectItem(c->measured, "median_s")->valuedouble;
    cJSON *t = cJSON_GetObjectItem(c->measured, "trials");
    c->trials = cJSON_IsNumber(t) ? t->valueint : 0;
    cJSON *ops = cJSON_GetObjectItem(c->measured, "aten_ops");
    cJSON *op;
    cJSON_ArrayForEach(op, ops)
    {
        const char *name = cJSON_GetStringValue(cJSON_GetObjectItem(op, "name"));
        for (size_t i = 0; name && i < sizeof fusing_ops / sizeof fusing_ops[0]; i++)
            if (strcmp(name, fusing_ops[i].op) == 0)
                sol_buf_printf(&c->fusing, "%s%s (%s)", c->fusing.len ? "; " : "", name,
                               fusing_ops[i].why);
    }
    sol_buf_append(&c->fusing, "", 0);
}

static bool any_dynamic(const IrArgs *ir)
{
    for (size_t i = 0; i < ir->num_memref; i++)
        if (ir->dynamic[i])
            return true;
    return false;
}

/* `X=16x16384,...`: the twin's tensor shapes (input_shapes of the measurement, in the order
 * of the kernel's memref arguments, the convention solar_reference.py and the examples keep)
 * for the memref arguments with a `?` dim. */
static void twin_shapes(const Case *c, const IrArgs *ir, SolBuf *out)
{
    cJSON *shapes = cJSON_GetObjectItem(c->measured, "input_shapes");
    for (size_t i = 0; i < ir->num_memref; i++) {
        cJSON *shape = cJSON_GetArrayItem(shapes, (int)i);
        if (!ir->dynamic[i] || !cJSON_IsArray(shape) || cJSON_GetArraySize(shape) == 0)
            continue;
        sol_buf_printf(out, "%s%s=", out->len ? "," : "", ir->memref[i]);
        cJSON *d;
        int k = 0;
        cJSON_ArrayForEach(d, shape)
        {
            sol_buf_printf(out, "%s%lld", k++ ? "x" : "", (long long)d->valuedouble);
        }
    }
}

/* Bounds after the measurement: the twin's constants size the index arguments not given,
 * and when solar-opt cannot size a `?` memref (a buffer only a linalg.generic uses) from
 * the IR, the twin's tensor shapes do. `retry` says solar-opt already failed without them. */
static RunStatus bounds_after_measuring(Case *c, const CaseOpts *o, const SolSizes *given,
                                        const IrArgs *ir, SolSizes *bind, bool retry, SolBuf *err)
{
    cJSON *consts = cJSON_GetObjectItem(c->measured, "sizes");
    for (size_t i = 0; i < ir->num_index; i++) {
        if (sol_sizes_find(given, ir->index[i]))
            continue;
        cJSON *v = cJSON_GetObjectItem(consts, ir->index[i]);
        if (!cJSON_IsNumber(v)) {
            sol_buf_printf(err,
                           "%s: the index argument '%s' of the kernel has no size: %s has no "
                           "module-level int constant '%s'; give it with --sizes %s=<value>",
                           c->kernel, ir->index[i], c->model, ir->index[i], ir->index[i]);
            return RUN_USAGE;
        }
        sol_sizes_set(bind, ir->index[i], (int64_t)v->valuedouble);
        sol_sizes_set(&c->sizes, ir->index[i], (int64_t)v->valuedouble);
    }
    RunStatus st = RUN_FAILED;
    if (!retry)
        st = bounds_run(o->solar_opt, c->kernel, bind, NULL, o->hw, o->measure.timeout_s,
                        o->verbose, &c->bounds, err);
    if (st == RUN_OK || !any_dynamic(ir))
        return st;
    SolBuf shapes = {0};
    twin_shapes(c, ir, &shapes);
    if (shapes.len) {
        SolBuf again = {0};
        st = bounds_run(o->solar_opt, c->kernel, bind, shapes.data, o->hw,
                        o->measure.timeout_s, o->verbose, &c->bounds, &again);
        if (st == RUN_OK) {
            err->len = 0;
            sol_buf_printf(&c->note, "%sshapes from the twin: %s", c->note.len ? "; " : "",
                           shapes.data);
        } else {
            sol_buf_printf(err, "\nwith the twin's shapes (%s):\n%s", shapes.data,
                           again.data ? again.data : "");
        }
        sol_buf_free(&again);
    }
    sol_buf_free(&shapes);
    return st;
}

void case_run(Case *c, const CaseOpts *o, const SolSizes *given)
{
    SolBuf err = {0};
    IrArgs ir;
    SolSizes bind = {0};
    for (size_t i = 0; i < given->len; i++)
        sol_sizes_set(&c->sizes, given->data[i].name, given->data[i].value);
    if (!ir_args_read(c->kernel, &ir, &err)) {
        fail(c, RUN_FAILED, &err);
        goto done;
    }
    bool all_given = true;
    for (size_t i = 0; i < ir.num_index; i++) {
        const SolSize *s = sol_sizes_find(given, ir.index[i]);
        if (s)
            sol_sizes_set(&bind, s->name, s->value);
        else
            all_given = false;
    }
    /* Bounds first when the sizes are known: solar-opt answers in well under a second, and a
     * kernel it cannot bound should not cost a measurement (unless the twin's tensor shapes
     * can size what the IR leaves open). */
    bool retry = false;
    if (all_given) {
        RunStatus st = bounds_run(o->solar_opt, c->kernel, &bind, NULL, o->hw,
                                  o->measure.timeout_s, o->verbose, &c->bounds, &err);
        if (st != RUN_OK && !any_dynamic(&ir)) {
            fail(c, st, &err);
            goto done;
        }
        retry = st != RUN_OK;
    }
    RunStatus st =
        measure_run(o->measurer, c->model, given, &o->measure, o->verbose, &c->measured, &err);
    if (st != RUN_OK) {
        fail(c, st, &err);
        goto done;
    }
    read_measurement(c);
    if (!all_given || retry) {
        st = bounds_after_measuring(c, o, given, &ir, &bind, retry, &err);
        if (st != RUN_OK) {
            fail(c, st, &err);
            goto done;
        }
    }
    c->state = CASE_OK;
    for (int k = 0; k < B_COUNT; k++)
        c->violated[k] = c->bounds.b[k].present && c->min_s < c->bounds.b[k].seconds;
    if (c->bounds.approximate)
        sol_buf_printf(&c->note, "%sapproximate counts", c->note.len ? "; " : "");
    if (c->bounds.data_dependent)
        sol_buf_printf(&c->note, "%sdata-dependent counts", c->note.len ? "; " : "");
    if (cJSON_IsTrue(cJSON_GetObjectItem(c->measured, "budget_hit")))
        sol_buf_printf(&c->note, "%s%d trials (time budget)", c->note.len ? "; " : "", c->trials);
    if (o->measure.warm)
        sol_buf_printf(&c->note, "%swarm caches", c->note.len ? "; " : "");
done:
    sol_buf_append(&c->note, "", 0);
    ir_args_free(&ir);
    sol_sizes_free(&bind);
    sol_buf_free(&err);
}

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

/* Why a violated bound does not count against the model (unfused, fused-plan), or NULL. */
static void violation_reason(SolBuf *b, const Case *c, int k)
{
    if (k == B_UNFUSED) {
        if (c->fusing.len)
            sol_buf_printf(b,
                           "not a fault of the bound: eager PyTorch ran fusing ops, %s; the "
                           "unfused bound counts every IR node as its own kernel",
                           c->fusing.data);
        else
            sol_buf_puts(b, "not counted: the unfused bound counts every IR node as its own "
                            "kernel, and no op of the known fusing list ran; check whether an "
                            "aten op computes several IR nodes");
    } else if (k == B_FUSED_PLAN) {
        sol_buf_puts(b, "not counted: the fused-plan bound assumes the plan's groups, and the "
                        "run fused across them");
    } else {
        sol_buf_printf(b,
                       "the %s bound is a lower bound for every implementation: a bug in "
                       "the bound or in the device figures",
                       bound_names[k]);
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

void case_print_text(FILE *out, const Case *c, const CaseOpts *o)
{
    char t1[32], t2[32];
    SolBuf sz = {0};
    sol_sizes_text(&sz, &c->sizes, ", ");
    fprintf(out, "%s: %s against %s\n", validate_tool.name, c->model, c->kernel);
    fprintf(out, "  sizes:     %s\n", sz.len ? sz.data : "(none)");
    sol_buf_free(&sz);
    if (c->state != CASE_OK) {
        fprintf(out, "  %s: %s\n", c->state == CASE_SKIPPED ? "skipped" : "failed", c->note.data);
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
    for (int k = 0; k < B_COUNT; k++) {
        const Bound *b = &c->bounds.b[k];
        if (!b->present)
            continue;
        fprintf(out, "  %-12s %14s  %-7s %9.3gx\n", bound_names[k],
                fmt_time(t1, sizeof t1, b->seconds), b->kind, case_headroom(c, k));
    }
    for (int k = 0; k < B_COUNT; k++) {
        if (!c->violated[k])
            continue;
        SolBuf why = {0};
        violation_reason(&why, c, k);
        fprintf(out, "VIOLATION: %s %.4g s < %.4g s (%s)\n", bound_names[k], c->min_s,
                c->bounds.b[k].seconds, why.data);
        sol_buf_free(&why);
    }
}

/* ---- JSON ---------------------------------------------------------------------------------- */

cJSON *case_json(const Case *c, const CaseOpts *o)
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
    if (c->state != CASE_OK)
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
    for (int k = 0; k < B_COUNT; k++) {
        const Bound *b = &c->bounds.b[k];
        if (!b->present)
            continue;
        cJSON *e = cJSON_AddObjectToObject(bounds, bound_names[k]);
        cJSON_AddNumberToObject(e, "seconds", b->seconds);
        cJSON_AddStringToObject(e, "kind", b->kind);
        cJSON_AddNumberToObject(e, "headroom", case_headroom(c, k));
        cJSON_AddBoolToObject(e, "violated", c->violated[k]);
        if (!c->violated[k])
            continue;
        SolBuf why = {0};
        violation_reason(&why, c, k);
        cJSON *v = cJSON_CreateObject();
        cJSON_AddStringToObject(v, "bound", bound_names[k]);
        cJSON_AddNumberToObject(v, "measured_s", c->min_s);
        cJSON_AddNumberToObject(v, "bound_s", b->seconds);
        cJSON_AddBoolToObject(v, "counted", k == B_FUSED || k == B_CACHE);
        cJSON_AddStringToObject(v, "reason", why.data);
        cJSON_AddItemToArray(viol, v);
        sol_buf_free(&why);
    }
    cJSON_AddItemToObject(j, "violations", viol);
    cJSON_AddStringToObject(j, "fusing_ops", c->fusing.data ? c->fusing.data : "");
    return j;
}

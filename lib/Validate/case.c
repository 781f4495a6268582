/*
 * One case: a twin MODEL.py and its KERNEL.mlir at one set of sizes. The sizes the IR's
 * index arguments take come from --sizes (or the batch's sizes line), else from the twin's
 * module-level constants of the same name. The bounds come from solar-opt, the time from
 * solar_measure.py; headroom is measured min / bound, and a bound the measured min beats is a
 * violation. Only the fused and the cache bound are lower bounds for every implementation:
 * the unfused one counts each IR node as its own kernel (eager PyTorch runs some nodes as one
 * kernel: aten::addmm adds the bias inside the GEMM) and the fused-plan one the groups of one
 * plan, so beating those is reported with the reason and is not an error (report.c says
 * which).
 */
#include "Validate/validate.h"

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

void sol_val_case_init(SolValCase *c, const char *model, const char *kernel)
{
    memset(c, 0, sizeof *c);
    c->model = sol_xstrdup(model);
    c->kernel = sol_xstrdup(kernel);
    const char *slash = strrchr(kernel, '/');
    c->name = sol_xstrdup(slash ? slash + 1 : kernel);
    size_t n = strlen(c->name);
    if (n > 5 && strcmp(c->name + n - 5, ".mlir") == 0)
        c->name[n - 5] = '\0';
}

void sol_val_case_free(SolValCase *c)
{
    free(c->name);
    free(c->model);
    free(c->kernel);
    sol_sizes_free(&c->sizes);
    sol_buf_free(&c->note);
    cJSON_Delete(c->measured);
    sol_val_bounds_free(&c->bounds);
    sol_buf_free(&c->fusing);
    memset(c, 0, sizeof *c);
}

double sol_val_case_headroom(const SolValCase *c, int k)
{
    if (c->state != SOL_VAL_CASE_OK || !c->bounds.b[k].present || !(c->bounds.b[k].seconds > 0))
        return 0;
    return c->min_s / c->bounds.b[k].seconds;
}

bool sol_val_case_violates(const SolValCase *c)
{
    return c->state == SOL_VAL_CASE_OK &&
           (c->violated[SOL_VAL_FUSED] || c->violated[SOL_VAL_CACHE]);
}

/* Where -v notes the commands run, or NULL. */
static const SolTool *case_log(const SolValCaseOpts *o) { return o->verbose ? o->tool : NULL; }

static void fail(SolValCase *c, SolValStatus st, SolBuf *why)
{
    c->state = SOL_VAL_CASE_FAILED;
    c->status = st;
    sol_buf_append(&c->note, why->data ? why->data : "", why->len);
}

/* Reads the measured times and the aten ops of c->measured. */
static void read_measurement(SolValCase *c)
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

static bool any_dynamic(const SolValIrArgs *ir)
{
    for (size_t i = 0; i < ir->num_memref; i++)
        if (ir->dynamic[i])
            return true;
    return false;
}

/* `X=16x16384,...`: the twin's tensor shapes (input_shapes of the measurement, in the order
 * of the kernel's memref arguments, the convention solar_reference.py and the examples keep)
 * for the memref arguments with a `?` dim. */
static void twin_shapes(const SolValCase *c, const SolValIrArgs *ir, SolBuf *out)
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
static SolValStatus bounds_after_measuring(SolValCase *c, const SolValCaseOpts *o,
                                           const SolSizes *given, const SolValIrArgs *ir,
                                           SolSizes *bind, bool retry, SolBuf *err)
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
            return SOL_VAL_USAGE;
        }
        sol_sizes_set(bind, ir->index[i], (int64_t)v->valuedouble);
        sol_sizes_set(&c->sizes, ir->index[i], (int64_t)v->valuedouble);
    }
    SolValStatus st = SOL_VAL_FAILED;
    if (!retry)
        st = sol_val_bounds_run(o->solar_opt, c->kernel, bind, NULL, o->hw, o->measure.timeout_s,
                                case_log(o), &c->bounds, err);
    if (st == SOL_VAL_OK || !any_dynamic(ir))
        return st;
    SolBuf shapes = {0};
    twin_shapes(c, ir, &shapes);
    if (shapes.len) {
        SolBuf again = {0};
        st = sol_val_bounds_run(o->solar_opt, c->kernel, bind, shapes.data, o->hw,
                                o->measure.timeout_s, case_log(o), &c->bounds, &again);
        if (st == SOL_VAL_OK) {
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

void sol_val_case_run(SolValCase *c, const SolValCaseOpts *o, const SolSizes *given)
{
    SolBuf err = {0};
    SolValIrArgs ir;
    SolSizes bind = {0};
    for (size_t i = 0; i < given->len; i++)
        sol_sizes_set(&c->sizes, given->data[i].name, given->data[i].value);
    if (!sol_val_ir_args_read(c->kernel, &ir, &err)) {
        fail(c, SOL_VAL_FAILED, &err);
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
        SolValStatus st = sol_val_bounds_run(o->solar_opt, c->kernel, &bind, NULL, o->hw,
                                             o->measure.timeout_s, case_log(o), &c->bounds, &err);
        if (st != SOL_VAL_OK && !any_dynamic(&ir)) {
            fail(c, st, &err);
            goto done;
        }
        retry = st != SOL_VAL_OK;
    }
    SolValStatus st = sol_val_measure_run(o->measurer, c->model, given, &o->measure, case_log(o),
                                          &c->measured, &err);
    if (st != SOL_VAL_OK) {
        fail(c, st, &err);
        goto done;
    }
    read_measurement(c);
    if (!all_given || retry) {
        st = bounds_after_measuring(c, o, given, &ir, &bind, retry, &err);
        if (st != SOL_VAL_OK) {
            fail(c, st, &err);
            goto done;
        }
    }
    c->state = SOL_VAL_CASE_OK;
    for (int k = 0; k < SOL_VAL_NUM_BOUNDS; k++)
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
    sol_val_ir_args_free(&ir);
    sol_sizes_free(&bind);
    sol_buf_free(&err);
}

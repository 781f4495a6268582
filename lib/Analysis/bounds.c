/*
 * SOL bounds from counts and a device model (see bounds.h).
 */
#include "Analysis/bounds.h"
#include "Analysis/fusion.h"

#include <stdlib.h>
#include <string.h>

/* The peak an op class of dtype dt runs at, with the name of the figure used. */
static double matrix_peak(const SolDevice *d, SolDtype dt, bool fp32_ieee, const char **name)
{
    static const char *const mnames[SOL_DT_COUNT] = {"matrix f16", "matrix bf16", "matrix f32",
                                                     "matrix f64", "matrix i8", "matrix i32",
                                                     "matrix i64"};
    double p;
    if (dt == SOL_DT_F32 && !fp32_ieee && (p = sol_device_peak(d, true, "tf32")) > 0) {
        *name = "matrix tf32";
        return p;
    }
    if ((p = sol_device_peak(d, true, sol_dtype_name(dt))) > 0) {
        *name = mnames[dt];
        return p;
    }
    return 0;
}

static double vector_peak(const SolDevice *d, SolDtype dt, const char **name)
{
    static const char *const vnames[SOL_DT_COUNT] = {"vector f16", "vector bf16", "vector f32",
                                                     "vector f64", "vector i8", "vector i32",
                                                     "vector i64"};
    double p;
    if ((p = sol_device_peak(d, false, sol_dtype_name(dt))) > 0) {
        *name = vnames[dt];
        return p;
    }
    /* Half types and integers run on the f32 lanes when the device lists no figure. */
    if (dt != SOL_DT_F64 && (p = sol_device_peak(d, false, "f32")) > 0) {
        *name = "vector f32";
        return p;
    }
    return 0;
}

static void note_missing(SolBounds *b, const char *what, SolDtype dt)
{
    size_t len = strlen(b->missing);
    snprintf(b->missing + len, sizeof b->missing - len, "%s%s %s", len ? ", " : "", what,
             sol_dtype_name(dt));
}

static void finish(SolTimes *t)
{
    t->seconds = t->matrix, t->bound = "matrix";
    if (t->vector > t->seconds)
        t->seconds = t->vector, t->bound = "vector";
    if (t->memory > t->seconds)
        t->seconds = t->memory, t->bound = "memory";
}

/* Every source op its own kernel: the plan of source ops, timed with the node times. */
static void unfused(const SolGraph *g, SolBounds *out)
{
    SolFusionPlan plan;
    SolPlanTimes times;
    sol_fusion_plan_source_ops(g, &plan);
    sol_fusion_plan_times(&plan, out, &times);
    out->unfused = times.seconds;
    out->unfused_bound = times.bound;
    out->unfused_bytes = plan.bytes;
    out->unfused_kernels = plan.num_groups;
    sol_plan_times_free(&times);
    sol_fusion_plan_free(&plan);
}

void sol_bounds_compute(const SolGraph *g, const SolDevice *dev, const SolBoundOptions *opts,
                        SolBounds *out)
{
    memset(out, 0, sizeof *out);
    out->device = dev;
    const SolMemLevel *dram = sol_device_dram(dev);
    out->dram_bandwidth = dram ? dram->bandwidth : 0;
    for (int dt = 0; dt < SOL_DT_COUNT; dt++) {
        const char *name = NULL;
        double p = matrix_peak(dev, (SolDtype)dt, opts->fp32_ieee, &name);
        if (p == 0)
            p = vector_peak(dev, (SolDtype)dt, &name);
        out->matrix_peak_used[dt] = p;
        out->matrix_peak_name[dt] = name;
        name = NULL;
        out->vector_peak_used[dt] = vector_peak(dev, (SolDtype)dt, &name);
        out->vector_peak_name[dt] = name;
    }
    out->nodes = sol_xcalloc(g->num_nodes + 1, sizeof *out->nodes);
    bool missing_m[SOL_DT_COUNT] = {0}, missing_v[SOL_DT_COUNT] = {0};
    for (uint32_t i = 0; i < g->num_nodes; i++) {
        const SolNode *n = &g->nodes[i];
        SolTimes *t = &out->nodes[i];
        for (int dt = 0; dt < SOL_DT_COUNT; dt++) {
            double flops = (double)(opts->conv_any ? n->matrix_flops_conv_any[dt]
                                                   : n->matrix_flops[dt]);
            if (flops > 0 && out->matrix_peak_used[dt] > 0)
                t->matrix += flops / out->matrix_peak_used[dt];
            else if (flops > 0)
                missing_m[dt] = true;
            if (n->vector_ops[dt] && out->vector_peak_used[dt] > 0)
                t->vector += (double)n->vector_ops[dt] / out->vector_peak_used[dt];
            else if (n->vector_ops[dt])
                missing_v[dt] = true;
        }
        t->memory = out->dram_bandwidth > 0 ? (double)n->bytes / out->dram_bandwidth : 0;
        finish(t);
        out->fused.matrix += t->matrix;
        out->fused.vector += t->vector;
    }
    unfused(g, out);
    out->fused.memory =
        out->dram_bandwidth > 0 ? (double)g->compulsory_bytes / out->dram_bandwidth : 0;
    finish(&out->fused);
    for (int dt = 0; dt < SOL_DT_COUNT; dt++) {
        if (missing_m[dt])
            note_missing(out, "matrix", (SolDtype)dt);
        if (missing_v[dt])
            note_missing(out, "vector", (SolDtype)dt);
    }
}

void sol_bounds_free(SolBounds *b)
{
    free(b->nodes);
    b->nodes = NULL;
}

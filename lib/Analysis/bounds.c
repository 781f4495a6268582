/*
 * SOL bounds from counts and a device model (see bounds.h), and the lines that state what
 * they assumed.
 */
#include "Analysis/bounds.h"
#include "Analysis/fusion.h"

#include <stdlib.h>
#include <string.h>

static const char *const cache_state_names[] = {"cold", "warm"};

const char *sol_cache_state_name(SolCacheState s)
{
    return (unsigned)s < 2 ? cache_state_names[s] : "?";
}

bool sol_cache_state_parse(const char *s, SolCacheState *out)
{
    for (unsigned i = 0; i < 2; i++)
        if (strcmp(s, cache_state_names[i]) == 0) {
            *out = (SolCacheState)i;
            return true;
        }
    return false;
}

static uint64_t sat_sub(uint64_t a, uint64_t b) { return a > b ? a - b : 0; }

uint64_t sol_dram_charge(SolCacheState s, uint64_t reads, uint64_t cold_reads, uint64_t writes,
                         uint64_t persistent)
{
    if (cold_reads > reads)
        cold_reads = reads;
    uint64_t r = s == SOL_CACHE_WARM
                     ? sat_sub(reads, persistent)
                     : cold_reads + sat_sub(reads - cold_reads, persistent);
    uint64_t w = sat_sub(writes, persistent), sum;
    return __builtin_add_overflow(r, w, &sum) ? UINT64_MAX : sum;
}

/* ---- peaks ---------------------------------------------------------------------------------- */

/* A peak and the unit it belongs to. */
typedef struct Peak {
    double flops; /* 0: none */
    const char *name;
    bool vector;
} Peak;

/* The faster of two peaks; on a tie the matrix unit's (the mode the contract names). */
static Peak better(Peak a, Peak b)
{
    return b.flops > a.flops || (b.flops == a.flops && a.vector && !b.vector) ? b : a;
}

static Peak vector_peak(const SolDevice *d, SolDtype dt)
{
    static const char *const vnames[SOL_DT_COUNT] = {"vector f16", "vector bf16", "vector f32",
                                                     "vector f64", "vector i8", "vector i32",
                                                     "vector i64"};
    Peak p = {sol_device_peak(d, false, sol_dtype_name(dt)), vnames[dt], true};
    /* Half types and integers run on the f32 lanes when the device lists no figure. */
    if (p.flops == 0 && dt != SOL_DT_F64)
        p = (Peak){sol_device_peak(d, false, "f32"), "vector f32", true};
    return p;
}

/* The fastest unit the f32 contract m allows: IEEE f32 products (the vector unit, a native or
 * equally accurate emulated f32 matrix mode), then TF32, then inputs rounded to bf16/f16. */
static Peak f32_peak(const SolDevice *d, SolFp32Matmul m)
{
    Peak p = vector_peak(d, SOL_DT_F32);
    p = better(p, (Peak){sol_device_peak(d, true, "f32"), "matrix f32", false});
    if (m >= SOL_FP32_TF32)
        p = better(p, (Peak){sol_device_peak(d, true, "tf32"), "matrix tf32", false});
    if (m >= SOL_FP32_BF16) { /* a CPU's bf16 dot products count too (vdpbf16ps, BFMMLA) */
        p = better(p, (Peak){sol_device_peak(d, false, "bf16"), "vector bf16", true});
        p = better(p, (Peak){sol_device_peak(d, false, "f16"), "vector f16", true});
        p = better(p, (Peak){sol_device_peak(d, true, "bf16"), "matrix bf16", false});
        p = better(p, (Peak){sol_device_peak(d, true, "f16"), "matrix f16", false});
    }
    return p;
}

static Peak contraction_peak(const SolDevice *d, SolDtype dt, SolFp32Matmul m)
{
    static const char *const mnames[SOL_DT_COUNT] = {"matrix f16", "matrix bf16", "matrix f32",
                                                     "matrix f64", "matrix i8", "matrix i32",
                                                     "matrix i64"};
    if (dt == SOL_DT_F32)
        return f32_peak(d, m);
    Peak p = {sol_device_peak(d, true, sol_dtype_name(dt)), mnames[dt], false};
    return p.flops > 0 ? p : vector_peak(d, dt);
}

/* ---- times ---------------------------------------------------------------------------------- */

void sol_times_finish(SolTimes *t)
{
    t->seconds = t->matrix, t->bound = "matrix";
    if (t->vector > t->seconds)
        t->seconds = t->vector, t->bound = "vector";
    if (t->vector_contraction > t->seconds)
        t->seconds = t->vector_contraction, t->bound = "vector";
    if (t->memory > t->seconds)
        t->seconds = t->memory, t->bound = "memory";
}

static void note_missing(SolBounds *b, const char *what, SolDtype dt)
{
    size_t len = strlen(b->missing);
    snprintf(b->missing + len, sizeof b->missing - len, "%s%s %s", len ? ", " : "", what,
             sol_dtype_name(dt));
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
    out->unfused_dram_bytes = times.dram_bytes;
    out->unfused_kernels = plan.num_groups;
    sol_plan_times_free(&times);
    sol_fusion_plan_free(&plan);
}

static void node_times(const SolNode *n, const SolBounds *b, bool conv_any, SolTimes *t,
                       bool *missing_m, bool *missing_v)
{
    for (int dt = 0; dt < SOL_DT_COUNT; dt++) {
        double flops = (double)(conv_any ? n->matrix_flops_conv_any[dt] : n->matrix_flops[dt]);
        if (flops > 0 && b->matrix_peak_used[dt] > 0) {
            double s = flops / b->matrix_peak_used[dt];
            if (b->contraction_on_vector[dt])
                t->vector_contraction += s;
            else
                t->matrix += s;
        } else if (flops > 0) {
            missing_m[dt] = true;
        }
        if (n->vector_ops[dt] && b->vector_peak_used[dt] > 0)
            t->vector += (double)n->vector_ops[dt] / b->vector_peak_used[dt];
        else if (n->vector_ops[dt])
            missing_v[dt] = true;
    }
    t->memory = b->dram_bandwidth > 0 ? (double)n->bytes / b->dram_bandwidth : 0;
    sol_times_finish(t);
}

void sol_bounds_compute(const SolGraph *g, const SolDevice *dev, const SolBoundOptions *opts,
                        SolBounds *out)
{
    memset(out, 0, sizeof *out);
    out->device = dev;
    const SolMemLevel *dram = sol_device_dram(dev);
    out->dram_bandwidth = dram ? dram->bandwidth : 0;
    out->fp32_is_default = opts->fp32 == SOL_FP32_DEVICE;
    out->fp32 = out->fp32_is_default ? dev->fp32_default : opts->fp32;
    if (out->fp32 == SOL_FP32_DEVICE)
        out->fp32 = SOL_FP32_TF32; /* a device built in memory without a default */
    out->cache_state = opts->cache_state;
    out->persistent_bytes = sol_device_persistent_below(dev, 0);
    for (int dt = 0; dt < SOL_DT_COUNT; dt++) {
        Peak p = contraction_peak(dev, (SolDtype)dt, out->fp32);
        out->matrix_peak_used[dt] = p.flops;
        out->matrix_peak_name[dt] = p.flops > 0 ? p.name : NULL;
        out->contraction_on_vector[dt] = p.vector;
        p = vector_peak(dev, (SolDtype)dt);
        out->vector_peak_used[dt] = p.flops;
        out->vector_peak_name[dt] = p.flops > 0 ? p.name : NULL;
    }
    out->nodes = sol_xcalloc(g->num_nodes + 1, sizeof *out->nodes);
    bool missing_m[SOL_DT_COUNT] = {0}, missing_v[SOL_DT_COUNT] = {0};
    for (uint32_t i = 0; i < g->num_nodes; i++) {
        SolTimes *t = &out->nodes[i];
        node_times(&g->nodes[i], out, opts->conv_any, t, missing_m, missing_v);
        out->fused.matrix += t->matrix;
        out->fused.vector += t->vector;
        out->fused.vector_contraction += t->vector_contraction;
    }
    /* The whole graph as one kernel: every argument it reads is read first by it. */
    out->fused_dram_bytes =
        sol_dram_charge(out->cache_state, g->compulsory_read_bytes, g->compulsory_read_bytes,
                        g->compulsory_write_bytes, out->persistent_bytes);
    out->fused.memory =
        out->dram_bandwidth > 0 ? (double)out->fused_dram_bytes / out->dram_bandwidth : 0;
    sol_times_finish(&out->fused);
    unfused(g, out);
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

/* ---- assumptions ---------------------------------------------------------------------------- */

/* What each f32 contract means, for the report. */
static const char *fp32_meaning(SolFp32Matmul m)
{
    switch (m) {
    case SOL_FP32_IEEE:
        return "IEEE f32 products";
    case SOL_FP32_TF32:
        return "TF32 tensor cores allowed";
    case SOL_FP32_BF16:
        return "inputs may be rounded to bf16/f16";
    default:
        return "?";
    }
}

void sol_bounds_describe_contract(const SolBounds *b, char *buf, size_t size)
{
    const SolDevice *d = b->device;
    int n = snprintf(buf, size, "f32 contract %s (--fp32-matmul=%s", sol_fp32_matmul_name(b->fp32),
                     sol_fp32_matmul_name(b->fp32));
    if (n >= 0 && (size_t)n < size && b->fp32_is_default)
        n += snprintf(buf + n, size - (size_t)n, ", this device's default: %s)",
                      d->fp32_reason ? d->fp32_reason : "its file's");
    else if (n >= 0 && (size_t)n < size)
        n += snprintf(buf + n, size - (size_t)n, ": %s)", fp32_meaning(b->fp32));
    if (n >= 0 && (size_t)n < size && b->contraction_on_vector[SOL_DT_F32])
        n += snprintf(buf + n, size - (size_t)n, "; they run on the vector unit: vector-bound work");
    if (n >= 0 && (size_t)n < size && b->fp32 != SOL_FP32_IEEE)
        snprintf(buf + n, size - (size_t)n, "; PyTorch's own default is IEEE: --fp32-matmul=ieee");
}

void sol_bounds_describe_cache_state(SolCacheState s, char *buf, size_t size)
{
    if (s == SOL_CACHE_WARM)
        snprintf(buf, size, "cache state: warm (--cache-state warm: data that fits in on-chip "
                            "storage that outlives a kernel starts there, as a timing loop without "
                            "a flush measures; docs/bounds.md)");
    else
        snprintf(buf, size, "cache state: cold (inputs start in DRAM, as timers that flush L2 "
                            "measure; --cache-state warm for a loop without a flush; outputs "
                            "that fit in on-chip storage that outlives a kernel need not reach "
                            "DRAM: docs/bounds.md)");
}

void sol_bounds_describe_charge(const SolGraph *g, const SolBounds *b, char *buf, size_t size)
{
    snprintf(buf, size, "%llu bytes on chip outlive a kernel: DRAM is charged %llu of the %llu "
                        "compulsory bytes fused, %llu of the %llu unfused",
             (unsigned long long)b->persistent_bytes, (unsigned long long)b->fused_dram_bytes,
             (unsigned long long)g->compulsory_bytes, (unsigned long long)b->unfused_dram_bytes,
             (unsigned long long)b->unfused_bytes);
}

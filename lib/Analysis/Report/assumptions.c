/*
 * The assumptions a report's figures rest on, one line each (model.h): those that hold on
 * every device (cache state, the convolution convention, approximate counts), then each
 * device's (the peaks the graph's work runs at, the DRAM bandwidth, its model file, its f32
 * contract, what the cache state charged to DRAM, estimated level bandwidths, work without a
 * peak). Every format prints these lines as they are, so a new
 * option or device property that changes a figure adds its line here, once.
 */
#include "Analysis/Report/model.h"

#include <stdarg.h>
#include <string.h>
#include <unistd.h>

static void add(SolReportModel *m, int device, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void add(SolReportModel *m, int device, const char *fmt, ...)
{
    SolReportAssumption a = {.device = device};
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(a.text, sizeof a.text, fmt, ap);
    va_end(ap);
    sol_vec_push(&m->assumptions, a);
}

static void common(SolReportModel *m)
{
    const SolGraph *g = m->g;
    const SolReportOptions *o = m->o;
    bool conv = false;
    for (uint32_t i = 0; i < g->num_nodes; i++)
        conv |= g->nodes[i].is_conv;
    /* The f32 contract is each device's (its default differs): device() says which. */
    char text[sizeof ((SolReportAssumption *)0)->text];
    sol_bounds_describe_cache_state(o->bounds.cache_state, text, sizeof text);
    add(m, -1, "%s", text);
    if (conv)
        add(m, -1, o->bounds.conv_any
                       ? "convolutions: the Winograd/FFT limit, 2 FLOP per output per input "
                         "channel (--conv-algo=any)"
                       : "convolutions: direct; fast algorithms (Winograd, FFT) can beat "
                         "that (--conv-algo=any bounds them)");
    if (o->cache && o->bounds.tight_matmul)
        add(m, -1, "sol-cache: the published 2W/sqrt(S) matmul constant (--tight-matmul), "
                   "not the proven sqrt(2) form");
    add(m, -1, "peaks: dense, at boost clock; compute units overlap (terms combine with max)");
    if (g->approximate)
        add(m, -1, "some counts are approximate and err low: a looser bound, never a "
                   "violated one");
    if (g->data_dependent)
        add(m, -1, "data-dependent accesses count min(executions, tensor size) elements");
}

/* The device file as the user can open it: relative to the working directory when inside it
 * (`hardware/h100-sxm.json` from the source tree), else as found. */
static const char *file_name(const char *path, char *cwd, size_t size)
{
    if (!path)
        return "?";
    if (!getcwd(cwd, size))
        return path;
    size_t n = strlen(cwd);
    if (n > 1 && strncmp(path, cwd, n) == 0 && path[n] == '/')
        return path + n + 1;
    return path;
}

static void device(SolReportModel *m, int i)
{
    const SolBounds *b = m->devices[i].b;
    const SolDevice *d = b->device;
    const SolGraph *g = m->g;
    char peaks[160] = "";
    size_t len = 0;
    for (int dt = 0; dt < SOL_DT_COUNT; dt++) {
        bool matrix = false, vector = false;
        for (uint32_t k = 0; k < g->num_nodes; k++)
            matrix |= g->nodes[k].matrix_flops[dt] != 0, vector |= g->nodes[k].vector_ops[dt] != 0;
        char r[32];
        if (matrix && b->matrix_peak_name[dt] && len < sizeof peaks) {
            sol_report_fmt_rate(r, sizeof r, b->matrix_peak_used[dt]);
            len += (size_t)snprintf(peaks + len, sizeof peaks - len, "%s%s contractions on %s "
                                    "%sFLOP/s", len ? ", " : "", sol_dtype_name((SolDtype)dt),
                                    b->matrix_peak_name[dt], r);
        }
        if (vector && b->vector_peak_name[dt] && len < sizeof peaks) {
            sol_report_fmt_rate(r, sizeof r, b->vector_peak_used[dt]);
            len += (size_t)snprintf(peaks + len, sizeof peaks - len, "%s%s ops on %s %sOP/s",
                                    len ? ", " : "", sol_dtype_name((SolDtype)dt),
                                    b->vector_peak_name[dt], r);
        }
    }
    char bw[32];
    sol_report_fmt_rate(bw, sizeof bw, b->dram_bandwidth);
    add(m, i, "%s%sDRAM %sB/s", peaks, peaks[0] ? "; " : "", bw);
    char cwd[4096];
    add(m, i, "figures from %s (%s)", file_name(d->path, cwd, sizeof cwd),
        d->measured ? "measured on a machine by solar-calibrate" : "published specifications");
    char text[sizeof ((SolReportAssumption *)0)->text];
    bool f32_matrix = false;
    for (uint32_t k = 0; k < g->num_nodes; k++)
        f32_matrix |= g->nodes[k].matrix_flops[SOL_DT_F32] != 0;
    if (f32_matrix) {
        sol_bounds_describe_contract(b, text, sizeof text);
        add(m, i, "%s", text);
    }
    sol_bounds_describe_charge(g, b, text, sizeof text);
    add(m, i, "%s", text);
    if (m->devices[i].cache && sol_cache_describe_estimates(m->devices[i].cache, text, sizeof text))
        add(m, i, "%s", text);
    if (b->missing[0])
        add(m, i, "no peak for %s on this device: that work adds no time", b->missing);
}

void sol_report_assumptions_collect(SolReportModel *m)
{
    common(m);
    for (uint32_t i = 0; i < m->num_devices; i++)
        device(m, (int)i);
}

/*
 * Text and JSON SOL reports (see report.h). Times are printed in engineering units chosen per
 * value; JSON numbers for counts are printed from the uint64 itself.
 */
#include "Analysis/Report/report.h"

#include <math.h>
#include <string.h>

/* `12.3 us`-style time. */
static void fmt_time(char *buf, size_t n, double s)
{
    if (s == 0)
        snprintf(buf, n, "0 s");
    else if (s < 1e-6)
        snprintf(buf, n, "%.3f ns", s * 1e9);
    else if (s < 1e-3)
        snprintf(buf, n, "%.3f us", s * 1e6);
    else if (s < 1)
        snprintf(buf, n, "%.3f ms", s * 1e3);
    else
        snprintf(buf, n, "%.3f s", s);
}

/* `494.7 T`-style rate. */
static void fmt_rate(char *buf, size_t n, double v)
{
    static const char *const units[] = {"", "K", "M", "G", "T", "P", "E"};
    int u = 0;
    while (v >= 1000 && u < 6)
        v /= 1000, u++;
    snprintf(buf, n, "%.4g %s", v, units[u]);
}

static void json_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else if (c < 0x20)
            fprintf(out, "\\u%04x", c);
        else
            fputc(c, out);
    }
    fputc('"', out);
}

static void json_seconds(FILE *out, double s) { fprintf(out, "%.17g", s); }

static double intensity(const SolGraph *g, uint64_t bytes)
{
    return bytes ? (double)(g->matrix_total + g->vector_total) / (double)bytes : INFINITY;
}

/* ---- text ----------------------------------------------------------------------------------- */

static void text_nodes(FILE *out, const SolGraph *g, const SolBounds *b)
{
    size_t w = 6;
    for (uint32_t i = 0; i < g->num_nodes; i++) {
        size_t l = strlen(g->nodes[i].einsum ? g->nodes[i].einsum : "-");
        w = l > w ? l : w;
    }
    fprintf(out, "%-10s %-12s %-*s %14s %16s %14s %14s %12s  %s\n", "node", "kind", (int)w,
            "einsum", "iterations", "matrix FLOP", "vector ops", "bytes", "time", "bound");
    for (uint32_t i = 0; i < g->num_nodes; i++) {
        const SolNode *n = &g->nodes[i];
        char t[32];
        fmt_time(t, sizeof t, b->nodes[i].seconds);
        fprintf(out, "%-10s %-12s %-*s %14llu %16llu %14llu %14llu %12s  %s%s%s\n", n->name,
                n->kind, (int)w, n->einsum ? n->einsum : "-", (unsigned long long)n->iterations,
                (unsigned long long)n->matrix_total, (unsigned long long)n->vector_total,
                (unsigned long long)n->bytes, t, b->nodes[i].bound,
                n->data_dependent ? " (data-dependent)" : "",
                n->approximate ? " (approximate)" : "");
    }
}

/* `121634816`, or `-` when absent. */
static void fmt_count(char *buf, size_t n, bool have, uint64_t v)
{
    if (have)
        snprintf(buf, n, "%llu", (unsigned long long)v);
    else
        snprintf(buf, n, "-");
}

/* The sol-cache row and its per-level table (cache_bound.h). */
static void text_cache(FILE *out, const SolCacheBounds *c, bool grouped)
{
    char t[32];
    fmt_time(t, sizeof t, c->seconds);
    fprintf(out, "  sol-cache    %12s  %s-bound%s; provable traffic per memory level (%u contraction "
                 "statement%s, %u with a cache term%s)\n",
            t, c->bound, c->bound_estimate ? " (its bandwidth an upper estimate)" : "", c->statements, c->statements == 1 ? "" : "s", c->with_segment,
            c->tight_matmul ? "; --tight-matmul" : "");
    fprintf(out, "    %-13s %14s %-14s %14s %14s %12s %11s %12s  %s\n", "level", "capacity B",
            "processors", "compulsory B", "lower bound B", "attainable B", "bandwidth", "time",
            "note");
    for (uint32_t k = 0; k < c->num_levels; k++) {
        const SolCacheLevel *L = &c->levels[k];
        char cap[24], procs[32], comp[24], lb[24], att[24], bw[48], tm[32], note[256];
        fmt_count(cap, sizeof cap, L->bounded, L->capacity);
        fmt_count(att, sizeof att, L->bounded && L->has_attainable, L->attainable);
        fmt_count(comp, sizeof comp, L->bounded, L->compulsory);
        fmt_count(lb, sizeof lb, L->bounded, L->lower_bound);
        if (L->bounded)
            snprintf(procs, sizeof procs, "%u x %u units", L->processors, L->units_per_processor);
        else
            snprintf(procs, sizeof procs, "-");
        if (L->bandwidth > 0) {
            char r[32];
            fmt_rate(r, sizeof r, L->bandwidth);
            snprintf(bw, sizeof bw, "%sB/s", r);
            fmt_time(tm, sizeof tm, L->seconds);
        } else {
            snprintf(bw, sizeof bw, "-");
            snprintf(tm, sizeof tm, "-");
        }
        snprintf(note, sizeof note, "%s", L->note);
        if (L->bounded && L->segment > L->compulsory && L->segment_node) {
            size_t len = strlen(note);
            snprintf(note + len, sizeof note - len, "%ssegment bound of %s", len ? "; " : "",
                     L->segment_node);
        }
        fprintf(out, "    %-13s %14s %-14s %14s %14s %12s %11s %12s%s%s\n", L->name, cap, procs,
                comp, lb, att, bw, tm, note[0] ? "  " : "", note);
    }
    for (uint32_t k = 0; k < c->num_levels; k++)
        if (c->levels[k].rate > 0) {
            fmt_time(t, sizeof t, c->levels[k].rate);
            fprintf(out, "    rate term at %s: %s (each processor's peak rate against the shared "
                         "bandwidth)\n",
                    c->levels[k].name, t);
        }
    bool any = false;
    for (uint32_t k = 0; k < c->num_levels; k++)
        any |= c->levels[k].has_attainable;
    if (any)
        fprintf(out, "    attainable bytes: traffic of the tiles tile-for-cache chose, %s (an "
                     "upper estimate; the band is [lower bound, attainable])\n",
                grouped ? "per fusion group, epilogues applied on chip, a group that fits "
                          "kept resident"
                        : "every node its own kernel");
    else
        fprintf(out, "    attainable bytes: not computed yet (tile-for-cache)\n");
}

/* The sol-fused-plan row (fusion.h) and one line per group. */
static void text_plan(FILE *out, const SolGraph *g, const SolBounds *b, const SolFusionPlan *p)
{
    SolPlanTimes pt;
    sol_fusion_plan_times(p, b, &pt);
    char t[32];
    fmt_time(t, sizeof t, pt.seconds);
    fprintf(out, "  sol-fused-plan %10s  %u group%s under a %llu-byte on-chip budget, %llu bytes "
                 "in and out of kernels, %llu charged to DRAM (largest term %s-bound)%s\n",
            t, p->num_groups, p->num_groups == 1 ? "" : "s", (unsigned long long)p->budget,
            (unsigned long long)p->bytes, (unsigned long long)pt.dram_bytes, pt.bound,
            p->approximate ? " (approximate)" : "");
    for (uint32_t k = 0; k < p->num_groups; k++) {
        const SolFusionGroup *G = &p->groups[k];
        fmt_time(t, sizeof t, pt.groups[k].seconds);
        fprintf(out, "    group %-4u %s%s%s  %llu bytes  %s  %s-bound", k, g->nodes[G->first].name,
                G->last > G->first ? ".." : "", G->last > G->first ? g->nodes[G->last].name : "",
                (unsigned long long)G->bytes, t, pt.groups[k].bound);
        if (G->resident_bytes)
            fprintf(out, "  keeps %llu bytes on chip", (unsigned long long)G->resident_bytes);
        fprintf(out, "%s\n", G->attention ? "  attention" : "");
    }
    sol_plan_times_free(&pt);
}

static void text_bounds(FILE *out, const SolGraph *g, const SolBounds *b, const SolReportOptions *o,
                        const SolCacheBounds *c)
{
    const SolDevice *d = b->device;
    char t[32], bw[32];
    fmt_rate(bw, sizeof bw, b->dram_bandwidth);
    fprintf(out, "device %s (%s): DRAM %sB/s", d->name, d->path, bw);
    for (int dt = 0; dt < SOL_DT_COUNT; dt++) {
        bool used = false;
        for (uint32_t i = 0; i < g->num_nodes; i++)
            used |= g->nodes[i].matrix_flops[dt] != 0;
        if (used && b->matrix_peak_name[dt]) {
            char r[32];
            fmt_rate(r, sizeof r, b->matrix_peak_used[dt]);
            fprintf(out, ", %s contractions on %s %sFLOP/s", sol_dtype_name((SolDtype)dt),
                    b->matrix_peak_name[dt], r);
        }
    }
    fputc('\n', out);
    if (o->unfused) {
        fmt_time(t, sizeof t, b->unfused);
        fprintf(out, "  sol-unfused  %12s  every source op its own kernel (%u op%s), %llu bytes "
                     "in and out of kernels, %llu charged to DRAM (largest term %s-bound)\n",
                t, b->unfused_kernels, b->unfused_kernels == 1 ? "" : "s",
                (unsigned long long)b->unfused_bytes, (unsigned long long)b->unfused_dram_bytes,
                b->unfused_bound);
    }
    if (o->fused) {
        fmt_time(t, sizeof t, b->fused.seconds);
        fprintf(out, "  sol-fused    %12s  %s-bound; compulsory %llu bytes, intensity %.3g "
                     "FLOP/byte\n",
                t, b->fused.bound, (unsigned long long)g->compulsory_bytes,
                intensity(g, g->compulsory_bytes));
        char m[32], v[32], mem[32];
        fmt_time(m, sizeof m, b->fused.matrix);
        fmt_time(v, sizeof v, b->fused.vector);
        fmt_time(mem, sizeof mem, b->fused.memory);
        fprintf(out, "               terms: matrix %s, vector %s, memory %s", m, v, mem);
        if (b->fused.vector_contraction > 0) {
            fmt_time(v, sizeof v, b->fused.vector_contraction);
            fprintf(out, ", contractions on the vector unit %s", v);
        }
        fputc('\n', out);
    }
    if (o->plan)
        text_plan(out, g, b, o->plan);
    if (c)
        text_cache(out, c, o->plan != NULL);
    sol_bounds_print_assumptions(out, g, b);
    if (b->missing[0])
        fprintf(out, "  note: no peak for %s on this device; that work adds no time\n", b->missing);
}

/* The inverse roofline: the rates a device would need to reach target_ms (matrix FLOP/s,
 * vector op/s, DRAM bytes/s over the fused graph), and the factor against each device's
 * effective rate (its work divided by its own time for that term). */
static void text_target_row(FILE *out, const char *what, const char *unit, uint64_t work,
                            double t, const SolBounds *bounds, uint32_t ndev, int term)
{
    char r[32];
    fmt_rate(r, sizeof r, (double)work / t);
    fprintf(out, "  %-7s %s%s", what, r, unit);
    for (uint32_t i = 0; i < ndev && work; i++) {
        double secs = term == 0 ? bounds[i].fused.matrix
                      : term == 1 ? bounds[i].fused.vector : bounds[i].fused.memory;
        if (secs > 0)
            fprintf(out, "  (%.3gx %s)", secs / t, bounds[i].device->name);
    }
    fputc('\n', out);
}

static void text_target(FILE *out, const SolGraph *g, const SolBounds *bounds, uint32_t ndev,
                        const SolReportOptions *o)
{
    double t = o->target_ms / 1e3;
    fprintf(out, "target %.6g ms needs (factor: how far beyond each device):\n", o->target_ms);
    text_target_row(out, "matrix", "FLOP/s", g->matrix_total, t, bounds, ndev, 0);
    text_target_row(out, "vector", "op/s", g->vector_total, t, bounds, ndev, 1);
    text_target_row(out, "DRAM", "B/s", g->compulsory_bytes, t, bounds, ndev, 2);
}

static bool text_measured(FILE *out, const SolBounds *b, const SolReportOptions *o,
                          const SolCacheBounds *c)
{
    double m = o->measured_ms / 1e3;
    bool violated = false;
    const struct {
        bool on;
        const char *name;
        double s;
    } rows[] = {{o->unfused, "sol-unfused", b->unfused},
                {o->fused, "sol-fused", b->fused.seconds},
                {c != NULL, "sol-cache", c ? c->seconds : 0}};
    for (int i = 0; i < 3; i++) {
        if (!rows[i].on)
            continue;
        char t[32];
        fmt_time(t, sizeof t, rows[i].s);
        if (m < rows[i].s) {
            fprintf(out, "VIOLATION: measured %.6g ms is below %s %s on %s: the bound or the "
                         "device figures are wrong\n",
                    o->measured_ms, rows[i].name, t, b->device->name);
            violated = true;
        } else {
            fprintf(out, "  headroom vs %-12s %.3gx (measured %.6g ms)\n", rows[i].name,
                    rows[i].s > 0 ? m / rows[i].s : INFINITY, o->measured_ms);
        }
    }
    return violated;
}

static bool print_text(FILE *out, const SolGraph *g, const SolBounds *bounds, uint32_t ndev,
                       const SolReportOptions *o)
{
    fprintf(out, "SOL report: %s @%s, %u node%s%s%s\n", o->file ? o->file : "<input>",
            o->entry ? o->entry : "?", g->num_nodes, g->num_nodes == 1 ? "" : "s",
            g->data_dependent ? ", data-dependent accesses" : "",
            g->approximate ? ", some counts approximate (low)" : "");
    if (o->default_device)
        fprintf(out, "(no --hw given: assuming %s)\n", bounds[0].device->name);
    if (o->bounds.conv_any)
        fprintf(out, "(convolutions bounded by the fast-algorithm limit: --conv-algo=any)\n");
    text_nodes(out, g, &bounds[0]);
    fprintf(out, "totals: %llu matrix FLOP, %llu vector ops, %llu unfused bytes, %llu compulsory "
                 "bytes\n",
            (unsigned long long)g->matrix_total, (unsigned long long)g->vector_total,
            (unsigned long long)bounds[0].unfused_bytes, (unsigned long long)g->compulsory_bytes);
    bool violated = false;
    for (uint32_t i = 0; i < ndev; i++) {
        const SolCacheBounds *c = o->cache ? &o->cache[i] : NULL;
        text_bounds(out, g, &bounds[i], o, c);
        if (o->measured_ms >= 0)
            violated |= text_measured(out, &bounds[i], o, c);
    }
    if (o->target_ms > 0)
        text_target(out, g, bounds, ndev, o);
    return violated;
}

/* ---- JSON ----------------------------------------------------------------------------------- */

static void json_count_or_null(FILE *out, bool have, uint64_t v)
{
    if (have)
        fprintf(out, "%llu", (unsigned long long)v);
    else
        fputs("null", out);
}

static void json_seconds_or_null(FILE *out, double s)
{
    if (s > 0)
        json_seconds(out, s);
    else
        fputs("null", out);
}

static void json_cache(FILE *out, const SolCacheBounds *c, bool grouped)
{
    fprintf(out, ", \"cache\": {\"seconds\": ");
    json_seconds(out, c->seconds);
    fprintf(out, ", \"bound\": ");
    json_string(out, c->bound);
    fprintf(out, ", \"bound_bandwidth_estimate\": %s", c->bound_estimate ? "true" : "false");
    fprintf(out, ", \"matrix_seconds\": ");
    json_seconds(out, c->matrix);
    fprintf(out, ", \"vector_seconds\": ");
    json_seconds(out, c->vector);
    bool any = false;
    for (uint32_t k = 0; k < c->num_levels; k++)
        any |= c->levels[k].has_attainable;
    fprintf(out, ", \"tight_matmul\": %s, \"statements\": %u, \"statements_with_cache_term\": %u"
                 ", \"attainable\": \"%s\", \"levels\": [",
            c->tight_matmul ? "true" : "false", c->statements, c->with_segment,
            !any      ? "null until tile-for-cache computes it"
            : grouped ? "tile-for-cache: traffic of the chosen tiles, per fusion group; a "
                        "group that fits kept resident"
                      : "tile-for-cache: traffic of the chosen tiles, every node its own kernel");
    for (uint32_t k = 0; k < c->num_levels; k++) {
        const SolCacheLevel *L = &c->levels[k];
        fprintf(out, "%s{\"name\": ", k ? ", " : "");
        json_string(out, L->name);
        fprintf(out, ", \"bounded\": %s, \"per_unit\": %s, \"capacity_bytes\": ",
                L->bounded ? "true" : "false", L->per_unit ? "true" : "false");
        json_count_or_null(out, L->bounded, L->capacity);
        fprintf(out, ", \"total_bytes\": ");
        json_count_or_null(out, L->bounded, L->total);
        fprintf(out, ", \"processors\": ");
        json_count_or_null(out, L->bounded, L->processors);
        fprintf(out, ", \"units_per_processor\": ");
        json_count_or_null(out, L->bounded, L->units_per_processor);
        fprintf(out, ", \"compulsory_bytes\": ");
        json_count_or_null(out, L->bounded, L->compulsory);
        fprintf(out, ", \"segment_bytes\": ");
        json_count_or_null(out, L->bounded, L->segment);
        fprintf(out, ", \"lower_bound_bytes\": ");
        json_count_or_null(out, L->bounded, L->lower_bound);
        fprintf(out, ", \"attainable_bytes\": ");
        json_count_or_null(out, L->bounded && L->has_attainable, L->attainable);
        fprintf(out, ", \"bandwidth\": ");
        if (L->bandwidth > 0)
            fprintf(out, "%.17g", L->bandwidth);
        else
            fputs("null", out);
        fprintf(out, ", \"bandwidth_estimate\": %s", L->bandwidth_estimate ? "true" : "false");
        fprintf(out, ", \"seconds\": ");
        if (L->bounded && L->bandwidth > 0)
            json_seconds(out, L->seconds);
        else
            fputs("null", out);
        fprintf(out, ", \"rate_seconds\": ");
        json_seconds_or_null(out, L->rate);
        fprintf(out, ", \"segment_node\": ");
        if (L->segment_node)
            json_string(out, L->segment_node);
        else
            fputs("null", out);
        fprintf(out, ", \"note\": ");
        if (L->note[0])
            json_string(out, L->note);
        else
            fputs("null", out);
        fputc('}', out);
    }
    fprintf(out, "]}");
}

static void json_plan(FILE *out, const SolGraph *g, const SolBounds *b, const SolFusionPlan *p)
{
    SolPlanTimes pt;
    sol_fusion_plan_times(p, b, &pt);
    fprintf(out, ", \"fused_plan\": {\"seconds\": ");
    json_seconds(out, pt.seconds);
    fprintf(out, ", \"bytes\": %llu, \"bound\": ", (unsigned long long)p->bytes);
    json_string(out, pt.bound);
    fprintf(out, ", \"budget_bytes\": %llu, \"approximate\": %s, \"groups\": [",
            (unsigned long long)p->budget, p->approximate ? "true" : "false");
    for (uint32_t k = 0; k < p->num_groups; k++) {
        const SolFusionGroup *G = &p->groups[k];
        fprintf(out, "%s{\"first\": ", k ? ", " : "");
        json_string(out, g->nodes[G->first].name);
        fprintf(out, ", \"last\": ");
        json_string(out, g->nodes[G->last].name);
        fprintf(out, ", \"nodes\": %u, \"bytes\": %llu, \"read_bytes\": %llu, "
                     "\"write_bytes\": %llu, \"resident_bytes\": %llu, \"attention\": %s, "
                     "\"seconds\": ",
                G->last - G->first + 1, (unsigned long long)G->bytes,
                (unsigned long long)G->read_bytes, (unsigned long long)G->write_bytes,
                (unsigned long long)G->resident_bytes, G->attention ? "true" : "false");
        json_seconds(out, pt.groups[k].seconds);
        fprintf(out, ", \"bound\": ");
        json_string(out, pt.groups[k].bound);
        fputc('}', out);
    }
    fprintf(out, "]}");
    sol_plan_times_free(&pt);
}

static void json_sol(FILE *out, const SolGraph *g, const SolBounds *b, const SolCacheBounds *c,
                     const SolFusionPlan *plan)
{
    fprintf(out, "{\"unfused\": {\"seconds\": ");
    json_seconds(out, b->unfused);
    fprintf(out, ", \"bytes\": %llu, \"kernels\": %u, \"bound\": ",
            (unsigned long long)b->unfused_bytes, b->unfused_kernels);
    json_string(out, b->unfused_bound);
    fprintf(out, "}, \"fused\": {\"seconds\": ");
    json_seconds(out, b->fused.seconds);
    fprintf(out, ", \"bytes\": %llu, \"bound\": ", (unsigned long long)g->compulsory_bytes);
    json_string(out, b->fused.bound);
    fprintf(out, ", \"matrix_seconds\": ");
    json_seconds(out, b->fused.matrix);
    fprintf(out, ", \"vector_seconds\": ");
    json_seconds(out, b->fused.vector);
    fprintf(out, ", \"memory_seconds\": ");
    json_seconds(out, b->fused.memory);
    fprintf(out, ", \"vector_contraction_seconds\": ");
    json_seconds(out, b->fused.vector_contraction);
    fprintf(out, "}");
    sol_bounds_json_assumptions(out, b);
    if (plan)
        json_plan(out, g, b, plan);
    if (c)
        json_cache(out, c, plan != NULL);
    fprintf(out, "}");
}

static bool print_json(FILE *out, const SolGraph *g, const SolBounds *bounds, uint32_t ndev,
                       const SolReportOptions *o)
{
    const SolBounds *b = &bounds[0];
    fprintf(out, "{\n  \"file\": ");
    json_string(out, o->file);
    fprintf(out, ",\n  \"entry\": ");
    json_string(out, o->entry);
    fprintf(out, ",\n  \"device\": ");
    json_string(out, b->device->name);
    fprintf(out, ",\n  \"device_assumed\": %s", o->default_device ? "true" : "false");
    fprintf(out, ",\n  \"conv_algo\": \"%s\", \"fp32_matmul\": \"%s\", \"cache_state\": \"%s\"",
            o->bounds.conv_any ? "any" : "direct", sol_fp32_matmul_name(b->fp32),
            sol_cache_state_name(b->cache_state));
    fprintf(out, ",\n  \"approximate\": %s, \"data_dependent\": %s",
            g->approximate ? "true" : "false", g->data_dependent ? "true" : "false");
    fprintf(out, ",\n  \"totals\": {\"matrix_flops\": %llu, \"vector_ops\": %llu, "
                 "\"compulsory_bytes\": %llu, \"unfused_bytes\": %llu, \"node_bytes\": %llu, "
                 "\"source_ops\": %u}",
            (unsigned long long)g->matrix_total, (unsigned long long)g->vector_total,
            (unsigned long long)g->compulsory_bytes, (unsigned long long)b->unfused_bytes,
            (unsigned long long)g->node_bytes, g->num_source_ops);
    fprintf(out, ",\n  \"nodes\": [");
    for (uint32_t i = 0; i < g->num_nodes; i++) {
        const SolNode *n = &g->nodes[i];
        fprintf(out, "%s\n    {\"name\": ", i ? "," : "");
        json_string(out, n->name);
        fprintf(out, ", \"einsum\": ");
        if (n->einsum)
            json_string(out, n->einsum);
        else
            fputs("null", out);
        fprintf(out, ", \"kind\": ");
        json_string(out, n->kind);
        fprintf(out, ", \"iterations\": %llu, \"matrix_flops\": %llu, \"vector_ops\": %llu, "
                     "\"bytes\": %llu, \"seconds\": ",
                (unsigned long long)n->iterations, (unsigned long long)n->matrix_total,
                (unsigned long long)n->vector_total, (unsigned long long)n->bytes);
        json_seconds(out, b->nodes[i].seconds);
        fprintf(out, ", \"bound\": ");
        json_string(out, b->nodes[i].bound);
        fprintf(out, ", \"source_op\": %u, \"data_dependent\": %s, \"approximate\": %s}",
                n->source_op, n->data_dependent ? "true" : "false",
                n->approximate ? "true" : "false");
    }
    fprintf(out, "\n  ],\n  \"sol\": ");
    json_sol(out, g, b, o->cache ? &o->cache[0] : NULL, o->plan);
    fprintf(out, ",\n  \"devices\": [");
    bool violated = false;
    for (uint32_t i = 0; i < ndev; i++) {
        fprintf(out, "%s\n    {\"device\": ", i ? "," : "");
        json_string(out, bounds[i].device->name);
        fprintf(out, ", \"path\": ");
        json_string(out, bounds[i].device->path);
        fprintf(out, ", \"sol\": ");
        const SolCacheBounds *c = o->cache ? &o->cache[i] : NULL;
        json_sol(out, g, &bounds[i], c, o->plan);
        if (o->measured_ms >= 0) {
            double m = o->measured_ms / 1e3;
            bool v = (o->unfused && m < bounds[i].unfused) ||
                     (o->fused && m < bounds[i].fused.seconds) || (c && m < c->seconds);
            violated |= v;
            fprintf(out, ", \"headroom\": {\"unfused\": %.6g, \"fused\": %.6g",
                    bounds[i].unfused > 0 ? m / bounds[i].unfused : 0,
                    bounds[i].fused.seconds > 0 ? m / bounds[i].fused.seconds : 0);
            if (c)
                fprintf(out, ", \"cache\": %.6g", c->seconds > 0 ? m / c->seconds : 0);
            fprintf(out, "}, \"violation\": %s", v ? "true" : "false");
        }
        fputc('}', out);
    }
    fprintf(out, "\n  ]");
    if (o->measured_ms >= 0)
        fprintf(out, ",\n  \"measured_ms\": %.17g, \"violation\": %s", o->measured_ms,
                violated ? "true" : "false");
    if (o->target_ms > 0) {
        double t = o->target_ms / 1e3;
        fprintf(out, ",\n  \"target\": {\"ms\": %.17g, \"matrix_flops_per_s\": %.6g, "
                     "\"vector_ops_per_s\": %.6g, \"dram_bytes_per_s\": %.6g}",
                o->target_ms, (double)g->matrix_total / t, (double)g->vector_total / t,
                (double)g->compulsory_bytes / t);
    }
    fprintf(out, "\n}\n");
    return violated;
}

bool sol_report_print(FILE *out, const SolGraph *g, const SolBounds *bounds, uint32_t ndev,
                      const SolReportOptions *o)
{
    return o->format == SOL_REPORT_JSON ? print_json(out, g, bounds, ndev, o)
                                        : print_text(out, g, bounds, ndev, o);
}

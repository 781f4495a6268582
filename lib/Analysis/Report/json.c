/*
 * The JSON report (the contract is in report.h: fields may be added, never renamed). Counts are
 * written from the uint64 itself, times with 17 significant digits.
 */
#include "Analysis/Report/model.h"

#include <math.h>

static void json_seconds(FILE *out, double s) { fprintf(out, "%.17g", s); }


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
    sol_report_json_string(out, c->bound);
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
        sol_report_json_string(out, L->name);
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
            sol_report_json_string(out, L->segment_node);
        else
            fputs("null", out);
        fprintf(out, ", \"note\": ");
        if (L->note[0])
            sol_report_json_string(out, L->note);
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
    sol_report_json_string(out, pt.bound);
    fprintf(out, ", \"budget_bytes\": %llu, \"approximate\": %s, \"groups\": [",
            (unsigned long long)p->budget, p->approximate ? "true" : "false");
    for (uint32_t k = 0; k < p->num_groups; k++) {
        const SolFusionGroup *G = &p->groups[k];
        fprintf(out, "%s{\"first\": ", k ? ", " : "");
        sol_report_json_string(out, g->nodes[G->first].name);
        fprintf(out, ", \"last\": ");
        sol_report_json_string(out, g->nodes[G->last].name);
        fprintf(out, ", \"nodes\": %u, \"bytes\": %llu, \"read_bytes\": %llu, "
                     "\"write_bytes\": %llu, \"resident_bytes\": %llu, \"attention\": %s, "
                     "\"seconds\": ",
                G->last - G->first + 1, (unsigned long long)G->bytes,
                (unsigned long long)G->read_bytes, (unsigned long long)G->write_bytes,
                (unsigned long long)G->resident_bytes, G->attention ? "true" : "false");
        json_seconds(out, pt.groups[k].seconds);
        fprintf(out, ", \"bound\": ");
        sol_report_json_string(out, pt.groups[k].bound);
        fputc('}', out);
    }
    fprintf(out, "], \"dram_bytes\": %llu}", (unsigned long long)pt.dram_bytes);
    sol_plan_times_free(&pt);
}

/* What a device's bounds assumed (bounds.h): the f32 contract, the cache state and what it
 * charged to DRAM. */
static void json_assumed(FILE *out, const SolBounds *b)
{
    fprintf(out, ", \"assumed\": {\"fp32_matmul\": \"%s\", \"fp32_matmul_default\": %s, "
                 "\"fp32_matmul_reason\": ",
            sol_fp32_matmul_name(b->fp32), b->fp32_is_default ? "true" : "false");
    if (b->device->fp32_reason)
        sol_report_json_string(out, b->device->fp32_reason);
    else
        fputs("null", out);
    fprintf(out, ", \"f32_contraction_peak\": %.17g, \"f32_contraction_unit\": ",
            b->matrix_peak_used[SOL_DT_F32]);
    if (b->matrix_peak_name[SOL_DT_F32])
        sol_report_json_string(out, b->matrix_peak_name[SOL_DT_F32]);
    else
        fputs("null", out);
    fprintf(out, ", \"f32_contraction_on_vector\": %s, \"cache_state\": \"%s\", "
                 "\"persistent_bytes\": %llu}",
            b->contraction_on_vector[SOL_DT_F32] ? "true" : "false",
            sol_cache_state_name(b->cache_state), (unsigned long long)b->persistent_bytes);
}

static void json_sol(FILE *out, const SolGraph *g, const SolBounds *b, const SolCacheBounds *c,
                     const SolFusionPlan *plan)
{
    fprintf(out, "{\"unfused\": {\"seconds\": ");
    json_seconds(out, b->unfused);
    fprintf(out, ", \"bytes\": %llu, \"kernels\": %u, \"bound\": ",
            (unsigned long long)b->unfused_bytes, b->unfused_kernels);
    sol_report_json_string(out, b->unfused_bound);
    fprintf(out, ", \"dram_bytes\": %llu", (unsigned long long)b->unfused_dram_bytes);
    fprintf(out, "}, \"fused\": {\"seconds\": ");
    json_seconds(out, b->fused.seconds);
    fprintf(out, ", \"bytes\": %llu, \"bound\": ", (unsigned long long)g->compulsory_bytes);
    sol_report_json_string(out, b->fused.bound);
    fprintf(out, ", \"matrix_seconds\": ");
    json_seconds(out, b->fused.matrix);
    fprintf(out, ", \"vector_seconds\": ");
    json_seconds(out, b->fused.vector);
    fprintf(out, ", \"memory_seconds\": ");
    json_seconds(out, b->fused.memory);
    fprintf(out, ", \"vector_contraction_seconds\": ");
    json_seconds(out, b->fused.vector_contraction);
    fprintf(out, ", \"dram_bytes\": %llu}", (unsigned long long)b->fused_dram_bytes);
    json_assumed(out, b);
    if (plan)
        json_plan(out, g, b, plan);
    if (c)
        json_cache(out, c, plan != NULL);
    fprintf(out, "}");
}

/* The headline of a device: the bound printed first, its binding term, every term, ridge. */
static void json_device_summary(FILE *out, const SolReportDevice *d)
{
    fprintf(out, ", \"sol_seconds\": ");
    json_seconds(out, d->seconds[d->headline]);
    fprintf(out, ", \"sol_kind\": ");
    sol_report_json_string(out, sol_report_kind_name(d->headline));
    fprintf(out, ", \"binding\": ");
    sol_report_json_string(out, d->binding);
    fprintf(out, ", \"terms\": [");
    for (uint32_t k = 0; k < d->num_terms; k++) {
        fprintf(out, "%s{\"name\": ", k ? ", " : "");
        sol_report_json_string(out, d->terms[k].name);
        fprintf(out, ", \"seconds\": ");
        json_seconds(out, d->terms[k].seconds);
        fputc('}', out);
    }
    fprintf(out, "], \"ridge_flop_per_byte\": ");
    if (d->ridge > 0)
        fprintf(out, "%.17g", d->ridge);
    else
        fputs("null", out);
    fprintf(out, ", \"ridge_peak\": ");
    if (d->ridge_peak)
        sol_report_json_string(out, d->ridge_peak);
    else
        fputs("null", out);
}

static void json_headroom(FILE *out, const SolReportModel *m, const SolReportDevice *d)
{
    static const char *const keys[SOL_KIND_COUNT] = {"unfused", "fused_plan", "fused", "cache"};
    fprintf(out, ", \"headroom\": {");
    bool first = true;
    /* unfused and fused always (the contract), the others when asked */
    for (int k = 0; k < SOL_KIND_COUNT; k++) {
        bool always = k == SOL_KIND_UNFUSED || k == SOL_KIND_FUSED;
        if (!always && !m->has[k])
            continue;
        double t = m->o->measured_ms / 1e3;
        fprintf(out, "%s\"%s\": %.6g", first ? "" : ", ", keys[k],
                d->seconds[k] > 0 ? t / d->seconds[k] : 0);
        first = false;
    }
    fprintf(out, "}, \"violation\": %s", d->violated ? "true" : "false");
}

/* The source ops, largest first on the first device, with their time on every device. */
static void json_ops(FILE *out, const SolReportModel *m)
{
    fprintf(out, ",\n  \"ops\": [");
    for (uint32_t k = 0; k < m->num_ops; k++) {
        const SolReportOp *op = &m->ops[k];
        fprintf(out, "%s\n    {\"index\": %u, \"name\": ", k ? "," : "", op->index);
        sol_report_json_string(out, op->name);
        fprintf(out, ", \"source\": ");
        sol_report_json_string(out, op->where);
        fprintf(out, ", \"what\": ");
        sol_report_json_string(out, op->what);
        fprintf(out, ", \"nodes\": [");
        sol_report_json_string(out, m->g->nodes[op->first].name);
        fprintf(out, ", ");
        sol_report_json_string(out, m->g->nodes[op->last].name);
        fprintf(out, "], \"matrix_flops\": %llu, \"vector_ops\": %llu, \"bytes\": %llu, "
                     "\"seconds\": [",
                (unsigned long long)op->matrix_flops, (unsigned long long)op->vector_ops,
                (unsigned long long)op->bytes);
        for (uint32_t i = 0; i < m->num_devices; i++) {
            fprintf(out, "%s", i ? ", " : "");
            json_seconds(out, sol_report_op_seconds(m, i, k));
        }
        double all = m->devices[0].seconds[SOL_KIND_UNFUSED];
        fprintf(out, "], \"share\": %.6g}", all > 0 ? sol_report_op_seconds(m, 0, k) / all : 0);
    }
    fprintf(out, "\n  ]");
}

static void json_assumptions(FILE *out, const SolReportModel *m)
{
    fprintf(out, ",\n  \"assumptions\": [");
    for (size_t i = 0; i < m->assumptions.len; i++) {
        const SolReportAssumption *a = &m->assumptions.data[i];
        fprintf(out, "%s\n    {\"text\": ", i ? "," : "");
        sol_report_json_string(out, a->text);
        fprintf(out, ", \"device\": ");
        if (a->device < 0)
            fputs("null", out);
        else
            sol_report_json_string(out, m->devices[a->device].b->device->name);
        fputc('}', out);
    }
    fprintf(out, "\n  ]");
}

void sol_report_print_json(FILE *out, const SolReportModel *m)
{
    const SolGraph *g = m->g;
    const SolReportOptions *o = m->o;
    uint32_t ndev = m->num_devices;
    const SolBounds *b = m->devices[0].b;
    fprintf(out, "{\n  \"file\": ");
    sol_report_json_string(out, o->file);
    fprintf(out, ",\n  \"entry\": ");
    sol_report_json_string(out, o->entry);
    fprintf(out, ",\n  \"device\": ");
    sol_report_json_string(out, b->device->name);
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
        sol_report_json_string(out, n->name);
        fprintf(out, ", \"einsum\": ");
        if (n->einsum)
            sol_report_json_string(out, n->einsum);
        else
            fputs("null", out);
        fprintf(out, ", \"kind\": ");
        sol_report_json_string(out, n->kind);
        fprintf(out, ", \"iterations\": %llu, \"matrix_flops\": %llu, \"vector_ops\": %llu, "
                     "\"bytes\": %llu, \"seconds\": ",
                (unsigned long long)n->iterations, (unsigned long long)n->matrix_total,
                (unsigned long long)n->vector_total, (unsigned long long)n->bytes);
        json_seconds(out, b->nodes[i].seconds);
        fprintf(out, ", \"bound\": ");
        sol_report_json_string(out, b->nodes[i].bound);
        fprintf(out, ", \"source_op\": %u, \"data_dependent\": %s, \"approximate\": %s}",
                n->source_op, n->data_dependent ? "true" : "false",
                n->approximate ? "true" : "false");
    }
    fprintf(out, "\n  ],\n  \"sol\": ");
    json_sol(out, g, b, o->cache ? &o->cache[0] : NULL, o->plan);
    fprintf(out, ",\n  \"devices\": [");
    for (uint32_t i = 0; i < ndev; i++) {
        const SolReportDevice *d = &m->devices[i];
        fprintf(out, "%s\n    {\"device\": ", i ? "," : "");
        sol_report_json_string(out, d->b->device->name);
        fprintf(out, ", \"path\": ");
        sol_report_json_string(out, d->b->device->path);
        fprintf(out, ", \"sol\": ");
        json_sol(out, g, d->b, d->cache, o->plan);
        json_device_summary(out, d);
        if (o->measured_ms >= 0)
            json_headroom(out, m, d);
        fputc('}', out);
    }
    fprintf(out, "\n  ]");
    json_ops(out, m);
    json_assumptions(out, m);
    if (o->measured_ms >= 0)
        fprintf(out, ",\n  \"measured_ms\": %.17g, \"violation\": %s", o->measured_ms,
                m->violated ? "true" : "false");
    if (o->target_ms > 0) {
        double t = o->target_ms / 1e3;
        fprintf(out, ",\n  \"target\": {\"ms\": %.17g, \"matrix_flops_per_s\": %.6g, "
                     "\"vector_ops_per_s\": %.6g, \"dram_bytes_per_s\": %.6g}",
                o->target_ms, (double)g->matrix_total / t, (double)g->vector_total / t,
                (double)g->compulsory_bytes / t);
    }
    fprintf(out, "\n}\n");
}


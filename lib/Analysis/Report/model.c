/*
 * The report model (model.h): per device the headline bound and its terms, ridge point and
 * headroom; the source ops with their times on every device, sorted by the first device's.
 */
#include "Analysis/Report/model.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *sol_report_kind_name(SolReportKind k)
{
    static const char *const names[SOL_KIND_COUNT] = {"sol-unfused", "sol-fused-plan",
                                                      "sol-fused", "sol-cache"};
    return names[k];
}

double sol_report_intensity(uint64_t ops, uint64_t bytes)
{
    return bytes ? (double)ops / (double)bytes : INFINITY;
}

double sol_report_op_seconds(const SolReportModel *m, uint32_t d, uint32_t op)
{
    return m->devices[d].ops.groups[m->ops[op].index].seconds;
}

const char *sol_report_op_bound(const SolReportModel *m, uint32_t d, uint32_t op)
{
    return m->devices[d].ops.groups[m->ops[op].index].bound;
}

static void add_term(SolReportDevice *d, const char *name, double seconds, bool memory)
{
    if (d->num_terms == SOL_REPORT_MAX_TERMS)
        return;
    SolReportTerm *t = &d->terms[d->num_terms++];
    snprintf(t->name, sizeof t->name, "%s", name);
    t->seconds = seconds;
    t->memory = memory;
}

const char *sol_report_term_name(const SolBounds *b, const char *bound)
{
    const SolMemLevel *dram = sol_device_dram(b->device);
    return strcmp(bound, "memory") == 0 && dram ? dram->name : bound;
}

/* The terms of a per-kernel bound: each term summed over the kernels (a kernel's contractions
 * on the vector unit are vector time), and the graph's DRAM bytes no kernel's charge covers
 * (fusion.h: `carried`) as DRAM time. */
static void kernel_terms(SolReportDevice *d, const SolPlanTimes *t, uint32_t n)
{
    double sum[3] = {0};
    for (uint32_t k = 0; k < n; k++) {
        const SolTimes *g = &t->groups[k];
        sum[0] += g->matrix;
        sum[1] += g->vector > g->vector_contraction ? g->vector : g->vector_contraction;
        sum[2] += g->memory;
    }
    add_term(d, "matrix", sum[0], false);
    add_term(d, "vector", sum[1], false);
    add_term(d, sol_report_term_name(d->b, "memory"), sum[2] + t->carried, true);
}

/* The headline: the tightest bound asked for that holds for every implementation (cache-aware
 * >= fused), else the fusion plan's, else the eager one. */
static void headline(SolReportModel *m, SolReportDevice *d)
{
    static const SolReportKind order[] = {SOL_KIND_CACHE, SOL_KIND_FUSED, SOL_KIND_PLAN,
                                          SOL_KIND_UNFUSED};
    d->headline = SOL_KIND_UNFUSED;
    for (size_t i = 0; i < sizeof order / sizeof *order; i++)
        if (m->has[order[i]]) {
            d->headline = order[i];
            break;
        }
    const SolBounds *b = d->b;
    switch (d->headline) {
    case SOL_KIND_CACHE: {
        const SolCacheBounds *c = d->cache;
        add_term(d, "matrix", c->matrix, false);
        add_term(d, "vector", c->vector, false);
        for (uint32_t k = 0; k < c->num_levels; k++)
            if (c->levels[k].bounded && c->levels[k].bandwidth > 0)
                add_term(d, c->levels[k].name, c->levels[k].seconds, true);
        for (uint32_t k = 0; k < c->num_levels; k++)
            if (c->levels[k].rate > 0) {
                char name[40];
                snprintf(name, sizeof name, "rate %s", c->levels[k].name);
                add_term(d, name, c->levels[k].rate, true);
            }
        break;
    }
    case SOL_KIND_FUSED:
        add_term(d, "matrix", b->fused.matrix, false);
        add_term(d, "vector", b->fused.vector > b->fused.vector_contraction
                                  ? b->fused.vector
                                  : b->fused.vector_contraction, false);
        add_term(d, sol_report_term_name(b, "memory"), b->fused.memory, true);
        break;
    case SOL_KIND_PLAN:
        kernel_terms(d, &d->plan, m->o->plan->num_groups);
        break;
    default:
        kernel_terms(d, &d->ops, m->source_plan.num_groups);
        break;
    }
    snprintf(d->binding, sizeof d->binding, "%s", sol_report_term_name(b, d->bound[d->headline]));
}

/* The ridge point: the compute peak the graph's main work runs at (the dtype with the most
 * contraction FLOPs on its matrix peak, else the dtype with the most vector ops) over the
 * DRAM bandwidth. */
static void ridge(const SolGraph *g, SolReportDevice *d)
{
    uint64_t mat[SOL_DT_COUNT] = {0}, vec[SOL_DT_COUNT] = {0};
    for (uint32_t i = 0; i < g->num_nodes; i++)
        for (int t = 0; t < SOL_DT_COUNT; t++)
            mat[t] += g->nodes[i].matrix_flops[t], vec[t] += g->nodes[i].vector_ops[t];
    int best = -1;
    bool matrix = false;
    for (int t = 0; t < SOL_DT_COUNT; t++)
        if (mat[t] && (best < 0 || mat[t] > mat[best]))
            best = t, matrix = true;
    for (int t = 0; t < SOL_DT_COUNT && best < 0; t++)
        if (vec[t] && (best < 0 || vec[t] > vec[best]))
            best = t;
    if (best < 0)
        best = SOL_DT_F32;
    const SolBounds *b = d->b;
    d->peak = matrix ? b->matrix_peak_used[best] : b->vector_peak_used[best];
    d->ridge_peak = matrix ? b->matrix_peak_name[best] : b->vector_peak_name[best];
    d->ridge = d->peak > 0 && b->dram_bandwidth > 0 ? d->peak / b->dram_bandwidth : 0;
}

/* A measured time against each bound; a lower bound beaten is a violation (the per-kernel
 * plan is no lower bound for other plans, so beating it is not). */
static void headroom(SolReportModel *m, SolReportDevice *d)
{
    double t = m->o->measured_ms / 1e3;
    for (int k = 0; k < SOL_KIND_COUNT; k++) {
        d->headroom[k] = -1;
        if (m->o->measured_ms < 0 || !m->has[k])
            continue;
        d->headroom[k] = d->seconds[k] > 0 ? t / d->seconds[k] : INFINITY;
        if (k != SOL_KIND_PLAN && t < d->seconds[k])
            d->violated = true;
    }
    m->violated |= d->violated;
}

static void build_device(SolReportModel *m, SolReportDevice *d, const SolBounds *b,
                         const SolCacheBounds *c)
{
    const SolReportOptions *o = m->o;
    d->b = b;
    d->cache = c;
    sol_fusion_plan_times(&m->source_plan, b, &d->ops);
    d->seconds[SOL_KIND_UNFUSED] = b->unfused, d->bound[SOL_KIND_UNFUSED] = b->unfused_bound;
    d->seconds[SOL_KIND_FUSED] = b->fused.seconds, d->bound[SOL_KIND_FUSED] = b->fused.bound;
    if (o->plan) {
        sol_fusion_plan_times(o->plan, b, &d->plan);
        d->seconds[SOL_KIND_PLAN] = d->plan.seconds, d->bound[SOL_KIND_PLAN] = d->plan.bound;
    }
    if (c)
        d->seconds[SOL_KIND_CACHE] = c->seconds, d->bound[SOL_KIND_CACHE] = c->bound;
    headline(m, d);
    ridge(m->g, d);
    headroom(m, d);
}

/* Sorting the ops: by time on the first device, largest first, then in program order. */
static int compare_ops(const void *pa, const void *pb)
{
    const SolReportOp *a = pa, *b = pb;
    if (a->first_seconds != b->first_seconds)
        return a->first_seconds > b->first_seconds ? -1 : 1;
    return a->index < b->index ? -1 : a->index > b->index;
}

/* `dir/file.mlir` -> `file.mlir`. */
static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

static void build_op(SolReportModel *m, SolReportOp *op, uint32_t k)
{
    const SolGraph *g = m->g;
    const SolFusionGroup *G = &m->source_plan.groups[k];
    op->index = k;
    op->first = G->first, op->last = G->last;
    op->bytes = G->bytes;
    op->heaviest = G->first;
    op->first_seconds = m->devices[0].ops.groups[k].seconds;
    const SolTimes *nodes = m->devices[0].b->nodes;
    for (uint32_t i = G->first; i <= G->last; i++) {
        op->matrix_flops += g->nodes[i].matrix_total;
        op->vector_ops += g->nodes[i].vector_total;
        /* A view's copy nest is no kernel of its own: it never names the op. */
        bool view_named = g->nodes[op->heaviest].is_view;
        if (!g->nodes[i].is_view &&
            (view_named || nodes[i].seconds > nodes[op->heaviest].seconds))
            op->heaviest = i;
    }
    const SolNode *h = &g->nodes[op->heaviest];
    if (!sol_report_op_attr(h->op, "solar.op", op->name, sizeof op->name))
        snprintf(op->name, sizeof op->name, "%s", h->kind);
    if (!sol_report_op_attr(h->op, "solar.loc", op->where, sizeof op->where) &&
        !sol_report_op_attr(g->nodes[G->first].op, "solar.loc", op->where, sizeof op->where)) {
        const SolLoc *loc = &g->nodes[G->first].op->loc;
        if (loc->file)
            snprintf(op->where, sizeof op->where, "%s:%u", base_name(loc->file->str), loc->line);
        else
            snprintf(op->where, sizeof op->where, "-");
    }
    sol_report_describe_node(h, op->what, sizeof op->what);
}

void sol_report_model_build(SolReportModel *m, const SolGraph *g, const SolBounds *bounds,
                            uint32_t ndev, const SolReportOptions *o)
{
    memset(m, 0, sizeof *m);
    m->g = g;
    m->o = o;
    m->has[SOL_KIND_UNFUSED] = o->unfused;
    m->has[SOL_KIND_FUSED] = o->fused;
    m->has[SOL_KIND_PLAN] = o->plan != NULL;
    m->has[SOL_KIND_CACHE] = o->cache != NULL;
    sol_fusion_plan_source_ops(g, &m->source_plan);
    m->num_devices = ndev;
    m->devices = sol_xcalloc(ndev + 1, sizeof *m->devices);
    for (uint32_t i = 0; i < ndev; i++)
        build_device(m, &m->devices[i], &bounds[i], o->cache ? &o->cache[i] : NULL);
    m->num_ops = m->source_plan.num_groups;
    m->ops = sol_xcalloc(m->num_ops + 1, sizeof *m->ops);
    for (uint32_t k = 0; k < m->num_ops && ndev; k++)
        build_op(m, &m->ops[k], k);
    if (ndev)
        qsort(m->ops, m->num_ops, sizeof *m->ops, compare_ops);
    sol_report_assumptions_collect(m);
}

void sol_report_model_free(SolReportModel *m)
{
    for (uint32_t i = 0; i < m->num_devices; i++) {
        sol_plan_times_free(&m->devices[i].ops);
        sol_plan_times_free(&m->devices[i].plan);
    }
    free(m->devices);
    free(m->ops);
    sol_fusion_plan_free(&m->source_plan);
    sol_vec_free(&m->assumptions);
    memset(m, 0, sizeof *m);
}

/*
 * `sol-unfused`, `sol-fused` and `sol-cache`: count the einsum graph of the entry function (lib/Analysis/
 * graph.h), annotate each node op with its counts (`solar.kind`, `solar.iterations`,
 * `solar.matrix_flops`, `solar.vector_ops`, `solar.bytes`) and leave the graph in the run's
 * analysis slot (SolSolAnalysis) with the bounds asked for. Bounds need a device, so the
 * driver computes and prints them (`solar-opt --hw ... --report=text|json`). sol-cache asks
 * for the cache-aware bound as well (lib/Analysis/cache_bound.h): the graph's contraction
 * statements, already collected with the counts, are its input.
 */
#include "Passes/pass.h"
#include "Passes/sol_analysis.h"

#include <stdlib.h>

static void analysis_free(void *p)
{
    SolSolAnalysis *a = p;
    if (a->planned)
        sol_fusion_plan_free(&a->plan);
    if (a->built)
        sol_graph_free(&a->graph);
    free(a);
}

static void set_count(SolModule *m, SolOp *op, const char *name, uint64_t v)
{
    if (v <= (uint64_t)INT64_MAX) /* an i64 attribute; the report has the exact uint64 */
        sol_op_set_attr(m, op, sol_ident_cstr(m->ctx, name),
                        sol_attr_int(m, (int64_t)v, sol_type_int(m->ctx, 64)));
}

static void annotate(SolModule *m, const SolGraph *g)
{
    for (uint32_t i = 0; i < g->num_nodes; i++) {
        const SolNode *n = &g->nodes[i];
        sol_op_set_attr(m, n->op, sol_ident_cstr(m->ctx, "solar.kind"),
                        sol_attr_string(m, n->kind, strlen(n->kind)));
        set_count(m, n->op, "solar.iterations", n->iterations);
        set_count(m, n->op, "solar.matrix_flops", n->matrix_total);
        set_count(m, n->op, "solar.vector_ops", n->vector_total);
        set_count(m, n->op, "solar.bytes", n->bytes);
    }
}

typedef enum Which { UNFUSED, FUSED, CACHE } Which;

SolSolAnalysis *sol_sol_analysis_get(SolPassRun *r, SolModule *m)
{
    SolSolAnalysis *a = r->analysis;
    if (!a) {
        SolOp *func = r->entry ? sol_module_lookup_func(m, sol_ident_cstr(r->ctx, r->entry)) : NULL;
        if (!func || func->num_regions == 0 || !sol_region_first_block(&func->regions[0])) {
            sol_emit_error(r->ctx, m->op->loc, "the SOL passes need an entry function with a "
                                               "body (@forward, or --entry NAME)");
            return NULL;
        }
        a = sol_xcalloc(1, sizeof *a);
        a->func = func;
        r->analysis = a;
        r->analysis_free = analysis_free;
    }
    if (!a->built) {
        if (!sol_graph_build(r->ctx, m, a->func, &a->graph)) {
            sol_graph_free(&a->graph); /* what it counted before the error */
            return NULL;
        }
        a->built = true;
        annotate(m, &a->graph);
    }
    return a;
}

static bool run_sol(SolPassRun *r, SolModule *m, Which which)
{
    SolSolAnalysis *a = sol_sol_analysis_get(r, m);
    if (!a)
        return false;
    if (which == UNFUSED)
        a->unfused = true;
    else if (which == FUSED)
        a->fused = true;
    else
        a->cache = true;
    return true;
}

static bool run_unfused(SolPassRun *r, SolModule *m) { return run_sol(r, m, UNFUSED); }
static bool run_fused(SolPassRun *r, SolModule *m) { return run_sol(r, m, FUSED); }
static bool run_cache(SolPassRun *r, SolModule *m) { return run_sol(r, m, CACHE); }

const SolPass sol_pass_sol_unfused = {
    .name = "sol-unfused",
    .summary = "SOL bound with every source op its own kernel (counts; solar-opt prints the report)",
    .run = run_unfused,
};

const SolPass sol_pass_sol_fused = {
    .name = "sol-fused",
    .summary = "SOL bound with the whole graph fused: compulsory traffic only",
    .run = run_fused,
};

const SolPass sol_pass_sol_cache = {
    .name = "sol-cache",
    .summary = "cache-aware SOL: provable traffic per memory level (HBL segment bounds)",
    .run = run_cache,
};

/*
 * The text report: what a person reads in a terminal, most important first.
 *
 *   SOL report: FILE @ENTRY, N nodes
 *   totals: exact matrix FLOP, vector ops, unfused and compulsory bytes
 *   SOL = KIND ...            one row per device: SOL, binding term, terms, ridge, headroom
 *   every bound ...           one row per device, a column per bound kind (two or more kinds)
 *   VIOLATION: ...            a measured time below a lower bound
 *   to reach T ...            --target-ms: what a device needs, what each has
 *   source ops by time ...    largest first, share of sol-unfused, source line
 *   fusion plan ...           fuse's groups
 *   memory levels ...         sol-cache's traffic per level
 *   assumptions ...           every device's, then each device's
 *   einsum nodes ...          exact counts
 */
#include "Analysis/Report/tables.h"

static void print_table(FILE *out, SolTable *t)
{
    fputc('\n', out);
    sol_table_print_text(out, t);
    sol_table_free(t);
}

static void header(FILE *out, const SolReportModel *m)
{
    const SolGraph *g = m->g;
    const SolReportOptions *o = m->o;
    fprintf(out, "SOL report: %s @%s, %u node%s%s%s\n", o->file ? o->file : "<input>",
            o->entry ? o->entry : "?", g->num_nodes, g->num_nodes == 1 ? "" : "s",
            g->data_dependent ? ", data-dependent accesses" : "",
            g->approximate ? ", some counts approximate (low)" : "");
    if (o->default_device && m->num_devices)
        fprintf(out, "(no --hw given: assuming %s)\n", m->devices[0].b->device->name);
    fprintf(out, "totals: %llu matrix FLOP, %llu vector ops, %llu unfused bytes, %llu compulsory "
                 "bytes\n",
            (unsigned long long)g->matrix_total, (unsigned long long)g->vector_total,
            (unsigned long long)(m->num_devices ? m->devices[0].b->unfused_bytes : 0),
            (unsigned long long)g->compulsory_bytes);
}

static void violations(FILE *out, const SolReportModel *m)
{
    for (uint32_t i = 0; i < m->num_devices; i++) {
        const SolReportDevice *d = &m->devices[i];
        for (int k = 0; k < SOL_KIND_COUNT; k++) {
            if (d->headroom[k] < 0 || d->headroom[k] >= 1)
                continue;
            char t[32];
            sol_report_fmt_time(t, sizeof t, d->seconds[k]);
            if (k == SOL_KIND_PLAN) {
                fprintf(out, "note: measured %.6g ms is below sol-fused-plan %s on %s: the "
                             "implementation fuses better than fuse's plan (not a violation: the "
                             "plan bounds only itself)\n",
                        m->o->measured_ms, t, d->b->device->name);
                continue;
            }
            fprintf(out, "VIOLATION: measured %.6g ms is below %s %s on %s: the bound or the "
                         "device figures are wrong\n",
                    m->o->measured_ms, sol_report_kind_name((SolReportKind)k), t,
                    d->b->device->name);
        }
    }
}

static void assumptions(FILE *out, const SolReportModel *m)
{
    fprintf(out, "\nassumptions:\n");
    for (size_t i = 0; i < m->assumptions.len; i++) {
        const SolReportAssumption *a = &m->assumptions.data[i];
        fprintf(out, "  %s: %s\n",
                a->device < 0 ? "every device" : m->devices[a->device].b->device->name, a->text);
    }
}

void sol_report_print_text(FILE *out, const SolReportModel *m)
{
    SolTable t;
    header(out, m);
    sol_report_table_devices(m, &t);
    print_table(out, &t);
    int kinds = 0;
    for (int k = 0; k < SOL_KIND_COUNT; k++)
        kinds += m->has[k];
    if (kinds > 1) {
        sol_report_table_bounds(m, &t);
        print_table(out, &t);
    }
    violations(out, m);
    if (m->o->target_ms > 0) {
        sol_report_table_target(m, &t);
        print_table(out, &t);
    }
    sol_report_table_ops(m, &t);
    print_table(out, &t);
    if (m->o->plan) {
        sol_report_table_groups(m, &t);
        print_table(out, &t);
    }
    if (m->o->cache) {
        sol_report_table_levels(m, &t);
        print_table(out, &t);
    }
    assumptions(out, m);
    sol_report_table_nodes(m, &t);
    print_table(out, &t);
}

/*
 * The CSV report: one table for spreadsheets and scripts (RFC 4180 quoting), long form so that
 * any number of devices fits one header:
 *
 *   file,entry,device,kind,name,source,seconds,share,bound,matrix_flops,vector_ops,bytes,
 *   headroom
 *
 * First one row per device and bound kind asked for (kind sol-unfused, sol-fused-plan,
 * sol-fused, sol-cache; `sol` marks the headline with name = its kind, so `kind == "sol"` picks
 * one row per device), then one row per device and source op (kind `op`, name `aten.addmm`,
 * source `model.py:17`, share of sol-unfused on that device), ops largest first, and last one
 * row per assumption the figures rest on (kind `assumption`, name its text, device empty when
 * it holds on every device; the other fields empty), the lines every format prints. Counts are
 * exact integers, seconds 17 significant digits; share is empty on the bound rows, headroom
 * without --measured-ms.
 */
#include "Analysis/Report/model.h"

#include <string.h>

static void field(FILE *out, const char *s)
{
    if (!strpbrk(s, ",\"\n\r")) {
        fputs(s, out);
        return;
    }
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', out);
        fputc(*s, out);
    }
    fputc('"', out);
}

/* The first six fields; d NULL: an empty device (a row about every device). */
static void row_start(FILE *out, const SolReportModel *m, const SolReportDevice *d,
                      const char *kind, const char *name, const char *source)
{
    field(out, m->o->file ? m->o->file : "<input>");
    fputc(',', out);
    field(out, m->o->entry ? m->o->entry : "");
    fputc(',', out);
    field(out, d ? d->b->device->name : "");
    fputc(',', out);
    field(out, kind);
    fputc(',', out);
    field(out, name);
    fputc(',', out);
    field(out, source);
}

static void bound_row(FILE *out, const SolReportModel *m, const SolReportDevice *d,
                      SolReportKind k, bool headline)
{
    const SolGraph *g = m->g;
    const char *name = sol_report_kind_name(k);
    row_start(out, m, d, headline ? "sol" : name, name, "");
    uint64_t bytes = k == SOL_KIND_UNFUSED ? d->b->unfused_bytes
                     : k == SOL_KIND_PLAN  ? m->o->plan->bytes
                                           : g->compulsory_bytes;
    fprintf(out, ",%.17g,,", d->seconds[k]);
    field(out, sol_report_term_name(d->b, d->bound[k]));
    fprintf(out, ",%llu,%llu,%llu,", (unsigned long long)g->matrix_total,
            (unsigned long long)g->vector_total, (unsigned long long)bytes);
    if (d->headroom[k] >= 0)
        fprintf(out, "%.6g", d->headroom[k]);
    fputc('\n', out);
}

void sol_report_print_csv(FILE *out, const SolReportModel *m)
{
    fputs("file,entry,device,kind,name,source,seconds,share,bound,matrix_flops,vector_ops,bytes,"
          "headroom\n",
          out);
    for (uint32_t i = 0; i < m->num_devices; i++) {
        const SolReportDevice *d = &m->devices[i];
        bound_row(out, m, d, d->headline, true);
        for (int k = 0; k < SOL_KIND_COUNT; k++)
            if (m->has[k])
                bound_row(out, m, d, (SolReportKind)k, false);
    }
    for (uint32_t i = 0; i < m->num_devices; i++) {
        const SolReportDevice *d = &m->devices[i];
        double all = d->seconds[SOL_KIND_UNFUSED];
        for (uint32_t k = 0; k < m->num_ops; k++) {
            const SolReportOp *op = &m->ops[k];
            double s = sol_report_op_seconds(m, i, k);
            row_start(out, m, d, "op", op->name, op->where);
            fprintf(out, ",%.17g,%.6g,", s, all > 0 ? s / all : 0);
            field(out, sol_report_term_name(d->b, sol_report_op_bound(m, i, k)));
            fprintf(out, ",%llu,%llu,%llu,\n", (unsigned long long)op->matrix_flops,
                    (unsigned long long)op->vector_ops, (unsigned long long)op->bytes);
        }
    }
    for (size_t i = 0; i < m->assumptions.len; i++) {
        const SolReportAssumption *a = &m->assumptions.data[i];
        row_start(out, m, a->device < 0 ? NULL : &m->devices[a->device], "assumption", a->text,
                  "");
        fputs(",,,,,,,\n", out);
    }
}

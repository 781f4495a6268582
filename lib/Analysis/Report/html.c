/*
 * The HTML report: one self-contained page (inline CSS and SVG; no script, no font, no image,
 * no link to fetch), so it opens from a build artefact or a mail attachment offline. It shows
 * what the text report shows, in the same order, with a roofline per device (roofline.c)
 * after the device table. Every table is the text report's (tables.c).
 *
 * DOM contract (test/lit/Report/html.test): <table class="devices"> with one row per device,
 * whose SOL cell is <td class="sol">; the roofline contract of roofline.c.
 */
#include "Analysis/Report/tables.h"

#include <string.h>

static const char style[] =
    "body{font:14px/1.45 system-ui,sans-serif;margin:24px auto;max-width:1200px;color:#1d2330;"
    "padding:0 16px}h1{font-size:20px}h2{font-size:16px;margin-top:28px;border-bottom:1px solid "
    "#d8dce4}table{border-collapse:collapse;margin:8px 0;font-variant-numeric:tabular-nums}"
    "th,td{padding:3px 10px;border-bottom:1px solid #eceef2;text-align:left;white-space:nowrap}"
    "td.r,th.r{text-align:right}th{background:#f4f6f9}caption{text-align:left;font-weight:600;"
    "padding:4px 0}p.note{color:#5a6475;margin:2px 0}.violation{color:#fff;background:#b3261e;"
    "padding:8px 12px;font-weight:600}.sol{font-weight:700}code{background:#f4f6f9;padding:0 "
    "3px}svg.roofline{background:#fff;border:1px solid #d8dce4;margin:8px 0}"
    "svg text{font:11px system-ui,sans-serif;fill:#1d2330}svg .grid{stroke:#eceef2}svg text.device{font-weight:700;font-size:13px}"
    "svg .frame{fill:none;stroke:#9aa3b2}svg .roof{stroke-width:2.5}svg .roof.compute{stroke:"
    "#1d2330}svg .roof.secondary{stroke:#9aa3b2;stroke-dasharray:6 4}svg .roof.memory{stroke:"
    "#2f6fd6}svg circle.op{fill:#2f6fd6;fill-opacity:.75;stroke:#fff}svg circle.op.cpu{fill:"
    "#d64a2f}svg circle.clamped{fill-opacity:.3}svg circle.sol{fill:#f2b705;stroke:#1d2330}"
    "svg circle.measured{fill:#1d2330;stroke:#fff}ul.legend{list-style:none;padding:0;"
    "color:#5a6475}ul.legend li{display:inline;margin-right:18px}div.scroll{overflow-x:auto}";

/* A table as <table>: caption from the title, notes below; `cls` marks it for the DOM. */
static void html_table(FILE *out, SolTable *t, const char *cls)
{
    uint32_t rows = sol_table_rows(t);
    fprintf(out, "<div class=\"scroll\"><table class=\"%s\">\n", cls);
    if (t->title[0]) {
        fprintf(out, "<caption>");
        sol_report_html_text(out, t->title);
        fprintf(out, "</caption>\n");
    }
    for (uint32_t r = 0; r < rows; r++) {
        fprintf(out, "<tr>");
        for (uint32_t c = 0; c < t->num_cols; c++) {
            const char *tag = r ? "td" : "th";
            bool sol = r && strcmp(cls, "devices") == 0 && c == 1;
            fprintf(out, "<%s%s%s>", tag, t->right[c] ? " class=\"r" : "",
                    t->right[c] ? (sol ? " sol\"" : "\"") : (sol ? " class=\"sol\"" : ""));
            sol_report_html_text(out, sol_table_at(t, r, c));
            fprintf(out, "</%s>", tag);
        }
        fprintf(out, "</tr>\n");
    }
    fprintf(out, "</table></div>\n");
    for (size_t i = 0; i < t->notes.len; i++) {
        fprintf(out, "<p class=\"note\">");
        sol_report_html_text(out, t->notes.data[i]);
        fprintf(out, "</p>\n");
    }
    sol_table_free(t);
}

static void section(FILE *out, const char *title)
{
    fprintf(out, "<h2>");
    sol_report_html_text(out, title);
    fprintf(out, "</h2>\n");
}

static void heading(FILE *out, const SolReportModel *m)
{
    const SolReportOptions *o = m->o;
    const SolGraph *g = m->g;
    fprintf(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                 "<title>SOL report: ");
    sol_report_html_text(out, o->file ? o->file : "<input>");
    fprintf(out, "</title>\n<style>%s</style>\n</head>\n<body>\n<h1>SOL report: <code>", style);
    sol_report_html_text(out, o->file ? o->file : "<input>");
    fprintf(out, "</code> @");
    sol_report_html_text(out, o->entry ? o->entry : "?");
    fprintf(out, "</h1>\n<p>%u source op%s, %u einsum node%s; %llu matrix FLOP, %llu vector "
                 "ops, %llu compulsory DRAM bytes%s%s.</p>\n",
            m->num_ops, m->num_ops == 1 ? "" : "s", g->num_nodes, g->num_nodes == 1 ? "" : "s",
            (unsigned long long)g->matrix_total, (unsigned long long)g->vector_total,
            (unsigned long long)g->compulsory_bytes,
            g->data_dependent ? "; data-dependent accesses" : "",
            g->approximate ? "; some counts approximate (low)" : "");
    if (o->default_device && m->num_devices) {
        fprintf(out, "<p class=\"note\">No --hw given: assuming ");
        sol_report_html_text(out, m->devices[0].b->device->name);
        fprintf(out, ".</p>\n");
    }
}

static void violations(FILE *out, const SolReportModel *m)
{
    for (uint32_t i = 0; i < m->num_devices; i++) {
        const SolReportDevice *d = &m->devices[i];
        for (int k = 0; k < SOL_KIND_COUNT; k++) {
            if (k == SOL_KIND_PLAN || d->headroom[k] < 0 || d->headroom[k] >= 1)
                continue;
            char t[32];
            sol_report_fmt_time(t, sizeof t, d->seconds[k]);
            fprintf(out, "<p class=\"violation\">VIOLATION: measured %.6g ms is below %s %s on ",
                    m->o->measured_ms, sol_report_kind_name((SolReportKind)k), t);
            sol_report_html_text(out, d->b->device->name);
            fprintf(out, ": the bound or the device figures are wrong</p>\n");
        }
    }
}

static void rooflines(FILE *out, const SolReportModel *m)
{
    section(out, "Roofline");
    fprintf(out, "<ul class=\"legend\"><li>blue: memory-bound op</li><li>red: compute-bound "
                 "op</li><li>yellow: the whole graph at its SOL</li>%s<li>pale: no arithmetic "
                 "(drawn at the edge)</li><li>hover a point for its op</li></ul>\n",
            m->o->measured_ms > 0 ? "<li>black: measured</li>" : "");
    for (uint32_t i = 0; i < m->num_devices; i++)
        sol_report_roofline_svg(out, m, i);
}

static void assumptions(FILE *out, const SolReportModel *m)
{
    section(out, "Assumptions");
    fprintf(out, "<ul class=\"assumptions\">\n");
    for (size_t i = 0; i < m->assumptions.len; i++) {
        const SolReportAssumption *a = &m->assumptions.data[i];
        fprintf(out, "<li><b>");
        sol_report_html_text(out, a->device < 0 ? "every device"
                                                : m->devices[a->device].b->device->name);
        fprintf(out, "</b>: ");
        sol_report_html_text(out, a->text);
        fprintf(out, "</li>\n");
    }
    fprintf(out, "</ul>\n");
}

void sol_report_print_html(FILE *out, const SolReportModel *m)
{
    SolTable t;
    heading(out, m);
    section(out, "Devices");
    sol_report_table_devices(m, &t);
    html_table(out, &t, "devices");
    int kinds = 0;
    for (int k = 0; k < SOL_KIND_COUNT; k++)
        kinds += m->has[k];
    if (kinds > 1) {
        sol_report_table_bounds(m, &t);
        html_table(out, &t, "bounds");
    }
    violations(out, m);
    if (m->o->target_ms > 0) {
        sol_report_table_target(m, &t);
        html_table(out, &t, "target");
    }
    rooflines(out, m);
    section(out, "Source ops");
    sol_report_table_ops(m, &t);
    html_table(out, &t, "ops");
    if (m->o->plan) {
        section(out, "Fusion groups");
        sol_report_table_groups(m, &t);
        html_table(out, &t, "groups");
    }
    if (m->o->cache) {
        section(out, "Memory levels");
        sol_report_table_levels(m, &t);
        html_table(out, &t, "levels");
    }
    assumptions(out, m);
    section(out, "Einsum nodes");
    sol_report_table_nodes(m, &t);
    html_table(out, &t, "nodes");
    fprintf(out, "<p class=\"note\">Made by solar-opt (SOLAR-C). The page loads nothing.</p>\n"
                 "</body>\n</html>\n");
}

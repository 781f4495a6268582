/*
 * The report's tables (tables.h), built from the model once for the text and HTML writers:
 * the devices (headline SOL, binding term, every term, ridge point, headroom), every bound
 * kind per device, the source ops by time, the fusion groups, the memory levels, the target
 * a device would need, and the einsum nodes with their exact counts.
 */
#include "Analysis/Report/tables.h"

#include <math.h>
#include <string.h>

/* Per-op and per-group time columns are repeated for at most this many devices; beyond, the
 * table says so (CSV, JSON and HTML carry every device). */
enum { MAX_DEVICE_COLUMNS = 3 };
/* The ops table cuts an op's description here (`~`); the nodes table has it whole. */
enum { MAX_WHAT = 48 };

static void cell_time(SolTable *t, double s)
{
    char b[32];
    sol_report_fmt_time(b, sizeof b, s);
    sol_table_cell(t, "%s", b);
}

static void cell_rate(SolTable *t, double v, const char *unit)
{
    char b[32];
    sol_report_fmt_rate(b, sizeof b, v);
    sol_table_cell(t, "%s%s", b, unit);
}

static void cell_count(SolTable *t, uint64_t v) { sol_table_cell(t, "%llu", (unsigned long long)v); }

/* `116 MiB`: capacities are binary. */
static void fmt_capacity(char *buf, size_t n, uint64_t bytes)
{
    static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    double v = (double)bytes;
    int u = 0;
    while (v >= 1024 && u < 4)
        v /= 1024, u++;
    snprintf(buf, n, "%.4g %s", v, units[u]);
}

static uint32_t device_columns(const SolReportModel *m)
{
    return m->num_devices < MAX_DEVICE_COLUMNS ? m->num_devices : MAX_DEVICE_COLUMNS;
}

/* Per device column (the first MAX_DEVICE_COLUMNS): its name, right-aligned, then `extra`. */
typedef char DeviceColumn[72];
static uint32_t device_headers(const SolReportModel *m, const char **header, uint32_t n,
                               DeviceColumn *names, const char *const *extra)
{
    for (uint32_t i = 0; i < device_columns(m); i++) {
        snprintf(names[i], sizeof names[i], ">%s", m->devices[i].b->device->name);
        header[n++] = names[i];
        for (const char *const *e = extra; *e; e++)
            header[n++] = *e;
    }
    return n;
}

static void note_more_devices(const SolReportModel *m, SolTable *t)
{
    if (m->num_devices > MAX_DEVICE_COLUMNS)
        sol_table_note(t, "(times on the first %u of %u devices; --report=csv, json or html "
                          "have every device)",
                       MAX_DEVICE_COLUMNS, m->num_devices);
}

static const char *kind_meaning(SolReportKind k)
{
    switch (k) {
    case SOL_KIND_CACHE:
        return "one kernel, plus the provable minimum traffic at every memory level; no "
               "implementation is faster";
    case SOL_KIND_FUSED:
        return "the whole graph one kernel, inputs read and outputs written once; no "
               "implementation is faster";
    case SOL_KIND_PLAN:
        return "each group of fuse's plan one kernel; no implementation of that plan is faster";
    default:
        return "every source op its own kernel through DRAM; eager execution is not faster";
    }
}

/* The memory terms' names over every device, in first-seen order. */
static uint32_t memory_columns(const SolReportModel *m, const char **names, uint32_t max)
{
    uint32_t n = 0;
    for (uint32_t i = 0; i < m->num_devices; i++)
        for (uint32_t k = 0; k < m->devices[i].num_terms; k++) {
            const SolReportTerm *term = &m->devices[i].terms[k];
            bool seen = !term->memory;
            for (uint32_t j = 0; j < n && !seen; j++)
                seen = strcmp(names[j], term->name) == 0;
            if (!seen && n < max)
                names[n++] = term->name;
        }
    return n;
}

static const SolReportTerm *find_term(const SolReportDevice *d, const char *name)
{
    for (uint32_t k = 0; k < d->num_terms; k++)
        if (d->terms[k].memory && strcmp(d->terms[k].name, name) == 0)
            return &d->terms[k];
    return NULL;
}

void sol_report_table_devices(const SolReportModel *m, SolTable *t)
{
    const char *mem[SOL_TABLE_MAX_COLS];
    uint32_t nmem = memory_columns(m, mem, SOL_TABLE_MAX_COLS - 8);
    char names[SOL_TABLE_MAX_COLS][40];
    const char *header[SOL_TABLE_MAX_COLS] = {"device", ">SOL", "bound by", ">matrix", ">vector"};
    uint32_t n = 5;
    for (uint32_t j = 0; j < nmem; j++) {
        snprintf(names[j], sizeof names[j], ">%s", mem[j]);
        header[n++] = names[j];
    }
    header[n++] = ">ridge FLOP/B";
    header[n++] = ">headroom";
    sol_table_init(t, n, header);
    SolReportKind kind = m->num_devices ? m->devices[0].headline : SOL_KIND_UNFUSED;
    sol_table_title(t, "SOL = %s: %s", sol_report_kind_name(kind), kind_meaning(kind));
    for (uint32_t i = 0; i < m->num_devices; i++) {
        const SolReportDevice *d = &m->devices[i];
        sol_table_cell(t, "%s", d->b->device->name);
        cell_time(t, d->seconds[d->headline]);
        sol_table_cell(t, "%s", d->binding);
        cell_time(t, d->terms[0].seconds);
        cell_time(t, d->terms[1].seconds);
        for (uint32_t j = 0; j < nmem; j++) {
            const SolReportTerm *found = find_term(d, mem[j]);
            if (found)
                cell_time(t, found->seconds);
            else
                sol_table_cell(t, "-");
        }
        if (d->ridge > 0)
            sol_table_cell(t, "%.4g", d->ridge);
        else
            sol_table_cell(t, "-");
        char r[32];
        sol_report_fmt_ratio(r, sizeof r, d->headroom[d->headline]);
        sol_table_cell(t, "%s", m->o->measured_ms >= 0 ? r : "");
    }
    double x = sol_report_intensity(m->g->matrix_total + m->g->vector_total,
                                    m->g->compulsory_bytes);
    char xs[48] = "moves no DRAM bytes";
    if (!isinf(x))
        snprintf(xs, sizeof xs, "does %.4g FLOP per DRAM byte fused", x);
    sol_table_note(t, "(a term is one resource's time alone, the largest binds; ridge: the FLOP "
                      "per DRAM byte above which the compute peak binds; the graph %s%s)",
                   xs, m->o->measured_ms >= 0 ? "; headroom: measured / SOL" : "");
}

void sol_report_table_bounds(const SolReportModel *m, SolTable *t)
{
    static const char *const names[SOL_KIND_COUNT] = {">sol-unfused", ">sol-fused-plan",
                                                      ">sol-fused", ">sol-cache"};
    const char *header[SOL_KIND_COUNT + 1] = {"device"};
    uint32_t n = 1;
    for (int k = 0; k < SOL_KIND_COUNT; k++)
        if (m->has[k])
            header[n++] = names[k];
    sol_table_init(t, n, header);
    sol_table_title(t, "every bound: time, binding term%s",
                    m->o->measured_ms >= 0 ? ", headroom (measured / bound)" : "");
    for (uint32_t i = 0; i < m->num_devices; i++) {
        const SolReportDevice *d = &m->devices[i];
        sol_table_cell(t, "%s", d->b->device->name);
        for (int k = 0; k < SOL_KIND_COUNT; k++) {
            if (!m->has[k])
                continue;
            char tm[32], r[32] = "";
            sol_report_fmt_time(tm, sizeof tm, d->seconds[k]);
            if (d->headroom[k] >= 0) {
                r[0] = ' ';
                sol_report_fmt_ratio(r + 1, sizeof r - 1, d->headroom[k]);
            }
            sol_table_cell(t, "%s %s%s", tm, sol_report_term_name(d->b, d->bound[k]), r);
        }
    }
    static const char *const meaning[SOL_KIND_COUNT] = {
        "unfused: each source op its own kernel, as eager PyTorch runs them",
        "fused-plan: each group of fuse's plan a kernel", "fused: the graph one kernel",
        "cache: one kernel and each memory level's least traffic"};
    SolBuf note = {0};
    for (int k = 0; k < SOL_KIND_COUNT; k++)
        if (m->has[k])
            sol_buf_printf(&note, "%s%s", note.len ? "; " : "(", meaning[k]);
    sol_table_note(t, "%s)", note.data);
    sol_buf_free(&note);
}

void sol_report_table_ops(const SolReportModel *m, SolTable *t)
{
    uint32_t nd = device_columns(m);
    DeviceColumn names[MAX_DEVICE_COLUMNS];
    const char *header[8 + 3 * MAX_DEVICE_COLUMNS] = {">#", "op", "source", "what", ">FLOP",
                                                      ">bytes in+out", ">FLOP/B"};
    static const char *const per_device[] = {">share", "bound by", NULL};
    sol_table_init(t, device_headers(m, header, 7, names, per_device), header);
    char total[32];
    sol_report_fmt_time(total, sizeof total, nd ? m->devices[0].seconds[SOL_KIND_UNFUSED] : 0);
    sol_table_title(t, "%u source op%s by time on %s (each its own kernel; they sum to "
                       "sol-unfused, %s)",
                    m->num_ops, m->num_ops == 1 ? "" : "s", nd ? m->devices[0].b->device->name : "-",
                    total);
    for (uint32_t k = 0; k < m->num_ops; k++) {
        const SolReportOp *op = &m->ops[k];
        sol_table_cell(t, "%u", op->index);
        sol_table_cell(t, "%s", op->name);
        sol_table_cell(t, "%s", op->where);
        sol_table_cell(t, "%.*s%s%s", MAX_WHAT, op->what, strlen(op->what) > MAX_WHAT ? "~" : "",
                       op->last > op->first ? " ..." : "");
        cell_rate(t, (double)(op->matrix_flops + op->vector_ops), "");
        cell_rate(t, (double)op->bytes, "B");
        double x = sol_report_intensity(op->matrix_flops + op->vector_ops, op->bytes);
        if (isinf(x))
            sol_table_cell(t, "-");
        else
            sol_table_cell(t, "%.3g", x);
        for (uint32_t i = 0; i < nd; i++) {
            double s = sol_report_op_seconds(m, i, k), all = m->devices[i].seconds[SOL_KIND_UNFUSED];
            cell_time(t, s);
            sol_table_cell(t, "%.1f%%", all > 0 ? 100 * s / all : 0);
            sol_table_cell(t, "%s", sol_report_term_name(m->devices[i].b, sol_report_op_bound(m, i, k)));
        }
    }
    sol_table_note(t, "(what: the op's slowest einsum node, `~` cut short, `...` more nodes: all "
                      "in the nodes table below; bytes in+out: what the kernel reads and writes, "
                      "of which the cache state charges DRAM what the assumptions say)");
    if (nd && m->devices[0].ops.carried > 0) {
        char c[32];
        sol_report_fmt_time(c, sizeof c, m->devices[0].ops.carried);
        sol_table_note(t, "(plus %s on %s: DRAM bytes of the whole graph that no op's own charge "
                          "covers under the cache state)",
                       c, m->devices[0].b->device->name);
    }
    note_more_devices(m, t);
}

void sol_report_table_groups(const SolReportModel *m, SolTable *t)
{
    const SolFusionPlan *p = m->o->plan;
    const SolGraph *g = m->g;
    uint32_t nd = device_columns(m);
    DeviceColumn names[MAX_DEVICE_COLUMNS];
    const char *header[6 + 2 * MAX_DEVICE_COLUMNS] = {">group", "nodes", "source ops",
                                                      ">bytes in+out", ">kept on chip"};
    static const char *const per_device[] = {"bound by", NULL};
    uint32_t n = device_headers(m, header, 5, names, per_device);
    header[n++] = "";
    sol_table_init(t, n, header);
    char budget[32];
    fmt_capacity(budget, sizeof budget, p->budget);
    sol_table_title(t, "fusion plan (fuse): %u group%s under a %llu-byte (%s) on-chip budget, "
                       "%llu bytes in and out of kernels%s",
                    p->num_groups, p->num_groups == 1 ? "" : "s", (unsigned long long)p->budget,
                    budget, (unsigned long long)p->bytes, p->approximate ? " (approximate)" : "");
    for (uint32_t k = 0; k < p->num_groups; k++) {
        const SolFusionGroup *G = &p->groups[k];
        sol_table_cell(t, "%u", k);
        if (G->last > G->first)
            sol_table_cell(t, "%s..%s", g->nodes[G->first].name, g->nodes[G->last].name);
        else
            sol_table_cell(t, "%s", g->nodes[G->first].name);
        uint32_t a = g->nodes[G->first].source_op, b = g->nodes[G->last].source_op;
        if (b > a)
            sol_table_cell(t, "%u-%u", a, b);
        else
            sol_table_cell(t, "%u", a);
        cell_count(t, G->bytes);
        if (G->resident_bytes)
            cell_count(t, G->resident_bytes);
        else
            sol_table_cell(t, "-");
        for (uint32_t i = 0; i < nd; i++) {
            cell_time(t, m->devices[i].plan.groups[k].seconds);
            sol_table_cell(t, "%s", sol_report_term_name(m->devices[i].b,
                                                         m->devices[i].plan.groups[k].bound));
        }
        sol_table_cell(t, "%s", G->attention ? "attention" : "");
    }
    sol_table_note(t, "(the budget: fuse{max-bytes=...}, by default the on-chip memory of the "
                      "first --hw device; kept on chip: intermediates a group holds whole)");
    note_more_devices(m, t);
}

/* `1 group of 132 units`, `8 groups of 18 units`. */
static void split_into(const SolCacheLevel *L, char *buf, size_t n)
{
    snprintf(buf, n, "%u group%s of %u unit%s", L->processors, L->processors == 1 ? "" : "s",
             L->units_per_processor, L->units_per_processor == 1 ? "" : "s");
}

void sol_report_table_levels(const SolReportModel *m, SolTable *t)
{
    static const char *const header[] = {"device",        "level",          ">on-chip below B",
                                         "split into",    ">compulsory B",  ">lower bound B",
                                         ">attainable B", ">bandwidth",     ">time",
                                         "note"};
    sol_table_init(t, 10, header);
    const SolCacheBounds *c0 = m->num_devices ? m->devices[0].cache : NULL;
    sol_table_title(t, "memory levels (sol-cache): bytes that must cross each level (%u contraction "
                       "statement%s, %u with a cache term%s)",
                    c0 ? c0->statements : 0, c0 && c0->statements == 1 ? "" : "s",
                    c0 ? c0->with_segment : 0, c0 && c0->tight_matmul ? "; --tight-matmul" : "");
    bool attainable = false, grouped = m->o->plan != NULL;
    for (uint32_t i = 0; i < m->num_devices; i++) {
        const SolCacheBounds *c = m->devices[i].cache;
        for (uint32_t k = 0; c && k < c->num_levels; k++) {
            const SolCacheLevel *L = &c->levels[k];
            attainable |= L->has_attainable;
            sol_table_cell(t, "%s", k ? "" : c->device->name);
            sol_table_cell(t, "%s", L->name);
            char split[64] = "-";
            if (L->bounded) {
                split_into(L, split, sizeof split);
                cell_count(t, L->capacity);
            } else {
                sol_table_cell(t, "-");
            }
            sol_table_cell(t, "%s", split);
            if (L->bounded) {
                cell_count(t, L->compulsory);
                cell_count(t, L->lower_bound);
            } else {
                sol_table_cell(t, "-");
                sol_table_cell(t, "-");
            }
            if (L->bounded && L->has_attainable)
                cell_count(t, L->attainable);
            else
                sol_table_cell(t, "-");
            if (L->bandwidth > 0)
                cell_rate(t, L->bandwidth, "B/s");
            else
                sol_table_cell(t, "-");
            if (L->bounded && L->bandwidth > 0)
                cell_time(t, L->seconds);
            else
                sol_table_cell(t, "-");
            char note[256];
            snprintf(note, sizeof note, "%s", L->note);
            if (L->bounded && L->segment > L->compulsory && L->segment_node) {
                size_t len = strlen(note);
                snprintf(note + len, sizeof note - len, "%ssegment bound of %s",
                         len ? "; " : "", L->segment_node);
            }
            if (L->rate > 0) {
                char r[32];
                sol_report_fmt_time(r, sizeof r, L->rate);
                size_t len = strlen(note);
                snprintf(note + len, sizeof note - len, "%srate term %s (each group's peak "
                                                        "against the shared bandwidth)",
                         len ? "; " : "", r);
            }
            sol_table_cell(t, "%s", note);
        }
    }
    sol_table_note(t, "(on-chip below: the storage under the level that one group of units (SMs "
                      "or cores) can use without crossing it; the bound holds for each group)");
    if (attainable)
        sol_table_note(t, "(attainable bytes: traffic of the tiles tile-for-cache chose, %s; an "
                          "upper estimate: the band is [lower bound, attainable])",
                       grouped ? "per fusion group, epilogues applied on chip, a group that fits "
                                 "kept resident"
                               : "every node its own kernel");
    else
        sol_table_note(t, "(attainable: --tile-for-cache computes it)");
}

void sol_report_table_target(const SolReportModel *m, SolTable *t)
{
    static const char *const header[] = {"device", ">matrix", ">vector", ">DRAM"};
    const SolGraph *g = m->g;
    double s = m->o->target_ms / 1e3;
    uint64_t work[3] = {g->matrix_total, g->vector_total, g->compulsory_bytes};
    static const char *const units[3] = {"FLOP/s", "op/s", "B/s"};
    char need[3][32];
    for (int j = 0; j < 3; j++)
        sol_report_fmt_rate(need[j], sizeof need[j], (double)work[j] / s);
    sol_table_init(t, 4, header);
    char ts[32];
    sol_report_fmt_time(ts, sizeof ts, s);
    sol_table_title(t, "to reach %s (the fused graph's work), a device needs matrix %s%s, vector "
                       "%s%s, DRAM %s%s; each device has:",
                    ts, need[0], units[0], need[1], units[1], need[2], units[2]);
    for (uint32_t i = 0; i < m->num_devices; i++) {
        const SolBounds *b = m->devices[i].b;
        double secs[3] = {b->fused.matrix, b->fused.vector, b->fused.memory};
        sol_table_cell(t, "%s", b->device->name);
        for (int j = 0; j < 3; j++) {
            if (!work[j] || secs[j] <= 0) {
                sol_table_cell(t, "-");
                continue;
            }
            char has[32];
            sol_report_fmt_rate(has, sizeof has, (double)work[j] / secs[j]);
            double short_by = secs[j] / s;
            if (short_by <= 1)
                sol_table_cell(t, "%s%s, enough", has, units[j]);
            else
                sol_table_cell(t, "%s%s, %.3gx short", has, units[j], short_by);
        }
    }
}

void sol_report_table_nodes(const SolReportModel *m, SolTable *t)
{
    const SolGraph *g = m->g;
    uint32_t nd = device_columns(m);
    DeviceColumn names[MAX_DEVICE_COLUMNS];
    const char *header[10 + 2 * MAX_DEVICE_COLUMNS] = {"node",        "kind",        "einsum",
                                                       ">iterations", ">matrix FLOP", ">vector ops",
                                                       ">bytes"};
    static const char *const per_device[] = {"bound by", NULL};
    uint32_t n = device_headers(m, header, 7, names, per_device);
    header[n++] = ">op";
    header[n++] = "work";
    sol_table_init(t, n, header);
    sol_table_title(t, "einsum nodes (exact counts; bytes and time: each node its own kernel, "
                       "every byte through DRAM)");
    for (uint32_t k = 0; k < g->num_nodes; k++) {
        const SolNode *node = &g->nodes[k];
        sol_table_cell(t, "%s", node->name);
        sol_table_cell(t, "%s", node->kind);
        sol_table_cell(t, "%s", node->einsum ? node->einsum : "-");
        cell_count(t, node->iterations);
        cell_count(t, node->matrix_total);
        cell_count(t, node->vector_total);
        cell_count(t, node->bytes);
        for (uint32_t i = 0; i < nd; i++) {
            const SolTimes *nt = &m->devices[i].b->nodes[k];
            cell_time(t, nt->seconds);
            sol_table_cell(t, "%s", sol_report_term_name(m->devices[i].b, nt->bound));
        }
        char work[160];
        sol_report_node_ops(node, work, sizeof work);
        sol_table_cell(t, "%u", node->source_op);
        sol_table_cell(t, "%s", work);
    }
    sol_table_note(t, "(work: the node's scalar ops; in place: it reads only what it writes, "
                      "which its einsum leaves out)");
    note_more_devices(m, t);
}

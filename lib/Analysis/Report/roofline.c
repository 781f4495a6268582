/*
 * The roofline of one device as inline SVG (for html.c): log-log axes of arithmetic
 * intensity (FLOP per DRAM byte) against rate (FLOP/s); a flat roof per compute peak the graph
 * uses, a sloped roof per memory level with a bandwidth (rate = bandwidth x intensity); each
 * source op a point at its intensity and the rate its bound attains on this device (its work
 * over its time as its own kernel), the whole graph's SOL point, and the measured point when
 * --measured-ms is given. Tooltips are SVG <title> elements: the page runs no script.
 *
 * DOM contract (the lit test reads it): <svg class="roofline" data-device="NAME">, one
 * <circle class="op" data-op="INDEX"> per source op, <circle class="sol">, <circle
 * class="measured"> when measured, <line class="roof" data-roof="NAME">.
 */
#include "Analysis/Report/model.h"

#include <math.h>
#include <string.h>

enum { WIDTH = 760, HEIGHT = 440, LEFT = 72, RIGHT = 170, TOP = 16, BOTTOM = 48 };

typedef struct Axes {
    double x0, x1, y0, y1; /* log10 of the ranges */
} Axes;

static double px(const Axes *a, double x)
{
    return LEFT + (log10(x) - a->x0) / (a->x1 - a->x0) * (WIDTH - LEFT - RIGHT);
}

static double py(const Axes *a, double y)
{
    return HEIGHT - BOTTOM - (log10(y) - a->y0) / (a->y1 - a->y0) * (HEIGHT - TOP - BOTTOM);
}

static double clamp(double v, double lo, double hi) { return v < lo ? lo : v > hi ? hi : v; }

/* The work (FLOPs and vector ops) an op does. */
static double op_work(const SolReportOp *op) { return (double)(op->matrix_flops + op->vector_ops); }

static void widen(double v, double *lo, double *hi)
{
    if (v > 0 && isfinite(v)) {
        *lo = v < *lo ? v : *lo;
        *hi = v > *hi ? v : *hi;
    }
}

/* Decade-aligned ranges holding every point, roof corner and peak. */
static Axes axes(const SolReportModel *m, const SolReportDevice *d)
{
    double xlo = INFINITY, xhi = 0, ylo = INFINITY, yhi = 0;
    const SolDevice *dev = d->b->device;
    for (uint32_t k = 0; k < m->num_ops; k++) {
        const SolReportOp *op = &m->ops[k];
        double s = sol_report_op_seconds(m, (uint32_t)(d - m->devices), k);
        widen(sol_report_intensity(op->matrix_flops + op->vector_ops, op->bytes), &xlo, &xhi);
        if (s > 0)
            widen(op_work(op) / s, &ylo, &yhi);
    }
    widen(d->ridge, &xlo, &xhi);
    widen(sol_report_intensity(m->g->matrix_total + m->g->vector_total, m->g->compulsory_bytes),
          &xlo, &xhi);
    for (uint32_t k = 0; k < dev->num_matrix; k++)
        widen(dev->matrix[k].flops, &ylo, &yhi);
    for (uint32_t k = 0; k < dev->num_vector; k++)
        widen(dev->vector[k].flops, &ylo, &yhi);
    if (m->o->measured_ms > 0 && m->g->matrix_total + m->g->vector_total)
        widen((double)(m->g->matrix_total + m->g->vector_total) / (m->o->measured_ms / 1e3), &ylo,
              &yhi);
    if (!(xhi > 0))
        xlo = 0.1, xhi = 10;
    if (!(yhi > 0))
        ylo = 1e9, yhi = 1e12;
    Axes a = {floor(log10(xlo)) - 1, ceil(log10(xhi)) + 1, floor(log10(ylo)), ceil(log10(yhi))};
    if (a.y1 - a.y0 < 3)
        a.y0 = a.y1 - 3;
    if (a.y1 == log10(yhi))
        a.y1 += 0.3; /* room above the highest roof for its label */
    return a;
}

static void tick_label(char *buf, size_t n, double v, const char *unit)
{
    if (v < 1 && !unit[0]) {
        snprintf(buf, n, "%g", v);
        return;
    }
    sol_report_fmt_rate(buf, n, v);
    size_t len = strlen(buf);
    if (len && buf[len - 1] == ' ')
        buf[len - 1] = '\0';
    if (unit[0]) {
        len = strlen(buf);
        snprintf(buf + len, n - len, "%s", unit);
    }
}

static void grid(FILE *out, const Axes *a)
{
    fprintf(out, "<g class=\"axes\">\n");
    for (double e = ceil(a->x0); e <= a->x1; e++) {
        double x = px(a, pow(10, e));
        char l[32];
        tick_label(l, sizeof l, pow(10, e), "");
        fprintf(out, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" class=\"grid\"/>"
                     "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n",
                x, TOP, x, HEIGHT - BOTTOM, x, HEIGHT - BOTTOM + 16, l);
    }
    for (double e = ceil(a->y0); e <= a->y1; e++) {
        double y = py(a, pow(10, e));
        char l[32];
        tick_label(l, sizeof l, pow(10, e), "");
        fprintf(out, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" class=\"grid\"/>"
                     "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
                LEFT, y, WIDTH - RIGHT, y, LEFT - 6, y + 4, l);
    }
    fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" class=\"frame\"/>\n", LEFT,
            TOP, WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM);
    fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">arithmetic intensity "
                 "(FLOP per byte)</text>\n",
            (WIDTH - RIGHT + LEFT) / 2, HEIGHT - 10);
    fprintf(out, "<text x=\"16\" y=\"%d\" text-anchor=\"middle\" transform=\"rotate(-90 16 %d)\">"
                 "FLOP/s</text>\n</g>\n",
            (HEIGHT - BOTTOM + TOP) / 2, (HEIGHT - BOTTOM + TOP) / 2);
}

/* A flat compute roof at `peak` from where the fastest memory roof meets it. */
static void compute_roof(FILE *out, const Axes *a, const char *name, double peak, double fastest_bw,
                         const char *cls)
{
    double y = py(a, peak);
    double xstart = fastest_bw > 0 ? clamp(px(a, peak / fastest_bw), LEFT, WIDTH - RIGHT) : LEFT;
    char r[32];
    sol_report_fmt_rate(r, sizeof r, peak);
    fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" class=\"roof %s\" "
                 "data-roof=\"",
            xstart, y, WIDTH - RIGHT, y, cls);
    sol_report_html_text(out, name);
    fprintf(out, "\"><title>");
    sol_report_html_text(out, name);
    fprintf(out, ": %sFLOP/s</title></line>\n<text x=\"%d\" y=\"%.1f\" class=\"label\">",
            r, WIDTH - RIGHT + 6, y + 4);
    sol_report_html_text(out, name);
    fprintf(out, " %sFLOP/s</text>\n", r);
}

/* A sloped memory roof, rate = bw x intensity, up to the highest compute roof drawn; its
 * label sits above the line a decade and a half below that corner, stacked by `index`. */
static void memory_roof(FILE *out, const Axes *a, const char *name, double bw, double top,
                        int index)
{
    double xl = pow(10, a->x0), xr = top / bw;
    double yl = bw * xl;
    double ylo = pow(10, a->y0);
    if (yl < ylo)
        xl = ylo / bw, yl = ylo;
    if (xr > pow(10, a->x1))
        xr = pow(10, a->x1);
    char r[32];
    sol_report_fmt_rate(r, sizeof r, bw);
    fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" class=\"roof memory\" "
                 "data-roof=\"",
            px(a, xl), py(a, yl), px(a, xr), py(a, bw * xr));
    sol_report_html_text(out, name);
    fprintf(out, "\"><title>");
    sol_report_html_text(out, name);
    double lx = xr / pow(10, 1.5 + 0.6 * index);
    lx = lx > xl ? lx : xl;
    double angle = -atan2(py(a, yl) - py(a, bw * xr), px(a, xr) - px(a, xl)) * 180 / 3.14159265358979;
    fprintf(out, ": %sB/s</title></line>\n<text x=\"%.1f\" y=\"%.1f\" class=\"label\" "
                 "transform=\"rotate(%.1f %.1f %.1f)\">",
            r, px(a, lx), py(a, bw * lx) - 6, angle, px(a, lx), py(a, bw * lx) - 6);
    sol_report_html_text(out, name);
    fprintf(out, " %sB/s</text>\n", r);
}

static void point(FILE *out, const Axes *a, double x, double y, const char *cls,
                  const char *extra, const char *tip)
{
    double xmin = pow(10, a->x0), ymin = pow(10, a->y0);
    bool clamped = !(x > xmin) || !(y > ymin);
    double cx = clamp(px(a, x > xmin ? x : xmin), LEFT, WIDTH - RIGHT);
    double cy = clamp(py(a, y > ymin ? y : ymin), TOP, HEIGHT - BOTTOM);
    fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%d\" class=\"%s%s\"%s><title>", cx, cy,
            strcmp(cls, "op") ? 7 : 5, cls, clamped ? " clamped" : "", extra);
    sol_report_html_text(out, tip);
    fprintf(out, "</title></circle>\n");
}

static void op_points(FILE *out, const Axes *a, const SolReportModel *m, uint32_t d)
{
    for (uint32_t k = 0; k < m->num_ops; k++) {
        const SolReportOp *op = &m->ops[k];
        double s = sol_report_op_seconds(m, d, k), w = op_work(op);
        double x = sol_report_intensity(op->matrix_flops + op->vector_ops, op->bytes);
        const char *bound = sol_report_op_bound(m, d, k);
        char extra[96], tip[512], t[32], rate[32];
        snprintf(extra, sizeof extra, " data-op=\"%u\" data-bound=\"%s\"", op->index, bound);
        sol_report_fmt_time(t, sizeof t, s);
        sol_report_fmt_rate(rate, sizeof rate, s > 0 ? w / s : 0);
        snprintf(tip, sizeof tip, "op %u %s (%s): %s, %.3g FLOP/B, %sFLOP/s, %s-bound%s",
                 op->index, op->name, op->where, t, isinf(x) ? 0.0 : x, rate, bound,
                 w == 0 ? " (no arithmetic: drawn at the left edge)" : "");
        point(out, a, isinf(x) ? pow(10, a->x1) : x, s > 0 ? w / s : 0,
              strcmp(bound, "memory") == 0 ? "op mem" : "op cpu", extra, tip);
    }
}

void sol_report_roofline_svg(FILE *out, const SolReportModel *m, uint32_t d)
{
    const SolReportDevice *dev = &m->devices[d];
    const SolDevice *hw = dev->b->device;
    Axes a = axes(m, dev);
    fprintf(out, "<svg class=\"roofline\" data-device=\"");
    sol_report_html_text(out, hw->name);
    fprintf(out, "\" viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" "
                 "role=\"img\">\n<title>roofline of ",
            WIDTH, HEIGHT, WIDTH, HEIGHT);
    sol_report_html_text(out, hw->name);
    fprintf(out, "</title>\n<text x=\"%d\" y=\"%d\" class=\"device\">", LEFT + 8, TOP + 16);
    sol_report_html_text(out, hw->name);
    fprintf(out, "</text>\n");
    grid(out, &a);
    double fastest = 0, vf32 = sol_device_peak(hw, false, "f32");
    double top = dev->peak > vf32 ? dev->peak : vf32;
    for (uint32_t k = 0; k < hw->num_levels; k++)
        fastest = hw->levels[k].bandwidth > fastest ? hw->levels[k].bandwidth : fastest;
    /* The peaks the graph's work runs at: the ridge's, and vector f32 beside it. */
    if (dev->peak > 0)
        compute_roof(out, &a, dev->ridge_peak ? dev->ridge_peak : "peak", dev->peak, fastest,
                     "compute");
    if (vf32 > 0 && vf32 != dev->peak)
        compute_roof(out, &a, "vector f32", vf32, fastest, "compute secondary");
    int shown = 0;
    for (uint32_t k = 0; k < hw->num_levels; k++)
        if (hw->levels[k].bandwidth > 0)
            memory_roof(out, &a, hw->levels[k].name, hw->levels[k].bandwidth,
                        top > 0 ? top : pow(10, a.y1), shown++);
    op_points(out, &a, m, d);
    const SolGraph *g = m->g;
    double work = (double)(g->matrix_total + g->vector_total);
    double x = sol_report_intensity(g->matrix_total + g->vector_total, g->compulsory_bytes);
    double sol = dev->seconds[dev->headline];
    char tip[256], t[32];
    sol_report_fmt_time(t, sizeof t, sol);
    snprintf(tip, sizeof tip, "%s %s: the whole graph at %.3g FLOP/B", sol_report_kind_name(dev->headline),
             t, isinf(x) ? 0.0 : x);
    point(out, &a, isinf(x) ? pow(10, a.x1) : x, sol > 0 ? work / sol : 0, "sol", "", tip);
    if (m->o->measured_ms > 0) {
        snprintf(tip, sizeof tip, "measured %.6g ms (headroom %.3gx over the SOL)",
                 m->o->measured_ms, dev->headroom[dev->headline]);
        point(out, &a, isinf(x) ? pow(10, a.x1) : x, work / (m->o->measured_ms / 1e3), "measured",
              "", tip);
    }
    fprintf(out, "</svg>\n");
}

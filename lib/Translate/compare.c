/*
 * Output comparison with a dtype-aware tolerance (compare.h): the rule of Exec/tolerance.h,
 * with a report. One pass computes the scale (max |ref|), a second the errors, keeping the
 * `worst` elements with the largest excess over the tolerance in a small sorted array.
 */
#include "Translate/compare.h"

#include "Exec/tolerance.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct Worst {
    int64_t index;
    double excess;
} Worst;

static void keep_worst(Worst *w, unsigned *n, unsigned cap, int64_t index, double excess)
{
    if (cap == 0 || (*n == cap && !(excess > w[cap - 1].excess)))
        return;
    unsigned i = *n < cap ? (*n)++ : cap - 1;
    while (i > 0 && excess > w[i - 1].excess) { /* stable: earlier elements win ties */
        w[i] = w[i - 1];
        i--;
    }
    w[i] = (Worst){index, excess};
}

static void print_index(SolBuf *b, const SolTensor *t, int64_t flat)
{
    int64_t idx[SOL_TENSOR_MAX_RANK];
    for (uint32_t d = t->rank; d-- > 0;) {
        idx[d] = t->dims[d] ? flat % t->dims[d] : 0;
        flat = t->dims[d] ? flat / t->dims[d] : 0;
    }
    sol_buf_putc(b, '[');
    for (uint32_t d = 0; d < t->rank; d++)
        sol_buf_printf(b, "%s%lld", d ? ", " : "", (long long)idx[d]);
    sol_buf_putc(b, ']');
}

static void shape_text(SolBuf *b, const SolTensor *t)
{
    sol_buf_putc(b, '[');
    for (uint32_t d = 0; d < t->rank; d++)
        sol_buf_printf(b, "%s%lld", d ? ", " : "", (long long)t->dims[d]);
    sol_buf_putc(b, ']');
}

bool sol_compare_tensors(const char *name, const SolTensor *got, const SolTensor *ref, double rtol,
                         double atol, unsigned worst, SolBuf *report, SolCompareResult *res)
{
    SolCompareResult local;
    res = res ? res : &local;
    memset(res, 0, sizeof *res);
    bool same = got->rank == ref->rank;
    for (uint32_t d = 0; same && d < ref->rank; d++)
        same = got->dims[d] == ref->dims[d];
    if (!same) {
        sol_buf_printf(report, "%s: shape ", name);
        shape_text(report, got);
        sol_buf_puts(report, ", expected ");
        shape_text(report, ref);
        sol_buf_putc(report, '\n');
        return false;
    }
    if (got->elem != ref->elem) {
        sol_buf_printf(report, "%s: element type %s, expected %s\n", name, sol_elem_name(got->elem),
                       sol_elem_name(ref->elem));
        return false;
    }
    res->same_shape = true;
    int64_t n = ref->nelems;
    res->num_elems = n;
    bool fl = sol_tolerance_applies(ref->elem);
    double scale = sol_tolerance_scale(ref);
    SolTolerance tol = {rtol, atol};
    Worst top[16];
    unsigned ntop = 0, cap = worst < 16 ? worst : 16;
    for (int64_t i = 0; i < n; i++) {
        double diff, excess = sol_tolerance_excess(got, ref, i, tol, scale, &diff);
        double r = sol_tensor_get_f64(ref, i);
        double ar = isfinite(r) ? fabs(r) : 0;
        if (ar > 0 && diff > 0 && diff / ar > res->max_rel)
            res->max_rel = diff / ar;
        if (diff > res->max_abs)
            res->max_abs = diff;
        if (excess > 0) {
            res->num_bad++;
            keep_worst(top, &ntop, cap, i, excess);
        }
    }
    sol_buf_printf(report, "%s: max abs err %.3g, max rel err %.3g (%lld elements, ", name,
                   res->max_abs, res->max_rel, (long long)n);
    if (fl) {
        sol_buf_printf(report, "rtol %g, atol %g", rtol, atol);
        if (scale > 1.0)
            sol_buf_printf(report, " x max|ref| %.3g", scale);
    } else {
        sol_buf_puts(report, "exact");
    }
    if (res->num_bad)
        sol_buf_printf(report, "; %lld of %lld elements out of tolerance)\n",
                       (long long)res->num_bad, (long long)n);
    else
        sol_buf_puts(report, "; ok)\n");
    for (unsigned k = 0; k < ntop; k++) {
        int64_t i = top[k].index;
        sol_buf_printf(report, "  %s", name);
        print_index(report, ref, i);
        sol_buf_printf(report, ": got %.9g, expected %.9g, abs err %.3g\n",
                       sol_tensor_get_f64(got, i), sol_tensor_get_f64(ref, i),
                       fabs(sol_tensor_get_f64(got, i) - sol_tensor_get_f64(ref, i)));
    }
    return res->num_bad == 0;
}

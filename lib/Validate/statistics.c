/*
 * Headroom statistics over the cases of a batch: per bound the median and geometric mean of
 * measured min / bound over the cases that have that bound, how many cases beat each bound,
 * and the cases furthest from their fused bound (highest headroom first, ties in case order).
 */
#include "Validate/validate.h"

#include <math.h>
#include <stdlib.h>

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

SolValStat sol_val_headroom_stat(const SolValCase *cases, size_t n, int k)
{
    SolValStat s = {0};
    double *v = sol_xcalloc(n + 1, sizeof *v);
    double logsum = 0;
    for (size_t i = 0; i < n; i++) {
        double h = sol_val_case_headroom(&cases[i], k);
        if (h > 0) {
            v[s.n++] = h;
            logsum += log(h);
        }
    }
    if (s.n) {
        qsort(v, s.n, sizeof *v, cmp_double);
        s.median = s.n % 2 ? v[s.n / 2] : 0.5 * (v[s.n / 2 - 1] + v[s.n / 2]);
        s.geomean = exp(logsum / (double)s.n);
    }
    free(v);
    return s;
}

typedef struct Ranked {
    double headroom;
    size_t index;
} Ranked;

/* Highest headroom first; equal ones in case order. */
static int cmp_worst(const void *a, const void *b)
{
    const Ranked *x = a, *y = b;
    if (x->headroom != y->headroom)
        return x->headroom > y->headroom ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

void sol_val_summarize(const SolValCase *cases, size_t n, SolValSummary *s)
{
    memset(s, 0, sizeof *s);
    for (size_t i = 0; i < n; i++) {
        const SolValCase *c = &cases[i];
        s->ok += c->state == SOL_VAL_CASE_OK;
        s->skipped += c->state == SOL_VAL_CASE_SKIPPED;
        s->failed += c->state == SOL_VAL_CASE_FAILED;
        s->violations += sol_val_case_violates(c);
        for (int k = 0; k < SOL_VAL_NUM_BOUNDS; k++)
            s->below[k] += c->state == SOL_VAL_CASE_OK && c->violated[k];
    }
    for (int k = 0; k < SOL_VAL_NUM_BOUNDS; k++)
        s->stat[k] = sol_val_headroom_stat(cases, n, k);
    Ranked *r = sol_xcalloc(n + 1, sizeof *r);
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        double h = sol_val_case_headroom(&cases[i], SOL_VAL_FUSED);
        if (h > 0)
            r[m++] = (Ranked){h, i};
    }
    qsort(r, m, sizeof *r, cmp_worst);
    s->num_worst = m < SOL_VAL_WORST ? m : SOL_VAL_WORST;
    for (size_t i = 0; i < s->num_worst; i++)
        s->worst[i] = r[i].index;
    free(r);
}

/*
 * Unit test of lib/Validate without Python or solar-opt: cases built in memory with their
 * measured min and bounds, then the headroom (measured min / bound, 0 without the bound or
 * for a case that did not run), what counts as a violation (only fused and cache), the
 * summary's counts, median and geometric mean per bound, the furthest-from-fused order
 * (ties in case order, at most ten), a case's name from its kernel path, and the violation
 * reasons. Exit status 0 = pass.
 */
#include "Validate/validate.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static bool near(double a, double b) { return fabs(a - b) <= 1e-12 * fabs(b); }

/* A case that ran: min_s measured, fused and cache bounds given (0: absent). */
static void ok_case(SolValCase *c, double min_s, double fused, double cache)
{
    memset(c, 0, sizeof *c);
    c->state = SOL_VAL_CASE_OK;
    c->min_s = min_s;
    double b[SOL_VAL_NUM_BOUNDS] = {0, 0, fused, cache};
    for (int k = 0; k < SOL_VAL_NUM_BOUNDS; k++) {
        c->bounds.b[k].present = b[k] > 0;
        c->bounds.b[k].seconds = b[k];
        c->violated[k] = b[k] > 0 && min_s < b[k];
    }
}

int main(void)
{
    enum { N = 14 };
    SolValCase cases[N];
    ok_case(&cases[0], 4.0, 1.0, 2.0); /* fused headroom 4, cache 2 */
    ok_case(&cases[1], 1.0, 2.0, 0);   /* beats fused: 0.5 */
    ok_case(&cases[2], 9.0, 1.0, 0);   /* 9 */
    memset(&cases[3], 0, sizeof cases[3]);
    cases[3].state = SOL_VAL_CASE_SKIPPED;
    memset(&cases[4], 0, sizeof cases[4]);
    cases[4].state = SOL_VAL_CASE_FAILED;
    cases[4].bounds.b[SOL_VAL_FUSED] = (SolValBound){true, 1.0, "memory"}; /* not counted */
    cases[4].min_s = 3;
    ok_case(&cases[5], 4.0, 1.0, 0.5); /* 4 again: after case 0 */
    for (int i = 6; i < N; i++)
        ok_case(&cases[i], 1.5 + 0.01 * i, 1.0, 0); /* 1.56 .. 1.63 */

    EXPECT(sol_val_case_headroom(&cases[0], SOL_VAL_FUSED) == 4.0);
    EXPECT(sol_val_case_headroom(&cases[0], SOL_VAL_CACHE) == 2.0);
    EXPECT(sol_val_case_headroom(&cases[0], SOL_VAL_UNFUSED) == 0);
    EXPECT(sol_val_case_headroom(&cases[4], SOL_VAL_FUSED) == 0);
    EXPECT(!sol_val_case_violates(&cases[0]) && sol_val_case_violates(&cases[1]));
    /* Beating only the unfused bound is no violation. */
    SolValCase u;
    ok_case(&u, 1.0, 0.5, 0);
    u.bounds.b[SOL_VAL_UNFUSED] = (SolValBound){true, 2.0, "memory"};
    u.violated[SOL_VAL_UNFUSED] = true;
    EXPECT(!sol_val_case_violates(&u));

    SolValSummary s;
    sol_val_summarize(cases, N, &s);
    EXPECT(s.ok == 12 && s.skipped == 1 && s.failed == 1);
    EXPECT(s.violations == 1);
    EXPECT(s.below[SOL_VAL_FUSED] == 1 && s.below[SOL_VAL_CACHE] == 0 &&
           s.below[SOL_VAL_UNFUSED] == 0);
    /* Fused headrooms: 4, 0.5, 9, 4, 1.56 .. 1.63 (12 values). */
    EXPECT(s.stat[SOL_VAL_FUSED].n == 12);
    EXPECT(near(s.stat[SOL_VAL_FUSED].median, 0.5 * (1.60 + 1.61))); /* 6th and 7th of 12 */
    double logsum = log(4) + log(0.5) + log(9) + log(4);
    for (int i = 6; i < N; i++)
        logsum += log(1.5 + 0.01 * i);
    EXPECT(near(s.stat[SOL_VAL_FUSED].geomean, exp(logsum / 12)));
    EXPECT(s.stat[SOL_VAL_CACHE].n == 2 && near(s.stat[SOL_VAL_CACHE].median, 5.0));
    EXPECT(near(s.stat[SOL_VAL_CACHE].geomean, sqrt(2.0 * 8.0)));
    EXPECT(s.stat[SOL_VAL_UNFUSED].n == 0 && s.stat[SOL_VAL_UNFUSED].median == 0);
    /* Furthest from fused: 9 (case 2), 4 (case 0, then its tie case 5), 1.63 down to 1.57. */
    static const size_t want[SOL_VAL_WORST] = {2, 0, 5, 13, 12, 11, 10, 9, 8, 7};
    EXPECT(s.num_worst == SOL_VAL_WORST);
    for (size_t i = 0; i < SOL_VAL_WORST; i++)
        EXPECT(s.worst[i] == want[i]);
    sol_val_summarize(cases, 3, &s);
    EXPECT(s.num_worst == 3 && s.worst[0] == 2 && s.worst[1] == 0 && s.worst[2] == 1);

    /* Names and reasons. */
    SolValCase c;
    sol_val_case_init(&c, "dir/softmax.py", "dir/sub/softmax.mlir");
    EXPECT(strcmp(c.name, "softmax") == 0 && strcmp(c.model, "dir/softmax.py") == 0);
    EXPECT(c.state == SOL_VAL_CASE_OK && c.sizes.len == 0);
    SolBuf why = {0};
    sol_val_violation_reason(&why, &c, SOL_VAL_FUSED);
    EXPECT(strcmp(why.data, "the fused bound is a lower bound for every implementation: a bug in "
                            "the bound or in the device figures") == 0);
    why.len = 0;
    sol_buf_puts(&c.fusing, "aten::addmm (adds the bias inside the GEMM)");
    sol_val_violation_reason(&why, &c, SOL_VAL_UNFUSED);
    EXPECT(strstr(why.data, "eager PyTorch ran fusing ops, aten::addmm") != NULL);
    sol_buf_free(&why);
    sol_val_case_free(&c);
    return failures ? 1 : 0;
}

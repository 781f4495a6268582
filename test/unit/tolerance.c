/*
 * The tolerance rule (lib/Exec/tolerance.h): the boundary of |got - ref| <= atol * scale +
 * rtol * |ref| on both sides, the scale max(1, max|ref|) over finite elements, the NaN and
 * infinity rules, integers compared exactly (also beyond 2^53), and the defaults.
 */
#include "Exec/tolerance.h"
#include "check.h"

#include <math.h>
#include <stdlib.h>

static void fill(SolTensor *t, SolElemKind k, uint32_t n, const double *v)
{
    int64_t dims[1] = {n};
    EXPECT(sol_tensor_init(t, k, 1, dims, 1 << 20));
    for (uint32_t i = 0; i < n; i++)
        sol_tensor_set_f64(t, i, v[i]);
}

/* Excess of got[0] against ref[0] for one-element f64 tensors. */
static double excess1(double got, double ref, double rtol, double atol, double *diff)
{
    SolTensor g, r;
    fill(&g, SOL_ELEM_F64, 1, &got);
    fill(&r, SOL_ELEM_F64, 1, &ref);
    double e = sol_tolerance_excess(&g, &r, 0, (SolTolerance){rtol, atol},
                                    sol_tolerance_scale(&r), diff);
    sol_tensor_free(&g), sol_tensor_free(&r);
    return e;
}

static void test_boundary(void)
{
    double d;
    /* ref 4, rtol 0.25, atol 0.5: the band is 0.5 * 4 (scale) + 0.25 * 4 = 3 (exact in binary). */
    EXPECT(excess1(7, 4, 0.25, 0.5, &d) == 0 && d == 3);      /* on the boundary: within */
    EXPECT(excess1(1, 4, 0.25, 0.5, &d) == 0 && d == 3);      /* below as above */
    EXPECT(excess1(7.0625, 4, 0.25, 0.5, &d) > 0);            /* just outside */
    EXPECT(excess1(4, 4, 0, 0, &d) == 0 && d == 0);           /* zero tolerance: equal passes */
    EXPECT(excess1(nextafter(4, 5), 4, 0, 0, &d) > 0);        /* and one ulp fails */
    /* |ref| < 1: the scale stays 1, so atol is absolute. */
    EXPECT(excess1(0.5, 0.25, 0, 0.25, &d) == 0);
    EXPECT(excess1(0.5625, 0.25, 0, 0.25, &d) > 0);
}

static void test_scale(void)
{
    /* The scale is the largest finite |ref| of the whole tensor, at least 1. */
    double r[4] = {0, -1000, INFINITY, NAN}, g[4] = {0.5, -1000, INFINITY, NAN};
    SolTensor ref, got;
    fill(&ref, SOL_ELEM_F32, 4, r);
    fill(&got, SOL_ELEM_F32, 4, g);
    EXPECT(sol_tolerance_scale(&ref) == 1000);
    double d;
    /* atol 1e-3 * 1000 = 1 admits 0.5 at a zero reference (a cancelled reduction) ... */
    EXPECT(sol_tolerance_excess(&got, &ref, 0, (SolTolerance){0, 1e-3}, 1000, &d) < 0);
    /* ... atol 1e-4 (0.1) does not. */
    EXPECT(sol_tolerance_excess(&got, &ref, 0, (SolTolerance){0, 1e-4}, 1000, &d) > 0);
    double small[2] = {0.5, -0.25};
    sol_tensor_free(&ref);
    fill(&ref, SOL_ELEM_F64, 2, small);
    EXPECT(sol_tolerance_scale(&ref) == 1);
    sol_tensor_free(&ref), sol_tensor_free(&got);
    /* Integers have no scale. */
    double big[1] = {1e6};
    fill(&ref, SOL_ELEM_I32, 1, big);
    EXPECT(sol_tolerance_scale(&ref) == 1);
    sol_tensor_free(&ref);
}

static void test_nan_inf(void)
{
    double d;
    EXPECT(excess1(NAN, NAN, 0, 0, &d) <= 0 && d == 0);
    EXPECT(excess1(INFINITY, INFINITY, 0, 0, &d) <= 0 && d == 0);
    EXPECT(excess1(-INFINITY, -INFINITY, 0, 0, &d) <= 0 && d == 0);
    /* Any other NaN or infinity fails whatever the tolerance. */
    EXPECT(excess1(1, NAN, 1e9, 1e9, &d) > 0 && d == INFINITY);
    EXPECT(excess1(NAN, 1, 1e9, 1e9, &d) > 0 && d == INFINITY);
    EXPECT(excess1(INFINITY, -INFINITY, 1e9, 1e9, &d) > 0 && d == INFINITY);
    EXPECT(excess1(INFINITY, 1e300, 1e9, 1e9, &d) > 0);
    EXPECT(excess1(1e300, INFINITY, 1e9, 1e9, &d) > 0);
}

static void test_integers(void)
{
    SolTensor a, b;
    double x[2] = {3, 1000000}, y[2] = {3, 1000001};
    fill(&a, SOL_ELEM_I64, 2, x);
    fill(&b, SOL_ELEM_I64, 2, y);
    double d;
    SolTolerance loose = {1, 1}; /* ignored for integers */
    EXPECT(sol_tolerance_excess(&a, &b, 0, loose, 1, &d) <= 0 && d == 0);
    EXPECT(sol_tolerance_excess(&a, &b, 1, loose, 1, &d) > 0 && d == 1);
    /* 2^53 + 1 and 2^53 are the same double but different integers. */
    int64_t *pa = a.data, *pb = b.data;
    pa[0] = (1ll << 53) + 1, pb[0] = 1ll << 53;
    EXPECT(sol_tolerance_excess(&a, &b, 0, loose, 1, &d) > 0 && d >= 1);
    sol_tensor_free(&a), sol_tensor_free(&b);
    /* An integer output against a float reference is a float comparison. */
    double f[1] = {2.5}, i[1] = {2};
    fill(&a, SOL_ELEM_I32, 1, i);
    fill(&b, SOL_ELEM_F64, 1, f);
    EXPECT(sol_tolerance_excess(&a, &b, 0, (SolTolerance){0.25, 0}, 1, &d) < 0 && d == 0.5);
    EXPECT(sol_tolerance_excess(&a, &b, 0, (SolTolerance){0.1, 0}, 1, &d) > 0);
    sol_tensor_free(&a), sol_tensor_free(&b);
}

static void test_defaults(void)
{
    SolTolerance t = sol_tolerance_default(SOL_ELEM_F32);
    EXPECT(t.rtol == 1e-4 && t.atol == 1e-5);
    t = sol_tolerance_default(SOL_ELEM_F64);
    EXPECT(t.rtol == 1e-7 && t.atol == 1e-10);
    t = sol_tolerance_default(SOL_ELEM_F16);
    EXPECT(t.rtol == 5e-3 && t.atol == 5e-3);
    t = sol_tolerance_default(SOL_ELEM_BF16);
    EXPECT(t.rtol == 3e-2 && t.atol == 3e-2);
    t = sol_tolerance_default(SOL_ELEM_I8);
    EXPECT(t.rtol == 0 && t.atol == 0);
    EXPECT(sol_tolerance_applies(SOL_ELEM_BF16) && !sol_tolerance_applies(SOL_ELEM_I1));
    /* bf16 values are compared after decoding: 1 and 1.0078125 (one bf16 ulp) are within the
     * default, 1 and 1.25 are not. */
    double one[1] = {1}, ulp[1] = {1.0078125}, far[1] = {1.25};
    SolTensor a, b;
    fill(&a, SOL_ELEM_BF16, 1, ulp);
    fill(&b, SOL_ELEM_BF16, 1, one);
    double d;
    SolTolerance bf = sol_tolerance_default(SOL_ELEM_BF16);
    EXPECT(sol_tolerance_excess(&a, &b, 0, bf, 1, &d) < 0 && d == 0.0078125);
    sol_tensor_free(&a);
    fill(&a, SOL_ELEM_BF16, 1, far);
    EXPECT(sol_tolerance_excess(&a, &b, 0, bf, 1, &d) > 0);
    sol_tensor_free(&a), sol_tensor_free(&b);
}

int main(void)
{
    test_boundary();
    test_scale();
    test_nan_inf();
    test_integers();
    test_defaults();
    return failures ? 1 : 0;
}

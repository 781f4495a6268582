/*
 * The closeness rule and its defaults (tolerance.h). Integers of one kind compare by their
 * stored bits, so i64 values beyond 2^53 that round to the same double still differ; a float
 * on either side makes it a float comparison.
 */
#include "Exec/tolerance.h"

#include <math.h>
#include <string.h>

SolTolerance sol_tolerance_default(SolElemKind k)
{
    switch (k) {
    case SOL_ELEM_F32: return (SolTolerance){1e-4, 1e-5};
    case SOL_ELEM_F64: return (SolTolerance){1e-7, 1e-10};
    case SOL_ELEM_F16: return (SolTolerance){5e-3, 5e-3};
    case SOL_ELEM_BF16: return (SolTolerance){3e-2, 3e-2};
    default: return (SolTolerance){0, 0};
    }
}

bool sol_tolerance_applies(SolElemKind k)
{
    return k == SOL_ELEM_F16 || k == SOL_ELEM_BF16 || k == SOL_ELEM_F32 || k == SOL_ELEM_F64;
}

double sol_tolerance_scale(const SolTensor *ref)
{
    double scale = 1.0;
    if (!sol_tolerance_applies(ref->elem))
        return scale;
    for (int64_t i = 0; i < ref->nelems; i++) {
        double r = fabs(sol_tensor_get_f64(ref, i));
        if (isfinite(r) && r > scale)
            scale = r;
    }
    return scale;
}

double sol_tolerance_excess(const SolTensor *got, const SolTensor *ref, int64_t i,
                            SolTolerance tol, double scale, double *diff)
{
    double g = sol_tensor_get_f64(got, i), r = sol_tensor_get_f64(ref, i);
    if (!sol_tolerance_applies(ref->elem) && !sol_tolerance_applies(got->elem)) {
        uint32_t eb = sol_elem_bytes(ref->elem);
        bool eq = got->elem == ref->elem ? memcmp((const char *)got->data + i * eb,
                                                  (const char *)ref->data + i * eb, eb) == 0
                                         : g == r;
        if (eq) {
            *diff = 0;
            return -1;
        }
        *diff = fabs(g - r) > 0 ? fabs(g - r) : 1;
        return *diff;
    }
    if (isnan(g) && isnan(r))
        *diff = 0;
    else if ((isinf(g) || isinf(r)) && g == r)
        *diff = 0;
    else if (isnan(g) || isnan(r) || isinf(g) || isinf(r))
        *diff = INFINITY;
    else
        *diff = fabs(g - r);
    if (*diff == INFINITY) /* also when the band itself overflows: inf - inf is NaN */
        return INFINITY;
    double ar = isfinite(r) ? fabs(r) : 0;
    return *diff - (tol.atol * scale + tol.rtol * ar);
}

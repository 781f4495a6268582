/*
 * The one rule by which an output is judged against a reference, used by solar-run --compare
 * and by solar-translate's validation (lib/Translate/compare.c); test/lit/Utils/common.py is
 * its Python twin for the test scripts. For float elements
 *
 *     |got - ref| <= atol * max(1, max|ref|) + rtol * |ref|
 *
 * where max|ref| is over the finite elements of the whole reference: a long reduction that
 * cancels to near zero keeps the rounding error of its large terms, so the absolute term
 * grows with the largest magnitude. NaN matches NaN, an infinity only the same infinity, and
 * a NaN or infinity against anything else is out of tolerance whatever the tolerance.
 * Integer and bool elements must be equal.
 *
 * Default tolerances by element type (what a translation must meet): f32 rtol 1e-4 atol 1e-5,
 * f64 1e-7 / 1e-10, f16 5e-3 / 5e-3, bf16 3e-2 / 3e-2; integers exact.
 */
#ifndef SOLAR_EXEC_TOLERANCE_H
#define SOLAR_EXEC_TOLERANCE_H

#include "Exec/tensor.h"

typedef struct SolTolerance {
    double rtol, atol;
} SolTolerance;

/* The default tolerance of an element kind (0 and 0 for integers and bools). */
SolTolerance sol_tolerance_default(SolElemKind k);

/* True for the float kinds, the ones a tolerance applies to. */
bool sol_tolerance_applies(SolElemKind k);

/* The factor of atol for a reference: max(1, max |ref| over its finite elements) for floats,
 * 1 for integers. */
double sol_tolerance_scale(const SolTensor *ref);

/* Element i of got against element i of ref (a float on either side: the float rule).
 * Returns the excess over the tolerance: > 0 when out of it. *diff gets |got - ref| (0 for NaN
 * against NaN and for equal infinities, INFINITY for any other NaN or infinity; for integers
 * 0 when equal, else at least 1). scale is sol_tolerance_scale(ref). */
double sol_tolerance_excess(const SolTensor *got, const SolTensor *ref, int64_t i,
                            SolTolerance tol, double scale, double *diff);

#endif /* SOLAR_EXEC_TOLERANCE_H */

/*
 * Comparing an output of the translated IR with the reference output, by the one tolerance
 * rule of Exec/tolerance.h (which solar-run --compare and the test scripts also use):
 *
 *     |got - ref| <= atol * max(1, max|ref|) + rtol * |ref|
 *
 * NaN matches NaN, an infinity only the same infinity; integers and bools must be equal.
 * Defaults by element type: sol_tolerance_default (f32 rtol 1e-4 atol 1e-5, f64 1e-7 / 1e-10,
 * f16 5e-3 / 5e-3, bf16 3e-2 / 3e-2).
 */
#ifndef SOLAR_TRANSLATE_COMPARE_H
#define SOLAR_TRANSLATE_COMPARE_H

#include "Exec/tensor.h"

typedef struct SolCompareResult {
    double max_abs, max_rel; /* the relative error over elements whose reference is nonzero */
    int64_t num_bad;         /* elements out of tolerance */
    int64_t num_elems;
    bool same_shape; /* false: nothing else was compared */
} SolCompareResult;

/* Compares got with ref and appends to report one line
 *   `NAME: max abs err 1.2e-07, max rel err 3.4e-06 (60 elements, rtol 0.0001, atol 1e-05; ok)`
 * and, when some elements are out of tolerance, up to `worst` lines naming the worst ones
 * (`  NAME[1, 4]: got 0.5, expected 0.25, abs err 0.25`). Returns true when all are within
 * tolerance (and shapes and element kinds agree). */
bool sol_compare_tensors(const char *name, const SolTensor *got, const SolTensor *ref, double rtol,
                         double atol, unsigned worst, SolBuf *report, SolCompareResult *res);

#endif /* SOLAR_TRANSLATE_COMPARE_H */

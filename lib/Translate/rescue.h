/*
 * The float64 judgement of a candidate whose outputs differ from the float32 program's by
 * rounding alone: out-of-tolerance float elements, nothing missing, nothing mis-shaped.
 * Deep networks at small validation sizes amplify float32 rounding past any fixed tolerance
 * (a training-mode BatchNorm over a handful of samples divides by sqrt(var + eps)), and the
 * program's own float32 result is then no better a measure than the IR's. So both are run
 * again without that rounding, on the same inputs:
 *
 *   - the program in float64 (solar_reference.py --float64-of: the model and its float32
 *     inputs .double(), the same seed, state and sizes; refused when any op still computes in
 *     a narrower float, so the run is float64 throughout or there is none);
 *   - the IR with every f32 made f64 (promote.h), by the same validation (candidate.h) and
 *     with the same tolerances as the float32 comparison.
 *
 * The IR passes when every output agrees there; a wrong IR (a missing bias, a transposed
 * index) is as wrong in float64 and still fails, with the float64 comparison in its details.
 * No judgement (the failure stands, the details say why) for a JAX program, reference files
 * that are not the program's own, or a program that cannot run in float64.
 */
#ifndef SOLAR_TRANSLATE_RESCUE_H
#define SOLAR_TRANSLATE_RESCUE_H

#include "Translate/candidate.h"
#include "Translate/harness.h"

typedef struct SolRescue {
    int state; /* 0 not tried; 1 ref64 holds the float64 run; -1 there is none (why) */
    SolReference ref64;
    SolBuf why;
} SolRescue;

typedef struct SolRescueRun {
    const SolHarness *harness; /* NULL: no float64 run, for the reason in why_not */
    const char *why_not;
    const char *model; /* MODEL.py */
    const char *dir;   /* where the float64 run of ref is written */
} SolRescueRun;

/* v failed at ref; when it failed by rounding alone (v->rounding_only), judges ir in float64
 * (making r's float64 run the first time): on success v->ok with v->float64_* set, else the
 * failure stands with the float64 comparison, or why there was none, added to its details. */
void sol_rescue_judge(SolRescue *r, const SolRescueRun *run, const SolValidator *val,
                      const char *ir, size_t len, const SolReference *ref, const char *label,
                      SolVerdict *v);
void sol_rescue_free(SolRescue *r);

#endif /* SOLAR_TRANSLATE_RESCUE_H */

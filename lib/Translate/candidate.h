/*
 * Validation of one candidate IR text against one reference directory (one set of sizes), in
 * the order a failure is cheapest to find and most useful to report back to whoever wrote the
 * candidate (a model, or an importer):
 *
 *   1. parse and verify in process (diagnostics captured as text, with carets);
 *   2. the signature: @forward exists and returns nothing, its index arguments are size
 *      constants (and every size constant the validation changed is one), its memrefs line up
 *      with the reference's inputs and outputs in count, element type, rank and static dims;
 *   3. the work: @forward's loop iterations at the validation sizes (work.h); past solar-run's
 *      step limit the candidate fails here, at once, saying the sizes and the estimate;
 *   4. solar-run (a subprocess, with step, memory and time limits) on the reference's inputs,
 *      with --bind to the validation sizes and --precision=wide, every output pre-filled with
 *      NaN so reading an output before writing it shows;
 *   5. every output compared with a dtype-aware tolerance (Translate/compare.h); buffers that
 *      forward updates in place must be written and match; arguments forward leaves alone
 *      must stay as they were.
 *
 * The IR is untrusted: it is only parsed and interpreted, never compiled or executed as code.
 * check.h runs this at two size sets; both front ends (solar-translate, solar-import) call it.
 */
#ifndef SOLAR_TRANSLATE_CANDIDATE_H
#define SOLAR_TRANSLATE_CANDIDATE_H

#include "Translate/log.h"
#include "Translate/reference.h"
#include "Translate/work.h"

#define SOL_CANDIDATE_MAX_STEPS 2000000000ull /* solar-run --max-steps */

typedef struct SolValidator {
    const char *solar_run; /* path or name of solar-run */
    const char *work_dir;  /* where attempt files go */
    double run_timeout_s;
    double rtol, atol;  /* < 0: the element type's default */
    uint64_t max_steps; /* 0: SOL_CANDIDATE_MAX_STEPS */
    /* Non-NULL when the validation sizes themselves are heavy (a size constant that could
     * not be scaled down, arrays of millions of elements): why, in one sentence. A candidate
     * that runs out of steps or time is then not at fault (SolVerdict.not_candidate). */
    const char *heavy_sizes;
    /* Set for the float64 judgement (rescue.h): each array's default tolerance is that of the
     * same array here (the float32 reference), not of the float64 files validated against. */
    const SolReference *tolerance_of;
    /* Non-NULL when the budget follows the program's work (budget.h): how, for messages. */
    const char *budget_note;
    const SolLog *log; /* -v: the solar-run command */
} SolValidator;

typedef struct SolVerdict {
    bool ok;
    /* The failure is the validation's, not the candidate's (see heavy_sizes): another
     * attempt cannot pass, so the repair loop stops. */
    bool not_candidate;
    SolBuf what;    /* one line: what failed */
    SolBuf details; /* diagnostics, solar-run's output, the comparison */
    double max_abs, max_rel;
    SolWork work;   /* the estimate at these sizes (known = false before step 3) */
    bool at_second; /* check.h: validated at the second size set too */
    SolBuf index_args; /* " N M K ": @forward's index arguments, once its signature is read */
    /* The comparison failed by out-of-tolerance float elements alone (what rounding can do):
     * off_tolerance of them. Such a failure may be judged in float64 instead (rescue.h). */
    bool rounding_only;
    int64_t off_tolerance;
    /* rescue.h: elements out of tolerance against the float32 program that a float64 run of
     * the program and of the IR judged instead (0: none), and the errors of that run. */
    int64_t float64_judged;
    double float64_max_abs, float64_max_rel;
} SolVerdict;

/* Validates ir against ref; label names the attempt's directory under work_dir. */
void sol_candidate_validate(const SolValidator *v, const char *ir, size_t len,
                            const SolReference *ref, const char *label, SolVerdict *out);
void sol_verdict_free(SolVerdict *v);

/* Replaces what (and sets ok = false): the verdict's one-line reason. */
void sol_verdict_fail(SolVerdict *v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#endif /* SOLAR_TRANSLATE_CANDIDATE_H */

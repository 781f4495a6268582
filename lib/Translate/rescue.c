/*
 * The float64 judgement of a rounding-only failure (rescue.h).
 */
#include "Translate/rescue.h"

#include "Translate/promote.h"

/* r's float64 run of the program on ref's inputs, made once; false (r->why) when none. */
static bool float64_reference(SolRescue *r, const SolRescueRun *run, const SolReference *ref,
                              const SolLog *log)
{
    if (r->state)
        return r->state > 0;
    r->state = -1;
    if (!run->harness) {
        sol_buf_puts(&r->why, run->why_not);
        return false;
    }
    SolHarnessStatus st =
        sol_harness_run_float64(run->harness, run->model, ref->dir, run->dir, log, &r->why);
    if (st == SOL_HARNESS_OK && sol_reference_load(run->dir, &r->ref64, &r->why))
        r->state = 1;
    return r->state > 0;
}

static void judged(SolVerdict *v, const SolVerdict *w)
{
    v->ok = true;
    v->what.len = 0;
    v->float64_judged = v->off_tolerance;
    v->float64_max_abs = w->max_abs;
    v->float64_max_rel = w->max_rel;
    sol_buf_printf(&v->details,
                   "\nJudged in float64 instead (%lld elements out of tolerance against the "
                   "float32 program): the program run in float64 on the same inputs, the IR "
                   "with f64 for f32:\n",
                   (long long)v->off_tolerance);
    sol_buf_append(&v->details, w->details.data, w->details.len);
}

void sol_rescue_judge(SolRescue *r, const SolRescueRun *run, const SolValidator *val,
                      const char *ir, size_t len, const SolReference *ref, const char *label,
                      SolVerdict *v)
{
    if (v->ok || !v->rounding_only)
        return;
    const SolLog *log = val->log;
    if (log->verbose)
        sol_tool_note(&log->tool, "%lld elements out of tolerance: judging the IR against a "
                                  "float64 run of the program",
                      (long long)v->off_tolerance);
    if (!float64_reference(r, run, ref, log)) {
        sol_buf_printf(&v->details, "(No float64 run of the program to tell its float32 "
                                    "rounding from a wrong IR: %s.)\n",
                       r->why.data);
        return;
    }
    SolBuf promoted = {0}, lb = {0};
    sol_ir_promote_f32(ir, len, &promoted);
    sol_buf_printf(&lb, "%s-f64", label);
    SolValidator v64 = *val;
    v64.tolerance_of = ref;
    SolVerdict w;
    sol_candidate_validate(&v64, promoted.data ? promoted.data : "", promoted.len, &r->ref64,
                           lb.data, &w);
    if (w.ok) {
        judged(v, &w);
    } else if (w.rounding_only || w.off_tolerance) {
        sol_buf_printf(&v->what, "; in float64 too");
        sol_buf_puts(&v->details, "\nIn float64 (the program run in float64 on the same "
                                  "inputs, the IR with f64 for f32) the outputs differ too, so "
                                  "this is not the program's float32 rounding:\n");
        sol_buf_append(&v->details, w.details.data, w.details.len);
    } else {
        sol_buf_printf(&v->details, "(No float64 judgement: with f64 for f32, %s.)\n",
                       w.what.data);
    }
    sol_verdict_free(&w);
    sol_buf_free(&promoted), sol_buf_free(&lb);
}

void sol_rescue_free(SolRescue *r)
{
    if (r->state > 0)
        sol_reference_free(&r->ref64);
    sol_buf_free(&r->why);
    memset(r, 0, sizeof *r);
}

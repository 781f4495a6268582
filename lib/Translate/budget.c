/*
 * The step budget and time limit of one validation run (budget.h).
 */
#include "Translate/budget.h"

#include "Translate/candidate.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>

/* One count of SOLAR_VALIDATION_STEPS (`2e9` or `2000000000`): a whole number >= 1. */
static bool parse_count(const char *s, const char *end, uint64_t *out)
{
    char *stop;
    errno = 0;
    double v = strtod(s, &stop);
    if (stop != end || stop == s || errno || !(v >= 1 && v <= 1e18) || v != floor(v))
        return false;
    *out = (uint64_t)v;
    return true;
}

bool sol_budget_limits(SolBudgetLimits *l, SolBuf *err)
{
    *l = (SolBudgetLimits){SOL_CANDIDATE_MAX_STEPS, SOL_BUDGET_CEILING};
    const char *s = getenv("SOLAR_VALIDATION_STEPS");
    if (!s || !*s)
        return true;
    const char *comma = strchr(s, ',');
    bool ok = parse_count(s, comma ? comma : s + strlen(s), &l->steps) &&
              (!comma || parse_count(comma + 1, comma + 1 + strlen(comma + 1), &l->ceiling));
    if (!ok)
        sol_buf_printf(err,
                       "SOLAR_VALIDATION_STEPS: expected LIMIT[,CEILING] (whole numbers, for "
                       "example 2e9,1e11), got '%s'",
                       s);
    return ok;
}

static uint64_t twice(uint64_t n) { return n > UINT64_MAX / 2 ? UINT64_MAX : 2 * n; }

/* The time limit of a run of steps at the C engine's rate, never under the default. */
static double time_for(uint64_t steps)
{
    return fmax(SOL_BUDGET_RUN_TIMEOUT_S, ceil((double)steps / SOL_BUDGET_STEPS_PER_S));
}

SolBudget sol_budget_size(const SolBudgetLimits *l, uint64_t steps, double timeout_s,
                          const SolWork *program)
{
    SolBudget b = {.max_steps = l->steps, .least = l->steps, .ceiling = l->ceiling};
    if (steps) {
        b.max_steps = steps;
    } else if (program && program->known) {
        b.follows_program = true;
        b.program_steps = program->steps;
        uint64_t want = twice(program->steps);
        b.max_steps = want > l->steps ? want : l->steps;
        if (b.max_steps > l->ceiling)
            b.max_steps = l->ceiling, b.capped = true;
    }
    b.run_timeout_s = timeout_s > 0 ? timeout_s : time_for(b.max_steps);
    return b;
}

void sol_budget_explain(SolBuf *out, const SolBudget *b)
{
    if (!b->follows_program)
        return;
    SolBuf work = {0}, budget = {0}, least = {0}, ceiling = {0};
    sol_work_text(&work, b->program_steps);
    sol_work_text(&budget, b->max_steps);
    sol_work_text(&least, b->least);
    sol_work_text(&ceiling, b->ceiling);
    double ceiling_s = (double)b->ceiling / SOL_BUDGET_STEPS_PER_S;
    sol_buf_printf(out,
                   "At these sizes the step budget is twice the program's estimated work of %s "
                   "loop iterations, at least %s and at most %s (%s%.0f s of solar-run's C "
                   "engine; SOLAR_VALIDATION_STEPS sets both): %s steps and %g s here (the "
                   "time limit assumes the C engine; without a C compiler solar-run's "
                   "interpreter is 10 to 100 times slower).",
                   work.data, least.data, ceiling.data, ceiling_s < 1 ? "under " : "about ",
                   fmax(1, ceiling_s), budget.data, b->run_timeout_s);
    if (b->capped) {
        uint64_t want = twice(b->program_steps);
        sol_buf_printf(out,
                       " To validate at these sizes anyway: --max-steps %.3g --run-timeout %.0f.",
                       (double)want, time_for(want));
    }
    sol_buf_puts(out, "\n");
    sol_buf_free(&work), sol_buf_free(&budget), sol_buf_free(&least), sol_buf_free(&ceiling);
}

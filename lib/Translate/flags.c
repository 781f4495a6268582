/*
 * The validation flags of solar-import and solar-translate (flags.h).
 */
#include "Translate/flags.h"

#include "Translate/budget.h"

/* N=V,... with identifiers and non-negative integers, checked before any Python sees it. */
static bool check_sizes_text(const SolTool *t, const char *s)
{
    SolSizes sizes = {0};
    SolBuf err = {0};
    bool ok = *s && sol_sizes_parse("--small", s, &sizes, &err);
    if (!ok)
        sol_tool_error(t,
                       "--small: expected NAME=VALUE,... (for example batch_size=2,dim=8), "
                       "got '%s'",
                       s);
    sol_sizes_free(&sizes);
    sol_buf_free(&err);
    return ok;
}

static bool number(const SolTool *t, const char *flag, const char *s, double lo, double hi,
                   double *out)
{
    char expected[64];
    snprintf(expected, sizeof expected, "a number from %g to %g", lo, hi);
    return sol_tool_parse_double(t, flag, s, lo, hi, false, expected, out);
}

bool sol_validation_flag(const SolTool *t, SolValidationFlags *v, const SolFlag *f, char *value)
{
    switch (f->id) {
    case SOL_VFLAG_SMALL:
        v->small = value;
        return check_sizes_text(t, value);
    case SOL_VFLAG_REFERENCE:
        v->reference = value;
        return true;
    case SOL_VFLAG_KEEP_REFERENCE:
        v->keep_reference = value;
        return true;
    case SOL_VFLAG_RTOL:
        return number(t, f->name, value, 0, 1, &v->rtol);
    case SOL_VFLAG_ATOL:
        return number(t, f->name, value, 0, 1e30, &v->atol);
    case SOL_VFLAG_RUN_TIMEOUT:
        return number(t, f->name, value, 0.001, 86400, &v->run_timeout_s);
    case SOL_VFLAG_MAX_STEPS: {
        double n;
        if (!number(t, f->name, value, 1, 1e18, &n))
            return false;
        v->max_steps = (uint64_t)n;
        return true;
    }
    case SOL_VFLAG_SOLAR_RUN:
        v->solar_run = value;
        return true;
    }
    sol_tool_error(t, "internal: %s is not a validation flag", f->name);
    return false;
}

bool sol_validation_flags_check(const SolTool *t, const SolValidationFlags *v)
{
    SolBudgetLimits limits;
    SolBuf err = {0};
    bool ok = sol_budget_limits(&limits, &err); /* the environment's, before any work */
    if (!ok)
        sol_tool_error(t, "%s", err.data);
    sol_buf_free(&err);
    if (!ok)
        return false;
    if (v->reference && (v->small || v->keep_reference)) {
        sol_tool_error(t,
                       "--reference gives the sizes and the reference files; it cannot be "
                       "combined with %s",
                       v->small ? "--small" : "--keep-reference");
        return false;
    }
    return true;
}

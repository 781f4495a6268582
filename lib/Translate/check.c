/*
 * The reference of a program at one or two size sets and the validation of candidates
 * against them (check.h).
 */
#include "Translate/check.h"

#include <math.h>

enum {
    SCALE_TO = 16,         /* default validation sizes: each constant at most this */
    HEAVY_ELEMS = 1 << 21, /* arrays holding more elements than this in all are heavy */
};

static int64_t reference_elems(const SolReference *r)
{
    int64_t n = 0;
    for (size_t i = 0; i < r->inputs.len; i++)
        n += r->inputs.data[i].data.nelems;
    for (size_t i = 0; i < r->outputs.len; i++)
        n += r->outputs.data[i].data.nelems;
    return n;
}

/* One harness run into dir, loaded into r. Returns an exit status (reported). */
static int run_reference(SolCheck *c, const char *dir, SolReference *r)
{
    SolBuf err = {0};
    SolHarnessStatus st =
        sol_harness_run(&c->harness, c->o.model, dir, c->o.small, c->scale_to, 0, c->o.log, &err);
    bool ok = st == SOL_HARNESS_OK && sol_reference_load(dir, r, &err);
    if (!ok)
        sol_tool_error(&c->o.log->tool, "the reference run of %s failed: %s", c->o.model, err.data);
    sol_buf_free(&err);
    return ok ? 0 : st == SOL_HARNESS_USAGE ? 2 : 1;
}

/* Scaled sizes whose arrays are heavy: again at 8, then 4, keeping the first that is not. */
static int shrink(SolCheck *c, const char *dir)
{
    for (int to = SCALE_TO / 2; to >= 4 && reference_elems(&c->ref) > HEAVY_ELEMS; to /= 2) {
        SolReference r = {0};
        c->scale_to = to;
        if (c->o.log->verbose)
            sol_tool_note(&c->o.log->tool, "the arrays hold %lld elements; scaling the sizes to %d",
                          (long long)reference_elems(&c->ref), to);
        int rc = run_reference(c, dir, &r);
        if (rc)
            return rc;
        sol_reference_free(&c->ref);
        c->ref = r;
    }
    return 0;
}

/* The sizes are the smallest the program accepts: solar-import's reference run chose them. */
static bool program_sizes(const SolCheck *c) { return c->o.reference_is_program && !c->o.small; }

/* heavy: why the sizes are too large for a candidate to be blamed for their cost. */
static void note_heavy(SolCheck *c)
{
    if (program_sizes(c)) {
        sol_buf_puts(&c->heavy,
                     "solar-import chose these as the smallest sizes the program accepts (a "
                     "`// sizes.fixed:` line names the constants that cannot shrink and why; "
                     "literal shapes in get_inputs() cannot either): the cost is the program's; "
                     "validate with a larger --max-steps and --run-timeout, or choose sizes "
                     "with --small");
        return;
    }
    int64_t n = reference_elems(&c->ref);
    if (n <= HEAVY_ELEMS)
        return;
    SolBuf sz = {0};
    sol_reference_sizes_text(&sz, &c->ref.sizes);
    const char *why = c->o.small ? "the sizes given with --small are that large"
                      : c->o.reference && !c->o.reference_is_program
                          ? "the reference files are that large"
                          : "some sizes are not module-level size constants, or cannot be made "
                            "smaller";
    sol_buf_printf(&c->heavy,
                   "at the validation sizes (%s) the program's inputs and outputs hold %lld "
                   "elements (%s); choose smaller sizes with --small",
                   sz.len ? sz.data : "none", (long long)n, why);
    sol_buf_free(&sz);
}

static int load(SolCheck *c)
{
    const SolCheckOptions *o = &c->o;
    SolBuf err = {0};
    if (o->reference) {
        bool ok = sol_reference_load(o->reference, &c->ref, &err);
        if (!ok)
            sol_tool_error(&o->log->tool, "--reference: %s", err.data);
        sol_buf_free(&err);
        return ok ? 0 : 1;
    }
    if (!sol_harness_find(&c->harness, o->lang, o->log, &err)) {
        sol_tool_error(&o->log->tool, "%s", err.data);
        sol_buf_free(&err);
        return 1;
    }
    c->have_harness = true;
    SolBuf dir = {0};
    if (o->keep_reference)
        sol_buf_puts(&dir, o->keep_reference);
    else
        sol_buf_printf(&dir, "%s/reference", o->work_dir);
    int rc = run_reference(c, dir.data, &c->ref);
    if (rc == 0 && !o->small)
        rc = shrink(c, dir.data);
    sol_buf_free(&dir);
    return rc;
}

/* The step budget and time limit of a run at r's sizes (budget.h): at the program's own
 * smallest sizes, from the program's estimated work there; note says how, for messages. */
static SolBudget size_budget(const SolCheck *c, const SolReference *r, SolBuf *note)
{
    SolWork w = {0};
    bool program = program_sizes(c) && c->o.program_ir;
    if (program)
        w = sol_work_estimate_text(c->o.program_ir, c->o.program_ir_len, &r->sizes);
    SolBudget b =
        sol_budget_size(&c->limits, c->o.max_steps, c->o.run_timeout_s, program ? &w : NULL);
    sol_budget_explain(note, &b);
    if (c->o.log->verbose && b.follows_program) {
        SolBuf sz = {0}, n = {0}, e = {0};
        sol_reference_sizes_text(&sz, &r->sizes);
        sol_work_text(&n, b.max_steps);
        sol_work_text(&e, b.program_steps);
        sol_tool_note(&c->o.log->tool,
                      "validation budget at %s: %s steps and %g s (the program's estimated "
                      "work: %s%s)",
                      sz.len ? sz.data : "its sizes", n.data, b.run_timeout_s, e.data,
                      b.capped ? ", held at the ceiling" : "");
        sol_buf_free(&sz), sol_buf_free(&n), sol_buf_free(&e);
    }
    return b;
}

/* v with the budget of a run at r's sizes; note holds its text. */
static SolValidator with_budget(const SolCheck *c, const SolReference *r, SolBuf *note)
{
    SolValidator v = c->val;
    SolBudget b = size_budget(c, r, note);
    v.max_steps = b.max_steps;
    v.run_timeout_s = b.run_timeout_s;
    v.budget_note = note->len ? note->data : NULL;
    return v;
}

int sol_check_open(SolCheck *c, const SolCheckOptions *o)
{
    memset(c, 0, sizeof *c);
    c->o = *o;
    c->scale_to = SCALE_TO;
    SolBuf err = {0};
    if (!sol_budget_limits(&c->limits, &err)) {
        sol_tool_error(&o->log->tool, "%s", err.data);
        sol_buf_free(&err);
        return 2;
    }
    int rc = load(c);
    if (rc)
        return rc;
    note_heavy(c);
    c->val = (SolValidator){.solar_run = o->solar_run,
                            .work_dir = o->work_dir,
                            .rtol = o->rtol,
                            .atol = o->atol,
                            .heavy_sizes = c->heavy.len ? c->heavy.data : NULL,
                            .log = o->log};
    c->val = with_budget(c, &c->ref, &c->budget_note);
    if (o->log->verbose) {
        SolBuf sz = {0};
        sol_reference_sizes_text(&sz, &c->ref.sizes);
        sol_tool_note(&o->log->tool, "validation sizes: %s", sz.len ? sz.data : "(none)");
        sol_buf_free(&sz);
    }
    return 0;
}

void sol_check_close(SolCheck *c)
{
    sol_reference_free(&c->ref);
    sol_rescue_free(&c->rescue[0]), sol_rescue_free(&c->rescue[1]);
    if (c->ref_b_state > 0)
        sol_reference_free(&c->ref_b);
    if (c->have_harness)
        sol_harness_free(&c->harness);
    sol_buf_free(&c->sizes_b), sol_buf_free(&c->heavy), sol_buf_free(&c->budget_note);
    memset(c, 0, sizeof *c);
}

/* The second set of sizes, made (or loaded) the first time a candidate passes; false when
 * there is none (not wanted, a reference directory alone, nothing to scale, or the program
 * fails there). */
static bool second_reference(SolCheck *c)
{
    if (c->ref_b_state)
        return c->ref_b_state > 0;
    c->ref_b_state = -1;
    if (c->o.reference_b) {
        SolBuf err = {0};
        if (sol_reference_load(c->o.reference_b, &c->ref_b, &err)) {
            c->ref_b_state = 1;
            sol_reference_sizes_text(&c->sizes_b, &c->ref_b.sizes);
        } else if (c->o.log->verbose) {
            sol_tool_note(&c->o.log->tool, "no second validation (%s)", err.data);
        }
        sol_buf_free(&err);
        return c->ref_b_state > 0;
    }
    if (!c->have_harness || !c->o.second ||
        sol_reference_sizes_equal(&c->ref.sizes, &c->ref.original))
        return false;
    SolBuf dir = {0}, err = {0};
    sol_buf_printf(&dir, "%s/reference-b", c->o.work_dir);
    SolHarnessStatus st =
        sol_harness_run(&c->harness, c->o.model, dir.data, NULL, c->scale_to, 1, c->o.log, &err);
    bool loaded = st == SOL_HARNESS_OK && sol_reference_load(dir.data, &c->ref_b, &err);
    if (loaded) {
        if (!sol_reference_sizes_equal(&c->ref_b.sizes, &c->ref.sizes)) {
            c->ref_b_state = 1;
            sol_reference_sizes_text(&c->sizes_b, &c->ref_b.sizes);
        } else {
            sol_reference_free(&c->ref_b);
        }
    } else if (c->o.log->verbose) {
        sol_tool_note(&c->o.log->tool,
                      "no second validation (the program fails at the second sizes: %s)", err.data);
    }
    sol_buf_free(&dir), sol_buf_free(&err);
    return c->ref_b_state > 0;
}

/* The harness a float64 run needs, found the first time; NULL with *why when there is none. */
static const SolHarness *float64_harness(SolCheck *c, const char **why)
{
    *why = c->o.lang == SOL_LANG_JAX ? "JAX programs are not run in float64"
           : c->o.reference && !c->o.reference_is_program
               ? "the reference files are not the program's own outputs"
               : NULL;
    if (!*why && !c->have_harness) {
        SolBuf err = {0};
        c->have_harness = sol_harness_find(&c->harness, c->o.lang, c->o.log, &err);
        sol_buf_free(&err);
    }
    if (!*why && !c->have_harness)
        *why = "no Python here runs the program";
    return *why ? NULL : &c->harness;
}

/* sol_candidate_validate at ref (which: 0 the first sizes, 1 the second), and a failure by
 * rounding alone judged in float64. */
static void validate_at(SolCheck *c, const SolValidator *val, const char *ir, size_t len,
                        const SolReference *ref, int which, const char *label, SolVerdict *v)
{
    sol_candidate_validate(val, ir, len, ref, label, v);
    if (v->ok || !v->rounding_only)
        return;
    SolBuf dir = {0};
    sol_buf_printf(&dir, "%s/reference%s-f64", c->o.work_dir, which ? "-b" : "");
    SolRescueRun run = {.model = c->o.model, .dir = dir.data};
    run.harness = float64_harness(c, &run.why_not);
    sol_rescue_judge(&c->rescue[which], &run, val, ir, len, ref, label, v);
    sol_buf_free(&dir);
}

/* v passed at the first sizes; b is the verdict at the second. */
static void merge_second(SolCheck *c, SolVerdict *v, SolVerdict *b)
{
    if (b->ok) {
        v->at_second = true;
        v->max_abs = fmax(v->max_abs, b->max_abs);
        v->max_rel = fmax(v->max_rel, b->max_rel);
        v->float64_judged += b->float64_judged;
        v->float64_max_abs = fmax(v->float64_max_abs, b->float64_max_abs);
        v->float64_max_rel = fmax(v->float64_max_rel, b->float64_max_rel);
        return;
    }
    SolBuf sa = {0};
    sol_reference_sizes_text(&sa, &c->ref.sizes);
    sol_verdict_fail(v, "correct at %s but not at %s: %s", sa.data, c->sizes_b.data, b->what.data);
    v->not_candidate = b->not_candidate;
    v->details.len = 0;
    sol_buf_printf(&v->details, "The IR must work at any sizes; does it write a size into the "
                                "IR instead of using the index arguments?\n\n");
    sol_buf_append(&v->details, b->details.data, b->details.len);
    sol_buf_free(&sa);
}

void sol_check_candidate(SolCheck *c, const char *ir, size_t len, const char *label, SolVerdict *v)
{
    validate_at(c, &c->val, ir, len, &c->ref, 0, label, v);
    if (!v->ok || !second_reference(c))
        return;
    SolBuf lb = {0}, note = {0};
    sol_buf_printf(&lb, "%s-b", label);
    SolValidator val = with_budget(c, &c->ref_b, &note);
    SolVerdict b;
    validate_at(c, &val, ir, len, &c->ref_b, 1, lb.data, &b);
    merge_second(c, v, &b);
    sol_verdict_free(&b);
    sol_buf_free(&lb), sol_buf_free(&note);
}

/* name is one of the candidate's index arguments (SolVerdict.index_args). */
static bool is_index_arg(const SolVerdict *v, const char *name)
{
    if (!v->index_args.data)
        return false;
    size_t n = strlen(name);
    for (const char *p = v->index_args.data; (p = strstr(p, name)) != NULL; p += n)
        if (p[-1] == ' ' && p[n] == ' ')
            return true;
    return false;
}

/* `N=4, M=8` of the sizes that are index arguments of the candidate: the size lines name what
 * --bind and solar-run take (a fixed constant the program has is not one of them). */
static void index_sizes(const SolReference *r, const SolVerdict *v, bool real, SolBuf *out)
{
    for (size_t i = 0; i < r->sizes.len; i++) {
        const char *name = r->sizes.data[i].name;
        if (!is_index_arg(v, name))
            continue;
        long long val = real ? (long long)sol_reference_original(r, name)
                             : (long long)r->sizes.data[i].value;
        sol_buf_printf(out, "%s%s=%lld", out->len ? ", " : "", name, val);
    }
}

void sol_check_provenance(const SolCheck *c, const SolVerdict *v, SolBuf *out)
{
    const SolReference *r = &c->ref;
    SolBuf sz = {0};
    sol_reference_sizes_text(&sz, &r->sizes);
    const char *against = c->o.reference && !c->o.reference_is_program ? "the reference files"
                          : c->o.lang == SOL_LANG_JAX                   ? "the JAX program"
                                                                        : "the PyTorch program";
    sol_buf_printf(out, "// validated by solar-run --precision=wide against %s at %s", against,
                   sz.len ? sz.data : "its own sizes");
    if (v->at_second)
        sol_buf_printf(out, " and at %s", c->sizes_b.data);
    sol_buf_puts(out, "\n");
    sol_buf_printf(out, "// max abs err %.3g, max rel err %.3g\n", v->max_abs, v->max_rel);
    if (v->float64_judged)
        sol_buf_printf(out,
                       "// %lld elements judged against a float64 run of the program (its float32 "
                       "rounding exceeds the tolerance there): max abs err %.3g, max rel err "
                       "%.3g in float64\n",
                       (long long)v->float64_judged, v->float64_max_abs, v->float64_max_rel);
    /* The corpus's size lines, so check_example.py and --bind work on the result. */
    SolBuf small = {0}, real = {0};
    index_sizes(r, v, false, &small);
    index_sizes(r, v, true, &real);
    sol_buf_printf(out, "// sizes.small: %s\n", small.len ? small.data : "");
    sol_buf_printf(out, "// sizes.real: %s\n\n", real.len ? real.data : "");
    sol_buf_free(&small);
    sol_buf_free(&real);
    sol_buf_free(&sz);
}

static bool is_size_line(const char *p, size_t n)
{
    while (n && (*p == ' ' || *p == '\t'))
        p++, n--;
    return (n >= 15 && memcmp(p, "// sizes.small:", 15) == 0) ||
           (n >= 16 && memcmp(p, "// sizes.second:", 16) == 0) ||
           (n >= 14 && memcmp(p, "// sizes.real:", 14) == 0);
}

void sol_check_append_ir(SolBuf *out, const char *ir, size_t len)
{
    for (const char *p = ir, *end = ir + len; p < end;) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = nl ? (size_t)(nl - p) + 1 : (size_t)(end - p);
        if (!is_size_line(p, n))
            sol_buf_append(out, p, n);
        p += n;
    }
    if (len && ir[len - 1] != '\n')
        sol_buf_putc(out, '\n');
}

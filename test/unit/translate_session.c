/*
 * Unit test of lib/Translate's repair loop (session.h) and candidate validation (check.h,
 * candidate.h) with a scripted chat instead of an endpoint: a reference directory written
 * here (Y = X + X at N = 5), the real solar-run of the build, and a fake SolAskFn that
 * replies from a script and records the conversation it was shown.
 *
 *   - a candidate that does not parse, then a correct one: two attempts, passed; the repair
 *     message the model saw names the attempt count and carries the parser's diagnostic;
 *   - a candidate that would run past the step limit: the estimate and the sizes go back
 *     to the model (its fault, at small sizes);
 *   - the same with validation sizes marked heavy: not the candidate's fault, the loop stops
 *     after one attempt without spending the others;
 *   - solar-run's own step limit (a linalg.generic, which the estimate does not count): the
 *     details still say the sizes and, with heavy sizes, that the candidate is not at fault;
 *   - the step budget (budget.h): its sizing, and at the program's own smallest sizes a
 *     budget from the program's work that a candidate looping 10^10 times still runs into;
 *   - the provenance lines of a passed candidate, and the IR without its own size lines;
 *   - the importer's `// sizes.small:` line (import.h).
 * Exit status 0 = pass.
 */
#define _POSIX_C_SOURCE 200809L
#include "Exec/npy.h"
#include "Translate/check.h"
#include "Translate/files.h"
#include "Translate/import.h"
#include "Translate/session.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "check.h"

#ifndef SOLAR_TOOLS_DIR
#define SOLAR_TOOLS_DIR "."
#endif

static const char bad_ir[] =
    "func.func @forward(%N: index, %X: memref<?xf32>, %Y: memref<?xf32>) {\n"
    "  affine.for %i = 0 to %N {\n"
    "    %x = affine.lod %X[%i] : memref<?xf32>\n"
    "  }\n"
    "  return\n"
    "}\n";

static const char good_ir[] =
    "// sizes.small: N=99\n"
    "func.func @forward(%N: index, %X: memref<?xf32>, %Y: memref<?xf32>) {\n"
    "  affine.for %i = 0 to %N {\n"
    "    %x = affine.load %X[%i] : memref<?xf32>\n"
    "    %y = arith.addf %x, %x : f32\n"
    "    affine.store %y, %Y[%i] : memref<?xf32>\n"
    "  }\n"
    "  return\n"
    "}\n";

/* Y = X + X, but inside a loop of 10^10 iterations. */
static const char slow_ir[] =
    "func.func @forward(%N: index, %X: memref<?xf32>, %Y: memref<?xf32>) {\n"
    "  affine.for %r = 0 to 10000000000 {\n"
    "    affine.for %i = 0 to %N {\n"
    "      %x = affine.load %X[%i] : memref<?xf32>\n"
    "      %y = arith.addf %x, %x : f32\n"
    "      affine.store %y, %Y[%i] : memref<?xf32>\n"
    "    }\n"
    "  }\n"
    "  return\n"
    "}\n";

/* Y = X + X as a linalg.generic, whose iterations the estimate does not count. */
static const char generic_ir[] =
    "#id = affine_map<(d0) -> (d0)>\n"
    "func.func @forward(%N: index, %X: memref<?xf32>, %Y: memref<?xf32>) {\n"
    "  linalg.generic {indexing_maps = [#id, #id], iterator_types = [\"parallel\"]}\n"
    "      ins(%X : memref<?xf32>) outs(%Y : memref<?xf32>) {\n"
    "  ^bb0(%x: f32, %y: f32):\n"
    "    %r = arith.addf %x, %x : f32\n"
    "    linalg.yield %r : f32\n"
    "  }\n"
    "  return\n"
    "}\n";

/* The scripted chat: replies in order, and what each request's last message said. */
typedef struct Script {
    const char *const *replies;
    size_t num_replies, calls;
    SolBuf last_user[4];
    size_t messages[4];
} Script;

static bool fake_ask(void *user, const SolChat *chat, SolAnswer *out)
{
    Script *s = user;
    if (s->calls >= s->num_replies)
        return false;
    const SolChatMessage *m = &chat->data[chat->len - 1];
    if (s->calls < 4) {
        EXPECT(m->role == SOL_CHAT_USER);
        sol_buf_puts(&s->last_user[s->calls], m->content);
        s->messages[s->calls] = chat->len;
    }
    sol_buf_printf(&out->content, "Here it is:\n```mlir\n%s```\n", s->replies[s->calls++]);
    return true;
}

static void script_free(Script *s)
{
    for (size_t i = 0; i < 4; i++)
        sol_buf_free(&s->last_user[i]);
}

static void write_array(const char *dir, const char *name, double scale)
{
    SolTensor t;
    int64_t dims[1] = {5};
    EXPECT(sol_tensor_init(&t, SOL_ELEM_F32, 1, dims, 1 << 20));
    for (int64_t i = 0; i < 5; i++)
        sol_tensor_set_f64(&t, i, scale * (0.25 * (double)i - 0.5));
    SolBuf path = {0}, err = {0};
    sol_buf_printf(&path, "%s/%s", dir, name);
    EXPECT(sol_npy_write(path.data, &t, &err));
    sol_tensor_free(&t);
    sol_buf_free(&path), sol_buf_free(&err);
}

/* DIR/ref: sizes.json (N = 5, written as 1024), in0.npy = X, out0.npy = X + X. */
static char *make_reference(const char *work)
{
    SolBuf dir = {0};
    sol_buf_printf(&dir, "%s/ref", work);
    EXPECT(mkdir(dir.data, 0700) == 0);
    write_array(dir.data, "in0.npy", 1);
    write_array(dir.data, "out0.npy", 2);
    SolBuf json = {0};
    sol_buf_printf(&json, "%s/sizes.json", dir.data);
    FILE *f = fopen(json.data, "w");
    EXPECT(f != NULL);
    if (f) {
        fputs("{\"sizes\": {\"N\": 5}, \"original_sizes\": {\"N\": 1024}}\n", f);
        fclose(f);
    }
    sol_buf_free(&json);
    return dir.data;
}

typedef struct Fixture {
    char *work, *ref;
    FILE *log_stream;
    char *log_text;
    size_t log_len;
    SolLog log;
    SolCheck check;
} Fixture;

/* program_ir: the reference is the program's own at its smallest sizes (solar-import's), and
 * program_ir is its IR, whose estimated work sizes the step budget (budget.h). */
static void fixture_open_program(Fixture *x, uint64_t max_steps, const char *program_ir)
{
    memset(x, 0, sizeof *x);
    x->log_stream = open_memstream(&x->log_text, &x->log_len);
    x->log = (SolLog){{"unit", x->log_stream}, false};
    x->work = sol_work_dir_new(&x->log, "unit-session");
    EXPECT(x->work != NULL);
    x->ref = make_reference(x->work);
    SolCheckOptions o = {.model = "add.py",
                         .reference = x->ref,
                         .solar_run = SOLAR_TOOLS_DIR "/solar-run",
                         .work_dir = x->work,
                         .run_timeout_s = 60,
                         .rtol = -1,
                         .atol = -1,
                         .max_steps = max_steps,
                         .reference_is_program = program_ir != NULL,
                         .program_ir = program_ir,
                         .program_ir_len = program_ir ? strlen(program_ir) : 0,
                         .log = &x->log};
    EXPECT(sol_check_open(&x->check, &o) == 0);
}

static void fixture_open(Fixture *x, uint64_t max_steps)
{
    fixture_open_program(x, max_steps, NULL);
}

static void fixture_close(Fixture *x)
{
    sol_check_close(&x->check);
    sol_work_dir_remove(x->work);
    free(x->work), free(x->ref);
    fclose(x->log_stream);
    free(x->log_text);
}

static SolSessionOptions session_options(Fixture *x, Script *s, unsigned max_attempts)
{
    return (SolSessionOptions){"add.py", max_attempts, NULL, fake_ask, s, &x->log};
}

static const SolPromptTask *task_of(Fixture *x, SolPromptTask *t)
{
    static const char src[] = "def forward(x): return x + x\n";
    *t = (SolPromptTask){"add.py", src, sizeof src - 1, SOL_LANG_PYTORCH, &x->check.ref};
    return t;
}

static void test_repair(void)
{
    Fixture x;
    fixture_open(&x, 0);
    const char *replies[] = {bad_ir, good_ir};
    Script s = {replies, 2, 0, {{0}}, {0}};
    SolSessionOptions o = session_options(&x, &s, 3);
    SolPromptTask t;
    SolSessionResult r;
    EXPECT(sol_session_run(&o, task_of(&x, &t), &x.check, &r) == 0);
    EXPECT(r.passed && r.verdict.ok && r.attempts == 2 && s.calls == 2);
    /* The first request: system and task. The second: + reply + the repair message. */
    EXPECT(s.messages[0] == 2 && s.messages[1] == 4);
    const char *repair = s.last_user[1].data;
    EXPECT(repair && strstr(repair, "Attempt 1 of 3 failed: the IR does not parse (1 error)"));
    EXPECT(repair && strstr(repair, "forward.mlir:3:"));
    EXPECT(repair && strstr(repair, "affine.lod"));
    EXPECT(r.verdict.max_abs == 0 && r.verdict.max_rel == 0);
    EXPECT(r.ir.data && strcmp(r.ir.data, good_ir) == 0);
    fflush(x.log_stream);
    EXPECT(strstr(x.log_text, "unit: attempt 1 of 3: the IR does not parse (1 error)\n"));
    EXPECT(strstr(x.log_text, "unit: attempt 2 of 3: passed (max abs err 0, max rel err 0)\n"));

    /* The provenance lines and the IR less its own sizes line. */
    SolBuf out = {0};
    sol_check_provenance(&x.check, &r.verdict, &out);
    sol_check_append_ir(&out, r.ir.data, r.ir.len);
    EXPECT(strncmp(out.data,
                   "// validated by solar-run --precision=wide against the reference files at "
                   "N=5\n// max abs err 0, max rel err 0\n// sizes.small: N=5\n"
                   "// sizes.real: N=1024\n\nfunc.func @forward(",
                   strlen("// validated by solar-run --precision=wide against the reference "
                          "files at N=5\n// max abs err 0, max rel err 0\n// sizes.small: "
                          "N=5\n// sizes.real: N=1024\n\nfunc.func @forward(")) == 0);
    EXPECT(!strstr(out.data, "N=99"));
    sol_buf_free(&out);
    sol_session_result_free(&r);
    script_free(&s);
    fixture_close(&x);
}

/* Every attempt fails: the last verdict is kept and the error names the attempt count. */
static void test_give_up(void)
{
    Fixture x;
    fixture_open(&x, 0);
    const char *replies[] = {bad_ir, bad_ir};
    Script s = {replies, 2, 0, {{0}}, {0}};
    SolSessionOptions o = session_options(&x, &s, 2);
    SolPromptTask t;
    SolSessionResult r;
    EXPECT(sol_session_run(&o, task_of(&x, &t), &x.check, &r) == 1);
    EXPECT(!r.passed && r.attempts == 2 && s.calls == 2 && !r.verdict.ok);
    fflush(x.log_stream);
    EXPECT(strstr(x.log_text, "unit: error: no translation of add.py passed validation in 2 "
                              "attempts; the last one failed: the IR does not parse (1 error)\n"));
    sol_session_result_free(&r);
    script_free(&s);
    fixture_close(&x);
}

/* Past the step limit at small sizes: the model's fault, told with the sizes and the work. */
static void test_work_model_fault(void)
{
    Fixture x;
    fixture_open(&x, 0);
    const char *replies[] = {slow_ir, good_ir};
    Script s = {replies, 2, 0, {{0}}, {0}};
    SolSessionOptions o = session_options(&x, &s, 2);
    SolPromptTask t;
    SolSessionResult r;
    EXPECT(sol_session_run(&o, task_of(&x, &t), &x.check, &r) == 0);
    EXPECT(r.attempts == 2);
    const char *repair = s.last_user[1].data;
    EXPECT(repair && strstr(repair, "Attempt 1 of 2 failed: the IR would run an estimated "
                                    "6e+10 loop iterations, more than solar-run's limit of "
                                    "2e+09"));
    EXPECT(repair && strstr(repair, "The validation sizes are N=5; at them this IR runs an "
                                    "estimated 6e+10 loop iterations."));
    EXPECT(repair && strstr(repair, "hold 10 elements at these sizes"));
    EXPECT(repair && !strstr(repair, "The IR is not at fault"));
    sol_session_result_free(&r);
    script_free(&s);
    fixture_close(&x);
}

/* Heavy validation sizes: not the candidate's fault; one attempt, then a clear stop. */
static void test_work_not_model_fault(void)
{
    Fixture x;
    fixture_open(&x, 3); /* N = 5 needs 5 steps */
    x.check.val.heavy_sizes = "the sizes given with --small are that large";
    const char *replies[] = {good_ir, good_ir, good_ir};
    Script s = {replies, 3, 0, {{0}}, {0}};
    SolSessionOptions o = session_options(&x, &s, 3);
    SolPromptTask t;
    SolSessionResult r;
    EXPECT(sol_session_run(&o, task_of(&x, &t), &x.check, &r) == 1);
    EXPECT(r.attempts == 1 && s.calls == 1 && r.verdict.not_candidate);
    fflush(x.log_stream);
    EXPECT(strstr(x.log_text, "unit: error: validation of add.py stopped after attempt 1, "
                              "because another attempt cannot pass at these sizes: the IR would "
                              "run an estimated 5 loop iterations, more than solar-run's limit "
                              "of 3\n"));
    EXPECT(strstr(x.log_text, "The IR is not at fault: the sizes given with "
                              "--small are that large\n"));
    sol_session_result_free(&r);
    script_free(&s);
    fixture_close(&x);
}

/* solar-run's own step limit (the estimate saw nothing to count): the repair message still
 * says the sizes and whose fault it is. */
static void test_step_limit_message(void)
{
    Fixture x;
    fixture_open(&x, 3);
    SolVerdict v;
    sol_check_candidate(&x.check, generic_ir, sizeof generic_ir - 1, "generic", &v);
    EXPECT(!v.ok && !v.not_candidate);
    EXPECT(v.what.data && strcmp(v.what.data, "solar-run failed (exit status 1)") == 0);
    EXPECT(v.details.data && strstr(v.details.data, "step limit reached"));
    EXPECT(v.details.data && strstr(v.details.data, "The validation sizes are N=5.\n"));
    EXPECT(v.details.data && strstr(v.details.data, "hold 10 elements at these sizes"));
    sol_verdict_free(&v);
    /* With heavy sizes the same failure is not the candidate's. */
    x.check.val.heavy_sizes = "the reference files are that large";
    sol_check_candidate(&x.check, generic_ir, sizeof generic_ir - 1, "generic2", &v);
    EXPECT(!v.ok && v.not_candidate);
    EXPECT(v.details.data && strstr(v.details.data, "The IR is not at fault: the "
                                                    "reference files are that large\n"));
    sol_verdict_free(&v);
    /* Within the limit it passes. */
    x.check.val.max_steps = 0;
    sol_check_candidate(&x.check, generic_ir, sizeof generic_ir - 1, "generic3", &v);
    EXPECT(v.ok);
    sol_verdict_free(&v);
    fixture_close(&x);
}

/* budget.h's sizing: the candidate limit, twice the program's work, the ceiling, the time
 * limit that follows the steps, and the user's flags first. */
static void test_budget_size(void)
{
    SolBudgetLimits l = {2000000000ull, 100000000000ull};
    SolWork vgg = {.known = true, .steps = 21740156389ull}, tiny = {.known = true, .steps = 5};
    SolWork unknown = {0}, huge = {.known = true, .steps = 400000000000ull};
    SolBudget b = sol_budget_size(&l, 0, 0, NULL);
    EXPECT(b.max_steps == 2000000000ull && b.run_timeout_s == 300 && !b.follows_program);
    b = sol_budget_size(&l, 0, 0, &vgg);
    EXPECT(b.max_steps == 43480312778ull && b.follows_program && !b.capped);
    EXPECT(b.run_timeout_s == 300); /* 87 s at 5e8 a second: the least limit */
    b = sol_budget_size(&l, 0, 0, &tiny);
    EXPECT(b.max_steps == 2000000000ull && b.follows_program); /* never under the usual */
    b = sol_budget_size(&l, 0, 0, &unknown);
    EXPECT(b.max_steps == 2000000000ull && !b.follows_program);
    b = sol_budget_size(&l, 0, 0, &huge);
    EXPECT(b.max_steps == 100000000000ull && b.capped);
    SolBuf text = {0};
    sol_budget_explain(&text, &b);
    EXPECT(text.data && strstr(text.data, "estimated work of 4e+11 loop iterations, at least "
                                          "2e+09 and at most 1e+11 (about 200 s"));
    EXPECT(text.data && strstr(text.data, "--max-steps 8e+11 --run-timeout 1600."));
    sol_buf_free(&text);
    /* The user's flags win; a larger --max-steps alone gets a time limit to match. */
    b = sol_budget_size(&l, 1000, 0, &vgg);
    EXPECT(b.max_steps == 1000 && !b.follows_program && b.run_timeout_s == 300);
    b = sol_budget_size(&l, 1000000000000ull, 0, NULL);
    EXPECT(b.run_timeout_s == 2000);
    b = sol_budget_size(&l, 0, 7, &vgg);
    EXPECT(b.max_steps == 43480312778ull && b.run_timeout_s == 7);
    sol_budget_explain(&text, &(SolBudget){.max_steps = 5});
    EXPECT(!text.data); /* a budget that does not follow the program needs no words */

    SolBuf err = {0};
    setenv("SOLAR_VALIDATION_STEPS", "100,1e4", 1);
    EXPECT(sol_budget_limits(&l, &err) && l.steps == 100 && l.ceiling == 10000);
    setenv("SOLAR_VALIDATION_STEPS", "2e9", 1);
    EXPECT(sol_budget_limits(&l, &err) && l.steps == 2000000000ull &&
           l.ceiling == SOL_BUDGET_CEILING);
    setenv("SOLAR_VALIDATION_STEPS", "100,lots", 1);
    EXPECT(!sol_budget_limits(&l, &err) && err.data &&
           strstr(err.data, "expected LIMIT[,CEILING]"));
    unsetenv("SOLAR_VALIDATION_STEPS");
    sol_buf_free(&err);
}

/* At the program's own smallest sizes the budget is the program's work, not the candidate's:
 * a candidate that loops 10^10 times still stops, and says why in the program's terms. */
static void test_budget_follows_program(void)
{
    setenv("SOLAR_VALIDATION_STEPS", "2,1000", 1);
    Fixture x;
    fixture_open_program(&x, 0, good_ir); /* 5 steps at N = 5: a budget of 10 */
    unsetenv("SOLAR_VALIDATION_STEPS");
    EXPECT(x.check.val.max_steps == 10 && x.check.val.run_timeout_s == 60);
    SolVerdict v;
    sol_check_candidate(&x.check, good_ir, sizeof good_ir - 1, "good", &v);
    EXPECT(v.ok);
    sol_verdict_free(&v);
    sol_check_candidate(&x.check, slow_ir, sizeof slow_ir - 1, "slow", &v);
    EXPECT(!v.ok && v.not_candidate);
    EXPECT(v.what.data &&
           strcmp(v.what.data, "the IR would run an estimated 6e+10 loop "
                               "iterations, more than solar-run's limit of 10") == 0);
    EXPECT(v.details.data && strstr(v.details.data, "the step budget is twice the program's "
                                                    "estimated work of 5 loop iterations, at "
                                                    "least 2 and at most 1000"));
    EXPECT(v.details.data && strstr(v.details.data, "The IR is not at fault: "
                                                    "solar-import chose these"));
    sol_verdict_free(&v);
    fixture_close(&x);
}

/* The importer's `// sizes.small:` line: among the leading comments only, blanks dropped. */
static void test_import_sizes(void)
{
    static const char ir[] = "// imported\n  // sizes.small: N=4, M=8\n// sizes.real: N=9\nfunc";
    SolBuf b = {0};
    EXPECT(sol_import_small_sizes(ir, sizeof ir - 1, &b) && b.data &&
           strcmp(b.data, "N=4,M=8") == 0);
    sol_buf_free(&b);
    static const char empty[] = "// sizes.small:\nfunc";
    EXPECT(sol_import_small_sizes(empty, sizeof empty - 1, &b) && b.data && !*b.data);
    sol_buf_free(&b);
    static const char late[] = "// x\nfunc.func @forward() {\n// sizes.small: N=4\n";
    EXPECT(!sol_import_small_sizes(late, sizeof late - 1, &b));
    EXPECT(!sol_import_small_sizes("", 0, &b));
    sol_buf_free(&b);
}

int main(void)
{
    test_budget_size();
    test_budget_follows_program();
    test_import_sizes();
    test_step_limit_message();
    test_repair();
    test_give_up();
    test_work_model_fault();
    test_work_not_model_fault();
    return failures ? 1 : 0;
}

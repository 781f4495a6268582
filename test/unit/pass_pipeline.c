/*
 * Unit test of the pipeline parser and option values (lib/Passes/pipeline.c, manager.c)
 * against a registry of fake passes with every option kind, so it does not depend on which
 * real passes exist. Checks parsed values, defaults, the accessors, and the text and column
 * of each error. Exit status 0 = pass.
 */
#include "Passes/pass.h"

#include <stdlib.h>
#include <string.h>

static bool dummy_run(SolPassRun *r, SolModule *m)
{
    (void)r, (void)m;
    return true;
}

static const SolPass fake_fuse = {
    .name = "fuse",
    .summary = "fake",
    .run = dummy_run,
    .options =
        (const SolPassOption[]){
            {"max-bytes", SOL_OPT_BYTES, "48MiB", "budget"},
            {"cache-kib", SOL_OPT_INT, "512", "cache"},
            {"ratio", SOL_OPT_FLOAT, "0.5", "ratio"},
            {"greedy", SOL_OPT_BOOL, "false", "greedy"},
            {"mode", SOL_OPT_STRING, "auto", "mode"},
            {0},
        },
};
static const SolPass fake_verify = {.name = "verify", .summary = "fake", .run = dummy_run};
static const SolPass *const registry[] = {&fake_verify, &fake_fuse, NULL};

/* The last diagnostic, captured instead of printed. */
static struct {
    char message[512];
    uint32_t col;
    unsigned count;
} last;

static bool capture(void *user, const SolDiag *d)
{
    (void)user;
    snprintf(last.message, sizeof last.message, "%s", d->message);
    last.col = d->loc.col;
    last.count++;
    return true;
}

#include "check.h"

static SolPassRun run_of(SolContext *ctx, const SolPassInstance *inst)
{
    SolPassRun r;
    sol_pass_run_init(&r, ctx, NULL);
    r.instance = inst;
    return r;
}

static void test_values(SolContext *ctx)
{
    SolPipeline p = {0};
    EXPECT(sol_pipeline_parse_in(ctx, &p,
                                 " verify , fuse{max-bytes=1.5KiB cache-kib=-3,ratio=0.25 greedy "
                                 "mode='a b,c}'},fuse",
                                 registry));
    EXPECT(p.len == 3);
    if (p.len == 3) {
        SolPassRun r = run_of(ctx, &p.data[1]);
        EXPECT(sol_pass_opt_int(&r, "max-bytes") == 1536);
        EXPECT(sol_pass_opt_int(&r, "cache-kib") == -3);
        EXPECT(sol_pass_opt_double(&r, "ratio") == 0.25);
        EXPECT(sol_pass_opt_double(&r, "cache-kib") == -3.0);
        EXPECT(sol_pass_opt_bool(&r, "greedy"));
        EXPECT(strcmp(sol_pass_opt_str(&r, "mode"), "a b,c}") == 0);
        r = run_of(ctx, &p.data[2]);
        EXPECT(sol_pass_opt_int(&r, "max-bytes") == 48 * 1024 * 1024);
        EXPECT(sol_pass_opt_int(&r, "cache-kib") == 512);
        EXPECT(!sol_pass_opt_bool(&r, "greedy"));
        EXPECT(strcmp(sol_pass_opt_str(&r, "mode"), "auto") == 0);
    }
    sol_pipeline_free(&p);
    EXPECT(sol_pipeline_parse_in(ctx, &p, "builtin.module(fuse{max-bytes=1GB})", registry));
    EXPECT(p.len == 1 && p.data[0].values[0].i == 1000000000);
    sol_pipeline_free(&p);
    EXPECT(sol_pipeline_parse_in(ctx, &p, "", registry) && p.len == 0);
    sol_pipeline_free(&p);
}

/* Parsing text must fail with a message containing `want` at column col, appending nothing. */
static void expect_error(SolContext *ctx, const char *text, uint32_t col, const char *want)
{
    SolPipeline p = {0};
    last.count = 0;
    bool ok = sol_pipeline_parse_in(ctx, &p, text, registry);
    if (ok || p.len != 0 || last.count == 0 || last.col != col || !strstr(last.message, want)) {
        fprintf(stderr, "pipeline '%s': got %s, col %u, '%s'; want col %u, '%s'\n", text,
                ok ? "success" : "failure", last.col, last.message, col, want);
        failures++;
    }
    sol_pipeline_free(&p);
}

static void test_errors(SolContext *ctx)
{
    expect_error(ctx, "verify,fusee", 8, "unknown pass 'fusee'; did you mean 'fuse'?");
    expect_error(ctx, "verify,lift-einsum", 8, "unknown pass 'lift-einsum'");
    expect_error(ctx, "verify,fuse{max-byte=1}", 13,
                 "pass 'fuse' has no option 'max-byte'; did you mean 'max-bytes'?");
    expect_error(ctx, "fuse{cache-kib=abc}", 16,
                 "expected an integer for option 'cache-kib', got 'abc'");
    expect_error(ctx, "fuse{max-bytes=12XB}", 16, "expected a byte size");
    expect_error(ctx, "fuse{max-bytes=99999999999GiB}", 16, "expected a byte size");
    expect_error(ctx, "fuse{ratio=x}", 12, "expected a number for option 'ratio'");
    expect_error(ctx, "fuse{greedy=yes}", 13, "expected true or false");
    expect_error(ctx, "fuse{cache-kib}", 6, "needs a value");
    expect_error(ctx, "fuse{cache-kib=1 cache-kib=2}", 18, "given twice");
    expect_error(ctx, "fuse{max-bytes=1", 5, "unbalanced '{'");
    expect_error(ctx, "fuse}", 5, "unbalanced '}'");
    expect_error(ctx, "verify,,fuse", 8, "expected a pass name, got ','");
    expect_error(ctx, "verify,", 8, "expected a pass name, got end of pipeline");
    expect_error(ctx, "{x=1}", 1, "expected a pass name before '{'");
    expect_error(ctx, "fuse{mode='abc}", 11, "unterminated");
    expect_error(ctx, "verify{x=1}", 8, "it takes no options");
    expect_error(ctx, "verify fuse", 8, "expected ',' between passes");
}

int main(void)
{
    SolContext *ctx = sol_context_new();
    SolDiagEngine *diag = sol_context_diag(ctx);
    diag->handler = capture;
    test_values(ctx);
    test_errors(ctx);
    sol_context_free(ctx);
    if (failures)
        fprintf(stderr, "%d failures\n", failures);
    return failures != 0;
}

/*
 * Unit test of the parser's C API (lib/IR/parse.c) as a library user sees it: several buffers
 * parsed in one context (identifiers, types and maps shared, modules independent), a failed
 * parse returns NULL and counts its errors without poisoning the context, buffers that are not
 * NUL-terminated, sol_parse_file on a named temporary file (diagnostics quote
 * it) and on an unnamed stream, verification and printing through open_memstream in both
 * targets. Exit status 0 = pass.
 */
#define _POSIX_C_SOURCE 200809L
#include "IR/ir.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"

#define EXPECT_CONTAINS(text, want) expect_contains(__LINE__, (text), (want))
static void expect_contains(int line, const char *text, const char *want)
{
    if (!text || !strstr(text, want)) {
        fprintf(stderr, "%s:%d: expected to find\n---\n%s\n---\nin\n---\n%s\n---\n", __FILE__,
                line, want, text ? text : "(null)");
        failures++;
    }
}

/* Diagnostics of the context go to a memstream; take_diags() returns and resets them. */
static char *diag_text;
static size_t diag_size;
static FILE *diag_out;

static void diags_open(SolContext *ctx)
{
    diag_out = open_memstream(&diag_text, &diag_size);
    sol_diag_set_output(sol_context_diag(ctx), diag_out);
}

static char *take_diags(SolContext *ctx)
{
    fclose(diag_out);
    char *t = diag_text;
    diag_text = NULL;
    diags_open(ctx);
    return t;
}

static char *print(SolModule *m, SolMlirTarget target)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    SolPrintOptions opts = {target};
    EXPECT(sol_print_module(out, m, &opts));
    fclose(out);
    return text;
}

/* A copy of s in a heap block of exactly strlen(s) bytes: no terminating NUL to lean on
 * (the sanitizer build catches any read past the end). */
static char *unterminated(const char *s, size_t *len)
{
    *len = strlen(s);
    char *p = malloc(*len ? *len : 1);
    memcpy(p, s, *len);
    return p;
}

static const char good1[] = "#m = affine_map<(d0) -> (d0 + 1)>\n"
                            "func @a(%A: memref<8xf32>, %x: f32) {\n"
                            "  affine.for %i = 0 to 7 {\n"
                            "    %j = affine.apply #m(%i)\n"
                            "    affine.store %x, %A[%j] : memref<8xf32>\n"
                            "  }\n"
                            "  return\n"
                            "}\n";
static const char good2[] = "func.func @b(%x: f32) -> f32 {\n"
                            "  %y = arith.maxf %x, %x : f32\n"
                            "  return %y : f32\n"
                            "}";
static const char bad[] = "func @c(%x: f32) {\n"
                          "  %y = arith.negf %undefined : f32\n"
                          "  %z = arith.addf %x, %x f32\n"
                          "  return\n"
                          "}\n";

static void test_buffers(SolContext *ctx)
{
    SolDiagEngine *diag = sol_context_diag(ctx);
    size_t n1, n2, nb;
    char *b1 = unterminated(good1, &n1), *b2 = unterminated(good2, &n2), *bb = unterminated(bad, &nb);

    SolModule *m1 = sol_parse_buffer(ctx, "one.mlir", b1, n1);
    EXPECT(m1 != NULL && sol_error_count(ctx) == 0);
    EXPECT(m1 && sol_verify_module(ctx, m1));

    /* A bad buffer: NULL, both errors counted (a semantic one, then a syntax one). */
    unsigned before = sol_error_count(ctx);
    SolModule *mb = sol_parse_buffer(ctx, "bad.mlir", bb, nb);
    EXPECT(mb == NULL);
    EXPECT(sol_error_count(ctx) == before + 2);
    char *d = take_diags(ctx);
    EXPECT_CONTAINS(d, "bad.mlir:2:19: error: use of undefined value '%undefined'\n"
                       "  %y = arith.negf %undefined : f32\n"
                       "                  ^~~~~~~~~~\n");
    EXPECT_CONTAINS(d, "bad.mlir:3:26: error: ");
    free(d);

    /* The context still works: a second good buffer parses, and the first module is intact. */
    unsigned errors = sol_error_count(ctx);
    SolModule *m2 = sol_parse_buffer(ctx, "two.mlir", b2, n2);
    EXPECT(m2 != NULL && sol_error_count(ctx) == errors);
    EXPECT(m2 && sol_verify_module(ctx, m2));

    char *t1 = print(m1, SOL_MLIR_CURRENT);
    EXPECT_CONTAINS(t1, "#map0 = affine_map<(d0) -> (d0 + 1)>\nmodule {\n"
                        "  func.func @a(%A: memref<8xf32>, %x: f32) {\n"
                        "    affine.for %i = 0 to 7 {\n"
                        "      %j = affine.apply #map0(%i)\n"
                        "      affine.store %x, %A[%j] : memref<8xf32>\n"
                        "    }\n"
                        "    return\n"
                        "  }\n"
                        "}\n");
    char *t2 = print(m2, SOL_MLIR_CURRENT), *t2_14 = print(m2, SOL_MLIR_14);
    EXPECT_CONTAINS(t2, "  func.func @b(%x: f32) -> f32 {\n    %y = arith.maximumf %x, %x : f32\n");
    EXPECT_CONTAINS(t2_14, "  func @b(%x: f32) -> f32 {\n    %y = arith.maxf %x, %x : f32\n");
    /* Modules of one context share uniqued types. */
    SolOp *fa = sol_module_lookup_func(m1, sol_ident_cstr(ctx, "a"));
    SolOp *fb = sol_module_lookup_func(m2, sol_ident_cstr(ctx, "b"));
    EXPECT(fa && fb && !sol_module_lookup_func(m1, sol_ident_cstr(ctx, "b")));
    if (fa && fb)
        EXPECT(fa->props.func->type->inputs[1] == fb->props.func->type->inputs[0]);

    /* Printing is deterministic, and the printed text parses back to the same text. */
    char *again = print(m1, SOL_MLIR_CURRENT);
    EXPECT(t1 && again && strcmp(t1, again) == 0);
    SolModule *m1b = t1 ? sol_parse_buffer(ctx, "reprint.mlir", t1, strlen(t1)) : NULL;
    EXPECT(m1b != NULL);
    if (m1b) {
        char *t1b = print(m1b, SOL_MLIR_CURRENT);
        EXPECT(t1b && strcmp(t1, t1b) == 0);
        free(t1b);
        sol_module_free(m1b);
    }

    /* An empty buffer is an empty module. */
    SolModule *me = sol_parse_buffer(ctx, "empty.mlir", "", 0);
    EXPECT(me != NULL);
    if (me) {
        char *te = print(me, SOL_MLIR_14);
        EXPECT(te && strcmp(te, "module {\n}\n\n") == 0);
        free(te);
        sol_module_free(me);
    }

    /* The length is what counts: a prefix of good2 cut inside `return` is a syntax error. */
    SolModule *mc = sol_parse_buffer(ctx, "cut.mlir", b2, n2 - 12);
    EXPECT(mc == NULL);
    free(take_diags(ctx));

    free(t1), free(t2), free(t2_14), free(again);
    sol_module_free(m1);
    sol_module_free(m2);
    free(b1), free(b2), free(bb);
    (void)diag;
}

static void test_files(SolContext *ctx)
{
    /* A named file: parsed from the stream; an error quotes the line read back from disk. */
    char path[] = "/tmp/solar-parse-api-XXXXXX";
    int fd = mkstemp(path);
    EXPECT(fd >= 0);
    if (fd < 0)
        return;
    FILE *f = fdopen(fd, "w+");
    fputs(good1, f);
    rewind(f);
    SolModule *m = sol_parse_file(ctx, path, f);
    EXPECT(m != NULL);
    if (m) {
        char *t = print(m, SOL_MLIR_14);
        EXPECT_CONTAINS(t, "  func @a(%A: memref<8xf32>, %x: f32) {\n");
        free(t);
        sol_module_free(m);
    }
    fclose(f);

    f = fopen(path, "w+");
    fputs(bad, f);
    rewind(f);
    EXPECT(sol_parse_file(ctx, path, f) == NULL);
    fclose(f);
    char *d = take_diags(ctx);
    char want[512];
    snprintf(want, sizeof want,
             "%s:2:19: error: use of undefined value '%%undefined'\n"
             "  %%y = arith.negf %%undefined : f32\n"
             "                  ^~~~~~~~~~\n", path);
    EXPECT_CONTAINS(d, want);
    free(d);
    unlink(path);

    /* A stream with no file behind its name: the error is reported without a snippet. */
    f = tmpfile();
    fputs(bad, f);
    rewind(f);
    EXPECT(sol_parse_file(ctx, "/nonexistent/dir/stream.mlir", f) == NULL);
    fclose(f);
    d = take_diags(ctx);
    EXPECT_CONTAINS(d, "/nonexistent/dir/stream.mlir:2:19: error: use of undefined value '%undefined'\n");
    free(d);

    /* A big stream (read in chunks) parses like the same text in a buffer. */
    f = tmpfile();
    fputs("func.func @big(%x: f32) -> f32 {\n  %v0 = arith.negf %x : f32\n", f);
    for (int i = 1; i < 20000; i++)
        fprintf(f, "  %%v%d = arith.addf %%v%d, %%x : f32\n", i, i - 1);
    fputs("  return %v19999 : f32\n}\n", f);
    rewind(f);
    m = sol_parse_file(ctx, "big-stream.mlir", f);
    EXPECT(m != NULL);
    if (m) {
        EXPECT(sol_verify_module(ctx, m));
        char *t = print(m, SOL_MLIR_CURRENT);
        EXPECT_CONTAINS(t, "    %v19999 = arith.addf %v19998, %x : f32\n    return %v19999 : f32\n");
        free(t);
        sol_module_free(m);
    }
    fclose(f);
}

int main(void)
{
    SolContext *ctx = sol_context_new();
    diags_open(ctx);
    test_buffers(ctx);
    test_files(ctx);
    char *rest = take_diags(ctx);
    fclose(diag_out);
    free(diag_text);
    free(rest);
    sol_context_free(ctx);
    if (failures)
        fprintf(stderr, "parse_api: %d check(s) failed\n", failures);
    return failures ? 1 : 0;
}

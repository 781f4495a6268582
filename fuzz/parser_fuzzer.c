/*
 * libFuzzer harness for the front end: every input is parsed as MLIR text; a module that
 * parses is verified and, if valid, printed (current spelling) into a memory stream, as
 * solar-opt never prints unverified IR. The same input then goes through the streaming path
 * (sol_stream_file, what `solar-opt FILE` runs), which must agree: it succeeds exactly when the
 * whole-module path does, with the same bytes, and reports the same number of errors.
 * Diagnostics are silenced, so only crashes, sanitizer reports, leaks, timeouts and a
 * disagreement (abort) count as findings.
 * Built by -DSOLAR_FUZZ=ON into bin/solar-parser-fuzzer and driven by scripts/fuzz.sh.
 */
#include "IR/ir.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The whole-module path: parse, verify, print. Returns the output (malloc'd) or NULL. */
static char *whole(SolContext *ctx, const uint8_t *data, size_t size, size_t *len)
{
    char *buf = NULL;
    SolModule *m = sol_parse_buffer(ctx, "fuzz.mlir", (const char *)data, size);
    if (m && sol_verify_module(ctx, m)) {
        FILE *out = open_memstream(&buf, len);
        if (out) {
            SolPrintOptions opts = {0};
            sol_print_module(out, m, &opts);
            fclose(out);
        }
    }
    if (m)
        sol_module_free(m);
    return buf;
}

/* The streaming path on the same bytes. */
static char *streamed(SolContext *ctx, const uint8_t *data, size_t size, size_t *len, bool *ok)
{
    static char empty[1];
    char *buf = NULL;
    *ok = false;
    /* fmemopen wants a size of at least one: the empty input is one byte, read beforehand */
    FILE *in = fmemopen(size ? (void *)data : empty, size ? size : 1, "rb");
    FILE *out = open_memstream(&buf, len);
    if (in && out) {
        if (!size)
            fgetc(in);
        SolPrintOptions opts = {0};
        *ok = sol_stream_file(ctx, "fuzz.mlir", in, out, &opts);
    }
    if (out)
        fclose(out);
    if (in)
        fclose(in);
    return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    SolContext *ctx = sol_context_new();
    sol_diag_set_output(sol_context_diag(ctx), NULL);
    size_t wlen = 0, slen = 0;
    char *w = whole(ctx, data, size, &wlen);
    unsigned werrors = sol_error_count(ctx);
    sol_context_free(ctx);

    ctx = sol_context_new();
    sol_diag_set_output(sol_context_diag(ctx), NULL);
    bool ok;
    char *s = streamed(ctx, data, size, &slen, &ok);
    unsigned serrors = sol_error_count(ctx);
    sol_context_free(ctx);

    if (ok != (w != NULL) || serrors != werrors || (ok && (slen != wlen || memcmp(s, w, wlen))))
        abort(); /* the two paths disagree */
    free(w);
    free(s);
    return 0;
}

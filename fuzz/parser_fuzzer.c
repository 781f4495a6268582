/*
 * libFuzzer harness for the front end: every input is parsed as MLIR text; a module that
 * parses is verified and, if valid, printed (current spelling) into a memory stream, as
 * solar-opt never prints unverified IR. Diagnostics are
 * silenced, so only crashes, sanitizer reports, leaks and timeouts count as findings.
 * Built by -DSOLAR_FUZZ=ON into bin/solar-parser-fuzzer and driven by scripts/fuzz.sh.
 */
#include "IR/ir.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    SolContext *ctx = sol_context_new();
    sol_diag_set_output(sol_context_diag(ctx), NULL);
    SolModule *m = sol_parse_buffer(ctx, "fuzz.mlir", (const char *)data, size);
    if (m && sol_verify_module(ctx, m)) {
        char *buf = NULL;
        size_t len = 0;
        FILE *out = open_memstream(&buf, &len);
        if (out) {
            SolPrintOptions opts = {0};
            sol_print_module(out, m, &opts);
            fclose(out);
        }
        free(buf);
    }
    if (m)
        sol_module_free(m);
    sol_context_free(ctx);
    return 0;
}

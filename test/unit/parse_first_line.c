/*
 * Unit test of sol_parse_buffer_at (lib/IR/parse.c) called directly, as a library user would
 * for one chunk of a larger file: first_line numbers the buffer's first line, so errors carry
 * shifted line numbers, and the quoted source line must still be the buffer's own line (line
 * first_line + k of the report is line k + 1 of the buffer), not an empty line. Exit status
 * 0 = pass.
 */
#define _POSIX_C_SOURCE 200809L
#include "IR/ir.h"

#include <stdlib.h>
#include <string.h>

static const char chunk[] = "func @c(%x: f32) {\n"
                            "  %y = arith.negf %undefined : f32\n"
                            "  return\n"
                            "}\n";

int main(void)
{
    SolContext *ctx = sol_context_new();
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    sol_diag_set_output(sol_context_diag(ctx), out);
    SolModule *m = sol_parse_buffer_at(ctx, "split.mlir", chunk, sizeof chunk - 1, 100);
    fclose(out);
    int failures = 0;
    const char *want = "split.mlir:101:19: error: use of undefined value '%undefined'\n"
                       "  %y = arith.negf %undefined : f32\n"
                       "                  ^~~~~~~~~~\n";
    if (m != NULL) {
        fprintf(stderr, "parse_first_line: a buffer with an error parsed\n");
        failures++;
        sol_module_free(m);
    }
    if (!text || strcmp(text, want) != 0) {
        fprintf(stderr, "parse_first_line: diagnostics\n---\n%s---\nwant\n---\n%s---\n",
                text ? text : "", want);
        failures++;
    }
    free(text);
    sol_context_free(ctx);
    return failures ? 1 : 0;
}

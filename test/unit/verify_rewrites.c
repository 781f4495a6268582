/*
 * Unit test of the verifier (lib/IR/verifier.c) on IR that passes have rewritten. The parser
 * resolves every name while it reads, so text can never carry a use before its definition, a
 * value of another function, or a misplaced terminator; these checks guard the passes. Each
 * case parses a valid module, breaks it through the ir.h API the way a buggy pass would, and
 * expects the verifier's message. Exit status 0 = pass.
 */
#define _POSIX_C_SOURCE 200809L
#include "IR/ir.h"

#include <stdlib.h>
#include <string.h>

#include "check.h"

static const char program[] = "func.func @f(%x: f32) -> f32 {\n"
                              "  %a = arith.negf %x : f32\n"
                              "  %b = arith.addf %a, %a : f32\n"
                              "  return %b : f32\n"
                              "}\n"
                              "func.func @g(%y: f32) -> f32 {\n"
                              "  %c = arith.negf %y : f32\n"
                              "  return %c : f32\n"
                              "}\n";

typedef struct Case {
    SolContext *ctx;
    SolModule *m;
    SolOp *f_ops[3]; /* negf, addf, return of @f */
    SolOp *g_ops[2]; /* negf, return of @g */
    char *diags;
    size_t size;
    FILE *out;
} Case;

static void collect(SolOp *func, SolOp **ops, int n)
{
    SolOp *op = sol_block_first_op(sol_region_first_block(&func->regions[0]));
    for (int i = 0; i < n && op; i++, op = sol_op_next(op))
        ops[i] = op;
}

static void case_open(Case *c)
{
    c->ctx = sol_context_new();
    c->out = open_memstream(&c->diags, &c->size);
    sol_diag_set_output(sol_context_diag(c->ctx), c->out);
    c->m = sol_parse_buffer(c->ctx, "rewrite.mlir", program, sizeof program - 1);
    EXPECT(c->m && sol_verify_module(c->ctx, c->m));
    collect(sol_module_lookup_func(c->m, sol_ident_cstr(c->ctx, "f")), c->f_ops, 3);
    collect(sol_module_lookup_func(c->m, sol_ident_cstr(c->ctx, "g")), c->g_ops, 2);
}

/* Verifies and checks that the first diagnostic contains `want`. */
static void case_expect(Case *c, const char *want)
{
    EXPECT(!sol_verify_module(c->ctx, c->m));
    fflush(c->out);
    if (!c->diags || !strstr(c->diags, want)) {
        fprintf(stderr, "expected '%s' in:\n%s\n", want, c->diags ? c->diags : "(nothing)");
        failures++;
    }
    fclose(c->out);
    free(c->diags);
    sol_module_free(c->m);
    sol_context_free(c->ctx);
}

int main(void)
{
    Case c;

    /* A use moved above its definition: %b = addf %a, %a placed before %a. */
    case_open(&c);
    sol_op_unlink(c.f_ops[1]);
    sol_op_insert_before(c.f_ops[0], c.f_ops[1]);
    case_expect(&c, "does not dominate this use");

    /* An operand taken from another function. */
    case_open(&c);
    sol_op_set_operand(c.f_ops[1], 1, sol_op_result(c.g_ops[0], 0));
    case_expect(&c, "defined in another function");

    /* A terminator that is no longer last. */
    case_open(&c);
    sol_op_unlink(c.f_ops[2]);
    sol_op_insert_before(c.f_ops[1], c.f_ops[2]);
    case_expect(&c, "expects regions to end with 'func.return', found 'arith.addf'");

    /* The positive control: uses of %a moved to the argument %x keep the module valid. */
    case_open(&c);
    sol_value_replace_all_uses(sol_op_result(c.f_ops[0], 0), &c.f_ops[0]->parent->args[0]);
    EXPECT(sol_verify_module(c.ctx, c.m));
    fclose(c.out);
    free(c.diags);
    sol_module_free(c.m);
    sol_context_free(c.ctx);
    return failures ? 1 : 0;
}

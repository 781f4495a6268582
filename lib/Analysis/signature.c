/*
 * Function signatures for the tools that run them (signature.h): which arguments a function
 * writes, found by walking its body and its callees (to a depth of 16), and the JSON form
 * `solar-opt --print-signature=json` prints.
 */
#include "Analysis/signature.h"

#include <stdio.h>
#include <stdlib.h>

typedef struct WriteScan {
    SolModule *m;
    SolOp *func;
    bool *written;
    int depth;
} WriteScan;

static void mark_written(WriteScan *s, const SolValue *mem);

/* The memrefs an op writes: store targets, linalg outs, and call arguments the callee writes. */
static bool scan_op(SolOp *op, void *user)
{
    WriteScan *s = user;
    switch (op->kind) {
    case SOL_OP_STORE:
    case SOL_OP_MSTORE:
        mark_written(s, sol_op_operand(op, 1));
        break;
    case SOL_OP_GENERIC:
        for (uint32_t i = op->props.generic.num_ins; i < op->num_operands; i++)
            mark_written(s, sol_op_operand(op, i));
        break;
    case SOL_OP_CALL: {
        SolOp *callee = sol_module_lookup_func(s->m, op->props.func->sym);
        if (!callee || callee->num_regions == 0 || s->depth > 16)
            break;
        SolBlock *body = sol_region_first_block(&callee->regions[0]);
        if (!body)
            break;
        bool *w = sol_xcalloc(body->num_args + 1, sizeof *w);
        WriteScan inner = {s->m, callee, w, s->depth + 1};
        sol_op_walk(callee, scan_op, &inner);
        for (uint32_t i = 0; i < body->num_args && i < op->num_operands; i++)
            if (w[i])
                mark_written(s, sol_op_operand(op, i));
        free(w);
        break;
    }
    default:
        break;
    }
    return true;
}

/* Follows a memref value back to an argument of s->func (through select) and marks it. */
static void mark_written(WriteScan *s, const SolValue *mem)
{
    if (mem->def && mem->def->kind == SOL_OP_SELECT) {
        mark_written(s, sol_op_operand(mem->def, 1));
        mark_written(s, sol_op_operand(mem->def, 2));
        return;
    }
    if (!mem->def && sol_block_parent_op(mem->owner) == s->func)
        s->written[mem->index] = true;
}

void sol_func_written_args(SolModule *m, SolOp *func, bool *written)
{
    WriteScan s = {m, func, written, 0};
    sol_op_walk(func, scan_op, &s);
}

/* A JSON string: the characters of identifiers and type spellings, escaped where JSON needs. */
static void put_json_string(SolBuf *b, const char *s)
{
    sol_buf_putc(b, '"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            sol_buf_printf(b, "\\%c", c);
        else if (c < 0x20)
            sol_buf_printf(b, "\\u%04x", c);
        else
            sol_buf_putc(b, (char)c);
    }
    sol_buf_putc(b, '"');
}

static void put_json_type(SolBuf *b, const SolType *t)
{
    SolBuf text = {0};
    sol_type_print(&text, t);
    put_json_string(b, text.data ? text.data : "");
    sol_buf_free(&text);
}

void sol_func_signature_json(SolModule *m, SolOp *func, SolBuf *out)
{
    const SolType *ft = func->props.func->type;
    SolBlock *body = func->num_regions ? sol_region_first_block(&func->regions[0]) : NULL;
    uint32_t n = body ? body->num_args : ft->num_inputs;
    bool *written = sol_xcalloc(n + 1, sizeof *written);
    if (body)
        sol_func_written_args(m, func, written);
    sol_buf_puts(out, "{\"name\": ");
    put_json_string(out, func->props.func->sym->str);
    sol_buf_puts(out, ", \"args\": [");
    for (uint32_t i = 0; i < n; i++) {
        const SolType *t = body ? body->args[i].type : ft->inputs[i];
        char name[32];
        snprintf(name, sizeof name, "arg%u", i);
        const SolIdent *hint = body ? body->args[i].hint : NULL;
        sol_buf_puts(out, i ? ", {\"name\": " : "{\"name\": ");
        put_json_string(out, hint ? hint->str : name);
        sol_buf_puts(out, ", \"type\": ");
        put_json_type(out, t);
        sol_buf_puts(out, ", \"elem\": ");
        put_json_type(out, sol_type_is_memref(t) ? t->elem : t);
        sol_buf_puts(out, ", \"shape\": ");
        if (sol_type_is_memref(t)) {
            sol_buf_putc(out, '[');
            for (uint32_t r = 0; r < t->rank; r++) {
                if (r)
                    sol_buf_puts(out, ", ");
                if (t->dims[r] == SOL_DYNAMIC)
                    sol_buf_puts(out, "null");
                else
                    sol_buf_put_i64(out, t->dims[r]);
            }
            sol_buf_putc(out, ']');
        } else {
            sol_buf_puts(out, "null");
        }
        sol_buf_printf(out, ", \"written\": %s}", written[i] ? "true" : "false");
    }
    sol_buf_puts(out, "], \"results\": [");
    for (uint32_t i = 0; i < ft->num_results; i++) {
        if (i)
            sol_buf_puts(out, ", ");
        put_json_type(out, ft->results[i]);
    }
    sol_buf_puts(out, "]}\n");
    free(written);
}

/*
 * Parse, verify and print in one pass: what solar-opt does when no pass needs the whole module.
 *
 * The parser hands each top-level op of a function body to this file as soon as the op is complete
 * (parse_support.h: SolPSink). The op is verified with everything nested in it, the way
 * sol_verify_module's walk would reach it (the function's arguments and the results of the ops
 * before it are in scope), then printed, and then, unless later ops can refer to it (it has
 * results, it is the function's terminator, or it holds a call to a function not seen yet or an op
 * the print target cannot spell), erased: the parser reuses its memory for the next op. A function
 * of 20,000 loop nests thus takes the memory of one nest at a time, and a file of 1,000 functions
 * that of one function.
 *
 * What cannot be known before the end waits for it: a function's own checks (its terminator
 * against its signature) run at its `}`, calls to functions defined further down are checked once
 * all are known, ops the MLIR 14 spelling lacks are reported only if nothing failed to verify
 * (solar-opt checks the print target only then), and the aliases (`#map0 = ...`), which the
 * printer numbers in order of first use but must print first, are written before the text, which
 * waits in a temporary file meanwhile. The output is byte for byte what sol_print_module prints
 * for the same module, and the diagnostics are those of sol_verify_module and
 * sol_check_print_target, held until the whole input has parsed (and dropped if it does not, as
 * sol_verify_module never sees a module that does not parse), in the order of its walk, except
 * that the errors of calls to functions further down come last. Nothing is written to `out` unless
 * everything succeeded.
 */
#include "IR/parse_support.h"
#include "IR/print_internal.h"
#include "IR/verify_internal.h"

#include <stdint.h>
#include <stdlib.h>

typedef struct Stream {
    SolContext *ctx;
    SolDiagEngine *diag;
    size_t func_diags; /* where the current function's own findings go among the held ones */
    SolMlirTarget target;
    unsigned errors_before;
    SolVerifier v;
    SolOpVec deferred; /* calls to functions not seen yet */
    SolPrinter P;
    SolBuf buf;
    FILE *spool; /* the printed text, until the aliases are known; NULL: it stays in buf */
    bool module_open;
    SolVecOf(const SolOp *) unspellable; /* ops --mlir=14 cannot print, checked at the end */
} Stream;

static bool failed(const Stream *s) { return sol_error_count(s->ctx) != s->errors_before; }

/* `module ... {`, before the first function (or at the end when there is none). */
static void open_module(Stream *s, SolOp *module)
{
    if (s->module_open)
        return;
    s->module_open = true;
    sol_prt_collect(&s->P, module, false);
    sol_prt_module_open(&s->P, module);
}

/* What sol_check_print_target reports, found now and reported at the end, since solar-opt
 * checks the print target only once the module verified. Each such op is kept (op_done). */
static bool note_unspellable(SolOp *op, void *user)
{
    Stream *s = user;
    if (op->kind != SOL_OP_MODULE && !sol_op_info(op->kind)->name14)
        sol_vec_push(&s->unspellable, op);
    return true;
}

static void add_function(Stream *s, SolOp *func)
{
    const SolIdent *sym = func->props.func->sym;
    if (sym && !sol_ptr_map_get(&s->v.funcs, sym, NULL))
        sol_ptr_map_put(&s->v.funcs, sym, (uintptr_t)func);
    open_module(s, sol_block_parent_op(func->parent));
    sol_prt_collect(&s->P, func, false);
}

/* The verifier's findings are held until the input has parsed (see the file comment), each at
 * its place in the order of sol_verify_module's walk: at = SIZE_MAX appends. */
static void hold(Stream *s, size_t at)
{
    sol_diag_hold(s->diag, true);
    if (at != SIZE_MAX)
        s->diag->hold_at = at;
}

static void func_begin(void *user, SolOp *func)
{
    Stream *s = user;
    hold(s, SIZE_MAX);
    s->func_diags = s->diag->held.len;
    add_function(s, func);
    sol_vfy_func_begin(&s->v, func);
    sol_prt_func_open(&s->P, func);
    sol_diag_hold(s->diag, false);
}

static bool op_done(void *user, SolOp *op)
{
    Stream *s = user;
    size_t deferred = s->deferred.len, unspellable = s->unspellable.len;
    hold(s, SIZE_MAX);
    sol_vfy_top_op(&s->v, op);
    sol_diag_hold(s->diag, false);
    if (s->target == SOL_MLIR_14)
        sol_op_walk(op, note_unspellable, s);
    if (!failed(s)) { /* after an error the output is not written: save the work */
        sol_prt_collect(&s->P, op, true);
        sol_prt_op(&s->P, op, 2);
    }
    return op->num_results == 0 && !(sol_op_info(op->kind)->flags & SOL_OPF_TERMINATOR) &&
           s->deferred.len == deferred && s->unspellable.len == unspellable;
}

/* A function's own checks come before its body's in the walk. */
static void func_end(void *user, SolOp *func)
{
    Stream *s = user;
    if (sol_region_first_block(&func->regions[0])) {
        hold(s, s->func_diags);
        sol_vfy_func_end(&s->v, func);
        sol_diag_hold(s->diag, false);
        sol_prt_close(&s->P, 1);
        return;
    }
    hold(s, SIZE_MAX); /* a declaration: one line */
    add_function(s, func);
    sol_vfy_op_alone(&s->v, func);
    sol_diag_hold(s->diag, false);
    sol_prt_op(&s->P, func, 1);
}

/* The aliases, then the text kept in the spool (or in memory). */
static bool write_output(Stream *s, FILE *out)
{
    SolBuf head = {0};
    SolBuf *body = s->P.b;
    s->P.b = &head;
    sol_prt_aliases(&s->P);
    s->P.b = body;
    fwrite(head.data ? head.data : "", 1, head.len, out);
    sol_buf_free(&head);
    if (s->spool) {
        sol_prt_flush(&s->P);
        rewind(s->spool);
        char chunk[1 << 16];
        for (size_t n; (n = fread(chunk, 1, sizeof chunk, s->spool)) > 0;)
            fwrite(chunk, 1, n, out);
        if (ferror(s->spool))
            return false;
    }
    fwrite(body->data ? body->data : "", 1, body->len, out);
    return !ferror(out);
}

bool sol_stream_file(SolContext *ctx, const char *name, FILE *in, FILE *out,
                     const SolPrintOptions *opts)
{
    Stream s = {.ctx = ctx, .diag = sol_context_diag(ctx),
                .target = opts ? opts->target : SOL_MLIR_CURRENT,
                .errors_before = sol_error_count(ctx), .spool = tmpfile()};
    s.v.ctx = ctx;
    s.v.funcs_built = true; /* kept up to date as functions come */
    s.v.deferred_calls = &s.deferred;
    sol_prt_init(&s.P, &s.buf, s.spool, opts);
    SolPSink sink = {&s, func_begin, op_done, func_end};
    bool parsed;
    SolModule *m = sol_p_parse_file_sink(ctx, name, in, &sink, &parsed);
    if (parsed) {
        open_module(&s, m->op);
        s.v.deferred_calls = NULL; /* every function is known now */
        hold(&s, SIZE_MAX);        /* (calls to functions further down report last) */
        for (size_t i = 0; i < s.deferred.len; i++)
            sol_vfy_op_alone(&s.v, s.deferred.data[i]);
        hold(&s, 0); /* the module's own checks come first */
        sol_vfy_op_alone(&s.v, m->op);
        sol_diag_hold(s.diag, false);
        sol_diag_report_held(s.diag);
        for (size_t i = 0, verified = !failed(&s); verified && i < s.unspellable.len; i++)
            sol_prt_spellable(ctx, s.unspellable.data[i], s.target);
        sol_prt_close(&s.P, 0);
        sol_buf_putc(&s.buf, '\n'); /* as sol_print_module: mlir-opt-14 ends with an empty line */
    } else {
        sol_diag_drop_held(s.diag); /* the input does not parse: only that is reported */
    }
    bool ok = parsed && !failed(&s);
    if (ok && !write_output(&s, out))
        ok = false; /* the caller reports a write error */
    sol_vfy_free(&s.v); /* these two clear their marks in the module's values: first */
    sol_prt_free(&s.P);
    sol_module_free(m);
    sol_vec_free(&s.deferred);
    sol_vec_free(&s.unspellable);
    sol_buf_free(&s.buf);
    if (s.spool)
        fclose(s.spool);
    return ok;
}

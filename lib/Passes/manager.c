/*
 * The pass manager: runs a pipeline's passes in order on one module. After each pass it
 * verifies the module (unless verify_each is off) and, with print_ir_after_all, dumps the
 * module to stderr under MLIR's banner:
 *
 *   // -----// IR Dump After fuse //----- //
 *
 * A pass fails when it returns false or raises the context's error count (a pass that emits an
 * error and carries on still fails); the run stops at the first failure. The option accessors
 * (sol_pass_opt_int & co) live here too: they read the running instance of the SolPassRun.
 */
#include "Passes/pass.h"

#include <stdlib.h>
#include <string.h>

/* ---- option accessors ------------------------------------------------------------------- */

/* The value slot of option `name` of the running pass, checked against the accessor's kinds. */
static const SolPassOptValue *option_value(const SolPassRun *r, const char *name,
                                           unsigned kind_mask)
{
    const SolPass *pass = r->instance->pass;
    for (size_t i = 0; pass->options && pass->options[i].name; i++) {
        if (strcmp(pass->options[i].name, name) != 0)
            continue;
        if (!(kind_mask & (1u << pass->options[i].kind)))
            break;
        return &r->instance->values[i];
    }
    fprintf(stderr,
            "solar: internal error: pass '%s' read option '%s' it does not declare "
            "with that kind\n",
            pass->name, name);
    abort();
}

int64_t sol_pass_opt_int(const SolPassRun *r, const char *name)
{
    return option_value(r, name, 1u << SOL_OPT_INT | 1u << SOL_OPT_BYTES)->i;
}

double sol_pass_opt_double(const SolPassRun *r, const char *name)
{
    const SolPass *pass = r->instance->pass;
    for (size_t i = 0; pass->options && pass->options[i].name; i++)
        if (strcmp(pass->options[i].name, name) == 0 && pass->options[i].kind != SOL_OPT_FLOAT)
            return (double)sol_pass_opt_int(r, name);
    return option_value(r, name, 1u << SOL_OPT_FLOAT)->f;
}

bool sol_pass_opt_bool(const SolPassRun *r, const char *name)
{
    return option_value(r, name, 1u << SOL_OPT_BOOL)->b;
}

const char *sol_pass_opt_str(const SolPassRun *r, const char *name)
{
    return option_value(r, name, 1u << SOL_OPT_STRING)->s;
}

/* ---- running a pipeline ------------------------------------------------------------------- */

void sol_pass_run_init(SolPassRun *r, SolContext *ctx, const char *entry)
{
    memset(r, 0, sizeof *r);
    r->ctx = ctx;
    r->entry = entry;
}

void sol_pass_run_release(SolPassRun *r)
{
    if (r->analysis && r->analysis_free)
        r->analysis_free(r->analysis);
    r->analysis = NULL;
    r->analysis_free = NULL;
}

static void dump_ir(const SolPassManagerOptions *opts, const char *pass, bool failed, SolModule *m)
{
    FILE *out = opts->dump_out ? opts->dump_out : stderr;
    fprintf(out, "// -----// IR Dump After %s%s //----- //\n", pass, failed ? " Failed" : "");
    sol_print_module(out, m, &opts->print);
    fflush(out);
}

/* Runs one instance; true when it succeeded without new errors. */
static bool run_one(const SolPassInstance *inst, SolPassRun *r, SolModule *m,
                    const SolPassManagerOptions *opts)
{
    unsigned errors_before = sol_error_count(r->ctx);
    r->instance = inst;
    bool ok = inst->pass->run(r, m) && sol_error_count(r->ctx) == errors_before;
    r->instance = NULL;
    /* Re-verifying right after the verify pass would only repeat it. */
    if (ok && opts->verify_each && inst->pass != &sol_pass_verify)
        ok = sol_verify_module(r->ctx, m);
    if (opts->print_ir_after_all)
        dump_ir(opts, inst->pass->name, !ok, m);
    return ok;
}

bool sol_pipeline_run(const SolPipeline *p, SolPassRun *r, SolModule *m,
                      const SolPassManagerOptions *opts)
{
    for (size_t i = 0; i < p->len; i++)
        if (!run_one(&p->data[i], r, m, opts))
            return false;
    return true;
}

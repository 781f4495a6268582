/*
 * The `verify` pass: structural verification (SSA dominance and scoping, types, affine rules,
 * static memref bounds) as a pipeline step. solar-opt always verifies after parsing and the
 * manager after every pass; this pass lets a pipeline say so explicitly.
 */
#include "Passes/pass.h"

static bool run(SolPassRun *r, SolModule *m) { return sol_verify_module(r->ctx, m); }

const SolPass sol_pass_verify = {
    .name = "verify",
    .summary = "check SSA dominance, types, affine rules and static memref bounds",
    .options = NULL,
    .run = run,
};

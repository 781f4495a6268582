/*
 * The pass registry: the one static table of every pass (QBE's tlist[], MLIR's
 * registerAllPasses()). The pipeline parser, the solar-opt pass flags and --help all read it,
 * so adding a pass is one extern in pass.h and one row here.
 */
#include "Passes/pass.h"

#include <string.h>

static const SolPass *const passes[] = {
    &sol_pass_verify,
    &sol_pass_lift_einsum,
    &sol_pass_fuse,
    &sol_pass_tile_for_cache,
    &sol_pass_sol_unfused,
    &sol_pass_sol_fused,
    &sol_pass_sol_cache,
    NULL,
};

const SolPass *const *sol_pass_registry(void) { return passes; }

const SolPass *sol_pass_lookup_n(const char *name, size_t len)
{
    for (const SolPass *const *p = passes; *p; p++)
        if (strlen((*p)->name) == len && memcmp((*p)->name, name, len) == 0)
            return *p;
    return NULL;
}

const SolPass *sol_pass_lookup(const char *name) { return sol_pass_lookup_n(name, strlen(name)); }

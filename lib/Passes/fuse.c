/*
 * The `fuse` pass: a fusion plan over the entry function's einsum graph (lib/Analysis/
 * fusion.h has the rules and the group bytes). Each node op gets `solar.group = N : i64`;
 * under `fuse{remarks=true}` a remark at each node says why it starts or joins its group.
 * The plan stays in the run's SolSolAnalysis, so the report gets a `sol-fused-plan` row.
 *
 * The budget, `max-bytes`, is the on-chip storage an ordinary group may fill with whole
 * intermediates. 0 (the default) means the device's: every level below DRAM, capacity times
 * units (L2 plus each SM's L1/shared memory and registers: 116 MiB on H100-SXM), the most an
 * implementation can keep on chip (io-lower-bounds.md §7.1). The device is the first the
 * driver reports on (SolPassRun.device, from solar-opt's --hw or its default), so the plan
 * and the report's bounds speak of the same machine.
 */
#include "Passes/pass.h"
#include "Passes/sol_analysis.h"

#include "Analysis/device.h"

#include <stdlib.h>
#include <string.h>

/* Capacity of every level below DRAM, 0 on overflow or when there is none. */
static uint64_t onchip_bytes(const SolDevice *d)
{
    uint64_t sum = 0, b;
    for (uint32_t k = 1; k < d->num_levels; k++) {
        const SolMemLevel *l = &d->levels[k];
        if (__builtin_mul_overflow(l->bytes, (uint64_t)(l->units ? l->units : 1), &b) ||
            __builtin_add_overflow(sum, b, &sum))
            return 0;
    }
    return sum;
}

/* The default budget: the on-chip capacity of the driver's first device. */
static bool device_budget(SolPassRun *r, SolLoc loc, uint64_t *out)
{
    if (!r->device) {
        sol_emit_error(r->ctx, loc,
                       "fuse: no device to take the on-chip budget from; give "
                       "fuse{max-bytes=...}");
        return false;
    }
    char *name;
    if (strcmp(r->device, "all") == 0) {
        size_t n = 0;
        char **paths = sol_device_list(&n);
        name = sol_xstrdup(n ? paths[0] : "all");
        sol_device_list_free(paths, n);
    } else {
        const char *comma = strchr(r->device, ',');
        name =
            comma ? sol_xstrndup(r->device, (size_t)(comma - r->device)) : sol_xstrdup(r->device);
    }
    SolDevice dev;
    SolBuf err = {0};
    bool ok = sol_device_load(name, &dev, &err);
    if (!ok) {
        sol_emit_error(r->ctx, loc, "fuse: %s", err.data);
    } else {
        *out = onchip_bytes(&dev);
        if (!*out) {
            sol_emit_error(r->ctx, loc,
                           "fuse: device %s lists no on-chip memory; give fuse{max-bytes=...}",
                           dev.name);
            ok = false;
        }
        sol_device_free(&dev);
    }
    sol_buf_free(&err);
    free(name);
    return ok;
}

static bool run(SolPassRun *r, SolModule *m)
{
    SolSolAnalysis *a = sol_sol_analysis_get(r, m);
    if (!a)
        return false;
    uint64_t budget = (uint64_t)sol_pass_opt_int(r, "max-bytes");
    if (budget == 0 && !device_budget(r, a->func->loc, &budget))
        return false;
    if (a->planned)
        sol_fusion_plan_free(&a->plan);
    sol_fusion_plan_build(&a->graph, budget, &a->plan);
    a->planned = true;
    bool remarks = sol_pass_opt_bool(r, "remarks");
    const SolIdent *key = sol_ident_cstr(m->ctx, "solar.group");
    for (uint32_t i = 0; i < a->graph.num_nodes; i++) {
        SolOp *op = a->graph.nodes[i].op;
        sol_op_set_attr(m, op, key,
                        sol_attr_int(m, (int64_t)a->plan.group_of[i], sol_type_int(m->ctx, 64)));
        if (remarks)
            sol_emit_remark(r->ctx, op->loc, "%s", a->plan.why[i]);
    }
    return true;
}

const SolPass sol_pass_fuse = {
    .name = "fuse",
    .summary = "fusion plan: producer/consumer groups under an on-chip budget (solar.group)",
    .options =
        (const SolPassOption[]){
            {"max-bytes", SOL_OPT_BYTES, "0",
             "on-chip bytes a group may keep intermediates in (0: the device's on-chip capacity)"},
            {"remarks", SOL_OPT_BOOL, "false",
             "explain at each node why it starts or joins its group"},
            {0},
        },
    .run = run,
};

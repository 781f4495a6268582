/*
 * The op builders of the custom syntax: functions and the module, affine.for and affine.if
 * (created by a mid-rule action once their header is read, so the body's ops land in their
 * block), linalg.generic, and the single-line ops. Each checks what the syntax fixes (the
 * trailing type against the operands' types, map operand counts) and leaves the rest to the
 * verifier; after an error it returns NULL, which the grammar passes on quietly.
 */
#include "IR/parse_internal.h"

#include <string.h>

/* ---- structure ------------------------------------------------------------------------------------ */

void sol_p_module_begin(SolParser *p, SolPLoc l, const SolIdent *name, const SolAttr *attrs)
{
    if (p->have_module || p->have_top_op) {
        sol_p_error(p, l, "a file holds one 'module', and nothing besides aliases may precede it");
        return;
    }
    p->have_module = true;
    SolOp *m = p->module->op;
    m->loc = sol_p_loc(p, l);
    m->props.func->sym = name;
    sol_p_set_attrs(p, m, attrs);
}

SolOp *sol_p_func_begin(SolParser *p, SolPLoc l, bool is_private, const SolIdent *name,
                        SolPList *params, SolPList *results, const SolAttr *attrs)
{
    p->have_top_op = true;
    p->pending_params = params;
    if (!sol_p_building(p))
        return NULL;
    if (p->module_closed)
        sol_p_error(p, l, "function '@%s' is outside the module; a file holds one module",
                    name->str);
    if (!sol_p_record_func_name(p, name))
        sol_p_error(p, l, "redefinition of symbol '@%s'", name->str);
    uint32_t ni = sol_p_len(params), nr = sol_p_len(results);
    const SolType **in = sol_arena_alloc(&p->scratch, (ni + 1) * sizeof *in);
    const SolType **out = sol_arena_alloc(&p->scratch, (nr + 1) * sizeof *out);
    const SolAttr **in_attrs = sol_arena_alloc(&p->module->arena, (ni + 1) * sizeof *in_attrs);
    const SolAttr **out_attrs = sol_arena_alloc(&p->module->arena, (nr + 1) * sizeof *out_attrs);
    for (uint32_t i = 0; i < ni; i++) {
        SolPParam *prm = params->items[i];
        in[i] = prm->type;
        in_attrs[i] = prm->attrs && prm->attrs->dict.n ? prm->attrs : NULL;
    }
    for (uint32_t i = 0; i < nr; i++) {
        SolPParam *prm = results->items[i];
        out[i] = prm->type;
        out_attrs[i] = prm->attrs && prm->attrs->dict.n ? prm->attrs : NULL;
    }
    SolOp *f = sol_op_create(p->module, SOL_OP_FUNC, sol_p_loc(p, l), 0, NULL, 0, NULL, 1);
    f->props.func->sym = name;
    f->props.func->type = sol_type_function(p->ctx, ni, in, nr, out);
    f->props.func->arg_attrs = in_attrs;
    f->props.func->res_attrs = out_attrs;
    f->props.func->is_private = is_private;
    sol_p_set_attrs(p, f, attrs);
    sol_block_append(sol_module_body(p->module), f);
    return f;
}

void sol_p_func_body(SolParser *p, SolOp *func, SolPLoc l)
{
    SolPList *params = p->pending_params;
    p->pending_params = NULL;
    if (!func || !sol_p_building(p)) {
        sol_p_region_enter(p, l, NULL);
        return;
    }
    uint32_t n = sol_p_len(params);
    SolBlock *b = sol_block_create(p->module, &func->regions[0], n, func->props.func->type->inputs);
    sol_p_region_enter(p, l, b);
    for (uint32_t i = 0; i < n; i++) {
        SolPParam *prm = params->items[i];
        if (!prm->name.str) {
            sol_p_error(p, prm->loc, "a function with a body needs named arguments ('%%name: type')");
            continue;
        }
        sol_p_define(p, prm->loc, l, prm->name, &b->args[i], 1);
    }
    if (sol_p_sinking(p)) {
        p->sink->func_begin(p->sink->user, func);
        p->sunk = NULL;
        p->body_mark = sol_arena_mark(&p->module->arena);
    }
}

void sol_p_func_end(SolParser *p, SolOp *func, bool has_body)
{
    if (has_body) {
        sol_p_region_leave(p);
    } else {
        SolPList *params = p->pending_params;
        p->pending_params = NULL;
        for (uint32_t i = 0; func && sol_p_building(p) && i < sol_p_len(params); i++) {
            SolPParam *prm = params->items[i];
            if (prm->name.str) {
                sol_p_error(p, prm->loc, "function '@%s' has named arguments but no body; a declaration lists types only",
                            func->props.func->sym->str);
                return;
            }
        }
    }
    if (func && sol_p_sinking(p))
        p->sink->func_end(p->sink->user, func);
}

/* Appends an empty terminator when a region was written without one (MLIR elides them). */
static void ensure_terminator(SolParser *p, SolBlock *b, SolOpKind kind, SolLoc loc)
{
    if (!b)
        return;
    SolOp *last = sol_block_last_op(b);
    if (last && (sol_op_info(last->kind)->flags & SOL_OPF_TERMINATOR))
        return;
    sol_block_append(b, sol_op_create(p->module, kind, loc, 0, NULL, 0, NULL, 0));
}

/* ---- affine.for --------------------------------------------------------------------------------- */

SolPBound *sol_p_bound_map(SolParser *p, SolPLoc l, const SolAffineMap *map, SolPList *dims,
                           SolPList *syms, bool minmax)
{
    SolPBound *b = sol_arena_alloc(&p->scratch, sizeof *b);
    *b = (SolPBound){map, dims, syms, minmax, l};
    if (map && (sol_p_len(dims) != map->num_dims || sol_p_len(syms) != map->num_syms)) {
        sol_p_error(p, l, "the bound map takes %u dimension and %u symbol operands, but %u and %u were given",
                    map->num_dims, map->num_syms, sol_p_len(dims), sol_p_len(syms));
        b->map = NULL;
    }
    return b;
}

SolPBound *sol_p_bound_ssa(SolParser *p, SolPLoc l, SolPUse *u)
{
    const SolAffineExpr *s0 = sol_affine_sym(p->ctx, 0);
    const SolAffineMap *map = sol_affine_map(p->ctx, 0, 1, 1, &s0);
    return sol_p_bound_map(p, l, map, NULL, sol_p_list(p, u), false);
}

SolPBound *sol_p_bound_int(SolParser *p, SolPLoc l, SolPInt v, bool neg)
{
    if (v.overflow || v.value > (uint64_t)INT64_MAX + neg) { /* -2^63 is the one extra */
        sol_p_error(p, l, "loop bound is out of range");
        v.value = 0;
    }
    const SolAffineExpr *c = sol_affine_const(p->ctx, neg ? (int64_t)(0 - v.value) : (int64_t)v.value);
    return sol_p_bound_map(p, l, sol_affine_map(p->ctx, 0, 0, 1, &c), NULL, NULL, false);
}

static bool check_bound(SolParser *p, const SolPBound *b, const char *keyword)
{
    if (!b->map)
        return false;
    if (b->map->num_results == 0) {
        sol_p_error(p, b->loc, "a loop bound map needs at least one result");
        return false;
    }
    if (b->map->num_results > 1 && !b->has_minmax) {
        sol_p_error(p, b->loc, "a bound map with %u results needs '%s' in front of it",
                    b->map->num_results, keyword);
        return false;
    }
    return sol_p_all_resolved(b->dims) && sol_p_all_resolved(b->syms);
}

static void push_uses(SolValue **ops, uint32_t *n, SolPList *uses)
{
    for (uint32_t i = 0; i < sol_p_len(uses); i++)
        ops[(*n)++] = ((SolPUse *)uses->items[i])->value;
}

SolOp *sol_p_for_begin(SolParser *p, SolPLoc l, SolPLoc ivl, SolPName iv, SolPBound *lb,
                       SolPBound *ub, SolPInt step, SolPList *iter_names, SolPList *iter_inits,
                       SolPList *types)
{
    if (!sol_p_building(p)) {
        sol_p_region_enter(p, l, NULL);
        return NULL;
    }
    bool ok = check_bound(p, lb, "max");
    ok = check_bound(p, ub, "min") && ok;
    if (step.overflow || step.value == 0 || step.value > (uint64_t)INT64_MAX) {
        sol_p_error(p, l, "step must be a positive integer");
        step.value = 1; /* keep building: the body's errors are worth reporting too */
    }
    uint32_t niter = sol_p_len(iter_names);
    if (niter != sol_p_len(types)) {
        sol_p_error(p, l, "iter_args has %u values but %u result types", niter, sol_p_len(types));
        ok = false;
    }
    for (uint32_t i = 0; ok && i < niter; i++)
        ok = sol_p_check_use(p, iter_inits->items[i], types->items[i]) && ((SolPUse *)iter_inits->items[i])->value;
    if (!ok) { /* keep the body's names defined, so its uses do not cascade into errors */
        sol_p_region_enter(p, l, NULL);
        sol_p_define(p, ivl, l, iv, NULL, 1);
        for (uint32_t i = 0; i < niter; i++) {
            SolPUse *n = iter_names->items[i];
            sol_p_define(p, n->loc, l, n->name, NULL, 1);
        }
        return NULL;
    }
    uint32_t nlb = sol_p_len(lb->dims) + sol_p_len(lb->syms);
    uint32_t nub = sol_p_len(ub->dims) + sol_p_len(ub->syms);
    SolValue **operands = sol_arena_alloc(&p->scratch, (nlb + nub + niter + 1) * sizeof *operands);
    uint32_t n = 0;
    push_uses(operands, &n, lb->dims);
    push_uses(operands, &n, lb->syms);
    push_uses(operands, &n, ub->dims);
    push_uses(operands, &n, ub->syms);
    push_uses(operands, &n, iter_inits);
    const SolType *const *rtypes = (const SolType *const *)(types ? types->items : NULL);
    SolOp *op = sol_op_create(p->module, SOL_OP_FOR, sol_p_loc(p, l), n, operands, niter, rtypes, 1);
    op->props.loop->lb = lb->map;
    op->props.loop->ub = ub->map;
    op->props.loop->step = (int64_t)step.value;
    op->props.loop->num_lb_operands = nlb;
    op->props.loop->num_ub_operands = nub;
    const SolType **args = sol_arena_alloc(&p->scratch, (niter + 1) * sizeof *args);
    args[0] = sol_type_index(p->ctx);
    for (uint32_t i = 0; i < niter; i++)
        args[i + 1] = rtypes[i];
    SolBlock *body = sol_block_create(p->module, &op->regions[0], niter + 1, args);
    sol_p_append_op(p, op);
    sol_p_region_enter(p, l, body);
    sol_p_define(p, ivl, l, iv, &body->args[0], 1);
    if (niter)
        sol_p_define_block_args(p, l, body, 1, (SolPUse *const *)iter_names->items, niter);
    return op;
}

SolOp *sol_p_for_end(SolParser *p, SolOp *op, const SolAttr *attrs)
{
    sol_p_region_leave(p);
    if (!op || !sol_p_building(p))
        return NULL;
    if (!op->num_results)
        ensure_terminator(p, sol_region_first_block(&op->regions[0]), SOL_OP_YIELD, op->loc);
    sol_p_set_attrs(p, op, attrs);
    return op;
}

/* ---- affine.if ---------------------------------------------------------------------------------- */

SolOp *sol_p_if_begin(SolParser *p, SolPLoc l, const SolIntegerSet *set, SolPList *dims,
                      SolPList *syms, SolPList *types)
{
    if (!sol_p_building(p) || !set || !sol_p_all_resolved(dims) || !sol_p_all_resolved(syms)) {
        sol_p_region_enter(p, l, NULL);
        return NULL;
    }
    if (sol_p_len(dims) != set->num_dims || sol_p_len(syms) != set->num_syms) {
        sol_p_error(p, l, "the integer set takes %u dimension and %u symbol operands, but %u and %u were given",
                    set->num_dims, set->num_syms, sol_p_len(dims), sol_p_len(syms));
        sol_p_region_enter(p, l, NULL);
        return NULL;
    }
    uint32_t n = 0;
    SolValue **operands = sol_arena_alloc(&p->scratch, (set->num_dims + set->num_syms + 1) * sizeof *operands);
    push_uses(operands, &n, dims);
    push_uses(operands, &n, syms);
    SolOp *op = sol_op_create(p->module, SOL_OP_IF, sol_p_loc(p, l), n, operands, sol_p_len(types),
                              (const SolType *const *)(types ? types->items : NULL), 2);
    op->props.cond.set = set;
    SolBlock *then = sol_block_create(p->module, &op->regions[0], 0, NULL);
    sol_p_append_op(p, op);
    SolPRegion *r = sol_p_region_enter(p, l, then);
    if (r)
        r->if_op = op;
    return op;
}

/* The then-region closes and the else-region opens in its place (one region deep, as for
 * error recovery: the `if`'s opening leaves whichever is open). */
void sol_p_if_else(SolParser *p)
{
    SolPRegion *top = sol_p_region_top(p);
    SolOp *op = top ? top->if_op : NULL;
    SolPLoc here = {p->line, p->col, p->line, p->col};
    sol_p_region_leave(p);
    if (!op || !sol_p_building(p)) {
        sol_p_region_enter(p, here, NULL);
        return;
    }
    if (!op->num_results)
        ensure_terminator(p, sol_region_first_block(&op->regions[0]), SOL_OP_YIELD, op->loc);
    SolPRegion *r = sol_p_region_enter(p, here, sol_block_create(p->module, &op->regions[1], 0, NULL));
    if (r)
        r->if_op = op;
}

SolOp *sol_p_if_end(SolParser *p, SolOp *op, const SolAttr *attrs)
{
    sol_p_region_leave(p);
    if (!op || !sol_p_building(p))
        return NULL;
    if (!op->num_results) {
        ensure_terminator(p, sol_region_first_block(&op->regions[0]), SOL_OP_YIELD, op->loc);
        SolBlock *els = sol_region_first_block(&op->regions[1]);
        if (els)
            ensure_terminator(p, els, SOL_OP_YIELD, op->loc);
    }
    sol_p_set_attrs(p, op, attrs);
    return op;
}

/* ---- linalg.generic ----------------------------------------------------------------------------- */

static bool check_typed_uses(SolParser *p, SolPList *uses, SolPList *types, SolPLoc l)
{
    if (sol_p_len(uses) != sol_p_len(types)) {
        sol_p_error(p, l, "%u operands but %u types", sol_p_len(uses), sol_p_len(types));
        return false;
    }
    bool ok = sol_p_all_resolved(uses);
    for (uint32_t i = 0; ok && i < sol_p_len(uses); i++)
        ok = sol_p_check_use(p, uses->items[i], types->items[i]);
    return ok;
}

SolOp *sol_p_generic_begin(SolParser *p, SolPLoc l, const SolAttr *dict, SolPList *ins,
                           SolPList *in_types, SolPList *outs, SolPList *out_types,
                           const SolAttr *extra)
{
    if (!sol_p_building(p) || !check_typed_uses(p, ins, in_types, l) ||
        !check_typed_uses(p, outs, out_types, l))
        return NULL; /* sol_p_generic_block enters its region all the same */
    uint32_t ni = sol_p_len(ins), no = sol_p_len(outs), n = 0;
    SolValue **operands = sol_arena_alloc(&p->scratch, (ni + no + 1) * sizeof *operands);
    push_uses(operands, &n, ins);
    push_uses(operands, &n, outs);
    SolOp *op = sol_op_create(p->module, SOL_OP_GENERIC, sol_p_loc(p, l), n, operands, 0, NULL, 1);
    op->props.generic.num_ins = ni;
    sol_p_set_attrs(p, op, dict);
    sol_p_set_attrs(p, op, extra);
    sol_p_append_op(p, op);
    return op;
}

void sol_p_generic_block(SolParser *p, SolOp *op, SolPList *params)
{
    SolPLoc here = {p->line, p->col, p->line, p->col};
    uint32_t n = sol_p_len(params);
    if (!op || !sol_p_building(p)) {
        sol_p_region_enter(p, here, NULL);
        for (uint32_t i = 0; i < n && sol_p_building(p); i++) {
            SolPParam *prm = params->items[i];
            if (prm->name.str)
                sol_p_define(p, prm->loc, here, prm->name, NULL, 1);
        }
        return;
    }
    const SolType **types = sol_arena_alloc(&p->scratch, (n + 1) * sizeof *types);
    for (uint32_t i = 0; i < n; i++)
        types[i] = ((SolPParam *)params->items[i])->type;
    SolBlock *b = sol_block_create(p->module, &op->regions[0], n, types);
    sol_p_region_enter(p, here, b);
    for (uint32_t i = 0; i < n; i++) {
        SolPParam *prm = params->items[i];
        if (!prm->name.str) {
            sol_p_error(p, prm->loc, "block arguments need names ('%%name: type')");
            continue;
        }
        sol_p_define(p, prm->loc, here, prm->name, &b->args[i], 1);
    }
}

SolOp *sol_p_generic_end(SolParser *p, SolOp *op)
{
    sol_p_region_leave(p);
    return sol_p_building(p) ? op : NULL;
}

/* ---- ops ---------------------------------------------------------------------------------------- */

SolOp *sol_p_terminator(SolParser *p, SolPLoc l, SolOpKind kind, SolPList *uses, SolPList *types)
{
    if (!sol_p_building(p) || !check_typed_uses(p, uses, types, l))
        return NULL;
    uint32_t n;
    SolValue **v = sol_p_values_of(p, uses, &n);
    SolOp *op = sol_op_create(p->module, kind, sol_p_loc(p, l), n, v, 0, NULL, 0);
    sol_p_append_op(p, op);
    return op;
}

SolOp *sol_p_affine_load(SolParser *p, SolPLoc l, SolPUse *mem, SolPList *subs,
                         const SolAttr *attrs, const SolType *type)
{
    if (!sol_p_building(p) || !sol_p_expect_memref(p, l, type) || !sol_p_check_use(p, mem, type) || !mem->value)
        return NULL;
    SolValue **operands;
    uint32_t n;
    const SolAffineMap *map = sol_p_lower_subscripts(p, subs, &operands, &n, 1);
    if (!map)
        return NULL;
    operands[0] = mem->value;
    SolOp *op = sol_op_create(p->module, SOL_OP_LOAD, sol_p_loc(p, l), n, operands, 1, &type->elem, 0);
    op->props.access.map = map;
    sol_p_set_attrs(p, op, attrs);
    sol_p_append_op(p, op);
    return op;
}

SolOp *sol_p_affine_store(SolParser *p, SolPLoc l, SolPUse *val, SolPUse *mem, SolPList *subs,
                          const SolAttr *attrs, const SolType *type)
{
    if (!sol_p_building(p) || !sol_p_expect_memref(p, l, type) || !sol_p_check_use(p, mem, type) ||
        !sol_p_check_use(p, val, type->elem) || !mem->value || !val->value)
        return NULL;
    SolValue **operands;
    uint32_t n;
    const SolAffineMap *map = sol_p_lower_subscripts(p, subs, &operands, &n, 2);
    if (!map)
        return NULL;
    operands[0] = val->value;
    operands[1] = mem->value;
    SolOp *op = sol_op_create(p->module, SOL_OP_STORE, sol_p_loc(p, l), n, operands, 0, NULL, 0);
    op->props.access.map = map;
    sol_p_set_attrs(p, op, attrs);
    sol_p_append_op(p, op);
    return op;
}

SolOp *sol_p_affine_map_op(SolParser *p, SolPLoc l, SolOpKind kind, const SolAffineMap *map,
                           SolPList *dims, SolPList *syms, const SolAttr *attrs)
{
    if (!sol_p_building(p) || !map || !sol_p_all_resolved(dims) || !sol_p_all_resolved(syms))
        return NULL;
    if (sol_p_len(dims) != map->num_dims || sol_p_len(syms) != map->num_syms) {
        sol_p_error(p, l, "'%s' map takes %u dimension and %u symbol operands, but %u and %u were given",
                    sol_op_infos[kind].name, map->num_dims, map->num_syms, sol_p_len(dims), sol_p_len(syms));
        return NULL;
    }
    uint32_t n = 0;
    SolValue **operands = sol_arena_alloc(&p->scratch, (map->num_dims + map->num_syms + 1) * sizeof *operands);
    push_uses(operands, &n, dims);
    push_uses(operands, &n, syms);
    const SolType *index = sol_type_index(p->ctx);
    SolOp *op = sol_op_create(p->module, kind, sol_p_loc(p, l), n, operands, 1, &index, 0);
    op->props.access.map = map;
    sol_p_set_attrs(p, op, attrs);
    sol_p_append_op(p, op);
    return op;
}

static SolOp *memref_access(SolParser *p, SolPLoc l, SolOpKind kind, SolPUse *val, SolPUse *mem,
                            SolPList *idx, const SolAttr *attrs, const SolType *type)
{
    if (!sol_p_building(p) || !sol_p_expect_memref(p, l, type) || !sol_p_check_use(p, mem, type) || !mem->value ||
        !sol_p_all_resolved(idx) || (val && (!sol_p_check_use(p, val, type->elem) || !val->value)))
        return NULL;
    uint32_t prefix = val ? 2 : 1, n = prefix;
    SolValue **operands = sol_arena_alloc(&p->scratch, (prefix + sol_p_len(idx) + 1) * sizeof *operands);
    if (val)
        operands[0] = val->value;
    operands[prefix - 1] = mem->value;
    push_uses(operands, &n, idx);
    SolOp *op = sol_op_create(p->module, kind, sol_p_loc(p, l), n, operands, val ? 0 : 1,
                              val ? NULL : &type->elem, 0);
    sol_p_set_attrs(p, op, attrs);
    sol_p_append_op(p, op);
    return op;
}

SolOp *sol_p_memref_load(SolParser *p, SolPLoc l, SolPUse *mem, SolPList *idx,
                         const SolAttr *attrs, const SolType *type)
{
    return memref_access(p, l, SOL_OP_MLOAD, NULL, mem, idx, attrs, type);
}

SolOp *sol_p_memref_store(SolParser *p, SolPLoc l, SolPUse *val, SolPUse *mem, SolPList *idx,
                          const SolAttr *attrs, const SolType *type)
{
    return memref_access(p, l, SOL_OP_MSTORE, val, mem, idx, attrs, type);
}

SolOp *sol_p_alloc(SolParser *p, SolPLoc l, SolPList *sizes, const SolAttr *attrs,
                   const SolType *type)
{
    if (!sol_p_building(p) || !sol_p_expect_memref(p, l, type) || !sol_p_all_resolved(sizes))
        return NULL;
    uint32_t n;
    SolValue **v = sol_p_values_of(p, sizes, &n);
    SolOp *op = sol_op_create(p->module, SOL_OP_ALLOC, sol_p_loc(p, l), n, v, 1, &type, 0);
    sol_p_set_attrs(p, op, attrs);
    sol_p_append_op(p, op);
    return op;
}

SolOp *sol_p_dealloc(SolParser *p, SolPLoc l, SolPUse *mem, const SolAttr *attrs,
                     const SolType *type)
{
    if (!sol_p_building(p) || !sol_p_expect_memref(p, l, type) || !sol_p_check_use(p, mem, type) || !mem->value)
        return NULL;
    SolOp *op = sol_op_create(p->module, SOL_OP_DEALLOC, sol_p_loc(p, l), 1, &mem->value, 0, NULL, 0);
    sol_p_set_attrs(p, op, attrs);
    sol_p_append_op(p, op);
    return op;
}

SolOp *sol_p_dim(SolParser *p, SolPLoc l, const SolAttr *attrs, SolPUse *mem, SolPUse *idx,
                 const SolType *type)
{
    if (!sol_p_building(p) || !sol_p_expect_memref(p, l, type) || !sol_p_check_use(p, mem, type) ||
        !sol_p_check_use(p, idx, sol_type_index(p->ctx)) || !mem->value || !idx->value)
        return NULL;
    SolValue *operands[2] = {mem->value, idx->value};
    const SolType *index = sol_type_index(p->ctx);
    SolOp *op = sol_op_create(p->module, SOL_OP_DIM, sol_p_loc(p, l), 2, operands, 1, &index, 0);
    sol_p_set_attrs(p, op, attrs);
    sol_p_append_op(p, op);
    return op;
}

SolOp *sol_p_constant(SolParser *p, SolPLoc l, const SolAttr *attrs, const SolAttr *value)
{
    if (!sol_p_building(p) || !value)
        return NULL;
    const SolType *type = value->type;
    SolOp *op = sol_op_create(p->module, SOL_OP_CONSTANT, sol_p_loc(p, l), 0, NULL, 1, &type, 0);
    op->props.constant.value = value;
    sol_p_set_attrs(p, op, attrs);
    sol_p_append_op(p, op);
    return op;
}

/* Binary, unary, ternary ops and select: `op %a, %b : T`, all operands of type T except the
 * condition of select. */
SolOp *sol_p_simple(SolParser *p, SolPLoc l, SolOpKind kind, SolPList *uses,
                    const SolAttr *attrs, const SolType *type)
{
    if (!sol_p_building(p))
        return NULL;
    bool ok = sol_p_all_resolved(uses);
    uint32_t first = kind == SOL_OP_SELECT ? 1 : 0;
    for (uint32_t i = first; i < sol_p_len(uses); i++)
        ok = sol_p_check_use(p, uses->items[i], type) && ok;
    if (!ok)
        return NULL;
    uint32_t n;
    SolValue **v = sol_p_values_of(p, uses, &n);
    SolOp *op = sol_op_create(p->module, kind, sol_p_loc(p, l), n, v, 1, &type, 0);
    sol_p_set_attrs(p, op, attrs);
    sol_p_append_op(p, op);
    return op;
}

SolOp *sol_p_cmp(SolParser *p, SolPLoc l, SolOpKind kind, SolPLoc pl, const SolIdent *pred,
                 SolPUse *a, SolPUse *b, const SolAttr *attrs, const SolType *type)
{
    if (!sol_p_building(p))
        return NULL;
    int k = sol_cmp_predicate_lookup(kind, pred->str, pred->len);
    if (k < 0) {
        sol_p_error(p, pl, "unknown predicate '%s' for '%s'; expected one of %s", pred->str,
                    sol_op_infos[kind].name,
                    kind == SOL_OP_CMPF ? "false, oeq, ogt, oge, olt, ole, one, ord, ueq, ugt, uge, ult, ule, une, uno, true"
                                        : "eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge");
        return NULL;
    }
    bool types_ok = sol_p_check_use(p, a, type);
    types_ok = sol_p_check_use(p, b, type) && types_ok;
    if (!types_ok || !a->value || !b->value)
        return NULL;
    SolValue *operands[2] = {a->value, b->value};
    const SolType *i1 = sol_type_int(p->ctx, 1);
    SolOp *op = sol_op_create(p->module, kind, sol_p_loc(p, l), 2, operands, 1, &i1, 0);
    op->props.cmp.predicate = (uint32_t)k;
    sol_p_set_attrs(p, op, attrs);
    sol_p_append_op(p, op);
    return op;
}

SolOp *sol_p_cast(SolParser *p, SolPLoc l, SolOpKind kind, SolPUse *a, const SolAttr *attrs,
                  const SolType *from, const SolType *to)
{
    if (!sol_p_building(p) || !sol_p_check_use(p, a, from) || !a->value)
        return NULL;
    SolOp *op = sol_op_create(p->module, kind, sol_p_loc(p, l), 1, &a->value, 1, &to, 0);
    sol_p_set_attrs(p, op, attrs);
    sol_p_append_op(p, op);
    return op;
}

const SolType *sol_p_function_type(SolParser *p, SolPList *inputs, SolPList *results)
{
    return sol_type_function(p->ctx, sol_p_len(inputs),
                             (const SolType *const *)(inputs ? inputs->items : NULL),
                             sol_p_len(results),
                             (const SolType *const *)(results ? results->items : NULL));
}

SolOp *sol_p_call(SolParser *p, SolPLoc l, const SolIdent *callee, SolPList *args,
                  const SolAttr *attrs, const SolType *fn_type)
{
    if (!sol_p_building(p) || !sol_p_all_resolved(args))
        return NULL;
    if (sol_p_len(args) != fn_type->num_inputs) {
        sol_p_error(p, l, "call passes %u arguments, but its type lists %u", sol_p_len(args),
                    fn_type->num_inputs);
        return NULL;
    }
    bool ok = true;
    for (uint32_t i = 0; i < fn_type->num_inputs; i++)
        ok = sol_p_check_use(p, args->items[i], fn_type->inputs[i]) && ok;
    if (!ok)
        return NULL;
    uint32_t n;
    SolValue **v = sol_p_values_of(p, args, &n);
    SolOp *op = sol_op_create(p->module, SOL_OP_CALL, sol_p_loc(p, l), n, v, fn_type->num_results,
                              fn_type->results, 0);
    op->props.func->sym = callee;
    op->props.func->type = fn_type;
    sol_p_set_attrs(p, op, attrs);
    sol_p_append_op(p, op);
    return op;
}


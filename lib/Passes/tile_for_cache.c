/*
 * The `tile-for-cache` pass: for each contraction node of the entry function's einsum graph
 * and each bounded memory level of the device, the tile sizes that fit the level and move
 * the fewest bytes (lib/Analysis/tiling.h has the model), recorded on the node op as
 *
 *     solar.tiles = {DRAM = [8192, 4096, 2048], L2 = [2048, 2048, 128]}
 *
 * one integer per loop level of the statement, outermost first (an MLIR dictionary of i64
 * arrays, which mlir-opt parses as it is). The levels and their capacities are the ones the
 * sol-cache report uses (cache_bound.h: a processor's storage below each level), on the
 * driver's first device (SolPassRun.device); `capacity=BYTES` models one level named
 * `custom` of that size instead. The pass asks for the sol-cache report and marks the run
 * so the report adds each level's attainable bytes (the tiled traffic summed over nodes)
 * beside its lower bound. After `fuse`, that figure is per fusion group: an elementwise
 * epilogue of a contraction in the same group is applied to each output tile on chip
 * (tiling.h has the exact conditions), and with remarks each such contraction says so for
 * each level, with the kernel's bytes and the tiles its contraction gets there.
 *
 * `emit=LEVEL` (solar-opt --emit-tiled[=LEVEL]; `auto`: the innermost level with tiles)
 * rewrites each tiled nest of affine loops with that level's tiles: the perfect band of
 * parallel loops at the top of the nest (the levels the output's values depend on) is
 * strip-mined, tile loops stepping by the tile size outside, point loops bounded by
 * `affine.min` for the partial last tile inside, in the original order:
 *
 *     affine.for %i0 = 0 to 100 step 32 {
 *       affine.for %j0 = 0 to 90 step 64 {
 *         affine.for %i = %i0 to min affine_map<(d0) -> (d0 + 32, 100)>(%i0) {
 *           affine.for %j = %j0 to min affine_map<(d0) -> (d0 + 64, 90)>(%j0) {
 *             <the original body: the whole reduction for C[i, j]>
 *
 * The reduction loop right below the band, when its tile is smaller than it and it carries
 * one iter_args chain into the nest's one store, is split too (plan_reduction, below): its
 * tile loop goes inside the output tile loops, the chain's partial sum carried through the
 * output, so every element still adds its terms in the original order and the tiled IR
 * computes bit-identical results; otherwise it stays whole, with a remark. The rewrite needs
 * the band iterations to be independent, which is checked
 * on the node's accesses: every access of a tensor the nest writes uses each tiled band level
 * alone in one dimension, at the same place in all of them (so iterations touch disjoint
 * elements). Nests that are not affine loops (linalg.generic: run before lift-einsum), have
 * symbolic bounds, or fail the check are left as they are, with a remark under `remarks`.
 */
#include "Passes/pass.h"
#include "Passes/sol_analysis.h"

#include "Analysis/device.h"
#include "Analysis/tiling.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define MAX_LEVELS 16

typedef struct Level {
    const char *name;
    uint64_t capacity;
} Level;

/* The bounded levels of the driver's first device, with the report's capacities. */
static bool device_levels(SolPassRun *r, SolLoc loc, const SolGraph *g, SolDevice *dev,
                          Level *out, uint32_t *n)
{
    *n = 0;
    if (!r->device) {
        sol_emit_error(r->ctx, loc,
                       "tile-for-cache: no device to size tiles by; give --hw or "
                       "tile-for-cache{capacity=...}");
        return false;
    }
    char *name;
    if (strcmp(r->device, "all") == 0) {
        size_t k = 0;
        char **paths = sol_device_list(&k);
        name = sol_xstrdup(k ? paths[0] : "all");
        sol_device_list_free(paths, k);
    } else {
        const char *comma = strchr(r->device, ',');
        name =
            comma ? sol_xstrndup(r->device, (size_t)(comma - r->device)) : sol_xstrdup(r->device);
    }
    SolBuf err = {0};
    bool ok = sol_device_load(name, dev, &err);
    free(name);
    if (!ok) {
        sol_emit_error(r->ctx, loc, "tile-for-cache: %s", err.data);
        sol_buf_free(&err);
        return false;
    }
    sol_buf_free(&err);
    SolBoundOptions bo = {0};
    SolBounds b;
    SolCacheBounds c;
    sol_bounds_compute(g, dev, &bo, &b);
    sol_cache_compute(g, &b, &bo, &c);
    for (uint32_t k = 0; k < c.num_levels && *n < MAX_LEVELS; k++)
        if (c.levels[k].bounded && !c.levels[k].per_unit && c.levels[k].capacity > 0)
            out[(*n)++] = (Level){dev->levels[k].name, c.levels[k].capacity};
    sol_cache_free(&c);
    sol_bounds_free(&b);
    if (*n == 0) {
        sol_emit_error(r->ctx, loc, "tile-for-cache: device %s has no level with a capacity "
                                    "below it to tile for",
                       dev->name);
        return false;
    }
    return true;
}

/* ---- solar.tiles -------------------------------------------------------------------------- */

static int by_name(const void *a, const void *b)
{
    return strcmp(((const SolNamedAttr *)a)->name->str, ((const SolNamedAttr *)b)->name->str);
}

static void record(SolModule *m, SolOp *op, const Level *lv, uint32_t nlv,
                   const SolTileChoice *tc)
{
    SolNamedAttr entries[MAX_LEVELS];
    const SolType *i64 = sol_type_int(m->ctx, 64);
    uint32_t ne = 0;
    for (uint32_t k = 0; k < nlv; k++) {
        if (tc[k].kind != SOL_TILE_TILED)
            continue;
        const SolAttr *elems[SOL_TILE_MAX_LEVELS];
        for (uint32_t l = 0; l < tc[k].num_levels; l++)
            elems[l] = sol_attr_int(m, tc[k].tile[l], i64);
        entries[ne++] = (SolNamedAttr){sol_ident_cstr(m->ctx, lv[k].name),
                                       sol_attr_array(m, tc[k].num_levels, elems)};
    }
    if (!ne)
        return;
    qsort(entries, ne, sizeof *entries, by_name);
    sol_op_set_attr(m, op, sol_ident_cstr(m->ctx, "solar.tiles"), sol_attr_dict(m, ne, entries));
}

static void remark(SolContext *ctx, const SolNode *node, const Level *lv,
                   const SolTileChoice *tc)
{
    if (tc->kind == SOL_TILE_STREAM)
        return;
    if (tc->kind == SOL_TILE_NO_REUSE) {
        sol_emit_remark(ctx, node->op->loc,
                        "%s: not tiled for %s (%s): %.0f bytes with nothing reused", node->name,
                        lv->name, tc->why, tc->traffic);
        return;
    }
    SolBuf b = {0};
    for (uint32_t l = 0; l < tc->num_levels; l++)
        sol_buf_printf(&b, "%s%lld", l ? ", " : "", (long long)tc->tile[l]);
    sol_emit_remark(ctx, node->op->loc,
                    "%s: tiles [%s] for %s (%.0f of %llu bytes resident): %.0f bytes moved",
                    node->name, b.data, lv->name, tc->resident,
                    (unsigned long long)lv->capacity, tc->traffic);
    sol_buf_free(&b);
}

/* With a fusion plan: each contraction whose epilogue the attainable figure applies on chip
 * (tiling.h), with the kernel's bytes and p's tiles there (`solar.tiles` stays per node). */
static void group_remarks(SolContext *ctx, const SolGraph *g, const SolFusionPlan *plan,
                          const Level *lv)
{
    if (plan->num_nodes != g->num_nodes)
        return;
    for (uint32_t gi = 0; gi < plan->num_groups; gi++) {
        const SolFusionGroup *G = &plan->groups[gi];
        for (uint32_t n = G->first; n <= G->last && n < g->num_nodes; n++) {
            SolTileChoice t;
            double bytes, sep = 0;
            uint32_t m = sol_tile_epilogue(g, n, G->last, (double)lv->capacity, &bytes, &t);
            if (m == 0)
                continue;
            for (uint32_t j = 0; j <= m; j++) {
                SolTileChoice s;
                sol_tile_node(g, n + j, (double)lv->capacity, &s);
                sep += s.traffic;
            }
            SolBuf b = {0};
            for (uint32_t l = 0; l < t.num_levels; l++)
                sol_buf_printf(&b, "%s%lld", l ? ", " : "", (long long)t.tile[l]);
            sol_emit_remark(ctx, g->nodes[n].op->loc,
                            "%s: group %u applies %s..%s to each output tile for %s: tiles [%s], "
                            "%.0f bytes moved (%.0f as separate kernels)",
                            g->nodes[n].name, gi, g->nodes[n + 1].name, g->nodes[n + m].name,
                            lv->name, b.data, bytes, sep);
            sol_buf_free(&b);
            n += m;
        }
    }
}

/* ---- --emit-tiled --------------------------------------------------------------------------- */

static bool const_bound(const SolAffineMap *map, int64_t *v)
{
    if (!map || map->num_results != 1 || map->num_dims || map->num_syms ||
        map->results[0]->kind != SOL_AFF_CONST)
        return false;
    *v = map->results[0]->value;
    return true;
}

/* The level subscript e uses as `a * level + c` for the single level `lev`, else false. */
static bool pure_in(const SolAffineExpr *e, uint32_t lev, int64_t *a, int64_t *c, bool *uses)
{
    *uses = (sol_level_uses(e) >> lev & 1) != 0;
    if (!*uses)
        return true;
    if (sol_level_uses(e) != 1ull << lev)
        return false;
    /* e is an affine function of one level: evaluate it at two points. */
    int64_t iv[SOL_DOM_MAX_LEVELS] = {0};
    *c = sol_level_eval(e, iv);
    iv[lev] = 1;
    *a = sol_level_eval(e, iv) - *c;
    iv[lev] = 2;
    if (*a == 0 || sol_level_eval(e, iv) != *c + 2 * *a)
        return false;
    iv[lev] = 1000003; /* rules out `mod` and `floordiv` that look linear near 0 */
    return sol_level_eval(e, iv) == *c + 1000003 * *a;
}

/* Band levels [first, nb) may be reordered: every access of a tensor the node writes uses
 * each of them alone in one dimension, at the same place (dim, coefficient, offset). */
static const char *independent(const SolGraph *g, const SolNode *node, uint32_t first,
                               uint32_t nb)
{
    for (uint32_t i = 0; i < node->num_accesses; i++) {
        const SolNodeAccess *w = &node->accesses[i];
        if (!w->write)
            continue;
        if (w->tensor >= g->num_tensors)
            return "a write the analysis cannot place";
        for (uint32_t j = 0; j < node->num_accesses; j++) {
            const SolNodeAccess *a = &node->accesses[j];
            if (a->tensor != w->tensor)
                continue;
            if (!a->subs || !w->subs || a->rank != w->rank)
                return "a data-dependent access to a tensor the nest writes";
            for (uint32_t l = first; l < nb; l++) {
                int found = -1;
                for (uint32_t r = 0; r < a->rank; r++) {
                    int64_t ca = 0, oa = 0, cw = 0, ow = 0;
                    bool ua, uw;
                    if (!pure_in(a->subs[r], l, &ca, &oa, &ua) ||
                        !pure_in(w->subs[r], l, &cw, &ow, &uw))
                        return "a tiled loop shares a subscript with another loop";
                    if (ua != uw || (ua && (ca != cw || oa != ow)))
                        return "two accesses of a written tensor differ in a tiled loop";
                    if (ua)
                        found = found < 0 ? (int)r : -2;
                }
                if (found < 0)
                    return "a written tensor that some tiled loop does not index";
            }
        }
    }
    return NULL;
}

static bool has_side_effect_op(SolOp *op, void *user)
{
    bool *bad = user;
    if (op->kind == SOL_OP_CALL || op->kind == SOL_OP_ALLOC || op->kind == SOL_OP_DEALLOC ||
        op->kind == SOL_OP_MSTORE) {
        *bad = true;
        return false;
    }
    return true;
}

static void move_body(SolOp *from, SolOp *to)
{
    SolBlock *b = sol_region_first_block(&from->regions[0]);
    b->link.prev->next = b->link.next;
    b->link.next->prev = b->link.prev;
    SolLink *s = &to->regions[0].blocks;
    b->link.prev = s->prev, b->link.next = s;
    s->prev->next = &b->link, s->prev = &b->link;
    b->parent = &to->regions[0];
}

static void copy_attrs(SolModule *m, const SolOp *from, SolOp *to, bool remove)
{
    for (uint32_t i = 0; i < from->num_attrs; i++)
        sol_op_set_attr(m, to, from->attrs[i].name, from->attrs[i].value);
    if (remove)
        while (from->num_attrs)
            sol_op_remove_attr((SolOp *)from, from->attrs[0].name);
}

static SolOp *new_loop(SolModule *m, SolLoc loc, uint32_t nops, SolValue *const *ops,
                       const SolAffineMap *lb, const SolAffineMap *ub, uint32_t nlb, int64_t step,
                       bool with_body)
{
    SolOp *f = sol_op_create(m, SOL_OP_FOR, loc, nops, ops, 0, NULL, 1);
    f->props.loop->lb = lb, f->props.loop->ub = ub, f->props.loop->step = step;
    f->props.loop->num_lb_operands = nlb;
    f->props.loop->num_ub_operands = nops - nlb;
    if (with_body) {
        const SolType *idx = sol_type_index(m->ctx);
        SolBlock *b = sol_block_create(m, &f->regions[0], 1, &idx);
        sol_block_append(b, sol_op_create(m, SOL_OP_YIELD, loc, 0, NULL, 0, NULL, 0));
    }
    return f;
}

/* ---- the reduction loop ------------------------------------------------------------------- */

/* The outermost reduction loop of a nest, split into tiles that carry each output element's
 * partial sum through the output itself:
 *
 *     [store init to C]  for k_tile { for i, j: C = kloop(k_tile .. k_tile + Tk, from C) }
 *     [for i, j: C = epilogue(C)]
 *
 * Each element still adds its terms in the original order, from the original start value:
 * the k tiles run in increasing order and the partial goes through a store and a load of
 * the chain's own type, which the executor keeps exactly. */
typedef struct RedPlan {
    SolOp *kfor;      /* the reduction loop: one iter_arg, constant bounds */
    SolOp *store;     /* the only write of the output, after kfor in the innermost band body */
    SolOp *init_load; /* the load of the output the chain starts from, or NULL */
    bool epilogue;    /* ops between kfor and the store */
} RedPlan;

static bool is_inside(const SolOp *op, const SolOp *anc)
{
    for (; op; op = sol_op_parent_op(op))
        if (op == anc)
            return true;
    return false;
}

/* The op a value is defined in: its defining op, or the op owning its block. */
static SolOp *value_scope(const SolValue *v)
{
    return v->def ? v->def : (v->owner ? sol_block_parent_op(v->owner) : NULL);
}

static bool same_access(const SolOp *a, uint32_t fa, const SolOp *b, uint32_t fb)
{
    if (a->props.access.map != b->props.access.map ||
        a->num_operands - fa != b->num_operands - fb)
        return false;
    for (uint32_t i = 0; i < a->num_operands - fa; i++)
        if (sol_op_operand(a, fa + i) != sol_op_operand(b, fb + i))
            return false;
    return true;
}

/* Why the reduction loop under band[nb - 1] cannot be split into tiles, or NULL (plan set). */
static const char *plan_reduction(const SolNode *node, SolOp **band, uint32_t nb, RedPlan *p)
{
    const SolStmt *st = &node->stmts[0];
    *p = (RedPlan){0};
    if (!nb)
        return "no parallel loop with constant bounds above it";
    SolBlock *body = sol_region_first_block(&band[nb - 1]->regions[0]);
    SolOp *op = sol_block_first_op(body);
    if (op && op->kind == SOL_OP_LOAD) {
        p->init_load = op;
        op = sol_op_next(op);
    }
    if (!op || op->kind != SOL_OP_FOR)
        return "the innermost parallel loop does not start with the reduction loop";
    p->kfor = op;
    SolBlock *kb = sol_region_first_block(&op->regions[0]);
    int64_t lo, hi;
    if (!kb || nb >= st->dom->num_levels || st->dom->levels[nb].iv != &kb->args[0])
        return "the reduction loop is not the statement's next level";
    if (op->num_results != 1 || op->num_operands != 1 || kb->num_args != 2)
        return "the reduction loop does not carry one iter_args value";
    if (!const_bound(op->props.loop->lb, &lo) || !const_bound(op->props.loop->ub, &hi))
        return "the reduction loop has non-constant bounds";
    SolOp *s = sol_op_next(op);
    while (s && s->kind != SOL_OP_STORE) {
        if (s->num_regions || !(s->kind == SOL_OP_LOAD || (sol_op_info(s->kind)->flags & SOL_OPF_PURE)))
            return "an epilogue op that is not a pure op or a load";
        p->epilogue = true;
        s = sol_op_next(s);
    }
    if (!s || !sol_op_next(s) || sol_op_next(s)->kind != SOL_OP_YIELD || sol_op_next(sol_op_next(s)))
        return "the nest does not end with one store of the output";
    p->store = s;
    SolValue *c = sol_op_operand(s, 1);
    const SolType *t = op->results[0].type;
    if (c->type->elem != t || sol_op_operand(s, 0)->type != t)
        return "the stored value is not the accumulator's type";
    if (!sol_type_is_float(t) && !sol_type_is_int(t))
        return "the accumulator is not a float or an integer";
    if (!p->epilogue && sol_op_operand(s, 0) != &op->results[0])
        return "the store does not write the reduction's result";
    if (p->init_load) {
        if (sol_op_operand(p->init_load, 0) != c || !same_access(p->init_load, 1, s, 2) ||
            sol_op_operand(op, 0) != &p->init_load->results[0] ||
            p->init_load->results[0].uses->next)
            return "a load before the reduction loop that is not its start value";
    } else if (is_inside(value_scope(sol_op_operand(op, 0)), band[0])) {
        return "the start value is computed inside the nest";
    }
    /* The output: written by the store alone, read only as the start value. */
    for (SolUse *u = c->uses; u; u = u->next)
        if (is_inside(u->user, band[0]) && u->user != s && u->user != p->init_load)
            return is_inside(u->user, op) ? "the output is read or written inside the reduction "
                                            "loop"
                                          : "the output is used elsewhere in the nest";
    return NULL;
}

/* Band levels [from, to) of a nest: the point loops a reduction tile loop goes around. */
typedef struct PointBand {
    SolOp *const *loops;
    uint32_t from, to;
} PointBand;

/* v, or the iv of the copy `nivs` of the band's levels when v is one of theirs. */
static SolValue *remap(SolValue *v, const PointBand *pb, SolValue **nivs)
{
    for (uint32_t l = pb->from; nivs && l < pb->to; l++)
        if (v == &sol_region_first_block(&pb->loops[l]->regions[0])->args[0])
            return nivs[l];
    return v;
}

/* A load (val NULL) or a store of val of the element `store` writes, subscripts remapped. */
static SolOp *access_op(SolModule *m, SolOpKind kind, const SolOp *store, SolValue *val,
                        const PointBand *pb, SolValue **nivs)
{
    uint32_t nidx = store->num_operands - 2, skip = kind == SOL_OP_LOAD ? 1 : 0;
    SolValue **ops = sol_xcalloc(nidx + 2, sizeof *ops);
    ops[0] = val;
    ops[1] = sol_op_operand(store, 1);
    for (uint32_t i = 0; i < nidx; i++)
        ops[2 + i] = remap(sol_op_operand(store, 2 + i), pb, nivs);
    const SolType *t = sol_op_operand(store, 1)->type->elem;
    SolOp *op =
        sol_op_create(m, kind, store->loc, nidx + 2 - skip, ops + skip, kind == SOL_OP_LOAD, &t, 0);
    free(ops);
    op->props.access.map = store->props.access.map;
    return op;
}

/* A copy of the band's loops (bounds, steps, iv names; no body) before or after pos; nivs[l]
 * gets level l's new iv. Returns the innermost copy's body. */
static SolBlock *copy_band(SolModule *m, const PointBand *pb, SolOp *pos, bool after,
                           SolValue **nivs)
{
    SolBlock *in = NULL;
    for (uint32_t l = pb->from; l < pb->to; l++) {
        SolOp *old = pb->loops[l];
        SolLoopProps *lp = old->props.loop;
        SolValue *ops[8];
        uint32_t n = old->num_operands < 8 ? old->num_operands : 8;
        for (uint32_t i = 0; i < n; i++)
            ops[i] = remap(sol_op_operand(old, i), pb, nivs);
        SolOp *f =
            new_loop(m, old->loc, n, ops, lp->lb, lp->ub, lp->num_lb_operands, lp->step, true);
        SolBlock *fb = sol_region_first_block(&f->regions[0]);
        fb->args[0].hint = sol_region_first_block(&old->regions[0])->args[0].hint;
        nivs[l] = &fb->args[0];
        if (!in)
            after ? sol_op_insert_after(pos, f) : sol_op_insert_before(pos, f);
        else
            sol_op_insert_before(sol_block_last_op(in), f);
        in = fb;
    }
    return in;
}

/* A loop with constant bounds [lo, hi) and step s, strip-mined by `tile` iterations. */
typedef struct StripMine {
    SolOp *tile;  /* for %x_tile = lo to hi step tile * s: new, not yet in a block */
    SolOp *point; /* for %x = %x_tile to min(%x_tile + tile * s, hi) step s: the old loop's
                   * body, iter_args, results and attributes, in its place */
} StripMine;

/* Strip-mines loop `old` (constant bounds, iter_args inits as its only operands) by `tile`
 * iterations; `fallback` names the tile loop's iv when old's has no name. old is erased. */
static StripMine strip_mine(SolModule *m, SolOp *old, int64_t tile, const char *fallback)
{
    SolContext *ctx = m->ctx;
    int64_t lo = 0, hi = 0, step = old->props.loop->step, span = tile * step;
    const_bound(old->props.loop->lb, &lo);
    const_bound(old->props.loop->ub, &hi);
    const SolAffineExpr *c_lo = sol_affine_const(ctx, lo), *c_hi = sol_affine_const(ctx, hi);
    StripMine s;
    s.tile = new_loop(m, old->loc, 0, NULL, sol_affine_map(ctx, 0, 0, 1, &c_lo),
                      sol_affine_map(ctx, 0, 0, 1, &c_hi), 0, span, true);
    SolBlock *tb = sol_region_first_block(&s.tile->regions[0]);
    SolBuf hn = {0};
    const SolIdent *ivh = sol_region_first_block(&old->regions[0])->args[0].hint;
    sol_buf_printf(&hn, "%s_tile", ivh ? ivh->str : fallback);
    tb->args[0].hint = sol_ident_cstr(ctx, hn.data);
    sol_buf_free(&hn);
    /* The point loop: [tile iv, min(tile iv + span, hi)), the same iter_args. */
    uint32_t ninit = old->num_operands, nres = old->num_results;
    SolValue **ops = sol_xcalloc(ninit + 3, sizeof *ops);
    ops[0] = ops[1] = &tb->args[0];
    for (uint32_t i = 0; i < ninit; i++)
        ops[2 + i] = sol_op_operand(old, i);
    const SolType **types = sol_xcalloc(nres + 1, sizeof *types);
    for (uint32_t i = 0; i < nres; i++)
        types[i] = old->results[i].type;
    s.point = sol_op_create(m, SOL_OP_FOR, old->loc, ninit + 2, ops, nres, types, 1);
    free(ops);
    free(types);
    const SolAffineExpr *d0 = sol_affine_dim(ctx, 0);
    const SolAffineExpr *ub[2] = {sol_affine_add(ctx, d0, sol_affine_const(ctx, span)), c_hi};
    SolLoopProps *lp = s.point->props.loop;
    lp->lb = sol_affine_map(ctx, 1, 0, 1, &d0), lp->ub = sol_affine_map(ctx, 1, 0, 2, ub);
    lp->step = step, lp->num_lb_operands = 1, lp->num_ub_operands = 1;
    for (uint32_t i = 0; i < nres; i++)
        s.point->results[i].hint = old->results[i].hint;
    move_body(old, s.point);
    copy_attrs(m, old, s.point, false);
    sol_op_insert_before(old, s.point);
    for (uint32_t i = 0; i < nres; i++)
        sol_value_replace_all_uses(&old->results[i], &s.point->results[i]);
    sol_op_erase(old);
    return s;
}

/* Without a load of C as the chain's start: the start value goes to C first, each k tile
 * resumes from C. */
static void store_start_value(SolModule *m, const RedPlan *p, const PointBand *pb, SolOp *kt,
                              SolOp *nk)
{
    SolValue *nivs[MAX_LEVELS] = {0};
    SolBlock *ib = copy_band(m, pb, kt, false, nivs);
    SolValue *init = sol_op_operand(nk, 2);
    sol_op_insert_before(sol_block_last_op(ib),
                         access_op(m, SOL_OP_STORE, p->store, init, pb, nivs));
    SolOp *ld = access_op(m, SOL_OP_LOAD, p->store, NULL, pb, NULL);
    ld->results[0].hint = sol_ident_cstr(m->ctx, "partial");
    sol_op_insert_before(nk, ld);
    sol_op_set_operand(nk, 2, &ld->results[0]);
}

/* With an epilogue: the partial goes to C, and the epilogue runs in a copy of the band once
 * all k tiles are in. */
static void move_epilogue(SolModule *m, const RedPlan *p, const PointBand *pb, SolOp *kt, SolOp *nk)
{
    SolValue *nivs[MAX_LEVELS] = {0};
    sol_op_insert_after(nk, access_op(m, SOL_OP_STORE, p->store, &nk->results[0], pb, NULL));
    SolBlock *eb = copy_band(m, pb, kt, true, nivs);
    SolOp *ld = access_op(m, SOL_OP_LOAD, p->store, NULL, pb, nivs);
    ld->results[0].hint = nk->results[0].hint;
    sol_op_insert_before(sol_block_last_op(eb), ld);
    SolOp *e = sol_op_next(sol_op_next(nk));
    while (e) {
        SolOp *next = sol_op_next(e);
        bool last = e == p->store;
        sol_op_unlink(e);
        sol_op_insert_before(sol_block_last_op(eb), e);
        for (uint32_t i = 0; i < e->num_operands; i++) {
            SolValue *v = sol_op_operand(e, i);
            sol_op_set_operand(e, i, v == &nk->results[0] ? &ld->results[0] : remap(v, pb, nivs));
        }
        if (last)
            break;
        e = next;
    }
}

/* Splits the reduction loop of plan p by tile t (iterations); the point band is pb, already
 * inside any parallel tile loops. Returns the reduction's tile loop. */
static SolOp *emit_reduction(SolModule *m, const PointBand *pb, const RedPlan *p, int64_t t)
{
    SolOp *top = pb->loops[pb->from];
    StripMine s = strip_mine(m, p->kfor, t, "r");
    sol_op_insert_before(top, s.tile);
    sol_op_unlink(top);
    sol_op_insert_before(sol_block_last_op(sol_region_first_block(&s.tile->regions[0])), top);
    if (!p->init_load)
        store_start_value(m, p, pb, s.tile, s.point);
    if (p->epilogue)
        move_epilogue(m, p, pb, s.tile, s.point);
    return s.tile;
}

/* What --emit-tiled does to one nest. */
typedef struct TilePlan {
    SolOp *band[MAX_LEVELS]; /* the perfect band of parallel loops at the top of the nest */
    uint32_t nb;
    uint32_t first;      /* the outermost band loop whose tile is smaller than it; nb: none */
    bool red;            /* the reduction loop below the band is split too */
    RedPlan redplan;     /* how, when red */
    const char *red_why; /* why it stays whole although its tile is smaller; "" or NULL: not */
} TilePlan;

/* The band: loops from the nest's root, each the only op of its parent's body, with constant
 * bounds, no iter_args, and the statement's next level as iv, while tc tiles them as parallel. */
static void find_band(const SolNode *node, const SolTileChoice *tc, TilePlan *p)
{
    const SolStmt *st = &node->stmts[0];
    for (SolOp *cur = node->op; cur && p->nb < tc->num_levels;) {
        int64_t lo, hi;
        SolBlock *body = sol_region_first_block(&cur->regions[0]);
        if (cur->kind != SOL_OP_FOR || cur->num_results || cur->num_operands || !body ||
            !const_bound(cur->props.loop->lb, &lo) || !const_bound(cur->props.loop->ub, &hi) ||
            st->dom->levels[p->nb].iv != &body->args[0] || tc->reduce[p->nb])
            break;
        p->band[p->nb++] = cur;
        SolOp *first = sol_block_first_op(body), *next = first ? sol_op_next(first) : NULL;
        if (first && first->kind == SOL_OP_FOR && next && next->kind == SOL_OP_YIELD &&
            !sol_op_next(next))
            cur = first;
        else
            break;
    }
}

/* Why node n's nest cannot be rewritten with tiles tc, or NULL with the plan set. */
static const char *plan_tiling(const SolGraph *g, const SolNode *node, const SolTileChoice *tc,
                               TilePlan *p)
{
    *p = (TilePlan){.red_why = ""};
    if (node->op->kind != SOL_OP_FOR)
        return "not an affine loop nest (tile before lift-einsum)";
    if (node->data_dependent)
        return "a data-dependent access";
    find_band(node, tc, p);
    uint32_t nb = p->nb;
    p->first = nb;
    for (uint32_t l = 0; l < nb && p->first == nb; l++)
        if (tc->tile[l] < tc->extent[l])
            p->first = l;
    /* The reduction loop below the band, split too when its tile is smaller than it. */
    if (nb < tc->num_levels && tc->reduce[nb] && tc->tile[nb] < tc->extent[nb]) {
        p->red_why = plan_reduction(node, p->band, nb, &p->redplan);
        if (!p->red_why)
            p->red_why = independent(g, node, p->first < nb ? p->first : 0, nb);
        p->red = !p->red_why;
    }
    if (p->first == nb && !p->red)
        return nb ? "every parallel loop fits whole"
                  : "no parallel loop with constant bounds at the top of the nest";
    bool bad = false;
    sol_op_walk(node->op, has_side_effect_op, &bad);
    if (bad)
        return "a call, allocation or memref.store inside the nest";
    return p->first < nb ? independent(g, node, p->first, nb) : NULL;
}

/* Strip-mines the band loops from p->first on whose tile is smaller than them: the tile loops
 * go where band[first] was, in band order, and the band (point loops) inside them. Returns the
 * nest's new outermost op. */
static SolOp *rewrite_band(SolModule *m, TilePlan *p, const SolTileChoice *tc, SolOp *root)
{
    SolOp *chain_root = NULL, *chain_in = NULL; /* the tile loops, outermost and innermost */
    for (uint32_t l = p->first; l < p->nb; l++) {
        if (tc->tile[l] >= tc->extent[l])
            continue;
        bool is_root = p->band[l] == root;
        StripMine s = strip_mine(m, p->band[l], tc->tile[l], "t");
        if (!chain_root)
            chain_root = s.tile;
        else
            sol_op_insert_before(sol_block_last_op(sol_region_first_block(&chain_in->regions[0])),
                                 s.tile);
        chain_in = s.tile;
        p->band[l] = s.point;
        if (is_root)
            root = s.point;
    }
    SolOp *top = p->band[p->first];
    sol_op_insert_before(top, chain_root);
    sol_op_unlink(top);
    sol_op_insert_before(sol_block_last_op(sol_region_first_block(&chain_in->regions[0])), top);
    if (p->first == 0) { /* the node's attributes stay on its outermost op */
        copy_attrs(m, root, chain_root, true);
        root = chain_root;
    }
    return root;
}

/* `rewritten with the L2 tiles (loop 0 by 32, reduction loop 2 by 8)` */
static void rewrite_remark(SolContext *ctx, const SolNode *node, const TilePlan *p,
                           const SolTileChoice *tc, const char *level, SolLoc loc)
{
    SolBuf b = {0};
    for (uint32_t l = p->first; l < p->nb; l++)
        if (tc->tile[l] < tc->extent[l])
            sol_buf_printf(&b, "%sloop %u by %lld", b.len ? ", " : "", l, (long long)tc->tile[l]);
    if (p->red)
        sol_buf_printf(&b, "%sreduction loop %u by %lld", b.len ? ", " : "", p->nb,
                       (long long)tc->tile[p->nb]);
    sol_emit_remark(ctx, loc, "%s: rewritten with the %s tiles (%s)", node->name, level, b.data);
    sol_buf_free(&b);
}

/* Rewrites node n's nest with tiles tc. A nest that cannot be rewritten is left alone, with a
 * remark when asked. */
static void emit_node(SolModule *m, SolGraph *g, uint32_t n, const SolTileChoice *tc,
                      const char *level, bool remarks)
{
    SolNode *node = &g->nodes[n];
    TilePlan p;
    const char *why = plan_tiling(g, node, tc, &p);
    if (why) {
        if (remarks)
            sol_emit_remark(m->ctx, node->op->loc, "%s: not rewritten for %s: %s", node->name,
                            level, why);
        return;
    }
    if (remarks && p.red_why && p.red_why[0])
        sol_emit_remark(m->ctx, node->op->loc, "%s: reduction loop %u stays whole: %s", node->name,
                        p.nb, p.red_why);
    SolOp *root = node->op;
    SolLoc loc = root->loc;
    if (p.first == p.nb) { /* only the reduction is split: its tile loop goes around the band */
        PointBand pb = {p.band, 0, p.nb};
        SolOp *kt = emit_reduction(m, &pb, &p.redplan, tc->tile[p.nb]);
        copy_attrs(m, root, kt, true);
        root = kt;
    } else {
        root = rewrite_band(m, &p, tc, root);
        PointBand pb = {p.band, p.first, p.nb};
        if (p.red)
            emit_reduction(m, &pb, &p.redplan, tc->tile[p.nb]);
    }
    node->op = root;
    if (remarks)
        rewrite_remark(m->ctx, node, &p, tc, level, loc);
}

/* ---- the pass ----------------------------------------------------------------------------- */

static bool run(SolPassRun *r, SolModule *m)
{
    SolSolAnalysis *a = sol_sol_analysis_get(r, m);
    if (!a)
        return false;
    SolGraph *g = &a->graph;
    const char *emit = sol_pass_opt_str(r, "emit");
    int64_t capacity = sol_pass_opt_int(r, "capacity");
    bool remarks = sol_pass_opt_bool(r, "remarks");
    SolLoc loc = a->func->loc;
    if (capacity < 0) {
        sol_emit_error(r->ctx, loc, "tile-for-cache: capacity must be positive, got %lld",
                       (long long)capacity);
        return false;
    }
    Level lv[MAX_LEVELS];
    uint32_t nlv = 0;
    SolDevice dev;
    bool have_dev = false;
    if (capacity > 0) {
        lv[nlv++] = (Level){"custom", (uint64_t)capacity};
    } else {
        if (!device_levels(r, loc, g, &dev, lv, &nlv))
            return false;
        have_dev = true;
    }
    /* The level --emit-tiled uses. */
    int emit_at = -1;
    bool ok = true;
    if (emit[0]) {
        if (strcasecmp(emit, "auto") == 0)
            emit_at = (int)nlv - 1;
        for (uint32_t k = 0; k < nlv && emit_at < 0; k++)
            if (strcasecmp(emit, lv[k].name) == 0)
                emit_at = (int)k;
        if (emit_at < 0) {
            SolBuf names = {0};
            for (uint32_t k = 0; k < nlv; k++)
                sol_buf_printf(&names, "%s'%s'", k ? ", " : "", lv[k].name);
            sol_emit_error(r->ctx, loc,
                           "tile-for-cache: no level '%s' to emit tiles for; expected 'auto' or "
                           "one of %s",
                           emit, names.data);
            sol_buf_free(&names);
            ok = false;
        }
    }
    SolTileChoice *tc = sol_xcalloc((size_t)nlv * (g->num_nodes + 1), sizeof *tc);
    double caps[MAX_LEVELS];
    for (uint32_t k = 0; k < nlv; k++)
        caps[k] = (double)lv[k].capacity;
    for (uint32_t n = 0; ok && n < g->num_nodes; n++) {
        sol_tile_node_levels(g, n, caps, nlv, &tc[n * nlv]);
        for (uint32_t k = 0; remarks && k < nlv; k++)
            remark(r->ctx, &g->nodes[n], &lv[k], &tc[n * nlv + k]);
        record(m, g->nodes[n].op, lv, nlv, &tc[n * nlv]);
    }
    if (ok && remarks && a->planned)
        for (uint32_t k = 0; k < nlv; k++)
            group_remarks(r->ctx, g, &a->plan, &lv[k]);
    for (uint32_t n = 0; ok && emit_at >= 0 && n < g->num_nodes; n++)
        if (tc[n * nlv + (uint32_t)emit_at].kind == SOL_TILE_TILED)
            emit_node(m, g, n, &tc[n * nlv + (uint32_t)emit_at], lv[emit_at].name, remarks);
    free(tc);
    if (have_dev)
        sol_device_free(&dev);
    a->cache = true; /* the band needs its lower bounds: the sol-cache report */
    a->tiled = true;
    return ok;
}

const SolPass sol_pass_tile_for_cache = {
    .name = "tile-for-cache",
    .summary = "tiles per memory level for each contraction (solar.tiles) and the attainable "
               "traffic beside sol-cache's lower bound",
    .options =
        (const SolPassOption[]){
            {"emit", SOL_OPT_STRING, "",
             "rewrite the affine loops into the tiled nest of this level ('auto': the "
             "innermost level with tiles; empty: annotate only)"},
            {"capacity", SOL_OPT_BYTES, "0",
             "tile for one level of this many bytes, named 'custom' (0: the device's levels)"},
            {"remarks", SOL_OPT_BOOL, "false", "explain each node's tiles and rewrite"},
            {0},
        },
    .run = run,
};

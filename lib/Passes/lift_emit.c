/*
 * lift-einsum, emission: turns a planned node (lift.h) into MLIR's `linalg.generic` on memrefs
 * and names what it computes in the solar.* attributes (format: lift_einsum.c's file comment).
 *
 * The generic's operands are the node's inputs then outputs, one indexing map each; a dim is
 * "parallel" when some output map uses it and "reduction" otherwise (MLIR 14 rejects an output
 * map that uses a reduction dim). The region has one block argument per operand and clones the
 * node's scalar ops in program order, so every original op is kept as it was (same types, same
 * rounding); linalg.yield gives each output its value.
 *
 * sol_lift_annotate reads any linalg.generic (lifted here or written by hand) and sets
 * solar.einsum, solar.combine and solar.reduce from its maps and region.
 */
#include "Passes/lift.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- affine expressions ----------------------------------------------------------------- */

static bool map_uses_dim(const SolAffineExpr *e, uint32_t d)
{
    switch (e->kind) {
    case SOL_AFF_DIM:
        return (uint32_t)e->value == d;
    case SOL_AFF_CONST:
    case SOL_AFF_SYM:
        return false;
    default:
        return map_uses_dim(e->lhs, d) || map_uses_dim(e->rhs, d);
    }
}

/* ---- solar.einsum, solar.combine, solar.reduce --------------------------------------------- */

static const char fallback_letters[] = "ijklmnopqrstuvwxyzabcdefghABCDEFGHIJKLMNOPQRSTUVWXYZ";

/* One name per dim: letters[d] when it is a free lowercase letter, else the next free letter
 * of "ijk...". Dims beyond 52 get `d<N>` (never seen in practice). */
static char **pick_letters(const char *const *letters, uint32_t n)
{
    char **names = sol_xcalloc(n + 1, sizeof *names);
    bool used[128] = {false};
    for (uint32_t d = 0; d < n; d++) {
        const char *l = letters ? letters[d] : NULL;
        if (l && l[0] >= 'a' && l[0] <= 'z' && !l[1] && !used[(unsigned char)l[0]]) {
            used[(unsigned char)l[0]] = true;
            names[d] = sol_xstrndup(l, 1);
        }
    }
    const char *next = fallback_letters;
    for (uint32_t d = 0; d < n; d++) {
        if (names[d])
            continue;
        while (*next && used[(unsigned char)*next])
            next++;
        if (*next) {
            used[(unsigned char)*next] = true;
            names[d] = sol_xstrndup(next, 1);
        } else {
            SolBuf b = {0};
            sol_buf_printf(&b, "d%u", d);
            names[d] = b.data;
        }
    }
    return names;
}

/* `2p+r-1`: the linear form with letters, coefficients first, the constant last. */
static void print_linear(SolBuf *b, const int64_t *coef, int64_t c, uint32_t n, char **names)
{
    bool first = true;
    for (uint32_t d = 0; d < n; d++) {
        if (!coef[d])
            continue;
        if (coef[d] < 0)
            sol_buf_putc(b, '-');
        else if (!first)
            sol_buf_putc(b, '+');
        uint64_t a = coef[d] < 0 ? 0 - (uint64_t)coef[d] : (uint64_t)coef[d];
        if (a != 1)
            sol_buf_put_u64(b, a);
        sol_buf_puts(b, names[d]);
        first = false;
    }
    if (c || first) {
        if (c >= 0 && !first)
            sol_buf_putc(b, '+');
        sol_buf_put_i64(b, c);
    }
}

/* One operand's letters: `bc(2p+r)(2q+s)`; rank 0 gives nothing. */
static void print_term(SolBuf *b, const SolAffineMap *map, char **names)
{
    uint32_t n = map->num_dims;
    int64_t *coef = sol_xcalloc(n + 1, sizeof *coef);
    for (uint32_t r = 0; r < map->num_results; r++) {
        const SolAffineExpr *e = map->results[r];
        int64_t c;
        if (e->kind == SOL_AFF_DIM) {
            sol_buf_puts(b, names[e->value]);
            continue;
        }
        sol_buf_putc(b, '(');
        if (sol_affine_linear(e, n, coef, &c))
            print_linear(b, coef, c, n, names);
        else
            sol_affine_expr_print(b, e, (const char *const *)names, n);
        sol_buf_putc(b, ')');
    }
    free(coef);
}

/* The op name without its dialect: `mulf`, `exp`, `maximumf`. */
static const char *short_name(const SolOp *op)
{
    const char *name = sol_op_name(op);
    const char *dot = strchr(name, '.');
    return dot ? dot + 1 : name;
}

/* Whether every dim is a plain result of the map (the output is written once per point). */
static bool map_is_injective(const SolAffineMap *map)
{
    for (uint32_t d = 0; d < map->num_dims; d++) {
        bool found = false;
        for (uint32_t r = 0; r < map->num_results && !found; r++)
            found = map->results[r]->kind == SOL_AFF_DIM && (uint32_t)map->results[r]->value == d;
        if (!found)
            return false;
    }
    return true;
}

static const SolAttr *str_attr(SolModule *m, const SolBuf *b)
{
    return sol_attr_string(m, b->data ? b->data : "", b->len);
}

/* solar.einsum: one term per operand, inputs then outputs, a shape-only input in brackets. */
static void print_einsum(SolBuf *es, const SolAttr *maps, SolBlock *body, uint32_t nin,
                         char **names)
{
    uint32_t n = body->num_args;
    for (uint32_t i = 0; i < n; i++) {
        if (i == nin)
            sol_buf_append(es, "->", 2);
        else if (i)
            sol_buf_putc(es, ',');
        bool shape_only = i < nin && !sol_value_has_uses(&body->args[i]);
        if (shape_only)
            sol_buf_putc(es, '[');
        print_term(es, maps->array.elems[i]->map, names);
        if (shape_only)
            sol_buf_putc(es, ']');
    }
    if (nin == n)
        sol_buf_append(es, "->", 2);
}

/* solar.combine: the region's ops but constants, the yield and the accumulations reduce[k]
 * (one per output, NULL when it does not accumulate); `copy` or `fill` when there are none. */
static void print_combine(SolBuf *cs, SolBlock *body, uint32_t nin, const SolOp *const *reduce)
{
    uint32_t n = body->num_args;
    SolOp *yield = sol_block_last_op(body);
    sol_block_for_each_op(op, body)
    {
        if (op == yield || op->kind == SOL_OP_CONSTANT)
            continue;
        bool is_reduce = false;
        for (uint32_t k = 0; k < n - nin && !is_reduce; k++)
            is_reduce = reduce[k] == op;
        if (is_reduce)
            continue;
        if (cs->len)
            sol_buf_putc(cs, ',');
        sol_buf_puts(cs, short_name(op));
    }
    if (!cs->len) {
        bool reads_input = false;
        for (uint32_t i = 0; i < nin; i++)
            reads_input |= sol_value_has_uses(&body->args[i]);
        sol_buf_puts(cs, reads_input ? "copy" : "fill");
    }
}

void sol_lift_annotate(SolModule *m, SolOp *g, const char *const *letters)
{
    SolContext *ctx = m->ctx;
    const SolAttr *maps = sol_op_get_attr(g, sol_ident_cstr(ctx, "indexing_maps"));
    if (!maps || maps->kind != SOL_ATTR_ARRAY || maps->array.n != g->num_operands ||
        !maps->array.n || !g->num_regions)
        return;
    for (uint32_t i = 0; i < maps->array.n; i++)
        if (maps->array.elems[i]->kind != SOL_ATTR_MAP)
            return;
    SolBlock *body = sol_region_first_block(&g->regions[0]);
    SolOp *yield = body ? sol_block_last_op(body) : NULL;
    uint32_t nin = g->props.generic.num_ins, n = g->num_operands;
    if (!yield || yield->kind != SOL_OP_LYIELD || body->num_args != n ||
        yield->num_operands != n - nin)
        return;
    uint32_t ndims = maps->array.elems[0]->map->num_dims;
    char **names = pick_letters(letters, ndims);

    /* solar.reduce: an output whose yielded value comes from an op reading the output's own
     * block argument, and which is not written once per point, accumulates. */
    SolOp **reduce = sol_xcalloc(n - nin + 1, sizeof *reduce);
    bool any_reduce = false;
    for (uint32_t k = 0; k < n - nin; k++) {
        SolValue *y = sol_op_operand(yield, k);
        SolOp *def = y ? y->def : NULL;
        if (!def || def->parent != body || map_is_injective(maps->array.elems[nin + k]->map))
            continue;
        for (uint32_t i = 0; i < def->num_operands; i++)
            if (sol_op_operand(def, i) == &body->args[nin + k])
                reduce[k] = def;
        any_reduce |= reduce[k] != NULL;
    }

    SolBuf es = {0}, cs = {0}, rs = {0};
    print_einsum(&es, maps, body, nin, names);
    print_combine(&cs, body, nin, (const SolOp *const *)reduce);
    for (uint32_t k = 0; any_reduce && k < n - nin; k++) {
        if (k)
            sol_buf_putc(&rs, ',');
        sol_buf_puts(&rs, reduce[k] ? short_name(reduce[k]) : "-");
    }
    sol_op_set_attr(m, g, sol_ident_cstr(ctx, "solar.einsum"), str_attr(m, &es));
    sol_op_set_attr(m, g, sol_ident_cstr(ctx, "solar.combine"), str_attr(m, &cs));
    if (any_reduce)
        sol_op_set_attr(m, g, sol_ident_cstr(ctx, "solar.reduce"), str_attr(m, &rs));
    else
        sol_op_remove_attr(g, sol_ident_cstr(ctx, "solar.reduce"));
    sol_buf_free(&es);
    sol_buf_free(&cs);
    sol_buf_free(&rs);
    free(reduce);
    for (uint32_t d = 0; d < ndims; d++)
        free(names[d]);
    free(names);
}

/* ---- building a node's generic ----------------------------------------------------------- */

typedef struct Emitter {
    SolModule *m;
    LiftNode *n;
    SolBlock *block;
    SolPtrMap vmap; /* original value -> cloned value */
} Emitter;

static SolValue *lookup(Emitter *E, SolValue *v)
{
    uint64_t r;
    if (!sol_ptr_map_get(&E->n->res, v, &r))
        return v; /* not resolved: only values from outside the nest get here */
    uint32_t idx = (uint32_t)(r >> 8);
    switch ((LiftResKind)(r & 0xff)) {
    case LIFT_RES_IN:
        return &E->block->args[idx];
    case LIFT_RES_OUT:
        return &E->block->args[E->n->ins.len + idx];
    case LIFT_RES_CLONE: {
        uint64_t nv;
        return sol_ptr_map_get(&E->vmap, v, &nv) ? (SolValue *)(uintptr_t)nv : v;
    }
    case LIFT_RES_OUTER:
        return v;
    }
    return v;
}

static void clone_op(Emitter *E, SolOp *op)
{
    SolValue **opds = sol_xcalloc(op->num_operands + 1, sizeof *opds);
    const SolType **types = sol_xcalloc(op->num_results + 1, sizeof *types);
    for (uint32_t i = 0; i < op->num_operands; i++)
        opds[i] = lookup(E, sol_op_operand(op, i));
    for (uint32_t i = 0; i < op->num_results; i++)
        types[i] = op->results[i].type;
    SolOp *c = sol_op_create(E->m, (SolOpKind)op->kind, op->loc, op->num_operands, opds,
                             op->num_results, types, 0);
    c->props = op->props;
    for (uint32_t i = 0; i < op->num_attrs; i++)
        sol_op_set_attr(E->m, c, op->attrs[i].name, op->attrs[i].value);
    for (uint32_t i = 0; i < op->num_results; i++) {
        c->results[i].hint = op->results[i].hint;
        sol_ptr_map_put(&E->vmap, &op->results[i], (uint64_t)(uintptr_t)&c->results[i]);
    }
    sol_block_append(E->block, c);
    free(opds);
    free(types);
}

typedef struct SeqOp {
    uint64_t seq;
    SolOp *op;
} SeqOp;

static int seq_cmp(const void *a, const void *b)
{
    uint64_t x = ((const SeqOp *)a)->seq, y = ((const SeqOp *)b)->seq;
    return x < y ? -1 : x > y;
}

static const SolAttr *iterator_types(SolModule *m, const LiftNode *n)
{
    const SolAttr **it = sol_xcalloc(n->ndims + 1, sizeof *it);
    for (uint32_t d = 0; d < n->ndims; d++) {
        bool parallel = false;
        for (size_t k = 0; k < n->outs.len && !parallel; k++) {
            const SolAffineMap *map = n->outs.data[k].opd.map;
            for (uint32_t r = 0; r < map->num_results && !parallel; r++)
                parallel = map_uses_dim(map->results[r], d);
        }
        it[d] = parallel ? sol_attr_string(m, "parallel", 8) : sol_attr_string(m, "reduction", 9);
    }
    const SolAttr *a = sol_attr_array(m, n->ndims, it);
    free(it);
    return a;
}

SolOp *sol_lift_emit_node(SolModule *m, LiftNode *n, const SolPtrMap *seq, SolOp *pos)
{
    uint32_t nin = (uint32_t)n->ins.len, nout = (uint32_t)n->outs.len, nopd = nin + nout;
    SolValue **opds = sol_xcalloc(nopd + 1, sizeof *opds);
    const SolAttr **maps = sol_xcalloc(nopd + 1, sizeof *maps);
    const SolType **elems = sol_xcalloc(nopd + 1, sizeof *elems);
    for (uint32_t i = 0; i < nopd; i++) {
        const LiftOperand *o = i < nin ? &n->ins.data[i] : &n->outs.data[i - nin].opd;
        opds[i] = o->mem->value;
        maps[i] = sol_attr_map(m, o->map);
        elems[i] = o->mem->type->elem;
    }
    SolOp *g = sol_op_create(m, SOL_OP_GENERIC, n->anchor->loc, nopd, opds, 0, NULL, 1);
    g->props.generic.num_ins = nin;
    sol_op_set_attr(m, g, sol_ident_cstr(m->ctx, "indexing_maps"), sol_attr_array(m, nopd, maps));
    sol_op_set_attr(m, g, sol_ident_cstr(m->ctx, "iterator_types"), iterator_types(m, n));

    Emitter E = {m, n, sol_block_create(m, &g->regions[0], nopd, elems), {0}};
    for (uint32_t i = 0; i < nopd; i++) {
        const LiftOperand *o = i < nin ? &n->ins.data[i] : &n->outs.data[i - nin].opd;
        const SolIdent *h = o->mem->value->hint;
        if (h && h->len < 60 && isalpha((unsigned char)h->str[0])) {
            char buf[64];
            size_t len = 0;
            for (; len < h->len && len < sizeof buf - 1; len++)
                buf[len] = (char)tolower((unsigned char)h->str[len]);
            E.block->args[i].hint = sol_ident(m->ctx, buf, len);
        }
    }
    SeqOp *order = sol_xcalloc(n->ops.len + 1, sizeof *order);
    for (size_t i = 0; i < n->ops.len; i++) {
        order[i].op = n->ops.data[i];
        sol_ptr_map_get(seq, n->ops.data[i], &order[i].seq);
    }
    qsort(order, n->ops.len, sizeof *order, seq_cmp);
    for (size_t i = 0; i < n->ops.len; i++)
        clone_op(&E, order[i].op);
    SolValue **ys = sol_xcalloc(nout + 1, sizeof *ys);
    for (uint32_t k = 0; k < nout; k++)
        ys[k] = lookup(&E, n->outs.data[k].yield);
    sol_block_append(E.block,
                     sol_op_create(m, SOL_OP_LYIELD, n->anchor->loc, nout, ys, 0, NULL, 0));
    sol_op_insert_before(pos, g);

    const char **letters = sol_xcalloc(n->ndims + 1, sizeof *letters);
    char(*buf)[2] = sol_xcalloc(n->ndims + 1, sizeof *buf);
    for (uint32_t d = 0; d < n->ndims; d++) {
        SolBlock *lb = sol_region_first_block(&n->dims[d]->loop->regions[0]);
        const SolIdent *h = lb && lb->num_args ? lb->args[0].hint : NULL;
        /* `%arg3` (mlir-opt's names) says nothing: leave those dims to the fallback */
        bool generic_name =
            h && h->len > 3 && !strncmp(h->str, "arg", 3) && isdigit((unsigned char)h->str[3]);
        if (h && h->len && islower((unsigned char)h->str[0]) && !generic_name) {
            buf[d][0] = h->str[0];
            letters[d] = buf[d];
        }
    }
    sol_lift_annotate(m, g, letters);
    free(letters);
    free(buf);
    free(ys);
    free(order);
    sol_ptr_map_free(&E.vmap);
    free(opds);
    free(maps);
    free(elems);
    return g;
}
/* ---- emission -------------------------------------------------------------------------------- */

static SolValue *dim_size(LiftNest *L, LiftDim *d)
{
    if (d->size)
        return d->size;
    const SolLoopProps *p = d->loop->props.loop;
    SolValue **ops = sol_xcalloc(p->num_ub_operands + 1, sizeof *ops);
    for (uint32_t i = 0; i < p->num_ub_operands; i++)
        ops[i] = sol_op_operand(d->loop, p->num_lb_operands + i);
    const SolAffineExpr *e = p->ub->results[0];
    if (p->num_ub_operands == 1 && ((e->kind == SOL_AFF_SYM && p->ub->num_syms == 1) ||
                                    (e->kind == SOL_AFF_DIM && p->ub->num_dims == 1))) {
        d->size = ops[0];
    } else {
        const SolType *index = sol_type_index(L->ctx);
        SolOp *apply = sol_op_create(L->fn->m, SOL_OP_APPLY, d->loop->loc, p->num_ub_operands, ops,
                                     1, &index, 0);
        apply->props.access.map = p->ub;
        sol_op_insert_before(L->root, apply);
        d->size = &apply->results[0];
    }
    free(ops);
    return d->size;
}

static void emit_alloc(LiftNest *L, LiftMem *mem)
{
    SolVecOf(SolValue *) sizes = {0};
    for (uint32_t i = 0; i < mem->ndims; i++)
        if (mem->dims[i]->extent->kind != SOL_AFF_CONST)
            sol_vec_push(&sizes, dim_size(L, mem->dims[i]));
    SolLoc loc = L->root->loc;
    if (mem->kind == LIFT_MEM_EXPANDED) {
        SolOp *old = mem->orig->def;
        for (uint32_t i = 0; i < old->num_operands; i++)
            sol_vec_push(&sizes, sol_op_operand(old, i));
        loc = old->loc;
    }
    SolOp *a = sol_op_create(L->fn->m, SOL_OP_ALLOC, loc, (uint32_t)sizes.len, sizes.data, 1,
                             &mem->type, 0);
    if (mem->kind == LIFT_MEM_EXPANDED) {
        for (uint32_t i = 0; i < mem->orig->def->num_attrs; i++)
            sol_op_set_attr(L->fn->m, a, mem->orig->def->attrs[i].name,
                            mem->orig->def->attrs[i].value);
        a->results[0].hint = mem->orig->hint;
    } else {
        a->results[0].hint = mem->hint ? mem->hint : sol_ident_cstr(L->ctx, "tmp");
    }
    sol_op_insert_before(L->root, a);
    mem->value = &a->results[0];
    sol_vec_free(&sizes);
}

/* The einsums made from one nest stay one source op for the unfused bound (graph.h): each
 * gets the nest's provenance (the importer's solar.op and solar.loc), or, when it has none and
 * the nest became several einsums, `solar.nest = "LINE:COL"` of the nest. */
static void mark_source_op(LiftNest *L, SolOp **made, unsigned n)
{
    static const char *const keys[] = {"solar.op", "solar.loc"};
    bool any = false;
    for (size_t k = 0; k < sizeof keys / sizeof *keys; k++) {
        const SolIdent *name = sol_ident_cstr(L->ctx, keys[k]);
        const SolAttr *a = sol_op_get_attr(L->root, name);
        any |= a != NULL;
        for (unsigned i = 0; a && i < n; i++)
            sol_op_set_attr(L->fn->m, made[i], name, a);
    }
    if (any || n < 2)
        return;
    char buf[32];
    int len = snprintf(buf, sizeof buf, "%u:%u", L->root->loc.line, L->root->loc.col);
    const SolAttr *nest = sol_attr_string(L->fn->m, buf, (size_t)len);
    for (unsigned i = 0; i < n; i++)
        sol_op_set_attr(L->fn->m, made[i], sol_ident_cstr(L->ctx, "solar.nest"), nest);
}

unsigned sol_lift_emit_nest(LiftNest *L)
{
    for (size_t i = 0; i < L->made.len; i++)
        emit_alloc(L, L->made.data[i]);
    unsigned n = 0;
    SolOp **made = sol_xcalloc(L->nodes.len + 1, sizeof *made);
    for (size_t i = 0; i < L->nodes.len; i++)
        if (!L->nodes.data[i]->merged)
            made[n++] = sol_lift_emit_node(L->fn->m, L->nodes.data[i], &L->seq, L->root);
    mark_source_op(L, made, n);
    free(made);
    for (size_t i = L->made.len; i-- > 0;) {
        LiftMem *mem = L->made.data[i];
        if (mem->kind == LIFT_MEM_EXPANDED)
            continue;
        SolOp *d =
            sol_op_create(L->fn->m, SOL_OP_DEALLOC, L->root->loc, 1, &mem->value, 0, NULL, 0);
        sol_op_insert_after(L->root, d);
    }
    sol_op_erase(L->root);
    for (size_t i = 0; i < L->made.len; i++) {
        LiftMem *mem = L->made.data[i];
        if (mem->kind != LIFT_MEM_EXPANDED)
            continue;
        SolOp *old = mem->orig->def;
        sol_value_replace_all_uses(mem->orig, mem->value);
        sol_op_erase(old);
    }
    return n;
}

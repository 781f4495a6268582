/*
 * The parser's builders: what the grammar actions call to turn tokens into IR.
 *
 * The grammar (grammar/solar.y) is declarative; each action calls one sol_p_* function. This
 * file holds the op builders and the parse-time state they use: the SSA symbol table with its
 * scopes (a name is visible in the region that defines it and in nested regions, may not be
 * redefined there, and dies with its region, so sibling regions can reuse it) and the stack
 * of blocks that new ops are appended to. Literals, attributes and `#alias`es are built in
 * parse_literals.c, affine expressions, maps and sets in parse_affine.c.
 *
 * Errors are reported with a location and parsing goes on: a semantic error leaves a NULL
 * value that later builders accept silently; after a syntax error (bison's recovery may skip
 * the end of a region) nothing more is built and only syntax errors are reported.
 */
#include "IR/parse_internal.h"

#include "solar.tab.h"
#include "solar.lex.h"

#include <stdlib.h>
#include <string.h>

size_t sol_p_read_input(SolParser *p, char *buf, size_t max)
{
    if (p->stream)
        return fread(buf, 1, max, p->stream);
    size_t n = p->input_len - p->input_pos;
    if (n > max)
        n = max;
    memcpy(buf, p->input + p->input_pos, n);
    p->input_pos += n;
    return n;
}

/* ---- locations and errors ----------------------------------------------------------------- */

SolLoc sol_p_loc(SolParser *p, SolPLoc l)
{
    uint32_t col = l.first_column < SOL_LOC_MAX_COL ? l.first_column : SOL_LOC_MAX_COL;
    uint32_t len = 1;
    if (l.last_line == l.first_line && l.last_column >= l.first_column)
        len = l.last_column - l.first_column + 1;
    SolLoc loc = {p->file, l.first_line, col, len < SOL_LOC_MAX_LEN ? len : SOL_LOC_MAX_LEN};
    return loc;
}

static void verror(SolParser *p, SolPLoc l, const char *fmt, va_list ap)
{
    SolDiagEngine *diag = sol_context_diag(p->ctx);
    sol_diag_emitv(diag, SOL_SEV_ERROR, sol_p_loc(p, l), fmt, ap);
    if (sol_diag_too_many(diag))
        p->aborted = true;
}

void sol_p_error(SolParser *p, SolPLoc l, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    verror(p, l, fmt, ap);
    va_end(ap);
}

/* A syntax error stops IR construction (see the file comment). */
static bool building(SolParser *p) { return !p->broken && !p->aborted; }

void sol_p_syntax_error(SolParser *p) { p->broken = true; }

void sol_p_unknown_op(SolParser *p, SolPLoc l, const SolIdent *name)
{
    sol_p_error(p, l, "unknown operation '%s' (see the dialect reference for supported ops)", name->str);
    p->broken = true;
}

/* ---- scratch lists ----------------------------------------------------------------------------- */

SolPList *sol_p_list(SolParser *p, void *first)
{
    SolPList *l = sol_arena_alloc(&p->scratch, sizeof *l);
    l->cap = 4;
    l->items = sol_arena_alloc(&p->scratch, l->cap * sizeof *l->items);
    l->items[l->n++] = first;
    return l;
}

SolPList *sol_p_append(SolParser *p, SolPList *l, void *item)
{
    if (!l)
        return sol_p_list(p, item);
    if (l->n == l->cap) {
        void **items = sol_arena_alloc(&p->scratch, 2 * l->cap * sizeof *items);
        memcpy(items, l->items, l->n * sizeof *items);
        l->items = items;
        l->cap *= 2;
    }
    l->items[l->n++] = item;
    return l;
}

/* ---- the symbol table ------------------------------------------------------------------------- */

static Binding *slot_for(SolPState *s, const SolIdent *name)
{
    if (2 * (s->used + 1) > s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 1024;
        Binding *slots = sol_xcalloc(cap, sizeof *slots);
        for (size_t i = 0; i < s->cap; i++) {
            if (!s->slots[i].name)
                continue;
            size_t j = s->slots[i].name->hash & (cap - 1);
            while (slots[j].name)
                j = (j + 1) & (cap - 1);
            slots[j] = s->slots[i];
        }
        free(s->slots);
        s->slots = slots, s->cap = cap;
    }
    size_t j = name->hash & (s->cap - 1);
    while (s->slots[j].name && s->slots[j].name != name)
        j = (j + 1) & (s->cap - 1);
    if (!s->slots[j].name) {
        s->slots[j].name = name;
        s->used++;
    }
    return &s->slots[j];
}

static void scope_push(SolParser *p) { sol_vec_push(&p->state->scopes, p->state->undo.len); }

static void scope_pop(SolParser *p)
{
    SolPState *s = p->state;
    if (!s->scopes.len)
        return;
    size_t mark = s->scopes.data[--s->scopes.len];
    while (s->undo.len > mark) {
        Binding old = s->undo.data[--s->undo.len];
        *slot_for(s, old.name) = old;
    }
}

/* Defines `%name` as count values starting at first (first may be NULL after an error). */
static void define(SolParser *p, SolPLoc l, const SolIdent *name, SolValue *first, uint32_t count)
{
    Binding *b = slot_for(p->state, name);
    if (b->defined) {
        sol_p_error(p, l, "redefinition of SSA value '%%%s'", name->str);
        return;
    }
    sol_vec_push(&p->state->undo, *b);
    b->first = first;
    b->count = count;
    b->defined = true;
}

SolPUse *sol_p_use(SolParser *p, SolPLoc l, const SolIdent *name, SolPInt result_no, bool has_no)
{
    SolPUse *u = sol_arena_alloc(&p->scratch, sizeof *u);
    u->name = name;
    u->loc = l;
    if (!building(p))
        return u;
    Binding *b = slot_for(p->state, name);
    if (!b->defined) {
        sol_p_error(p, l, "use of undefined value '%%%s'", name->str);
        return u;
    }
    if (!b->first)
        return u; /* its definition failed and was reported */
    uint64_t k = has_no ? result_no.value : 0;
    if (has_no && result_no.overflow) {
        sol_p_error(p, l, "result number is too large: '%%%s' has %u result%s", name->str,
                    b->count, b->count == 1 ? "" : "s");
        return u;
    }
    if (has_no && k >= b->count) {
        sol_p_error(p, l, "result number %llu is out of range: '%%%s' has %u result%s",
                    (unsigned long long)k, name->str, b->count, b->count == 1 ? "" : "s");
        return u;
    }
    u->value = b->first + k;
    return u;
}

/* defs -> def (',' def)* ; def -> %name | %name ':' N (a group of N results) */
SolPDefs *sol_p_defs(SolParser *p, SolPDefs *d, SolPLoc l, const SolIdent *name, SolPInt count)
{
    if (!d)
        d = sol_arena_alloc(&p->scratch, sizeof *d);
    if (count.overflow || count.value == 0 || count.value > UINT32_MAX) {
        sol_p_error(p, l, "expected a positive result count after '%%%s:'", name->str);
        d->failed = true;
        count.value = 1;
    }
    SolPDef *def = sol_arena_alloc(&p->scratch, sizeof *def);
    *def = (SolPDef){name, l, (uint32_t)count.value};
    d->names = sol_p_append(p, d->names, def);
    d->total += def->count;
    return d;
}

/* Binds each name to its slice of the op's results; after an error the names are still
 * defined (to nothing), so their uses stay silent. */
void sol_p_bind(SolParser *p, SolPDefs *defs, SolOp *op, SolPLoc l)
{
    if (!building(p))
        return;
    if (defs->failed)
        op = NULL;
    if (op && op->num_results != defs->total) {
        sol_p_error(p, l, "operation defines %u result%s but was provided %u to bind",
                    op->num_results, op->num_results == 1 ? "" : "s", defs->total);
        op = NULL;
    }
    uint32_t first = 0;
    for (uint32_t i = 0; i < defs->names->n; i++) {
        SolPDef *d = defs->names->items[i];
        for (uint32_t k = 0; op && k < d->count; k++)
            op->results[first + k].hint = d->name;
        define(p, d->loc, d->name, op ? &op->results[first] : NULL, d->count);
        first += d->count;
    }
}

/* ---- insertion points ------------------------------------------------------------------------- */

static SolBlock *current_block(SolParser *p)
{
    SolPState *s = p->state;
    return s->blocks.len ? s->blocks.data[s->blocks.len - 1] : sol_module_body(p->module);
}

/* Inside a region whose op failed to build there is no block: the op is dropped (the error
 * that caused it was reported). */
static void append(SolParser *p, SolOp *op)
{
    SolBlock *b = current_block(p);
    if (op && b)
        sol_block_append(b, op);
}

/* Enters a region whose block is `b`: new ops go there, names defined there die with it. */
static bool region_enter(SolParser *p, SolPLoc l, SolBlock *b)
{
    if (++p->depth > SOL_MAX_NESTING) {
        sol_p_error(p, l, "regions nested more than %d deep", SOL_MAX_NESTING);
        p->aborted = true;
    }
    sol_vec_push(&p->state->blocks, b);
    scope_push(p);
    return !p->aborted;
}

static void region_leave(SolParser *p)
{
    SolPState *s = p->state;
    if (p->depth)
        p->depth--;
    if (s->blocks.len)
        s->blocks.len--;
    scope_pop(p);
}

/* Binds names for a block's arguments (hints make the printer reuse them). */
static void define_block_args(SolParser *p, SolBlock *b, uint32_t first, SolPUse *const *names,
                              uint32_t n)
{
    for (uint32_t i = 0; i < n && first + i < b->num_args; i++) {
        b->args[first + i].hint = names[i]->name;
        define(p, names[i]->loc, names[i]->name, &b->args[first + i], 1);
    }
}

/* Gives an op a dictionary's entries as its discardable attributes. A dictionary is sorted and
 * free of duplicates, so the first one is taken whole (one op can have two: linalg.generic). */
static void set_attrs(SolParser *p, SolOp *op, const SolAttr *dict)
{
    if (!op || !dict || dict->kind != SOL_ATTR_DICT)
        return;
    if (!op->num_attrs) {
        op->attrs = (SolNamedAttr *)dict->dict.entries;
        op->num_attrs = dict->dict.n;
        return;
    }
    for (uint32_t i = 0; i < dict->dict.n; i++)
        sol_op_set_attr(p->module, op, dict->dict.entries[i].name, dict->dict.entries[i].value);
}

/* ---- type checks at uses ----------------------------------------------------------------------- */

static void print_type(SolBuf *b, const SolType *t)
{
    if (t)
        sol_type_print(b, t);
    else
        sol_buf_puts(b, "?");
}

/* The trailing type of an op says what its operands are; a value of another type is an error
 * at the use (MLIR: "use of value expects different type than prior uses"). */
static bool check_use(SolParser *p, const SolPUse *u, const SolType *expected)
{
    if (!u || !u->value || !expected || u->value->type == expected)
        return true;
    SolBuf a = {0}, b = {0};
    print_type(&a, expected);
    print_type(&b, u->value->type);
    sol_p_error(p, u->loc, "use of value '%%%s' expects type %s, but it has type %s", u->name->str,
                a.data, b.data);
    sol_buf_free(&a);
    sol_buf_free(&b);
    return false;
}

static bool all_resolved(SolPList *uses)
{
    for (uint32_t i = 0; i < sol_p_len(uses); i++)
        if (!((SolPUse *)uses->items[i])->value)
            return false;
    return true;
}

static SolValue **values_of(SolParser *p, SolPList *uses, uint32_t *n)
{
    *n = sol_p_len(uses);
    SolValue **v = sol_arena_alloc(&p->scratch, (*n + 1) * sizeof *v);
    for (uint32_t i = 0; i < *n; i++)
        v[i] = ((SolPUse *)uses->items[i])->value;
    return v;
}

static bool expect_memref(SolParser *p, SolPLoc l, const SolType *t)
{
    if (t && t->kind == SOL_TYPE_MEMREF)
        return true;
    sol_p_error(p, l, "expected a memref type after ':'");
    return false;
}

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
    set_attrs(p, m, attrs);
}

void sol_p_top_op_done(SolParser *p)
{
    /* Nothing built from the scratch arena outlives a top-level op: lists and parse trees are
     * consumed by the builders, and IR lives in the module arena. */
    sol_arena_release(&p->scratch);
}

SolOp *sol_p_func_begin(SolParser *p, SolPLoc l, bool is_private, const SolIdent *name,
                        SolPList *params, SolPList *results, const SolAttr *attrs)
{
    p->have_top_op = true;
    p->pending_params = params;
    if (!building(p))
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
    set_attrs(p, f, attrs);
    sol_block_append(sol_module_body(p->module), f);
    return f;
}

void sol_p_func_body(SolParser *p, SolOp *func, SolPLoc l)
{
    SolPList *params = p->pending_params;
    p->pending_params = NULL;
    if (!func || !building(p)) {
        region_enter(p, l, NULL);
        return;
    }
    uint32_t n = sol_p_len(params);
    SolBlock *b = sol_block_create(p->module, &func->regions[0], n, func->props.func->type->inputs);
    region_enter(p, l, b);
    for (uint32_t i = 0; i < n; i++) {
        SolPParam *prm = params->items[i];
        if (!prm->name) {
            sol_p_error(p, prm->loc, "a function with a body needs named arguments ('%%name: type')");
            continue;
        }
        b->args[i].hint = prm->name;
        define(p, prm->loc, prm->name, &b->args[i], 1);
    }
}

void sol_p_func_end(SolParser *p, SolOp *func, bool has_body)
{
    if (has_body) {
        region_leave(p);
        return;
    }
    SolPList *params = p->pending_params;
    p->pending_params = NULL;
    if (!func || !building(p))
        return;
    for (uint32_t i = 0; i < sol_p_len(params); i++) {
        SolPParam *prm = params->items[i];
        if (prm->name) {
            sol_p_error(p, prm->loc, "function '@%s' has named arguments but no body; a declaration lists types only",
                        func->props.func->sym->str);
            return;
        }
    }
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
    return all_resolved(b->dims) && all_resolved(b->syms);
}

static void push_uses(SolValue **ops, uint32_t *n, SolPList *uses)
{
    for (uint32_t i = 0; i < sol_p_len(uses); i++)
        ops[(*n)++] = ((SolPUse *)uses->items[i])->value;
}

SolOp *sol_p_for_begin(SolParser *p, SolPLoc l, SolPLoc ivl, const SolIdent *iv, SolPBound *lb,
                       SolPBound *ub, SolPInt step, SolPList *iter_names, SolPList *iter_inits,
                       SolPList *types)
{
    if (!building(p)) {
        region_enter(p, l, NULL);
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
        ok = check_use(p, iter_inits->items[i], types->items[i]) && ((SolPUse *)iter_inits->items[i])->value;
    if (!ok) { /* keep the body's names defined, so its uses do not cascade into errors */
        region_enter(p, l, NULL);
        define(p, ivl, iv, NULL, 1);
        for (uint32_t i = 0; i < niter; i++) {
            SolPUse *n = iter_names->items[i];
            define(p, n->loc, n->name, NULL, 1);
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
    append(p, op);
    region_enter(p, l, body);
    body->args[0].hint = iv;
    define(p, ivl, iv, &body->args[0], 1);
    if (niter)
        define_block_args(p, body, 1, (SolPUse *const *)iter_names->items, niter);
    return op;
}

SolOp *sol_p_for_end(SolParser *p, SolOp *op, const SolAttr *attrs)
{
    region_leave(p);
    if (!op || !building(p))
        return NULL;
    if (!op->num_results)
        ensure_terminator(p, sol_region_first_block(&op->regions[0]), SOL_OP_YIELD, op->loc);
    set_attrs(p, op, attrs);
    return op;
}

/* ---- affine.if ---------------------------------------------------------------------------------- */

SolOp *sol_p_if_begin(SolParser *p, SolPLoc l, const SolIntegerSet *set, SolPList *dims,
                      SolPList *syms, SolPList *types)
{
    SolPState *s = p->state;
    if (!building(p) || !set || !all_resolved(dims) || !all_resolved(syms)) {
        region_enter(p, l, NULL);
        sol_vec_push(&s->region_ops, NULL);
        return NULL;
    }
    if (sol_p_len(dims) != set->num_dims || sol_p_len(syms) != set->num_syms) {
        sol_p_error(p, l, "the integer set takes %u dimension and %u symbol operands, but %u and %u were given",
                    set->num_dims, set->num_syms, sol_p_len(dims), sol_p_len(syms));
        region_enter(p, l, NULL);
        sol_vec_push(&s->region_ops, NULL);
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
    append(p, op);
    region_enter(p, l, then);
    sol_vec_push(&s->region_ops, op);
    return op;
}

void sol_p_if_else(SolParser *p)
{
    SolPState *s = p->state;
    SolOp *op = s->region_ops.len ? s->region_ops.data[s->region_ops.len - 1] : NULL;
    SolPLoc here = {p->line, p->col, p->line, p->col};
    region_leave(p);
    if (!op || !building(p)) {
        region_enter(p, here, NULL);
        return;
    }
    if (!op->num_results)
        ensure_terminator(p, sol_region_first_block(&op->regions[0]), SOL_OP_YIELD, op->loc);
    region_enter(p, here, sol_block_create(p->module, &op->regions[1], 0, NULL));
}

SolOp *sol_p_if_end(SolParser *p, SolOp *op, const SolAttr *attrs)
{
    SolPState *s = p->state;
    if (s->region_ops.len)
        s->region_ops.len--;
    region_leave(p);
    if (!op || !building(p))
        return NULL;
    if (!op->num_results) {
        ensure_terminator(p, sol_region_first_block(&op->regions[0]), SOL_OP_YIELD, op->loc);
        SolBlock *els = sol_region_first_block(&op->regions[1]);
        if (els)
            ensure_terminator(p, els, SOL_OP_YIELD, op->loc);
    }
    set_attrs(p, op, attrs);
    return op;
}

/* ---- linalg.generic ----------------------------------------------------------------------------- */

static bool check_typed_uses(SolParser *p, SolPList *uses, SolPList *types, SolPLoc l)
{
    if (sol_p_len(uses) != sol_p_len(types)) {
        sol_p_error(p, l, "%u operands but %u types", sol_p_len(uses), sol_p_len(types));
        return false;
    }
    bool ok = all_resolved(uses);
    for (uint32_t i = 0; ok && i < sol_p_len(uses); i++)
        ok = check_use(p, uses->items[i], types->items[i]);
    return ok;
}

SolOp *sol_p_generic_begin(SolParser *p, SolPLoc l, const SolAttr *dict, SolPList *ins,
                           SolPList *in_types, SolPList *outs, SolPList *out_types,
                           const SolAttr *extra)
{
    if (!building(p) || !check_typed_uses(p, ins, in_types, l) ||
        !check_typed_uses(p, outs, out_types, l)) {
        region_enter(p, l, NULL);
        return NULL;
    }
    uint32_t ni = sol_p_len(ins), no = sol_p_len(outs), n = 0;
    SolValue **operands = sol_arena_alloc(&p->scratch, (ni + no + 1) * sizeof *operands);
    push_uses(operands, &n, ins);
    push_uses(operands, &n, outs);
    SolOp *op = sol_op_create(p->module, SOL_OP_GENERIC, sol_p_loc(p, l), n, operands, 0, NULL, 1);
    op->props.generic.num_ins = ni;
    set_attrs(p, op, dict);
    set_attrs(p, op, extra);
    append(p, op);
    return op;
}

void sol_p_generic_block(SolParser *p, SolOp *op, SolPList *params)
{
    SolPLoc here = {p->line, p->col, p->line, p->col};
    uint32_t n = sol_p_len(params);
    if (!op || !building(p)) {
        region_enter(p, here, NULL);
        for (uint32_t i = 0; i < n && building(p); i++) {
            SolPParam *prm = params->items[i];
            if (prm->name)
                define(p, prm->loc, prm->name, NULL, 1);
        }
        return;
    }
    const SolType **types = sol_arena_alloc(&p->scratch, (n + 1) * sizeof *types);
    for (uint32_t i = 0; i < n; i++)
        types[i] = ((SolPParam *)params->items[i])->type;
    SolBlock *b = sol_block_create(p->module, &op->regions[0], n, types);
    region_enter(p, here, b);
    for (uint32_t i = 0; i < n; i++) {
        SolPParam *prm = params->items[i];
        if (!prm->name) {
            sol_p_error(p, prm->loc, "block arguments need names ('%%name: type')");
            continue;
        }
        b->args[i].hint = prm->name;
        define(p, prm->loc, prm->name, &b->args[i], 1);
    }
}

SolOp *sol_p_generic_end(SolParser *p, SolOp *op)
{
    region_leave(p);
    return building(p) ? op : NULL;
}

/* ---- ops ---------------------------------------------------------------------------------------- */

SolOp *sol_p_terminator(SolParser *p, SolPLoc l, SolOpKind kind, SolPList *uses, SolPList *types)
{
    if (!building(p) || !check_typed_uses(p, uses, types, l))
        return NULL;
    uint32_t n;
    SolValue **v = values_of(p, uses, &n);
    SolOp *op = sol_op_create(p->module, kind, sol_p_loc(p, l), n, v, 0, NULL, 0);
    append(p, op);
    return op;
}

SolOp *sol_p_affine_load(SolParser *p, SolPLoc l, SolPUse *mem, SolPList *subs,
                         const SolAttr *attrs, const SolType *type)
{
    if (!building(p) || !expect_memref(p, l, type) || !check_use(p, mem, type) || !mem->value)
        return NULL;
    SolValue **operands;
    uint32_t n;
    const SolAffineMap *map = sol_p_lower_subscripts(p, subs, &operands, &n, 1);
    if (!map)
        return NULL;
    operands[0] = mem->value;
    SolOp *op = sol_op_create(p->module, SOL_OP_LOAD, sol_p_loc(p, l), n, operands, 1, &type->elem, 0);
    op->props.access.map = map;
    set_attrs(p, op, attrs);
    append(p, op);
    return op;
}

SolOp *sol_p_affine_store(SolParser *p, SolPLoc l, SolPUse *val, SolPUse *mem, SolPList *subs,
                          const SolAttr *attrs, const SolType *type)
{
    if (!building(p) || !expect_memref(p, l, type) || !check_use(p, mem, type) ||
        !check_use(p, val, type->elem) || !mem->value || !val->value)
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
    set_attrs(p, op, attrs);
    append(p, op);
    return op;
}

SolOp *sol_p_affine_map_op(SolParser *p, SolPLoc l, SolOpKind kind, const SolAffineMap *map,
                           SolPList *dims, SolPList *syms, const SolAttr *attrs)
{
    if (!building(p) || !map || !all_resolved(dims) || !all_resolved(syms))
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
    set_attrs(p, op, attrs);
    append(p, op);
    return op;
}

static SolOp *memref_access(SolParser *p, SolPLoc l, SolOpKind kind, SolPUse *val, SolPUse *mem,
                            SolPList *idx, const SolAttr *attrs, const SolType *type)
{
    if (!building(p) || !expect_memref(p, l, type) || !check_use(p, mem, type) || !mem->value ||
        !all_resolved(idx) || (val && (!check_use(p, val, type->elem) || !val->value)))
        return NULL;
    uint32_t prefix = val ? 2 : 1, n = prefix;
    SolValue **operands = sol_arena_alloc(&p->scratch, (prefix + sol_p_len(idx) + 1) * sizeof *operands);
    if (val)
        operands[0] = val->value;
    operands[prefix - 1] = mem->value;
    push_uses(operands, &n, idx);
    SolOp *op = sol_op_create(p->module, kind, sol_p_loc(p, l), n, operands, val ? 0 : 1,
                              val ? NULL : &type->elem, 0);
    set_attrs(p, op, attrs);
    append(p, op);
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
    if (!building(p) || !expect_memref(p, l, type) || !all_resolved(sizes))
        return NULL;
    uint32_t n;
    SolValue **v = values_of(p, sizes, &n);
    SolOp *op = sol_op_create(p->module, SOL_OP_ALLOC, sol_p_loc(p, l), n, v, 1, &type, 0);
    set_attrs(p, op, attrs);
    append(p, op);
    return op;
}

SolOp *sol_p_dealloc(SolParser *p, SolPLoc l, SolPUse *mem, const SolAttr *attrs,
                     const SolType *type)
{
    if (!building(p) || !expect_memref(p, l, type) || !check_use(p, mem, type) || !mem->value)
        return NULL;
    SolOp *op = sol_op_create(p->module, SOL_OP_DEALLOC, sol_p_loc(p, l), 1, &mem->value, 0, NULL, 0);
    set_attrs(p, op, attrs);
    append(p, op);
    return op;
}

SolOp *sol_p_dim(SolParser *p, SolPLoc l, const SolAttr *attrs, SolPUse *mem, SolPUse *idx,
                 const SolType *type)
{
    if (!building(p) || !expect_memref(p, l, type) || !check_use(p, mem, type) ||
        !check_use(p, idx, sol_type_index(p->ctx)) || !mem->value || !idx->value)
        return NULL;
    SolValue *operands[2] = {mem->value, idx->value};
    const SolType *index = sol_type_index(p->ctx);
    SolOp *op = sol_op_create(p->module, SOL_OP_DIM, sol_p_loc(p, l), 2, operands, 1, &index, 0);
    set_attrs(p, op, attrs);
    append(p, op);
    return op;
}

SolOp *sol_p_constant(SolParser *p, SolPLoc l, const SolAttr *attrs, const SolAttr *value)
{
    if (!building(p) || !value)
        return NULL;
    const SolType *type = value->type;
    SolOp *op = sol_op_create(p->module, SOL_OP_CONSTANT, sol_p_loc(p, l), 0, NULL, 1, &type, 0);
    op->props.constant.value = value;
    set_attrs(p, op, attrs);
    append(p, op);
    return op;
}

/* Binary, unary, ternary ops and select: `op %a, %b : T`, all operands of type T except the
 * condition of select. */
SolOp *sol_p_simple(SolParser *p, SolPLoc l, SolOpKind kind, SolPList *uses,
                    const SolAttr *attrs, const SolType *type)
{
    if (!building(p))
        return NULL;
    bool ok = all_resolved(uses);
    uint32_t first = kind == SOL_OP_SELECT ? 1 : 0;
    for (uint32_t i = first; i < sol_p_len(uses); i++)
        ok = check_use(p, uses->items[i], type) && ok;
    if (!ok)
        return NULL;
    uint32_t n;
    SolValue **v = values_of(p, uses, &n);
    SolOp *op = sol_op_create(p->module, kind, sol_p_loc(p, l), n, v, 1, &type, 0);
    set_attrs(p, op, attrs);
    append(p, op);
    return op;
}

SolOp *sol_p_cmp(SolParser *p, SolPLoc l, SolOpKind kind, SolPLoc pl, const SolIdent *pred,
                 SolPUse *a, SolPUse *b, const SolAttr *attrs, const SolType *type)
{
    if (!building(p))
        return NULL;
    int k = sol_cmp_predicate_lookup(kind, pred->str, pred->len);
    if (k < 0) {
        sol_p_error(p, pl, "unknown predicate '%s' for '%s'; expected one of %s", pred->str,
                    sol_op_infos[kind].name,
                    kind == SOL_OP_CMPF ? "false, oeq, ogt, oge, olt, ole, one, ord, ueq, ugt, uge, ult, ule, une, uno, true"
                                        : "eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge");
        return NULL;
    }
    bool types_ok = check_use(p, a, type);
    types_ok = check_use(p, b, type) && types_ok;
    if (!types_ok || !a->value || !b->value)
        return NULL;
    SolValue *operands[2] = {a->value, b->value};
    const SolType *i1 = sol_type_int(p->ctx, 1);
    SolOp *op = sol_op_create(p->module, kind, sol_p_loc(p, l), 2, operands, 1, &i1, 0);
    op->props.cmp.predicate = (uint32_t)k;
    set_attrs(p, op, attrs);
    append(p, op);
    return op;
}

SolOp *sol_p_cast(SolParser *p, SolPLoc l, SolOpKind kind, SolPUse *a, const SolAttr *attrs,
                  const SolType *from, const SolType *to)
{
    if (!building(p) || !check_use(p, a, from) || !a->value)
        return NULL;
    SolOp *op = sol_op_create(p->module, kind, sol_p_loc(p, l), 1, &a->value, 1, &to, 0);
    set_attrs(p, op, attrs);
    append(p, op);
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
    if (!building(p) || !all_resolved(args))
        return NULL;
    if (sol_p_len(args) != fn_type->num_inputs) {
        sol_p_error(p, l, "call passes %u arguments, but its type lists %u", sol_p_len(args),
                    fn_type->num_inputs);
        return NULL;
    }
    bool ok = true;
    for (uint32_t i = 0; i < fn_type->num_inputs; i++)
        ok = check_use(p, args->items[i], fn_type->inputs[i]) && ok;
    if (!ok)
        return NULL;
    uint32_t n;
    SolValue **v = values_of(p, args, &n);
    SolOp *op = sol_op_create(p->module, SOL_OP_CALL, sol_p_loc(p, l), n, v, fn_type->num_results,
                              fn_type->results, 0);
    op->props.func->sym = callee;
    op->props.func->type = fn_type;
    set_attrs(p, op, attrs);
    append(p, op);
    return op;
}

/* ---- entry points ----------------------------------------------------------------------------------- */

static bool source_registered(SolDiagEngine *e, const SolIdent *file)
{
    for (size_t i = 0; i < e->sources.len; i++)
        if (e->sources.data[i]->name == file)
            return true;
    return false;
}

static void state_free(SolPState *s)
{
    free(s->slots);
    sol_vec_free(&s->undo);
    sol_vec_free(&s->scopes);
    sol_vec_free(&s->blocks);
    sol_vec_free(&s->region_ops);
    sol_p_aliases_free(s);
}

/* Runs the parser over `data` (or, when data is NULL, over `stream`). */
static SolModule *parse(SolContext *ctx, const char *name, const char *data, size_t len,
                        FILE *stream, uint32_t first_line)
{
    SolDiagEngine *diag = sol_context_diag(ctx);
    const SolIdent *file = sol_ident_cstr(ctx, name);
    SolSource temp = {.name = file, .data = data, .len = len, .first_line = first_line};
    bool own_source = !source_registered(diag, file);
    if (own_source)
        sol_diag_add_source(diag, &temp);
    unsigned errors_before = diag->num_errors;
    SolPState state = {0};
    SolParser p = {.ctx = ctx, .file = file, .line = first_line ? first_line : 1, .col = 1,
                   .input = data, .input_len = len, .stream = stream, .state = &state};
    p.module = sol_module_new(ctx, file);
    p.module->op->loc.line = p.line; /* an implicit module starts where its text does */
    yyscan_t scanner;
    yylex_init_extra(&p, &scanner);
    yyparse(scanner, &p);
    yylex_destroy(scanner);
    sol_arena_release(&p.scratch);
    state_free(&state);
    if (own_source)
        sol_diag_remove_source(diag, &temp);
    if (stream && ferror(stream))
        sol_emit_error(ctx, (SolLoc){file, 0, 0, 0}, "read error");
    if (diag->num_errors != errors_before) {
        sol_module_free(p.module);
        return NULL;
    }
    return p.module;
}

SolModule *sol_parse_buffer_at(SolContext *ctx, const char *name, const char *data, size_t len,
                               uint32_t first_line)
{
    return parse(ctx, name, data, len, NULL, first_line);
}

SolModule *sol_parse_file(SolContext *ctx, const char *name, FILE *f)
{
    return parse(ctx, name, NULL, 0, f, 1);
}

SolModule *sol_parse_buffer(SolContext *ctx, const char *name, const char *data, size_t len)
{
    return sol_parse_buffer_at(ctx, name, data, len, 1);
}

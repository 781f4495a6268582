/*
 * The parser's state and entry points: what the builders called by the grammar's actions
 * share (grammar/solar.y is declarative; each action calls one sol_p_* function).
 *
 * This file holds the parse-time state: the SSA symbol table with its scopes (a name is
 * visible in the region that defines it and in nested regions, may not be redefined there,
 * and dies with its region, so sibling regions can reuse it), the stack of open regions that
 * new ops are appended to, and the checks every builder makes at uses. The op builders are in
 * parse_ops.c (custom syntax) and parse_generic.c (MLIR's generic form), literals,
 * attributes and `#alias`es in parse_literals.c, affine expressions, maps and sets in
 * parse_affine.c, and the token filter that drives error recovery in parse_recover.c.
 *
 * Errors are reported with a location and parsing goes on: a semantic error leaves a NULL
 * value that later builders accept silently; after a syntax error nothing more is built, and
 * only syntax errors are reported from the next statement on.
 */
#include "IR/parse_internal.h"

#include "solar.tab.h"
#include "solar.lex.h"

#include "Support/spelling.h"

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
    if (p->resync)
        return; /* the scanner, in text that error recovery skips: part of the first error */
    SolDiagEngine *diag = sol_context_diag(p->ctx);
    p->errors++;
    sol_diag_emitv(diag, SOL_SEV_ERROR, sol_p_loc(p, l), fmt, ap);
    if (sol_diag_too_many_reported(diag)) /* not counting a sink's (stream.c), which may go */
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
bool sol_p_building(SolParser *p) { return !p->broken && !p->aborted; }

/* After an error in the input the sink hears nothing more: ops are verified only in a module
 * that parses, as sol_verify_module verifies only such a module. */
bool sol_p_sinking(SolParser *p) { return p->sink && !p->errors && sol_p_building(p); }

void sol_p_syntax_error(SolParser *p) { p->broken = true; }

/* `unknown operation 'arith.mul'; did you mean 'arith.mulf' or 'arith.muli'?`, with the page
 * that lists the ops solar-opt reads. Both spellings of every op are candidates, and a
 * suggestion is at most a third of the op's own part away (one edit for short names), or the
 * op of that name in another dialect (`arith.exp` -> `math.exp`). */
void sol_p_report_unknown_op(SolParser *p, SolPLoc l, const char *name, size_t len)
{
    const char *names[2 * SOL_OP_COUNT], *best[3];
    for (int k = 0; k < SOL_OP_COUNT; k++) {
        names[2 * k] = sol_op_infos[k].name;
        names[2 * k + 1] = sol_op_infos[k].name14;
    }
    /* The dialect prefix is shared, so the limit follows the op's own part: `arith.foo` is
     * three edits from `arith.ori` but nothing like it. */
    const char *dot = memchr(name, '.', len);
    size_t own = dot ? len - (size_t)(dot - name) - 1 : len;
    size_t n = sol_closest_spellings(name, len, own / 3 > 1 ? own / 3 : 1, names,
                                     2 * SOL_OP_COUNT, best, 3);
    for (int k = 0; k < 2 * SOL_OP_COUNT && !n; k++) { /* the same op in another dialect */
        const char *c = names[k], *cdot = c ? strchr(c, '.') : NULL;
        if (cdot && strlen(cdot + 1) == own && memcmp(cdot + 1, name + len - own, own) == 0)
            best[n++] = c;
    }
    SolBuf hint = {0};
    for (size_t i = 0; i < n; i++)
        sol_buf_printf(&hint, "%s'%s'", i == 0 ? "; did you mean " : i + 1 == n ? " or " : ", ",
                       best[i]);
    sol_buf_puts(&hint, n ? "?" : "");
    sol_p_error(p, l, "unknown operation '%.*s'%s (the ops solar-opt reads are listed in %s)",
                (int)len, name, hint.data, SOL_DIALECT_DOC);
    sol_buf_free(&hint);
}

/* An op name the scanner does not know: its syntax is unknown too, so this is a syntax error. */
void sol_p_unknown_op(SolParser *p, SolPLoc l, const SolIdent *name)
{
    sol_p_report_unknown_op(p, l, name->str, name->len);
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

/* ---- the symbol table -------------------------------------------------------------------------
 * Open addressing over the names in scope, keyed by their text. Nothing shadows (defining a
 * name that is in scope is an error), so closing a region just removes the names it defined:
 * the table holds what is visible, however long the function, and removal shifts the rest of
 * a probe chain back instead of leaving tombstones. */

static bool same_name(const SolIdent *key, SolPName n)
{
    if (key->hash != n.hash || key->len != n.len)
        return false;
    for (uint32_t i = 0; i < n.len; i++) /* short: a loop beats a call to memcmp */
        if (key->str[i] != n.str[i])
            return false;
    return true;
}

/* The slot of n, or the empty slot where it would go. */
static size_t probe(const SolPState *s, SolPName n)
{
    size_t mask = s->cap - 1, j = n.hash & mask;
    while (s->slots[j].name && !same_name(s->slots[j].name, n))
        j = (j + 1) & mask;
    return j;
}

static Binding *lookup(SolPState *s, SolPName n)
{
    if (!s->cap)
        return NULL;
    Binding *b = &s->slots[probe(s, n)];
    return b->name ? b : NULL;
}

static void grow(SolPState *s)
{
    size_t cap = s->cap ? s->cap * 2 : 64;
    Binding *old = s->slots;
    size_t old_cap = s->cap;
    s->slots = sol_xcalloc(cap, sizeof *s->slots);
    s->cap = cap;
    for (size_t i = 0; i < old_cap; i++)
        if (old[i].name) {
            SolPName n = {old[i].name->str, old[i].name->len, old[i].name->hash};
            s->slots[probe(s, n)] = old[i];
        }
    free(old);
}

static Binding *insert(SolPState *s, const SolIdent *key)
{
    if (2 * (s->used + 1) > s->cap)
        grow(s);
    SolPName n = {key->str, key->len, key->hash};
    Binding *b = &s->slots[probe(s, n)];
    *b = (Binding){.name = key};
    s->used++;
    return b;
}

static void erase(SolPState *s, const SolIdent *key)
{
    size_t mask = s->cap - 1;
    size_t i = probe(s, (SolPName){key->str, key->len, key->hash});
    if (!s->slots[i].name)
        return;
    s->slots[i].name = NULL;
    s->used--;
    for (size_t j = (i + 1) & mask; s->slots[j].name; j = (j + 1) & mask) {
        size_t home = s->slots[j].name->hash & mask;
        /* the entry at j may move to the hole at i unless its home lies in (i, j] */
        bool stays = i <= j ? (home > i && home <= j) : (home > i || home <= j);
        if (stays)
            continue;
        s->slots[i] = s->slots[j];
        s->slots[j].name = NULL;
        i = j;
    }
}

static void scope_push(SolParser *p) { sol_vec_push(&p->state->scopes, p->state->defined.len); }

static void scope_pop(SolParser *p)
{
    SolPState *s = p->state;
    if (!s->scopes.len)
        return;
    size_t mark = s->scopes.data[--s->scopes.len];
    while (s->defined.len > mark)
        erase(s, s->defined.data[--s->defined.len]);
}

void sol_p_ssa_name(SolParser *p, const char *text, size_t len, SolPName *out)
{
    out->str = sol_arena_strndup(&p->scratch, text, len);
    out->len = (uint32_t)len;
    out->hash = sol_hash_bytes(text, len);
}

/* The name's text, for the module: what the printer reuses as the value's name. */
static const SolIdent *name_ident(SolParser *p, SolPName n)
{
    SolIdent *id = sol_arena_alloc(&p->module->arena, sizeof *id + n.len + 1);
    id->len = n.len;
    id->hash = n.hash;
    memcpy(id->str, n.str, n.len);
    return id;
}

void sol_p_define(SolParser *p, SolPLoc l, SolPLoc stmt, SolPName name, SolValue *first,
                  uint32_t count)
{
    SolPState *s = p->state;
    Binding *b = lookup(s, name);
    if (b) {
        sol_p_error(p, l, "redefinition of SSA value '%%%.*s'", (int)name.len, name.str);
        SolPLoc prev = {b->line, b->col, b->line, b->col + name.len};
        sol_emit_note(p->ctx, sol_p_loc(p, prev), "previously defined here");
        if (b->depth < p->depth)
            sol_p_brace_hint(p, stmt);
        return;
    }
    const SolIdent *key = name_ident(p, name);
    for (uint32_t k = 0; first && k < count; k++)
        first[k].hint = key;
    b = insert(s, key);
    b->first = first;
    b->count = count;
    b->depth = p->depth;
    b->line = l.first_line;
    b->col = l.first_column;
    sol_vec_push(&s->defined, key);
}

SolPUse *sol_p_use(SolParser *p, SolPLoc l, SolPName name, SolPInt result_no, bool has_no)
{
    SolPUse *u = sol_arena_alloc(&p->scratch, sizeof *u);
    u->name = name;
    u->loc = l;
    if (!sol_p_building(p))
        return u;
    Binding *b = lookup(p->state, name);
    int n = (int)name.len;
    if (!b) {
        sol_p_error(p, l, "use of undefined value '%%%.*s'", n, name.str);
        return u;
    }
    if (!b->first)
        return u; /* its definition failed and was reported */
    uint64_t k = has_no ? result_no.value : 0;
    if (has_no && result_no.overflow) {
        sol_p_error(p, l, "result number is too large: '%%%.*s' has %u result%s", n, name.str,
                    b->count, b->count == 1 ? "" : "s");
        return u;
    }
    if (has_no && k >= b->count) {
        sol_p_error(p, l, "result number %llu is out of range: '%%%.*s' has %u result%s",
                    (unsigned long long)k, n, name.str, b->count, b->count == 1 ? "" : "s");
        return u;
    }
    u->value = b->first + k;
    return u;
}

/* defs -> def (',' def)* ; def -> %name | %name ':' N (a group of N results) */
SolPDefs *sol_p_defs(SolParser *p, SolPDefs *d, SolPLoc l, SolPName name, SolPInt count)
{
    if (!d)
        d = sol_arena_alloc(&p->scratch, sizeof *d);
    if (count.overflow || count.value == 0 || count.value > UINT32_MAX) {
        sol_p_error(p, l, "expected a positive result count after '%%%.*s:'", (int)name.len,
                    name.str);
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
    if (!sol_p_building(p))
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
        sol_p_define(p, d->loc, l, d->name, op ? &op->results[first] : NULL, d->count);
        first += d->count;
    }
}

/* ---- insertion points ------------------------------------------------------------------------- */

SolPRegion *sol_p_region_top(SolParser *p)
{
    SolPState *s = p->state;
    return s->regions.len ? &s->regions.data[s->regions.len - 1] : NULL;
}

/* Inside a region whose op failed to build there is no block: the op is dropped (the error
 * that caused it was reported). */
void sol_p_append_op(SolParser *p, SolOp *op)
{
    SolPRegion *r = sol_p_region_top(p);
    SolBlock *b = r ? r->block : sol_module_body(p->module);
    if (op && b)
        sol_block_append(b, op);
}

SolPRegion *sol_p_region_enter(SolParser *p, SolPLoc l, SolBlock *b)
{
    if (++p->depth > SOL_MAX_NESTING) {
        sol_p_error(p, l, "regions nested more than %d deep", SOL_MAX_NESTING);
        p->aborted = true;
    }
    SolPRegion r = {b, NULL, false, sol_arena_mark(&p->scratch)};
    sol_vec_push(&p->state->regions, r);
    scope_push(p);
    return p->aborted ? NULL : sol_p_region_top(p);
}

void sol_p_region_leave(SolParser *p)
{
    SolPState *s = p->state;
    if (!s->regions.len)
        return;
    if (s->regions.data[--s->regions.len].dropped)
        p->dropped_depth--;
    p->depth--;
    scope_pop(p);
}

/* A top-level op of a function body goes to the sink; if the sink lets it go, it is erased and
 * the module memory allocated since the op before it is reused. A lookahead string's text is
 * module memory too, so it is kept aside across the release. */
static void sink_op(SolParser *p, SolBlock *body, int tok, SolPValue *lval)
{
    SolOp *op = sol_block_last_op(body);
    if (!op || op == p->sunk)
        return; /* the statement built nothing */
    if (!p->sink->op_done(p->sink->user, op)) {
        p->sunk = op;
        p->body_mark = sol_arena_mark(&p->module->arena);
        return;
    }
    sol_op_erase(op);
    SolBuf *keep = &p->state->lookahead;
    if (tok == STRING) {
        keep->len = 0;
        sol_buf_append(keep, lval->str.data, lval->str.len);
    }
    sol_arena_release_to(&p->module->arena, p->body_mark);
    if (tok == STRING) {
        lval->str.data = sol_arena_strndup(&p->module->arena, keep->data, keep->len);
        lval->str.len = (uint32_t)keep->len;
    }
}

/* Nothing built in scratch memory outlives its statement (lists and parse trees are consumed
 * by the builders; IR lives in the module arena), except what the enclosing op's header left
 * before its region opened: that goes with the enclosing statement. */
void sol_p_stmt_done(SolParser *p, int tok, SolPValue *lval)
{
    SolPRegion *r = sol_p_region_top(p);
    if (sol_p_sinking(p) && r && p->depth == 1 && r->block)
        sink_op(p, r->block, tok, lval);
    SolBuf *keep = &p->state->lookahead;
    if (tok == SSA_ID) {
        keep->len = 0;
        sol_buf_append(keep, lval->name.str, lval->name.len);
    }
    sol_arena_release_to(&p->scratch, r ? r->mark : (SolArenaMark){NULL, 0});
    if (tok == SSA_ID)
        sol_p_ssa_name(p, keep->data, keep->len, &lval->name);
}

/* Binds names for a block's arguments (hints make the printer reuse them). */
void sol_p_define_block_args(SolParser *p, SolPLoc stmt, SolBlock *b, uint32_t first,
                              SolPUse *const *names, uint32_t n)
{
    for (uint32_t i = 0; i < n && first + i < b->num_args; i++)
        sol_p_define(p, names[i]->loc, stmt, names[i]->name, &b->args[first + i], 1);
}

/* Gives an op a dictionary's entries as its discardable attributes. A dictionary is sorted and
 * free of duplicates, so the first one is taken whole (one op can have two: linalg.generic). */
void sol_p_set_attrs(SolParser *p, SolOp *op, const SolAttr *dict)
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
bool sol_p_check_use(SolParser *p, const SolPUse *u, const SolType *expected)
{
    if (!u || !u->value || !expected || u->value->type == expected)
        return true;
    SolBuf a = {0}, b = {0};
    print_type(&a, expected);
    print_type(&b, u->value->type);
    sol_p_error(p, u->loc, "use of value '%%%.*s' expects type %s, but it has type %s",
                (int)u->name.len, u->name.str, a.data, b.data);
    sol_buf_free(&a);
    sol_buf_free(&b);
    return false;
}

bool sol_p_all_resolved(SolPList *uses)
{
    for (uint32_t i = 0; i < sol_p_len(uses); i++)
        if (!((SolPUse *)uses->items[i])->value)
            return false;
    return true;
}

SolValue **sol_p_values_of(SolParser *p, SolPList *uses, uint32_t *n)
{
    *n = sol_p_len(uses);
    SolValue **v = sol_arena_alloc(&p->scratch, (*n + 1) * sizeof *v);
    for (uint32_t i = 0; i < *n; i++)
        v[i] = ((SolPUse *)uses->items[i])->value;
    return v;
}

bool sol_p_expect_memref(SolParser *p, SolPLoc l, const SolType *t)
{
    if (t && t->kind == SOL_TYPE_MEMREF)
        return true;
    sol_p_error(p, l, "expected a memref type after ':'");
    return false;
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
    sol_vec_free(&s->defined);
    sol_vec_free(&s->scopes);
    sol_vec_free(&s->regions);
    sol_buf_free(&s->lookahead);
    sol_p_aliases_free(s);
}

/* Runs the parser over `data` (or, when data is NULL, over `stream`), handing ops to sink.
 * Sets *ok; the module is returned either way, for the caller to free. */
static SolModule *parse(SolContext *ctx, const char *name, const char *data, size_t len,
                        FILE *stream, uint32_t first_line, const SolPSink *sink, bool *ok)
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
                   .input = data, .input_len = len, .stream = stream, .state = &state,
                   .at_line_start = true, .sink = sink};
    p.module = sol_module_new(ctx, file);
    p.module->op->loc.line = p.line; /* an implicit module starts where its text does */
    yyscan_t scanner;
    yylex_init_extra(&p, &scanner);
    yyparse(scanner, &p);
    yylex_destroy(scanner);
    sol_arena_release(&p.scratch);
    sol_vec_free(&p.braces);
    sol_buf_free(&p.str_text);
    state_free(&state);
    if (own_source)
        sol_diag_remove_source(diag, &temp);
    bool read_error = stream && ferror(stream);
    if (read_error)
        sol_emit_error(ctx, (SolLoc){file, 0, 0, 0}, "read error");
    /* With a sink, errors the sink reported (held, see stream.c) are its own business. */
    *ok = sink ? !p.errors && !read_error : diag->num_errors == errors_before;
    return p.module;
}

/* The module, or NULL (and nothing) after an error. */
static SolModule *parsed(SolModule *m, bool ok)
{
    if (ok)
        return m;
    sol_module_free(m);
    return NULL;
}

SolModule *sol_parse_buffer_at(SolContext *ctx, const char *name, const char *data, size_t len,
                               uint32_t first_line)
{
    bool ok;
    SolModule *m = parse(ctx, name, data, len, NULL, first_line, NULL, &ok);
    return parsed(m, ok);
}

SolModule *sol_parse_file(SolContext *ctx, const char *name, FILE *f)
{
    bool ok;
    SolModule *m = parse(ctx, name, NULL, 0, f, 1, NULL, &ok);
    return parsed(m, ok);
}

SolModule *sol_p_parse_file_sink(SolContext *ctx, const char *name, FILE *f, const SolPSink *sink,
                                 bool *ok)
{
    return parse(ctx, name, NULL, 0, f, 1, sink, ok);
}

SolModule *sol_parse_buffer(SolContext *ctx, const char *name, const char *data, size_t len)
{
    return sol_parse_buffer_at(ctx, name, data, len, 1);
}

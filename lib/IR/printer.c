/*
 * The op printer: a module in MLIR custom syntax, laid out as mlir-opt-14 lays it out.
 *
 * Printing is two walks. The first collects every affine map and integer set that appears in
 * attribute position (loop bounds that are not shorthand, affine.apply/min/max maps, affine.if
 * sets, map and set attribute values) and numbers them `#map0, #map1, ...` and `#set0, ...`
 * in order of first use; they are uniqued in the context, so a pointer is an identity. The
 * second walk prints the aliases and then the module, one op per line, into a SolBuf that is
 * written out in large pieces.
 *
 * SSA names are chosen while printing, in textual order, which is definition order. A value
 * keeps its source name (SolValue.hint) when no visible value has it; otherwise it becomes
 * `name_1`, `name_2`, ... Values without a source name are numbered `%0, %1, ...` and block
 * arguments `%arg0, ...`, per function. Visibility follows MLIR's scoping: a name taken in an
 * enclosing region or earlier in the same region is taken, sibling regions may reuse names,
 * and each function starts afresh. The table of taken names is a hash set whose entries form
 * a stack, popped back to a mark when a region closes. Reading the output back gives every
 * value its printed name as hint, each of which is then free, so printing is a fixed point.
 *
 * Op spellings follow the target (--mlir=14 or current); ops whose operands, results or
 * inherent data do not fit their custom syntax print in the generic form, so that broken IR
 * can still be looked at.
 */
#include "IR/ir.h"

#include <stdlib.h>
#include <string.h>

enum { FLUSH_AT = 256 * 1024 };


/* ---- pointer map ---------------------------------------------------------------------------
 * Open addressing from a pointer to a number. Clearing bumps a generation instead of wiping
 * the table: a slot is live only when it carries the map's generation, so starting a small
 * function after a huge one costs nothing. */

typedef struct PtrMap {
    const void **keys;
    uint32_t *vals;
    uint32_t *gens;
    size_t cap, count;
    uint32_t gen; /* >= 1; zeroed slots are empty */
} PtrMap;

static size_t ptr_slot(const PtrMap *m, const void *p)
{
    uint64_t x = (uint64_t)(uintptr_t)p * 0x9E3779B97F4A7C15ull;
    return (size_t)(x >> 24) & (m->cap - 1);
}

static uint32_t *ptrmap_find(const PtrMap *m, const void *key)
{
    if (!m->cap)
        return NULL;
    for (size_t i = ptr_slot(m, key);; i = (i + 1) & (m->cap - 1)) {
        if (m->gens[i] != m->gen)
            return NULL;
        if (m->keys[i] == key)
            return &m->vals[i];
    }
}

static void ptrmap_insert(PtrMap *m, const void *key, uint32_t val)
{
    size_t i = ptr_slot(m, key);
    while (m->gens[i] == m->gen && m->keys[i] != key)
        i = (i + 1) & (m->cap - 1);
    if (m->gens[i] != m->gen)
        m->count++;
    m->keys[i] = key, m->vals[i] = val, m->gens[i] = m->gen;
}

static void ptrmap_grow(PtrMap *m)
{
    PtrMap old = *m;
    m->cap = old.cap ? old.cap * 2 : 256;
    m->keys = sol_xmalloc(m->cap * sizeof *m->keys);
    m->vals = sol_xmalloc(m->cap * sizeof *m->vals);
    m->gens = sol_xcalloc(m->cap, sizeof *m->gens);
    m->count = 0;
    m->gen = 1;
    for (size_t i = 0; i < old.cap; i++)
        if (old.gens[i] == old.gen)
            ptrmap_insert(m, old.keys[i], old.vals[i]);
    free(old.keys), free(old.vals), free(old.gens);
}

static void ptrmap_put(PtrMap *m, const void *key, uint32_t val)
{
    if ((m->count + 1) * 2 > m->cap)
        ptrmap_grow(m);
    ptrmap_insert(m, key, val);
}

static void ptrmap_clear(PtrMap *m)
{
    m->count = 0;
    if (++m->gen == 0) { /* wrapped: stale generations could look live again */
        memset(m->gens, 0, m->cap * sizeof *m->gens);
        m->gen = 1;
    }
}

static void ptrmap_free(PtrMap *m) { free(m->keys), free(m->vals), free(m->gens); }

/* ---- scoped set of taken names ---------------------------------------------------------------
 * Chained hashing whose entries live in one array in insertion order, each bucket's chain
 * running from newest to oldest. Removing entries newest-first (closing a region) just moves
 * each bucket head back to the entry's successor. */

typedef struct NameEnt {
    const char *s;
    uint32_t len, hash;
    int32_t next;  /* older entry of the same bucket, -1 at the end */
    uint32_t memo; /* suffixes below memo are taken: `x_1` .. `x_{memo-1}` (0 means 1) */
} NameEnt;

typedef struct MemoUndo {
    uint32_t ent, memo;
} MemoUndo;

typedef struct NameSet {
    SolVecOf(NameEnt) ents;
    SolVecOf(MemoUndo) undo; /* memo changes, rolled back with the scope that made them */
    int32_t *heads;
    size_t nheads;
} NameSet;

typedef struct Scope {
    size_t ents, undo;
} Scope;

static int32_t names_find(const NameSet *ns, const char *s, uint32_t len, uint32_t h)
{
    if (!ns->nheads)
        return -1;
    for (int32_t i = ns->heads[h & (ns->nheads - 1)]; i >= 0; i = ns->ents.data[i].next) {
        const NameEnt *e = &ns->ents.data[i];
        if (e->hash == h && e->len == len && memcmp(e->s, s, len) == 0)
            return i;
    }
    return -1;
}

static void names_rehash(NameSet *ns)
{
    free(ns->heads);
    ns->nheads = ns->nheads ? ns->nheads * 2 : 256;
    ns->heads = sol_xmalloc(ns->nheads * sizeof *ns->heads);
    memset(ns->heads, 0xff, ns->nheads * sizeof *ns->heads);
    for (size_t i = 0; i < ns->ents.len; i++) { /* oldest first keeps newest at the head */
        NameEnt *e = &ns->ents.data[i];
        size_t bkt = e->hash & (ns->nheads - 1);
        e->next = ns->heads[bkt];
        ns->heads[bkt] = (int32_t)i;
    }
}

static void names_add(NameSet *ns, const char *s, uint32_t len, uint32_t h)
{
    NameEnt e = {s, len, h, -1, 0};
    sol_vec_push(&ns->ents, e);
    if (ns->ents.len > ns->nheads) {
        names_rehash(ns);
        return;
    }
    size_t bkt = h & (ns->nheads - 1);
    ns->ents.data[ns->ents.len - 1].next = ns->heads[bkt];
    ns->heads[bkt] = (int32_t)(ns->ents.len - 1);
}

static Scope scope_mark(const NameSet *ns) { return (Scope){ns->ents.len, ns->undo.len}; }

static void scope_pop(NameSet *ns, Scope s)
{
    while (ns->undo.len > s.undo) {
        MemoUndo u = ns->undo.data[--ns->undo.len];
        ns->ents.data[u.ent].memo = u.memo;
    }
    while (ns->ents.len > s.ents) {
        NameEnt *e = &ns->ents.data[--ns->ents.len];
        ns->heads[e->hash & (ns->nheads - 1)] = e->next;
    }
}

static void names_free(NameSet *ns)
{
    sol_vec_free(&ns->ents);
    sol_vec_free(&ns->undo);
    free(ns->heads);
}

/* ---- printer state ---------------------------------------------------------------------------- */

/* A value's printed name: `%s`, or `%s#resno` for one result of a `%s:N` group. */
typedef struct VName {
    const char *s;
    uint32_t len;
    int32_t resno; /* -1 when not grouped */
} VName;

typedef struct Printer {
    SolBuf *b;
    FILE *out; /* written to whenever b fills up; NULL keeps everything in b */
    SolMlirTarget target;
    PtrMap aliases; /* affine map or integer set -> alias number */
    SolVecOf(const SolAffineMap *) maps;
    SolVecOf(const SolIntegerSet *) sets;
    PtrMap values; /* value -> index into vnames, current function only */
    SolVecOf(VName) vnames;
    NameSet taken;
    SolArena strings; /* generated names of the current function */
    uint64_t next_num, next_arg;
    SolBuf tmp;     /* a candidate name being tried */
    SolBuf scratch; /* subscript operand spellings */
    SolVecOf(size_t) offsets;
    SolVecOf(const char *) subnames;
} Printer;

static void printer_init(Printer *P, SolBuf *b, FILE *out, const SolPrintOptions *opts)
{
    memset(P, 0, sizeof *P);
    P->b = b;
    P->out = out;
    P->target = opts ? opts->target : SOL_MLIR_CURRENT;
    P->aliases.gen = P->values.gen = 1;
}

static void printer_free(Printer *P)
{
    ptrmap_free(&P->aliases);
    ptrmap_free(&P->values);
    sol_vec_free(&P->maps);
    sol_vec_free(&P->sets);
    sol_vec_free(&P->vnames);
    names_free(&P->taken);
    sol_arena_release(&P->strings);
    sol_buf_free(&P->tmp);
    sol_buf_free(&P->scratch);
    sol_vec_free(&P->offsets);
    sol_vec_free(&P->subnames);
}

static void flush(Printer *P)
{
    if (P->out && P->b->len) {
        fwrite(P->b->data, 1, P->b->len, P->out);
        P->b->len = 0;
    }
}

/* Functions are isolated from above: their names start over. */
static void names_reset(Printer *P)
{
    scope_pop(&P->taken, (Scope){0, 0});
    P->vnames.len = 0;
    ptrmap_clear(&P->values);
    sol_arena_release(&P->strings);
    P->next_num = P->next_arg = 0;
}

/* ---- choosing names ------------------------------------------------------------------------ */

static VName take_name(Printer *P, const char *s, uint32_t len, uint32_t h)
{
    names_add(&P->taken, s, len, h);
    return (VName){s, len, -1};
}

/* Takes the candidate in P->tmp, copied to the function's string arena. */
static VName take_tmp(Printer *P, uint32_t h)
{
    char *s = sol_arena_strndup(&P->strings, P->tmp.data, P->tmp.len);
    return take_name(P, s, (uint32_t)P->tmp.len, h);
}

/* `hint_K` for the first free K, starting at the base entry's memo. */
static VName pick_suffixed(Printer *P, int32_t base, const SolIdent *hint)
{
    uint32_t k = P->taken.ents.data[base].memo;
    uint32_t h;
    for (k = k ? k : 1;; k++) {
        P->tmp.len = 0;
        sol_buf_append(&P->tmp, hint->str, hint->len);
        sol_buf_putc(&P->tmp, '_');
        sol_buf_put_u64(&P->tmp, k);
        h = sol_hash_bytes(P->tmp.data, P->tmp.len);
        if (names_find(&P->taken, P->tmp.data, (uint32_t)P->tmp.len, h) < 0)
            break;
    }
    MemoUndo u = {(uint32_t)base, P->taken.ents.data[base].memo};
    sol_vec_push(&P->taken.undo, u);
    P->taken.ents.data[base].memo = k + 1;
    return take_tmp(P, h);
}

/* `%N` or `%argN` from the function's counters, skipping names taken from hints. */
static VName pick_numbered(Printer *P, bool is_arg)
{
    uint64_t *counter = is_arg ? &P->next_arg : &P->next_num;
    for (;;) {
        P->tmp.len = 0;
        if (is_arg)
            sol_buf_append(&P->tmp, "arg", 3);
        sol_buf_put_u64(&P->tmp, (*counter)++);
        uint32_t h = sol_hash_bytes(P->tmp.data, P->tmp.len);
        if (names_find(&P->taken, P->tmp.data, (uint32_t)P->tmp.len, h) < 0)
            return take_tmp(P, h);
    }
}

/* A numeric hint cannot take a suffix (`%5_1` is not an SSA name): it falls back to the
 * counter instead. */
static VName pick_name(Printer *P, const SolIdent *hint, bool is_arg)
{
    if (hint && hint->len) {
        int32_t e = names_find(&P->taken, hint->str, hint->len, hint->hash);
        if (e < 0)
            return take_name(P, hint->str, hint->len, hint->hash);
        if (!(hint->str[0] >= '0' && hint->str[0] <= '9'))
            return pick_suffixed(P, e, hint);
    }
    return pick_numbered(P, is_arg);
}

static void bind(Printer *P, const SolValue *v, VName n)
{
    ptrmap_put(&P->values, v, (uint32_t)P->vnames.len);
    sol_vec_push(&P->vnames, n);
}

static const VName *name_of(const Printer *P, const SolValue *v)
{
    const uint32_t *i = ptrmap_find(&P->values, v);
    return i ? &P->vnames.data[*i] : NULL;
}

static void name_block_args(Printer *P, const SolBlock *blk)
{
    for (uint32_t i = 0; i < blk->num_args; i++)
        bind(P, &blk->args[i], pick_name(P, blk->args[i].hint, true));
}

/* Results print in groups: a run of results sharing one hint pointer was written `%r:N` (the
 * parser gives every result of the group that hint), and results without any name print as
 * one `%N:k` group, as mlir-opt does. Returns the length of the group starting at result i. */
static uint32_t result_group_len(const SolOp *op, uint32_t i)
{
    const SolValue *r = op->results;
    bool anonymous = true;
    for (uint32_t k = 0; k < op->num_results && anonymous; k++)
        anonymous = r[k].hint == NULL;
    if (anonymous)
        return op->num_results - i;
    uint32_t n = 1;
    while (r[i].hint && i + n < op->num_results && r[i + n].hint == r[i].hint)
        n++;
    return n;
}

static void name_results(Printer *P, SolOp *op)
{
    for (uint32_t i = 0; i < op->num_results;) {
        uint32_t len = result_group_len(op, i);
        VName n = pick_name(P, op->results[i].hint, false);
        for (uint32_t k = 0; k < len; k++) {
            n.resno = len > 1 ? (int32_t)k : -1;
            bind(P, &op->results[i + k], n);
        }
        i += len;
    }
}

/* ---- values, types, attributes ---------------------------------------------------------------- */

static void indent(Printer *P, uint32_t depth)
{
    static const char spaces[] = "                                                                ";
    size_t n = (size_t)depth * 2, step = sizeof spaces - 1;
    for (; n > step; n -= step)
        sol_buf_append(P->b, spaces, step);
    sol_buf_append(P->b, spaces, n);
}

static void put_use(const Printer *P, SolBuf *b, const SolValue *v)
{
    if (!v) {
        sol_buf_puts(b, "<<NULL VALUE>>");
        return;
    }
    const VName *n = name_of(P, v);
    if (!n) {
        sol_buf_puts(b, "<<UNKNOWN SSA VALUE>>");
        return;
    }
    sol_buf_putc(b, '%');
    sol_buf_append(b, n->s, n->len);
    if (n->resno >= 0) {
        sol_buf_putc(b, '#');
        sol_buf_put_u64(b, (uint64_t)n->resno);
    }
}

static void print_use(Printer *P, const SolValue *v) { put_use(P, P->b, v); }

static void print_operands(Printer *P, const SolOp *op, uint32_t from, uint32_t to)
{
    for (uint32_t i = from; i < to; i++) {
        if (i > from)
            sol_buf_append(P->b, ", ", 2);
        print_use(P, op->operands[i].value);
    }
}

static void print_value_type(Printer *P, const SolValue *v)
{
    sol_type_print(P->b, v ? v->type : NULL);
}

static void print_operand_types(Printer *P, const SolOp *op, uint32_t from, uint32_t to)
{
    for (uint32_t i = from; i < to; i++) {
        if (i > from)
            sol_buf_append(P->b, ", ", 2);
        print_value_type(P, op->operands[i].value);
    }
}

static void print_result_types(Printer *P, const SolOp *op)
{
    for (uint32_t i = 0; i < op->num_results; i++) {
        if (i)
            sol_buf_append(P->b, ", ", 2);
        print_value_type(P, &op->results[i]);
    }
}

/* `-> T` for one result, `-> (T, U)` otherwise; nothing without results. */
static void print_arrow_types(Printer *P, const SolOp *op)
{
    if (!op->num_results)
        return;
    sol_buf_append(P->b, " -> ", 4);
    const SolType *t = op->results[0].type;
    bool bare = op->num_results == 1 && !(t && t->kind == SOL_TYPE_FUNCTION);
    if (!bare)
        sol_buf_putc(P->b, '(');
    print_result_types(P, op);
    if (!bare)
        sol_buf_putc(P->b, ')');
}

static void print_symbol(Printer *P, const SolIdent *sym)
{
    SolAttr a = {.kind = SOL_ATTR_SYMBOL, .sym = sym};
    sol_attr_print(P->b, &a);
}

static void print_map_ref(Printer *P, const SolAffineMap *m)
{
    const uint32_t *n = ptrmap_find(&P->aliases, m);
    if (!n) {
        sol_affine_map_print(P->b, m);
        return;
    }
    sol_buf_append(P->b, "#map", 4);
    sol_buf_put_u64(P->b, *n);
}

static void print_set_ref(Printer *P, const SolIntegerSet *s)
{
    const uint32_t *n = ptrmap_find(&P->aliases, s);
    if (!n) {
        sol_integer_set_print(P->b, s);
        return;
    }
    sol_buf_append(P->b, "#set", 4);
    sol_buf_put_u64(P->b, *n);
}

/* The quoting rule for names lives in asm_attr.c: print a one-entry unit dictionary there
 * and drop its braces. */
static void print_attr(Printer *P, const SolAttr *a);

typedef bool (*NameFilter)(const SolIdent *name);

/* `{a = 1 : i64, b}` of the entries the filter keeps (all when NULL), after `lead`; nothing
 * at all when none is kept. */
static void print_entries(Printer *P, const char *lead, const SolNamedAttr *es, uint32_t n,
                          NameFilter keep)
{
    bool first = true;
    for (uint32_t i = 0; i < n; i++) {
        if (keep && !keep(es[i].name))
            continue;
        if (first)
            sol_buf_puts(P->b, lead);
        sol_buf_append(P->b, first ? "{" : ", ", first ? 1 : 2);
        first = false;
        sol_attr_name_print(P->b, es[i].name);
        if (es[i].value && es[i].value->kind == SOL_ATTR_UNIT)
            continue;
        sol_buf_append(P->b, " = ", 3);
        print_attr(P, es[i].value);
    }
    if (!first)
        sol_buf_putc(P->b, '}');
}

/* Like sol_attr_print, but maps and sets with an alias print as `#mapN` / `#setN`. */
static void print_attr(Printer *P, const SolAttr *a)
{
    switch (a ? a->kind : SOL_ATTR_UNIT) {
    case SOL_ATTR_MAP:
        print_map_ref(P, a->map);
        return;
    case SOL_ATTR_SET:
        print_set_ref(P, a->set);
        return;
    case SOL_ATTR_ARRAY:
        sol_buf_putc(P->b, '[');
        for (uint32_t i = 0; i < a->array.n; i++) {
            if (i)
                sol_buf_append(P->b, ", ", 2);
            print_attr(P, a->array.elems[i]);
        }
        sol_buf_putc(P->b, ']');
        return;
    case SOL_ATTR_DICT:
        if (!a->dict.n)
            sol_buf_append(P->b, "{}", 2);
        print_entries(P, "", a->dict.entries, a->dict.n, NULL);
        return;
    default:
        sol_attr_print(P->b, a);
        return;
    }
}

/* ` {attrs}` when the op has any. */
static void print_op_attrs(Printer *P, const SolOp *op)
{
    print_entries(P, " ", op->attrs, op->num_attrs, NULL);
}

static bool is_dict_nonempty(const SolAttr *a)
{
    return a && a->kind == SOL_ATTR_DICT && a->dict.n > 0;
}

/* ---- op spellings --------------------------------------------------------------------------- */

/* Bare `return` in both targets (the subset's §5 row 2). */
static const char *op_name(const Printer *P, SolOpKind k)
{
    if (k == SOL_OP_RETURN)
        return "return";
    const SolOpInfo *info = sol_op_info(k);
    return P->target == SOL_MLIR_14 && info->name14 ? info->name14 : info->name;
}

static void print_name(Printer *P, const SolOp *op) { sol_buf_puts(P->b, op_name(P, op->kind)); }

static bool is_bare_yield(const SolOp *op)
{
    return op->kind == SOL_OP_YIELD && op->num_operands == 0 && op->num_attrs == 0;
}

/* A bound spelled without a map: an integer, or one symbol operand (`to %n`). */
static bool bound_is_shorthand(const SolAffineMap *m, uint32_t num_operands)
{
    if (m->num_results != 1 || m->num_dims != 0)
        return false;
    const SolAffineExpr *e = m->results[0];
    if (m->num_syms == 0)
        return e->kind == SOL_AFF_CONST && num_operands == 0;
    return m->num_syms == 1 && e->kind == SOL_AFF_SYM && e->value == 0 && num_operands == 1;
}

static bool map_fits(const SolAffineMap *m, uint32_t num_operands)
{
    return m && m->num_dims + m->num_syms == num_operands;
}

static bool for_fits(const SolOp *op)
{
    uint32_t nlb = op->props.loop->num_lb_operands, nub = op->props.loop->num_ub_operands;
    if ((uint64_t)nlb + nub > op->num_operands || !map_fits(op->props.loop->lb, nlb) ||
        !map_fits(op->props.loop->ub, nub))
        return false;
    uint32_t iters = op->num_operands - nlb - nub;
    const SolBlock *body = sol_region_first_block(&op->regions[0]);
    return op->num_results == iters && body && body->num_args == iters + 1;
}

static bool func_fits(const SolOp *op)
{
    const SolType *t = op->props.func->type;
    if (!t || t->kind != SOL_TYPE_FUNCTION)
        return false;
    const SolBlock *entry = sol_region_first_block(&op->regions[0]);
    return !entry || entry->num_args == t->num_inputs;
}

/* Whether the op's operands, results, regions and inherent data fit its custom syntax. */
static bool custom_fits(const SolOp *op)
{
    const SolOpInfo *info = sol_op_info(op->kind);
    if ((info->num_operands >= 0 && op->num_operands != (uint32_t)info->num_operands) ||
        (info->num_results >= 0 && op->num_results != (uint32_t)info->num_results) ||
        op->num_regions != (uint32_t)info->num_regions)
        return false;
    const SolAffineMap *m = op->props.access.map;
    switch (op->kind) {
    case SOL_OP_FUNC:
        return func_fits(op);
    case SOL_OP_FOR:
        return for_fits(op);
    case SOL_OP_IF:
        return op->props.cond.set &&
               op->props.cond.set->num_dims + op->props.cond.set->num_syms == op->num_operands;
    case SOL_OP_LOAD:
        return op->num_operands >= 1 && map_fits(m, op->num_operands - 1);
    case SOL_OP_STORE:
        return op->num_operands >= 2 && map_fits(m, op->num_operands - 2);
    case SOL_OP_APPLY:
    case SOL_OP_AMIN:
    case SOL_OP_AMAX:
        return map_fits(m, op->num_operands);
    case SOL_OP_MLOAD:
        return op->num_operands >= 1;
    case SOL_OP_MSTORE:
        return op->num_operands >= 2;
    case SOL_OP_GENERIC:
        return op->props.generic.num_ins <= op->num_operands &&
               sol_region_first_block(&op->regions[0]);
    case SOL_OP_CONSTANT:
        return op->props.constant.value != NULL;
    case SOL_OP_CMPF:
        return op->props.cmp.predicate < 16;
    case SOL_OP_CMPI:
        return op->props.cmp.predicate < 10;
    default:
        return true;
    }
}

/* ---- regions ------------------------------------------------------------------------------------ */

static void print_op(Printer *P, SolOp *op, uint32_t depth);

/* `^bbN(%a: T, ...):` at the depth of the op that owns the block. */
static void print_block_label(Printer *P, const SolBlock *blk, uint32_t index, uint32_t depth)
{
    indent(P, depth);
    sol_buf_append(P->b, "^bb", 3);
    sol_buf_put_u64(P->b, index);
    if (blk->num_args) {
        sol_buf_putc(P->b, '(');
        for (uint32_t i = 0; i < blk->num_args; i++) {
            if (i)
                sol_buf_append(P->b, ", ", 2);
            print_use(P, &blk->args[i]);
            sol_buf_append(P->b, ": ", 2);
            print_value_type(P, &blk->args[i]);
        }
        sol_buf_putc(P->b, ')');
    }
    sol_buf_append(P->b, ":\n", 2);
}

/* ` {`, the ops one level deeper, `}`. The entry block's arguments must be named already and
 * are printed as a label only when `label` is set; later blocks always get one. A trailing
 * `affine.yield` without operands is left out when `elide` is set (the parser adds it back). */
static void print_region(Printer *P, const SolRegion *r, uint32_t depth, bool label, bool elide)
{
    sol_buf_append(P->b, " {\n", 3);
    uint32_t index = 0;
    for (SolBlock *blk = sol_region_first_block(r); blk; blk = sol_block_next(blk), index++) {
        if (index)
            name_block_args(P, blk);
        if (index || label)
            print_block_label(P, blk, index, depth);
        SolOp *skip = elide && !sol_block_next(blk) ? sol_block_last_op(blk) : NULL;
        if (skip && !is_bare_yield(skip))
            skip = NULL;
        sol_block_for_each_op(op, blk)
            if (op != skip)
                print_op(P, op, depth + 1);
    }
    indent(P, depth);
    sol_buf_putc(P->b, '}');
}

/* A region with its own naming scope whose entry block arguments are not printed. */
static void print_scoped_region(Printer *P, const SolRegion *r, uint32_t depth, bool elide)
{
    Scope s = scope_mark(&P->taken);
    const SolBlock *entry = sol_region_first_block(r);
    if (entry)
        name_block_args(P, entry);
    print_region(P, r, depth, false, elide);
    scope_pop(&P->taken, s);
}

/* An else region holding nothing but an implicit yield is not printed. */
static bool region_is_trivial(const SolRegion *r)
{
    const SolBlock *blk = sol_region_first_block(r);
    if (!blk)
        return true;
    const SolOp *first = sol_block_first_op(blk);
    return !sol_block_next(blk) && blk->num_args == 0 &&
           (!first || (first == sol_block_last_op(blk) && is_bare_yield(first)));
}

/* ---- ops ----------------------------------------------------------------------------------------- */

static void print_results(Printer *P, SolOp *op)
{
    if (!op->num_results)
        return;
    name_results(P, op);
    for (uint32_t i = 0; i < op->num_results;) {
        uint32_t len = result_group_len(op, i);
        const VName *n = name_of(P, &op->results[i]);
        if (i)
            sol_buf_append(P->b, ", ", 2);
        sol_buf_putc(P->b, '%');
        sol_buf_append(P->b, n->s, n->len);
        if (len > 1) {
            sol_buf_putc(P->b, ':');
            sol_buf_put_u64(P->b, len);
        }
        i += len;
    }
    sol_buf_append(P->b, " = ", 3);
}

static void print_module_op(Printer *P, SolOp *op, uint32_t depth)
{
    sol_buf_append(P->b, "module", 6);
    if (op->props.func->sym) {
        sol_buf_putc(P->b, ' ');
        print_symbol(P, op->props.func->sym);
    }
    if (op->num_attrs) {
        sol_buf_append(P->b, " attributes", 11);
        print_op_attrs(P, op);
    }
    print_scoped_region(P, &op->regions[0], depth, false);
}

/* `(%a: T {attrs}, ...)`, or types only for a declaration. */
static void print_func_inputs(Printer *P, const SolOp *op, const SolBlock *entry)
{
    const SolType *t = op->props.func->type;
    const SolAttr *const *attrs = op->props.func->arg_attrs;
    sol_buf_putc(P->b, '(');
    for (uint32_t i = 0; i < t->num_inputs; i++) {
        if (i)
            sol_buf_append(P->b, ", ", 2);
        if (entry) {
            print_use(P, &entry->args[i]);
            sol_buf_append(P->b, ": ", 2);
        }
        sol_type_print(P->b, t->inputs[i]);
        if (attrs && is_dict_nonempty(attrs[i])) {
            sol_buf_putc(P->b, ' ');
            print_attr(P, attrs[i]);
        }
    }
    sol_buf_putc(P->b, ')');
}

/* `-> T`, or `-> (T {attrs}, U)` when there are several results or any has attributes. */
static void print_func_results(Printer *P, const SolOp *op)
{
    const SolType *t = op->props.func->type;
    const SolAttr *const *attrs = op->props.func->res_attrs;
    if (!t->num_results)
        return;
    bool bare = t->num_results == 1 && t->results[0] && t->results[0]->kind != SOL_TYPE_FUNCTION;
    for (uint32_t i = 0; attrs && i < t->num_results; i++)
        bare = bare && !is_dict_nonempty(attrs[i]);
    sol_buf_append(P->b, bare ? " -> " : " -> (", bare ? 4 : 5);
    for (uint32_t i = 0; i < t->num_results; i++) {
        if (i)
            sol_buf_append(P->b, ", ", 2);
        sol_type_print(P->b, t->results[i]);
        if (attrs && is_dict_nonempty(attrs[i])) {
            sol_buf_putc(P->b, ' ');
            print_attr(P, attrs[i]);
        }
    }
    if (!bare)
        sol_buf_putc(P->b, ')');
}

static void print_func(Printer *P, SolOp *op, uint32_t depth)
{
    names_reset(P);
    const SolRegion *body = &op->regions[0];
    const SolBlock *entry = sol_region_first_block(body);
    print_name(P, op);
    if (op->props.func->is_private)
        sol_buf_append(P->b, " private", 8);
    sol_buf_putc(P->b, ' ');
    print_symbol(P, op->props.func->sym);
    if (entry)
        name_block_args(P, entry);
    print_func_inputs(P, op, entry);
    print_func_results(P, op);
    if (op->num_attrs) {
        sol_buf_append(P->b, " attributes", 11);
        print_op_attrs(P, op);
    }
    if (entry)
        print_region(P, body, depth, false, false);
}

/* `(%d0, ...)[%s0, ...]`: map or set operands, dims then symbols. */
static void print_dims_syms(Printer *P, const SolOp *op, uint32_t first, uint32_t num_dims,
                            uint32_t num_syms)
{
    sol_buf_putc(P->b, '(');
    print_operands(P, op, first, first + num_dims);
    sol_buf_putc(P->b, ')');
    if (!num_syms)
        return;
    sol_buf_putc(P->b, '[');
    print_operands(P, op, first + num_dims, first + num_dims + num_syms);
    sol_buf_putc(P->b, ']');
}

/* `0`, `%n`, or `[max |min ]#mapN(dims)[syms]` for one loop bound. */
static void print_bound(Printer *P, const SolOp *op, const SolAffineMap *m, uint32_t first,
                        uint32_t n, const char *minmax)
{
    if (bound_is_shorthand(m, n)) {
        if (n)
            print_use(P, op->operands[first].value);
        else
            sol_buf_put_i64(P->b, m->results[0]->value);
        return;
    }
    if (m->num_results > 1)
        sol_buf_puts(P->b, minmax);
    print_map_ref(P, m);
    print_dims_syms(P, op, first, m->num_dims, m->num_syms);
}

/* iter_args(%a = %init, ...) -> (T, ...) */
static void print_iter_args(Printer *P, const SolOp *op, const SolBlock *body, uint32_t first)
{
    if (first == op->num_operands)
        return;
    sol_buf_append(P->b, " iter_args(", 11);
    for (uint32_t i = first; i < op->num_operands; i++) {
        if (i > first)
            sol_buf_append(P->b, ", ", 2);
        print_use(P, &body->args[1 + i - first]);
        sol_buf_append(P->b, " = ", 3);
        print_use(P, op->operands[i].value);
    }
    sol_buf_append(P->b, ") -> (", 6);
    print_result_types(P, op);
    sol_buf_putc(P->b, ')');
}

static void print_for(Printer *P, SolOp *op, uint32_t depth)
{
    uint32_t nlb = op->props.loop->num_lb_operands, nub = op->props.loop->num_ub_operands;
    const SolRegion *r = &op->regions[0];
    const SolBlock *body = sol_region_first_block(r);
    print_results(P, op);
    print_name(P, op);
    sol_buf_putc(P->b, ' ');
    Scope s = scope_mark(&P->taken);
    name_block_args(P, body);
    print_use(P, &body->args[0]);
    sol_buf_append(P->b, " = ", 3);
    print_bound(P, op, op->props.loop->lb, 0, nlb, "max ");
    sol_buf_append(P->b, " to ", 4);
    print_bound(P, op, op->props.loop->ub, nlb, nub, "min ");
    if (op->props.loop->step != 1) {
        sol_buf_append(P->b, " step ", 6);
        sol_buf_put_i64(P->b, op->props.loop->step);
    }
    print_iter_args(P, op, body, nlb + nub);
    print_region(P, r, depth, false, true);
    scope_pop(&P->taken, s);
    print_op_attrs(P, op);
}

static void print_if(Printer *P, SolOp *op, uint32_t depth)
{
    const SolIntegerSet *set = op->props.cond.set;
    print_results(P, op);
    print_name(P, op);
    sol_buf_putc(P->b, ' ');
    print_set_ref(P, set);
    print_dims_syms(P, op, 0, set->num_dims, set->num_syms);
    print_arrow_types(P, op);
    print_scoped_region(P, &op->regions[0], depth, true);
    if (op->num_results || !region_is_trivial(&op->regions[1])) {
        sol_buf_append(P->b, " else", 5);
        print_scoped_region(P, &op->regions[1], depth, true);
    }
    print_op_attrs(P, op);
}

/* `[%i + symbol(%n), %j * 2]`: each map result with dims named by their operand. */
static void print_subscripts(Printer *P, const SolOp *op, uint32_t first, const SolAffineMap *m)
{
    uint32_t n = m->num_dims + m->num_syms;
    P->scratch.len = 0;
    P->offsets.len = 0;
    P->subnames.len = 0;
    for (uint32_t i = 0; i < n; i++) {
        bool sym = i >= m->num_dims;
        sol_vec_push(&P->offsets, P->scratch.len);
        if (sym)
            sol_buf_append(&P->scratch, "symbol(", 7);
        put_use(P, &P->scratch, op->operands[first + i].value);
        if (sym)
            sol_buf_putc(&P->scratch, ')');
        sol_buf_append(&P->scratch, "", 1); /* keep the NUL: each name is a C string */
    }
    for (uint32_t i = 0; i < n; i++) /* the buffer has stopped moving */
        sol_vec_push(&P->subnames, P->scratch.data + P->offsets.data[i]);
    sol_buf_putc(P->b, '[');
    for (uint32_t i = 0; i < m->num_results; i++) {
        if (i)
            sol_buf_append(P->b, ", ", 2);
        sol_affine_expr_print(P->b, m->results[i], P->subnames.data, m->num_dims);
    }
    sol_buf_putc(P->b, ']');
}

/* affine.load %A[...] / affine.store %v, %A[...] */
static void print_affine_access(Printer *P, SolOp *op)
{
    uint32_t mem = op->kind == SOL_OP_STORE ? 1 : 0;
    print_results(P, op);
    print_name(P, op);
    sol_buf_putc(P->b, ' ');
    print_operands(P, op, 0, mem + 1);
    print_subscripts(P, op, mem + 1, op->props.access.map);
    print_op_attrs(P, op);
    sol_buf_append(P->b, " : ", 3);
    print_value_type(P, op->operands[mem].value);
}

/* memref.load %A[%i] / memref.store %v, %A[%i] */
static void print_memref_access(Printer *P, SolOp *op)
{
    uint32_t mem = op->kind == SOL_OP_MSTORE ? 1 : 0;
    print_results(P, op);
    print_name(P, op);
    sol_buf_putc(P->b, ' ');
    print_operands(P, op, 0, mem + 1);
    sol_buf_putc(P->b, '[');
    print_operands(P, op, mem + 1, op->num_operands);
    sol_buf_putc(P->b, ']');
    print_op_attrs(P, op);
    sol_buf_append(P->b, " : ", 3);
    print_value_type(P, op->operands[mem].value);
}

/* affine.apply / affine.min / affine.max #mapN(dims)[syms] */
static void print_map_op(Printer *P, SolOp *op)
{
    const SolAffineMap *m = op->props.access.map;
    print_results(P, op);
    print_name(P, op);
    sol_buf_putc(P->b, ' ');
    print_map_ref(P, m);
    print_dims_syms(P, op, 0, m->num_dims, m->num_syms);
    print_op_attrs(P, op);
}

/* return / affine.yield: MLIR prints the attribute dictionary first. */
static void print_terminator(Printer *P, SolOp *op)
{
    print_name(P, op);
    print_op_attrs(P, op);
    if (!op->num_operands)
        return;
    sol_buf_putc(P->b, ' ');
    print_operands(P, op, 0, op->num_operands);
    sol_buf_append(P->b, " : ", 3);
    print_operand_types(P, op, 0, op->num_operands);
}

/* linalg.yield prints its operands first. */
static void print_linalg_yield(Printer *P, SolOp *op)
{
    print_name(P, op);
    if (op->num_operands) {
        sol_buf_putc(P->b, ' ');
        print_operands(P, op, 0, op->num_operands);
    }
    print_op_attrs(P, op);
    if (op->num_operands) {
        sol_buf_append(P->b, " : ", 3);
        print_operand_types(P, op, 0, op->num_operands);
    }
}

/* `(T, U) -> R` from the callee's type, or from the operands and results without one. */
static void print_call(Printer *P, SolOp *op)
{
    print_results(P, op);
    print_name(P, op);
    sol_buf_putc(P->b, ' ');
    print_symbol(P, op->props.func->sym);
    sol_buf_putc(P->b, '(');
    print_operands(P, op, 0, op->num_operands);
    sol_buf_putc(P->b, ')');
    print_op_attrs(P, op);
    sol_buf_append(P->b, " : ", 3);
    if (op->props.func->type) {
        sol_type_print(P->b, op->props.func->type);
        return;
    }
    sol_buf_putc(P->b, '(');
    print_operand_types(P, op, 0, op->num_operands);
    sol_buf_putc(P->b, ')');
    if (op->num_results)
        print_arrow_types(P, op);
    else
        sol_buf_append(P->b, " -> ()", 6);
}

static bool is_generic_inherent(const SolIdent *name)
{
    return strcmp(name->str, "indexing_maps") == 0 || strcmp(name->str, "iterator_types") == 0 ||
           strcmp(name->str, "doc") == 0 || strcmp(name->str, "library_call") == 0;
}

static bool is_not_generic_inherent(const SolIdent *name) { return !is_generic_inherent(name); }

/* ` ins(%a, %b : T, U)` */
static void print_operand_group(Printer *P, const SolOp *op, const char *kw, uint32_t from,
                                uint32_t to)
{
    if (from == to)
        return;
    sol_buf_puts(P->b, kw);
    print_operands(P, op, from, to);
    sol_buf_append(P->b, " : ", 3);
    print_operand_types(P, op, from, to);
    sol_buf_putc(P->b, ')');
}

/* linalg.generic {maps, iterators} ins(...) outs(...) attrs =  {...} { ^bb0(...): ... } */
static void print_generic_op(Printer *P, SolOp *op, uint32_t depth)
{
    uint32_t nins = op->props.generic.num_ins;
    print_results(P, op);
    print_name(P, op);
    print_entries(P, " ", op->attrs, op->num_attrs, is_generic_inherent);
    print_operand_group(P, op, " ins(", 0, nins);
    print_operand_group(P, op, " outs(", nins, op->num_operands);
    /* the discardable rest; mlir-opt-14 prints two spaces before this dictionary */
    print_entries(P, " attrs =  ", op->attrs, op->num_attrs, is_not_generic_inherent);
    print_arrow_types(P, op);
    Scope s = scope_mark(&P->taken);
    name_block_args(P, sol_region_first_block(&op->regions[0]));
    print_region(P, &op->regions[0], depth, true, false);
    scope_pop(&P->taken, s);
}

static void print_constant(Printer *P, SolOp *op)
{
    print_results(P, op);
    print_name(P, op);
    print_op_attrs(P, op);
    sol_buf_putc(P->b, ' ');
    sol_attr_print(P->b, op->props.constant.value);
}

/* %r = op[ pred,] %a, ... {attrs} : T[ to U] for the shared syntax classes. */
static void print_simple(Printer *P, SolOp *op)
{
    SolOpSyntax syn = sol_op_info(op->kind)->syntax;
    print_results(P, op);
    print_name(P, op);
    sol_buf_putc(P->b, ' ');
    if (syn == SOL_SYN_CMP) {
        const char *const *preds = op->kind == SOL_OP_CMPF ? sol_cmpf_predicates
                                                           : sol_cmpi_predicates;
        sol_buf_puts(P->b, preds[op->props.cmp.predicate]);
        sol_buf_append(P->b, ", ", 2);
    }
    print_operands(P, op, 0, op->num_operands);
    print_op_attrs(P, op);
    sol_buf_append(P->b, " : ", 3);
    if (syn == SOL_SYN_CMP || syn == SOL_SYN_CAST || !op->num_results)
        print_value_type(P, op->num_operands ? op->operands[0].value : NULL);
    else
        print_value_type(P, &op->results[0]);
    if (syn == SOL_SYN_CAST) {
        sol_buf_append(P->b, " to ", 4);
        print_value_type(P, &op->results[0]);
    }
}

/* "name"(%a) ({...}) {attrs} : (T) -> (U): what MLIR prints for any op, used here for ops
 * that do not fit their custom syntax. Inherent data (props) has no spelling here. */
static void print_generic_form(Printer *P, SolOp *op, uint32_t depth)
{
    print_results(P, op);
    sol_buf_putc(P->b, '"');
    print_name(P, op);
    sol_buf_append(P->b, "\"(", 2);
    print_operands(P, op, 0, op->num_operands);
    sol_buf_putc(P->b, ')');
    for (uint32_t i = 0; i < op->num_regions; i++) {
        sol_buf_append(P->b, i ? "," : " (", i ? 1 : 2);
        Scope s = scope_mark(&P->taken);
        const SolBlock *entry = sol_region_first_block(&op->regions[i]);
        if (entry)
            name_block_args(P, entry);
        print_region(P, &op->regions[i], depth, entry && entry->num_args, false);
        scope_pop(&P->taken, s);
    }
    if (op->num_regions)
        sol_buf_putc(P->b, ')');
    print_op_attrs(P, op);
    sol_buf_append(P->b, " : (", 4);
    print_operand_types(P, op, 0, op->num_operands);
    sol_buf_append(P->b, ") -> ", 5);
    if (op->num_results == 1) {
        print_value_type(P, &op->results[0]);
        return;
    }
    sol_buf_putc(P->b, '(');
    print_result_types(P, op);
    sol_buf_putc(P->b, ')');
}

static void print_custom(Printer *P, SolOp *op, uint32_t depth)
{
    switch (op->kind) {
    case SOL_OP_MODULE:
        print_module_op(P, op, depth);
        return;
    case SOL_OP_FUNC:
        print_func(P, op, depth);
        return;
    case SOL_OP_RETURN:
    case SOL_OP_YIELD:
        print_terminator(P, op);
        return;
    case SOL_OP_LYIELD:
        print_linalg_yield(P, op);
        return;
    case SOL_OP_CALL:
        print_call(P, op);
        return;
    case SOL_OP_FOR:
        print_for(P, op, depth);
        return;
    case SOL_OP_IF:
        print_if(P, op, depth);
        return;
    case SOL_OP_LOAD:
    case SOL_OP_STORE:
        print_affine_access(P, op);
        return;
    case SOL_OP_APPLY:
    case SOL_OP_AMIN:
    case SOL_OP_AMAX:
        print_map_op(P, op);
        return;
    case SOL_OP_MLOAD:
    case SOL_OP_MSTORE:
        print_memref_access(P, op);
        return;
    case SOL_OP_GENERIC:
        print_generic_op(P, op, depth);
        return;
    case SOL_OP_CONSTANT:
        print_constant(P, op);
        return;
    default:
        break;
    }
    switch (op->kind) { /* memref ops whose layout is `name [(]operands[)] {attrs} : T` */
    case SOL_OP_ALLOC:
        print_results(P, op);
        print_name(P, op);
        sol_buf_putc(P->b, '(');
        print_operands(P, op, 0, op->num_operands);
        sol_buf_putc(P->b, ')');
        print_op_attrs(P, op);
        sol_buf_append(P->b, " : ", 3);
        print_value_type(P, &op->results[0]);
        return;
    case SOL_OP_DEALLOC:
        print_name(P, op);
        sol_buf_putc(P->b, ' ');
        print_use(P, op->operands[0].value);
        print_op_attrs(P, op);
        sol_buf_append(P->b, " : ", 3);
        print_value_type(P, op->operands[0].value);
        return;
    case SOL_OP_DIM: /* the attribute dictionary comes before the operands */
        print_results(P, op);
        print_name(P, op);
        print_op_attrs(P, op);
        sol_buf_putc(P->b, ' ');
        print_operands(P, op, 0, 2);
        sol_buf_append(P->b, " : ", 3);
        print_value_type(P, op->operands[0].value);
        return;
    default:
        print_simple(P, op);
        return;
    }
}

static void print_op(Printer *P, SolOp *op, uint32_t depth)
{
    indent(P, depth);
    if (custom_fits(op))
        print_custom(P, op, depth);
    else
        print_generic_form(P, op, depth);
    sol_buf_putc(P->b, '\n');
    if (P->out && P->b->len >= FLUSH_AT)
        flush(P);
}

/* ---- aliases ------------------------------------------------------------------------------------ */

static void add_map_alias(Printer *P, const SolAffineMap *m)
{
    if (!m || ptrmap_find(&P->aliases, m))
        return;
    ptrmap_put(&P->aliases, m, (uint32_t)P->maps.len);
    sol_vec_push(&P->maps, m);
}

static void add_set_alias(Printer *P, const SolIntegerSet *s)
{
    if (!s || ptrmap_find(&P->aliases, s))
        return;
    ptrmap_put(&P->aliases, s, (uint32_t)P->sets.len);
    sol_vec_push(&P->sets, s);
}

static void collect_attr(Printer *P, const SolAttr *a)
{
    if (!a)
        return;
    if (a->kind == SOL_ATTR_MAP)
        add_map_alias(P, a->map);
    else if (a->kind == SOL_ATTR_SET)
        add_set_alias(P, a->set);
    else if (a->kind == SOL_ATTR_ARRAY)
        for (uint32_t i = 0; i < a->array.n; i++)
            collect_attr(P, a->array.elems[i]);
    else if (a->kind == SOL_ATTR_DICT)
        for (uint32_t i = 0; i < a->dict.n; i++)
            collect_attr(P, a->dict.entries[i].value);
}

static void collect_func_attrs(Printer *P, const SolOp *op)
{
    const SolType *t = op->props.func->type;
    for (uint32_t i = 0; op->props.func->arg_attrs && i < t->num_inputs; i++)
        collect_attr(P, op->props.func->arg_attrs[i]);
    for (uint32_t i = 0; op->props.func->res_attrs && i < t->num_results; i++)
        collect_attr(P, op->props.func->res_attrs[i]);
}

/* In printing order: the op's own maps and sets, then its attributes. */
static bool collect_op(SolOp *op, void *user)
{
    Printer *P = user;
    bool fits = op->kind <= SOL_OP_AMAX && custom_fits(op); /* only these have maps in props */
    if (fits && op->kind == SOL_OP_FOR) {
        if (!bound_is_shorthand(op->props.loop->lb, op->props.loop->num_lb_operands))
            add_map_alias(P, op->props.loop->lb);
        if (!bound_is_shorthand(op->props.loop->ub, op->props.loop->num_ub_operands))
            add_map_alias(P, op->props.loop->ub);
    } else if (fits && op->kind == SOL_OP_IF) {
        add_set_alias(P, op->props.cond.set);
    } else if (fits && (op->kind == SOL_OP_APPLY || op->kind == SOL_OP_AMIN ||
                        op->kind == SOL_OP_AMAX)) {
        add_map_alias(P, op->props.access.map);
    } else if (fits && op->kind == SOL_OP_FUNC) {
        collect_func_attrs(P, op);
    }
    for (uint32_t i = 0; i < op->num_attrs; i++)
        collect_attr(P, op->attrs[i].value);
    return true;
}

static void print_aliases(Printer *P)
{
    for (size_t i = 0; i < P->maps.len; i++) {
        sol_buf_append(P->b, "#map", 4);
        sol_buf_put_u64(P->b, i);
        sol_buf_append(P->b, " = ", 3);
        sol_affine_map_print(P->b, P->maps.data[i]);
        sol_buf_putc(P->b, '\n');
    }
    for (size_t i = 0; i < P->sets.len; i++) {
        sol_buf_append(P->b, "#set", 4);
        sol_buf_put_u64(P->b, i);
        sol_buf_append(P->b, " = ", 3);
        sol_integer_set_print(P->b, P->sets.data[i]);
        sol_buf_putc(P->b, '\n');
    }
}

/* ---- entry points ------------------------------------------------------------------------------- */

bool sol_print_module(FILE *out, SolModule *m, const SolPrintOptions *opts)
{
    SolBuf buf = {0};
    Printer P;
    printer_init(&P, &buf, out, opts);
    if (m && m->op) {
        sol_op_walk(m->op, collect_op, &P);
        print_aliases(&P);
        print_op(&P, m->op, 0);
    } else {
        sol_buf_puts(&buf, "module {\n}\n");
    }
    sol_buf_putc(&buf, '\n'); /* mlir-opt-14 ends its output with an empty line */
    flush(&P);
    printer_free(&P);
    sol_buf_free(&buf);
    return !ferror(out);
}

/* ---- target check ------------------------------------------------------------------------- */

typedef struct TargetCheck {
    SolContext *ctx;
    unsigned missing;
} TargetCheck;

static bool check_spellable(SolOp *op, void *user)
{
    TargetCheck *t = user;
    const SolOpInfo *info = sol_op_info(op->kind);
    if (op->kind != SOL_OP_MODULE && !info->name14) {
        sol_emit_error(t->ctx, op->loc, "'%s' has no MLIR 14 spelling; print with --mlir=current",
                       info->name);
        t->missing++;
    }
    return true;
}

bool sol_check_print_target(SolContext *ctx, SolModule *m, SolMlirTarget target)
{
    TargetCheck t = {ctx, 0};
    if (target == SOL_MLIR_14)
        sol_op_walk(m->op, check_spellable, &t);
    return t.missing == 0;
}

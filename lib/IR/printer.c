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
 * Op spellings follow the target (--mlir=14 or current). Each op's custom syntax is the
 * SolOpPrinter of its ops.def row (the print column), kept with its dialect in lib/IR/Ops/ (see
 * print_internal.h); ops whose operands, results or inherent data do not fit their custom
 * syntax print in the generic form, so that broken IR can still be looked at.
 */
#include "IR/print_internal.h"

#include <stdlib.h>
#include <string.h>

enum { FLUSH_AT = 256 * 1024 };

/* The print column of ops.def. */
static const SolOpPrinter *const printers[SOL_OP_COUNT] = {
#define OP(kind, name, name14, syntax, nopd, nres, nreg, flags, verify, print) [kind] = &print,
#include "IR/ops.def"
#undef OP
};

/* ---- scoped set of taken names (print_internal.h) -------------------------------------------- */

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

SolNameScope sol_prt_scope_mark(const SolPrinter *P)
{
    return (SolNameScope){P->taken.ents.len, P->taken.undo.len, P->vnames.len};
}

void sol_prt_scope_pop(SolPrinter *P, SolNameScope s)
{
    NameSet *ns = &P->taken;
    while (ns->undo.len > s.undo) {
        MemoUndo u = ns->undo.data[--ns->undo.len];
        ns->ents.data[u.ent].memo = u.memo;
    }
    while (ns->ents.len > s.ents) {
        NameEnt *e = &ns->ents.data[--ns->ents.len];
        ns->heads[e->hash & (ns->nheads - 1)] = e->next;
    }
    /* The scope's values are never used after it (SSA), and their memory may be reused. */
    while (P->vnames.len > s.vnames)
        P->vnames.data[--P->vnames.len].v->walk &= SOL_WALK_IN_SCOPE;
}

static void names_free(NameSet *ns)
{
    sol_vec_free(&ns->ents);
    sol_vec_free(&ns->undo);
    free(ns->heads);
}

/* ---- printer state --------------------------------------------------------------------------- */

void sol_prt_init(SolPrinter *P, SolBuf *b, FILE *out, const SolPrintOptions *opts)
{
    memset(P, 0, sizeof *P);
    P->b = b;
    P->out = out;
    P->target = opts ? opts->target : SOL_MLIR_CURRENT;
}

void sol_prt_free(SolPrinter *P)
{
    sol_prt_scope_pop(P, (SolNameScope){0, 0, 0});
    sol_ptr_map_free(&P->aliases);
    sol_vec_free(&P->maps);
    sol_vec_free(&P->sets);
    sol_vec_free(&P->vnames);
    names_free(&P->taken);
    sol_arena_release(&P->strings);
    sol_buf_free(&P->tmp);
    sol_buf_free(&P->scratch);
    sol_ptr_map_free(&P->type_text);
    sol_buf_free(&P->types);
    sol_vec_free(&P->offsets);
    sol_vec_free(&P->subnames);
}

void sol_prt_flush(SolPrinter *P)
{
    if (P->out && P->b->len) {
        fwrite(P->b->data, 1, P->b->len, P->out);
        P->b->len = 0;
    }
}

void sol_prt_names_reset(SolPrinter *P)
{
    sol_prt_scope_pop(P, (SolNameScope){0, 0, 0});
    sol_arena_release(&P->strings);
    P->next_num = P->next_arg = 0;
}
/* ---- choosing names -------------------------------------------------------------------------- */

static VName take_name(SolPrinter *P, const char *s, uint32_t len, uint32_t h)
{
    names_add(&P->taken, s, len, h);
    return (VName){NULL, s, len, -1};
}

/* Takes the candidate in P->tmp, copied to the function's string arena. */
static VName take_tmp(SolPrinter *P, uint32_t h)
{
    char *s = sol_arena_strndup(&P->strings, P->tmp.data, P->tmp.len);
    return take_name(P, s, (uint32_t)P->tmp.len, h);
}

/* `hint_K` for the first free K, starting at the base entry's memo. */
static VName pick_suffixed(SolPrinter *P, int32_t base, const SolIdent *hint)
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
static VName pick_numbered(SolPrinter *P, bool is_arg)
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
static VName pick_name(SolPrinter *P, const SolIdent *hint, bool is_arg)
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

static void bind(SolPrinter *P, SolValue *v, VName n)
{
    n.v = v;
    sol_vec_push(&P->vnames, n);
    v->walk = (v->walk & SOL_WALK_IN_SCOPE) | (uint32_t)P->vnames.len;
}

static const VName *name_of(const SolPrinter *P, const SolValue *v)
{
    uint32_t i = v->walk & ~SOL_WALK_IN_SCOPE;
    return i && i <= P->vnames.len && P->vnames.data[i - 1].v == v ? &P->vnames.data[i - 1] : NULL;
}

void sol_prt_name_block_args(SolPrinter *P, const SolBlock *blk)
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

static void name_results(SolPrinter *P, SolOp *op)
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

/* ---- values, types, attributes --------------------------------------------------------------- */

static void indent(SolPrinter *P, uint32_t depth)
{
    static const char spaces[] = "                                                                ";
    size_t n = (size_t)depth * 2, step = sizeof spaces - 1;
    for (; n > step; n -= step)
        sol_buf_append(P->b, spaces, step);
    sol_buf_append(P->b, spaces, n);
}

void sol_prt_put_use(const SolPrinter *P, SolBuf *b, const SolValue *v)
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

void sol_prt_use(SolPrinter *P, const SolValue *v) { sol_prt_put_use(P, P->b, v); }

void sol_prt_operands(SolPrinter *P, const SolOp *op, uint32_t from, uint32_t to)
{
    for (uint32_t i = from; i < to; i++) {
        if (i > from)
            sol_buf_append(P->b, ", ", 2);
        sol_prt_use(P, op->operands[i].value);
    }
}

/* A memref type's spelling is made once per printer and copied after that: every access
 * ends with one. */
void sol_prt_value_type(SolPrinter *P, const SolValue *v)
{
    const SolType *t = v ? v->type : NULL;
    if (!t || t->kind != SOL_TYPE_MEMREF) {
        sol_type_print(P->b, t);
        return;
    }
    uint64_t at;
    if (!sol_ptr_map_get(&P->type_text, t, &at)) {
        at = (uint64_t)P->types.len << 32;
        sol_type_print(&P->types, t);
        at |= P->types.len - (at >> 32);
        sol_ptr_map_put(&P->type_text, t, at);
    }
    sol_buf_append(P->b, P->types.data + (at >> 32), (uint32_t)at);
}

void sol_prt_operand_types(SolPrinter *P, const SolOp *op, uint32_t from, uint32_t to)
{
    for (uint32_t i = from; i < to; i++) {
        if (i > from)
            sol_buf_append(P->b, ", ", 2);
        sol_prt_value_type(P, op->operands[i].value);
    }
}

void sol_prt_result_types(SolPrinter *P, const SolOp *op)
{
    for (uint32_t i = 0; i < op->num_results; i++) {
        if (i)
            sol_buf_append(P->b, ", ", 2);
        sol_prt_value_type(P, &op->results[i]);
    }
}

void sol_prt_arrow_types(SolPrinter *P, const SolOp *op)
{
    if (!op->num_results)
        return;
    sol_buf_append(P->b, " -> ", 4);
    const SolType *t = op->results[0].type;
    bool bare = op->num_results == 1 && !(t && t->kind == SOL_TYPE_FUNCTION);
    if (!bare)
        sol_buf_putc(P->b, '(');
    sol_prt_result_types(P, op);
    if (!bare)
        sol_buf_putc(P->b, ')');
}

void sol_prt_symbol(SolPrinter *P, const SolIdent *sym)
{
    SolAttr a = {.kind = SOL_ATTR_SYMBOL, .sym = sym};
    sol_attr_print(P->b, &a);
}

void sol_prt_map_ref(SolPrinter *P, const SolAffineMap *m)
{
    uint64_t n;
    if (!sol_ptr_map_get(&P->aliases, m, &n)) {
        sol_affine_map_print(P->b, m);
        return;
    }
    sol_buf_append(P->b, "#map", 4);
    sol_buf_put_u64(P->b, n);
}

void sol_prt_set_ref(SolPrinter *P, const SolIntegerSet *s)
{
    uint64_t n;
    if (!sol_ptr_map_get(&P->aliases, s, &n)) {
        sol_integer_set_print(P->b, s);
        return;
    }
    sol_buf_append(P->b, "#set", 4);
    sol_buf_put_u64(P->b, n);
}

void sol_prt_entries(SolPrinter *P, const char *lead, const SolNamedAttr *es, uint32_t n,
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
        sol_prt_attr(P, es[i].value);
    }
    if (!first)
        sol_buf_putc(P->b, '}');
}

void sol_prt_attr(SolPrinter *P, const SolAttr *a)
{
    switch (a ? a->kind : SOL_ATTR_UNIT) {
    case SOL_ATTR_MAP:
        sol_prt_map_ref(P, a->map);
        return;
    case SOL_ATTR_SET:
        sol_prt_set_ref(P, a->set);
        return;
    case SOL_ATTR_ARRAY:
        sol_buf_putc(P->b, '[');
        for (uint32_t i = 0; i < a->array.n; i++) {
            if (i)
                sol_buf_append(P->b, ", ", 2);
            sol_prt_attr(P, a->array.elems[i]);
        }
        sol_buf_putc(P->b, ']');
        return;
    case SOL_ATTR_DICT:
        if (!a->dict.n)
            sol_buf_append(P->b, "{}", 2);
        sol_prt_entries(P, "", a->dict.entries, a->dict.n, NULL);
        return;
    default:
        sol_attr_print(P->b, a);
        return;
    }
}

void sol_prt_op_attrs(SolPrinter *P, const SolOp *op)
{
    sol_prt_entries(P, " ", op->attrs, op->num_attrs, NULL);
}

bool sol_prt_is_dict_nonempty(const SolAttr *a)
{
    return a && a->kind == SOL_ATTR_DICT && a->dict.n > 0;
}

/* ---- op spellings ---------------------------------------------------------------------------- */

/* Bare `return` in both targets (the subset's §5 row 2). */
static const char *op_name(const SolPrinter *P, SolOpKind k)
{
    if (k == SOL_OP_RETURN)
        return "return";
    const SolOpInfo *info = sol_op_info(k);
    return P->target == SOL_MLIR_14 && info->name14 ? info->name14 : info->name;
}

void sol_prt_name(SolPrinter *P, const SolOp *op) { sol_buf_puts(P->b, op_name(P, op->kind)); }

bool sol_prt_is_bare_yield(const SolOp *op)
{
    return op->kind == SOL_OP_YIELD && op->num_operands == 0 && op->num_attrs == 0;
}

/* Whether the op's operands, results, regions and inherent data fit its custom syntax. */
static bool custom_fits(const SolOp *op)
{
    const SolOpInfo *info = sol_op_info(op->kind);
    if ((info->num_operands >= 0 && op->num_operands != (uint32_t)info->num_operands) ||
        (info->num_results >= 0 && op->num_results != (uint32_t)info->num_results) ||
        op->num_regions != (uint32_t)info->num_regions)
        return false;
    const SolOpPrinter *pr = printers[op->kind];
    return !pr->fits || pr->fits(op);
}

/* ---- regions --------------------------------------------------------------------------------- */

static void print_op(SolPrinter *P, SolOp *op, uint32_t depth);

/* `^bbN(%a: T, ...):` at the depth of the op that owns the block. */
static void print_block_label(SolPrinter *P, const SolBlock *blk, uint32_t index, uint32_t depth)
{
    indent(P, depth);
    sol_buf_append(P->b, "^bb", 3);
    sol_buf_put_u64(P->b, index);
    if (blk->num_args) {
        sol_buf_putc(P->b, '(');
        for (uint32_t i = 0; i < blk->num_args; i++) {
            if (i)
                sol_buf_append(P->b, ", ", 2);
            sol_prt_use(P, &blk->args[i]);
            sol_buf_append(P->b, ": ", 2);
            sol_prt_value_type(P, &blk->args[i]);
        }
        sol_buf_putc(P->b, ')');
    }
    sol_buf_append(P->b, ":\n", 2);
}

void sol_prt_region(SolPrinter *P, const SolRegion *r, uint32_t depth, bool label, bool elide)
{
    sol_buf_append(P->b, " {\n", 3);
    uint32_t index = 0;
    for (SolBlock *blk = sol_region_first_block(r); blk; blk = sol_block_next(blk), index++) {
        if (index)
            sol_prt_name_block_args(P, blk);
        if (index || label)
            print_block_label(P, blk, index, depth);
        SolOp *skip = elide && !sol_block_next(blk) ? sol_block_last_op(blk) : NULL;
        if (skip && !sol_prt_is_bare_yield(skip))
            skip = NULL;
        sol_block_for_each_op(op, blk) if (op != skip) print_op(P, op, depth + 1);
    }
    indent(P, depth);
    sol_buf_putc(P->b, '}');
}

void sol_prt_scoped_region(SolPrinter *P, const SolRegion *r, uint32_t depth, bool elide)
{
    SolNameScope s = sol_prt_scope_mark(P);
    const SolBlock *entry = sol_region_first_block(r);
    if (entry)
        sol_prt_name_block_args(P, entry);
    sol_prt_region(P, r, depth, false, elide);
    sol_prt_scope_pop(P, s);
}

/* ---- ops ------------------------------------------------------------------------------------- */

void sol_prt_results(SolPrinter *P, SolOp *op)
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

void sol_prt_terminator(SolPrinter *P, SolOp *op, uint32_t depth)
{
    (void)depth; /* no regions */
    sol_prt_name(P, op);
    sol_prt_op_attrs(P, op);
    if (!op->num_operands)
        return;
    sol_buf_putc(P->b, ' ');
    sol_prt_operands(P, op, 0, op->num_operands);
    sol_buf_append(P->b, " : ", 3);
    sol_prt_operand_types(P, op, 0, op->num_operands);
}

/* "name"(%a) ({...}) {attrs} : (T) -> (U): what MLIR prints for any op, used here for ops
 * that do not fit their custom syntax. Inherent data (props) has no spelling here. */
static void print_generic_form(SolPrinter *P, SolOp *op, uint32_t depth)
{
    sol_prt_results(P, op);
    sol_buf_putc(P->b, '"');
    sol_prt_name(P, op);
    sol_buf_append(P->b, "\"(", 2);
    sol_prt_operands(P, op, 0, op->num_operands);
    sol_buf_putc(P->b, ')');
    for (uint32_t i = 0; i < op->num_regions; i++) {
        sol_buf_append(P->b, i ? "," : " (", i ? 1 : 2);
        SolNameScope s = sol_prt_scope_mark(P);
        const SolBlock *entry = sol_region_first_block(&op->regions[i]);
        if (entry)
            sol_prt_name_block_args(P, entry);
        sol_prt_region(P, &op->regions[i], depth, entry && entry->num_args, false);
        sol_prt_scope_pop(P, s);
    }
    if (op->num_regions)
        sol_buf_putc(P->b, ')');
    sol_prt_op_attrs(P, op);
    sol_buf_append(P->b, " : (", 4);
    sol_prt_operand_types(P, op, 0, op->num_operands);
    sol_buf_append(P->b, ") -> ", 5);
    if (op->num_results == 1) {
        sol_prt_value_type(P, &op->results[0]);
        return;
    }
    sol_buf_putc(P->b, '(');
    sol_prt_result_types(P, op);
    sol_buf_putc(P->b, ')');
}

static void print_op(SolPrinter *P, SolOp *op, uint32_t depth)
{
    indent(P, depth);
    if (custom_fits(op))
        printers[op->kind]->print(P, op, depth);
    else
        print_generic_form(P, op, depth);
    sol_buf_putc(P->b, '\n');
    if (P->out && P->b->len >= FLUSH_AT)
        sol_prt_flush(P);
}

/* ---- aliases --------------------------------------------------------------------------------- */

void sol_prt_add_map_alias(SolPrinter *P, const SolAffineMap *m)
{
    if (!m || sol_ptr_map_get(&P->aliases, m, NULL))
        return;
    sol_ptr_map_put(&P->aliases, m, P->maps.len);
    sol_vec_push(&P->maps, m);
}

void sol_prt_add_set_alias(SolPrinter *P, const SolIntegerSet *s)
{
    if (!s || sol_ptr_map_get(&P->aliases, s, NULL))
        return;
    sol_ptr_map_put(&P->aliases, s, P->sets.len);
    sol_vec_push(&P->sets, s);
}

void sol_prt_collect_attr(SolPrinter *P, const SolAttr *a)
{
    if (!a)
        return;
    if (a->kind == SOL_ATTR_MAP)
        sol_prt_add_map_alias(P, a->map);
    else if (a->kind == SOL_ATTR_SET)
        sol_prt_add_set_alias(P, a->set);
    else if (a->kind == SOL_ATTR_ARRAY)
        for (uint32_t i = 0; i < a->array.n; i++)
            sol_prt_collect_attr(P, a->array.elems[i]);
    else if (a->kind == SOL_ATTR_DICT)
        for (uint32_t i = 0; i < a->dict.n; i++)
            sol_prt_collect_attr(P, a->dict.entries[i].value);
}

/* In printing order: the op's own maps and sets, then its attributes. */
static bool collect_op(SolOp *op, void *user)
{
    SolPrinter *P = user;
    const SolOpPrinter *pr = printers[op->kind];
    if (pr->aliases && custom_fits(op))
        pr->aliases(P, op);
    for (uint32_t i = 0; i < op->num_attrs; i++)
        sol_prt_collect_attr(P, op->attrs[i].value);
    return true;
}

void sol_prt_collect(SolPrinter *P, SolOp *op, bool nested)
{
    if (nested)
        sol_op_walk(op, collect_op, P);
    else
        collect_op(op, P);
}

void sol_prt_aliases(SolPrinter *P)
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

/* ---- a module piece by piece (print_internal.h) ---------------------------------------------- */

void sol_prt_op(SolPrinter *P, SolOp *op, uint32_t depth) { print_op(P, op, depth); }

void sol_prt_module_open(SolPrinter *P, SolOp *module)
{
    sol_prt_module_header(P, module);
    sol_buf_append(P->b, " {\n", 3);
}

void sol_prt_func_open(SolPrinter *P, SolOp *func)
{
    indent(P, 1);
    sol_prt_func_header(P, func);
    sol_buf_append(P->b, " {\n", 3);
}

void sol_prt_close(SolPrinter *P, uint32_t depth)
{
    indent(P, depth);
    sol_buf_append(P->b, "}\n", 2);
    if (P->out && P->b->len >= FLUSH_AT)
        sol_prt_flush(P);
}

/* ---- entry points ---------------------------------------------------------------------------- */

bool sol_print_module(FILE *out, SolModule *m, const SolPrintOptions *opts)
{
    SolBuf buf = {0};
    SolPrinter P;
    sol_prt_init(&P, &buf, out, opts);
    if (m && m->op) {
        sol_prt_collect(&P, m->op, true);
        sol_prt_aliases(&P);
        print_op(&P, m->op, 0);
    } else {
        sol_buf_puts(&buf, "module {\n}\n");
    }
    sol_buf_putc(&buf, '\n'); /* mlir-opt-14 ends its output with an empty line */
    sol_prt_flush(&P);
    sol_prt_free(&P);
    sol_buf_free(&buf);
    return !ferror(out);
}

/* ---- target check ---------------------------------------------------------------------------- */

typedef struct TargetCheck {
    SolContext *ctx;
    unsigned missing;
} TargetCheck;

bool sol_prt_spellable(SolContext *ctx, const SolOp *op, SolMlirTarget target)
{
    const SolOpInfo *info = sol_op_info(op->kind);
    if (target != SOL_MLIR_14 || op->kind == SOL_OP_MODULE || info->name14)
        return true;
    sol_emit_error(ctx, op->loc, "'%s' has no MLIR 14 spelling; print with --mlir=current",
                   info->name);
    return false;
}

static bool check_spellable(SolOp *op, void *user)
{
    TargetCheck *t = user;
    t->missing += !sol_prt_spellable(t->ctx, op, SOL_MLIR_14);
    return true;
}

bool sol_check_print_target(SolContext *ctx, SolModule *m, SolMlirTarget target)
{
    TargetCheck t = {ctx, 0};
    if (target == SOL_MLIR_14)
        sol_op_walk(m->op, check_spellable, &t);
    return t.missing == 0;
}

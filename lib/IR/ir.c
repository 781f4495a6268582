/*
 * Modules, ops, blocks, regions, values and their use lists, and attribute values.
 *
 * Everything here is allocated from the module's arena: erasing an op unlinks it and drops its
 * uses, and the bytes come back when the module dies. Op lists and block lists are rings with
 * a sentinel (MLIR's iplist); use lists are singly linked with a back pointer (`pprev`) so a
 * use unlinks in O(1).
 */
#include "IR/ir.h"

#include <stdlib.h>
#include <string.h>

/* ---- rings -------------------------------------------------------------------------------- */

static void ring_init(SolLink *s) { s->prev = s->next = s; }

static void ring_insert_before(SolLink *pos, SolLink *l)
{
    l->prev = pos->prev;
    l->next = pos;
    pos->prev->next = l;
    pos->prev = l;
}

static void ring_remove(SolLink *l)
{
    l->prev->next = l->next;
    l->next->prev = l->prev;
    l->prev = l->next = NULL;
}

/* ---- modules ------------------------------------------------------------------------------- */

SolModule *sol_module_new(SolContext *ctx, const SolIdent *file)
{
    SolModule *m = sol_xcalloc(1, sizeof *m);
    m->ctx = ctx;
    m->file = file;
    SolLoc loc = {file, 1, 1, 1};
    m->op = sol_op_create(m, SOL_OP_MODULE, loc, 0, NULL, 0, NULL, 1);
    sol_block_create(m, &m->op->regions[0], 0, NULL);
    return m;
}

void sol_module_free(SolModule *m)
{
    if (!m)
        return;
    sol_arena_release(&m->arena);
    free(m);
}

SolBlock *sol_module_body(const SolModule *m) { return sol_region_first_block(&m->op->regions[0]); }

SolOp *sol_module_lookup_func(const SolModule *m, const SolIdent *name)
{
    sol_block_for_each_op(op, sol_module_body(m))
        if (op->kind == SOL_OP_FUNC && op->props.func->sym == name)
            return op;
    return NULL;
}

/* ---- uses ---------------------------------------------------------------------------------- */

static void use_unlink(SolUse *u)
{
    if (!u->value)
        return;
    *u->pprev = u->next;
    if (u->next)
        u->next->pprev = u->pprev;
    u->value = NULL;
    u->next = NULL;
    u->pprev = NULL;
}

static void use_link(SolUse *u, SolValue *v)
{
    u->value = v;
    u->pprev = &v->uses;
    u->next = v->uses;
    if (v->uses)
        v->uses->pprev = &u->next;
    v->uses = u;
}

void sol_op_set_operand(SolOp *op, uint32_t i, SolValue *v)
{
    SolUse *u = &op->operands[i];
    use_unlink(u);
    if (v)
        use_link(u, v);
}

void sol_value_replace_all_uses(SolValue *from, SolValue *to)
{
    if (from == to)
        return;
    while (from->uses) {
        SolUse *u = from->uses;
        use_unlink(u);
        use_link(u, to);
    }
}

bool sol_value_const_int(const SolValue *v, int64_t *out)
{
    if (!v || !v->def || v->def->kind != SOL_OP_CONSTANT)
        return false;
    const SolAttr *a = v->def->props.constant.value;
    if (!a || a->kind != SOL_ATTR_INT)
        return false;
    *out = a->i;
    return true;
}

/* ---- ops ------------------------------------------------------------------------------------ */

SolOp *sol_op_create(SolModule *m, SolOpKind kind, SolLoc loc, uint32_t num_operands,
                     SolValue *const *operands, uint32_t num_results,
                     const SolType *const *result_types, uint32_t num_regions)
{
    SolOp *op = sol_arena_alloc(&m->arena, sizeof *op);
    op->kind = kind;
    op->loc = loc;
    op->num_operands = num_operands;
    if (num_operands) {
        op->operands = sol_arena_alloc(&m->arena, num_operands * sizeof *op->operands);
        for (uint32_t i = 0; i < num_operands; i++) {
            op->operands[i].user = op;
            if (operands && operands[i])
                use_link(&op->operands[i], operands[i]);
        }
    }
    op->num_results = num_results;
    if (num_results) {
        op->results = sol_arena_alloc(&m->arena, num_results * sizeof *op->results);
        for (uint32_t i = 0; i < num_results; i++) {
            op->results[i].type = result_types ? result_types[i] : NULL;
            op->results[i].def = op;
            op->results[i].index = i;
        }
    }
    if (kind == SOL_OP_FOR)
        op->props.loop = sol_arena_alloc(&m->arena, sizeof *op->props.loop);
    else if (kind == SOL_OP_FUNC || kind == SOL_OP_CALL || kind == SOL_OP_MODULE)
        op->props.func = sol_arena_alloc(&m->arena, sizeof *op->props.func);
    op->num_regions = (uint16_t)num_regions;
    if (num_regions) {
        op->regions = sol_arena_alloc(&m->arena, num_regions * sizeof *op->regions);
        for (uint32_t i = 0; i < num_regions; i++) {
            op->regions[i].parent = op;
            ring_init(&op->regions[i].blocks);
        }
    }
    return op;
}

const char *sol_op_name(const SolOp *op) { return sol_op_infos[op->kind].name; }

SolOp *sol_op_parent_op(const SolOp *op) { return op->parent ? sol_block_parent_op(op->parent) : NULL; }

static int attr_find(const SolOp *op, const SolIdent *name, bool *found)
{
    /* sorted by name text, so printing needs no sort */
    int lo = 0, hi = (int)op->num_attrs;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        int c = sol_ident_compare(op->attrs[mid].name, name);
        if (c == 0) {
            *found = true;
            return mid;
        }
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    *found = false;
    return lo;
}

void sol_op_set_attr(SolModule *m, SolOp *op, const SolIdent *name, const SolAttr *value)
{
    bool found;
    int at = attr_find(op, name, &found);
    if (found) {
        op->attrs[at].value = value;
        return;
    }
    SolNamedAttr *a = sol_arena_alloc(&m->arena, (op->num_attrs + 1) * sizeof *a);
    if (at)
        memcpy(a, op->attrs, (size_t)at * sizeof *a);
    a[at].name = name;
    a[at].value = value;
    if (op->num_attrs > (uint32_t)at)
        memcpy(a + at + 1, op->attrs + at, (op->num_attrs - (uint32_t)at) * sizeof *a);
    op->attrs = a;
    op->num_attrs++;
}

const SolAttr *sol_op_get_attr(const SolOp *op, const SolIdent *name)
{
    bool found;
    int at = attr_find(op, name, &found);
    return found ? op->attrs[at].value : NULL;
}

bool sol_op_remove_attr(SolOp *op, const SolIdent *name)
{
    bool found;
    int at = attr_find(op, name, &found);
    if (!found)
        return false;
    memmove(op->attrs + at, op->attrs + at + 1, (op->num_attrs - (uint32_t)at - 1) * sizeof *op->attrs);
    op->num_attrs--;
    return true;
}

void sol_op_unlink(SolOp *op)
{
    if (!op->parent)
        return;
    ring_remove(&op->link);
    op->parent = NULL;
}

static bool drop_operand_uses(SolOp *op, void *user)
{
    (void)user;
    for (uint32_t i = 0; i < op->num_operands; i++)
        use_unlink(&op->operands[i]);
    return true;
}

void sol_op_erase(SolOp *op)
{
    sol_op_unlink(op);
    sol_op_walk(op, drop_operand_uses, NULL);
}

void sol_op_insert_before(SolOp *pos, SolOp *op)
{
    ring_insert_before(&pos->link, &op->link);
    op->parent = pos->parent;
}

void sol_op_insert_after(SolOp *pos, SolOp *op)
{
    ring_insert_before(pos->link.next, &op->link);
    op->parent = pos->parent;
}

/* ---- blocks and regions ---------------------------------------------------------------------- */

SolBlock *sol_block_create(SolModule *m, SolRegion *region, uint32_t num_args,
                           const SolType *const *arg_types)
{
    SolBlock *b = sol_arena_alloc(&m->arena, sizeof *b);
    ring_init(&b->ops);
    b->num_args = num_args;
    if (num_args) {
        b->args = sol_arena_alloc(&m->arena, num_args * sizeof *b->args);
        for (uint32_t i = 0; i < num_args; i++) {
            b->args[i].type = arg_types ? arg_types[i] : NULL;
            b->args[i].owner = b;
            b->args[i].index = i;
        }
    }
    if (region) {
        b->parent = region;
        ring_insert_before(&region->blocks, &b->link);
    }
    return b;
}

void sol_block_append(SolBlock *b, SolOp *op)
{
    ring_insert_before(&b->ops, &op->link);
    op->parent = b;
}

SolOp *sol_block_first_op(const SolBlock *b)
{
    return b->ops.next == &b->ops ? NULL : SOL_CONTAINER(b->ops.next, SolOp, link);
}

SolOp *sol_block_last_op(const SolBlock *b)
{
    return b->ops.prev == &b->ops ? NULL : SOL_CONTAINER(b->ops.prev, SolOp, link);
}

SolOp *sol_op_next(const SolOp *op)
{
    if (!op->parent || op->link.next == &op->parent->ops)
        return NULL;
    return SOL_CONTAINER(op->link.next, SolOp, link);
}

SolOp *sol_op_prev(const SolOp *op)
{
    if (!op->parent || op->link.prev == &op->parent->ops)
        return NULL;
    return SOL_CONTAINER(op->link.prev, SolOp, link);
}

SolBlock *sol_region_first_block(const SolRegion *r)
{
    return r->blocks.next == &r->blocks ? NULL : SOL_CONTAINER(r->blocks.next, SolBlock, link);
}

SolBlock *sol_block_next(const SolBlock *b)
{
    if (!b->parent || b->link.next == &b->parent->blocks)
        return NULL;
    return SOL_CONTAINER(b->link.next, SolBlock, link);
}

SolOp *sol_block_parent_op(const SolBlock *b) { return b->parent ? b->parent->parent : NULL; }

/* The first op nested in op's regions, in region and block order. */
static SolOp *first_nested(const SolOp *op)
{
    for (uint32_t r = 0; r < op->num_regions; r++)
        for (SolBlock *b = sol_region_first_block(&op->regions[r]); b; b = sol_block_next(b))
            if (sol_block_first_op(b))
                return sol_block_first_op(b);
    return NULL;
}

/* The op after op inside its parent op: the next in its block, else the first of a later
 * block or region. */
static SolOp *next_in_parent(const SolOp *op)
{
    SolOp *next = sol_op_next(op);
    if (next || !op->parent)
        return next;
    for (SolBlock *b = sol_block_next(op->parent); b; b = sol_block_next(b))
        if (sol_block_first_op(b))
            return sol_block_first_op(b);
    SolRegion *region = op->parent->parent;
    SolOp *owner = region ? region->parent : NULL;
    for (uint32_t r = owner ? (uint32_t)(region - owner->regions) + 1 : 0;
         owner && r < owner->num_regions; r++)
        for (SolBlock *b = sol_region_first_block(&owner->regions[r]); b; b = sol_block_next(b))
            if (sol_block_first_op(b))
                return sol_block_first_op(b);
    return NULL;
}

/* Pre-order walk that follows parent links: no memory, no recursion, so nesting depth costs
 * nothing, and fn may not erase the op it is given. */
bool sol_op_walk(SolOp *root, SolOpWalkFn fn, void *user)
{
    SolOp *op = root;
    if (!fn(op, user))
        return false;
    for (;;) {
        SolOp *next = first_nested(op);
        while (!next && op != root) {
            next = next_in_parent(op);
            if (!next)
                op = sol_op_parent_op(op);
        }
        if (!next)
            return true;
        op = next;
        if (!fn(op, user))
            return false;
    }
}

/* ---- attributes -------------------------------------------------------------------------------- */

static SolAttr *attr_new(SolModule *m, SolAttrKind kind)
{
    SolAttr *a = sol_arena_alloc(&m->arena, sizeof *a);
    a->kind = kind;
    return a;
}

const SolAttr *sol_attr_unit(SolModule *m) { return attr_new(m, SOL_ATTR_UNIT); }

const SolAttr *sol_attr_bool(SolModule *m, bool v)
{
    SolAttr *a = attr_new(m, SOL_ATTR_BOOL);
    a->b = v;
    a->type = sol_type_int(m->ctx, 1);
    return a;
}

const SolAttr *sol_attr_int(SolModule *m, int64_t v, const SolType *type)
{
    SolAttr *a = attr_new(m, SOL_ATTR_INT);
    a->i = v;
    a->type = type;
    return a;
}

const SolAttr *sol_attr_float(SolModule *m, double v, const SolType *type)
{
    SolAttr *a = attr_new(m, SOL_ATTR_FLOAT);
    a->type = type;
    a->f.value = sol_float_round(v, type->fkind);
    a->f.bits = sol_float_to_bits(a->f.value, type->fkind);
    return a;
}

const SolAttr *sol_attr_float_bits(SolModule *m, uint64_t bits, const SolType *type)
{
    SolAttr *a = attr_new(m, SOL_ATTR_FLOAT);
    a->type = type;
    if (type->width < 64)
        bits &= (1ull << type->width) - 1;
    a->f.bits = bits;
    a->f.value = sol_float_from_bits(bits, type->fkind);
    return a;
}

const SolAttr *sol_attr_string(SolModule *m, const char *s, size_t len)
{
    SolAttr *a = attr_new(m, SOL_ATTR_STRING);
    a->str.data = sol_arena_strndup(&m->arena, s, len);
    a->str.len = (uint32_t)len;
    return a;
}

const SolAttr *sol_attr_array(SolModule *m, uint32_t n, const SolAttr *const *elems)
{
    SolAttr *a = attr_new(m, SOL_ATTR_ARRAY);
    const SolAttr **e = sol_arena_alloc(&m->arena, (n + 1) * sizeof *e);
    if (n)
        memcpy(e, elems, n * sizeof *e);
    a->array.n = n;
    a->array.elems = e;
    return a;
}

/* Entries sort by name, then by position, so the last of equal names is the last of its run. */
typedef struct Positioned {
    SolNamedAttr attr;
    uint32_t pos;
} Positioned;

static int positioned_cmp(const void *pa, const void *pb)
{
    const Positioned *a = pa, *b = pb;
    int c = sol_ident_compare(a->attr.name, b->attr.name);
    return c ? c : (a->pos > b->pos) - (a->pos < b->pos);
}

const SolAttr *sol_attr_dict(SolModule *m, uint32_t n, const SolNamedAttr *entries)
{
    SolAttr *a = attr_new(m, SOL_ATTR_DICT);
    Positioned *sorted = sol_xmalloc((n + 1) * sizeof *sorted);
    for (uint32_t i = 0; i < n; i++)
        sorted[i] = (Positioned){entries[i], i};
    qsort(sorted, n, sizeof *sorted, positioned_cmp);
    SolNamedAttr *e = sol_arena_alloc(&m->arena, (n + 1) * sizeof *e);
    uint32_t out = 0;
    for (uint32_t i = 0; i < n; i++) /* a later duplicate replaces an earlier one */
        if (i + 1 == n || sorted[i + 1].attr.name != sorted[i].attr.name)
            e[out++] = sorted[i].attr;
    free(sorted);
    a->dict.n = out;
    a->dict.entries = e;
    return a;
}

const SolAttr *sol_attr_map(SolModule *m, const SolAffineMap *map)
{
    SolAttr *a = attr_new(m, SOL_ATTR_MAP);
    a->map = map;
    return a;
}

const SolAttr *sol_attr_set(SolModule *m, const SolIntegerSet *set)
{
    SolAttr *a = attr_new(m, SOL_ATTR_SET);
    a->set = set;
    return a;
}

const SolAttr *sol_attr_type(SolModule *m, const SolType *type)
{
    SolAttr *a = attr_new(m, SOL_ATTR_TYPE);
    a->type = type;
    return a;
}

const SolAttr *sol_attr_symbol(SolModule *m, const SolIdent *sym)
{
    SolAttr *a = attr_new(m, SOL_ATTR_SYMBOL);
    a->sym = sym;
    return a;
}

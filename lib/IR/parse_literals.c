/*
 * Parser builders for literals: scalar and memref types, strings, integer and float
 * attributes (range-checked against their type, with MLIR's signless rules), dictionaries,
 * arrays, and the `#alias` table (which also remembers function names, to report a
 * redefinition in O(1)).
 */
#include "IR/parse_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- lexical values --------------------------------------------------------------------------- */

const SolType *sol_p_scalar_type(SolParser *p, const char *text, size_t len)
{
    if (len == 5 && memcmp(text, "index", 5) == 0)
        return sol_type_index(p->ctx);
    if (text[0] == 'i') {
        uint64_t w = 0;
        for (size_t i = 1; i < len && w <= 64; i++)
            w = w * 10 + (uint64_t)(text[i] - '0');
        return w >= 1 && w <= 64 ? sol_type_int(p->ctx, (uint32_t)w) : NULL;
    }
    if (len == 4) /* bf16 */
        return sol_type_float(p->ctx, SOL_BF16);
    switch (text[1]) {
    case '1':
        return sol_type_float(p->ctx, SOL_F16);
    case '3':
        return sol_type_float(p->ctx, SOL_F32);
    default:
        return sol_type_float(p->ctx, SOL_F64);
    }
}

enum { MAX_RANK = 64 };
#define MAX_DIM (INT64_C(1) << 48) /* far beyond any memory; keeps size products in range */

/* memref<4 x ? x f32>: the scanner's regex guarantees the shape; this reads it. */
static const SolType *parse_memref_type(SolParser *p, SolPLoc l, const char *text, size_t len);

/* A file spells few memref types, each many times: the last type of each spelling is kept in a
 * small direct-mapped cache, so most memref tokens cost a hash and a compare. */
const SolType *sol_p_memref_type(SolParser *p, SolPLoc l, const char *text, size_t len)
{
    if (len > sizeof p->state->memrefs[0].text)
        return parse_memref_type(p, l, text, len);
    uint32_t h = sol_hash_bytes(text, len);
    SolPMemrefCache *c = &p->state->memrefs[h % SOL_P_MEMREF_CACHE];
    if (c->type && c->len == len && memcmp(c->text, text, len) == 0)
        return c->type;
    const SolType *t = parse_memref_type(p, l, text, len);
    if (t) {
        c->type = t;
        c->len = (uint32_t)len;
        memcpy(c->text, text, len);
    }
    return t;
}

static const SolType *parse_memref_type(SolParser *p, SolPLoc l, const char *text, size_t len)
{
    int64_t dims[MAX_RANK];
    uint32_t rank = 0;
    size_t i = 0;
    while (text[i] != '<')
        i++;
    i++;
    for (;;) {
        while (text[i] == ' ' || text[i] == '\t')
            i++;
        size_t start = i;
        if (text[i] == '?') {
            i++;
        } else if (text[i] >= '0' && text[i] <= '9') {
            while (text[i] >= '0' && text[i] <= '9')
                i++;
        } else {
            break; /* the element type */
        }
        size_t end = i;
        while (text[i] == ' ' || text[i] == '\t')
            i++;
        if (text[i] != 'x')
            break; /* unreachable: the regex requires 'x' after a dim */
        i++;
        if (rank == MAX_RANK) {
            sol_p_error(p, l, "memref rank is limited to %d", MAX_RANK);
            return NULL;
        }
        if (text[start] == '?') {
            dims[rank++] = SOL_DYNAMIC;
            continue;
        }
        int64_t d = 0;
        for (size_t k = start; k < end; k++) {
            d = d * 10 + (text[k] - '0');
            if (d > MAX_DIM) {
                sol_p_error(p, l, "memref dimension %.*s is too large (limit 2^48)",
                            (int)(end - start), text + start);
                return NULL;
            }
        }
        dims[rank++] = d;
    }
    size_t e = i;
    while (e < len && text[e] != ' ' && text[e] != '\t' && text[e] != '>')
        e++;
    const SolType *elem = sol_p_scalar_type(p, text + i, e - i);
    if (!elem) {
        sol_p_error(p, l, "integer element type '%.*s' is not supported: widths are 1 to 64 bits", (int)(e - i), text + i);
        return NULL;
    }
    return sol_type_memref(p->ctx, elem, rank, dims);
}

static int hex_value(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    c = (char)(c | 0x20);
    return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* Unescapes a string body (`\"`, `\\`, `\n`, `\t`, `\XX`) into the module arena. With out ==
 * NULL (quoted symbols) returns the interned text instead. */
const SolIdent *sol_p_string(SolParser *p, SolPLoc l, const char *text, size_t len, SolPValue *out)
{
    char *buf = sol_arena_alloc(&p->module->arena, len + 1);
    size_t n = 0;
    for (size_t i = 0; i < len; i++) {
        if (text[i] != '\\') {
            buf[n++] = text[i];
            continue;
        }
        char c = text[++i];
        if (c == 'n')
            buf[n++] = '\n';
        else if (c == 't')
            buf[n++] = '\t';
        else if (c == '"' || c == '\\')
            buf[n++] = c;
        else if (i + 1 < len && hex_value(c) >= 0 && hex_value(text[i + 1]) >= 0) {
            buf[n++] = (char)(hex_value(c) * 16 + hex_value(text[i + 1]));
            i++;
        } else {
            sol_p_error(p, l, "unknown escape '\\%c' in string", c);
        }
    }
    if (out) {
        out->str.data = buf;
        out->str.len = (uint32_t)n;
        return NULL;
    }
    return sol_ident(p->ctx, buf, n);
}

/* ---- attributes ----------------------------------------------------------------------------- */

const SolIdent *sol_p_keyword_name(SolParser *p, const char *s) { return sol_ident_cstr(p->ctx, s); }

const SolIdent *sol_p_op_spelling(SolParser *p, SolOpKind kind, const SolIdent *name, bool v14)
{
    if (name)
        return name;
    const SolOpInfo *info = sol_op_info(kind);
    return sol_ident_cstr(p->ctx, v14 ? info->name14 : info->name);
}

/* `f32 = 1` in a dictionary: the type's spelling is the attribute's name. */
const SolIdent *sol_p_type_name(SolParser *p, const SolType *t)
{
    SolBuf b = {0};
    sol_type_print(&b, t);
    const SolIdent *id = sol_ident(p->ctx, b.data, b.len);
    sol_buf_free(&b);
    return id;
}

static bool int_fits(SolPInt v, bool neg, const SolType *type)
{
    if (v.overflow)
        return false;
    uint32_t w = type->kind == SOL_TYPE_INT ? type->width : 64;
    if (w == 1)
        return !neg && v.value <= 1;
    if (neg)
        return v.value <= (1ull << (w - 1));
    /* signless: any bit pattern of the width, but decimal i64/index must fit int64 */
    return w == 64 ? v.value <= (uint64_t)INT64_MAX : v.value <= (1ull << w) - 1;
}

const SolAttr *sol_p_attr_int(SolParser *p, SolPLoc l, SolPInt v, bool neg, const SolType *type)
{
    if (!type)
        type = sol_type_int(p->ctx, 64);
    if (type->kind == SOL_TYPE_FLOAT) {
        sol_p_error(p, l, "integer literal for a float type: write it with a '.', as in %s%llu.0",
                    neg ? "-" : "", (unsigned long long)v.value);
        return NULL;
    }
    if (type->kind == SOL_TYPE_MEMREF || type->kind == SOL_TYPE_FUNCTION) {
        sol_p_error(p, l, "integer literal needs an integer or index type");
        return NULL;
    }
    if (!int_fits(v, neg, type)) {
        SolBuf t = {0};
        sol_type_print(&t, type);
        if (v.overflow)
            sol_p_error(p, l, "integer constant is out of range for %s", t.data);
        else
            sol_p_error(p, l, "integer constant %s%llu is out of range for %s", neg ? "-" : "",
                        (unsigned long long)v.value, t.data);
        sol_buf_free(&t);
        return NULL;
    }
    int64_t x = neg ? (int64_t)(0 - v.value) : (int64_t)v.value;
    uint32_t w = type->kind == SOL_TYPE_INT ? type->width : 64;
    if (w < 64 && !neg && (v.value >> (w - 1)) & 1) /* signless bit pattern: sign-extend it */
        x = (int64_t)(v.value | ~((UINT64_C(1) << w) - 1));
    if (type->kind == SOL_TYPE_INT && type->width == 1)
        return sol_attr_bool(p->module, x != 0);
    return sol_attr_int(p->module, x, type);
}

const SolAttr *sol_p_attr_float(SolParser *p, SolPLoc l, double v, bool neg, const SolType *type)
{
    if (!type)
        type = sol_type_float(p->ctx, SOL_F64);
    if (type->kind != SOL_TYPE_FLOAT) {
        sol_p_error(p, l, "float literal needs a float type (f16, bf16, f32 or f64)");
        return NULL;
    }
    double r = sol_float_round(neg ? -v : v, type->fkind);
    if (isinf(r)) {
        sol_p_error(p, l, "float literal is out of range for its type; write infinity as a hex bit pattern such as 0x7F800000");
        return NULL;
    }
    return sol_attr_float(p->module, r, type);
}

const SolAttr *sol_p_attr_hex(SolParser *p, SolPLoc l, SolPInt v, const SolType *type)
{
    if (type->kind == SOL_TYPE_FLOAT) {
        if (v.overflow || (type->width < 64 && v.value >> type->width)) {
            sol_p_error(p, l, "hex float literal has more than %u bits", type->width);
            return NULL;
        }
        return sol_attr_float_bits(p->module, v.value, type);
    }
    if (type->kind == SOL_TYPE_INT || type->kind == SOL_TYPE_INDEX) {
        uint32_t w = type->kind == SOL_TYPE_INT ? type->width : 64;
        if (v.overflow || (w < 64 && v.value >> w)) {
            sol_p_error(p, l, "hex integer literal does not fit in %u bits", w);
            return NULL;
        }
        int64_t x = (int64_t)v.value;
        if (w < 64 && (v.value >> (w - 1)) & 1)
            x = (int64_t)(v.value | ~((1ull << w) - 1)); /* sign-extend the bit pattern */
        if (w == 1)
            return sol_attr_bool(p->module, v.value != 0);
        return sol_attr_int(p->module, x, type);
    }
    sol_p_error(p, l, "hex literal needs an integer or float type");
    return NULL;
}

SolPEntry *sol_p_entry(SolParser *p, SolPLoc l, SolNamedAttr attr)
{
    SolPEntry *e = sol_arena_alloc(&p->scratch, sizeof *e);
    e->attr = attr;
    e->loc = l;
    return e;
}

static int entry_cmp(const void *pa, const void *pb)
{
    const SolPEntry *a = *(const SolPEntry *const *)pa, *b = *(const SolPEntry *const *)pb;
    int c = sol_ident_compare(a->attr.name, b->attr.name);
    if (c)
        return c;
    if (a->loc.first_line != b->loc.first_line)
        return a->loc.first_line < b->loc.first_line ? -1 : 1;
    return (a->loc.first_column > b->loc.first_column) - (a->loc.first_column < b->loc.first_column);
}

/* Duplicate keys are an error (MLIR's rule); sorting finds them in n log n, and the one
 * reported is the later of the two. */
const SolAttr *sol_p_attr_dict(SolParser *p, SolPList *entries)
{
    uint32_t n = sol_p_len(entries);
    SolNamedAttr *e = sol_arena_alloc(&p->scratch, (n + 1) * sizeof *e);
    for (uint32_t i = 0; i < n; i++) {
        e[i] = ((const SolPEntry *)entries->items[i])->attr;
        if (!e[i].value)
            return NULL; /* an error inside was reported */
    }
    if (n > 1) {
        const SolPEntry **sorted = sol_arena_alloc(&p->scratch, n * sizeof *sorted);
        memcpy(sorted, entries->items, n * sizeof *sorted);
        qsort(sorted, n, sizeof *sorted, entry_cmp);
        for (uint32_t i = 1; i < n; i++)
            if (sorted[i]->attr.name == sorted[i - 1]->attr.name) {
                sol_p_error(p, sorted[i]->loc, "duplicate key '%s' in dictionary attribute",
                            sorted[i]->attr.name->str);
                return NULL;
            }
    }
    return sol_attr_dict(p->module, n, e);
}

const SolAttr *sol_p_attr_array(SolParser *p, SolPList *elems)
{
    uint32_t n = sol_p_len(elems);
    for (uint32_t i = 0; i < n; i++)
        if (!elems->items[i])
            return NULL;
    return sol_attr_array(p->module, n, (const SolAttr *const *)(elems ? elems->items : NULL));
}

/* Function names share the alias table under a key no alias can spell ('@' prefix). */
static const SolAttr func_marker;

/* ---- aliases ----------------------------------------------------------------------------------- */

static size_t alias_slot(SolPState *s, const SolIdent *name)
{
    if (2 * (s->alias_count + 1) > s->alias_cap) {
        size_t cap = s->alias_cap ? s->alias_cap * 2 : 64;
        const SolIdent **names = sol_xcalloc(cap, sizeof *names);
        const SolAttr **values = sol_xcalloc(cap, sizeof *values);
        for (size_t i = 0; i < s->alias_cap; i++) {
            if (!s->alias_names[i])
                continue;
            size_t j = s->alias_names[i]->hash & (cap - 1);
            while (names[j])
                j = (j + 1) & (cap - 1);
            names[j] = s->alias_names[i];
            values[j] = s->alias_values[i];
        }
        free(s->alias_names);
        free(s->alias_values);
        s->alias_names = names, s->alias_values = values, s->alias_cap = cap;
    }
    size_t j = name->hash & (s->alias_cap - 1);
    while (s->alias_names[j] && s->alias_names[j] != name)
        j = (j + 1) & (s->alias_cap - 1);
    return j;
}

/* The value of an alias whose definition failed: uses of it stay silent. */
static const SolAttr poisoned_alias;

/* A definition whose value failed (value == NULL) still defines the name, silently poisoned,
 * so its uses do not each report "undefined". */
void sol_p_alias_def(SolParser *p, SolPLoc l, const SolIdent *name, const SolAttr *value)
{
    if (p->have_module) {
        sol_p_error(p, l, "alias definitions must come before the module");
        return;
    }
    if (strchr(name->str, '.')) /* still defined below, so its uses do not cascade */
        sol_p_error(p, l, "alias name '#%s' has a '.', which MLIR reserves for dialect attributes",
                    name->str);
    SolPState *s = p->state;
    size_t j = alias_slot(s, name);
    if (s->alias_names[j]) {
        sol_p_error(p, l, "redefinition of attribute alias '#%s'", name->str);
        return;
    }
    s->alias_names[j] = name;
    s->alias_values[j] = value ? value : &poisoned_alias;
    s->alias_count++;
}

const SolAttr *sol_p_alias_attr(SolParser *p, SolPLoc l, const SolIdent *name)
{
    size_t j = alias_slot(p->state, name);
    if (p->state->alias_values[j] == &poisoned_alias)
        return NULL;
    if (!p->state->alias_names[j]) {
        sol_p_error(p, l, "undefined symbol alias id '#%s'", name->str);
        return NULL;
    }
    return p->state->alias_values[j];
}

/* An alias used where a map (or a set) must be: the other kind is an error. */
static const SolAttr *alias_of_kind(SolParser *p, SolPLoc l, const SolIdent *name, SolAttrKind kind)
{
    const SolAttr *a = sol_p_alias_attr(p, l, name);
    if (a && a->kind != kind) {
        bool want_map = kind == SOL_ATTR_MAP;
        sol_p_error(p, l, "'#%s' is an %s, but an %s is expected here", name->str,
                    want_map ? "integer set" : "affine map", want_map ? "affine map" : "integer set");
        return NULL;
    }
    return a;
}

const SolAffineMap *sol_p_map_alias(SolParser *p, SolPLoc l, const SolIdent *name)
{
    const SolAttr *a = alias_of_kind(p, l, name, SOL_ATTR_MAP);
    return a ? a->map : NULL;
}

const SolIntegerSet *sol_p_set_alias(SolParser *p, SolPLoc l, const SolIdent *name)
{
    const SolAttr *a = alias_of_kind(p, l, name, SOL_ATTR_SET);
    return a ? a->set : NULL;
}

/* Returns false when a function of that name was already defined in this parse. */
bool sol_p_record_func_name(SolParser *p, const SolIdent *name)
{
    SolBuf key = {0};
    sol_buf_putc(&key, '@');
    sol_buf_append(&key, name->str, name->len); /* quoted names may hold NUL bytes */
    const SolIdent *k = sol_ident(p->ctx, key.data, key.len);
    sol_buf_free(&key);
    SolPState *s = p->state;
    size_t j = alias_slot(s, k);
    if (s->alias_names[j])
        return false;
    s->alias_names[j] = k;
    s->alias_values[j] = &func_marker;
    s->alias_count++;
    return true;
}

void sol_p_aliases_free(SolPState *s)
{
    free(s->alias_names);
    free(s->alias_values);
}

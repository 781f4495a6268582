/*
 * The MLIR spelling of the context-level values: types, affine expressions, affine maps,
 * integer sets and attribute values, appended to a SolBuf. The op printer (printer.c) builds
 * on these; it only adds what needs a module-wide view (aliases such as `#map0`, SSA names).
 *
 * Everything printed here re-parses to the same uniqued object, so that solar-opt's output is
 * a fixed point: affine expressions are printed from the canonical form the builders in
 * context.c produce (`x + y * -1` prints as `x - y`) with just enough parentheses for the
 * parser's precedence to rebuild the same tree, and floats print the shortest `%.Ne` that
 * rounds back to the same bits in the value's own type.
 */
#include "IR/ir.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- types ------------------------------------------------------------------------------ */

static const char *const float_names[] = {"f16", "bf16", "f32", "f64"};

static void print_type_list(SolBuf *b, uint32_t n, const SolType *const *ts)
{
    for (uint32_t i = 0; i < n; i++) {
        if (i)
            sol_buf_append(b, ", ", 2);
        sol_type_print(b, ts[i]);
    }
}

static void print_memref(SolBuf *b, const SolType *t)
{
    sol_buf_append(b, "memref<", 7);
    for (uint32_t i = 0; i < t->rank; i++) {
        if (t->dims[i] == SOL_DYNAMIC)
            sol_buf_putc(b, '?');
        else
            sol_buf_put_i64(b, t->dims[i]);
        sol_buf_putc(b, 'x');
    }
    sol_type_print(b, t->elem);
    sol_buf_putc(b, '>');
}

/* `(a, b) -> r`; results need parentheses unless there is exactly one non-function type. */
static void print_function_type(SolBuf *b, const SolType *t)
{
    sol_buf_putc(b, '(');
    print_type_list(b, t->num_inputs, t->inputs);
    sol_buf_append(b, ") -> ", 5);
    bool bare = t->num_results == 1 && t->results[0] && t->results[0]->kind != SOL_TYPE_FUNCTION;
    if (bare) {
        sol_type_print(b, t->results[0]);
        return;
    }
    sol_buf_putc(b, '(');
    print_type_list(b, t->num_results, t->results);
    sol_buf_putc(b, ')');
}

void sol_type_print(SolBuf *b, const SolType *t)
{
    if (!t) {
        sol_buf_puts(b, "<<NULL TYPE>>");
        return;
    }
    switch (t->kind) {
    case SOL_TYPE_INDEX:
        sol_buf_append(b, "index", 5);
        return;
    case SOL_TYPE_INT:
        sol_buf_putc(b, 'i');
        sol_buf_put_u64(b, t->width);
        return;
    case SOL_TYPE_FLOAT:
        sol_buf_puts(b, (unsigned)t->fkind < 4 ? float_names[t->fkind] : "<<BAD FLOAT>>");
        return;
    case SOL_TYPE_MEMREF:
        print_memref(b, t);
        return;
    case SOL_TYPE_FUNCTION:
        print_function_type(b, t);
        return;
    }
}

/* ---- affine expressions ----------------------------------------------------------------- */

/* What the surrounding operator forces into parentheses. Sums bind loosest, then the
 * mul-class operators (*, mod, floordiv, ceildiv), all left-associative; unary minus binds
 * tightest in both MLIR's parser and ours. */
enum {
    PAREN_NONE,
    PAREN_SUM,     /* left child of a mul-class node, right child of a sum */
    PAREN_PRODUCT, /* right child of a mul-class node */
    PAREN_NEG,     /* operand of unary minus: also a negative constant (`-(-5)`, not `--5`) */
};

static bool is_const(const SolAffineExpr *e, int64_t v)
{
    return e->kind == SOL_AFF_CONST && e->value == v;
}

static void print_expr(SolBuf *b, const SolAffineExpr *e, const char *const *names,
                       uint32_t num_dims, int paren);

static void print_leaf(SolBuf *b, const SolAffineExpr *e, const char *const *names,
                       uint32_t num_dims)
{
    if (e->kind == SOL_AFF_CONST && e->value == INT64_MIN) {
        sol_buf_puts(b, "(-9223372036854775807 - 1)"); /* mlir-opt-14 cannot read -2^63 */
    } else if (e->kind == SOL_AFF_CONST) {
        sol_buf_put_i64(b, e->value);
    } else if (names) {
        sol_buf_puts(b, names[(e->kind == SOL_AFF_SYM ? num_dims : 0) + (uint64_t)e->value]);
    } else {
        sol_buf_putc(b, e->kind == SOL_AFF_DIM ? 'd' : 's');
        sol_buf_put_i64(b, e->value);
    }
}

/* `l + r`, spelling an added negative constant or negative multiple as a subtraction; the
 * parser turns `l - x` back into `l + x * -1` and folds the constant. */
static void print_sum(SolBuf *b, const SolAffineExpr *e, const char *const *names,
                      uint32_t num_dims)
{
    const SolAffineExpr *r = e->rhs;
    print_expr(b, e->lhs, names, num_dims, PAREN_NONE);
    if (r->kind == SOL_AFF_CONST && r->value < 0 && r->value != INT64_MIN) {
        sol_buf_append(b, " - ", 3);
        sol_buf_put_u64(b, 0 - (uint64_t)r->value);
    } else if (r->kind == SOL_AFF_MUL && r->rhs->kind == SOL_AFF_CONST && r->rhs->value < 0 &&
               r->rhs->value != INT64_MIN) { /* 2^63 has no positive spelling */
        sol_buf_append(b, " - ", 3);
        print_expr(b, r->lhs, names, num_dims, PAREN_SUM);
        if (r->rhs->value != -1) {
            sol_buf_append(b, " * ", 3);
            sol_buf_put_u64(b, 0 - (uint64_t)r->rhs->value);
        }
    } else {
        sol_buf_append(b, " + ", 3);
        print_expr(b, r, names, num_dims, PAREN_SUM);
    }
}

static const char *binop_spelling(SolAffineKind k)
{
    switch (k) {
    case SOL_AFF_MUL:
        return " * ";
    case SOL_AFF_MOD:
        return " mod ";
    case SOL_AFF_FLOORDIV:
        return " floordiv ";
    default:
        return " ceildiv ";
    }
}

static void print_product(SolBuf *b, const SolAffineExpr *e, const char *const *names,
                          uint32_t num_dims)
{
    if (e->kind == SOL_AFF_MUL && is_const(e->rhs, -1)) {
        sol_buf_putc(b, '-');
        print_expr(b, e->lhs, names, num_dims, PAREN_NEG);
        return;
    }
    print_expr(b, e->lhs, names, num_dims, PAREN_SUM);
    sol_buf_puts(b, binop_spelling(e->kind));
    print_expr(b, e->rhs, names, num_dims, PAREN_PRODUCT);
}

static void print_expr(SolBuf *b, const SolAffineExpr *e, const char *const *names,
                       uint32_t num_dims, int paren)
{
    if (!e) {
        sol_buf_puts(b, "<<NULL EXPR>>");
        return;
    }
    if (e->kind <= SOL_AFF_SYM) {
        if (paren == PAREN_NEG && e->kind == SOL_AFF_CONST && e->value < 0) {
            sol_buf_putc(b, '(');
            print_leaf(b, e, names, num_dims);
            sol_buf_putc(b, ')');
        } else {
            print_leaf(b, e, names, num_dims);
        }
        return;
    }
    bool sum = e->kind == SOL_AFF_ADD;
    bool wrap = sum ? paren != PAREN_NONE : paren >= PAREN_PRODUCT;
    if (wrap)
        sol_buf_putc(b, '(');
    if (sum)
        print_sum(b, e, names, num_dims);
    else
        print_product(b, e, names, num_dims);
    if (wrap)
        sol_buf_putc(b, ')');
}

void sol_affine_expr_print(SolBuf *b, const SolAffineExpr *e, const char *const *names,
                           uint32_t num_dims)
{
    print_expr(b, e, names, num_dims, PAREN_NONE);
}

/* `(d0, d1)[s0]`, the brackets only when there are symbols. */
static void print_dims_syms(SolBuf *b, uint32_t num_dims, uint32_t num_syms)
{
    sol_buf_putc(b, '(');
    for (uint32_t i = 0; i < num_dims; i++) {
        if (i)
            sol_buf_append(b, ", ", 2);
        sol_buf_putc(b, 'd');
        sol_buf_put_u64(b, i);
    }
    sol_buf_putc(b, ')');
    if (!num_syms)
        return;
    sol_buf_putc(b, '[');
    for (uint32_t i = 0; i < num_syms; i++) {
        if (i)
            sol_buf_append(b, ", ", 2);
        sol_buf_putc(b, 's');
        sol_buf_put_u64(b, i);
    }
    sol_buf_putc(b, ']');
}

void sol_affine_map_print(SolBuf *b, const SolAffineMap *m)
{
    sol_buf_append(b, "affine_map<", 11);
    print_dims_syms(b, m->num_dims, m->num_syms);
    sol_buf_append(b, " -> (", 5);
    for (uint32_t i = 0; i < m->num_results; i++) {
        if (i)
            sol_buf_append(b, ", ", 2);
        sol_affine_expr_print(b, m->results[i], NULL, m->num_dims);
    }
    sol_buf_append(b, ")>", 2);
}

/* A set without constraints (built by a pass) prints as `(0 == 0)`, the universe set, which is
 * also what the parser makes of `()`, as MLIR does. */
void sol_integer_set_print(SolBuf *b, const SolIntegerSet *s)
{
    sol_buf_append(b, "affine_set<", 11);
    print_dims_syms(b, s->num_dims, s->num_syms);
    sol_buf_append(b, " : (", 4);
    for (uint32_t i = 0; i < s->num_cons; i++) {
        if (i)
            sol_buf_append(b, ", ", 2);
        sol_affine_expr_print(b, s->cons[i], NULL, s->num_dims);
        sol_buf_puts(b, s->is_eq[i] ? " == 0" : " >= 0");
    }
    if (!s->num_cons)
        sol_buf_append(b, "0 == 0", 6);
    sol_buf_append(b, ")>", 2);
}

/* ---- attributes ------------------------------------------------------------------------- */

/* MLIR's escaping: printable ASCII as is except `"` and `\`, everything else as `\XX`. */
static void print_quoted(SolBuf *b, const char *s, size_t n)
{
    static const char hex[] = "0123456789ABCDEF";
    sol_buf_putc(b, '"');
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '\\') {
            sol_buf_append(b, "\\\\", 2);
        } else if (c == '"' || c < 0x20 || c >= 0x7F) {
            char esc[3] = {'\\', hex[c >> 4], hex[c & 15]};
            sol_buf_append(b, esc, 3);
        } else {
            sol_buf_putc(b, (char)c);
        }
    }
    sol_buf_putc(b, '"');
}

/* [A-Za-z_][A-Za-z0-9_$.]* */
static bool is_bare_id(const char *s, size_t n)
{
    if (n == 0 || !((s[0] >= 'A' && s[0] <= 'Z') || (s[0] >= 'a' && s[0] <= 'z') || s[0] == '_'))
        return false;
    for (size_t i = 1; i < n; i++) {
        char c = s[i];
        bool ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                  c == '_' || c == '$' || c == '.';
        if (!ok)
            return false;
    }
    return true;
}

/* The grammar takes every bare identifier as an attribute name, keywords, types and op names
 * included; only `iN` spellings the scanner rejects as integer types (i0, i65, ...) need
 * quotes. */
static bool is_reserved_name(const char *s, size_t n)
{
    if (n < 2 || s[0] != 'i' || strspn(s + 1, "0123456789") != n - 1)
        return false;
    return n > 3 || s[1] == '0' || atoi(s + 1) > 64; /* `i01` would read back as i1 */
}

void sol_attr_name_print(SolBuf *b, const SolIdent *name)
{
    if (is_bare_id(name->str, name->len) && !is_reserved_name(name->str, name->len))
        sol_buf_append(b, name->str, name->len);
    else
        print_quoted(b, name->str, name->len);
}

static void print_symbol(SolBuf *b, const SolIdent *sym)
{
    sol_buf_putc(b, '@');
    if (!sym)
        sol_buf_puts(b, "<<NULL SYMBOL>>");
    else if (is_bare_id(sym->str, sym->len))
        sol_buf_append(b, sym->str, sym->len);
    else
        print_quoted(b, sym->str, sym->len);
}

/* Non-finite values have no decimal form: print the bit pattern, one hex digit per 4 bits of
 * the type. Finite values print the shortest `%.Ne` (N >= 6, as mlir-opt's `1.000000e+00`)
 * that reads back to the same bits after rounding to the type. */
static void print_float_value(SolBuf *b, const SolAttr *a)
{
    SolFloatKind k = a->type && a->type->kind == SOL_TYPE_FLOAT ? a->type->fkind : SOL_F64;
    double v = a->f.value;
    char s[48];
    if (!isfinite(v)) {
        int digits = k == SOL_F64 ? 16 : k == SOL_F32 ? 8 : 4;
        snprintf(s, sizeof s, "0x%0*" PRIX64, digits, a->f.bits);
        sol_buf_puts(b, s);
        return;
    }
    uint64_t want = sol_float_to_bits(v, k);
    for (int p = 6; p <= 17; p++) {
        snprintf(s, sizeof s, "%.*e", p, v);
        if (sol_float_to_bits(sol_float_round(strtod(s, NULL), k), k) == want)
            break;
    }
    sol_buf_puts(b, s);
}

static bool is_i1(const SolType *t) { return t && t->kind == SOL_TYPE_INT && t->width == 1; }

static void print_typed_suffix(SolBuf *b, const SolType *t)
{
    if (!t)
        return;
    sol_buf_append(b, " : ", 3);
    sol_type_print(b, t);
}

static void print_array(SolBuf *b, const SolAttr *a)
{
    sol_buf_putc(b, '[');
    for (uint32_t i = 0; i < a->array.n; i++) {
        if (i)
            sol_buf_append(b, ", ", 2);
        sol_attr_print(b, a->array.elems[i]);
    }
    sol_buf_putc(b, ']');
}

/* `{a = 1 : i64, unit_name}`: unit entries print their name only. */
static void print_dict(SolBuf *b, const SolAttr *a)
{
    sol_buf_putc(b, '{');
    for (uint32_t i = 0; i < a->dict.n; i++) {
        const SolNamedAttr *e = &a->dict.entries[i];
        if (i)
            sol_buf_append(b, ", ", 2);
        sol_attr_name_print(b, e->name);
        if (e->value && e->value->kind == SOL_ATTR_UNIT)
            continue;
        sol_buf_append(b, " = ", 3);
        sol_attr_print(b, e->value);
    }
    sol_buf_putc(b, '}');
}

void sol_attr_print(SolBuf *b, const SolAttr *a)
{
    if (!a) {
        sol_buf_puts(b, "<<NULL ATTRIBUTE>>");
        return;
    }
    switch (a->kind) {
    case SOL_ATTR_UNIT:
        sol_buf_append(b, "unit", 4);
        return;
    case SOL_ATTR_BOOL:
        sol_buf_puts(b, a->b ? "true" : "false");
        return;
    case SOL_ATTR_INT:
        /* an i1 integer is a boolean in MLIR and prints as one */
        if (is_i1(a->type)) {
            sol_buf_puts(b, a->i ? "true" : "false");
            return;
        }
        sol_buf_put_i64(b, a->i);
        print_typed_suffix(b, a->type);
        return;
    case SOL_ATTR_FLOAT:
        print_float_value(b, a);
        print_typed_suffix(b, a->type);
        return;
    case SOL_ATTR_STRING:
        print_quoted(b, a->str.data, a->str.len);
        return;
    case SOL_ATTR_ARRAY:
        print_array(b, a);
        return;
    case SOL_ATTR_DICT:
        print_dict(b, a);
        return;
    case SOL_ATTR_MAP:
        sol_affine_map_print(b, a->map);
        return;
    case SOL_ATTR_SET:
        sol_integer_set_print(b, a->set);
        return;
    case SOL_ATTR_TYPE:
        sol_type_print(b, a->type);
        return;
    case SOL_ATTR_SYMBOL:
        print_symbol(b, a->sym);
        return;
    }
}

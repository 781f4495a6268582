/*
 * `--bind N=4096,D=1024`: specialises the entry function to concrete sizes, so one IR is
 * validated at small sizes and analysed at real ones.
 *
 * Each bound `index` argument leaves the signature and becomes `%N = arith.constant 4096 :
 * index` at the top of the body. Then, until nothing changes:
 *   - constant operands of affine maps (loop bounds, load/store subscripts, apply/min/max,
 *     if conditions) are substituted into the map and dropped, so `affine.for %i = 0 to %N`
 *     prints `affine.for %i = 0 to 4096`; an apply/min/max left without operands becomes a
 *     constant;
 *   - memref.alloc sizes that are constants become static dims; memref.dim of a static dim
 *     becomes a constant; index addi/subi/muli/floordivsi/ceildivsi of two constants becomes
 *     a constant;
 *   - a `?` dim k of a memref argument becomes static when its accesses determine it
 *     (Analysis/dim_extent.h, the rule lift-einsum assumes too): some access has subscript k
 *     equal to the induction variable of `for 0 to C step 1` (the extent is the largest such
 *     C), and every other access's subscript k has a computable maximum below that extent.
 *     Anything else (unknown users, unknown ranges) keeps `?`.
 * The constants this pass creates (the bound sizes included) are erased when folding leaves
 * them unused; the module's own constants are left alone. `--bind X=16x16384` gives a memref
 * argument a static shape directly: a buffer that only a linalg.generic uses has no loop
 * stating its extent.
 *
 * The file also parses the --bind text and picks the entry function (@forward by default).
 */
#include "Passes/pass.h"

#include "Analysis/dim_extent.h"
#include "IR/affine_util.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* ---- parsing `N=4096,D=1024` --------------------------------------------------------------- */

static bool is_name_char(char c) { return isalnum((unsigned char)c) || strchr("_$.-", c); }

static bool find_binding(const SolBindings *b, const char *name, size_t len)
{
    for (size_t i = 0; i < b->len; i++)
        if (strlen(b->data[i].name) == len && memcmp(b->data[i].name, name, len) == 0)
            return true;
    return false;
}

/* value -> [0-9]+ with int64 overflow checks */
static bool parse_size(const char *name, size_t nlen, const char *s, size_t len, int64_t *out,
                       SolBuf *err)
{
    if (len > 0 && s[0] == '-') {
        sol_buf_printf(err, "--bind: size '%.*s' must not be negative, got %.*s", (int)nlen, name,
                       (int)len, s);
        return false;
    }
    size_t i = len > 0 && s[0] == '+' ? 1 : 0;
    int64_t v = 0;
    if (i == len) {
        sol_buf_printf(err, "--bind: expected an integer for '%.*s', got '%.*s'", (int)nlen, name,
                       (int)len, s);
        return false;
    }
    for (; i < len; i++) {
        if (!isdigit((unsigned char)s[i])) {
            sol_buf_printf(err, "--bind: expected an integer for '%.*s', got '%.*s'", (int)nlen,
                           name, (int)len, s);
            return false;
        }
        if (__builtin_mul_overflow(v, 10, &v) || __builtin_add_overflow(v, s[i] - '0', &v)) {
            sol_buf_printf(err, "--bind: value of '%.*s' does not fit in 64 bits: %.*s", (int)nlen,
                           name, (int)len, s);
            return false;
        }
    }
    *out = v;
    return true;
}

/* shape -> value ('x' value)+ : "16x16384" */
static bool parse_shape(SolBinding *out, const char *name, size_t nlen, const char *s, size_t len,
                        SolBuf *err)
{
    SolVecOf(int64_t) dims = {0};
    for (;;) {
        const char *x = memchr(s, 'x', len);
        size_t part = x ? (size_t)(x - s) : len;
        int64_t v;
        if (!parse_size(name, nlen, s, part, &v, err)) {
            sol_vec_free(&dims);
            return false;
        }
        sol_vec_push(&dims, v);
        if (!x)
            break;
        s = x + 1, len -= part + 1;
    }
    out->rank = (uint32_t)dims.len;
    out->dims = dims.data;
    return true;
}

/* item -> '%'? NAME '=' (value | shape) */
static bool parse_item(SolBindings *b, const char *s, size_t len, SolBuf *err)
{
    const char *eq = memchr(s, '=', len);
    const char *name = s;
    if (len > 0 && name[0] == '%')
        name++;
    size_t nlen = eq ? (size_t)(eq - name) : 0;
    bool name_ok = eq && nlen > 0;
    for (size_t i = 0; name_ok && i < nlen; i++)
        name_ok = is_name_char(name[i]);
    if (!name_ok) {
        sol_buf_printf(err, "--bind: expected NAME=VALUE, got '%.*s'", (int)len, s);
        return false;
    }
    const char *value = eq + 1;
    size_t vlen = len - (size_t)(value - s);
    SolBinding binding = {0};
    if (memchr(value, 'x', vlen) ? !parse_shape(&binding, name, nlen, value, vlen, err)
                                 : !parse_size(name, nlen, value, vlen, &binding.value, err))
        return false;
    if (find_binding(b, name, nlen)) {
        sol_buf_printf(err, "--bind: '%.*s' is bound twice", (int)nlen, name);
        free(binding.dims);
        return false;
    }
    binding.name = sol_xstrndup(name, nlen);
    sol_vec_push(b, binding);
    return true;
}

bool sol_bindings_parse(SolBindings *b, const char *text, SolBuf *err)
{
    size_t first_new = b->len;
    const char *p = text;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        if (!parse_item(b, p, len, err)) {
            while (b->len > first_new) {
                b->len--;
                free((char *)b->data[b->len].name);
                free(b->data[b->len].dims);
            }
            return false;
        }
        if (!comma)
            return true;
        p = comma + 1;
    }
}

void sol_bindings_free(SolBindings *b)
{
    for (size_t i = 0; i < b->len; i++) {
        free((char *)b->data[i].name);
        free(b->data[i].dims);
    }
    sol_vec_free(b);
}

/* ---- the entry function -------------------------------------------------------------------- */

/* `@a, @b, @c` into buf; returns the number of functions. */
static size_t list_functions(const SolModule *m, SolBuf *buf, SolOp **only)
{
    size_t n = 0;
    sol_block_for_each_op(op, sol_module_body(m))
    {
        if (op->kind != SOL_OP_FUNC)
            continue;
        sol_buf_printf(buf, "%s@%s", n ? ", " : "", op->props.func->sym->str);
        *only = op;
        n++;
    }
    return n;
}

/* Where errors about the module as a whole point: its first op, which lies inside the
 * current --split-input-file chunk (an implicit module has no text of its own). */
static SolLoc module_loc(const SolModule *m)
{
    SolOp *first = sol_block_first_op(sol_module_body(m));
    SolLoc loc = first ? first->loc : m->op->loc;
    if (!loc.file || !loc.line)
        loc = (SolLoc){0};
    return loc;
}

bool sol_entry_find(SolContext *ctx, SolModule *m, const char *name, SolOp **out)
{
    SolBuf names = {0};
    SolOp *only = NULL;
    size_t n = list_functions(m, &names, &only);
    *out = NULL;
    if (name) {
        *out = sol_module_lookup_func(m, sol_ident_cstr(ctx, name));
        if (!*out)
            sol_emit_error(ctx, module_loc(m), "--entry: no function '@%s' in the module; %s%s",
                           name, n ? "its functions are " : "it has no functions",
                           n ? names.data : "");
    } else {
        *out = sol_module_lookup_func(m, sol_ident_cstr(ctx, "forward"));
        if (!*out && n == 1)
            *out = only;
    }
    sol_buf_free(&names);
    return *out || !name;
}

/* ---- IR helpers ---------------------------------------------------------------------------- */

typedef struct Binder {
    SolContext *ctx;
    SolModule *m;
    SolOp *func;
    const SolType *index;
    SolVecOf(SolOp *) made; /* constants made here; erased at the end when unused */
} Binder;

static SolOp *make_constant(Binder *b, SolLoc loc, int64_t value, const SolIdent *hint)
{
    SolOp *c = sol_op_create(b->m, SOL_OP_CONSTANT, loc, 0, NULL, 1, &b->index, 0);
    c->props.constant.value = sol_attr_int(b->m, value, b->index);
    c->results[0].hint = hint;
    return c;
}

/* Replaces op's single result by a new constant placed before it, then erases op. */
static void replace_with_constant(Binder *b, SolOp *op, int64_t value)
{
    SolOp *c = make_constant(b, op->loc, value, op->results[0].hint);
    sol_op_insert_before(op, c);
    sol_value_replace_all_uses(&op->results[0], &c->results[0]);
    sol_op_erase(op);
    sol_vec_push(&b->made, c);
}

/* Replaces the whole operand list (ir.h has no helper that changes the operand count). */
static void set_operands(SolModule *m, SolOp *op, uint32_t n, SolValue *const *values)
{
    for (uint32_t i = 0; i < op->num_operands; i++)
        sol_op_set_operand(op, i, NULL);
    op->operands = n ? sol_arena_alloc(&m->arena, n * sizeof *op->operands) : NULL;
    op->num_operands = n;
    for (uint32_t i = 0; i < n; i++) {
        op->operands[i].user = op;
        sol_op_set_operand(op, i, values[i]);
    }
}

/* &op->operands[first] without pointer arithmetic on NULL (ops without operands). */
static SolUse *operands_from(const SolOp *op, uint32_t first)
{
    return op->operands ? op->operands + first : NULL;
}

static SolBlock *func_body(const SolOp *func)
{
    return func->num_regions ? sol_region_first_block(&func->regions[0]) : NULL;
}

typedef SolVecOf(SolOp *) OpList;

static bool collect_op(SolOp *op, void *user)
{
    sol_vec_push((OpList *)user, op);
    return true;
}

/* ---- removing bound arguments -------------------------------------------------------------- */

static bool is_index_arg(const SolValue *arg) { return arg->type && sol_type_is_index(arg->type); }

static void error_no_such_arg(Binder *b, SolBlock *body, const char *name)
{
    SolBuf names = {0};
    for (uint32_t i = 0; i < body->num_args; i++)
        if (is_index_arg(&body->args[i]) && body->args[i].hint)
            sol_buf_printf(&names, "%s%s", names.len ? ", " : "", body->args[i].hint->str);
    sol_emit_error(b->ctx, b->func->loc, "--bind: function '@%s' has no index argument '%s'; %s%s",
                   b->func->props.func->sym->str, name,
                   names.len ? "its index arguments are " : "it has no index arguments",
                   names.len ? names.data : "");
    sol_buf_free(&names);
}

/* The entry block argument bound by `name`, or -1. */
static int find_index_arg(SolBlock *body, const SolIdent *name)
{
    for (uint32_t i = 0; i < body->num_args; i++)
        if (is_index_arg(&body->args[i]) && body->args[i].hint &&
            sol_ident_compare(body->args[i].hint, name) == 0)
            return (int)i;
    return -1;
}

/* Drops the arguments marked in `drop` from the signature, arg_attrs and the entry block.
 * Block arguments live in one array, so the survivors move to a new one and their uses
 * follow them. */
static void remove_args(Binder *b, SolBlock *body, const bool *drop)
{
    SolOp *f = b->func;
    const SolType *ft = f->props.func->type;
    uint32_t n = body->num_args, kept = 0;
    const SolType **inputs = sol_arena_alloc(&b->m->arena, (n + 1) * sizeof *inputs);
    const SolAttr **attrs = sol_arena_alloc(&b->m->arena, (n + 1) * sizeof *attrs);
    SolValue *args = sol_arena_alloc(&b->m->arena, (n + 1) * sizeof *args);
    for (uint32_t i = 0; i < n; i++) {
        if (drop[i])
            continue;
        inputs[kept] = ft->inputs[i];
        attrs[kept] = f->props.func->arg_attrs ? f->props.func->arg_attrs[i] : NULL;
        SolValue *nv = &args[kept];
        nv->type = body->args[i].type;
        nv->owner = body;
        nv->index = kept;
        nv->hint = body->args[i].hint;
        sol_value_replace_all_uses(&body->args[i], nv);
        kept++;
    }
    f->props.func->type = sol_type_function(b->ctx, kept, inputs, ft->num_results, ft->results);
    if (f->props.func->arg_attrs)
        f->props.func->arg_attrs = attrs;
    body->args = args;
    body->num_args = kept;
}

/* Makes `%N = arith.constant V : index` for each binding and drops the arguments. Every
 * name is checked first, so an unknown one leaves the function untouched. */
static bool bind_args(Binder *b, SolBlock *body, const SolBinding *bind, size_t n)
{
    bool ok = true;
    for (size_t i = 0; i < n; i++)
        if (bind[i].rank == 0 && find_index_arg(body, sol_ident_cstr(b->ctx, bind[i].name)) < 0) {
            error_no_such_arg(b, body, bind[i].name);
            ok = false;
        }
    if (!ok)
        return false;
    bool *drop = sol_xcalloc(body->num_args + 1, sizeof *drop);
    SolOp *last = NULL;
    for (size_t i = 0; i < n; i++) {
        if (bind[i].rank)
            continue; /* a shape: bind_shapes */
        int k = find_index_arg(body, sol_ident_cstr(b->ctx, bind[i].name));
        SolValue *arg = &body->args[k];
        SolOp *c = make_constant(b, b->func->loc, bind[i].value, arg->hint);
        SolOp *first = sol_block_first_op(body);
        if (last)
            sol_op_insert_after(last, c);
        else if (first)
            sol_op_insert_before(first, c);
        else
            sol_block_append(body, c);
        last = c;
        sol_vec_push(&b->made, c); /* erased at the end if folding leaves it unused */
        sol_value_replace_all_uses(arg, &c->results[0]);
        drop[k] = true;
    }
    remove_args(b, body, drop);
    free(drop);
    return true;
}

/* ---- folding constants into affine maps ---------------------------------------------------- */

/* How a map's operand list changes: which positions fold to which constant. */
typedef struct Substitution {
    const SolAffineExpr **dims, **syms; /* replacement per old position */
    uint32_t num_dims, num_syms;        /* positions left */
    SolValue **operands;                /* operands left, dims then symbols */
    uint32_t num_operands;
} Substitution;

/* Plans the substitution for nd dims and ns symbols with the given operands; false (and
 * nothing allocated) when no operand is a constant. */
static bool plan_substitution(Binder *b, uint32_t nd, uint32_t ns, SolUse *ops, Substitution *s)
{
    bool any = false;
    int64_t c;
    for (uint32_t i = 0; i < nd + ns && !any; i++)
        any = sol_value_const_int(ops[i].value, &c);
    if (!any)
        return false;
    SolArena *a = &b->m->arena;
    s->dims = sol_arena_alloc(a, (nd + 1) * sizeof *s->dims);
    s->syms = sol_arena_alloc(a, (ns + 1) * sizeof *s->syms);
    s->operands = sol_arena_alloc(a, (nd + ns + 1) * sizeof *s->operands);
    s->num_dims = s->num_syms = s->num_operands = 0;
    for (uint32_t i = 0; i < nd + ns; i++) {
        bool is_dim = i < nd;
        const SolAffineExpr **slot = is_dim ? &s->dims[i] : &s->syms[i - nd];
        if (sol_value_const_int(ops[i].value, &c)) {
            *slot = sol_affine_const(b->ctx, c);
            continue;
        }
        *slot =
            is_dim ? sol_affine_dim(b->ctx, s->num_dims++) : sol_affine_sym(b->ctx, s->num_syms++);
        s->operands[s->num_operands++] = ops[i].value;
    }
    return true;
}

static const SolAffineMap *subst_map(Binder *b, const SolAffineMap *map, const Substitution *s)
{
    const SolAffineExpr **res = sol_arena_alloc(&b->m->arena, (map->num_results + 1) * sizeof *res);
    for (uint32_t i = 0; i < map->num_results; i++)
        res[i] = sol_affine_subst(b->ctx, map->results[i], s->dims, s->syms);
    return sol_affine_map(b->ctx, s->num_dims, s->num_syms, map->num_results, res);
}

/* Rewrites the map whose operands are op->operands[first..] and the operand list
 * (prefix operands kept). Returns the new map, or NULL when nothing folded. */
static const SolAffineMap *fold_access_map(Binder *b, SolOp *op, uint32_t first,
                                           const SolAffineMap *map)
{
    Substitution s;
    if (!plan_substitution(b, map->num_dims, map->num_syms, operands_from(op, first), &s))
        return NULL;
    const SolAffineMap *nm = subst_map(b, map, &s);
    uint32_t n = first + s.num_operands;
    SolValue **vals = sol_arena_alloc(&b->m->arena, (n + 1) * sizeof *vals);
    for (uint32_t i = 0; i < first; i++)
        vals[i] = op->operands[i].value;
    memcpy(vals + first, s.operands, s.num_operands * sizeof *vals);
    set_operands(b->m, op, n, vals);
    return nm;
}

/* affine.for: lb operands, ub operands, then iter_args inits. */
static bool fold_loop(Binder *b, SolOp *op)
{
    uint32_t nlb = op->props.loop->num_lb_operands, nub = op->props.loop->num_ub_operands;
    const SolAffineMap *lb = op->props.loop->lb, *ub = op->props.loop->ub;
    Substitution sl, su;
    bool fold_lb = plan_substitution(b, lb->num_dims, lb->num_syms, operands_from(op, 0), &sl);
    bool fold_ub = plan_substitution(b, ub->num_dims, ub->num_syms, operands_from(op, nlb), &su);
    if (!fold_lb && !fold_ub)
        return false;
    uint32_t new_lb = fold_lb ? sl.num_operands : nlb, new_ub = fold_ub ? su.num_operands : nub;
    uint32_t rest = op->num_operands - nlb - nub;
    uint32_t n = new_lb + new_ub + rest;
    SolValue **vals = sol_arena_alloc(&b->m->arena, (n + 1) * sizeof *vals);
    for (uint32_t i = 0; i < new_lb; i++)
        vals[i] = fold_lb ? sl.operands[i] : op->operands[i].value;
    for (uint32_t i = 0; i < new_ub; i++)
        vals[new_lb + i] = fold_ub ? su.operands[i] : op->operands[nlb + i].value;
    for (uint32_t i = 0; i < rest; i++)
        vals[new_lb + new_ub + i] = op->operands[nlb + nub + i].value;
    if (fold_lb)
        op->props.loop->lb = subst_map(b, lb, &sl);
    if (fold_ub)
        op->props.loop->ub = subst_map(b, ub, &su);
    op->props.loop->num_lb_operands = new_lb;
    op->props.loop->num_ub_operands = new_ub;
    set_operands(b->m, op, n, vals);
    return true;
}

static bool fold_if(Binder *b, SolOp *op)
{
    const SolIntegerSet *set = op->props.cond.set;
    Substitution s;
    if (!plan_substitution(b, set->num_dims, set->num_syms, op->operands, &s))
        return false;
    const SolAffineExpr **cons = sol_arena_alloc(&b->m->arena, (set->num_cons + 1) * sizeof *cons);
    for (uint32_t i = 0; i < set->num_cons; i++)
        cons[i] = sol_affine_subst(b->ctx, set->cons[i], s.dims, s.syms);
    op->props.cond.set =
        sol_integer_set(b->ctx, s.num_dims, s.num_syms, set->num_cons, cons, set->is_eq);
    set_operands(b->m, op, s.num_operands, s.operands);
    return true;
}

/* affine.apply/min/max without operands: the value of a constant map, if it is one. */
static bool constant_result(const SolOp *op, int64_t *out)
{
    const SolAffineMap *map = op->props.access.map;
    if (op->num_operands || map->num_results == 0)
        return false;
    for (uint32_t i = 0; i < map->num_results; i++) {
        int64_t v = map->results[i]->value;
        if (map->results[i]->kind != SOL_AFF_CONST)
            return false;
        if (i == 0 || (op->kind == SOL_OP_AMIN && v < *out) ||
            (op->kind == SOL_OP_AMAX && v > *out))
            *out = v;
    }
    return op->kind != SOL_OP_APPLY || map->num_results == 1;
}

static bool fold_map_user(Binder *b, SolOp *op, uint32_t first)
{
    const SolAffineMap *nm = fold_access_map(b, op, first, op->props.access.map);
    if (nm)
        op->props.access.map = nm;
    int64_t v;
    if (op->kind != SOL_OP_LOAD && op->kind != SOL_OP_STORE && constant_result(op, &v)) {
        replace_with_constant(b, op, v);
        return true;
    }
    return nm != NULL;
}

/* Index arithmetic on two constants (a bound size times another, as an importer writes the
 * size of a flattened buffer: `memref.alloc(%d)` with `%d = arith.muli %b, %i`): its value,
 * so the alloc's dim, the subscripts using it and the loops it bounds become constants too.
 * Overflow and division by zero are left for the executor to report. */
static bool fold_index_arith(Binder *b, SolOp *op)
{
    int64_t x, y, v;
    if (!sol_type_is_index(op->results[0].type) ||
        !sol_value_const_int(sol_op_operand(op, 0), &x) ||
        !sol_value_const_int(sol_op_operand(op, 1), &y))
        return false;
    switch (op->kind) {
    case SOL_OP_ADDI:
        if (__builtin_add_overflow(x, y, &v))
            return false;
        break;
    case SOL_OP_SUBI:
        if (__builtin_sub_overflow(x, y, &v))
            return false;
        break;
    case SOL_OP_MULI:
        if (__builtin_mul_overflow(x, y, &v))
            return false;
        break;
    case SOL_OP_FLOORDIVSI:
    case SOL_OP_CEILDIVSI:
        if (y == 0 || (x == INT64_MIN && y == -1))
            return false;
        v = x / y;
        if (x % y != 0 && ((x < 0) != (y < 0)) == (op->kind == SOL_OP_FLOORDIVSI))
            v += op->kind == SOL_OP_FLOORDIVSI ? -1 : 1;
        break;
    default:
        return false;
    }
    replace_with_constant(b, op, v);
    return true;
}

/* ---- refining `?` dims --------------------------------------------------------------------- */

static const SolType *with_dim(Binder *b, const SolType *t, uint32_t k, int64_t size)
{
    int64_t *dims = sol_arena_alloc(&b->m->arena, (t->rank + 1) * sizeof *dims);
    memcpy(dims, t->dims, t->rank * sizeof *dims);
    dims[k] = size;
    return sol_type_memref(b->ctx, t->elem, t->rank, dims);
}

/* Whether every user of a buffer only reads its type from the buffer itself (accesses, dim,
 * dealloc, generic operands), so refining the type keeps them valid. A call, return, select
 * or yield carries the type elsewhere, which would then disagree. */
static bool users_follow_type(const SolValue *v)
{
    for (const SolUse *u = v->uses; u; u = u->next)
        switch (u->user->kind) {
        case SOL_OP_LOAD:
        case SOL_OP_STORE:
        case SOL_OP_MLOAD:
        case SOL_OP_MSTORE:
        case SOL_OP_DIM:
        case SOL_OP_DEALLOC:
        case SOL_OP_GENERIC:
            break;
        default:
            return false;
        }
    return true;
}

/* memref.alloc(%a, %b): constant sizes become static dims. */
static bool fold_alloc(Binder *b, SolOp *op)
{
    const SolType *t = op->results[0].type;
    if (!t || !sol_type_is_memref(t) || op->num_operands != sol_type_num_dynamic(t) ||
        !users_follow_type(&op->results[0]))
        return false;
    SolValue **kept = sol_arena_alloc(&b->m->arena, (op->num_operands + 1) * sizeof *kept);
    uint32_t nkept = 0, next = 0;
    for (uint32_t k = 0; k < t->rank; k++) {
        if (t->dims[k] != SOL_DYNAMIC)
            continue;
        SolValue *size = op->operands[next++].value;
        int64_t c;
        if (sol_value_const_int(size, &c) && c >= 0)
            t = with_dim(b, t, k, c);
        else
            kept[nkept++] = size;
    }
    if (nkept == op->num_operands)
        return false;
    op->results[0].type = t;
    set_operands(b->m, op, nkept, kept);
    return true;
}

/* memref.dim %A, %c of a static dim. */
static bool fold_dim(Binder *b, SolOp *op)
{
    const SolType *t = op->operands[0].value ? op->operands[0].value->type : NULL;
    int64_t k;
    if (!t || !sol_type_is_memref(t) || !sol_value_const_int(op->operands[1].value, &k) || k < 0 ||
        (uint64_t)k >= t->rank || t->dims[k] == SOL_DYNAMIC)
        return false;
    replace_with_constant(b, op, t->dims[k]);
    return true;
}

/* The upper bound of a loop when it is a constant (bound sizes are folded in by now). */
static const SolAffineExpr *constant_ub(const SolOp *loop, void *user)
{
    (void)user;
    const SolAffineMap *ub = loop->props.loop->ub;
    return ub->num_results == 1 && ub->results[0]->kind == SOL_AFF_CONST ? ub->results[0] : NULL;
}

/* Gives function memref arguments the static dims their accesses determine. */
static bool refine_args(Binder *b, SolBlock *body)
{
    bool changed = false;
    const SolType *ft = b->func->props.func->type;
    const SolType **inputs = NULL;
    for (uint32_t i = 0; i < body->num_args; i++) {
        SolValue *arg = &body->args[i];
        const SolType *t = arg->type;
        if (!t || !sol_type_is_memref(t) || sol_type_num_dynamic(t) == 0)
            continue;
        for (uint32_t k = 0; k < t->rank; k++) {
            if (t->dims[k] != SOL_DYNAMIC)
                continue;
            const SolAffineExpr *e = sol_dim_extent_assumed(arg, k, constant_ub, NULL);
            if (!e || e->kind != SOL_AFF_CONST)
                continue;
            t = with_dim(b, t, k, e->value);
            arg->type = t;
        }
        if (t == ft->inputs[i])
            continue;
        if (!inputs) {
            inputs = sol_arena_alloc(&b->m->arena, (ft->num_inputs + 1) * sizeof *inputs);
            memcpy(inputs, ft->inputs, ft->num_inputs * sizeof *inputs);
        }
        inputs[i] = t;
        changed = true;
    }
    if (changed)
        b->func->props.func->type =
            sol_type_function(b->ctx, ft->num_inputs, inputs, ft->num_results, ft->results);
    return changed;
}

/* ---- shapes of memref arguments ------------------------------------------------------------ */

/* The memref argument named `name`, or -1. */
static int find_memref_arg(SolBlock *body, const SolIdent *name)
{
    for (uint32_t i = 0; i < body->num_args; i++)
        if (body->args[i].type && sol_type_is_memref(body->args[i].type) && body->args[i].hint &&
            sol_ident_compare(body->args[i].hint, name) == 0)
            return (int)i;
    return -1;
}

/* Whether a shape read from a file can become arg's type: same rank, the type's static dims,
 * and users that follow the type. */
static bool file_shape_fits(const SolValue *arg, const SolBinding *bind)
{
    const SolType *t = arg->type;
    if (bind->rank != t->rank)
        return false;
    for (uint32_t d = 0; d < t->rank; d++)
        if (t->dims[d] != SOL_DYNAMIC && t->dims[d] != bind->dims[d])
            return false;
    return users_follow_type(arg);
}

/* `X=16x16384`: checks the shape against the argument's type, then makes it the type. */
static bool bind_shape(Binder *b, SolBlock *body, const SolBinding *bind)
{
    const char *fn = b->func->props.func->sym->str;
    int k = find_memref_arg(body, sol_ident_cstr(b->ctx, bind->name));
    if (bind->from_file && (k < 0 || !file_shape_fits(&body->args[k], bind)))
        return true;
    if (k < 0) {
        sol_emit_error(b->ctx, b->func->loc,
                       "--bind: function '@%s' has no memref argument '%s' (a shape such as "
                       "16x16384 sizes a memref argument)",
                       fn, bind->name);
        return false;
    }
    SolValue *arg = &body->args[k];
    const SolType *t = arg->type;
    if (bind->rank != t->rank) {
        sol_emit_error(b->ctx, b->func->loc, "--bind: '%s' has rank %u, got a shape of rank %u",
                       bind->name, t->rank, bind->rank);
        return false;
    }
    for (uint32_t d = 0; d < t->rank; d++)
        if (t->dims[d] != SOL_DYNAMIC && t->dims[d] != bind->dims[d]) {
            sol_emit_error(b->ctx, b->func->loc,
                           "--bind: dim %u of '%s' is %lld in its type, got %lld", d, bind->name,
                           (long long)t->dims[d], (long long)bind->dims[d]);
            return false;
        }
    if (!users_follow_type(arg)) {
        sol_emit_error(b->ctx, b->func->loc,
                       "--bind: cannot give '%s' a static shape: an op passes it on with its "
                       "type (a call, return or select)",
                       bind->name);
        return false;
    }
    for (uint32_t d = 0; d < t->rank; d++)
        if (t->dims[d] == SOL_DYNAMIC)
            t = with_dim(b, t, d, bind->dims[d]);
    arg->type = t;
    const SolType *ft = b->func->props.func->type;
    const SolType **inputs = sol_arena_alloc(&b->m->arena, (ft->num_inputs + 1) * sizeof *inputs);
    memcpy(inputs, ft->inputs, ft->num_inputs * sizeof *inputs);
    inputs[k] = t;
    b->func->props.func->type =
        sol_type_function(b->ctx, ft->num_inputs, inputs, ft->num_results, ft->results);
    return true;
}

/* Every shape binding; all are checked, so each mistake is reported. */
static bool bind_shapes(Binder *b, SolBlock *body, const SolBinding *bind, size_t n)
{
    bool ok = true;
    for (size_t i = 0; i < n; i++)
        if (bind[i].rank && !bind_shape(b, body, &bind[i]))
            ok = false;
    return ok;
}

/* ---- the fixpoint -------------------------------------------------------------------------- */

static bool fold_op(Binder *b, SolOp *op)
{
    switch (op->kind) {
    case SOL_OP_FOR:
        return fold_loop(b, op);
    case SOL_OP_IF:
        return fold_if(b, op);
    case SOL_OP_LOAD:
        return fold_map_user(b, op, 1);
    case SOL_OP_STORE:
        return fold_map_user(b, op, 2);
    case SOL_OP_APPLY:
    case SOL_OP_AMIN:
    case SOL_OP_AMAX:
        return fold_map_user(b, op, 0);
    case SOL_OP_ALLOC:
        return fold_alloc(b, op);
    case SOL_OP_DIM:
        return fold_dim(b, op);
    case SOL_OP_ADDI:
    case SOL_OP_SUBI:
    case SOL_OP_MULI:
    case SOL_OP_FLOORDIVSI:
    case SOL_OP_CEILDIVSI:
        return fold_index_arith(b, op);
    default:
        return false;
    }
}

/* One sweep over the function; true when anything changed. */
static bool fold_sweep(Binder *b, SolBlock *body)
{
    OpList ops = {0};
    sol_op_walk(b->func, collect_op, &ops);
    bool changed = false;
    for (size_t i = 0; i < ops.len; i++)
        changed |= fold_op(b, ops.data[i]);
    sol_vec_free(&ops);
    changed |= refine_args(b, body);
    return changed;
}

static void erase_unused_made(Binder *b)
{
    for (size_t i = b->made.len; i-- > 0;)
        if (!sol_value_has_uses(&b->made.data[i]->results[0]))
            sol_op_erase(b->made.data[i]);
}

static bool called_anywhere(SolModule *m, const SolIdent *sym, SolOp **caller)
{
    OpList ops = {0};
    sol_op_walk(m->op, collect_op, &ops);
    *caller = NULL;
    for (size_t i = 0; i < ops.len && !*caller; i++)
        if (ops.data[i]->kind == SOL_OP_CALL && ops.data[i]->props.func->sym == sym)
            *caller = ops.data[i];
    sol_vec_free(&ops);
    return *caller != NULL;
}

/* The preconditions: an entry function with a body that nothing calls. */
static bool check_entry(SolContext *ctx, SolModule *m, SolOp *f)
{
    SolOp *caller;
    if (!f) {
        SolBuf names = {0};
        SolOp *only = NULL;
        size_t n = list_functions(m, &names, &only);
        sol_emit_error(ctx, module_loc(m),
                       "--bind: no entry function: the module has no @forward and %zu "
                       "functions%s%s; choose one with --entry",
                       n, n ? ": " : "", n ? names.data : "");
        sol_buf_free(&names);
        return false;
    }
    if (!func_body(f)) {
        sol_emit_error(ctx, f->loc, "--bind: function '@%s' has no body", f->props.func->sym->str);
        return false;
    }
    if (called_anywhere(m, f->props.func->sym, &caller)) {
        sol_emit_error(ctx, caller->loc,
                       "--bind: cannot specialise '@%s': this call would no longer match",
                       f->props.func->sym->str);
        return false;
    }
    return true;
}

bool sol_bind_entry(SolContext *ctx, SolModule *m, SolOp *entry_func, const SolBinding *bind,
                    size_t n)
{
    if (n == 0)
        return true;
    if (!check_entry(ctx, m, entry_func))
        return false;
    Binder b = {ctx, m, entry_func, sol_type_index(ctx), {0}};
    SolBlock *body = func_body(entry_func);
    bool ok = bind_shapes(&b, body, bind, n) && bind_args(&b, body, bind, n);
    while (ok && fold_sweep(&b, body))
        ;
    erase_unused_made(&b);
    sol_vec_free(&b.made);
    return ok;
}

/*
 * Building and counting the einsum graph (see graph.h).
 *
 * One walk per node collects, in program order, every access (tensor, domain, subscripts as
 * level expressions) and counts every arith/math op by the points of its domain. Footprints
 * come afterwards, tensor by tensor in program order, so that reads of elements the node (or,
 * for compulsory traffic, the graph) wrote earlier can be left out exactly. Each contraction
 * met on the way is kept as a statement (operands, output, domain) for the cache-aware bound.
 */
#include "Analysis/graph.h"
#include "Analysis/graph_builder.h"
#include "Analysis/footprint.h"
#include "Support/ptr_map.h"

#include <stdlib.h>
#include <string.h>

const char *sol_dtype_name(SolDtype t)
{
    static const char *const names[SOL_DT_COUNT] = {"f16", "bf16", "f32", "f64", "i8", "i32", "i64"};
    return names[t];
}

SolDtype sol_dtype_of(const SolType *t)
{
    if (sol_type_is_memref(t))
        t = t->elem;
    if (sol_type_is_float(t))
        return t->fkind == SOL_F16 ? SOL_DT_F16 : t->fkind == SOL_BF16 ? SOL_DT_BF16
               : t->fkind == SOL_F32 ? SOL_DT_F32 : SOL_DT_F64;
    if (sol_type_is_int(t))
        return t->width <= 8 ? SOL_DT_I8 : t->width <= 32 ? SOL_DT_I32 : SOL_DT_I64;
    return SOL_DT_I64;
}



SolCount sol_graph_scope_count(Scope *s)
{
    if (!s->counted) {
        s->count = sol_domain_count(&s->dom);
        s->counted = true;
    }
    return s->count;
}

static const SolValue *resolve_value(const SolValue *v, void *user);

static Scope *scope_new(Builder *B, const SolDomain *from)
{
    Scope *s = sol_arena_alloc(&B->g->arena, sizeof *s);
    if (from)
        s->dom = *from;
    s->dom.resolve = resolve_value;
    s->dom.resolve_user = B;
    return s;
}

/* ---- tensors ------------------------------------------------------------------------------ */

/* What v stands for in the entry function: a callee's argument maps to the caller's operand
 * (innermost call first). */
static const SolValue *resolve_value(const SolValue *v, void *user)
{
    const Builder *B = user;
    for (size_t i = B->subst.len; i-- > 0;)
        if (B->subst.data[i].from == v)
            v = B->subst.data[i].to;
    return v;
}

/* The argument or allocation a memref value names (through calls, and through arith.select:
 * its first choice). */
static const SolValue *root_of(const Builder *B, const SolValue *v)
{
    for (;;) {
        const SolValue *r = resolve_value(v, (void *)B);
        if (r != v) {
            v = r;
            continue;
        }
        if (v->def && v->def->kind == SOL_OP_SELECT) {
            v = sol_op_operand(v->def, 1);
            continue;
        }
        return v;
    }
}

uint32_t sol_graph_tensor_of(Builder *B, const SolValue *mem)
{
    mem = root_of(B, mem);
    uint64_t index;
    if (sol_ptr_map_get(&B->tensor_index, mem, &index))
        return (uint32_t)index;
    sol_ptr_map_put(&B->tensor_index, mem, B->tensors.len);
    SolGraphTensor t = {.value = mem};
    const SolType *ty = mem->type;
    t.is_arg = !mem->def && sol_block_parent_op(mem->owner) == B->func;
    t.is_alloc = mem->def && mem->def->kind == SOL_OP_ALLOC;
    t.elem_bytes = sol_type_elem_bytes(ty->elem);
    if (mem->hint)
        snprintf(t.name, sizeof t.name, "%%%s", mem->hint->str);
    else
        snprintf(t.name, sizeof t.name, "%%tensor%u", (unsigned)B->tensors.len);
    int64_t *dims = sol_arena_alloc(&B->g->arena, (ty->rank + 1) * sizeof *dims);
    for (uint32_t r = 0; r < ty->rank; r++)
        dims[r] = ty->dims[r]; /* SOL_DYNAMIC until derived from the accesses */
    sol_vec_push(&B->tensors, t);
    sol_vec_push(&B->tensor_dims, dims);
    return (uint32_t)B->tensors.len - 1;
}

static void add_access(Builder *B, const SolValue *mem, const Scope *s, const SolAffineExpr **subs,
                       bool write, const SolValue *val)
{
    Access a = {sol_graph_tensor_of(B, mem), s, subs, mem->type->rank, write, val};
    sol_vec_push(&B->accs, a);
    if (!subs) {
        B->node->data_dependent = true;
        return;
    }
    /* A store that some enclosing loop does not move accumulates over that loop. */
    if (write) {
        uint64_t uses = 0, all = s->dom.num_levels >= 64 ? ~0ull : (1ull << s->dom.num_levels) - 1;
        for (uint32_t r = 0; r < a.rank; r++)
            uses |= sol_level_uses(subs[r]);
        if ((uses & all) != all)
            B->has_reduction = true;
    }
}

/* Subscripts of an affine map over operands [first, ...) as level expressions, or NULL. */
static const SolAffineExpr **map_subs(Builder *B, const Scope *s, const SolAffineMap *map,
                                      const SolUse *operands)
{
    const SolAffineExpr **subs = sol_arena_alloc(&B->g->arena, (map->num_results + 1) * sizeof *subs);
    for (uint32_t r = 0; r < map->num_results; r++) {
        subs[r] = sol_level_expr(B->ctx, &s->dom, map->results[r], operands, map->num_dims);
        if (!subs[r])
            return NULL;
    }
    return subs;
}

/* memref.load/store: each index operand as a level expression, or NULL (data-dependent). */
static const SolAffineExpr **value_subs(Builder *B, const Scope *s, const SolOp *op, uint32_t first,
                                        uint32_t rank)
{
    const SolAffineExpr **subs = sol_arena_alloc(&B->g->arena, (rank + 1) * sizeof *subs);
    for (uint32_t r = 0; r < rank; r++) {
        subs[r] = sol_level_value(B->ctx, &s->dom, sol_op_operand(op, first + r));
        if (!subs[r])
            return NULL;
    }
    return subs;
}

/* ---- op counting ---------------------------------------------------------------------------- */


static void add_count(Builder *B, uint64_t *slot, uint64_t n)
{
    if (__builtin_add_overflow(*slot, n, slot)) {
        *slot = UINT64_MAX;
        B->g->overflow = true;
    }
}

/* Counts one arith/math op executed at every point of scope s. */
static void count_op(Builder *B, Scope *s, SolOp *op)
{
    const SolOpInfo *info = sol_op_info((SolOpKind)op->kind);
    if (op->num_results == 0 || op->kind == SOL_OP_CONSTANT || op->kind == SOL_OP_INDEX_CAST ||
        op->kind == SOL_OP_INDEX_CASTUI)
        return;
    if (!(info->flags & (SOL_OPF_FLOAT | SOL_OPF_INT)) && info->syntax != SOL_SYN_CAST &&
        op->kind != SOL_OP_SELECT)
        return;
    const SolType *t = op->results[0].type;
    if (sol_type_is_index(t))
        return; /* index arithmetic */
    if ((op->kind == SOL_OP_CMPI || op->kind == SOL_OP_CMPF) &&
        sol_type_is_index(op->operands[0].value->type))
        return;
    if ((op->kind == SOL_OP_MULF || op->kind == SOL_OP_MULI) && sol_graph_is_contraction_mul(op))
        return; /* counted with its add */
    if ((op->kind == SOL_OP_EXTF || op->kind == SOL_OP_EXTSI || op->kind == SOL_OP_EXTUI) &&
        sol_graph_feeds_contraction(op))
        return; /* mixed precision: matrix units take the narrow inputs as they are */
    SolCount c = sol_graph_scope_count(s);
    B->node->approximate |= c.approximate;
    if (c.overflow)
        B->g->overflow = true;
    SolOp *mul = sol_graph_contraction_mul(op);
    if (mul) {
        SolDtype dt = sol_dtype_of(sol_op_operand(mul, 0)->type);
        const SolValue *a = sol_op_operand(mul, 0);
        if (a->def && (a->def->kind == SOL_OP_EXTF || a->def->kind == SOL_OP_EXTSI))
            dt = sol_dtype_of(sol_op_operand(a->def, 0)->type); /* mixed precision: the inputs' */
        uint64_t flops;
        if (__builtin_mul_overflow(c.value, 2, &flops)) {
            flops = UINT64_MAX;
            B->g->overflow = true;
        }
        add_count(B, &B->node->matrix_flops[dt], flops);
        sol_graph_add_stub(B, s, op, mul, dt);
        uint64_t win = sol_graph_window_levels(B, mul);
        if (win) {
            /* 2 FLOPs per (output, input channel): the taps projected out */
            SolCount pc = sol_domain_count_projected(&s->dom, win);
            B->node->approximate |= pc.approximate;
            B->node->is_conv = true;
            flops = pc.value > UINT64_MAX / 2 ? UINT64_MAX : 2 * pc.value;
        }
        add_count(B, &B->node->matrix_flops_conv_any[dt], flops);
        return;
    }
    const SolType *ct = (op->kind == SOL_OP_CMPF || op->kind == SOL_OP_CMPI)
                            ? op->operands[0].value->type : t;
    add_count(B, &B->node->vector_ops[sol_dtype_of(ct)], c.value);
}

/* ---- the walk ------------------------------------------------------------------------------- */

static void walk_block(Builder *B, SolBlock *block, Scope *s);
static void walk_op(Builder *B, SolOp *op, Scope *s);

static void note_iterations(Builder *B, Scope *s)
{
    SolCount c = sol_graph_scope_count(s);
    if (s->dom.num_levels >= 1 && c.value > B->node->iterations)
        B->node->iterations = c.value;
}

/* A level expression shifted by `base` levels (linalg.generic dims become the levels after
 * the enclosing loops). */
static const SolAffineExpr *shift_dims(SolContext *ctx, const SolAffineExpr *e, uint32_t base)
{
    switch (e->kind) {
    case SOL_AFF_CONST:
    case SOL_AFF_SYM:
        return e;
    case SOL_AFF_DIM:
        return sol_affine_dim(ctx, (uint32_t)e->value + base);
    default:
        return sol_affine_binary(ctx, e->kind, shift_dims(ctx, e->lhs, base),
                                 shift_dims(ctx, e->rhs, base));
    }
}

static void walk_generic(Builder *B, SolOp *op, Scope *outer)
{
    const SolAttr *maps = sol_op_get_attr(op, sol_ident_cstr(B->ctx, "indexing_maps"));
    const SolAttr *iters = sol_op_get_attr(op, sol_ident_cstr(B->ctx, "iterator_types"));
    if (!maps || maps->kind != SOL_ATTR_ARRAY || maps->array.n != op->num_operands ||
        maps->array.n == 0)
        return;
    uint32_t ndims = maps->array.elems[0]->map->num_dims, base = outer->dom.num_levels;
    if (base + ndims > SOL_DOM_MAX_LEVELS) {
        B->node->approximate = true;
        return;
    }
    Scope *s = scope_new(B, &outer->dom);
    for (uint32_t d = 0; d < ndims; d++) {
        const SolAffineExpr *dim = sol_affine_dim(B->ctx, d);
        int64_t size = -1;
        for (uint32_t k = 0; k < op->num_operands && size < 0; k++) {
            const SolAffineMap *mk = maps->array.elems[k]->map;
            const SolType *t = sol_op_operand(op, k)->type;
            for (uint32_t r = 0; r < mk->num_results && size < 0; r++) {
                if (mk->results[r] != dim)
                    continue;
                if (t->dims[r] != SOL_DYNAMIC) {
                    size = t->dims[r];
                    break;
                }
                /* A `?` dim an earlier node's accesses sized (an output the loops wrote). */
                uint32_t ti = sol_graph_tensor_of(B, sol_op_operand(op, k));
                if (B->tensors.data[ti].elems && B->tensor_dims.data[ti][r] != SOL_DYNAMIC)
                    size = B->tensor_dims.data[ti][r];
            }
        }
        if (size < 0 && B->sizing)
            return; /* sized, if at all, by the accesses of the whole function */
        if (size < 0) {
            sol_emit_error(B->ctx, op->loc, "cannot count this linalg.generic: loop dimension %u "
                                            "indexes no operand dim of static size (bind the "
                                            "sizes, or give the memrefs static shapes)", d);
            B->ok = false;
            return;
        }
        sol_domain_push_range(B->ctx, &B->g->arena, &s->dom, size);
    }
    if (iters && iters->kind == SOL_ATTR_ARRAY)
        for (uint32_t i = 0; i < iters->array.n; i++)
            if (iters->array.elems[i]->kind == SOL_ATTR_STRING &&
                iters->array.elems[i]->str.len == 9 &&
                memcmp(iters->array.elems[i]->str.data, "reduction", 9) == 0)
                B->has_reduction = true;
    SolBlock *body = sol_region_first_block(&op->regions[0]);
    for (uint32_t k = 0; k < op->num_operands && k < body->num_args; k++) {
        if (!sol_value_has_uses(&body->args[k]))
            continue;
        const SolAffineMap *mk = maps->array.elems[k]->map;
        const SolAffineExpr **subs =
            sol_arena_alloc(&B->g->arena, (mk->num_results + 1) * sizeof *subs);
        for (uint32_t r = 0; r < mk->num_results; r++)
            subs[r] = shift_dims(B->ctx, mk->results[r], base);
        add_access(B, sol_op_operand(op, k), s, subs, false, &body->args[k]);
    }
    walk_block(B, body, s);
    SolOp *y = sol_block_last_op(body);
    uint32_t nins = op->props.generic.num_ins;
    for (uint32_t j = 0; y && j < y->num_operands && nins + j < op->num_operands; j++) {
        const SolAffineMap *mk = maps->array.elems[nins + j]->map;
        const SolAffineExpr **subs =
            sol_arena_alloc(&B->g->arena, (mk->num_results + 1) * sizeof *subs);
        for (uint32_t r = 0; r < mk->num_results; r++)
            subs[r] = shift_dims(B->ctx, mk->results[r], base);
        add_access(B, sol_op_operand(op, nins + j), s, subs, true,
                   nins + j < body->num_args ? &body->args[nins + j] : NULL);
    }
    note_iterations(B, s);
}

/* True when v is computed from a loaded value. */
static bool from_memory(const Builder *B, const SolValue *v, int depth)
{
    v = resolve_value(v, (void *)B);
    if (!v->def || depth > 64)
        return false;
    if (v->def->kind == SOL_OP_LOAD || v->def->kind == SOL_OP_MLOAD)
        return true;
    for (uint32_t i = 0; i < v->def->num_operands; i++)
        if (from_memory(B, sol_op_operand(v->def, i), depth + 1))
            return true;
    return false;
}

/* A loop bound or condition that is not affine in loops and sizes: data-dependent when it
 * comes from memory (returns true: count what can be counted), else an error (a size left
 * symbolic, such as memref.dim of a `?` dim: the counts would mean nothing). */
static bool operands_from_memory(Builder *B, const SolOp *op, const char *why)
{
    for (uint32_t i = 0; i < op->num_operands; i++)
        if (sol_type_is_index(sol_op_operand(op, i)->type) &&
            from_memory(B, sol_op_operand(op, i), 0))
            return true;
    if (B->sizing)
        return false; /* the counting walk reports it */
    sol_emit_error(B->ctx, op->loc, "cannot count: %s (bind the sizes with --bind, or give the "
                                    "memrefs static shapes)", why);
    B->ok = false;
    return false;
}

/* A call is analysed in place: the callee's body at the call's domain, its arguments
 * standing for the caller's operands. Recursion deeper than a few levels is left out (the
 * counts then err low, flagged approximate). */
static void walk_call(Builder *B, SolOp *op, Scope *s)
{
    SolOp *callee = sol_module_lookup_func(B->module, op->props.func->sym);
    SolBlock *body = callee && callee->num_regions ? sol_region_first_block(&callee->regions[0]) : NULL;
    if (!body || B->call_depth >= 8) {
        B->node->approximate = true;
        return;
    }
    size_t mark = B->subst.len;
    for (uint32_t i = 0; i < body->num_args && i < op->num_operands; i++) {
        Subst sb = {&body->args[i], sol_op_operand(op, i)};
        sol_vec_push(&B->subst, sb);
    }
    B->call_depth++;
    walk_block(B, body, s);
    B->call_depth--;
    B->subst.len = mark;
}

static void walk_op(Builder *B, SolOp *op, Scope *s)
{
    const char *why = NULL;
    switch ((SolOpKind)op->kind) {
    case SOL_OP_FOR: {
        Scope *in = scope_new(B, &s->dom);
        if (!sol_domain_push_loop(B->ctx, &B->g->arena, &in->dom, op, &why)) {
            if (!operands_from_memory(B, op, why))
                return;
            /* A bound read from memory: count the loop as never running, which can only
             * make the bound lower, and say so. */
            B->node->approximate = true;
            B->node->data_dependent = true;
            return;
        }
        if (op->num_results)
            B->has_reduction = true;
        walk_block(B, sol_region_first_block(&op->regions[0]), in);
        note_iterations(B, in);
        return;
    }
    case SOL_OP_IF:
        for (uint32_t r = 0; r < op->num_regions; r++) {
            SolBlock *b = sol_region_first_block(&op->regions[r]);
            if (!b)
                continue;
            Scope *in = scope_new(B, &s->dom);
            if (!sol_domain_push_guard(B->ctx, &B->g->arena, &in->dom, op, r == 1, &why)) {
                if (!operands_from_memory(B, op, why))
                    return;
                B->node->approximate = true;
                B->node->data_dependent = true;
                continue;
            }
            walk_block(B, b, in);
        }
        return;
    case SOL_OP_GENERIC:
        walk_generic(B, op, s);
        return;
    case SOL_OP_LOAD:
        add_access(B, sol_op_operand(op, 0), s,
                   map_subs(B, s, op->props.access.map, op->operands + 1), false, &op->results[0]);
        return;
    case SOL_OP_STORE:
        add_access(B, sol_op_operand(op, 1), s,
                   map_subs(B, s, op->props.access.map, op->operands + 2), true,
                   sol_op_operand(op, 0));
        return;
    case SOL_OP_MLOAD:
        add_access(B, sol_op_operand(op, 0), s,
                   value_subs(B, s, op, 1, sol_op_operand(op, 0)->type->rank), false,
                   &op->results[0]);
        return;
    case SOL_OP_MSTORE:
        add_access(B, sol_op_operand(op, 1), s,
                   value_subs(B, s, op, 2, sol_op_operand(op, 1)->type->rank), true,
                   sol_op_operand(op, 0));
        return;
    case SOL_OP_CALL:
        walk_call(B, op, s);
        return;
    default:
        count_op(B, s, op);
        return;
    }
}

static void walk_block(Builder *B, SolBlock *block, Scope *s)
{
    sol_block_for_each_op(op, block)
    {
        walk_op(B, op, s);
        if (!B->ok)
            return;
    }
}


/* ---- footprints ------------------------------------------------------------------------------ */

/* `?` dims of a tensor from the subscripts' ranges over their domains. */
static bool size_tensor(Builder *B, uint32_t t, SolNode *node)
{
    int64_t *dims = B->tensor_dims.data[t];
    const SolType *ty = B->tensors.data[t].value->type;
    for (uint32_t r = 0; r < ty->rank; r++) {
        if (dims[r] != SOL_DYNAMIC)
            continue;
        int64_t hi = -1, lo, h;
        for (size_t i = 0; i < B->accs.len; i++) {
            const Access *a = &B->accs.data[i];
            if (a->tensor == t && a->subs && sol_level_range(&a->scope->dom, a->subs[r], &lo, &h))
                hi = h > hi ? h : hi;
        }
        if (hi < 0) {
            sol_emit_error(B->ctx, node->op->loc,
                           "cannot size %s: dimension %u is dynamic and no access bounds it; "
                           "bind the size it depends on (--bind)",
                           B->tensors.data[t].name, r);
            return false;
        }
        dims[r] = hi + 1;
    }
    uint64_t n = 1;
    for (uint32_t r = 0; r < ty->rank; r++)
        if (__builtin_mul_overflow(n, (uint64_t)dims[r], &n)) {
            sol_emit_error(B->ctx, node->op->loc, "the size of %s overflows 64 bits",
                           B->tensors.data[t].name);
            return false;
        }
    B->tensors.data[t].elems = n;
    return true;
}

/* The first walk: every node's accesses, so that a `?` dim any access bounds is sized
 * before counting starts (a lifted fill of an output may come before the loops that bound
 * it). Errors wait for the second, counting walk. */
static bool is_node_op(const SolOp *op);

static void presize(Builder *B, SolBlock *body)
{
    B->sizing = true;
    sol_block_for_each_op(op, body)
    {
        if (!is_node_op(op))
            continue;
        SolNode scratch = {.op = op};
        B->node = &scratch;
        walk_op(B, op, scope_new(B, NULL));
    }
    for (uint32_t t = 0; t < B->tensors.len; t++) {
        int64_t *dims = B->tensor_dims.data[t];
        const SolType *ty = B->tensors.data[t].value->type;
        bool known = true;
        for (uint32_t r = 0; r < ty->rank; r++) {
            if (dims[r] != SOL_DYNAMIC)
                continue;
            int64_t hi = -1, lo, h;
            for (size_t i = 0; i < B->accs.len; i++) {
                const Access *a = &B->accs.data[i];
                if (a->tensor == t && a->subs &&
                    sol_level_range(&a->scope->dom, a->subs[r], &lo, &h))
                    hi = h > hi ? h : hi;
            }
            if (hi >= 0)
                dims[r] = hi + 1;
            else
                known = false;
        }
        uint64_t n = 1;
        for (uint32_t r = 0; known && r < ty->rank; r++)
            known = !__builtin_mul_overflow(n, (uint64_t)dims[r], &n);
        if (known)
            B->tensors.data[t].elems = n;
    }
    B->accs.len = 0;
    B->sizing = false;
    B->ok = true;
    B->g->overflow = false;
}

typedef struct GraphImages {
    SolImage *read, *written; /* per tensor, over the graph so far */
} GraphImages;

/* Footprints of the current node's accesses, tensor by tensor, and the graph's running
 * compulsory images. */
static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

static bool node_footprints(Builder *B, SolNode *node, GraphImages *gi)
{
    SolVecOf(SolNodeTensor) nts = {0};
    /* The tensors this node accesses, in index order. */
    SolVecOf(uint32_t) used = {0};
    for (size_t i = 0; i < B->accs.len; i++)
        sol_vec_push(&used, B->accs.data[i].tensor);
    if (used.len)
        qsort(used.data, used.len, sizeof *used.data, cmp_u32);
    for (size_t u = 0; u < used.len; u++) {
        uint32_t t = used.data[u];
        if (u > 0 && used.data[u - 1] == t)
            continue;
        if (!B->tensors.data[t].elems && !size_tensor(B, t, node)) {
            sol_vec_free(&nts);
            sol_vec_free(&used);
            return false;
        }
        uint64_t nelems = B->tensors.data[t].elems;
        SolImage R, W;
        sol_image_init(&R, nelems);
        sol_image_init(&W, nelems);
        uint64_t dd_read = 0, dd_write = 0;
        for (size_t i = 0; i < B->accs.len; i++) {
            const Access *a = &B->accs.data[i];
            if (a->tensor != t)
                continue;
            if (!a->subs) {
                SolCount c = sol_domain_count(&a->scope->dom);
                uint64_t n = c.value < nelems ? c.value : nelems;
                uint64_t *slot = a->write ? &dd_write : &dd_read;
                *slot = n > *slot ? n : *slot;
                continue;
            }
            SolImage img;
            sol_image_compute(&a->scope->dom, a->subs, a->rank, B->tensor_dims.data[t], &img);
            if (a->write)
                sol_image_merge(&W, &img, NULL);
            else
                sol_image_merge(&R, &img, &W); /* reads of this node's own writes are free */
            sol_image_free(&img);
        }
        node->approximate |= R.approximate || W.approximate;
        SolNodeTensor nt = {t, R.count > dd_read ? R.count : dd_read,
                            W.count > dd_write ? W.count : dd_write};
        sol_vec_push(&nts, nt);
        uint64_t eb = B->tensors.data[t].elem_bytes, bytes;
        if (__builtin_mul_overflow(nt.read_elems + nt.write_elems, eb, &bytes))
            B->g->overflow = true;
        else
            add_count(B, &node->bytes, bytes);
        /* The graph: an argument's compulsory reads are those nothing wrote before. */
        if (!gi->read[t].nelems && nelems) {
            sol_image_init(&gi->read[t], nelems);
            sol_image_init(&gi->written[t], nelems);
        }
        sol_image_merge(&gi->read[t], &R, &gi->written[t]);
        sol_image_merge(&gi->written[t], &W, NULL);
        if (dd_read > gi->read[t].count)
            gi->read[t].count = dd_read;
        if (dd_write > gi->written[t].count)
            gi->written[t].count = dd_write;
        sol_image_free(&R);
        sol_image_free(&W);
    }
    node->num_tensors = (uint32_t)nts.len;
    node->tensors = sol_arena_alloc(&B->g->arena, (nts.len + 1) * sizeof *node->tensors);
    if (nts.len)
        memcpy(node->tensors, nts.data, nts.len * sizeof *nts.data);
    sol_vec_free(&nts);
    sol_vec_free(&used);
    return true;
}

/* Keeps the node's accesses in the graph (SolNode.accesses) for group footprints. */
static void keep_accesses(Builder *B, SolNode *node)
{
    node->num_accesses = (uint32_t)B->accs.len;
    node->accesses = sol_arena_alloc(&B->g->arena, (B->accs.len + 1) * sizeof *node->accesses);
    for (size_t i = 0; i < B->accs.len; i++) {
        const Access *a = &B->accs.data[i];
        node->accesses[i] = (SolNodeAccess){a->tensor, a->write, a->rank, &a->scope->dom, a->subs};
    }
}

/* ---- the graph -------------------------------------------------------------------------------- */

/* Top-level ops that are nodes: loop nests, generics, and anything else touching memory. A
 * pure op at the top level runs once and is left out (it cannot raise a bound). */
static bool is_node_op(const SolOp *op)
{
    if (sol_op_info((SolOpKind)op->kind)->flags & SOL_OPF_PURE)
        return false;
    switch ((SolOpKind)op->kind) {
    case SOL_OP_CONSTANT:
    case SOL_OP_RETURN:
    case SOL_OP_ALLOC:
    case SOL_OP_DEALLOC:
    case SOL_OP_DIM:
    case SOL_OP_APPLY:
    case SOL_OP_AMIN:
    case SOL_OP_AMAX:
        return false;
    default:
        return true;
    }
}

static const char *node_kind(const SolNode *n, bool reduction)
{
    uint64_t m = 0;
    for (int d = 0; d < SOL_DT_COUNT; d++)
        m |= n->matrix_flops[d];
    if (m)
        return n->is_conv ? "convolution" : "contraction";
    return reduction ? "reduction" : "elementwise";
}

bool sol_graph_build(SolContext *ctx, SolModule *m, SolOp *func, SolGraph *g)
{
    memset(g, 0, sizeof *g);
    SolBlock *body = sol_region_first_block(&func->regions[0]);
    for (uint32_t i = 0; i < body->num_args; i++)
        if (sol_type_is_index(body->args[i].type)) {
            sol_emit_error(ctx, func->loc, "cannot count with symbolic sizes: bind %%%s (--bind %s=N)",
                           body->args[i].hint ? body->args[i].hint->str : "arg",
                           body->args[i].hint ? body->args[i].hint->str : "arg");
            return false;
        }
    Builder B = {.ctx = ctx, .module = m, .g = g, .func = func, .ok = true};
    SolVecOf(SolNode) nodes = {0};
    /* Tensors are discovered node by node; the graph's images grow with them. */
    SolVecOf(SolImage) gread = {0}, gwritten = {0};
    uint32_t index = 0;
    presize(&B, body);
    sol_block_for_each_op(op, body)
    {
        if (!is_node_op(op))
            continue;
        SolNode node = {.op = op};
        const SolAttr *name = sol_op_get_attr(op, sol_ident_cstr(ctx, "solar.name"));
        if (name && name->kind == SOL_ATTR_STRING)
            snprintf(node.name, sizeof node.name, "%.*s", (int)name->str.len, name->str.data);
        else
            snprintf(node.name, sizeof node.name, "node%u", index);
        index++;
        const SolAttr *einsum = sol_op_get_attr(op, sol_ident_cstr(ctx, "solar.einsum"));
        if (einsum && einsum->kind == SOL_ATTR_STRING)
            node.einsum = sol_arena_strndup(&g->arena, einsum->str.data, einsum->str.len);
        B.node = &node;
        B.has_reduction = false;
        B.accs.len = 0;
        B.stubs.len = 0;
        Scope *top = scope_new(&B, NULL);
        walk_op(&B, op, top);
        if (!B.ok)
            break;
        sol_graph_resolve_stmts(&B, &node);
        while (gread.len < B.tensors.len) {
            SolImage empty = {0};
            sol_vec_push(&gread, empty);
            sol_vec_push(&gwritten, empty);
        }
        GraphImages gi = {gread.data, gwritten.data};
        if (!node_footprints(&B, &node, &gi)) {
            B.ok = false;
            break;
        }
        keep_accesses(&B, &node);
        if (node.iterations == 0 && op->kind != SOL_OP_FOR && op->kind != SOL_OP_GENERIC)
            node.iterations = 1;
        for (int d = 0; d < SOL_DT_COUNT; d++) {
            add_count(&B, &node.matrix_total, node.matrix_flops[d]);
            add_count(&B, &node.vector_total, node.vector_ops[d]);
        }
        node.kind = node_kind(&node, B.has_reduction);
        add_count(&B, &g->matrix_total, node.matrix_total);
        add_count(&B, &g->vector_total, node.vector_total);
        add_count(&B, &g->node_bytes, node.bytes);
        g->approximate |= node.approximate;
        g->data_dependent |= node.data_dependent;
        sol_vec_push(&nodes, node);
    }
    for (uint32_t t = 0; t < gread.len; t++) {
        SolGraphTensor *gt = &B.tensors.data[t];
        gt->compulsory_read_elems = gread.data[t].count;
        gt->written_elems = gwritten.data[t].count;
        g->approximate |= gread.data[t].approximate || gwritten.data[t].approximate;
        if (gt->is_arg) {
            uint64_t r, w;
            if (__builtin_mul_overflow(gt->compulsory_read_elems, (uint64_t)gt->elem_bytes, &r) ||
                __builtin_mul_overflow(gt->written_elems, (uint64_t)gt->elem_bytes, &w)) {
                g->overflow = true;
            } else {
                add_count(&B, &g->compulsory_read_bytes, r);
                add_count(&B, &g->compulsory_write_bytes, w);
                add_count(&B, &g->compulsory_bytes, r);
                add_count(&B, &g->compulsory_bytes, w);
            }
        }
        sol_image_free(&gread.data[t]);
        sol_image_free(&gwritten.data[t]);
    }
    sol_vec_free(&gread);
    sol_vec_free(&gwritten);
    /* The first and the last node touching each tensor; a statement's output is not final
     * when a later node touches the tensor. */
    uint32_t *first = sol_xcalloc(B.tensors.len + 1, sizeof *first);
    uint32_t *last = sol_xcalloc(B.tensors.len + 1, sizeof *last);
    for (size_t t = 0; t < B.tensors.len; t++)
        first[t] = last[t] = UINT32_MAX;
    for (size_t k = 0; k < nodes.len; k++)
        for (uint32_t j = 0; j < nodes.data[k].num_tensors; j++) {
            uint32_t t = nodes.data[k].tensors[j].tensor;
            if (first[t] == UINT32_MAX)
                first[t] = (uint32_t)k;
            last[t] = (uint32_t)k;
        }
    for (size_t k = 0; k < nodes.len; k++)
        for (uint32_t j = 0; j < nodes.data[k].num_stmts; j++) {
            SolStmt *st = &nodes.data[k].stmts[j];
            if (st->has_out && last[st->out.tensor] != k)
                st->out_final = false;
        }
    g->num_nodes = (uint32_t)nodes.len;
    g->nodes = sol_arena_alloc(&g->arena, (nodes.len + 1) * sizeof *g->nodes);
    if (nodes.len)
        memcpy(g->nodes, nodes.data, nodes.len * sizeof *nodes.data);
    g->num_tensors = (uint32_t)B.tensors.len;
    g->tensors = sol_arena_alloc(&g->arena, (B.tensors.len + 1) * sizeof *g->tensors);
    if (B.tensors.len)
        memcpy(g->tensors, B.tensors.data, B.tensors.len * sizeof *B.tensors.data);
    for (uint32_t t = 0; t < g->num_tensors; t++) {
        g->tensors[t].dims = B.tensor_dims.data[t];
        g->tensors[t].first_node = first[t], g->tensors[t].last_node = last[t];
    }
    free(first);
    free(last);
    sol_graph_assign_source_ops(ctx, g);
    sol_vec_free(&nodes);
    sol_vec_free(&B.stubs);
    sol_vec_free(&B.accs);
    sol_vec_free(&B.tensors);
    sol_vec_free(&B.tensor_dims);
    sol_ptr_map_free(&B.tensor_index);
    sol_vec_free(&B.subst);
    if (B.ok && g->overflow) {
        sol_emit_error(ctx, func->loc, "a count exceeds 2^64: this program is too large to count "
                                       "exactly");
        return false;
    }
    return B.ok;
}

void sol_graph_free(SolGraph *g) { sol_arena_release(&g->arena); }

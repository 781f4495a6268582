/*
 * Contractions in the einsum graph: recognising `add(acc, mul(load, load))` while a node is
 * walked (the multiply, its widening casts, the window levels of a convolution), and turning
 * each into a statement (operands, output, whether the output is final within the node) for
 * the cache-aware bound (cache_bound.h). The walk itself is graph.c.
 */
#include "Analysis/graph_builder.h"

/* A value read from memory: a load, a linalg.generic block argument, or an extension of one. */
static bool is_loaded(const SolValue *v)
{
    if (v->def && (v->def->kind == SOL_OP_EXTF || v->def->kind == SOL_OP_EXTSI ||
                   v->def->kind == SOL_OP_EXTUI))
        v = sol_op_operand(v->def, 0);
    if (v->def)
        return v->def->kind == SOL_OP_LOAD || v->def->kind == SOL_OP_MLOAD;
    SolOp *owner = sol_block_parent_op(v->owner);
    return owner && owner->kind == SOL_OP_GENERIC;
}

/* The accumulator side of a reduction `add`: an iter_arg, an output block argument of a
 * generic, or a load of the element the add's result is stored back to (read-modify-write). */
static bool is_accumulator(const SolValue *v, const SolOp *add)
{
    if (!v->def) {
        SolOp *owner = sol_block_parent_op(v->owner);
        if (owner && owner->kind == SOL_OP_FOR)
            return v->index > 0;
        return owner && owner->kind == SOL_OP_GENERIC && v->index >= owner->props.generic.num_ins;
    }
    const SolOp *ld = v->def;
    if (ld->kind != SOL_OP_LOAD && ld->kind != SOL_OP_MLOAD)
        return false;
    for (const SolUse *u = add->results[0].uses; u; u = u->next) {
        const SolOp *st = u->user;
        bool same_kind = (ld->kind == SOL_OP_LOAD && st->kind == SOL_OP_STORE) ||
                         (ld->kind == SOL_OP_MLOAD && st->kind == SOL_OP_MSTORE);
        if (!same_kind || sol_op_operand(st, 1) != sol_op_operand(ld, 0) ||
            st->num_operands != ld->num_operands + 1 ||
            (ld->kind == SOL_OP_LOAD && st->props.access.map != ld->props.access.map))
            continue;
        bool same = true;
        for (uint32_t i = 1; i < ld->num_operands && same; i++)
            same = sol_op_operand(st, i + 1) == sol_op_operand(ld, i);
        if (same)
            return true;
    }
    return false;
}

/* `add(acc, mul(load, load))`: the multiply (with one use) of a contraction, or NULL. */
SolOp *sol_graph_contraction_mul(const SolOp *add)
{
    if (add->kind != SOL_OP_ADDF && add->kind != SOL_OP_ADDI)
        return NULL;
    for (int side = 0; side < 2; side++) {
        const SolValue *p = sol_op_operand(add, side), *acc = sol_op_operand(add, 1 - side);
        SolOp *mul = p->def;
        if (!mul || (mul->kind != SOL_OP_MULF && mul->kind != SOL_OP_MULI))
            continue;
        if (!p->uses || p->uses->next || !is_accumulator(acc, add))
            continue;
        if (is_loaded(sol_op_operand(mul, 0)) && is_loaded(sol_op_operand(mul, 1)))
            return mul;
    }
    return NULL;
}

bool sol_graph_is_contraction_mul(const SolOp *mul)
{
    const SolValue *r = &mul->results[0];
    return r->uses && !r->uses->next && sol_graph_contraction_mul(r->uses->user) == mul;
}

/* A widening cast whose every use is a contraction's multiply. */
bool sol_graph_feeds_contraction(const SolOp *cast)
{
    const SolValue *r = &cast->results[0];
    if (!r->uses)
        return false;
    for (const SolUse *u = r->uses; u; u = u->next)
        if ((u->user->kind != SOL_OP_MULF && u->user->kind != SOL_OP_MULI) ||
            !sol_graph_is_contraction_mul(u->user))
            return false;
    return true;
}

/* Levels of a window: those in a subscript summing several levels of one operand that the
 * other operand also indexes (r, s of `in[c, p+r, q+s] * w[f, c, r, s]`). */
uint64_t sol_graph_window_levels(Builder *B, const SolOp *mul)
{
    const Access *in[2] = {NULL, NULL};
    for (int k = 0; k < 2; k++) {
        const SolValue *v = sol_op_operand(mul, (uint32_t)k);
        if (v->def && (v->def->kind == SOL_OP_EXTF || v->def->kind == SOL_OP_EXTSI))
            v = sol_op_operand(v->def, 0);
        /* the access recorded for this load: the latest read of its memref */
        if (!v->def)
            return 0;
        const SolValue *mem = sol_op_operand(v->def, 0);
        uint32_t t = sol_graph_tensor_of(B, mem);
        for (size_t i = B->accs.len; i-- > 0;)
            if (B->accs.data[i].tensor == t && !B->accs.data[i].write) {
                in[k] = &B->accs.data[i];
                break;
            }
    }
    if (!in[0] || !in[1] || !in[0]->subs || !in[1]->subs)
        return 0;
    /* A window subscript sums a level the other operand indexes (the tap, r) with one it
     * does not (the output position, p); `h*D + d` of a head split sums two indexed ones. */
    uint64_t win = 0;
    for (int k = 0; k < 2; k++) {
        uint64_t other = 0;
        for (uint32_t r = 0; r < in[1 - k]->rank; r++)
            other |= sol_level_uses(in[1 - k]->subs[r]);
        for (uint32_t r = 0; r < in[k]->rank; r++) {
            uint64_t u = sol_level_uses(in[k]->subs[r]);
            if (__builtin_popcountll(u) >= 2 && (u & other) && (u & ~other))
                win |= u & other;
        }
    }
    return win;
}

/* The read access that loaded v (a load's result or a generic's block argument, through a
 * widening cast), or -1. */
static int64_t loaded_by(const Builder *B, const SolValue *v)
{
    if (v->def && (v->def->kind == SOL_OP_EXTF || v->def->kind == SOL_OP_EXTSI ||
                   v->def->kind == SOL_OP_EXTUI))
        v = sol_op_operand(v->def, 0);
    for (size_t i = B->accs.len; i-- > 0;)
        if (!B->accs.data[i].write && B->accs.data[i].val == v)
            return (int64_t)i;
    return -1;
}

/* Records the contraction `add(acc, mul)` at scope s for the cache-aware bound. */
void sol_graph_add_stub(Builder *B, Scope *s, const SolOp *add, const SolOp *mul, SolDtype dt)
{
    if (B->sizing)
        return;
    StmtStub st = {.add = add, .scope = s, .dtype = dt};
    for (int k = 0; k < 2; k++)
        st.in[k] = loaded_by(B, sol_op_operand(mul, (uint32_t)k));
    st.acc = sol_op_operand(add, sol_op_operand(add, 0) == &mul->results[0] ? 1 : 0);
    sol_vec_push(&B->stubs, st);
}

/* ---- contraction statements ------------------------------------------------------------------ */

/* The write access of the current node that stores v, or -1. */
static int64_t stored_by(const Builder *B, const SolValue *v)
{
    for (size_t i = 0; i < B->accs.len; i++)
        if (B->accs.data[i].write && B->accs.data[i].val == v)
            return (int64_t)i;
    return -1;
}

/* The one write access the accumulated value `v` reaches: through the yields of enclosing
 * loops (iter_args), elementwise ops applied to it (a scale, an activation) and a generic's
 * yield. -1 when it reaches none, several, or leaves through anything else. */
static int64_t output_of(const Builder *B, const SolValue *v)
{
    const SolValue *work[64];
    uint32_t n = 0, steps = 0;
    int64_t found = -1;
    work[n++] = v;
    while (n) {
        const SolValue *x = work[--n];
        for (const SolUse *u = x->uses; u; u = u->next) {
            const SolOp *user = u->user;
            uint32_t idx = (uint32_t)(u - user->operands);
            const SolValue *next = NULL;
            int64_t hit = -1;
            if (++steps > 256)
                return -1;
            if ((user->kind == SOL_OP_STORE || user->kind == SOL_OP_MSTORE) && idx == 0) {
                hit = stored_by(B, x);
            } else if (user->kind == SOL_OP_YIELD || user->kind == SOL_OP_LYIELD) {
                SolOp *parent = sol_block_parent_op(user->parent);
                if (!parent)
                    return -1;
                if (parent->kind == SOL_OP_FOR && idx < parent->num_results)
                    next = &parent->results[idx];
                else if (parent->kind == SOL_OP_GENERIC) {
                    SolBlock *body = sol_region_first_block(&parent->regions[0]);
                    uint32_t arg = parent->props.generic.num_ins + idx;
                    hit = body && arg < body->num_args ? stored_by(B, &body->args[arg]) : -1;
                } else
                    return -1;
            } else if (user->num_results == 1 && !sol_type_is_index(user->results[0].type) &&
                       ((sol_op_info((SolOpKind)user->kind)->flags & (SOL_OPF_FLOAT | SOL_OPF_INT)) ||
                        sol_op_info((SolOpKind)user->kind)->syntax == SOL_SYN_CAST)) {
                next = &user->results[0];
            } else {
                return -1;
            }
            if (next) {
                if (n == 64)
                    return -1;
                work[n++] = next;
            } else if (hit < 0 || (found >= 0 && found != hit)) {
                return -1;
            } else {
                found = hit;
            }
        }
    }
    return found;
}

static SolStmtAccess stmt_access(const Builder *B, int64_t i)
{
    SolStmtAccess a = {0};
    if (i < 0) {
        a.tensor = UINT32_MAX;
        return a;
    }
    const Access *x = &B->accs.data[i];
    a.tensor = x->tensor;
    a.subs = x->subs;
    a.rank = x->rank;
    return a;
}

static uint64_t access_uses(const Access *a)
{
    uint64_t u = 0;
    for (uint32_t r = 0; a->subs && r < a->rank; r++)
        u |= sol_level_uses(a->subs[r]);
    return u;
}

/* An earlier write `init` of the output `out` does not overwrite later values: every loop
 * the two share and the output's subscripts follow, the initialisation's follow too. */
static bool init_precedes(const Access *init, const Access *out)
{
    if (!init->subs || !out->subs)
        return false;
    uint64_t ui = access_uses(init), uo = access_uses(out);
    const SolDomain *di = &init->scope->dom, *dout = &out->scope->dom;
    for (uint32_t k = 0; k < di->num_levels && k < dout->num_levels && k < 64; k++) {
        if (!di->levels[k].iv || di->levels[k].iv != dout->levels[k].iv)
            break;
        if ((uo >> k & 1) && !(ui >> k & 1))
            return false;
    }
    return true;
}

/* Turns the node's contraction stubs into statements: operands, output and whether the
 * output's values are final within this node (later nodes are checked by the caller). */
void sol_graph_resolve_stmts(Builder *B, SolNode *node)
{
    node->num_stmts = (uint32_t)B->stubs.len;
    node->stmts = sol_arena_alloc(&B->g->arena, (B->stubs.len + 1) * sizeof *node->stmts);
    for (size_t k = 0; k < B->stubs.len; k++) {
        StmtStub *st = &B->stubs.data[k];
        SolStmt *t = &node->stmts[k];
        SolCount c = sol_graph_scope_count(st->scope);
        t->dom = &st->scope->dom;
        t->points = c.value;
        t->approximate = c.approximate;
        t->dtype = st->dtype;
        for (int j = 0; j < 2; j++)
            t->in[j] = stmt_access(B, st->in[j]);
        int64_t o = -1, acc_load = -1;
        const SolValue *acc = st->acc;
        SolOp *owner = acc->def ? NULL : sol_block_parent_op(acc->owner);
        bool generic_out = owner && owner->kind == SOL_OP_GENERIC &&
                           acc->index >= owner->props.generic.num_ins;
        if (generic_out)
            o = stored_by(B, acc); /* a generic's output block argument */
        else
            o = output_of(B, &st->add->results[0]);
        /* The accumulator's read: a load's result, or a generic's output block argument
         * (the generic reads its output operand through it). */
        acc_load = loaded_by(B, acc);
        if (o < 0 || !B->accs.data[o].subs)
            continue;
        t->out = stmt_access(B, o);
        t->has_out = true;
        t->in_place = generic_out || acc_load >= 0;
        uint32_t outer = B->accs.data[o].scope->dom.num_levels;
        t->value_mask = t->in_place ? access_uses(&B->accs.data[o])
                        : outer >= 64 ? ~0ull : (1ull << outer) - 1;
        /* Final unless another access of this node touches the output: reads, and writes
         * that are not an earlier initialisation. */
        const Access *out = &B->accs.data[o];
        int64_t first = o;
        for (int j = 0; j < 2; j++)
            if (st->in[j] >= 0 && st->in[j] < first)
                first = st->in[j];
        if (acc_load >= 0 && acc_load < first)
            first = acc_load;
        /* A store that some value level does not move overwrites earlier values. */
        bool final = (t->value_mask & ~access_uses(out)) == 0;
        for (size_t i = 0; i < B->accs.len && final; i++) {
            const Access *a = &B->accs.data[i];
            if (a->tensor != out->tensor || (int64_t)i == o || (int64_t)i == acc_load)
                continue;
            final = a->write && (int64_t)i < first && init_precedes(a, out);
        }
        t->out_final = final;
    }
}

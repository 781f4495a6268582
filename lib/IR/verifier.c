/*
 * The structural verifier: checks that IR built by the parser or rewritten by a pass is
 * something mlir-opt-14 would also accept, and reports every problem it finds.
 *
 * This file is the generic part: one pre-order walk over the IR keeping the set of values in
 * scope at each point (marked in SolValue.walk, so a check is one load), which checks for
 * every op
 *   - structure: parent links, operand/result/region counts against ops.def, unset operands,
 *     terminators last in their block and inside the right parent (func.return in func.func,
 *     affine.yield in affine.for/if, linalg.yield in linalg.generic);
 *   - SSA: each operand is defined before the use in the same block or in an enclosing block
 *     of the same function (`operand #0 does not dominate this use`);
 * and then runs the op's verify hook, the column of its ops.def row. The hooks live with their
 * dialect (see verify_internal.h): Ops/arith.c has the checks of the shared syntax classes
 * (elementwise, comparisons, select, casts, constants; the math ops use them too), Ops/func.c
 * the module and function rules (only func.func at module level, unique names, declarations
 * private, signatures, callees), Ops/affine.c the affine rules (maps and sets, dims and
 * symbols as MLIR's isValidDim/isValidSymbol, statically out-of-bounds accesses), Ops/memref.c
 * and Ops/linalg.c theirs. This file also has the helpers several dialects share.
 *
 * Messages follow MLIR's wording where MLIR has one: `'affine.load' op ...`. An op whose
 * counts are wrong gets no hook (its checks would index past its arrays), but its regions are
 * still verified. Descent stops once the diagnostic engine's error limit is reached.
 */
#include "IR/verify_internal.h"

#include <stdlib.h>
#include <string.h>

/* The verify column of ops.def. */
static const SolVerifyHook hooks[SOL_OP_COUNT] = {
#define OP(kind, name, name14, syntax, nopd, nres, nreg, flags, verify, print) [kind] = verify,
#include "IR/ops.def"
#undef OP
};

/* ---- helpers the op files share -------------------------------------------------------------- */

static bool too_many(const SolVerifier *v) { return sol_diag_too_many(sol_context_diag(v->ctx)); }

const char *sol_vfy_type_str(SolVerifier *v, const SolType *t)
{
    SolBuf *b = &v->tbuf[v->tnext++ % 4];
    b->len = 0;
    if (t)
        sol_type_print(b, t);
    else
        sol_buf_puts(b, "<null>");
    sol_buf_append(b, "", 0);
    return b->data;
}

void sol_vfy_error(SolVerifier *v, const SolOp *op, const char *fmt, ...)
{
    SolBuf b = {0};
    va_list ap;
    va_start(ap, fmt);
    sol_buf_vprintf(&b, fmt, ap);
    va_end(ap);
    sol_buf_append(&b, "", 0);
    sol_emit_error(v->ctx, op->loc, "'%s' op %s", sol_op_name(op), b.data);
    sol_buf_free(&b);
}

static const char *op_kind_name(SolOpKind k) { return sol_op_info(k)->name; }

/* The func.func around op (or op itself), NULL when there is none. */
static SolOp *enclosing_func(SolOp *op)
{
    for (; op; op = op->parent ? sol_block_parent_op(op->parent) : NULL)
        if (op->kind == SOL_OP_FUNC)
            return op;
    return NULL;
}

uint32_t sol_vfy_num_blocks(const SolRegion *r)
{
    uint32_t n = 0;
    for (SolBlock *b = sol_region_first_block(r); b; b = sol_block_next(b))
        n++;
    return n;
}

/* map operands -> index typed (`operand #N must be index`) */
bool sol_vfy_index_operands(SolVerifier *v, const SolOp *op, uint32_t first, uint32_t n)
{
    for (uint32_t i = first; i < first + n; i++)
        if (!is_index(opnd_type(op, i))) {
            sol_vfy_error(v, op, "operand #%u must be index, but got '%s'", i,
                          sol_vfy_type_str(v, opnd_type(op, i)));
            return false;
        }
    return true;
}

SolOp *sol_vfy_block_terminator(SolVerifier *v, const SolOp *op, const SolBlock *b, SolOpKind want)
{
    SolOp *last = sol_block_last_op(b);
    if (!last) {
        sol_vfy_error(v, op, "expects regions to end with '%s', found an empty block",
                      op_kind_name(want));
        return NULL;
    }
    if ((unsigned)last->kind >= SOL_OP_COUNT)
        return NULL; /* reported when the op itself is visited */
    if (last->kind != want && (sol_op_info(last->kind)->flags & SOL_OPF_TERMINATOR))
        return NULL;
    if (last->kind != want) {
        sol_vfy_error(v, op, "expects regions to end with '%s', found '%s'", op_kind_name(want),
                      sol_op_name(last));
        return NULL;
    }
    return last;
}

/* ---- structure ------------------------------------------------------------------------------- */

/* links -> op->parent is the block holding op; each region's parent is op; each block's
 * parent is its region */
static void check_links(SolVerifier *v, SolOp *op)
{
    for (uint32_t r = 0; r < op->num_regions; r++) {
        SolRegion *reg = &op->regions[r];
        if (reg->parent != op) {
            sol_vfy_error(v, op, "region #%u has a wrong parent pointer", r);
            continue;
        }
        for (SolBlock *b = sol_region_first_block(reg); b; b = sol_block_next(b)) {
            if (b->parent != reg)
                sol_vfy_error(v, op, "a block of region #%u has a wrong parent pointer", r);
            sol_block_for_each_op(inner, b) if (inner->parent != b)
                sol_vfy_error(v, inner, "has a wrong parent block pointer");
        }
    }
}

/* arity -> operand, result and region counts equal the ops.def row where it is not -1 */
static bool check_arity(SolVerifier *v, const SolOp *op)
{
    const SolOpInfo *info = sol_op_info(op->kind);
    bool ok = true;
    if (info->num_operands >= 0 && op->num_operands != (uint32_t)info->num_operands) {
        sol_vfy_error(v, op, "expected %d operands, but found %u", info->num_operands,
                      op->num_operands);
        ok = false;
    }
    if (info->num_results >= 0 && op->num_results != (uint32_t)info->num_results) {
        sol_vfy_error(v, op, "expected %d results, but found %u", info->num_results,
                      op->num_results);
        ok = false;
    }
    if (info->num_regions >= 0 && op->num_regions != (uint32_t)info->num_regions) {
        sol_vfy_error(v, op, "expected %d regions, but found %u", info->num_regions,
                      op->num_regions);
        ok = false;
    }
    for (uint32_t i = 0; i < op->num_operands; i++)
        if (!sol_op_operand(op, i)) {
            sol_vfy_error(v, op, "operand #%u is not set", i);
            ok = false;
        } else if (!sol_op_operand(op, i)->type) {
            sol_vfy_error(v, op, "operand #%u has no type", i);
            ok = false;
        }
    for (uint32_t i = 0; i < op->num_results; i++)
        if (!op->results[i].type) {
            sol_vfy_error(v, op, "result #%u has no type", i);
            ok = false;
        }
    return ok;
}

/* dominance -> every operand is visible here: a block argument of an enclosing block, or the
 * result of an earlier op of an enclosing block, within the same function (the first bad
 * operand is reported, as MLIR does) */
static void check_dominance(SolVerifier *v, const SolOp *op)
{
    for (uint32_t i = 0; i < op->num_operands; i++) {
        const SolValue *o = sol_op_operand(op, i);
        if (!o || (o->walk & SOL_WALK_IN_SCOPE))
            continue;
        SolBlock *b = value_block(o);
        SolOp *f = NULL;
        if (b) {
            SolOp *p = sol_block_parent_op(b);
            f = p ? enclosing_func(p) : NULL;
        }
        if (!b)
            sol_vfy_error(v, op, "operand #%u is a value of an op that is not in any block", i);
        else if (f && v->func && f != v->func)
            sol_vfy_error(v, op, "operand #%u uses a value defined in another function (@%s)", i,
                          f->props.func->sym ? f->props.func->sym->str : "?");
        else
            sol_emit_error(v->ctx, op->loc, "operand #%u does not dominate this use", i);
        return;
    }
}

/* placement -> a terminator is the last op of its block and sits in the right parent:
 * func.return in func.func, affine.yield in affine.for/affine.if, linalg.yield in
 * linalg.generic */
static void check_terminator_placement(SolVerifier *v, const SolOp *op)
{
    if (!(sol_op_info(op->kind)->flags & SOL_OPF_TERMINATOR))
        return;
    if (op->parent && sol_op_next(op))
        sol_vfy_error(v, op, "must be the last operation in the parent block");
    SolOp *p = op->parent ? sol_block_parent_op(op->parent) : NULL;
    SolOpKind pk = p ? p->kind : SOL_OP_COUNT;
    if (op->kind == SOL_OP_RETURN && pk != SOL_OP_FUNC)
        sol_vfy_error(v, op, "expects parent op 'func.func'");
    else if (op->kind == SOL_OP_YIELD && pk != SOL_OP_FOR && pk != SOL_OP_IF)
        sol_vfy_error(v, op, "only terminates affine.if/for regions");
    else if (op->kind == SOL_OP_LYIELD && pk != SOL_OP_GENERIC)
        sol_vfy_error(v, op, "expected parent op 'linalg.generic'");
}

/* ---- walk ------------------------------------------------------------------------------------ */

static void verify_block(SolVerifier *v, SolBlock *b);

/* Checks op, then everything nested in it. The caller puts op's results in scope after. */
static void verify_op_rec(SolVerifier *v, SolOp *op)
{
    if (too_many(v))
        return;
    if ((unsigned)op->kind >= SOL_OP_COUNT) {
        sol_emit_error(v->ctx, op->loc, "op of unknown kind %d", (int)op->kind);
        return;
    }
    check_links(v, op);
    bool counts_ok = check_arity(v, op);
    check_dominance(v, op);
    check_terminator_placement(v, op);
    if (counts_ok && hooks[op->kind])
        hooks[op->kind](v, op);

    SolOp *saved_func = v->func;
    unsigned saved_guards = v->guards;
    if (op->kind == SOL_OP_FUNC) {
        v->func = op;
        v->guards = 0;
    } else if (op->kind == SOL_OP_IF) {
        v->guards++;
    }
    for (uint32_t r = 0; r < op->num_regions; r++)
        for (SolBlock *b = sol_region_first_block(&op->regions[r]); b; b = sol_block_next(b)) {
            if (too_many(v))
                break;
            verify_block(v, b);
        }
    v->func = saved_func;
    v->guards = saved_guards;
}

static void enter_scope(SolVerifier *v, SolValue *val)
{
    val->walk |= SOL_WALK_IN_SCOPE;
    sol_vec_push(&v->scope, val);
}

/* The values that came into scope after the first `mark` leave it. */
static void leave_scope(SolVerifier *v, size_t mark)
{
    while (v->scope.len > mark)
        v->scope.data[--v->scope.len]->walk &= ~SOL_WALK_IN_SCOPE;
}

/* Block arguments come into scope, then each op's results after the op; all of them leave
 * scope at the end of the block. */
static void verify_block(SolVerifier *v, SolBlock *b)
{
    size_t mark = v->scope.len;
    for (uint32_t i = 0; i < b->num_args; i++)
        enter_scope(v, &b->args[i]);
    sol_block_for_each_op(op, b)
    {
        verify_op_rec(v, op);
        for (uint32_t i = 0; i < op->num_results; i++)
            enter_scope(v, &op->results[i]);
    }
    leave_scope(v, mark);
}

void sol_vfy_free(SolVerifier *v)
{
    leave_scope(v, 0);
    sol_vec_free(&v->scope);
    sol_ptr_map_free(&v->memo);
    sol_ptr_map_free(&v->funcs);
    for (unsigned i = 0; i < 4; i++)
        sol_buf_free(&v->tbuf[i]);
}

/* ---- one op at a time (lib/IR/stream.c) ------------------------------------------------------ */

void sol_vfy_func_begin(SolVerifier *v, SolOp *func)
{
    v->func = func;
    v->guards = 0;
    SolBlock *entry = func->num_regions ? sol_region_first_block(&func->regions[0]) : NULL;
    for (uint32_t i = 0; entry && i < entry->num_args; i++)
        enter_scope(v, &entry->args[i]);
}

void sol_vfy_top_op(SolVerifier *v, SolOp *op)
{
    verify_op_rec(v, op);
    for (uint32_t i = 0; i < op->num_results; i++)
        enter_scope(v, &op->results[i]);
    /* The memo is keyed by values, and the op may be freed once printed: start afresh. */
    sol_ptr_map_clear(&v->memo);
}

void sol_vfy_op_alone(SolVerifier *v, SolOp *op)
{
    if (too_many(v))
        return;
    if (check_arity(v, op) && hooks[op->kind])
        hooks[op->kind](v, op);
}

void sol_vfy_func_end(SolVerifier *v, SolOp *func)
{
    sol_vfy_op_alone(v, func);
    leave_scope(v, 0);
    v->func = NULL;
}

bool sol_verify_module(SolContext *ctx, SolModule *m)
{
    unsigned before = sol_error_count(ctx);
    if (!m || !m->op) {
        sol_emit_error(ctx, (SolLoc){0}, "module has no top-level op");
        return false;
    }
    if (m->op->kind != SOL_OP_MODULE)
        sol_emit_error(ctx, m->op->loc, "top-level op must be 'module', found '%s'",
                       sol_op_name(m->op));
    SolVerifier v = {.ctx = ctx};
    verify_op_rec(&v, m->op);
    sol_vfy_free(&v);
    return sol_error_count(ctx) == before;
}

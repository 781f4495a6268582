/*
 * Affine maps and memory accesses for the bytecode compiler (compile.h): maps become linear
 * forms `c0 + sum(coef * reg)` over their operands, with floordiv/ceildiv/mod and symbol
 * products computed into temporaries first; an access whose every subscript is proved within
 * the static dims of a buffer that cannot have been deallocated (bounds.h) becomes one flat
 * offset with no run-time check, and every other access is checked each time it runs.
 */
#include "Exec/compile.h"

#include <stdlib.h>
#include <string.h>

/* ---- linear forms ------------------------------------------------------------------------- */

static void lin_add_term(LinBuilder *lb, int32_t reg, int64_t coef)
{
    for (size_t i = 0; i < lb->reg.len; i++)
        if (lb->reg.data[i] == reg) {
            if (__builtin_add_overflow(lb->coef.data[i], coef, &lb->coef.data[i]))
                lb->overflow = true;
            return;
        }
    sol_vec_push(&lb->reg, reg);
    sol_vec_push(&lb->coef, coef);
}

void comp_lin_free(LinBuilder *lb)
{
    sol_vec_free(&lb->reg);
    sol_vec_free(&lb->coef);
}

Linear comp_lin_finish(Compiler *C, LinBuilder *lb)
{
    Linear l = {.c0 = lb->c0};
    for (size_t i = 0; i < lb->reg.len; i++)
        l.nterms += lb->coef.data[i] != 0;
    l.reg = comp_arena_new(C, l.nterms * sizeof *l.reg + 1);
    l.coef = comp_arena_new(C, l.nterms * sizeof *l.coef + 1);
    uint32_t n = 0;
    for (size_t i = 0; i < lb->reg.len; i++)
        if (lb->coef.data[i] != 0) {
            l.reg[n] = lb->reg.data[i];
            l.coef[n++] = lb->coef.data[i];
        }
    return l;
}

static int32_t materialize_expr(Compiler *C, const SolAffineExpr *e, const int32_t *opregs,
                                uint32_t ndims, const SolOp *op);

/* Adds coef * e to lb; parts that are not linear are computed into temporaries. */
void comp_linearize(Compiler *C, const SolAffineExpr *e, int64_t coef, const int32_t *opregs,
                    uint32_t ndims, LinBuilder *lb, const SolOp *op)
{
    int64_t t;
    switch (e->kind) {
    case SOL_AFF_CONST:
        if (__builtin_mul_overflow(coef, e->value, &t) ||
            __builtin_add_overflow(lb->c0, t, &lb->c0))
            lb->overflow = true;
        return;
    case SOL_AFF_DIM:
        lin_add_term(lb, opregs[e->value], coef);
        return;
    case SOL_AFF_SYM:
        lin_add_term(lb, opregs[ndims + e->value], coef);
        return;
    case SOL_AFF_ADD:
        comp_linearize(C, e->lhs, coef, opregs, ndims, lb, op);
        comp_linearize(C, e->rhs, coef, opregs, ndims, lb, op);
        return;
    case SOL_AFF_MUL:
        if (e->rhs->kind == SOL_AFF_CONST && !__builtin_mul_overflow(coef, e->rhs->value, &t)) {
            comp_linearize(C, e->lhs, t, opregs, ndims, lb, op);
            return;
        }
        if (e->lhs->kind == SOL_AFF_CONST && !__builtin_mul_overflow(coef, e->lhs->value, &t)) {
            comp_linearize(C, e->rhs, t, opregs, ndims, lb, op);
            return;
        }
        break;
    default:
        break;
    }
    lin_add_term(lb, materialize_expr(C, e, opregs, ndims, op), coef);
}

/* A register holding the value of a linear form (reusing a term's register when it is one). */
int32_t comp_materialize_lin(Compiler *C, const Linear *l, const SolOp *op)
{
    if (l->nterms == 0)
        return comp_const_reg(C, l->c0);
    if (l->nterms == 1 && l->c0 == 0 && l->coef[0] == 1)
        return l->reg[0];
    Linear *copy = comp_arena_new(C, sizeof *copy);
    *copy = *l;
    int32_t d = comp_new_reg(C);
    comp_emit(C, EX_LIN, d, -1, -1, op)->x.lin = copy;
    return d;
}

/* A register holding the value of e (linearized; non-linear parts computed first). */
static int32_t linear_reg(Compiler *C, const SolAffineExpr *e, const int32_t *opregs,
                          uint32_t ndims, const SolOp *op)
{
    LinBuilder lb = {0};
    comp_linearize(C, e, 1, opregs, ndims, &lb, op);
    int32_t r;
    if (lb.overflow) {
        comp_fail(C, op, "an affine constant overflows 64 bits");
        r = comp_const_reg(C, 0);
    } else {
        Linear l = comp_lin_finish(C, &lb);
        r = comp_materialize_lin(C, &l, op);
    }
    comp_lin_free(&lb);
    return r;
}

static int32_t materialize_expr(Compiler *C, const SolAffineExpr *e, const int32_t *opregs,
                                uint32_t ndims, const SolOp *op)
{
    switch (e->kind) {
    case SOL_AFF_CONST:
        return comp_const_reg(C, e->value);
    case SOL_AFF_DIM:
        return opregs[e->value];
    case SOL_AFF_SYM:
        return opregs[ndims + e->value];
    case SOL_AFF_ADD:
        return linear_reg(C, e, opregs, ndims, op);
    case SOL_AFF_MUL: {
        int32_t a = materialize_expr(C, e->lhs, opregs, ndims, op);
        int32_t d = comp_new_reg(C);
        if (e->rhs->kind == SOL_AFF_CONST) {
            comp_emit(C, EX_MULC, d, a, -1, op)->x.imm = e->rhs->value;
        } else {
            int32_t b = materialize_expr(C, e->rhs, opregs, ndims, op);
            comp_emit(C, EX_MULI, d, a, b, op);
        }
        return d;
    }
    default: {
        int32_t a = materialize_expr(C, e->lhs, opregs, ndims, op);
        int32_t d = comp_new_reg(C);
        if (e->rhs->kind == SOL_AFF_CONST && e->rhs->value > 0) {
            ExecOpcode opc = e->kind == SOL_AFF_MOD        ? EX_AMOD
                             : e->kind == SOL_AFF_FLOORDIV ? EX_AFLOORDIV
                                                           : EX_ACEILDIV;
            comp_emit(C, opc, d, a, -1, op)->x.imm = e->rhs->value;
        } else {
            /* Symbolic or non-positive divisor: the checked integer ops, with a zero test. */
            int32_t b = materialize_expr(C, e->rhs, opregs, ndims, op);
            ExecOpcode opc = e->kind == SOL_AFF_MOD        ? EX_AMOD
                             : e->kind == SOL_AFF_FLOORDIV ? EX_FLOORDIVSI
                                                           : EX_CEILDIVSI;
            Insn *in = comp_emit(C, opc, d, a, b, op);
            in->w = 64;
            in->x.imm = 0; /* AMOD with imm 0: divisor in register b */
        }
        return d;
    }
    }
}

/* Registers of an op's operands [first, first + n). */
int32_t *comp_operand_regs(Compiler *C, const SolOp *op, uint32_t first, uint32_t n)
{
    int32_t *regs = comp_arena_new(C, (n + 1) * sizeof *regs);
    for (uint32_t i = 0; i < n; i++)
        regs[i] = comp_value_reg(C, sol_op_operand(op, first + i));
    return regs;
}

/* A register holding result i of map over opregs. */
int32_t comp_map_result_reg(Compiler *C, const SolAffineMap *map, uint32_t i, const int32_t *opregs,
                            const SolOp *op)
{
    return linear_reg(C, map->results[i], opregs, map->num_dims, op);
}

/* The max (lower bounds) or min (upper bounds, affine.min) of a map's results. */
int32_t comp_map_combined_reg(Compiler *C, const SolAffineMap *map, const int32_t *opregs,
                              bool take_max, const SolOp *op)
{
    int32_t r = comp_map_result_reg(C, map, 0, opregs, op);
    for (uint32_t i = 1; i < map->num_results; i++) {
        int32_t x = comp_map_result_reg(C, map, i, opregs, op);
        int32_t d = comp_new_reg(C);
        comp_emit(C, take_max ? EX_MAXSI : EX_MINSI, d, r, x, op)->w = 64;
        r = d;
    }
    return r;
}

/* ---- memory accesses ---------------------------------------------------------------------- */

/* Static dims of the memref in `mem` for this run, or false when some dim is only known at run
 * time. Entry arguments take the shapes of the tensors passed in. */
bool comp_known_dims(Compiler *C, const SolValue *mem, int64_t *dims)
{
    const SolType *t = mem->type;
    if (!mem->def && C->arg_tensors && sol_block_parent_op(mem->owner) == C->fn->op) {
        const SolTensor *tt = C->arg_tensors[mem->index];
        for (uint32_t i = 0; i < t->rank; i++)
            dims[i] = tt->dims[i];
        return true;
    }
    for (uint32_t i = 0; i < t->rank; i++) {
        if (t->dims[i] == SOL_DYNAMIC)
            return false;
        dims[i] = t->dims[i];
    }
    return true;
}

/* True when every access to `mem` sees a live buffer: an entry argument (never freed) or an
 * alloc result that no dealloc names, in a module whose deallocs all name alloc results. */
static bool never_freed(Compiler *C, const SolValue *mem)
{
    if (C->unsafe_dealloc)
        return false;
    if (!mem->def)
        return C->arg_tensors && sol_block_parent_op(mem->owner) == C->fn->op;
    if (mem->def->kind != SOL_OP_ALLOC)
        return false;
    for (const SolUse *u = mem->uses; u; u = u->next)
        if (u->user->kind == SOL_OP_DEALLOC)
            return false;
    return true;
}

/* Builds an access from one linear form per subscript and their ranges. */
static const Access *make_access(Compiler *C, const SolValue *mem, Linear *subs,
                                 const ExecRange *ranges, const SolOp *op)
{
    const SolType *t = mem->type;
    Access *acc = comp_arena_new(C, sizeof *acc);
    acc->mem = comp_value_reg(C, mem);
    acc->memv = mem;
    acc->rank = t->rank;
    acc->op = op;
    acc->subs = subs;
    int64_t dims[SOL_TENSOR_MAX_RANK];
    if (t->rank > SOL_TENSOR_MAX_RANK || !never_freed(C, mem) || !comp_known_dims(C, mem, dims))
        return acc;
    for (uint32_t r = 0; r < t->rank; r++)
        if (!ranges[r].known || ranges[r].lo < 0 || ranges[r].hi >= dims[r])
            return acc;
    /* Proved: flatten with C-order strides. Offsets stay below the element count, and every
     * term's range was bounded when the subscript ranges were, so nothing overflows. */
    LinBuilder lb = {0};
    int64_t stride = 1;
    for (uint32_t r = t->rank; r-- > 0;) {
        int64_t t0;
        if (__builtin_mul_overflow(subs[r].c0, stride, &t0) ||
            __builtin_add_overflow(lb.c0, t0, &lb.c0))
            lb.overflow = true;
        for (uint32_t k = 0; k < subs[r].nterms; k++) {
            if (__builtin_mul_overflow(subs[r].coef[k], stride, &t0))
                lb.overflow = true;
            lin_add_term(&lb, subs[r].reg[k], t0);
        }
        if (__builtin_mul_overflow(stride, dims[r], &stride))
            lb.overflow = true;
    }
    if (!lb.overflow) {
        acc->flat = comp_lin_finish(C, &lb);
        acc->proved = true;
        C->prog->stats->proved_access++;
    }
    comp_lin_free(&lb);
    return acc;
}

/* An affine.load/store subscript list: map over operands [first, first + n). */
const Access *comp_affine_access(Compiler *C, const SolOp *op, const SolValue *mem,
                                 const SolAffineMap *map, uint32_t first)
{
    uint32_t n = map->num_dims + map->num_syms;
    int32_t *opregs = comp_operand_regs(C, op, first, n);
    Linear *subs = comp_arena_new(C, (map->num_results + 1) * sizeof *subs);
    ExecRange ranges[SOL_TENSOR_MAX_RANK + 1];
    const SolUse *ops = op->operands ? op->operands + first : NULL;
    for (uint32_t r = 0; r < map->num_results; r++) {
        LinBuilder lb = {0};
        comp_linearize(C, map->results[r], 1, opregs, map->num_dims, &lb, op);
        if (lb.overflow)
            comp_fail(C, op, "an affine constant overflows 64 bits");
        subs[r] = comp_lin_finish(C, &lb);
        comp_lin_free(&lb);
        if (r < SOL_TENSOR_MAX_RANK)
            ranges[r] = exec_subscript_range(map->results[r], ops, map->num_dims, n);
    }
    return make_access(C, mem, subs, ranges, op);
}

/* memref.load/store: each subscript is an index operand. */
const Access *comp_plain_access(Compiler *C, const SolOp *op, const SolValue *mem, uint32_t first)
{
    uint32_t rank = mem->type->rank;
    Linear *subs = comp_arena_new(C, (rank + 1) * sizeof *subs);
    ExecRange ranges[SOL_TENSOR_MAX_RANK + 1];
    for (uint32_t r = 0; r < rank; r++) {
        subs[r].nterms = 1;
        subs[r].reg = comp_arena_new(C, sizeof *subs[r].reg);
        subs[r].coef = comp_arena_new(C, sizeof *subs[r].coef);
        subs[r].reg[0] = comp_value_reg(C, sol_op_operand(op, first + r));
        subs[r].coef[0] = 1;
        if (r < SOL_TENSOR_MAX_RANK)
            ranges[r] = exec_value_range(sol_op_operand(op, first + r));
    }
    return make_access(C, mem, subs, ranges, op);
}

void comp_emit_load(Compiler *C, int32_t d, const Access *acc, SolElemKind elem, const SolOp *op)
{
    Insn *in = comp_emit(C, EX_LOAD, d, -1, -1, op);
    in->w = (uint16_t)elem;
    in->x.acc = acc;
}

void comp_emit_store(Compiler *C, int32_t value, const Access *acc, SolElemKind elem,
                     const SolOp *op)
{
    Insn *in = comp_emit(C, EX_STORE, -1, value, -1, op);
    in->w = (uint16_t)elem;
    in->x.acc = acc;
}

SolElemKind comp_elem_of(const SolType *memref)
{
    SolElemKind k = SOL_ELEM_I64;
    sol_elem_from_type(memref->elem, &k);
    return k;
}

/* The access of a linalg.generic operand: its indexing map over the loop registers. */
const Access *comp_generic_access(Compiler *C, const SolAffineMap *mk, const SolValue *mem,
                                  const int32_t *ivs, const ExecRange *ranges, const SolOp *op)
{
    Linear *subs = comp_arena_new(C, (mk->num_results + 1) * sizeof *subs);
    ExecRange rr[SOL_TENSOR_MAX_RANK + 1];
    for (uint32_t r = 0; r < mk->num_results; r++) {
        LinBuilder lb = {0};
        comp_linearize(C, mk->results[r], 1, ivs, mk->num_dims, &lb, op);
        subs[r] = comp_lin_finish(C, &lb);
        comp_lin_free(&lb);
        if (r < SOL_TENSOR_MAX_RANK)
            rr[r] = exec_expr_range(mk->results[r], ranges, mk->num_dims);
    }
    return make_access(C, mem, subs, rr, op);
}

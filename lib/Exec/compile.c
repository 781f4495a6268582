/*
 * IR -> executor bytecode (see program.h for the machine; compile.h for the other two files).
 *
 * Each SSA value gets a register slot; constants are preloaded. Affine maps become linear forms
 * and accesses are proved in bounds where possible (compile_affine.c); scalar ops follow the
 * types' rounding and narrowing (compile_scalar.c). affine.for becomes FOR ... NEXT with the
 * loop results sharing the slots of the iter_args; affine.if becomes conditional jumps;
 * linalg.generic becomes the loop nest MLIR's own lowering builds (loop d ranges over the
 * first operand dim indexed by exactly d), loads of the used block arguments, the region, and
 * stores of linalg.yield's values.
 */
#include "Exec/compile.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* ---- compiler state ------------------------------------------------------------------------ */

void *comp_arena_new(Compiler *C, size_t size) { return sol_arena_alloc(&C->prog->arena, size); }

/* A new register, an integer unless the caller says otherwise (set_kind). */
int32_t comp_new_reg(Compiler *C)
{
    sol_vec_push(&C->kinds, (uint8_t)EXEC_REG_INT);
    return (int32_t)C->nregs++;
}

static void set_kind(Compiler *C, int32_t reg, ExecRegKind k) { C->kinds.data[reg] = (uint8_t)k; }

static ExecRegKind kind_of_type(const Compiler *C, const SolType *t)
{
    if (t->kind == SOL_TYPE_MEMREF)
        return EXEC_REG_MEM;
    if (!sol_type_is_float(t))
        return EXEC_REG_INT;
    return t->fkind == SOL_F32 && C->prog->precision == SOL_PRECISION_EXACT ? EXEC_REG_F32
                                                                            : EXEC_REG_F64;
}

Insn *comp_emit(Compiler *C, ExecOpcode opc, int32_t d, int32_t a, int32_t b, const SolOp *op)
{
    Insn in = {.opc = (uint16_t)opc, .d = d, .a = a, .b = b, .op = op};
    sol_vec_push(&C->code, in);
    return &C->code.data[C->code.len - 1];
}

static uint32_t here(const Compiler *C) { return (uint32_t)C->code.len; }

void comp_fail(Compiler *C, const SolOp *op, const char *what)
{
    sol_emit_error(C->ctx, op->loc, "solar-run cannot execute this %s: %s", sol_op_name(op), what);
    C->ok = false;
}

/* The slot of an integer constant, shared by every use in the function. */
int32_t comp_const_reg(Compiler *C, int64_t v)
{
    for (size_t i = 0; i < C->int_consts.len; i++)
        if (C->int_consts.data[i].value.i == v)
            return C->int_consts.data[i].reg;
    ConstInit ci = {.reg = comp_new_reg(C), .value.i = v};
    sol_vec_push(&C->int_consts, ci);
    sol_vec_push(&C->consts, ci);
    return ci.reg;
}

int32_t comp_value_reg(Compiler *C, const SolValue *v)
{
    uint64_t r;
    if (sol_ptr_map_get(&C->regs, v, &r))
        return (int32_t)r;
    int32_t reg = comp_new_reg(C);
    set_kind(C, reg, kind_of_type(C, v->type));
    sol_ptr_map_put(&C->regs, v, (uint64_t)reg);
    return reg;
}

static void bind_reg(Compiler *C, const SolValue *v, int32_t r)
{
    sol_ptr_map_put(&C->regs, v, (uint64_t)r);
}

/* ---- structured ops ----------------------------------------------------------------------- */

static void compile_block(Compiler *C, SolBlock *b);

/* dst[i] = src[i] for all i at once: through temporaries when a source is also a destination. */
static void parallel_move(Compiler *C, const int32_t *dst, const int32_t *src, uint32_t n,
                          const SolOp *op)
{
    bool overlap = false;
    for (uint32_t i = 0; i < n && !overlap; i++)
        for (uint32_t j = 0; j < n; j++)
            if (i != j && dst[i] == src[j])
                overlap = true;
    if (!overlap) {
        for (uint32_t i = 0; i < n; i++)
            if (dst[i] != src[i])
                comp_emit(C, EX_MOV, dst[i], src[i], -1, op);
        return;
    }
    int32_t *tmp = sol_xmalloc((n + 1) * sizeof *tmp);
    for (uint32_t i = 0; i < n; i++) {
        tmp[i] = comp_new_reg(C);
        set_kind(C, tmp[i], (ExecRegKind)C->kinds.data[src[i]]);
        comp_emit(C, EX_MOV, tmp[i], src[i], -1, op);
    }
    for (uint32_t i = 0; i < n; i++)
        comp_emit(C, EX_MOV, dst[i], tmp[i], -1, op);
    free(tmp);
}

/* The registers a region's terminator yields, moved into `dst`. */
static void move_yield(Compiler *C, SolBlock *body, const int32_t *dst, uint32_t n)
{
    SolOp *y = sol_block_last_op(body);
    if (!y || n == 0)
        return;
    int32_t *src = sol_xmalloc((n + 1) * sizeof *src);
    for (uint32_t i = 0; i < n && i < y->num_operands; i++)
        src[i] = comp_value_reg(C, sol_op_operand(y, i));
    parallel_move(C, dst, src, n < y->num_operands ? n : y->num_operands, y);
    free(src);
}

static void compile_for(Compiler *C, SolOp *op)
{
    const SolLoopProps *L = op->props.loop;
    SolBlock *body = sol_region_first_block(&op->regions[0]);
    int32_t *lbregs = comp_operand_regs(C, op, 0, L->num_lb_operands);
    int32_t *ubregs = comp_operand_regs(C, op, L->num_lb_operands, L->num_ub_operands);
    int32_t lb = comp_map_combined_reg(C, L->lb, lbregs, true, op);
    int32_t ub = comp_map_combined_reg(C, L->ub, ubregs, false, op);
    uint32_t first_init = L->num_lb_operands + L->num_ub_operands;
    uint32_t niter = op->num_operands - first_init;
    /* iter_args and the loop's results share registers: after the last iteration (or none)
     * they hold exactly what the results are. */
    int32_t *iter = sol_xmalloc((niter + 1) * sizeof *iter);
    int32_t *init = sol_xmalloc((niter + 1) * sizeof *init);
    for (uint32_t i = 0; i < niter; i++) {
        iter[i] = comp_value_reg(C, &body->args[i + 1]);
        bind_reg(C, &op->results[i], iter[i]);
        init[i] = comp_value_reg(C, sol_op_operand(op, first_init + i));
    }
    parallel_move(C, iter, init, niter, op);
    int32_t iv = comp_value_reg(C, &body->args[0]);
    Insn *head = comp_emit(C, EX_FOR, iv, lb, ub, op);
    head->x.imm = L->step;
    uint32_t head_pc = here(C) - 1, body_pc = here(C);
    compile_block(C, body);
    move_yield(C, body, iter, niter);
    BatchLoop *bl = C->prog->batch
                        ? sol_exec_batch_plan(&C->prog->arena, C->code.data + body_pc,
                                              here(C) - body_pc, C->nregs, iv, iter, niter,
                                              C->arg_tensors ? C->fn->op : NULL, L->step)
                        : NULL;
    if (bl) {
        /* Innermost and independent: the whole loop is one BATCH instruction. */
        C->code.len = head_pc;
        comp_emit(C, EX_BATCH, iv, lb, ub, op)->x.batch = bl;
        free(iter);
        free(init);
        return;
    }
    Insn *next = comp_emit(C, EX_NEXT, iv, lb, ub, op);
    next->x.imm = L->step;
    next->c = (int32_t)body_pc;
    C->code.data[head_pc].c = (int32_t)here(C);
    free(iter);
    free(init);
}

static void compile_if(Compiler *C, SolOp *op)
{
    const SolIntegerSet *set = op->props.cond.set;
    int32_t *opregs = comp_operand_regs(C, op, 0, set->num_dims + set->num_syms);
    SolVecOf(uint32_t) to_else = {0};
    for (uint32_t i = 0; i < set->num_cons; i++) {
        LinBuilder lb = {0};
        comp_linearize(C, set->cons[i], 1, opregs, set->num_dims, &lb, op);
        if (lb.overflow)
            comp_fail(C, op, "an affine constant overflows 64 bits");
        Linear l = comp_lin_finish(C, &lb);
        comp_lin_free(&lb);
        int32_t r = comp_materialize_lin(C, &l, op);
        comp_emit(C, set->is_eq[i] ? EX_JNZ : EX_JNEG, -1, r, -1, op);
        sol_vec_push(&to_else, here(C) - 1);
    }
    int32_t *res = sol_xmalloc((op->num_results + 1) * sizeof *res);
    for (uint32_t i = 0; i < op->num_results; i++)
        res[i] = comp_value_reg(C, &op->results[i]);
    SolBlock *then_b = sol_region_first_block(&op->regions[0]);
    compile_block(C, then_b);
    move_yield(C, then_b, res, op->num_results);
    uint32_t jmp_end = here(C);
    comp_emit(C, EX_JMP, -1, -1, -1, op);
    for (size_t i = 0; i < to_else.len; i++)
        C->code.data[to_else.data[i]].c = (int32_t)here(C);
    SolBlock *else_b = op->num_regions > 1 ? sol_region_first_block(&op->regions[1]) : NULL;
    if (else_b) {
        compile_block(C, else_b);
        move_yield(C, else_b, res, op->num_results);
    }
    C->code.data[jmp_end].c = (int32_t)here(C);
    sol_vec_free(&to_else);
    free(res);
}

/* linalg.generic: the loop nest of MLIR's lowering, see the file comment. */
static void compile_generic(Compiler *C, SolOp *op)
{
    const SolAttr *maps = sol_op_get_attr(op, sol_ident_cstr(C->ctx, "indexing_maps"));
    if (!maps || maps->kind != SOL_ATTR_ARRAY || maps->array.n != op->num_operands ||
        maps->array.n == 0) {
        comp_fail(C, op, "expected one indexing map per operand");
        return;
    }
    uint32_t ndims = maps->array.elems[0]->map->num_dims;
    int32_t *ivs = sol_xmalloc((ndims + 1) * sizeof *ivs);
    int32_t *ubs = sol_xmalloc((ndims + 1) * sizeof *ubs);
    ExecRange *ranges = sol_xmalloc((ndims + 1) * sizeof *ranges);
    for (uint32_t d = 0; d < ndims; d++) {
        const SolAffineExpr *dim = sol_affine_dim(C->ctx, d);
        ubs[d] = -1;
        ivs[d] = comp_new_reg(C);
        ranges[d] = exec_unknown_range;
        for (uint32_t k = 0; k < op->num_operands && ubs[d] < 0; k++) {
            const SolAffineMap *mk = maps->array.elems[k]->map;
            const SolValue *mem = sol_op_operand(op, k);
            for (uint32_t r = 0; r < mk->num_results && ubs[d] < 0; r++) {
                if (mk->results[r] != dim)
                    continue;
                int64_t dims[SOL_TENSOR_MAX_RANK];
                if (mem->type->rank <= SOL_TENSOR_MAX_RANK && comp_known_dims(C, mem, dims)) {
                    ubs[d] = comp_const_reg(C, dims[r]);
                    ranges[d] =
                        dims[r] > 0 ? (ExecRange){true, 0, dims[r] - 1} : exec_unknown_range;
                } else {
                    ubs[d] = comp_new_reg(C);
                    comp_emit(C, EX_DIM, ubs[d], comp_value_reg(C, mem), comp_const_reg(C, r), op);
                }
            }
        }
        if (ubs[d] < 0) {
            comp_fail(C, op, "a loop dimension is not the plain result of any indexing map");
            free(ivs), free(ubs), free(ranges);
            return;
        }
    }
    uint32_t *body_pcs = sol_xmalloc((ndims + 1) * sizeof *body_pcs);
    uint32_t *head_pcs = sol_xmalloc((ndims + 1) * sizeof *head_pcs);
    int32_t zero = comp_const_reg(C, 0);
    for (uint32_t d = 0; d < ndims; d++) {
        comp_emit(C, EX_FOR, ivs[d], zero, ubs[d], op)->x.imm = 1;
        head_pcs[d] = here(C) - 1;
        body_pcs[d] = here(C);
    }
    SolBlock *body = sol_region_first_block(&op->regions[0]);
    for (uint32_t k = 0; k < op->num_operands && k < body->num_args; k++) {
        if (!sol_value_has_uses(&body->args[k]))
            continue;
        const SolValue *mem = sol_op_operand(op, k);
        comp_emit_load(C, comp_value_reg(C, &body->args[k]),
                       comp_generic_access(C, maps->array.elems[k]->map, mem, ivs, ranges, op),
                       comp_elem_of(mem->type), op);
    }
    compile_block(C, body);
    SolOp *y = sol_block_last_op(body);
    uint32_t nins = op->props.generic.num_ins;
    for (uint32_t j = 0; y && j < y->num_operands && nins + j < op->num_operands; j++) {
        const SolValue *mem = sol_op_operand(op, nins + j);
        comp_emit_store(
            C, comp_value_reg(C, sol_op_operand(y, j)),
            comp_generic_access(C, maps->array.elems[nins + j]->map, mem, ivs, ranges, y),
            comp_elem_of(mem->type), y);
    }
    for (uint32_t d = ndims; d-- > 0;) {
        Insn *next = comp_emit(C, EX_NEXT, ivs[d], zero, ubs[d], op);
        next->x.imm = 1;
        next->c = (int32_t)body_pcs[d];
        C->code.data[head_pcs[d]].c = (int32_t)here(C);
    }
    free(ivs), free(ubs), free(ranges), free(body_pcs), free(head_pcs);
}

static void compile_alloc(Compiler *C, SolOp *op)
{
    const SolType *t = op->results[0].type;
    if (t->rank > SOL_TENSOR_MAX_RANK) {
        comp_fail(C, op, "more than 16 dimensions");
        return;
    }
    AllocSite *s = comp_arena_new(C, sizeof *s);
    s->elem = comp_elem_of(t);
    s->rank = t->rank;
    s->op = op;
    s->dyn = comp_operand_regs(C, op, 0, op->num_operands);
    for (uint32_t i = 0; i < t->rank; i++)
        s->dims[i] = t->dims[i];
    comp_emit(C, EX_ALLOC, comp_value_reg(C, &op->results[0]), -1, -1, op)->x.alloc = s;
}

static void compile_call(Compiler *C, SolOp *op)
{
    SolOp *callee = sol_module_lookup_func(C->m, op->props.func->sym);
    ExecFunc *f = callee ? sol_exec_find_func(C->prog, callee) : NULL;
    if (!f) {
        comp_fail(C, op, "the callee has no body");
        return;
    }
    CallSite *cs = comp_arena_new(C, sizeof *cs);
    cs->callee = f;
    cs->op = op;
    cs->nargs = op->num_operands;
    cs->args = comp_operand_regs(C, op, 0, op->num_operands);
    cs->nresults = op->num_results;
    cs->results = comp_arena_new(C, (op->num_results + 1) * sizeof *cs->results);
    for (uint32_t i = 0; i < op->num_results; i++)
        cs->results[i] = comp_value_reg(C, &op->results[i]);
    comp_emit(C, EX_CALL, -1, -1, -1, op)->x.call = cs;
}

static void compile_return(Compiler *C, SolOp *op)
{
    CallSite *cs = comp_arena_new(C, sizeof *cs);
    cs->op = op;
    cs->nargs = op->num_operands;
    cs->args = comp_operand_regs(C, op, 0, op->num_operands);
    comp_emit(C, EX_RET, -1, -1, -1, op)->x.call = cs;
}

static void compile_op(Compiler *C, SolOp *op)
{
    const SolOpInfo *info = sol_op_info((SolOpKind)op->kind);
    int32_t d = op->num_results ? comp_value_reg(C, &op->results[0]) : -1;
    int32_t a = op->num_operands > 0 ? comp_value_reg(C, sol_op_operand(op, 0)) : -1;
    int32_t b = op->num_operands > 1 ? comp_value_reg(C, sol_op_operand(op, 1)) : -1;
    MathFn1 f1;
    MathFn1f f1f;
    switch ((SolOpKind)op->kind) {
    case SOL_OP_CONSTANT:
        comp_constant(C, op);
        return;
    case SOL_OP_FOR:
        compile_for(C, op);
        return;
    case SOL_OP_IF:
        compile_if(C, op);
        return;
    case SOL_OP_GENERIC:
        compile_generic(C, op);
        return;
    case SOL_OP_YIELD:
    case SOL_OP_LYIELD:
        return; /* moved by the enclosing op */
    case SOL_OP_RETURN:
        compile_return(C, op);
        return;
    case SOL_OP_CALL:
        compile_call(C, op);
        return;
    case SOL_OP_ALLOC:
        compile_alloc(C, op);
        return;
    case SOL_OP_DEALLOC:
        comp_emit(C, EX_DEALLOC, -1, a, -1, op);
        return;
    case SOL_OP_DIM:
        comp_emit(C, EX_DIM, d, a, b, op);
        return;
    case SOL_OP_LOAD: {
        const SolValue *mem = sol_op_operand(op, 0);
        comp_emit_load(C, d, comp_affine_access(C, op, mem, op->props.access.map, 1),
                       comp_elem_of(mem->type), op);
        return;
    }
    case SOL_OP_STORE: {
        const SolValue *mem = sol_op_operand(op, 1);
        comp_emit_store(C, a, comp_affine_access(C, op, mem, op->props.access.map, 2),
                        comp_elem_of(mem->type), op);
        return;
    }
    case SOL_OP_MLOAD: {
        const SolValue *mem = sol_op_operand(op, 0);
        comp_emit_load(C, d, comp_plain_access(C, op, mem, 1), comp_elem_of(mem->type), op);
        return;
    }
    case SOL_OP_MSTORE: {
        const SolValue *mem = sol_op_operand(op, 1);
        comp_emit_store(C, a, comp_plain_access(C, op, mem, 2), comp_elem_of(mem->type), op);
        return;
    }
    case SOL_OP_APPLY:
    case SOL_OP_AMIN:
    case SOL_OP_AMAX: {
        const SolAffineMap *map = op->props.access.map;
        int32_t *opregs = comp_operand_regs(C, op, 0, map->num_dims + map->num_syms);
        int32_t r = op->kind == SOL_OP_APPLY
                        ? comp_map_result_reg(C, map, 0, opregs, op)
                        : comp_map_combined_reg(C, map, opregs, op->kind == SOL_OP_AMAX, op);
        comp_emit(C, EX_MOV, d, r, -1, op);
        return;
    }
    case SOL_OP_SELECT:
        comp_emit(C, EX_SELECT, d, a, b, op)->c = comp_value_reg(C, sol_op_operand(op, 2));
        return;
    case SOL_OP_CMPF: {
        Insn *in = comp_emit(C, EX_CMPF, d, a, b, op);
        in->x.imm = op->props.cmp.predicate;
        return;
    }
    case SOL_OP_CMPI: {
        Insn *in = comp_emit(C, EX_CMPI, d, a, b, op);
        in->x.imm = op->props.cmp.predicate;
        in->w = (uint16_t)comp_int_width(op->operands[0].value->type);
        return;
    }
    case SOL_OP_NEGF:
        comp_emit(C, EX_NEGF, d, a, -1, op);
        return;
    case SOL_OP_FMA: {
        const SolType *t = op->results[0].type;
        bool f32 = comp_uses_f32_ops(C, t);
        comp_emit(C, f32 ? EX_FMA_F32 : EX_FMA, d, a, b, op)->c =
            comp_value_reg(C, sol_op_operand(op, 2));
        if (t->fkind != SOL_F32)
            comp_round_float(C, d, t, op);
        return;
    }
    case SOL_OP_ABSI:
    case SOL_OP_CTLZ:
    case SOL_OP_CTTZ:
    case SOL_OP_CTPOP: {
        ExecOpcode opc = op->kind == SOL_OP_ABSI   ? EX_ABSI
                         : op->kind == SOL_OP_CTLZ ? EX_CTLZ
                         : op->kind == SOL_OP_CTTZ ? EX_CTTZ
                                                   : EX_CTPOP;
        comp_emit(C, opc, d, a, -1, op)->w = (uint16_t)comp_int_width(op->results[0].type);
        comp_narrow(C, d, op->results[0].type, op);
        return;
    }
    default:
        break;
    }
    if (info->syntax == SOL_SYN_CAST) {
        comp_cast(C, op, d, a);
        return;
    }
    if ((info->flags & SOL_OPF_INT) && info->syntax == SOL_SYN_BINARY) {
        ExecOpcode opc = comp_int_binop((SolOpKind)op->kind);
        if (opc != EX_COUNT) {
            comp_emit(C, opc, d, a, b, op)->w = (uint16_t)comp_int_width(op->results[0].type);
            comp_narrow(C, d, op->results[0].type, op);
            return;
        }
    }
    if ((info->flags & SOL_OPF_FLOAT) && info->syntax == SOL_SYN_BINARY) {
        comp_float_binary(C, op, d, a, b);
        return;
    }
    if ((info->flags & SOL_OPF_FLOAT) && info->syntax == SOL_SYN_UNARY &&
        comp_math1_fns((SolOpKind)op->kind, &f1, &f1f)) {
        const SolType *t = op->results[0].type;
        bool f32 = comp_uses_f32_ops(C, t);
        Insn *in = comp_emit(C, f32 ? EX_MATH1_F32 : EX_MATH1, d, a, -1, op);
        if (f32)
            in->x.f1f = f1f;
        else
            in->x.f1 = f1;
        if (t->fkind != SOL_F32)
            comp_round_float(C, d, t, op);
        return;
    }
    comp_fail(C, op, "op not supported by the executor");
}

static void compile_block(Compiler *C, SolBlock *b)
{
    sol_block_for_each_op(op, b)
    {
        compile_op(C, op);
        if (!C->ok)
            return;
    }
}

/* ---- functions and the program ------------------------------------------------------------ */

static bool compile_func(ExecProgram *prog, ExecFunc *f, SolTensor *const *args,
                         bool unsafe_dealloc)
{
    Compiler C = {.prog = prog,
                  .ctx = prog->module->ctx,
                  .m = prog->module,
                  .fn = f,
                  .arg_tensors = args,
                  .unsafe_dealloc = unsafe_dealloc,
                  .ok = true};
    sol_ptr_map_init(&C.regs, 128);
    SolBlock *body = sol_region_first_block(&f->op->regions[0]);
    f->nargs = body->num_args;
    f->arg_regs = sol_arena_alloc(&prog->arena, (body->num_args + 1) * sizeof *f->arg_regs);
    for (uint32_t i = 0; i < body->num_args; i++)
        f->arg_regs[i] = comp_value_reg(&C, &body->args[i]);
    compile_block(&C, body);
    /* A body that falls off its end (verified IR always returns) stops like a return. */
    comp_emit(&C, EX_RET, -1, -1, -1, f->op)->x.call = NULL;
    f->ncode = (uint32_t)C.code.len;
    f->code = sol_arena_alloc(&prog->arena, C.code.len * sizeof *f->code);
    memcpy(f->code, C.code.data, C.code.len * sizeof *f->code);
    f->nconsts = (uint32_t)C.consts.len;
    f->consts = sol_arena_alloc(&prog->arena, (C.consts.len + 1) * sizeof *f->consts);
    if (C.consts.len) /* memcpy from NULL is undefined even for 0 bytes */
        memcpy(f->consts, C.consts.data, C.consts.len * sizeof *f->consts);
    f->nregs = C.nregs;
    f->reg_kind = sol_arena_alloc(&prog->arena, C.nregs + 1);
    if (C.nregs)
        memcpy(f->reg_kind, C.kinds.data, C.nregs);
    f->compiled = C.ok;
    sol_vec_free(&C.code);
    sol_vec_free(&C.consts);
    sol_ptr_map_free(&C.regs);
    sol_vec_free(&C.int_consts);
    sol_vec_free(&C.kinds);
    return C.ok;
}

static bool find_unsafe_dealloc(SolOp *op, void *user)
{
    if (op->kind == SOL_OP_DEALLOC) {
        const SolValue *v = sol_op_operand(op, 0);
        if (!v->def || v->def->kind != SOL_OP_ALLOC) {
            *(bool *)user = true;
            return false;
        }
    }
    return true;
}

typedef struct CallsOf {
    const SolIdent *callee;
    bool found;
} CallsOf;

static bool find_call_to(SolOp *op, void *user)
{
    CallsOf *c = user;
    if (op->kind == SOL_OP_CALL && op->props.func->sym == c->callee) {
        c->found = true;
        return false;
    }
    return true;
}

ExecFunc *sol_exec_find_func(ExecProgram *prog, const SolOp *func)
{
    for (uint32_t i = 0; i < prog->nfuncs; i++)
        if (prog->funcs[i].op == func)
            return &prog->funcs[i];
    return NULL;
}

bool sol_exec_compile(ExecProgram *prog, SolModule *m, SolOp *entry, SolTensor *const *args,
                      const SolExecOptions *opts, SolExecStats *stats)
{
    memset(prog, 0, sizeof *prog);
    prog->module = m;
    prog->precision = opts->precision;
    prog->batch = !opts->no_batch;
    prog->stats = stats;
    SolBlock *mb = sol_module_body(m);
    uint32_t n = 0;
    sol_block_for_each_op(op, mb) { n += op->kind == SOL_OP_FUNC; }
    prog->funcs = sol_arena_alloc(&prog->arena, (n + 1) * sizeof *prog->funcs);
    sol_block_for_each_op(op, mb)
    {
        if (op->kind != SOL_OP_FUNC || op->num_regions == 0 ||
            !sol_region_first_block(&op->regions[0]))
            continue; /* declarations have no body; calling one is a compile error */
        prog->funcs[prog->nfuncs++].op = op;
    }
    bool unsafe = false;
    sol_op_walk(m->op, find_unsafe_dealloc, &unsafe);
    /* The argument shapes of this run hold for the entry's own frame only: when the module
     * also calls the entry, its frames see other buffers, so nothing is proved from them
     * (nor are its arguments assumed to be distinct buffers). */
    CallsOf co = {entry->props.func->sym, false};
    sol_op_walk(m->op, find_call_to, &co);
    prog->distinct_args = co.found ? NULL : entry;
    bool ok = true;
    for (uint32_t i = 0; i < prog->nfuncs; i++) {
        ExecFunc *f = &prog->funcs[i];
        ok &= compile_func(prog, f, f->op == prog->distinct_args ? args : NULL, unsafe);
    }
    return ok;
}

void sol_exec_program_free(ExecProgram *prog) { sol_arena_release(&prog->arena); }

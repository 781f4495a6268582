/*
 * The straight-line instructions as C (see cgen_state.h for names): one statement per
 * instruction, each the C spelling of its case in arith.h or interp.c, over scalar.h's helpers
 * where the semantics are more than an operator. Float registers of kind F32 are C floats, so
 * an f32 `+ - * /` is one float operation: the interpreter's double operation rounded to
 * float gives the same bits (a double holds the exact sum, difference or product of two
 * floats, and rounds a quotient innocuously). Nothing here is contracted or reassociated:
 * programs are compiled with -ffp-contract=off and without fast-math (cload.c).
 */
#include "Exec/cgen_state.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>

const char *cg_ctype(ExecRegKind k)
{
    switch (k) {
    case EXEC_REG_F32:
        return "float";
    case EXEC_REG_F64:
        return "double";
    case EXEC_REG_MEM:
        return "ExecBuf *";
    default:
        return "int64_t";
    }
}

void cg_put_i64(Gen *g, int64_t v)
{
    if (v == INT64_MIN)
        cg_put(g, "(-INT64_C(9223372036854775807) - 1)");
    else
        cg_put(g, "INT64_C(%" PRId64 ")", v);
}

static ExecRegKind kind(const Gen *g, int32_t r) { return (ExecRegKind)g->f->reg_kind[r]; }

int32_t cg_rn(Gen *g, int32_t r)
{
    if (!g->rmap)
        return r;
    if (g->rmap[r] < 0) {
        g->rmap[r] = (int32_t)g->nr;
        g->rback[g->nr++] = r;
    }
    return g->rmap[r];
}

uint32_t cg_label(const Gen *g, uint32_t pc) { return g->rmap ? pc - g->pc_base : pc; }

void cg_put_pc(Gen *g, uint32_t pc)
{
    if (g->rmap)
        cg_put(g, "pc0 + %u", pc - g->pc_base);
    else
        cg_put(g, "%u", pc);
}

const char *cg_r(Gen *g, int32_t r)
{
    char *b = g->names[g->next_name++ % 8];
    int32_t n = cg_rn(g, r);
    if (g->lanes && g->varies[r] && g->lane0 && r == g->lane_iv)
        snprintf(b, sizeof g->names[0], "r%d", n); /* lane 0 of the lane IV */
    else if (g->lanes && g->varies[r])
        snprintf(b, sizeof g->names[0], "%s%d[%s]", g->lane_prefix, n, g->lane0 ? "0" : "l");
    else
        snprintf(b, sizeof g->names[0], "r%d", n);
    return b;
}

/* ---- registers read and written ----------------------------------------------------------- */

static void lin_reads(const Linear *l, void (*fn)(int32_t, void *), void *user)
{
    for (uint32_t k = 0; k < l->nterms; k++)
        fn(l->reg[k], user);
}

void cg_for_each_read(const Insn *in, void (*fn)(int32_t reg, void *user), void *user)
{
    switch ((ExecOpcode)in->opc) {
    case EX_LIN:
        lin_reads(in->x.lin, fn, user);
        return;
    case EX_LOAD:
    case EX_STORE: {
        const Access *acc = in->x.acc;
        fn(acc->mem, user);
        if (in->opc == EX_STORE)
            fn(in->a, user);
        if (acc->proved)
            lin_reads(&acc->flat, fn, user);
        else
            for (uint32_t r = 0; r < acc->rank; r++)
                lin_reads(&acc->subs[r], fn, user);
        return;
    }
    case EX_CALL:
        for (uint32_t i = 0; i < in->x.call->nargs; i++)
            fn(in->x.call->args[i], user);
        return;
    case EX_RET:
    case EX_HALT:
        if (in->x.call)
            for (uint32_t i = 0; i < in->x.call->nargs; i++)
                fn(in->x.call->args[i], user);
        return;
    case EX_ALLOC:
        for (uint32_t i = 0, k = 0; i < in->x.alloc->rank; i++)
            if (in->x.alloc->dims[i] == SOL_DYNAMIC)
                fn(in->x.alloc->dyn[k++], user);
        return;
    case EX_JMP:
        return;
    default:
        break;
    }
    if (in->a >= 0)
        fn(in->a, user);
    if (in->b >= 0 && in->opc != EX_MULC)
        fn(in->b, user);
    if ((in->opc == EX_SELECT || in->opc == EX_FMA || in->opc == EX_FMA_F32) && in->c >= 0)
        fn(in->c, user);
}

int32_t cg_written_reg(const Insn *in)
{
    switch ((ExecOpcode)in->opc) {
    case EX_STORE:
    case EX_JMP:
    case EX_JNEG:
    case EX_JNZ:
    case EX_CALL:
    case EX_RET:
    case EX_HALT:
    case EX_DEALLOC:
    case EX_BATCH:
        return -1;
    default:
        return in->d;
    }
}

/* ---- faults ------------------------------------------------------------------------------- */

typedef struct DumpCtx {
    Gen *g;
} DumpCtx;

static void dump_reg(int32_t r, void *user)
{
    Gen *g = ((DumpCtx *)user)->g;
    char field = kind(g, r) == EXEC_REG_MEM ? 'm' : kind(g, r) == EXEC_REG_INT ? 'i' : 'f';
    if (g->rmap) /* in an outlined body, rm_ maps the text's numbers back */
        cg_put(g, "X->regs[rm_[%d]].%c = %s; ", cg_rn(g, r), field, cg_r(g, r));
    else
        cg_put(g, "X->regs[%d].%c = %s; ", r, field, cg_r(g, r));
}

void cg_fault(Gen *g, SolCgFault kind, uint32_t pc)
{
    static const char *const names[] = {[SOL_CG_FAULT_REPLAY] = "SOL_CG_FAULT_REPLAY",
                                        [SOL_CG_FAULT_STEPS] = "SOL_CG_FAULT_STEPS",
                                        [SOL_CG_FAULT_DEPTH] = "SOL_CG_FAULT_DEPTH",
                                        [SOL_CG_FAULT_REPORTED] = "SOL_CG_FAULT_REPORTED",
                                        [SOL_CG_FAULT_REORDERED] = "SOL_CG_FAULT_REORDERED"};
    static const char *const exits[] = {[SOL_CG_FAULT_STEPS] = "steps",
                                        [SOL_CG_FAULT_DEPTH] = "depth",
                                        [SOL_CG_FAULT_REPORTED] = "reported",
                                        [SOL_CG_FAULT_REORDERED] = "reordered"};
    if (g->lanes) { /* lanes run out of order: the rerun in order reports it */
        cg_put(g, "goto reordered;\n");
        return;
    }
    if (kind != SOL_CG_FAULT_REPLAY && g->inner < 0) { /* the function's shared exit */
        cg_put(g, "{ fpc_ = ");
        cg_put_pc(g, pc);
        cg_put(g, "; goto %s; }\n", exits[kind]);
        return;
    }
    cg_put(g, "{ ");
    if (kind == SOL_CG_FAULT_REPLAY) {
        DumpCtx d = {g};
        cg_for_each_read(&g->f->code[pc], dump_reg, &d);
    }
    cg_put(g, "X->fault = %s; X->fault_func = %u; X->fault_pc = ", names[kind], g->fid);
    cg_put_pc(g, pc);
    cg_put(g, "; ");
    if (g->inner >= 0) /* the innermost loop took all its steps up front */
        cg_put(g, "B += m%d - (uint64_t)(t%d - f%d) - 1; ", g->inner, g->inner, g->inner);
    cg_put(g, "goto fail; }\n");
}

void cg_put_exits(Gen *g)
{
    cg_put(g,
           "steps: X->fault = SOL_CG_FAULT_STEPS; goto at;\n"
           "depth: X->fault = SOL_CG_FAULT_DEPTH; goto at;\n"
           "reported: X->fault = SOL_CG_FAULT_REPORTED; goto at;\n"
           "reordered: X->fault = SOL_CG_FAULT_REORDERED;\n"
           "at: X->fault_func = %u; X->fault_pc = fpc_;\n"
           "fail:\nX->budget = B;\nreturn 0;\n}\n\n",
           g->fid);
}

#define REPLAY(g, pc) cg_fault(g, SOL_CG_FAULT_REPLAY, pc)

/* ---- memory accesses ---------------------------------------------------------------------- */

static const char *elem_ctype(SolElemKind e)
{
    switch (e) {
    case SOL_ELEM_F16:
    case SOL_ELEM_BF16:
        return "uint16_t";
    case SOL_ELEM_F32:
        return "float";
    case SOL_ELEM_F64:
        return "double";
    case SOL_ELEM_I1:
        return "char";
    case SOL_ELEM_I8:
        return "int8_t";
    case SOL_ELEM_I32:
        return "int32_t";
    default:
        return "int64_t";
    }
}

void cg_put_linear(Gen *g, const Linear *l)
{
    cg_put_i64(g, l->c0);
    for (uint32_t k = 0; k < l->nterms; k++) {
        cg_put(g, " + ");
        cg_put_i64(g, l->coef[k]);
        cg_put(g, " * %s", cg_r(g, l->reg[k]));
    }
}

/* Opens a block in which `E` is the element lvalue of the access at pc: a proved access
 * indexes the data pointer with its flat offset; a checked one faults unless the buffer is
 * alive, of the access's rank and every subscript (computed without overflow) is in range. */
static void open_access(Gen *g, uint32_t pc)
{
    const Insn *in = &g->f->code[pc];
    const Access *acc = in->x.acc;
    const char *t = elem_ctype((SolElemKind)in->w);
    if (acc->proved) {
        cg_put(g, "{ %s *const E_ = (%s *)d%d + (", t, t, cg_rn(g, acc->mem));
        cg_put_linear(g, &acc->flat);
        cg_put(g, ");\n");
        return;
    }
    cg_put(g, "{ ExecBuf *const b_ = %s;\n", cg_r(g, acc->mem));
    cg_put(g, "if (!b_ || !b_->alive || b_->rank != %u) ", acc->rank);
    REPLAY(g, pc);
    for (uint32_t r = 0; r < acc->rank; r++) {
        const Linear *l = &acc->subs[r];
        cg_put(g, "int64_t s%u_ = ", r);
        cg_put_i64(g, l->c0);
        cg_put(g, ";\nif (!(1");
        for (uint32_t k = 0; k < l->nterms; k++) {
            cg_put(g, " && cg_mac(&s%u_, ", r);
            cg_put_i64(g, l->coef[k]);
            cg_put(g, ", %s)", cg_r(g, l->reg[k]));
        }
        cg_put(g, " && (uint64_t)s%u_ < (uint64_t)b_->dims[%u])) ", r, r);
        REPLAY(g, pc);
    }
    if (g->restrict_mem[acc->mem])
        cg_put(g, "%s *const E_ = (%s *)d%d + (0", t, t, cg_rn(g, acc->mem));
    else
        cg_put(g, "%s *const E_ = (%s *)b_->data + (0", t, t);
    for (uint32_t r = 0; r < acc->rank; r++)
        cg_put(g, " + s%u_ * b_->strides[%u]", r, r);
    cg_put(g, ");\n");
}

static void emit_load(Gen *g, const Insn *in)
{
    int32_t d = in->d;
    switch ((SolElemKind)in->w) {
    case SOL_ELEM_F16:
        cg_put(g, "%s = SC_FLOAT_FROM_BITS(*E_, SC_F16);", cg_r(g, d));
        break;
    case SOL_ELEM_BF16:
        cg_put(g, "%s = bf16_load(*E_);", cg_r(g, d));
        break;
    case SOL_ELEM_I1:
        cg_put(g, "%s = i1_load(*E_);", cg_r(g, d));
        break;
    default:
        cg_put(g, "%s = *E_;", cg_r(g, d));
        break;
    }
    cg_put(g, " }\n");
}

static void emit_store(Gen *g, const Insn *in)
{
    int32_t a = in->a;
    switch ((SolElemKind)in->w) {
    case SOL_ELEM_F32:
        cg_put(g, "*E_ = (float)%s;", cg_r(g, a));
        break;
    case SOL_ELEM_F64:
        cg_put(g, "*E_ = (double)%s;", cg_r(g, a));
        break;
    case SOL_ELEM_F16:
        cg_put(g, "*E_ = (uint16_t)SC_FLOAT_TO_BITS(%s, SC_F16);", cg_r(g, a));
        break;
    case SOL_ELEM_BF16:
        cg_put(g, "*E_ = (uint16_t)SC_FLOAT_TO_BITS(%s, SC_BF16);", cg_r(g, a));
        break;
    case SOL_ELEM_I1:
        cg_put(g, "*E_ = (char)(%s & 1);", cg_r(g, a));
        break;
    case SOL_ELEM_I8:
        cg_put(g, "*E_ = (int8_t)%s;", cg_r(g, a));
        break;
    case SOL_ELEM_I32:
        cg_put(g, "*E_ = (int32_t)%s;", cg_r(g, a));
        break;
    default:
        cg_put(g, "*E_ = %s;", cg_r(g, a));
        break;
    }
    cg_put(g, " }\n");
}

/* ---- memrefs ------------------------------------------------------------------------------ */

static void emit_alloc(Gen *g, uint32_t pc)
{
    const Insn *in = &g->f->code[pc];
    const AllocSite *s = in->x.alloc;
    cg_put(g, "{ const int64_t dims_[%u] = {", s->rank + 1);
    for (uint32_t r = 0, k = 0; r < s->rank; r++) {
        if (s->dims[r] == SOL_DYNAMIC)
            cg_put(g, "%s, ", cg_r(g, s->dyn[k++]));
        else
            cg_put(g, "INT64_C(%" PRId64 "), ", s->dims[r]);
    }
    cg_put(g, "0};\n%s = cg_host->alloc(X, %u, %u, dims_);\nif (!%s) ", cg_r(g, in->d), g->fid, pc,
           cg_r(g, in->d));
    cg_fault(g, SOL_CG_FAULT_REPORTED, pc);
    cg_put(g, "d%d = %s->data; }\n", cg_rn(g, in->d), cg_r(g, in->d));
}

static void emit_dim(Gen *g, uint32_t pc)
{
    const Insn *in = &g->f->code[pc];
    cg_put(g, "if (!%s || !%s->alive || %s < 0 || (uint64_t)%s >= %s->rank) ", cg_r(g, in->a),
           cg_r(g, in->a), cg_r(g, in->b), cg_r(g, in->b), cg_r(g, in->a));
    REPLAY(g, pc);
    cg_put(g, "%s = %s->dims[%s];\n", cg_r(g, in->d), cg_r(g, in->a), cg_r(g, in->b));
}

/* ---- arithmetic --------------------------------------------------------------------------- */

static uint32_t fn_index(const Gen *g, SolCgFn fn)
{
    for (uint32_t i = 0; i < g->nfns; i++)
        if (g->fns[i] == fn)
            return i;
    abort(); /* every pointer an instruction holds comes from sol_exec_math_table */
}

/* A float register as a double expression. */
static void fval(Gen *g, int32_t r)
{
    if (kind(g, r) == EXEC_REG_F32)
        cg_put(g, "(double)%s", cg_r(g, r));
    else
        cg_put(g, "%s", cg_r(g, r));
}

static void f64_binary(Gen *g, const Insn *in, const char *op)
{
    cg_put(g, "%s = ", cg_r(g, in->d));
    fval(g, in->a);
    cg_put(g, " %s ", op);
    fval(g, in->b);
    cg_put(g, ";\n");
}

/* f32 `+ - * /`: one float operation when both operands are floats (see the file comment). */
static void f32_binary(Gen *g, const Insn *in, const char *op)
{
    if (kind(g, in->a) == EXEC_REG_F32 && kind(g, in->b) == EXEC_REG_F32) {
        cg_put(g, "%s = %s %s %s;\n", cg_r(g, in->d), cg_r(g, in->a), op, cg_r(g, in->b));
        return;
    }
    cg_put(g, "%s = (float)(", cg_r(g, in->d));
    fval(g, in->a);
    cg_put(g, " %s ", op);
    fval(g, in->b);
    cg_put(g, ");\n");
}

static void call_fn(Gen *g, const Insn *in, const char *sig, SolCgFn fn, bool f32, int nargs)
{
    cg_put(g, "%s = %s(%u)(", cg_r(g, in->d), sig, fn_index(g, fn));
    int32_t regs[3] = {in->a, in->b, in->c};
    for (int i = 0; i < nargs; i++) {
        if (i)
            cg_put(g, ", ");
        if (f32)
            cg_put(g, "(float)%s", cg_r(g, regs[i]));
        else
            fval(g, regs[i]);
    }
    cg_put(g, ");\n");
}

/* The divide() of arith.h: its fault conditions, then the operation. */
static void emit_divide(Gen *g, uint32_t pc)
{
    const Insn *in = &g->f->code[pc];
    uint32_t w = in->w ? in->w : 64;
    int32_t d = in->d, a = in->a, b = in->b;
    if (in->opc == EX_DIVUI || in->opc == EX_REMUI) {
        cg_put(g, "{ const uint64_t ua_ = zext(%s, %u), ub_ = zext(%s, %u);\nif (ub_ == 0) ",
               cg_r(g, a), w, cg_r(g, b), w);
        REPLAY(g, pc);
        cg_put(g, "%s = (int64_t)(ua_ %c ub_); }\n", cg_r(g, d), in->opc == EX_DIVUI ? '/' : '%');
        return;
    }
    if (in->opc == EX_REMSI) {
        cg_put(g, "if (%s == 0) ", cg_r(g, b));
        REPLAY(g, pc);
        cg_put(g, "%s = %s == -1 ? 0 : %s %% %s;\n", cg_r(g, d), cg_r(g, b), cg_r(g, a),
               cg_r(g, b));
        return;
    }
    int64_t min = w >= 64 ? INT64_MIN : -(int64_t)(1ull << (w - 1));
    cg_put(g, "if (%s == 0 || (%s == ", cg_r(g, b), cg_r(g, a));
    cg_put_i64(g, min);
    cg_put(g, " && %s == -1)) ", cg_r(g, b));
    REPLAY(g, pc);
    if (in->opc == EX_DIVSI)
        cg_put(g, "%s = %s / %s;\n", cg_r(g, d), cg_r(g, a), cg_r(g, b));
    else
        cg_put(g, "%s = %s(%s, %s);\n", cg_r(g, d),
               in->opc == EX_FLOORDIVSI ? "sc_floordiv" : "sc_ceildiv", cg_r(g, a), cg_r(g, b));
}

static void emit_shift(Gen *g, uint32_t pc)
{
    const Insn *in = &g->f->code[pc];
    cg_put(g, "{ const uint64_t n_ = zext(%s, %u);\nif (n_ >= %u) ", cg_r(g, in->b), in->w, in->w);
    REPLAY(g, pc);
    if (in->opc == EX_SHLI)
        cg_put(g, "%s = (int64_t)((uint64_t)%s << n_); }\n", cg_r(g, in->d), cg_r(g, in->a));
    else if (in->opc == EX_SHRSI)
        cg_put(g, "%s = %s >> n_; }\n", cg_r(g, in->d), cg_r(g, in->a));
    else
        cg_put(g, "%s = (int64_t)(zext(%s, %u) >> n_); }\n", cg_r(g, in->d), cg_r(g, in->a), in->w);
}

static void emit_move(Gen *g, int32_t d, int32_t a)
{
    cg_put(g, "%s = %s;", cg_r(g, d), cg_r(g, a));
    if (kind(g, d) == EXEC_REG_MEM)
        cg_put(g, " d%d = d%d;", cg_rn(g, d), cg_rn(g, a));
    cg_put(g, "\n");
}

void cg_insn(Gen *g, uint32_t pc)
{
    const Insn *in = &g->f->code[pc];
    int32_t d = in->d, a = in->a, b = in->b, c = in->c;
    uint32_t w = in->w;
    switch ((ExecOpcode)in->opc) {
    case EX_MOV:
        emit_move(g, d, a);
        return;
    case EX_LIN:
        cg_put(g, "%s = ", cg_r(g, d));
        cg_put_linear(g, in->x.lin);
        cg_put(g, ";\n");
        return;
    case EX_LOAD:
        open_access(g, pc);
        emit_load(g, in);
        return;
    case EX_STORE:
        open_access(g, pc);
        emit_store(g, in);
        return;
    case EX_ALLOC:
        emit_alloc(g, pc);
        return;
    case EX_DEALLOC:
        cg_put(g, "if (!cg_host->dealloc(X, %u, %u, %s)) ", g->fid, pc, cg_r(g, a));
        cg_fault(g, SOL_CG_FAULT_REPORTED, pc);
        return;
    case EX_DIM:
        emit_dim(g, pc);
        return;
    case EX_ADDI:
        cg_put(g, "%s = %s + %s;\n", cg_r(g, d), cg_r(g, a), cg_r(g, b));
        return;
    case EX_SUBI:
        cg_put(g, "%s = %s - %s;\n", cg_r(g, d), cg_r(g, a), cg_r(g, b));
        return;
    case EX_MULI:
        cg_put(g, "%s = %s * %s;\n", cg_r(g, d), cg_r(g, a), cg_r(g, b));
        return;
    case EX_MULC:
        cg_put(g, "%s = %s * ", cg_r(g, d), cg_r(g, a));
        cg_put_i64(g, in->x.imm);
        cg_put(g, ";\n");
        return;
    case EX_DIVSI:
    case EX_DIVUI:
    case EX_CEILDIVSI:
    case EX_FLOORDIVSI:
    case EX_REMSI:
    case EX_REMUI:
        emit_divide(g, pc);
        return;
    case EX_ANDI:
        cg_put(g, "%s = %s & %s;\n", cg_r(g, d), cg_r(g, a), cg_r(g, b));
        return;
    case EX_ORI:
        cg_put(g, "%s = %s | %s;\n", cg_r(g, d), cg_r(g, a), cg_r(g, b));
        return;
    case EX_XORI:
        cg_put(g, "%s = %s ^ %s;\n", cg_r(g, d), cg_r(g, a), cg_r(g, b));
        return;
    case EX_SHLI:
    case EX_SHRSI:
    case EX_SHRUI:
        emit_shift(g, pc);
        return;
    case EX_MAXSI:
        cg_put(g, "%s = %s > %s ? %s : %s;\n", cg_r(g, d), cg_r(g, a), cg_r(g, b), cg_r(g, a),
               cg_r(g, b));
        return;
    case EX_MINSI:
        cg_put(g, "%s = %s < %s ? %s : %s;\n", cg_r(g, d), cg_r(g, a), cg_r(g, b), cg_r(g, a),
               cg_r(g, b));
        return;
    case EX_MAXUI:
        cg_put(g, "%s = zext(%s, %u) > zext(%s, %u) ? %s : %s;\n", cg_r(g, d), cg_r(g, a), w,
               cg_r(g, b), w, cg_r(g, a), cg_r(g, b));
        return;
    case EX_MINUI:
        cg_put(g, "%s = zext(%s, %u) < zext(%s, %u) ? %s : %s;\n", cg_r(g, d), cg_r(g, a), w,
               cg_r(g, b), w, cg_r(g, a), cg_r(g, b));
        return;
    case EX_AFLOORDIV:
    case EX_ACEILDIV:
        cg_put(g, "%s = %s(%s, ", cg_r(g, d),
               in->opc == EX_AFLOORDIV ? "sc_floordiv" : "sc_ceildiv", cg_r(g, a));
        cg_put_i64(g, in->x.imm);
        cg_put(g, ");\n");
        return;
    case EX_AMOD:
        if (in->x.imm > 0) {
            cg_put(g, "%s = sc_floormod(%s, ", cg_r(g, d), cg_r(g, a));
            cg_put_i64(g, in->x.imm);
            cg_put(g, ");\n");
            return;
        }
        cg_put(g, "if (%s <= 0) ", cg_r(g, b));
        REPLAY(g, pc);
        cg_put(g, "%s = sc_floormod(%s, %s);\n", cg_r(g, d), cg_r(g, a), cg_r(g, b));
        return;
    case EX_SEXT:
        cg_put(g, "%s = sext(%s, %u);\n", cg_r(g, d), cg_r(g, a), w);
        return;
    case EX_ZEXT:
        cg_put(g, "%s = (int64_t)zext(%s, %u);\n", cg_r(g, d), cg_r(g, a), w);
        return;
    case EX_ABSI:
        cg_put(g, "%s = %s < 0 ? (int64_t)(0 - (uint64_t)%s) : %s;\n", cg_r(g, d), cg_r(g, a),
               cg_r(g, a), cg_r(g, a));
        return;
    case EX_CTLZ:
        cg_put(g,
               "{ const uint64_t x_ = zext(%s, %u); %s = x_ ? __builtin_clzll(x_) - %d : %u; }\n",
               cg_r(g, a), w, cg_r(g, d), 64 - (int)w, w);
        return;
    case EX_CTTZ:
        cg_put(g, "{ const uint64_t x_ = zext(%s, %u); %s = x_ ? __builtin_ctzll(x_) : %u; }\n",
               cg_r(g, a), w, cg_r(g, d), w);
        return;
    case EX_CTPOP:
        cg_put(g, "%s = __builtin_popcountll(zext(%s, %u));\n", cg_r(g, d), cg_r(g, a), w);
        return;
    case EX_CMPI:
        cg_put(g, "%s = cmpi(%u, %s, %s, %u) ? -1 : 0;\n", cg_r(g, d), (unsigned)in->x.imm,
               cg_r(g, a), cg_r(g, b), w);
        return;
    case EX_SELECT:
        cg_put(g, "%s = %s ? %s : %s;", cg_r(g, d), cg_r(g, a), cg_r(g, b), cg_r(g, c));
        if (kind(g, d) == EXEC_REG_MEM)
            cg_put(g, " d%d = %s ? d%d : d%d;", cg_rn(g, d), cg_r(g, a), cg_rn(g, b), cg_rn(g, c));
        cg_put(g, "\n");
        return;
    case EX_ADDF:
        f64_binary(g, in, "+");
        return;
    case EX_SUBF:
        f64_binary(g, in, "-");
        return;
    case EX_MULF:
        f64_binary(g, in, "*");
        return;
    case EX_DIVF:
        f64_binary(g, in, "/");
        return;
    case EX_REMF:
        call_fn(g, in, "CG_FD2", (SolCgFn)fmod, false, 2);
        return;
    case EX_MAXIMUMF:
    case EX_MINIMUMF:
    case EX_MAXNUMF:
    case EX_MINNUMF:
        cg_put(g, "%s = %s(", cg_r(g, d),
               in->opc == EX_MAXIMUMF   ? "maximumf"
               : in->opc == EX_MINIMUMF ? "minimumf"
               : in->opc == EX_MAXNUMF  ? "maxnumf"
                                        : "minnumf");
        fval(g, a);
        cg_put(g, ", ");
        fval(g, b);
        cg_put(g, ");\n");
        return;
    case EX_NEGF:
        cg_put(g, "%s = -", cg_r(g, d));
        fval(g, a);
        cg_put(g, ";\n");
        return;
    case EX_MATH1:
        call_fn(g, in, "CG_FD1", (SolCgFn)in->x.f1, false, 1);
        return;
    case EX_MATH2:
        call_fn(g, in, "CG_FD2", (SolCgFn)in->x.f2, false, 2);
        return;
    case EX_FMA:
        call_fn(g, in, "CG_FD3", (SolCgFn)fma, false, 3);
        return;
    case EX_ADDF_F32:
        f32_binary(g, in, "+");
        return;
    case EX_SUBF_F32:
        f32_binary(g, in, "-");
        return;
    case EX_MULF_F32:
        f32_binary(g, in, "*");
        return;
    case EX_DIVF_F32:
        f32_binary(g, in, "/");
        return;
    case EX_REMF_F32:
        call_fn(g, in, "CG_FF2", (SolCgFn)fmodf, true, 2);
        return;
    case EX_MATH1_F32:
        call_fn(g, in, "CG_FF1", (SolCgFn)in->x.f1f, true, 1);
        return;
    case EX_MATH2_F32:
        call_fn(g, in, "CG_FF2", (SolCgFn)in->x.f2f, true, 2);
        return;
    case EX_FMA_F32:
        call_fn(g, in, "CG_FF3", (SolCgFn)fmaf, true, 3);
        return;
    case EX_ROUND_F32:
        cg_put(g, "%s = (float)%s;\n", cg_r(g, d), cg_r(g, a));
        return;
    case EX_ROUND_F16:
        cg_put(g, "%s = SC_FLOAT_ROUND(%s, SC_F16);\n", cg_r(g, d), cg_r(g, a));
        return;
    case EX_ROUND_BF16:
        cg_put(g, "%s = SC_FLOAT_ROUND(%s, SC_BF16);\n", cg_r(g, d), cg_r(g, a));
        return;
    case EX_CMPF:
        cg_put(g, "%s = cmpf(%u, ", cg_r(g, d), (unsigned)in->x.imm);
        fval(g, a);
        cg_put(g, ", ");
        fval(g, b);
        cg_put(g, ") ? -1 : 0;\n");
        return;
    case EX_SITOFP:
        cg_put(g, "%s = sitofp(%s, %d);\n", cg_r(g, d), cg_r(g, a), c);
        return;
    case EX_UITOFP:
        cg_put(g, "%s = int_to_float(false, zext(%s, %u), %d);\n", cg_r(g, d), cg_r(g, a), w, c);
        return;
    case EX_FPTOSI:
    case EX_FPTOUI:
        cg_put(g, "%s = %s(", cg_r(g, d), in->opc == EX_FPTOSI ? "fptosi" : "fptoui");
        fval(g, a);
        cg_put(g, ", %u);\n", w);
        return;
    case EX_BITCAST_FI:
        cg_put(g, "%s = bitcast_fi(", cg_r(g, d));
        fval(g, a);
        cg_put(g, ", %u);\n", w);
        return;
    case EX_BITCAST_IF:
        cg_put(g, "%s = bitcast_if(%s, %u);\n", cg_r(g, d), cg_r(g, a), w);
        return;
    default:
        abort(); /* control flow is cgen.c's; BATCH never reaches the C engine */
    }
}

/*
 * Lanes: running CG_LANES iterations of a loop at once (cgen_state.h: cg_lanes_possible,
 * cg_lanes_loop). A reduction keeps its order, so `acc = acc + a * b` over k cannot be
 * vectorised along k without changing the result; but the outputs of a parallel loop around it
 * (matmul's j, a convolution's output column) are independent, so CG_LANES of them can
 * accumulate side by side, each in its own order: the same bits, CG_LANES times the work per
 * instruction, and the adds of one lane overlap those of the others instead of waiting on
 * their own latency.
 *
 * A jammed block runs iterations t .. t + CG_LANES - 1 of the loop (the lane loop). Registers
 * whose value depends on the lane (`varies`, from the lane loop's IV through every instruction
 * that reads one) become GCC/clang vectors (cg_vf32, cg_vf64, cg_vi64); the others stay scalars
 * shared by all lanes. Float and integer + - * of whole vectors are vector expressions; any
 * other instruction runs lane by lane with the scalar code of cgen_insn.c. A load or store
 * whose address varies must be contiguous across lanes (the lane IV with coefficient 1, all
 * else uniform), so it is one vector move.
 *
 * Control flow inside must be the same for every lane: an inner loop's bounds and a branch's
 * condition are uniform, or computed from the lane IV and values defined outside by pure
 * integer ops (a padded convolution's clipped window); the block computes those for every lane
 * first and runs in lanes only when they agree, else one iteration at a time (as it does at
 * the end of the loop). Steps count CG_LANES per iteration of an inner loop, up front; a fault
 * or the step limit in a jammed block is SOL_CG_FAULT_REORDERED, and the host reruns the
 * function in order with in_order set, which these blocks obey.
 */
#include "Exec/cgen_state.h"

#include <inttypes.h>
#include <stdlib.h>

#define LANES 8 /* CG_LANES of cprelude.h */

typedef struct Plan {
    uint32_t p, q; /* the lane loop's FOR and NEXT */
    int32_t iv;
    bool *varies;    /* per register: a value per lane */
    bool *written;   /* per register: written inside the loop */
    bool *precheck;  /* per register: the lane IV, or computed from it by a pure integer op
                      * of values defined outside (evaluated per lane before the block) */
    bool *pc_needed; /* per pc: an instruction the uniformity check evaluates */
    bool *ctrl_only; /* per register: a precheck value used only to steer (or to compute
                      * another such): a scalar in the block, computed from lane 0 */
    SolVecOf(int32_t) controls; /* varying registers that steer control flow */
} Plan;

static void plan_free(Plan *P)
{
    free(P->varies), free(P->written), free(P->precheck), free(P->pc_needed), free(P->ctrl_only);
    sol_vec_free(&P->controls);
}

static bool lane_opcode(ExecOpcode k)
{
    switch (k) {
    case EX_MOV:
    case EX_LIN:
    case EX_LOAD:
    case EX_STORE:
    case EX_ADDI:
    case EX_SUBI:
    case EX_MULI:
    case EX_MULC:
    case EX_ANDI:
    case EX_ORI:
    case EX_XORI:
    case EX_MAXSI:
    case EX_MINSI:
    case EX_MAXUI:
    case EX_MINUI:
    case EX_AFLOORDIV:
    case EX_ACEILDIV:
    case EX_SEXT:
    case EX_ZEXT:
    case EX_ABSI:
    case EX_CMPI:
    case EX_SELECT:
    case EX_ADDF:
    case EX_SUBF:
    case EX_MULF:
    case EX_DIVF:
    case EX_MAXIMUMF:
    case EX_MINIMUMF:
    case EX_MAXNUMF:
    case EX_MINNUMF:
    case EX_NEGF:
    case EX_MATH1:
    case EX_MATH2:
    case EX_FMA:
    case EX_ADDF_F32:
    case EX_SUBF_F32:
    case EX_MULF_F32:
    case EX_DIVF_F32:
    case EX_MATH1_F32:
    case EX_MATH2_F32:
    case EX_FMA_F32:
    case EX_ROUND_F32:
    case EX_ROUND_F16:
    case EX_ROUND_BF16:
    case EX_CMPF:
    case EX_SITOFP:
    case EX_UITOFP:
    case EX_FPTOSI:
    case EX_FPTOUI:
    case EX_FOR:
    case EX_NEXT:
    case EX_JMP:
    case EX_JNEG:
    case EX_JNZ:
        return true;
    case EX_AMOD: /* by a constant only: by a register it can fault */
    default:
        return false;
    }
}

/* An integer op that cannot fault, so it may run per lane before the block decides. */
static bool pure_int(const Insn *in)
{
    switch ((ExecOpcode)in->opc) {
    case EX_MOV:
    case EX_LIN:
    case EX_ADDI:
    case EX_SUBI:
    case EX_MULI:
    case EX_MULC:
    case EX_MAXSI:
    case EX_MINSI:
    case EX_AFLOORDIV:
    case EX_ACEILDIV:
    case EX_SEXT:
    case EX_ZEXT:
        return true;
    case EX_AMOD:
        return in->x.imm > 0;
    default:
        return false;
    }
}

typedef struct AnyVaries {
    const bool *varies;
    bool any;
} AnyVaries;

static void note_varies(int32_t r, void *user)
{
    AnyVaries *a = user;
    a->any |= a->varies[r];
}

/* The instruction defining r inside the loop, when exactly one does; else -1. */
static int32_t def_of(const ExecFunc *f, const Plan *P, int32_t r)
{
    int32_t at = -1;
    for (uint32_t pc = P->p + 1; pc < P->q; pc++)
        if (f->code[pc].opc != EX_FOR && cg_written_reg(&f->code[pc]) == r) {
            if (at >= 0)
                return -1;
            at = (int32_t)pc;
        }
    return at;
}

typedef struct PrecheckCtx {
    const ExecFunc *f;
    Plan *P;
    int depth;
    bool ok;
} PrecheckCtx;

static bool precheckable(const ExecFunc *f, Plan *P, int32_t r, int depth);

static void precheck_operand(int32_t r, void *user)
{
    PrecheckCtx *c = user;
    c->ok = c->ok && precheckable(c->f, c->P, r, c->depth + 1);
}

/* r can be computed per lane before the block: see Plan.precheck. */
static bool precheckable(const ExecFunc *f, Plan *P, int32_t r, int depth)
{
    if (!P->written[r] || r == P->iv || P->precheck[r])
        return true;
    int32_t pc = def_of(f, P, r);
    if (pc < 0 || depth > 16 || !pure_int(&f->code[pc]) || f->reg_kind[r] != EXEC_REG_INT)
        return false;
    PrecheckCtx c = {f, P, depth, true};
    cg_for_each_read(&f->code[pc], precheck_operand, &c);
    if (c.ok) {
        P->precheck[r] = true;
        P->pc_needed[pc] = true;
    }
    return c.ok;
}

/* A load or store: proved, its buffer the same for all lanes, its address uniform or moving
 * by one element per lane. */
static bool lane_access(const Plan *P, const Insn *in)
{
    const Access *acc = in->x.acc;
    if (!acc->proved || P->varies[acc->mem] || P->written[acc->mem])
        return false;
    bool moves = false;
    for (uint32_t k = 0; k < acc->flat.nterms; k++) {
        int32_t r = acc->flat.reg[k];
        if (!P->varies[r])
            continue;
        if (r != P->iv || acc->flat.coef[k] != 1)
            return false;
        moves = true;
    }
    return in->opc == EX_LOAD || moves; /* a store at one address for all lanes would race */
}

static void find_ctrl_only(const ExecFunc *f, Plan *P);

static bool plan_make(Plan *P, const ExecFunc *f, uint32_t p, const SolOp *entry)
{
    const Insn *head = &f->code[p];
    memset(P, 0, sizeof *P);
    P->p = p;
    P->q = (uint32_t)head->c - 1;
    P->iv = head->d;
    P->varies = sol_xcalloc(f->nregs + 1, 1);
    P->written = sol_xcalloc(f->nregs + 1, 1);
    P->precheck = sol_xcalloc(f->nregs + 1, 1);
    P->pc_needed = sol_xcalloc(f->ncode + 1, 1);
    P->ctrl_only = sol_xcalloc(f->nregs + 1, 1);
    if (head->x.imm != 1 || !cg_loop_is_parallel(f, p, entry))
        return false;
    bool inner_loop = false;
    for (uint32_t pc = p + 1; pc < P->q; pc++) {
        const Insn *in = &f->code[pc];
        if (!lane_opcode((ExecOpcode)in->opc))
            return false;
        inner_loop |= in->opc == EX_FOR;
        int32_t w = cg_written_reg(in);
        if (w >= 0)
            P->written[w] = true;
    }
    if (!inner_loop)
        return false; /* a plain loop the C compiler vectorises itself */
    /* varies: from the IV through every instruction that reads a varying register (inner
     * IVs stay uniform: their bounds are, once the block checked them) */
    P->varies[P->iv] = true;
    for (bool changed = true; changed;) {
        changed = false;
        for (uint32_t pc = p + 1; pc < P->q; pc++) {
            const Insn *in = &f->code[pc];
            int32_t w = cg_written_reg(in);
            if (in->opc == EX_FOR || in->opc == EX_NEXT || w < 0 || P->varies[w])
                continue;
            AnyVaries a = {P->varies, false};
            cg_for_each_read(in, note_varies, &a);
            if (a.any)
                P->varies[w] = changed = true;
        }
    }
    for (uint32_t r = 0; r < f->nregs; r++)
        if (P->varies[r] && f->reg_kind[r] == EXEC_REG_MEM)
            return false;
    for (uint32_t pc = p + 1; pc < P->q; pc++) {
        const Insn *in = &f->code[pc];
        if ((in->opc == EX_LOAD || in->opc == EX_STORE) && !lane_access(P, in))
            return false;
        int32_t ctl[2] = {-1, -1};
        if (in->opc == EX_FOR)
            ctl[0] = in->a, ctl[1] = in->b;
        else if (in->opc == EX_JNEG || in->opc == EX_JNZ)
            ctl[0] = in->a;
        for (int i = 0; i < 2; i++) {
            if (ctl[i] < 0 || !P->varies[ctl[i]])
                continue;
            if (!precheckable(f, P, ctl[i], 0))
                return false;
            sol_vec_push(&P->controls, ctl[i]);
        }
    }
    find_ctrl_only(f, P);
    return true;
}

typedef struct UseCtx {
    const Plan *P;
    bool *drop;
} UseCtx;

static void drop_use(int32_t r, void *user)
{
    UseCtx *c = user;
    c->drop[r] = true;
}

/* Plan.ctrl_only: precheck registers read only by FOR bounds, branches and other ctrl_only
 * registers' definitions. */
static void find_ctrl_only(const ExecFunc *f, Plan *P)
{
    for (uint32_t r = 0; r < f->nregs; r++)
        P->ctrl_only[r] = P->precheck[r] && (int32_t)r != P->iv && P->written[r];
    bool *drop = sol_xcalloc(f->nregs + 1, 1);
    for (bool changed = true; changed;) {
        changed = false;
        memset(drop, 0, f->nregs + 1);
        UseCtx c = {P, drop};
        for (uint32_t pc = P->p + 1; pc < P->q; pc++) {
            const Insn *in = &f->code[pc];
            if (in->opc == EX_FOR || in->opc == EX_NEXT || in->opc == EX_JNEG || in->opc == EX_JNZ)
                continue; /* steering */
            int32_t w = cg_written_reg(in);
            if (w >= 0 && P->ctrl_only[w])
                continue;
            cg_for_each_read(in, drop_use, &c);
        }
        for (uint32_t r = 0; r < f->nregs; r++)
            if (P->ctrl_only[r] && drop[r])
                P->ctrl_only[r] = false, changed = true;
    }
    free(drop);
}

bool cg_lanes_possible(const ExecFunc *f, uint32_t pc, const SolOp *entry)
{
    Plan P;
    bool ok = plan_make(&P, f, pc, entry);
    plan_free(&P);
    return ok;
}

/* ---- writing a jammed block --------------------------------------------------------------- */

static const char *vector_type(ExecRegKind k)
{
    return k == EXEC_REG_F32 ? "cg_vf32" : k == EXEC_REG_F64 ? "cg_vf64" : "cg_vi64";
}

static ExecRegKind kind(const Gen *g, int32_t r) { return (ExecRegKind)g->f->reg_kind[r]; }

/* A control value: lane 0's, which the block checked every lane shares. */
static void put_ctrl(Gen *g, int32_t r)
{
    g->lane0 = true;
    cg_put(g, "%s", cg_r(g, r));
    g->lane0 = false;
}

/* The whole vector of a varying register, or a scalar the vector expression broadcasts. */
static void put_whole(Gen *g, int32_t r)
{
    if (g->varies[r])
        cg_put(g, "rv%d", cg_rn(g, r));
    else
        cg_put(g, "r%d", cg_rn(g, r));
}

static void per_lane(Gen *g, uint32_t pc)
{
    cg_put(g, "for (int l = 0; l < CG_LANES; l++) {\n");
    cg_insn(g, pc);
    cg_put(g, "}\n");
}

/* The element type a vector move needs, or NULL when the kinds do not allow one. */
static const char *moved_type(const Gen *g, SolElemKind e, int32_t r)
{
    if (e == SOL_ELEM_F32 && kind(g, r) == EXEC_REG_F32)
        return "float";
    if (e == SOL_ELEM_F64 && kind(g, r) == EXEC_REG_F64)
        return "double";
    if (e == SOL_ELEM_I64 && kind(g, r) == EXEC_REG_INT)
        return "int64_t";
    return NULL;
}

static void lane_access_insn(Gen *g, uint32_t pc)
{
    const Insn *in = &g->f->code[pc];
    const Access *acc = in->x.acc;
    int32_t r = in->opc == EX_LOAD ? in->d : in->a;
    const char *t = g->varies[r] ? moved_type(g, (SolElemKind)in->w, r) : NULL;
    /* f32 elements in f64 lanes (--precision=wide): a float vector converted, each lane as
     * the scalar conversion does it (exactly to double; to float rounding to nearest) */
    bool widened = g->varies[r] && !t && in->w == SOL_ELEM_F32 && kind(g, r) == EXEC_REG_F64;
    if (!t && !widened) {
        per_lane(g, pc);
        return;
    }
    cg_put(g, "{ %s *const E_ = (%s *)d%d + (", t ? t : "float", t ? t : "float",
           cg_rn(g, acc->mem));
    g->lane0 = true;
    cg_put_linear(g, &acc->flat);
    g->lane0 = false;
    int32_t n = cg_rn(g, r);
    if (widened && in->opc == EX_LOAD)
        cg_put(g,
               ");\ncg_vf32 w_;\nmemcpy(&w_, E_, sizeof w_);\n"
               "rv%d = __builtin_convertvector(w_, cg_vf64); }\n",
               n);
    else if (widened)
        cg_put(g,
               ");\nconst cg_vf32 w_ = __builtin_convertvector(rv%d, cg_vf32);\n"
               "memcpy(E_, &w_, sizeof w_); }\n",
               n);
    else if (in->opc == EX_LOAD)
        cg_put(g, ");\nmemcpy(&rv%d, E_, sizeof rv%d); }\n", n, n);
    else
        cg_put(g, ");\nmemcpy(E_, &rv%d, sizeof rv%d); }\n", n, n);
}

/* + - * / of whole vectors, when both operands are of the result's kind. */
static bool vector_binary(Gen *g, const Insn *in)
{
    const char *op;
    ExecRegKind k;
    switch ((ExecOpcode)in->opc) {
    case EX_ADDF_F32:
        op = "+", k = EXEC_REG_F32;
        break;
    case EX_SUBF_F32:
        op = "-", k = EXEC_REG_F32;
        break;
    case EX_MULF_F32:
        op = "*", k = EXEC_REG_F32;
        break;
    case EX_DIVF_F32:
        op = "/", k = EXEC_REG_F32;
        break;
    case EX_ADDF:
        op = "+", k = EXEC_REG_F64;
        break;
    case EX_SUBF:
        op = "-", k = EXEC_REG_F64;
        break;
    case EX_MULF:
        op = "*", k = EXEC_REG_F64;
        break;
    case EX_DIVF:
        op = "/", k = EXEC_REG_F64;
        break;
    case EX_ADDI:
        op = "+", k = EXEC_REG_INT;
        break;
    case EX_SUBI:
        op = "-", k = EXEC_REG_INT;
        break;
    case EX_MULI:
        op = "*", k = EXEC_REG_INT;
        break;
    default:
        return false;
    }
    if (kind(g, in->d) != k || kind(g, in->a) != k || kind(g, in->b) != k)
        return false;
    cg_put(g, "rv%d = ", cg_rn(g, in->d));
    put_whole(g, in->a);
    cg_put(g, " %s ", op);
    put_whole(g, in->b);
    cg_put(g, ";\n");
    return true;
}

/* A vector of r's lane values, or r broadcast to every lane. */
static void put_vector(Gen *g, int32_t r)
{
    if (g->varies[r]) {
        cg_put(g, "rv%d", cg_rn(g, r));
        return;
    }
    cg_put(g, "(%s){", vector_type(kind(g, r)));
    for (int l = 0; l < LANES; l++)
        cg_put(g, l ? ", r%d" : "r%d", cg_rn(g, r));
    cg_put(g, "}");
}

/* The integer ops of index arithmetic as whole-vector expressions (wrapping, -fwrapv). */
static bool vector_int(Gen *g, const Insn *in)
{
    if (kind(g, in->d) != EXEC_REG_INT)
        return false;
    switch ((ExecOpcode)in->opc) {
    case EX_LIN: {
        const Linear *l = in->x.lin;
        cg_put(g, "rv%d = ", cg_rn(g, in->d));
        put_vector(g, l->nterms ? l->reg[0] : in->d); /* a varying d has a varying term */
        cg_put(g, " * ");
        cg_put_i64(g, l->nterms ? l->coef[0] : 0);
        for (uint32_t k = 1; k < l->nterms; k++) {
            cg_put(g, " + ");
            cg_put_i64(g, l->coef[k]);
            cg_put(g, " * ");
            put_whole(g, l->reg[k]);
        }
        cg_put(g, " + ");
        cg_put_i64(g, l->c0);
        cg_put(g, ";\n");
        return true;
    }
    case EX_MULC:
        cg_put(g, "rv%d = ", cg_rn(g, in->d));
        put_vector(g, in->a);
        cg_put(g, " * ");
        cg_put_i64(g, in->x.imm);
        cg_put(g, ";\n");
        return true;
    case EX_MAXSI:
    case EX_MINSI:
        /* no vector ?: in C: a blend by the comparison's mask */
        cg_put(g, "{ const cg_vi64 a_ = ");
        put_vector(g, in->a);
        cg_put(g, ", b_ = ");
        put_vector(g, in->b);
        cg_put(g, ", m_ = a_ %s b_;\nrv%d = (a_ & m_) | (b_ & ~m_); }\n",
               in->opc == EX_MAXSI ? ">" : "<", cg_rn(g, in->d));
        return true;
    default:
        return false;
    }
}

static void lane_insn(Gen *g, uint32_t pc)
{
    const Insn *in = &g->f->code[pc];
    int32_t d = cg_written_reg(in);
    if (d >= 0 && g->ctrl_only && g->ctrl_only[d]) { /* a steering value: lane 0's */
        g->lane0 = true;
        cg_insn(g, pc);
        g->lane0 = false;
        return;
    }
    if (in->opc == EX_STORE || in->opc == EX_LOAD) {
        if (in->opc == EX_LOAD && !g->varies[d])
            cg_insn(g, pc); /* one address for all lanes */
        else
            lane_access_insn(g, pc);
        return;
    }
    if (d < 0 || !g->varies[d]) {
        cg_insn(g, pc);
        return;
    }
    if (vector_binary(g, in))
        return;
    if (vector_int(g, in))
        return;
    if (in->opc == EX_MOV && kind(g, d) == kind(g, in->a)) {
        cg_put(g, "rv%d = ", cg_rn(g, d));
        put_vector(g, in->a);
        cg_put(g, ";\n");
        return;
    }
    per_lane(g, pc);
}

static void lanes_inner_loop(Gen *g, uint32_t p)
{
    const Insn *head = &g->f->code[p];
    uint32_t q = (uint32_t)head->c - 1;
    int id = (int)g->uid++;
    cg_put(g, "{ const int64_t lb%d = ", id);
    put_ctrl(g, head->a);
    cg_put(g, ";\nconst uint64_t n%d = cg_trips(lb%d, ", id, id);
    put_ctrl(g, head->b);
    cg_put(g, ", %" PRId64 "u);\nif (n%d > 0) {\n", head->x.imm, id);
    bool inner = cg_innermost(g, p + 1, q);
    if (inner) {
        cg_put(g, "if (n%d > B / CG_LANES) ", id);
        cg_fault(g, SOL_CG_FAULT_REORDERED, p);
        cg_put(g, "B -= n%d * CG_LANES;\n", id);
    }
    cg_put(g, "for (int64_t t%d = 0; t%d < (int64_t)n%d; t%d++) {\n", id, id, id, id);
    if (!inner) {
        cg_put(g, "if (B < CG_LANES) ");
        cg_fault(g, SOL_CG_FAULT_REORDERED, p);
        cg_put(g, "B -= CG_LANES;\n");
    }
    cg_put(g, "r%d = lb%d + t%d", cg_rn(g, head->d), id, id);
    if (head->x.imm != 1)
        cg_put(g, " * %" PRId64, head->x.imm);
    cg_put(g, ";\n");
    cg_lanes_range(g, p + 1, q);
    cg_put(g, "}\n} }\n");
}

void cg_lanes_range(Gen *g, uint32_t from, uint32_t to)
{
    for (uint32_t pc = from; pc < to;) {
        if (g->target[pc])
            cg_put(g, "L%u_%u:;\n", g->copy, cg_label(g, pc));
        const Insn *in = &g->f->code[pc];
        switch ((ExecOpcode)in->opc) {
        case EX_FOR:
            lanes_inner_loop(g, pc);
            pc = (uint32_t)in->c;
            continue;
        case EX_JMP:
            cg_put(g, "goto L%u_%u;\n", g->copy, cg_label(g, (uint32_t)in->c));
            break;
        case EX_JNEG:
        case EX_JNZ:
            cg_put(g, "if (");
            put_ctrl(g, in->a);
            cg_put(g, in->opc == EX_JNEG ? " < 0) goto L%u_%u;\n" : " != 0) goto L%u_%u;\n",
                   g->copy, cg_label(g, (uint32_t)in->c));
            break;
        default:
            lane_insn(g, pc);
            break;
        }
        pc++;
    }
    if (g->target[to])
        cg_put(g, "L%u_%u:;\n", g->copy, cg_label(g, to));
}

/* `u_` = whether every control value of the block at t<id> is the same in all lanes. */
static void put_check(Gen *g, const Plan *P, int id)
{
    if (P->controls.len == 0)
        return;
    const ExecFunc *f = g->f;
    cg_put(g, "{ int64_t u%d[CG_LANES];\n", cg_rn(g, P->iv));
    for (uint32_t r = 0; r < f->nregs; r++)
        if (P->precheck[r] && (int32_t)r != P->iv)
            cg_put(g, "int64_t u%d[CG_LANES];\n", cg_rn(g, (int32_t)r));
    cg_put(g, "for (int l = 0; l < CG_LANES; l++) u%d[l] = lb%d + t%d + l;\n", cg_rn(g, P->iv), id,
           id);
    bool *pre = sol_xcalloc(f->nregs + 1, 1);
    for (uint32_t r = 0; r < f->nregs; r++)
        pre[r] = P->precheck[r] || (int32_t)r == P->iv;
    const bool *saved = g->varies;
    g->lanes = true, g->varies = pre, g->lane_prefix = "u";
    for (uint32_t pc = P->p + 1; pc < P->q; pc++)
        if (P->pc_needed[pc])
            per_lane(g, pc);
    g->lanes = false, g->varies = saved;
    for (size_t i = 0; i < P->controls.len; i++)
        cg_put(g, "for (int l = 1; l < CG_LANES; l++) u_ &= u%d[l] == u%d[0];\n",
               cg_rn(g, P->controls.data[i]), cg_rn(g, P->controls.data[i]));
    cg_put(g, "}\n");
    free(pre);
}

void cg_lanes_loop(Gen *g, uint32_t p, uint32_t q, int id,
                   void (*body)(Gen *g, uint32_t p, uint32_t q, int id))
{
    const ExecFunc *f = g->f;
    Plan P;
    if (!plan_make(&P, f, p, f->op == g->prog->distinct_args ? f->op : NULL))
        abort(); /* cgen.c marked it with cg_lanes_possible */
    cg_put(g, "for (int64_t t%d = f%d; t%d < f%d + (int64_t)e%d; t%d++) {\n", id, id, id, id, id,
           id);
    cg_put(g,
           "if (!X->in_order && (uint64_t)(f%d + (int64_t)e%d - t%d) >= CG_LANES) {\n"
           "int u_ = 1;\n",
           id, id, id);
    put_check(g, &P, id);
    cg_put(g, "if (u_) {\nif (B < CG_LANES) ");
    cg_fault(g, SOL_CG_FAULT_REORDERED, p);
    cg_put(g, "B -= CG_LANES;\n");
    bool *varies = sol_xcalloc(f->nregs + 1, 1); /* steering values are scalars here */
    for (uint32_t r = 0; r < f->nregs; r++) {
        varies[r] = P.varies[r] && !P.ctrl_only[r];
        if (varies[r])
            cg_put(g, "%s rv%d;\n", vector_type(kind(g, (int32_t)r)), cg_rn(g, (int32_t)r));
    }
    int32_t ivn = cg_rn(g, P.iv);
    cg_put(g, "r%d = lb%d + t%d;\nrv%d = r%d + (cg_vi64){", ivn, id, id, ivn, ivn);
    for (int l = 0; l < LANES; l++)
        cg_put(g, l ? ", %d" : "%d", l);
    cg_put(g, "};\n");
    uint32_t saved_copy = g->copy;
    g->copy = ++g->copies;
    g->lanes = true, g->varies = varies, g->lane_prefix = "rv", g->lane_iv = P.iv;
    g->ctrl_only = P.ctrl_only;
    cg_lanes_range(g, p + 1, q);
    g->lanes = false, g->varies = NULL, g->ctrl_only = NULL, g->copy = saved_copy;
    free(varies);
    cg_put(g, "t%d += CG_LANES - 1;\ncontinue;\n}\n}\n", id);
    body(g, p, q, id);
    cg_put(g, "}\n");
    plan_free(&P);
}

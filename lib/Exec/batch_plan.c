/*
 * Batched innermost loops, the plan: which loops qualify and their BatchLoop (program.h), made
 * when compile.c compiles an innermost loop; batch_run.c runs them.
 *
 * An interpreter pays a dispatch per op per iteration, which is what keeps a naive one 20x or
 * more behind compiled C. An innermost loop whose iterations are independent except through
 * reductions can instead run each op over a chunk of up to BATCH_LANES iterations in a tight
 * C loop. The results are exactly those of running the iterations in order:
 *   - every op but the reductions depends only on the iteration's own values;
 *   - a reduction (`%s = arith.addf %acc, %x` yielded back as %acc, with no other use of
 *     either) is applied over the lanes in iteration order, with the same rounding;
 *   - memory: a buffer the loop stores to is accessed only at one address per iteration that
 *     no other iteration touches (the same proved subscript form, injective in the induction
 *     variable), and any other memref in the loop is provably a different buffer. So moving a
 *     load of iteration t+1 before a store of iteration t changes nothing.
 * Ops that can fault mid-chunk (integer division, shifts, calls, allocation) keep a loop on
 * the scalar path; so do ifs and nested loops. A bounds fault in a batch is reported for the
 * op and indices that fail, like the scalar path (the run stops either way).
 */
#include "Exec/program.h"

#include <stdlib.h>
#include <string.h>

static bool vector_opcode(ExecOpcode k)
{
    switch (k) {
    case EX_MOV: case EX_LIN: case EX_LOAD: case EX_STORE:
    case EX_ADDI: case EX_SUBI: case EX_MULI: case EX_MULC: case EX_ANDI: case EX_ORI:
    case EX_XORI: case EX_MAXSI: case EX_MINSI: case EX_SEXT: case EX_ZEXT: case EX_CMPI:
    case EX_SELECT: case EX_AFLOORDIV: case EX_ACEILDIV:
    case EX_ADDF: case EX_SUBF: case EX_MULF: case EX_DIVF: case EX_MAXIMUMF: case EX_MINIMUMF:
    case EX_MAXNUMF: case EX_MINNUMF: case EX_NEGF: case EX_MATH1: case EX_MATH2: case EX_FMA:
    case EX_ADDF_F32: case EX_SUBF_F32: case EX_MULF_F32: case EX_DIVF_F32: case EX_MATH1_F32:
    case EX_MATH2_F32: case EX_FMA_F32: case EX_ROUND_F32: case EX_ROUND_F16:
    case EX_ROUND_BF16: case EX_CMPF: case EX_SITOFP: case EX_UITOFP: case EX_FPTOSI:
    case EX_FPTOUI:
        return true;
    default:
        return false;
    }
}

static bool reduction_opcode(ExecOpcode k)
{
    switch (k) {
    case EX_ADDF: case EX_ADDF_F32: case EX_MULF: case EX_MULF_F32: case EX_MAXIMUMF:
    case EX_MINIMUMF: case EX_MAXNUMF: case EX_MINNUMF: case EX_ADDI:
        return true;
    default:
        return false;
    }
}

typedef struct Builder {
    SolArena *arena;
    const Insn *body;
    uint32_t n;
    int32_t iv;
    int32_t *lane_of; /* slot -> lane, -1 for values defined outside */
    uint32_t nregs;
    bool *dropped;    /* body instructions folded into reductions */
} Builder;

/* Every register an instruction reads (operands, linear terms, access terms). */
typedef bool (*RegFn)(int32_t reg, void *user);

static bool for_each_lin_reg(const Linear *l, RegFn fn, void *user)
{
    for (uint32_t k = 0; k < l->nterms; k++)
        if (!fn(l->reg[k], user))
            return false;
    return true;
}

static bool for_each_read(const Insn *in, RegFn fn, void *user)
{
    if (in->opc == EX_LIN)
        return for_each_lin_reg(in->x.lin, fn, user);
    if (in->opc == EX_LOAD || in->opc == EX_STORE) {
        const Access *acc = in->x.acc;
        if (!fn(acc->mem, user) || (in->opc == EX_STORE && !fn(in->a, user)))
            return false;
        if (acc->proved)
            return for_each_lin_reg(&acc->flat, fn, user);
        for (uint32_t r = 0; r < acc->rank; r++)
            if (!for_each_lin_reg(&acc->subs[r], fn, user))
                return false;
        return true;
    }
    if (in->a >= 0 && !fn(in->a, user))
        return false;
    if (in->b >= 0 && in->opc != EX_MULC && !fn(in->b, user))
        return false;
    if ((in->opc == EX_SELECT || in->opc == EX_FMA || in->opc == EX_FMA_F32) && !fn(in->c, user))
        return false;
    return true;
}

typedef struct CountReads {
    int32_t reg;
    uint32_t n;
} CountReads;

static bool count_read(int32_t reg, void *user)
{
    CountReads *c = user;
    c->n += reg == c->reg;
    return true;
}

static uint32_t reads_of(const Builder *B, int32_t reg)
{
    CountReads c = {reg, 0};
    for (uint32_t i = 0; i < B->n; i++)
        if (!B->dropped[i])
            for_each_read(&B->body[i], count_read, &c);
    return c.n;
}

/* The load defining reg when it is a proved f32 load of a buffer defined outside the loop,
 * indexed by the IV alone (or not at all), read by nothing else: its index, or -1. */
static int32_t streamable_load(Builder *B, int32_t reg)
{
    for (uint32_t i = 0; i < B->n; i++) {
        const Insn *in = &B->body[i];
        if (in->d != reg || B->dropped[i])
            continue;
        if (in->opc != EX_LOAD || in->w != SOL_ELEM_F32 || !in->x.acc->proved ||
            B->lane_of[in->x.acc->mem] >= 0)
            return -1;
        const Linear *f = &in->x.acc->flat;
        for (uint32_t k = 0; k < f->nterms; k++)
            if (f->reg[k] != B->iv && B->lane_of[f->reg[k]] >= 0)
                return -1;
        return (int32_t)i;
    }
    return -1;
}

/* Moves the two loads of a fused product into the reduction when both stream. */
static void fuse_loads(Builder *B, Reduction *red)
{
    int32_t ia = streamable_load(B, red->mul_a), ib = streamable_load(B, red->mul_b);
    if (ia < 0 || ib < 0)
        return;
    B->dropped[ia] = B->dropped[ib] = true;
    if (reads_of(B, red->mul_a) != 0 || reads_of(B, red->mul_b) != 0) {
        B->dropped[ia] = B->dropped[ib] = false; /* another op needs the loaded values */
        return;
    }
    red->load_a = B->body[ia].x.acc;
    red->load_b = B->body[ib].x.acc;
}

/* A dot product's `x = a * b` read only by an f32 sum moves into the reduction loop, where
 * the multiplies overlap the additions' latency instead of taking a pass of their own. */
static void fuse_product(Builder *B, uint32_t def, Reduction *red)
{
    if (red->opc != EX_ADDF_F32 || red->round != 0)
        return;
    for (uint32_t i = 0; i < def; i++) {
        const Insn *m = &B->body[i];
        if (m->d != red->x || B->dropped[i])
            continue;
        if (m->opc != EX_MULF_F32)
            return;
        B->dropped[i] = true;
        if (reads_of(B, red->x) != 0) { /* the reduction (dropped) must be its only reader */
            B->dropped[i] = false;
            return;
        }
        red->mul_a = m->a;
        red->mul_b = m->b;
        red->fused_mul = true;
        fuse_loads(B, red);
        return;
    }
}

/* Finds `s = OP(acc, x)` [+ round s] and the yield's `MOV acc <- s`; marks them dropped. */
static bool find_reduction(Builder *B, int32_t acc, Reduction *red)
{
    uint32_t mov = B->n, def = B->n;
    for (uint32_t i = 0; i < B->n; i++)
        if (B->body[i].opc == EX_MOV && B->body[i].d == acc)
            mov = i;
    if (mov == B->n)
        return false;
    int32_t s = B->body[mov].a;
    for (uint32_t i = 0; i < mov && def == B->n; i++)
        if (B->body[i].d == s) /* the op itself; rounding or narrowing of s may follow */
            def = i;
    if (def == B->n || !reduction_opcode((ExecOpcode)B->body[def].opc))
        return false;
    const Insn *op = &B->body[def];
    if (op->a != acc && op->b != acc)
        return false;
    red->opc = op->opc;
    red->w = op->w;
    red->acc = acc;
    red->x = op->a == acc ? op->b : op->a;
    red->acc_rhs = op->a != acc; /* OP(x, acc): maxnumf(+0, -0) depends on the order */
    red->round = 0;
    if (red->x == acc)
        return false;
    B->dropped[def] = B->dropped[mov] = true;
    for (uint32_t i = def + 1; i < mov; i++) {
        const Insn *r = &B->body[i];
        if (r->d == s && r->a == s && (r->opc == EX_ROUND_F16 || r->opc == EX_ROUND_BF16 ||
                                       (r->opc == EX_SEXT && op->opc == EX_ADDI))) {
            if (r->opc != EX_SEXT)
                red->round = r->opc;
            B->dropped[i] = true;
        }
    }
    /* acc and s must have no other reader: the lanes never see a partial reduction. */
    if (reads_of(B, acc) != 0 || reads_of(B, s) != 0)
        return false;
    fuse_product(B, def, red);
    return true;
}

bool sol_exec_distinct_buffer(const SolValue *v, const SolOp *entry)
{
    if (!v)
        return false;
    if (!v->def)
        return entry && sol_block_parent_op(v->owner) == entry;
    return v->def->kind == SOL_OP_ALLOC;
}

/* True when the proved flat form depends on the iteration only through iv, with a nonzero
 * coefficient: then each iteration has its own address. */
static bool injective_in_iv(const Builder *B, const Access *a, int32_t iv)
{
    if (!a->proved)
        return false;
    bool has_iv = false;
    for (uint32_t k = 0; k < a->flat.nterms; k++) {
        if (a->flat.reg[k] == iv)
            has_iv = a->flat.coef[k] != 0;
        else if (B->lane_of[a->flat.reg[k]] >= 0)
            return false;
    }
    return has_iv;
}

bool sol_exec_same_linear(const Linear *x, const Linear *y)
{
    if (x->c0 != y->c0 || x->nterms != y->nterms)
        return false;
    for (uint32_t k = 0; k < x->nterms; k++)
        if (x->reg[k] != y->reg[k] || x->coef[k] != y->coef[k])
            return false;
    return true;
}

static bool memory_independent(const Builder *B, int32_t iv, const SolOp *entry)
{
    for (uint32_t i = 0; i < B->n; i++) {
        const Insn *s = &B->body[i];
        if (s->opc != EX_STORE)
            continue;
        if (B->lane_of[s->x.acc->mem] >= 0 || !injective_in_iv(B, s->x.acc, iv))
            return false;
        for (uint32_t j = 0; j < B->n; j++) {
            const Insn *x = &B->body[j];
            if (j == i || (x->opc != EX_LOAD && x->opc != EX_STORE))
                continue;
            const Access *sa = s->x.acc, *xa = x->x.acc;
            if (sa->memv != xa->memv && sol_exec_distinct_buffer(sa->memv, entry) &&
                sol_exec_distinct_buffer(xa->memv, entry))
                continue; /* different buffers */
            if (sa->memv != xa->memv || !xa->proved || !sol_exec_same_linear(&sa->flat, &xa->flat))
                return false;
        }
    }
    return true;
}

static int32_t encode(const Builder *B, int32_t reg)
{
    return reg < 0 ? reg : B->lane_of[reg] >= 0 ? B->lane_of[reg] : -(reg + 1);
}

static Linear encode_lin(Builder *B, const Linear *l)
{
    Linear e = *l;
    e.reg = sol_arena_alloc(B->arena, (l->nterms + 1) * sizeof *e.reg);
    for (uint32_t k = 0; k < l->nterms; k++)
        e.reg[k] = encode(B, l->reg[k]);
    return e;
}

static const Access *encode_access(Builder *B, const Access *src)
{
    Access *a = sol_arena_alloc(B->arena, sizeof *a);
    *a = *src;
    a->mem = encode(B, a->mem);
    a->flat = encode_lin(B, &a->flat);
    if (!a->proved) {
        a->subs = sol_arena_alloc(B->arena, (a->rank + 1) * sizeof *a->subs);
        for (uint32_t r = 0; r < a->rank; r++)
            a->subs[r] = encode_lin(B, &src->subs[r]);
    }
    return a;
}

BatchLoop *sol_exec_batch_plan(SolArena *arena, const Insn *body, uint32_t n, uint32_t nregs,
                                int32_t iv, const int32_t *iter, uint32_t niter,
                                const SolOp *entry, int64_t step)
{
    Builder B = {arena, body, n, iv, sol_xmalloc((nregs + 1) * sizeof(int32_t)), nregs,
                 sol_xcalloc(n + 1, sizeof(bool))};
    BatchLoop *bl = NULL;
    Reduction *reds = sol_xcalloc(niter + 1, sizeof *reds);
    for (uint32_t r = 0; r < nregs; r++)
        B.lane_of[r] = -1;
    uint32_t nlanes = 0;
    B.lane_of[iv] = (int32_t)nlanes++;
    bool ok = n > 0;
    for (uint32_t i = 0; i < n && ok; i++) {
        ok = vector_opcode((ExecOpcode)body[i].opc);
        if (ok && body[i].d >= 0 && B.lane_of[body[i].d] < 0)
            B.lane_of[body[i].d] = (int32_t)nlanes++;
    }
    for (uint32_t k = 0; k < niter && ok; k++)
        ok = find_reduction(&B, iter[k], &reds[k]);
    /* Iter-arg slots hold scalars, not lanes. */
    for (uint32_t k = 0; k < niter && ok; k++)
        B.lane_of[iter[k]] = -1;
    for (uint32_t i = 0; i < n && ok; i++)
        ok = B.dropped[i] || body[i].opc != EX_MOV || B.lane_of[body[i].d] >= 0;
    ok = ok && memory_independent(&B, iv, entry);
    if (ok) {
        bl = sol_arena_alloc(arena, sizeof *bl);
        bl->step = step;
        bl->nlanes = nlanes;
        bl->code = sol_arena_alloc(arena, (n + 1) * sizeof *bl->code);
        for (uint32_t i = 0; i < n; i++) {
            if (B.dropped[i])
                continue;
            Insn e = body[i];
            e.d = encode(&B, e.d);
            e.a = encode(&B, e.a);
            if (e.opc != EX_MULC)
                e.b = encode(&B, e.b);
            e.c = encode(&B, e.c);
            if (e.opc == EX_LIN) {
                Linear *l = sol_arena_alloc(arena, sizeof *l);
                *l = encode_lin(&B, e.x.lin);
                e.x.lin = l;
            } else if (e.opc == EX_LOAD || e.opc == EX_STORE) {
                e.x.acc = encode_access(&B, e.x.acc);
            }
            bl->code[bl->ncode++] = e;
        }
        bl->nreds = niter;
        bl->reds = sol_arena_alloc(arena, (niter + 1) * sizeof *bl->reds);
        for (uint32_t k = 0; k < niter; k++) {
            bl->reds[k] = reds[k];
            bl->reds[k].x = encode(&B, reds[k].x);
            bl->reds[k].mul_a = encode(&B, reds[k].mul_a);
            bl->reds[k].mul_b = encode(&B, reds[k].mul_b);
            if (reds[k].load_a) {
                bl->reds[k].load_a = encode_access(&B, reds[k].load_a);
                bl->reds[k].load_b = encode_access(&B, reds[k].load_b);
            }
        }
    }
    free(B.lane_of);
    free(B.dropped);
    free(reds);
    return bl;
}


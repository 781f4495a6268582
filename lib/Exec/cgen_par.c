/*
 * Which loops the C engine may run on several threads (cgen_state.h: cg_loop_is_parallel).
 *
 * Threads run disjoint slices of a loop's iterations at the same time, so the loop qualifies
 * only when running its iterations in any order, or at once, computes exactly what running
 * them in order does:
 *   - the body calls nothing and allocates or frees nothing (the host's state is not shared);
 *   - no register carries a value from one iteration to the next: every register the body
 *     writes is written and read only inside the loop (SSA values are; iter_args are not);
 *   - memory: every buffer the body stores to is an entry argument or a memref.alloc (so no
 *     other memref value names it), every memref the body touches beside it is one too, and
 *     one subscript of every access to a stored buffer is the same form `c0 + k*iv + terms
 *     of values defined outside the loop` with k != 0: iteration iv touches only the slice
 *     at that subscript, which no other iteration touches. Accesses that are not proved check
 *     their bounds, so they cannot reach another slice through an out-of-range index either.
 * Each output element is then computed by one thread, in the order of the sequential loop,
 * and the results are bit-identical. Faults in a parallel loop are replayed in order by the
 * host (crun.c), so the error is the one the interpreter reports.
 */
#include "Exec/cgen_state.h"

#include <stdlib.h>

typedef struct Regs {
    bool *in_body; /* written inside the loop body */
    bool *outside; /* written or read outside the loop */
} Regs;

static void mark_outside(int32_t r, void *user) { ((Regs *)user)->outside[r] = true; }

/* The subscript is c0 + k*iv + terms of registers the loop does not write, k != 0. */
static bool slices_by_iv(const Linear *l, int32_t iv, const Regs *regs)
{
    bool has_iv = false;
    for (uint32_t k = 0; k < l->nterms; k++) {
        if (l->reg[k] == iv)
            has_iv = l->coef[k] != 0;
        else if (regs->in_body[l->reg[k]])
            return false;
    }
    return has_iv;
}

typedef SolVecOf(const Access *) AccessList;

/* Some subscript r slices every access of `mem` (the stored buffer) by the IV, all alike. */
static bool sliced(const AccessList *all, const SolValue *mem, int32_t iv, const Regs *regs)
{
    const Access *first = NULL;
    for (size_t i = 0; i < all->len && !first; i++)
        if (all->data[i]->memv == mem)
            first = all->data[i];
    for (uint32_t r = 0; first && r < first->rank; r++) {
        if (!slices_by_iv(&first->subs[r], iv, regs))
            continue;
        bool all_alike = true;
        for (size_t i = 0; i < all->len && all_alike; i++) {
            const Access *a = all->data[i];
            if (a->memv == mem)
                all_alike =
                    a->rank == first->rank && sol_exec_same_linear(&a->subs[r], &first->subs[r]);
        }
        if (all_alike)
            return true;
    }
    return false;
}

static bool memory_is_sliced(const ExecFunc *f, uint32_t p, uint32_t q, int32_t iv,
                             const Regs *regs, const SolOp *entry)
{
    AccessList all = {0}, stores = {0};
    for (uint32_t pc = p + 1; pc < q; pc++) {
        const Insn *in = &f->code[pc];
        if (in->opc != EX_LOAD && in->opc != EX_STORE)
            continue;
        sol_vec_push(&all, in->x.acc);
        if (in->opc == EX_STORE)
            sol_vec_push(&stores, in->x.acc);
    }
    bool ok = true;
    for (size_t i = 0; i < stores.len && ok; i++) {
        const Access *s = stores.data[i];
        ok = sol_exec_distinct_buffer(s->memv, entry) && !regs->in_body[s->mem] &&
             sliced(&all, s->memv, iv, regs);
        for (size_t j = 0; j < all.len && ok; j++)
            ok = all.data[j]->memv == s->memv || sol_exec_distinct_buffer(all.data[j]->memv, entry);
    }
    sol_vec_free(&all);
    sol_vec_free(&stores);
    return ok;
}

bool cg_loop_is_parallel(const ExecFunc *f, uint32_t p, const SolOp *entry)
{
    const Insn *head = &f->code[p];
    uint32_t q = (uint32_t)head->c - 1;
    for (uint32_t pc = p + 1; pc < q; pc++)
        switch ((ExecOpcode)f->code[pc].opc) {
        case EX_CALL:
        case EX_ALLOC:
        case EX_DEALLOC:
        case EX_RET:
        case EX_HALT:
        case EX_BATCH:
            return false;
        default:
            break;
        }
    Regs regs = {sol_xcalloc(f->nregs + 1, 1), sol_xcalloc(f->nregs + 1, 1)};
    for (uint32_t pc = 0; pc < f->ncode; pc++) {
        const Insn *in = &f->code[pc];
        int32_t w = cg_written_reg(in);
        if (pc > p && pc < q) {
            if (w >= 0)
                regs.in_body[w] = true;
        } else if (pc != p && pc != q) {
            cg_for_each_read(in, mark_outside, &regs);
            if (w >= 0)
                regs.outside[w] = true;
        }
    }
    bool ok = true;
    for (uint32_t r = 0; r < f->nregs && ok; r++)
        ok = !(regs.in_body[r] && regs.outside[r]);
    ok = ok && memory_is_sliced(f, p, q, head->d, &regs, entry);
    free(regs.in_body);
    free(regs.outside);
    return ok;
}

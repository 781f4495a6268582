/*
 * sol_exec_run: wraps the caller's tensors as buffers, compiles the module for their shapes,
 * runs the entry function and frees everything the run made. Also the static question of
 * which arguments a function writes (what solar-run saves as outputs).
 */
#include "Exec/interp.h"

#include <stdlib.h>
#include <string.h>

ExecBuf *sol_exec_buf_new(ExecRun *run, SolElemKind elem, uint32_t rank, const int64_t *dims,
                          const SolOp *op)
{
    int64_t n = 1;
    bool overflow = false;
    for (uint32_t r = 0; r < rank; r++)
        if (__builtin_mul_overflow(n, dims[r], &n))
            overflow = true;
    uint64_t bytes = 0;
    if (!overflow && __builtin_mul_overflow((uint64_t)n, (uint64_t)sol_elem_bytes(elem), &bytes))
        overflow = true;
    if (overflow || bytes > SIZE_MAX / 2) {
        sol_emit_error(run->ctx, op->loc, "'%s': the buffer size overflows", sol_op_name(op));
        return NULL;
    }
    if (run->memory_limit && run->memory + bytes > run->memory_limit) {
        sol_emit_error(run->ctx, op->loc,
                       "memory limit reached: %s of %llu bytes would bring the total to %llu "
                       "bytes (limit %llu, raise --max-memory)",
                       sol_op_name(op), (unsigned long long)bytes,
                       (unsigned long long)(run->memory + bytes),
                       (unsigned long long)run->memory_limit);
        return NULL;
    }
    char *data = malloc(bytes ? (size_t)bytes : 1);
    if (!data) {
        sol_emit_error(run->ctx, op->loc, "'%s': out of memory allocating %llu bytes",
                       sol_op_name(op), (unsigned long long)bytes);
        return NULL;
    }
    ExecBuf *b = sol_xcalloc(1, sizeof *b);
    b->data = data;
    b->elem = elem;
    b->rank = rank;
    b->alive = true;
    b->nelems = n;
    b->bytes = (size_t)bytes;
    int64_t stride = 1;
    for (uint32_t r = rank; r-- > 0;) {
        b->dims[r] = dims[r];
        b->strides[r] = stride;
        stride *= dims[r];
    }
    b->next = run->bufs;
    run->bufs = b;
    run->memory += bytes;
    if (run->memory > run->peak_memory)
        run->peak_memory = run->memory;
    return b;
}

/* A buffer over a caller's tensor (no copy). */
static ExecBuf *wrap_tensor(ExecRun *run, SolTensor *t)
{
    ExecBuf *b = sol_xcalloc(1, sizeof *b);
    b->data = t->data;
    b->elem = t->elem;
    b->rank = t->rank;
    b->alive = true;
    b->is_arg = true;
    b->nelems = t->nelems;
    b->bytes = (size_t)t->nelems * sol_elem_bytes(t->elem);
    int64_t stride = 1;
    for (uint32_t r = t->rank; r-- > 0;) {
        b->dims[r] = t->dims[r];
        b->strides[r] = stride;
        stride *= t->dims[r];
    }
    b->next = run->bufs;
    run->bufs = b;
    run->memory += b->bytes;
    run->peak_memory = run->memory;
    return b;
}

bool sol_exec_run(SolModule *m, SolOp *func, SolTensor *const *args, const SolExecOptions *opts,
                  SolExecStats *stats)
{
    SolExecStats local = {0};
    if (!stats)
        stats = &local;
    memset(stats, 0, sizeof *stats);
    ExecProgram prog;
    bool ok = sol_exec_compile(&prog, m, func, args, opts, stats);
    ExecFunc *entry = ok ? sol_exec_find_func(&prog, func) : NULL;
    if (ok && !entry) {
        sol_emit_error(m->ctx, func->loc, "the entry function has no body");
        ok = false;
    }
    if (ok) {
        ExecRun run = {.ctx = m->ctx,
                       .step_limit = opts->max_steps ? opts->max_steps : UINT64_MAX,
                       .memory_limit = opts->max_memory};
        Slot *slots = sol_xcalloc(entry->nargs + 1, sizeof *slots);
        for (uint32_t i = 0; i < entry->nargs; i++)
            slots[i].m = wrap_tensor(&run, args[i]);
        if (run.memory_limit && run.memory > run.memory_limit) {
            sol_emit_error(m->ctx, func->loc,
                           "memory limit reached: the arguments take %llu bytes (limit %llu, "
                           "raise --max-memory)",
                           (unsigned long long)run.memory, (unsigned long long)run.memory_limit);
            ok = false;
        } else {
            ok = sol_exec_run_func(&run, entry, slots, NULL);
        }
        stats->steps = run.steps;
        stats->peak_memory = run.peak_memory;
        for (ExecBuf *b = run.bufs, *next; b; b = next) {
            next = b->next;
            if (!b->is_arg)
                free(b->data);
            free(b);
        }
        free(slots);
        free(run.scratch);
    }
    stats->checked_access = 0;
    for (uint32_t i = 0; i < prog.nfuncs; i++)
        for (uint32_t k = 0; k < prog.funcs[i].ncode; k++) {
            const Insn *in = &prog.funcs[i].code[k];
            if ((in->opc == EX_LOAD || in->opc == EX_STORE) && !in->x.acc->proved)
                stats->checked_access++;
            if (in->opc == EX_BATCH) {
                stats->batched_loops++;
                for (uint32_t j = 0; j < in->x.batch->ncode; j++) {
                    const Insn *b = &in->x.batch->code[j];
                    if ((b->opc == EX_LOAD || b->opc == EX_STORE) && !b->x.acc->proved)
                        stats->checked_access++;
                }
            }
        }
    sol_exec_program_free(&prog);
    return ok;
}

/* ---- which arguments a function writes ---------------------------------------------------- */

typedef struct WriteScan {
    SolModule *m;
    SolOp *func;
    bool *written;
    int depth;
} WriteScan;

static void mark_written(WriteScan *s, const SolValue *mem);

/* The memrefs an op writes: store targets, linalg outs, and call arguments the callee writes. */
static bool scan_op(SolOp *op, void *user)
{
    WriteScan *s = user;
    switch (op->kind) {
    case SOL_OP_STORE:
    case SOL_OP_MSTORE:
        mark_written(s, sol_op_operand(op, 1));
        break;
    case SOL_OP_GENERIC:
        for (uint32_t i = op->props.generic.num_ins; i < op->num_operands; i++)
            mark_written(s, sol_op_operand(op, i));
        break;
    case SOL_OP_CALL: {
        SolOp *callee = sol_module_lookup_func(s->m, op->props.func->sym);
        if (!callee || callee->num_regions == 0 || s->depth > 16)
            break;
        SolBlock *body = sol_region_first_block(&callee->regions[0]);
        if (!body)
            break;
        bool *w = sol_xcalloc(body->num_args + 1, sizeof *w);
        WriteScan inner = {s->m, callee, w, s->depth + 1};
        sol_op_walk(callee, scan_op, &inner);
        for (uint32_t i = 0; i < body->num_args && i < op->num_operands; i++)
            if (w[i])
                mark_written(s, sol_op_operand(op, i));
        free(w);
        break;
    }
    default:
        break;
    }
    return true;
}

/* Follows a memref value back to an argument of s->func (through select) and marks it. */
static void mark_written(WriteScan *s, const SolValue *mem)
{
    if (mem->def && mem->def->kind == SOL_OP_SELECT) {
        mark_written(s, sol_op_operand(mem->def, 1));
        mark_written(s, sol_op_operand(mem->def, 2));
        return;
    }
    if (!mem->def && sol_block_parent_op(mem->owner) == s->func)
        s->written[mem->index] = true;
}

void sol_exec_written_args(SolModule *m, SolOp *func, bool *written)
{
    WriteScan s = {m, func, written, 0};
    sol_op_walk(func, scan_op, &s);
}

/*
 * The executor's run-time state (runtime.h): buffers counted against the memory limit, their
 * release at the end of a run, and the fault reports both machines share, each an error at the
 * source location of the op.
 */
#include "Exec/runtime.h"

#include <stdlib.h>

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

ExecBuf *sol_exec_buf_wrap(ExecRun *run, SolTensor *t)
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

void sol_exec_run_release(ExecRun *run)
{
    for (ExecBuf *b = run->bufs, *next; b; b = next) {
        next = b->next;
        if (!b->is_arg)
            free(b->data);
        free(b);
    }
    run->bufs = NULL;
    free(run->scratch);
    run->scratch = NULL;
    run->scratch_cap = 0;
}

/* ---- faults ------------------------------------------------------------------------------- */

static void print_memref_type(SolBuf *b, const ExecBuf *buf)
{
    sol_buf_puts(b, "memref<");
    for (uint32_t r = 0; r < buf->rank; r++) {
        sol_buf_put_i64(b, buf->dims[r]);
        sol_buf_putc(b, 'x');
    }
    sol_buf_puts(b, sol_elem_name(buf->elem));
    sol_buf_putc(b, '>');
}

bool sol_exec_report_dead(ExecRun *run, const Access *acc)
{
    sol_emit_error(run->ctx, acc->op->loc, "'%s' accesses a memref after its memref.dealloc",
                   sol_op_name(acc->op));
    return false;
}

bool sol_exec_report_oob(ExecRun *run, const Access *acc, const ExecBuf *buf, const int64_t *idx,
                         bool overflow)
{
    SolBuf msg = {0};
    sol_buf_printf(&msg, "out-of-bounds '%s': index [", sol_op_name(acc->op));
    for (uint32_t r = 0; r < acc->rank && r < SOL_TENSOR_MAX_RANK; r++) {
        if (r)
            sol_buf_puts(&msg, ", ");
        sol_buf_put_i64(&msg, idx[r]);
    }
    sol_buf_puts(&msg, overflow ? "] overflows 64 bits for " : "] is outside ");
    print_memref_type(&msg, buf);
    sol_emit_error(run->ctx, acc->op->loc, "%s", msg.data);
    sol_buf_free(&msg);
    return false;
}

bool sol_exec_report_steps(ExecRun *run, const Insn *in)
{
    sol_emit_error(run->ctx, in->op->loc,
                   "step limit reached: %llu loop iterations and calls (raise --max-steps)",
                   (unsigned long long)run->steps);
    return false;
}

bool sol_exec_report_call_depth(ExecRun *run, const Insn *in)
{
    sol_emit_error(run->ctx, in->op->loc, "call depth exceeds %d (unbounded recursion?)",
                   EXEC_MAX_CALL_DEPTH);
    return false;
}

bool sol_exec_report_fault(ExecRun *run, const Insn *in, const char *what)
{
    sol_emit_error(run->ctx, in->op->loc, "'%s': %s", sol_op_name(in->op), what);
    return false;
}

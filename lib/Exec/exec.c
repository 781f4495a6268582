/*
 * sol_exec_run: wraps the caller's tensors as buffers, compiles the module for their shapes,
 * runs the entry function and frees everything the run made: the driver over the compiler
 * (program.h), the run-time state (runtime.h) and the machine (interp.h).
 */
#include "Exec/interp.h"
#include "Exec/runtime.h"

#include <stdlib.h>
#include <string.h>

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
            slots[i].m = sol_exec_buf_wrap(&run, args[i]);
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
        sol_exec_run_release(&run);
        free(slots);
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

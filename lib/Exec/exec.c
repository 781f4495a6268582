/*
 * sol_exec_run: picks the engine, wraps the caller's tensors as buffers, compiles the module
 * for their shapes, runs the entry function and frees everything the run made: the driver over
 * the compiler (program.h), the run-time state (runtime.h), the interpreter (interp.h) and the
 * C engine (cgen.h, cload.h, crun.h).
 *
 * The automatic choice: the C engine when its compiled program is already in the cache, or
 * when the run looks long enough to repay a compile (AUTO_C_STEPS loop iterations, estimated
 * from the loops' constant trip counts); the interpreter otherwise, with --no-batch (its own
 * reference path), and whenever the C engine is unavailable (no compiler, a failed compile),
 * which stats->log then says.
 */
#include "Exec/cgen.h"
#include "Exec/crun.h"
#include "Exec/interp.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* About a tenth of a second of interpretation, a few compiles of a small program. */
#define AUTO_C_STEPS 3e7
/* Trip count assumed for a loop whose bounds are not constants. */
#define UNKNOWN_TRIPS 16

void sol_exec_stats_free(SolExecStats *stats) { sol_buf_free(&stats->log); }

/* ---- the run's state ---------------------------------------------------------------------- */

/* Wraps the arguments into slots; false (reported) when they exceed the memory limit. */
static bool run_begin(ExecRun *run, SolModule *m, const SolOp *func, SolTensor *const *args,
                      uint32_t nargs, const SolExecOptions *opts, Slot *slots)
{
    *run = (ExecRun){.ctx = m->ctx,
                     .step_limit = opts->max_steps ? opts->max_steps : UINT64_MAX,
                     .memory_limit = opts->max_memory};
    for (uint32_t i = 0; i < nargs; i++)
        slots[i].m = sol_exec_buf_wrap(run, args[i]);
    if (run->memory_limit && run->memory > run->memory_limit) {
        sol_emit_error(m->ctx, func->loc,
                       "memory limit reached: the arguments take %llu bytes (limit %llu, "
                       "raise --max-memory)",
                       (unsigned long long)run->memory, (unsigned long long)run->memory_limit);
        return false;
    }
    return true;
}

static void count_checked(const ExecProgram *prog, SolExecStats *stats)
{
    stats->checked_access = 0;
    for (uint32_t i = 0; i < prog->nfuncs; i++)
        for (uint32_t k = 0; k < prog->funcs[i].ncode; k++) {
            const Insn *in = &prog->funcs[i].code[k];
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
}

/* Compiles the module; NULL entry (reported) when something cannot run. */
static const ExecFunc *compile(ExecProgram *prog, SolModule *m, SolOp *func, SolTensor *const *args,
                               const SolExecOptions *opts, SolExecStats *stats)
{
    stats->proved_access = 0;
    if (!sol_exec_compile(prog, m, func, args, opts, stats))
        return NULL;
    ExecFunc *entry = sol_exec_find_func(prog, func);
    if (!entry)
        sol_emit_error(m->ctx, func->loc, "the entry function has no body");
    return entry;
}

/* ---- the interpreter ---------------------------------------------------------------------- */

static bool run_interpreter(SolModule *m, SolOp *func, SolTensor *const *args,
                            const SolExecOptions *opts, SolExecStats *stats)
{
    stats->engine = SOL_ENGINE_INTERP;
    ExecProgram prog;
    const ExecFunc *entry = compile(&prog, m, func, args, opts, stats);
    bool ok = entry != NULL;
    if (ok) {
        ExecRun run;
        Slot *slots = sol_xcalloc(entry->nargs + 1, sizeof *slots);
        ok = run_begin(&run, m, func, args, entry->nargs, opts, slots) &&
             sol_exec_run_func(&run, entry, slots, NULL);
        stats->steps = run.steps;
        stats->peak_memory = run.peak_memory;
        sol_exec_run_release(&run);
        free(slots);
    }
    count_checked(&prog, stats);
    sol_exec_program_free(&prog);
    return ok;
}

/* ---- the C engine ------------------------------------------------------------------------- */

static int64_t const_of(const ExecFunc *f, int32_t reg, bool *known)
{
    for (uint32_t i = 0; i < f->nconsts; i++)
        if (f->consts[i].reg == reg) {
            *known = true;
            return f->consts[i].value.i;
        }
    *known = false;
    return 0;
}

/* Loop iterations and calls [from, to) of f runs, roughly (the automatic choice only). */
static double estimate(const ExecProgram *prog, const ExecFunc *f, uint32_t from, uint32_t to,
                       int depth)
{
    double n = 0;
    for (uint32_t pc = from; pc < to && pc < f->ncode; pc++) {
        const Insn *in = &f->code[pc];
        if (in->opc == EX_CALL && depth < 8)
            n += 1 + estimate(prog, in->x.call->callee, 0, in->x.call->callee->ncode, depth + 1);
        if (in->opc != EX_FOR)
            continue;
        bool kl, ku;
        int64_t lb = const_of(f, in->a, &kl), ub = const_of(f, in->b, &ku);
        double trips = kl && ku ? (ub > lb ? ((double)ub - (double)lb) / (double)in->x.imm : 0)
                                : UNKNOWN_TRIPS;
        uint32_t q = (uint32_t)in->c - 1;
        n += trips * (1 + estimate(prog, f, pc + 1, q, depth));
        pc = q;
    }
    return n;
}

/* The entry's arguments it may write (anything but loads, dims and generic inputs): what a
 * rerun in order must restore. */
static bool may_write(const SolOp *func, uint32_t i)
{
    const SolValue *v = &sol_region_first_block(&func->regions[0])->args[i];
    for (const SolUse *u = v->uses; u; u = u->next) {
        const SolOp *user = u->user;
        uint32_t idx = (uint32_t)(u - user->operands);
        bool reads =
            (user->kind == SOL_OP_LOAD || user->kind == SOL_OP_MLOAD || user->kind == SOL_OP_DIM) &&
            idx == 0;
        reads |= user->kind == SOL_OP_GENERIC && idx < user->props.generic.num_ins;
        if (!reads)
            return true;
    }
    return false;
}

typedef struct Snapshot {
    void **data; /* a copy of each argument the function may write, else NULL */
    uint32_t n;
} Snapshot;

static void snapshot_take(Snapshot *s, const SolOp *func, SolTensor *const *args, uint32_t n)
{
    s->n = n;
    s->data = sol_xcalloc(n + 1, sizeof *s->data);
    for (uint32_t i = 0; i < n; i++)
        if (may_write(func, i)) {
            size_t bytes = (size_t)args[i]->nelems * sol_elem_bytes(args[i]->elem);
            s->data[i] = sol_xmalloc(bytes + 1);
            memcpy(s->data[i], args[i]->data, bytes);
        }
}

static void snapshot_restore(const Snapshot *s, SolTensor *const *args)
{
    for (uint32_t i = 0; i < s->n; i++)
        if (s->data[i])
            memcpy(args[i]->data, s->data[i],
                   (size_t)args[i]->nelems * sol_elem_bytes(args[i]->elem));
}

static void snapshot_free(Snapshot *s)
{
    for (uint32_t i = 0; s->data && i < s->n; i++)
        free(s->data[i]);
    free(s->data);
}

/* One run of the loaded program. A fault where iterations ran out of order (threads, lanes)
 * undoes the run and runs it again in order, where the fault is the interpreter's. */
static bool run_compiled(SolModule *m, SolOp *func, SolTensor *const *args,
                         const SolExecOptions *opts, const ExecProgram *prog, const ExecFunc *entry,
                         const CgModule *mod, SolExecStats *stats)
{
    Snapshot snap = {0};
    bool reorders = (stats->threads > 1 && stats->parallel_loops > 0) || stats->lane_loops > 0;
    if (reorders)
        snapshot_take(&snap, func, args, entry->nargs);
    Slot *slots = sol_xcalloc(entry->nargs + 1, sizeof *slots);
    CgOutcome out = CG_FAULTED;
    for (bool in_order = false;; in_order = true) {
        ExecRun run;
        if (run_begin(&run, m, func, args, entry->nargs, opts, slots))
            out = sol_cg_execute(&run, prog, mod, entry, slots, in_order ? 1 : stats->threads,
                                 in_order);
        stats->steps = run.steps;
        stats->peak_memory = run.peak_memory;
        sol_exec_run_release(&run);
        if (out != CG_REORDERED || in_order)
            break;
        stats->reran_in_order = true;
        sol_buf_puts(&stats->log,
                     "a fault where iterations ran out of order: rerunning in order\n");
        snapshot_restore(&snap, args);
    }
    free(slots);
    snapshot_free(&snap);
    return out == CG_DONE;
}

typedef enum CResult { C_OK, C_FAILED, C_UNAVAILABLE } CResult;

static CResult run_c_engine(SolModule *m, SolOp *func, SolTensor *const *args,
                            const SolExecOptions *opts, SolExecStats *stats)
{
    SolExecOptions scalar = *opts;
    scalar.no_batch = true; /* the C engine translates loops, not BATCH instructions */
    ExecProgram prog;
    const ExecFunc *entry = compile(&prog, m, func, args, &scalar, stats);
    if (!entry) {
        sol_exec_program_free(&prog);
        return C_FAILED;
    }
    SolBuf src = {0};
    CgenSummary sum;
    sol_cgen_program(&prog, &(CgenOptions){.parallel = true, .lanes = true}, &src, &sum);
    if (opts->c_source)
        sol_buf_append(opts->c_source, src.data, src.len);
    double work = estimate(&prog, entry, 0, entry->ncode, 0);
    bool worth = opts->engine == SOL_ENGINE_C || work >= AUTO_C_STEPS;
    CgLoadOptions lo = {.cc = opts->cc, .cache_dir = opts->cache_dir, .cached_only = !worth};
    SolCgHost host;
    sol_cg_host_init(&host);
    CgModule mod;
    CgLoadInfo info = {0};
    CResult r;
    if (!sol_cg_load(src.data, src.len, &host, &lo, &mod, &info)) {
        if (info.log.len)
            sol_buf_append(&stats->log, info.log.data, info.log.len);
        if (opts->engine == SOL_ENGINE_C)
            sol_emit_error(m->ctx, func->loc, "the C engine cannot run this program: %s",
                           info.why.data);
        else if (worth)
            sol_buf_printf(&stats->log, "C engine unavailable (%s): using the interpreter\n",
                           info.why.data);
        else
            sol_buf_printf(&stats->log,
                           "interpreter: about %.3g loop iterations, below the %.0e that repay a "
                           "compile, and no compiled program in the cache\n",
                           work, AUTO_C_STEPS);
        r = opts->engine == SOL_ENGINE_C ? C_FAILED : C_UNAVAILABLE;
    } else {
        if (info.log.len)
            sol_buf_append(&stats->log, info.log.data, info.log.len);
        stats->engine = SOL_ENGINE_C;
        stats->cache_hit = info.cache_hit;
        stats->compile_s = info.compile_s;
        stats->parallel_loops = sum.parallel_loops;
        stats->lane_loops = sum.lane_loops;
        stats->threads = opts->threads ? opts->threads : (unsigned)sysconf(_SC_NPROCESSORS_ONLN);
        if (stats->threads < 1)
            stats->threads = 1;
        r = run_compiled(m, func, args, opts, &prog, entry, &mod, stats) ? C_OK : C_FAILED;
        sol_cg_unload(&mod);
    }
    count_checked(&prog, stats);
    sol_cg_load_info_free(&info);
    sol_buf_free(&src);
    sol_exec_program_free(&prog);
    return r;
}

bool sol_exec_run(SolModule *m, SolOp *func, SolTensor *const *args, const SolExecOptions *opts,
                  SolExecStats *stats)
{
    SolExecStats local = {0};
    if (!stats)
        stats = &local;
    memset(stats, 0, sizeof *stats);
    bool ok;
    /* --no-batch asks for the interpreter's reference path: auto takes it as a choice */
    if (opts->engine == SOL_ENGINE_INTERP || (opts->engine == SOL_ENGINE_AUTO && opts->no_batch)) {
        ok = run_interpreter(m, func, args, opts, stats);
    } else {
        CResult r = run_c_engine(m, func, args, opts, stats);
        ok = r == C_OK || (r == C_UNAVAILABLE && run_interpreter(m, func, args, opts, stats));
    }
    if (stats == &local)
        sol_exec_stats_free(&local);
    return ok;
}

/*
 * The C engine's host (crun.h): services for loaded programs, the thread pool of parallel
 * loops, and the run of an entry function.
 *
 * Parallel loops: the calling thread and threads-1 workers (started at the first parallel
 * loop of a run, stopped at its end) take chunks of the iteration space from a shared counter
 * until it is exhausted. Each has its own environment: a copy of the step budget, its own
 * fault record. Afterwards the steps they used are summed; if any faulted, or together they
 * passed the budget, the loop reports SOL_CG_FAULT_REORDERED and the caller reruns the whole
 * function on one thread, where the first fault in program order is the one reported (the
 * interpreter's). With one thread the body simply runs in order.
 */
#include "Exec/crun.h"

#include "Exec/interp.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

typedef struct Pool Pool;

/* What env->run points to while a program runs. */
typedef struct CgState {
    ExecRun *run;
    const ExecProgram *prog;
    unsigned threads;
    uint32_t max_regs; /* registers of the largest function: size of a fault dump */
    Pool *pool;        /* started at the first parallel loop */
} CgState;

struct Pool {
    pthread_t *tid;
    unsigned nworkers;
    pthread_mutex_t mu;
    pthread_cond_t start, done;
    unsigned long generation; /* one per parallel loop */
    unsigned pending;         /* workers still on the current loop */
    bool quit;
    /* the current loop */
    SolCgBody body;
    const Slot *cap;
    uint64_t trips, chunk;
    _Atomic uint64_t next;
    atomic_int stop;
    SolCgEnv *envs; /* nworkers + 1: [0] is the calling thread's */
    Slot *dumps;    /* each env's fault dump */
};

/* ---- services ----------------------------------------------------------------------------- */

static double host_round(double v, int k) { return sol_float_round(v, (SolFloatKind)k); }
static uint64_t host_to_bits(double v, int k) { return sol_float_to_bits(v, (SolFloatKind)k); }
static double host_from_bits(uint64_t b, int k) { return sol_float_from_bits(b, (SolFloatKind)k); }

static const Insn *insn_at(const CgState *s, int32_t func, int32_t pc)
{
    return &s->prog->funcs[func].code[pc];
}

static ExecBuf *host_alloc(SolCgEnv *X, int32_t func, int32_t pc, const int64_t *dims)
{
    CgState *s = X->run;
    return sol_exec_alloc(s->run, insn_at(s, func, pc), dims);
}

static int host_dealloc(SolCgEnv *X, int32_t func, int32_t pc, ExecBuf *b)
{
    CgState *s = X->run;
    return sol_exec_dealloc(s->run, insn_at(s, func, pc), b);
}

/* ---- the pool ----------------------------------------------------------------------------- */

static void work(Pool *p, SolCgEnv *X)
{
    while (!atomic_load(&p->stop)) {
        uint64_t begin = atomic_fetch_add(&p->next, p->chunk);
        if (begin >= p->trips)
            return;
        uint64_t end = p->trips - begin > p->chunk ? begin + p->chunk : p->trips;
        if (!p->body(X, p->cap, begin, end)) {
            atomic_store(&p->stop, 1);
            return;
        }
    }
}

static void *worker(void *arg)
{
    Pool *p = ((void **)arg)[0];
    unsigned id = (unsigned)(uintptr_t)((void **)arg)[1];
    free(arg);
    unsigned long seen = 0;
    pthread_mutex_lock(&p->mu);
    for (;;) {
        while (!p->quit && p->generation == seen)
            pthread_cond_wait(&p->start, &p->mu);
        if (p->quit)
            break;
        seen = p->generation;
        pthread_mutex_unlock(&p->mu);
        work(p, &p->envs[id]);
        pthread_mutex_lock(&p->mu);
        if (--p->pending == 0)
            pthread_cond_signal(&p->done);
    }
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

/* Starts threads-1 workers; NULL when the system refuses threads (the loop then runs in
 * order on the calling thread). */
static Pool *pool_start(unsigned threads, uint32_t max_regs)
{
    Pool *p = sol_xcalloc(1, sizeof *p);
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->start, NULL);
    pthread_cond_init(&p->done, NULL);
    p->tid = sol_xcalloc(threads, sizeof *p->tid);
    p->envs = sol_xcalloc(threads, sizeof *p->envs);
    p->dumps = sol_xcalloc((size_t)threads * (max_regs + 1), sizeof *p->dumps);
    for (unsigned i = 1; i < threads; i++) {
        void **arg = sol_xmalloc(2 * sizeof *arg);
        arg[0] = p;
        arg[1] = (void *)(uintptr_t)i;
        if (pthread_create(&p->tid[p->nworkers], NULL, worker, arg) != 0) {
            free(arg);
            break;
        }
        p->nworkers++;
    }
    return p;
}

static void pool_stop(Pool *p)
{
    pthread_mutex_lock(&p->mu);
    p->quit = true;
    pthread_cond_broadcast(&p->start);
    pthread_mutex_unlock(&p->mu);
    for (unsigned i = 0; i < p->nworkers; i++)
        pthread_join(p->tid[i], NULL);
    pthread_mutex_destroy(&p->mu);
    pthread_cond_destroy(&p->start);
    pthread_cond_destroy(&p->done);
    free(p->tid);
    free(p->envs);
    free(p->dumps);
    free(p);
}

static int host_parallel(SolCgEnv *X, SolCgBody body, const Slot *cap, uint64_t trips)
{
    CgState *s = X->run;
    if (s->threads > 1 && trips > 1 && !s->pool)
        s->pool = pool_start(s->threads, s->max_regs);
    Pool *p = s->pool;
    if (!p || p->nworkers == 0 || trips < 2)
        return body(X, cap, 0, trips);
    unsigned n = p->nworkers + 1;
    for (unsigned i = 0; i < n; i++)
        p->envs[i] = (SolCgEnv){.run = X->run,
                                .budget = X->budget,
                                .depth = X->depth,
                                .regs = p->dumps + (size_t)i * (s->max_regs + 1),
                                .in_order = X->in_order};
    p->body = body;
    p->cap = cap;
    p->trips = trips;
    p->chunk = trips / (8 * (uint64_t)n);
    if (p->chunk == 0)
        p->chunk = 1;
    atomic_store(&p->next, 0);
    atomic_store(&p->stop, 0);
    pthread_mutex_lock(&p->mu);
    p->generation++;
    p->pending = p->nworkers;
    pthread_cond_broadcast(&p->start);
    pthread_mutex_unlock(&p->mu);
    work(p, &p->envs[0]);
    pthread_mutex_lock(&p->mu);
    while (p->pending > 0)
        pthread_cond_wait(&p->done, &p->mu);
    pthread_mutex_unlock(&p->mu);
    bool fault = false;
    uint64_t used = 0;
    for (unsigned i = 0; i < n; i++) {
        fault |= p->envs[i].fault != SOL_CG_OK;
        uint64_t u = X->budget - p->envs[i].budget;
        used = used + u < used ? UINT64_MAX : used + u;
    }
    if (fault || used > X->budget) {
        X->fault = SOL_CG_FAULT_REORDERED;
        return 0;
    }
    X->budget -= used;
    return 1;
}

void sol_cg_host_init(SolCgHost *host)
{
    uint32_t n;
    *host = (SolCgHost){.float_round = host_round,
                        .float_to_bits = host_to_bits,
                        .float_from_bits = host_from_bits,
                        .alloc = host_alloc,
                        .dealloc = host_dealloc,
                        .parallel = host_parallel,
                        .fns = sol_exec_math_table(&n)};
}

/* ---- a run -------------------------------------------------------------------------------- */

/* The interpreter's diagnostic for the fault the program recorded. */
static void report(ExecRun *run, const ExecProgram *prog, const SolCgEnv *X)
{
    if (X->fault_func < 0 || (uint32_t)X->fault_func >= prog->nfuncs || X->fault_pc < 0 ||
        (uint32_t)X->fault_pc >= prog->funcs[X->fault_func].ncode) {
        sol_emit_error(run->ctx, prog->funcs[0].op->loc,
                       "internal error: the C engine stopped at no instruction (fault %d)",
                       X->fault);
        return;
    }
    const Insn *in = &prog->funcs[X->fault_func].code[X->fault_pc];
    switch ((SolCgFault)X->fault) {
    case SOL_CG_FAULT_STEPS:
        run->steps = run->step_limit + 1; /* where the interpreter stops */
        sol_exec_report_steps(run, in);
        return;
    case SOL_CG_FAULT_DEPTH:
        sol_exec_report_call_depth(run, in);
        return;
    case SOL_CG_FAULT_REPLAY:
        if (sol_exec_replay(run, in, X->regs))
            sol_emit_error(run->ctx, in->op->loc,
                           "internal error: the C engine faulted at this '%s' but the "
                           "interpreter does not",
                           sol_op_name(in->op));
        return;
    default:
        return; /* REPORTED: the host already did */
    }
}

CgOutcome sol_cg_execute(ExecRun *run, const ExecProgram *prog, const CgModule *mod,
                         const ExecFunc *entry, const Slot *args, unsigned threads, bool in_order)
{
    CgState s = {.run = run, .prog = prog, .threads = threads};
    for (uint32_t i = 0; i < prog->nfuncs; i++)
        if (prog->funcs[i].nregs > s.max_regs)
            s.max_regs = prog->funcs[i].nregs;
    uint64_t budget = run->step_limit - run->steps;
    SolCgEnv X = {.run = &s,
                  .budget = budget,
                  .regs = sol_xcalloc(s.max_regs + 1, sizeof(Slot)),
                  .in_order = in_order};
    int ok = mod->run(&X, (int32_t)(entry - prog->funcs), args, NULL);
    if (s.pool)
        pool_stop(s.pool);
    run->steps += budget - X.budget;
    CgOutcome out = ok ? CG_DONE : X.fault == SOL_CG_FAULT_REORDERED ? CG_REORDERED : CG_FAULTED;
    if (out == CG_FAULTED)
        report(run, prog, &X);
    free(X.regs);
    return out;
}

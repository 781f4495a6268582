/*
 * One thread per core, released together by a barrier, so a kernel's rate is the machine's
 * rate and not one core's. The wall time runs from the release to the last thread's end:
 * a straggler lowers the figure, never raises it.
 */
#include "Calibrate/calibrate.h"

#include <pthread.h>
#include <stdlib.h>
#include <time.h>

double sol_cal_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

typedef struct Member {
    SolCalWork fn;
    void *arg;
    int index;
    pthread_barrier_t *start;
} Member;

static void *member_main(void *p)
{
    Member *m = p;
    pthread_barrier_wait(m->start);
    m->fn(m->arg, m->index);
    return NULL;
}

double sol_cal_team_run(int threads, SolCalWork fn, void *arg)
{
    if (threads < 1)
        threads = 1;
    pthread_barrier_t start;
    pthread_barrier_init(&start, NULL, (unsigned)threads);
    Member *members = calloc((size_t)threads, sizeof *members);
    pthread_t *ids = calloc((size_t)threads, sizeof *ids);
    if (!members || !ids)
        abort();
    for (int i = 1; i < threads; i++) {
        members[i] = (Member){fn, arg, i, &start};
        if (pthread_create(&ids[i], NULL, member_main, &members[i]) != 0)
            abort(); /* a machine that cannot start a thread per core cannot be measured */
    }
    /* The calling thread is member 0; it takes the time once everyone is released. */
    pthread_barrier_wait(&start);
    double t0 = sol_cal_now();
    fn(arg, 0);
    for (int i = 1; i < threads; i++)
        pthread_join(ids[i], NULL);
    double t = sol_cal_now() - t0;
    pthread_barrier_destroy(&start);
    free(members);
    free(ids);
    return t;
}

void sol_cal_rate_add(SolCalRate *r, const char *method, double value)
{
    if (!(value > 0))
        return;
    if (r->samples == 0 || value > r->best)
        r->best = value, r->method = method;
    if (r->samples == 0 || value < r->worst)
        r->worst = value;
    r->samples++;
}

typedef struct KernelJob {
    SolCalKernel kernel;
    uint64_t iters;
    volatile double sink[64]; /* keeps every thread's result alive */
} KernelJob;

static void kernel_work(void *arg, int index)
{
    KernelJob *j = arg;
    j->sink[index & 63] = j->kernel(j->iters);
}

void sol_cal_measure_kernel(const SolCalOptions *o, SolCalKernel kernel, double op_per_iter,
                            const char *method, SolCalRate *out)
{
    KernelJob job = {.kernel = kernel, .iters = 64};
    /* Size one run on one thread (doubling until it takes an eighth of the target), then
     * scale it to the target duration. */
    for (;;) {
        double t0 = sol_cal_now();
        job.sink[0] = kernel(job.iters);
        double t = sol_cal_now() - t0;
        if (t >= o->seconds / 8 || job.iters > (1ull << 40)) {
            job.iters = (uint64_t)((double)job.iters * o->seconds / (t > 0 ? t : 1e-9)) + 1;
            break;
        }
        job.iters *= 2;
    }
    for (int r = 0; r < o->repeats; r++) {
        double t = sol_cal_team_run(o->threads, kernel_work, &job);
        sol_cal_rate_add(out, method, (double)o->threads * (double)job.iters * op_per_iter / t);
    }
}

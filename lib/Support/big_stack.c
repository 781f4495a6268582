/*
 * Runs a tool's main work on a thread with a large stack. The parser, verifier and executor
 * recurse over the nesting depth of their input, and an untrusted input may nest deeply; a
 * 1 GiB reservation costs only the pages actually touched.
 */
#include "Support/support.h"

#include <pthread.h>

typedef struct Job {
    int (*fn)(int, char **);
    int argc;
    char **argv;
    int rc;
} Job;

static void *job_main(void *arg)
{
    Job *job = arg;
    job->rc = job->fn(job->argc, job->argv);
    return NULL;
}

int sol_run_on_big_stack(int (*fn)(int, char **), int argc, char **argv)
{
    Job job = {fn, argc, argv, 0};
    pthread_attr_t attr;
    pthread_t worker;
    bool threaded = pthread_attr_init(&attr) == 0 &&
                    pthread_attr_setstacksize(&attr, (size_t)1 << 30) == 0 &&
                    pthread_create(&worker, &attr, job_main, &job) == 0;
    if (threaded)
        pthread_join(worker, NULL);
    else
        job_main(&job); /* no big stack: still works for ordinary inputs */
    pthread_attr_destroy(&attr);
    return job.rc;
}

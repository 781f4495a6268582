/*
 * Unit test of subprocesses (lib/Support/process.h): the exit status and death by a signal,
 * stdout and stderr captured apart and merged, the output cap and the count of dropped bytes,
 * a time limit that kills a sleeping child (and its group) promptly, an environment variable
 * kept from the child, a missing executable, PATH lookup, and the shell quoting of -v output.
 * Exit status 0 = pass.
 */
#include "Support/process.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Runs `/bin/sh -c script`. */
static void sh(const char *script, const SolProcessOptions *o, SolProcessResult *r)
{
    const char *argv[] = {"/bin/sh", "-c", script, NULL};
    sol_process_run(argv, o, r);
}

static void test_status(void)
{
    SolProcessOptions o = {.timeout_s = 10, .max_output = 1024};
    SolProcessResult r;
    sh("exit 3", &o, &r);
    EXPECT(r.status == 3 && !r.timed_out && r.why.len == 0);
    EXPECT(r.out.data && r.out.len == 0 && r.err.data && r.err.len == 0);
    sol_process_result_free(&r);
    sh("kill -TERM $$", &o, &r);
    EXPECT(r.status == 128 + 15);
    sol_process_result_free(&r);
    /* stdin is /dev/null: cat ends at once */
    sh("cat; echo done", &o, &r);
    EXPECT(r.status == 0 && strcmp(r.out.data, "done\n") == 0);
    sol_process_result_free(&r);
}

static void test_streams(void)
{
    SolProcessOptions apart = {.timeout_s = 10, .max_output = 1024};
    SolProcessResult r;
    sh("echo out1; echo err1 >&2; echo out2", &apart, &r);
    EXPECT(r.status == 0);
    EXPECT(strcmp(r.out.data, "out1\nout2\n") == 0);
    EXPECT(strcmp(r.err.data, "err1\n") == 0);
    sol_process_result_free(&r);

    SolProcessOptions merged = {.timeout_s = 10, .max_output = 1024, .merge_output = true};
    sh("echo out1; echo err1 >&2; echo out2", &merged, &r);
    EXPECT(r.status == 0);
    EXPECT(strcmp(r.out.data, "out1\nerr1\nout2\n") == 0); /* one pipe: in the order written */
    EXPECT(r.err.len == 0);
    sol_process_result_free(&r);
}

static void test_cap(void)
{
    /* 100000 bytes on each stream; 1000 kept of each, the rest counted; the child is not
     * stopped by the cap (its exit status still arrives). */
    SolProcessOptions o = {.timeout_s = 20, .max_output = 1000};
    SolProcessResult r;
    sh("head -c 100000 /dev/zero | tr '\\0' a; head -c 100000 /dev/zero | tr '\\0' b >&2; "
       "exit 5",
       &o, &r);
    EXPECT(r.status == 5 && !r.timed_out);
    EXPECT(r.out.len == 1000 && r.err.len == 1000);
    EXPECT(r.out.data[0] == 'a' && r.out.data[999] == 'a' && r.out.data[1000] == '\0');
    EXPECT(r.err.data[0] == 'b' && r.err.data[999] == 'b');
    EXPECT(r.dropped == 2 * 99000);
    sol_process_result_free(&r);

    o.merge_output = true;
    sh("head -c 5000 /dev/zero | tr '\\0' a >&2", &o, &r);
    EXPECT(r.status == 0 && r.out.len == 1000 && r.dropped == 4000 && r.err.len == 0);
    sol_process_result_free(&r);
}

static void test_timeout(void)
{
    SolProcessOptions o = {.timeout_s = 0.3, .max_output = 1024};
    SolProcessResult r;
    double t0 = now_s();
    sh("echo started; sleep 10", &o, &r);
    double took = now_s() - t0;
    EXPECT(r.timed_out);
    EXPECT(r.status == 128 + 9); /* SIGKILL */
    EXPECT(took >= 0.25 && took < 3);
    EXPECT(strcmp(r.out.data, "started\n") == 0); /* what came before the kill is kept */
    sol_process_result_free(&r);

    /* A grandchild holding the pipe dies with the group, so this also returns promptly. */
    t0 = now_s();
    sh("sleep 10 & sleep 10", &o, &r);
    took = now_s() - t0;
    EXPECT(r.timed_out && took < 2); /* not the 2 s grace for a pipe held outside the group */
    sol_process_result_free(&r);

    /* A child well inside its limit is not reported as timed out. */
    o.timeout_s = 10;
    sh("sleep 0.1", &o, &r);
    EXPECT(!r.timed_out && r.status == 0);
    sol_process_result_free(&r);
}

static void test_environment(void)
{
    setenv("SOL_TEST_SECRET", "hunter2", 1);
    setenv("SOL_TEST_SECRET_NOT", "kept", 1); /* a longer name with the same prefix */
    setenv("SOL_TEST_OTHER", "visible", 1);
    const char *const drop[] = {"SOL_TEST_SECRET", "SOL_TEST_ABSENT", NULL};
    SolProcessOptions o = {.timeout_s = 10, .max_output = 4096, .drop_env = drop};
    SolProcessResult r;
    sh("echo \"[${SOL_TEST_SECRET-unset}] [$SOL_TEST_SECRET_NOT] [$SOL_TEST_OTHER]\"", &o, &r);
    EXPECT(r.status == 0);
    EXPECT(strcmp(r.out.data, "[unset] [kept] [visible]\n") == 0);
    sol_process_result_free(&r);
    /* Without a drop list the child gets the whole environment. */
    o.drop_env = NULL;
    sh("echo \"[${SOL_TEST_SECRET-unset}]\"", &o, &r);
    EXPECT(strcmp(r.out.data, "[hunter2]\n") == 0);
    sol_process_result_free(&r);
    /* The parent's own environment is untouched. */
    EXPECT(getenv("SOL_TEST_SECRET") && strcmp(getenv("SOL_TEST_SECRET"), "hunter2") == 0);
}

static void test_missing(void)
{
    SolProcessOptions o = {.timeout_s = 10, .max_output = 1024};
    SolProcessResult r;
    const char *argv[] = {"/nonexistent/solar-no-such-tool", "x", NULL};
    sol_process_run(argv, &o, &r);
    EXPECT(r.status == -1 && !r.timed_out);
    EXPECT(strstr(r.why.data ? r.why.data : "", "cannot run /nonexistent/solar-no-such-tool: ") ==
           r.why.data);
    EXPECT(r.out.data && r.out.len == 0);
    sol_process_result_free(&r);

    const char *argv2[] = {"solar-no-such-tool-on-path", NULL};
    o.merge_output = true;
    sol_process_run(argv2, &o, &r);
    EXPECT(r.status == -1 && r.why.len > 0);
    sol_process_result_free(&r);

    /* A name without '/' is looked up on PATH. */
    const char *argv3[] = {"sh", "-c", "echo found", NULL};
    sol_process_run(argv3, &o, &r);
    EXPECT(r.status == 0 && strcmp(r.out.data, "found\n") == 0);
    sol_process_result_free(&r);
}

static void test_argv_text(void)
{
    SolBuf b = {0};
    const char *argv[] = {"solar-run", "a.mlir", "--bind=N=4,M=2", "it's", "", "a b", NULL};
    sol_process_argv_text(&b, argv);
    EXPECT(strcmp(b.data, "solar-run a.mlir --bind=N=4,M=2 'it'\\''s' '' 'a b'") == 0);
    sol_buf_free(&b);
}

int main(void)
{
    test_status();
    test_streams();
    test_cap();
    test_timeout();
    test_environment();
    test_missing();
    test_argv_text();
    return failures ? 1 : 0;
}

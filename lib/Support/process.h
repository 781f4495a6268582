/*
 * Subprocesses for the tools that run others (solar-translate runs solar-run and the Python
 * reference harness, solar-validate the measurement script and solar-opt): posix_spawn with
 * an argument vector (never a shell, so nothing in a file name or in a model's output is ever
 * interpreted), stdin from /dev/null, a process group of the child's own that is killed after
 * the time limit, and the output captured with a size cap, either stdout and stderr together
 * or apart (solar-validate reads JSON on stdout and diagnostics on stderr).
 */
#ifndef SOLAR_SUPPORT_PROCESS_H
#define SOLAR_SUPPORT_PROCESS_H

#include "Support/support.h"

typedef struct SolProcessOptions {
    double timeout_s;            /* then the child's process group is killed */
    size_t max_output;           /* bytes kept of each captured stream */
    bool merge_output;           /* stderr into `out` with stdout; else stderr into `err` */
    const char *const *drop_env; /* NULL-terminated names kept out of the child's environment */
} SolProcessOptions;

/* A finished subprocess. status: its exit code, 128 + N after signal N, -1 when it could not
 * be started (why says so). out and err are NUL-terminated, empty when nothing came. */
typedef struct SolProcessResult {
    int status;
    bool timed_out; /* killed (with its process group) after the time limit */
    SolBuf out;     /* stdout, with stderr when merged; at most max_output bytes */
    SolBuf err;     /* stderr when not merged; at most max_output bytes */
    size_t dropped; /* bytes beyond the cap, of both streams */
    SolBuf why;     /* why it could not be started */
} SolProcessResult;

/* Runs argv (argv[0] looked up on PATH when it has no '/') and waits for it. */
void sol_process_run(const char *const *argv, const SolProcessOptions *o, SolProcessResult *r);
void sol_process_result_free(SolProcessResult *r);

/* SIGINT, SIGTERM and SIGHUP also kill the running child's process group (a Ctrl-C reaches
 * only the terminal's process group, not the child's own). */
void sol_process_install_signal_handlers(void);

/* `a b 'c d'`: argv as a shell would read it back, for -v output. */
void sol_process_argv_text(SolBuf *b, const char *const *argv);

/* The directory of this executable (heap string), or NULL. */
char *sol_process_exe_dir(void);

#endif /* SOLAR_SUPPORT_PROCESS_H */

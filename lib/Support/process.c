/*
 * Subprocesses (see process.h). The child is spawned into a process group of its own with
 * a clean signal mask and SIGPIPE at its default; the parent polls the one or two pipes until
 * they close, killing the group at the deadline, then reaps the child. A descendant that left
 * the group and still holds a pipe is given up on two seconds after the kill.
 *
 * child_group is this library's one mutable global: a signal handler can reach nothing else.
 */
#include "Support/process.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

/* The process group of the running child, for the signal handler. */
static volatile sig_atomic_t child_group;

static void on_fatal_signal(int sig)
{
    if (child_group > 0)
        kill(-(pid_t)child_group, SIGKILL);
    signal(sig, SIG_DFL);
    raise(sig);
}

void sol_process_install_signal_handlers(void)
{
    static const int sigs[] = {SIGINT, SIGTERM, SIGHUP};
    for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_fatal_signal;
        sigemptyset(&sa.sa_mask);
        sigaction(sigs[i], &sa, NULL);
    }
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* environ without the variables named in drop; the strings are environ's own. */
static char **child_environment(const char *const *drop)
{
    size_t n = 0;
    while (environ && environ[n])
        n++;
    char **env = sol_xcalloc(n + 1, sizeof *env);
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        bool keep = true;
        for (const char *const *d = drop; keep && d && *d; d++) {
            size_t len = strlen(*d);
            keep = !(strncmp(environ[i], *d, len) == 0 && environ[i][len] == '=');
        }
        if (keep)
            env[k++] = environ[i];
    }
    env[k] = NULL;
    return env;
}

/* Reads what is available on fd into b (at most max bytes kept, the rest counted in
 * *dropped); false at end of file or on an error. */
static bool drain(int fd, SolBuf *b, size_t max, size_t *dropped)
{
    char buf[65536];
    ssize_t got = read(fd, buf, sizeof buf);
    if (got < 0)
        return errno == EINTR || errno == EAGAIN;
    if (got == 0)
        return false;
    size_t keep = b->len < max ? max - b->len : 0;
    keep = keep < (size_t)got ? keep : (size_t)got;
    sol_buf_append(b, buf, keep);
    *dropped += (size_t)got - keep;
    return true;
}

/* posix_spawn(p) of argv with stdout on out_fd and stderr on err_fd; an errno value. */
static int spawn(const char *const *argv, int out_fd, int err_fd, char **env, pid_t *pid)
{
    posix_spawn_file_actions_t fa;
    posix_spawnattr_t attr;
    posix_spawn_file_actions_init(&fa);
    posix_spawnattr_init(&attr);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, out_fd, 1);
    posix_spawn_file_actions_adddup2(&fa, err_fd, 2);
    posix_spawn_file_actions_addclose(&fa, out_fd);
    if (err_fd != out_fd)
        posix_spawn_file_actions_addclose(&fa, err_fd);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK |
                                        POSIX_SPAWN_SETSIGDEF);
    posix_spawnattr_setpgroup(&attr, 0);
    sigset_t none, def;
    sigemptyset(&none);
    sigemptyset(&def);
    sigaddset(&def, SIGPIPE);
    posix_spawnattr_setsigmask(&attr, &none);
    posix_spawnattr_setsigdefault(&attr, &def);
    int rc = strchr(argv[0], '/')
                 ? posix_spawn(pid, argv[0], &fa, &attr, (char *const *)argv, env)
                 : posix_spawnp(pid, argv[0], &fa, &attr, (char *const *)argv, env);
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&attr);
    return rc;
}

void sol_process_run(const char *const *argv, const SolProcessOptions *o, SolProcessResult *r)
{
    memset(r, 0, sizeof *r);
    r->status = -1;
    sol_buf_append(&r->out, "", 0);
    sol_buf_append(&r->err, "", 0);
    /* pipes[0]: stdout (and stderr when merged); pipes[1]: stderr apart */
    int pipes[2][2] = {{-1, -1}, {-1, -1}};
    int npipes = o->merge_output ? 1 : 2;
    for (int k = 0; k < npipes; k++) {
        if (pipe(pipes[k]) != 0) {
            sol_buf_printf(&r->why, "cannot create a pipe: %s", strerror(errno));
            for (int j = 0; j < k; j++)
                close(pipes[j][0]), close(pipes[j][1]);
            return;
        }
        fcntl(pipes[k][0], F_SETFD, FD_CLOEXEC);
    }
    char **env = o->drop_env ? child_environment(o->drop_env) : environ;
    pid_t pid;
    int rc = spawn(argv, pipes[0][1], pipes[npipes - 1][1], env, &pid);
    if (env != environ)
        free(env);
    for (int k = 0; k < npipes; k++)
        close(pipes[k][1]);
    if (rc != 0) {
        sol_buf_printf(&r->why, "cannot run %s: %s", argv[0], strerror(rc));
        for (int k = 0; k < npipes; k++)
            close(pipes[k][0]);
        return;
    }
    child_group = pid;
    SolBuf *bufs[2] = {&r->out, &r->err};
    bool open[2] = {true, npipes == 2};
    double deadline = now_s() + o->timeout_s;
    bool killed = false;
    int wstatus = 0;
    for (;;) {
        double left = deadline - now_s();
        if (left <= 0 && !killed) {
            kill(-pid, SIGKILL);
            kill(pid, SIGKILL);
            killed = r->timed_out = true;
        }
        if (killed && now_s() > deadline + 2)
            open[0] = open[1] = false; /* a descendant that left the group holds a pipe */
        if (open[0] || open[1]) {
            struct pollfd p[2] = {{open[0] ? pipes[0][0] : -1, POLLIN, 0},
                                  {open[1] ? pipes[1][0] : -1, POLLIN, 0}};
            int ms = killed ? 100 : left > 1 ? 1000 : (int)(left * 1000) + 1;
            int n = poll(p, 2, ms);
            if (n < 0 && errno != EINTR)
                open[0] = open[1] = false;
            for (int k = 0; n > 0 && k < 2; k++)
                if (open[k] && (p[k].revents & (POLLIN | POLLHUP | POLLERR)))
                    open[k] = drain(pipes[k][0], bufs[k], o->max_output, &r->dropped);
            continue;
        }
        pid_t w = waitpid(pid, &wstatus, WNOHANG);
        if (w == pid || (w < 0 && errno != EINTR))
            break;
        if (w == 0) {
            struct timespec ts = {0, 10 * 1000 * 1000};
            nanosleep(&ts, NULL);
        }
    }
    for (int k = 0; k < npipes; k++)
        close(pipes[k][0]);
    kill(-pid, SIGKILL); /* anything the child left behind in its group */
    child_group = 0;
    if (WIFEXITED(wstatus))
        r->status = WEXITSTATUS(wstatus);
    else if (WIFSIGNALED(wstatus))
        r->status = 128 + WTERMSIG(wstatus);
}

void sol_process_result_free(SolProcessResult *r)
{
    sol_buf_free(&r->out);
    sol_buf_free(&r->err);
    sol_buf_free(&r->why);
}

void sol_process_argv_text(SolBuf *b, const char *const *argv)
{
    for (size_t i = 0; argv[i]; i++) {
        const char *a = argv[i];
        bool plain = *a != '\0';
        for (const char *c = a; *c; c++)
            if (!(isalnum((unsigned char)*c) || strchr("-_=./,:@%+", *c)))
                plain = false;
        if (i)
            sol_buf_putc(b, ' ');
        if (plain) {
            sol_buf_puts(b, a);
            continue;
        }
        sol_buf_putc(b, '\'');
        for (const char *c = a; *c; c++)
            if (*c == '\'')
                sol_buf_puts(b, "'\\''");
            else
                sol_buf_putc(b, *c);
        sol_buf_putc(b, '\'');
    }
}

char *sol_process_exe_dir(void)
{
    char buf[4096];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n <= 0)
        return NULL;
    buf[n] = '\0';
    char *slash = strrchr(buf, '/');
    if (!slash)
        return NULL;
    *slash = '\0';
    return sol_xstrdup(buf);
}

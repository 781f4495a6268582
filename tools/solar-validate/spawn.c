/*
 * Subprocesses for solar-validate: the measurement script and solar-opt. posix_spawn with an
 * argument vector (never a shell), stdout and stderr captured apart (the JSON answer on
 * stdout, diagnostics on stderr), a size cap on each, and a time limit that kills the
 * child's whole process group, so a hung model cannot hang a batch. solar-translate's
 * process.c merges the two streams, which does not fit here.
 */
#include "validate.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/stat.h>
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

void spawn_install_signal_handlers(void)
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

/* Reads what is available on fd into b (at most max bytes kept); false at end of file. */
static bool drain(int fd, SolBuf *b, size_t max)
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
    return true;
}

void spawn_run(const char *const *argv, double timeout_s, size_t max_output, SpawnResult *r)
{
    memset(r, 0, sizeof *r);
    r->status = -1;
    int po[2], pe[2];
    if (pipe(po) != 0) {
        sol_buf_printf(&r->why, "cannot create a pipe: %s", strerror(errno));
        return;
    }
    if (pipe(pe) != 0) {
        sol_buf_printf(&r->why, "cannot create a pipe: %s", strerror(errno));
        close(po[0]);
        close(po[1]);
        return;
    }
    fcntl(po[0], F_SETFD, FD_CLOEXEC);
    fcntl(pe[0], F_SETFD, FD_CLOEXEC);
    posix_spawn_file_actions_t fa;
    posix_spawnattr_t attr;
    posix_spawn_file_actions_init(&fa);
    posix_spawnattr_init(&attr);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, po[1], 1);
    posix_spawn_file_actions_adddup2(&fa, pe[1], 2);
    posix_spawn_file_actions_addclose(&fa, po[1]);
    posix_spawn_file_actions_addclose(&fa, pe[1]);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK |
                                        POSIX_SPAWN_SETSIGDEF);
    posix_spawnattr_setpgroup(&attr, 0);
    sigset_t none, def;
    sigemptyset(&none);
    sigemptyset(&def);
    sigaddset(&def, SIGPIPE);
    posix_spawnattr_setsigmask(&attr, &none);
    posix_spawnattr_setsigdefault(&attr, &def);
    pid_t pid;
    int rc = strchr(argv[0], '/')
                 ? posix_spawn(&pid, argv[0], &fa, &attr, (char *const *)argv, environ)
                 : posix_spawnp(&pid, argv[0], &fa, &attr, (char *const *)argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&attr);
    close(po[1]);
    close(pe[1]);
    if (rc != 0) {
        sol_buf_printf(&r->why, "cannot run %s: %s", argv[0], strerror(rc));
        close(po[0]);
        close(pe[0]);
        return;
    }
    child_group = pid;
    double deadline = now_s() + timeout_s;
    bool open_out = true, open_err = true, killed = false;
    int wstatus = 0;
    for (;;) {
        double left = deadline - now_s();
        if (left <= 0 && !killed) {
            kill(-pid, SIGKILL);
            kill(pid, SIGKILL);
            killed = r->timed_out = true;
        }
        if (killed && now_s() > deadline + 2)
            open_out = open_err = false; /* a descendant that left the group holds a pipe */
        if (open_out || open_err) {
            struct pollfd p[2] = {{open_out ? po[0] : -1, POLLIN, 0},
                                  {open_err ? pe[0] : -1, POLLIN, 0}};
            int ms = killed ? 100 : left > 1 ? 1000 : (int)(left * 1000) + 1;
            int n = poll(p, 2, ms);
            if (n < 0 && errno != EINTR)
                open_out = open_err = false;
            if (n > 0) {
                if (open_out && (p[0].revents & (POLLIN | POLLHUP | POLLERR)))
                    open_out = drain(po[0], &r->out, max_output);
                if (open_err && (p[1].revents & (POLLIN | POLLHUP | POLLERR)))
                    open_err = drain(pe[0], &r->err, max_output);
            }
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
    close(po[0]);
    close(pe[0]);
    kill(-pid, SIGKILL); /* anything the child left behind in its group */
    child_group = 0;
    if (WIFEXITED(wstatus))
        r->status = WEXITSTATUS(wstatus);
    else if (WIFSIGNALED(wstatus))
        r->status = 128 + WTERMSIG(wstatus);
    sol_buf_append(&r->out, "", 0);
    sol_buf_append(&r->err, "", 0);
}

void spawn_result_free(SpawnResult *r)
{
    sol_buf_free(&r->out);
    sol_buf_free(&r->err);
    sol_buf_free(&r->why);
}

char *exe_dir(void)
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

bool is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

bool is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

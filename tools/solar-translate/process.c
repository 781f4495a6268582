/*
 * Subprocesses for solar-translate: solar-run and the Python reference harness. posix_spawn
 * with an argument vector (never a shell, so nothing in a file name or in the model's output
 * is ever interpreted), a time limit that kills the whole process group, and captured output
 * with a size cap. The API key is removed from the child's environment: neither solar-run nor
 * the user's model code has any use for it.
 */
#include "translate.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

/* The process group of the running child, for the signal handler: a Ctrl-C reaches only our
 * own process group, so the child (in a group of its own) is killed here. */
static volatile sig_atomic_t child_group;

static void on_fatal_signal(int sig)
{
    if (child_group > 0)
        kill(-(pid_t)child_group, SIGKILL);
    signal(sig, SIG_DFL);
    raise(sig);
}

void proc_install_signal_handlers(void)
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

void tool_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs(PROG ": error: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

void tool_note(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs(PROG ": ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* environ without SOLAR_LLM_API_KEY; the strings are environ's own. */
static char **child_environment(void)
{
    size_t n = 0;
    while (environ && environ[n])
        n++;
    char **env = sol_xcalloc(n + 1, sizeof *env);
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (strncmp(environ[i], "SOLAR_LLM_API_KEY=", 18) != 0)
            env[k++] = environ[i];
    env[k] = NULL;
    return env;
}

void proc_run(const char *const *argv, double timeout_s, size_t max_output, ProcResult *r)
{
    memset(r, 0, sizeof *r);
    r->status = -1;
    int fds[2];
    if (pipe(fds) != 0) {
        sol_buf_printf(&r->error, "cannot create a pipe: %s", strerror(errno));
        return;
    }
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    posix_spawn_file_actions_t fa;
    posix_spawnattr_t attr;
    posix_spawn_file_actions_init(&fa);
    posix_spawnattr_init(&attr);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, fds[1], 1);
    posix_spawn_file_actions_adddup2(&fa, fds[1], 2);
    posix_spawn_file_actions_addclose(&fa, fds[1]);
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK |
                                        POSIX_SPAWN_SETSIGDEF);
    posix_spawnattr_setpgroup(&attr, 0);
    sigset_t none, def;
    sigemptyset(&none);
    sigemptyset(&def);
    sigaddset(&def, SIGPIPE);
    posix_spawnattr_setsigmask(&attr, &none);
    posix_spawnattr_setsigdefault(&attr, &def);
    char **env = child_environment();
    pid_t pid;
    int rc = strchr(argv[0], '/')
                 ? posix_spawn(&pid, argv[0], &fa, &attr, (char *const *)argv, env)
                 : posix_spawnp(&pid, argv[0], &fa, &attr, (char *const *)argv, env);
    free(env);
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&attr);
    close(fds[1]);
    if (rc != 0) {
        sol_buf_printf(&r->error, "cannot run %s: %s", argv[0], strerror(rc));
        close(fds[0]);
        return;
    }
    child_group = pid;
    double deadline = now_s() + timeout_s;
    bool open_pipe = true, killed = false;
    int wstatus = 0;
    for (;;) {
        double left = deadline - now_s();
        if (left <= 0 && !killed) {
            kill(-pid, SIGKILL);
            kill(pid, SIGKILL);
            killed = r->timed_out = true;
        }
        if (killed && now_s() > deadline + 2)
            open_pipe = false; /* a descendant that left the group still holds the pipe */
        if (open_pipe) {
            struct pollfd p = {fds[0], POLLIN, 0};
            int ms = killed ? 100 : left > 1 ? 1000 : (int)(left * 1000) + 1;
            int n = poll(&p, 1, ms);
            if (n < 0 && errno != EINTR)
                open_pipe = false;
            if (n > 0) {
                char buf[65536];
                ssize_t got = read(fds[0], buf, sizeof buf);
                if (got < 0 && errno == EINTR)
                    continue;
                if (got <= 0) {
                    open_pipe = false;
                } else {
                    size_t keep = r->output.len < max_output ? max_output - r->output.len : 0;
                    keep = keep < (size_t)got ? keep : (size_t)got;
                    sol_buf_append(&r->output, buf, keep);
                    r->dropped += (size_t)got - keep;
                }
            }
            if (open_pipe)
                continue;
        }
        pid_t w = waitpid(pid, &wstatus, WNOHANG);
        if (w == pid || (w < 0 && errno != EINTR))
            break;
        struct timespec ts = {0, 10 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    close(fds[0]);
    kill(-pid, SIGKILL); /* anything the child left behind in its group */
    child_group = 0;
    if (WIFEXITED(wstatus))
        r->status = WEXITSTATUS(wstatus);
    else if (WIFSIGNALED(wstatus))
        r->status = 128 + WTERMSIG(wstatus);
    if (!r->output.data)
        sol_buf_append(&r->output, "", 0);
}

void proc_result_free(ProcResult *r)
{
    sol_buf_free(&r->output);
    sol_buf_free(&r->error);
}

void proc_argv_text(SolBuf *b, const char *const *argv)
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

char *tool_exe_dir(void)
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

void remove_tree(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0)
        return;
    if (S_ISDIR(st.st_mode)) {
        DIR *d = opendir(path);
        if (d) {
            struct dirent *e;
            while ((e = readdir(d))) {
                if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                    continue;
                SolBuf child = {0};
                sol_buf_printf(&child, "%s/%s", path, e->d_name);
                remove_tree(child.data);
                sol_buf_free(&child);
            }
            closedir(d);
        }
        rmdir(path);
    } else {
        unlink(path);
    }
}

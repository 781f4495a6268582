/*
 * Compiling and loading generated programs, through the cache of compiled objects (cload.h).
 */
#define _XOPEN_SOURCE 700 /* realpath(); X/Open 7 includes POSIX.1-2008 */
#include "Exec/cload.h"

#include "Support/process.h"
#include "Support/sha256.h"
#include "Support/tool.h"

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* -O2 like the peers of bench/exec; -fwrapv: signed arithmetic wraps, as the interpreter's
 * (which computes on uint64_t); -ffp-contract=off and no fast-math: every float operation is
 * rounded on its own, as in the interpreter. */
const char *const sol_cg_cflags[] = {"-std=c11",
                                     "-O2",
                                     "-fPIC",
                                     "-shared",
                                     "-fwrapv",
                                     "-ffp-contract=off",
                                     "-fno-fast-math",
                                     "-fvisibility=hidden",
                                     "-w",
                                     NULL};

/* The vector width of this CPU: AVX2 holds a lane block of 8 floats in one register, AVX-512
 * one of 8 doubles too (--precision=wide); IEEE arithmetic per lane is the same at any width.
 * NULL: the baseline (SSE2 on x86-64). */
static const char *cpu_flag(void)
{
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    if (__builtin_cpu_supports("avx512f"))
        return "-mavx512f";
    if (__builtin_cpu_supports("avx2"))
        return "-mavx2";
#endif
    return NULL;
}

#define STALE_TEMP_S 3600

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The compiler's executable: cc itself when it holds a '/', else the first match on PATH. */
static char *find_compiler(const char *cc)
{
    if (strchr(cc, '/'))
        return access(cc, X_OK) == 0 ? sol_xstrdup(cc) : NULL;
    const char *path = getenv("PATH");
    if (!path)
        path = "/usr/bin:/bin";
    SolBuf cand = {0};
    char *found = NULL;
    for (const char *p = path; !found;) {
        const char *colon = strchr(p, ':');
        size_t n = colon ? (size_t)(colon - p) : strlen(p);
        cand.len = 0;
        sol_buf_printf(&cand, "%.*s/%s", (int)n, n ? p : ".", cc);
        struct stat st;
        if (stat(cand.data, &st) == 0 && S_ISREG(st.st_mode) && access(cand.data, X_OK) == 0)
            found = sol_xstrdup(cand.data);
        if (!colon)
            break;
        p = colon + 1;
    }
    sol_buf_free(&cand);
    return found;
}

/* The key: everything the object depends on. */
static void cache_key(const char *compiler, const char *source, size_t len, char key[65])
{
    SolSha256 h;
    sol_sha256_init(&h);
    SolBuf id = {0};
    sol_buf_printf(&id, "solar-run C engine ABI %d\n", SOL_CG_ABI);
    char *real = realpath(compiler, NULL);
    struct stat st;
    if (real && stat(real, &st) == 0)
        sol_buf_printf(&id, "%s %lld %lld\n", real, (long long)st.st_size, (long long)st.st_mtime);
    else
        sol_buf_printf(&id, "%s\n", compiler);
    free(real);
    for (const char *const *f = sol_cg_cflags; *f; f++)
        sol_buf_printf(&id, "%s\n", *f);
    if (cpu_flag())
        sol_buf_printf(&id, "%s\n", cpu_flag());
    sol_sha256_update(&h, id.data, id.len);
    sol_sha256_update(&h, source, len);
    sol_sha256_hex_final(&h, key);
    sol_buf_free(&id);
}

/* A directory or file only this user can have written. */
static bool private_to_us(const struct stat *st)
{
    return st->st_uid == geteuid() && !(st->st_mode & (S_IWGRP | S_IWOTH));
}

/* Creates dir (mode 0700) and its missing parents; true when it is a directory we own and
 * no one else may write. */
static bool trusted_dir(const char *dir, SolBuf *why)
{
    SolBuf err = {0};
    bool made = sol_mkdir_p(dir, 0700, &err);
    if (!made)
        sol_buf_printf(why, "the cache %s: %s", dir, err.data);
    sol_buf_free(&err);
    if (!made)
        return false;
    struct stat st;
    if (lstat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        sol_buf_printf(why, "the cache %s is not a directory", dir);
        return false;
    }
    if (!private_to_us(&st)) {
        sol_buf_printf(why, "the cache %s is writable by others or not ours: not used", dir);
        return false;
    }
    return true;
}

/* Removes the temporary directories (tmp-XXXXXX) that runs killed while compiling left. */
static void remove_stale_temps(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    SolBuf path = {0};
    time_t now = time(NULL);
    for (struct dirent *e; (e = readdir(d));) {
        if (strncmp(e->d_name, "tmp-", 4) != 0)
            continue;
        path.len = 0;
        sol_buf_printf(&path, "%s/%s", dir, e->d_name);
        struct stat st;
        if (lstat(path.data, &st) != 0 || !S_ISDIR(st.st_mode) || now - st.st_mtime < STALE_TEMP_S)
            continue;
        size_t base = path.len;
        static const char *const names[] = {"program.c", "program.so"};
        for (size_t i = 0; i < 2; i++) {
            path.len = base;
            sol_buf_printf(&path, "/%s", names[i]);
            unlink(path.data);
        }
        path.data[base] = '\0';
        rmdir(path.data);
    }
    sol_buf_free(&path);
    closedir(d);
}

static bool write_file(const char *path, const char *data, size_t len, SolBuf *why)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0) {
        sol_buf_printf(why, "cannot create %s: %s", path, strerror(errno));
        return false;
    }
    bool ok = true;
    for (size_t off = 0; ok && off < len;) {
        ssize_t n = write(fd, data + off, len - off);
        if (n < 0 && errno == EINTR)
            continue;
        ok = n > 0;
        off += ok ? (size_t)n : 0;
    }
    if (close(fd) != 0)
        ok = false;
    if (!ok)
        sol_buf_printf(why, "cannot write %s: %s", path, strerror(errno));
    return ok;
}

/* cc FLAGS -o obj src -lm */
static bool compile(const char *compiler, const char *src, const char *obj, double timeout_s,
                    CgLoadInfo *info)
{
    const char *argv[32];
    size_t n = 0;
    argv[n++] = compiler;
    for (const char *const *f = sol_cg_cflags; *f; f++)
        argv[n++] = *f;
    if (cpu_flag())
        argv[n++] = cpu_flag();
    argv[n++] = "-o";
    argv[n++] = obj;
    argv[n++] = src;
    argv[n++] = "-lm";
    argv[n] = NULL;
    sol_buf_puts(&info->log, "compiling: ");
    sol_process_argv_text(&info->log, argv);
    sol_buf_putc(&info->log, '\n');
    SolProcessOptions po = {.timeout_s = timeout_s, .max_output = 1 << 16, .merge_output = true};
    SolProcessResult r;
    double t0 = now_s();
    sol_process_run(argv, &po, &r);
    info->compile_s = now_s() - t0;
    bool ok = r.status == 0 && !r.timed_out;
    if (r.status < 0)
        sol_buf_printf(&info->why, "%s", r.why.data ? r.why.data : "the compiler did not start");
    else if (r.timed_out)
        sol_buf_printf(&info->why, "%s took more than %.0f s", compiler, timeout_s);
    else if (!ok)
        sol_buf_printf(&info->why, "%s exited with status %d:\n%s", compiler, r.status,
                       r.out.data ? r.out.data : "");
    sol_process_result_free(&r);
    return ok;
}

static bool open_object(const char *path, const SolCgHost *host, CgModule *mod, SolBuf *why)
{
    void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        const char *e = dlerror();
        sol_buf_printf(why, "cannot load %s: %s", path, e ? e : "dlopen failed");
        return false;
    }
    SolCgInitFn init;
    SolCgRunFn run;
    void *pi = dlsym(h, SOL_CG_INIT), *pr = dlsym(h, SOL_CG_RUN);
    memcpy(&init, &pi, sizeof init); /* POSIX: a symbol's address converts to a function's */
    memcpy(&run, &pr, sizeof run);
    if (!pi || !pr || init(host) != SOL_CG_ABI) {
        sol_buf_printf(why, "%s is not a solar-run program of ABI %d", path, SOL_CG_ABI);
        dlclose(h);
        return false;
    }
    mod->handle = h;
    mod->run = run;
    return true;
}

/* Compiles source in a fresh directory DIR/PREFIXXXXXXX, moves the object to `obj` (NULL:
 * none, it is loaded from the directory) and loads it; the directory is removed either way. */
static bool build(const char *compiler, const char *dir, const char *prefix, const char *obj,
                  const char *source, size_t len, const SolCgHost *host, const CgLoadOptions *o,
                  CgModule *mod, CgLoadInfo *info)
{
    SolBuf tmp = {0}, src = {0}, out = {0};
    sol_buf_printf(&tmp, "%s/%sXXXXXX", dir, prefix);
    if (!mkdtemp(tmp.data)) {
        sol_buf_printf(&info->why, "cannot create a temporary directory in %s: %s", dir,
                       strerror(errno));
        sol_buf_free(&tmp);
        return false;
    }
    sol_buf_printf(&src, "%s/program.c", tmp.data);
    sol_buf_printf(&out, "%s/program.so", tmp.data);
    bool ok = write_file(src.data, source, len, &info->why) &&
              compile(compiler, src.data, out.data, o->timeout_s > 0 ? o->timeout_s : 600, info);
    if (ok && obj && rename(out.data, obj) != 0) {
        sol_buf_printf(&info->why, "cannot rename %s: %s", out.data, strerror(errno));
        ok = false;
    }
    ok = ok && open_object(obj ? obj : out.data, host, mod, &info->why);
    unlink(src.data);
    unlink(out.data); /* a loaded object stays mapped */
    rmdir(tmp.data);
    sol_buf_free(&tmp);
    sol_buf_free(&src);
    sol_buf_free(&out);
    return ok;
}

bool sol_cg_load(const char *source, size_t len, const SolCgHost *host, const CgLoadOptions *o,
                 CgModule *mod, CgLoadInfo *info)
{
    memset(mod, 0, sizeof *mod);
    const char *cc = o->cc && *o->cc ? o->cc : "cc";
    char *compiler = find_compiler(cc);
    if (!compiler) {
        sol_buf_printf(&info->why, "no C compiler: '%s' is not an executable on PATH", cc);
        return false;
    }
    char key[65];
    cache_key(compiler, source, len, key);
    SolBuf dir = {0}, obj = {0}, why = {0};
    bool ok;
    if (o->cache_dir)
        sol_buf_printf(&dir, "%s/exec", o->cache_dir);
    if (o->cache_dir && trusted_dir(dir.data, &why)) {
        sol_buf_printf(&obj, "%s/%s.so", dir.data, key);
        struct stat st;
        info->cache_hit = lstat(obj.data, &st) == 0 && S_ISREG(st.st_mode) && private_to_us(&st);
        ok = info->cache_hit && open_object(obj.data, host, mod, &why);
        if (info->cache_hit && !ok) { /* unreadable, or from another ABI: build it again */
            sol_buf_printf(&info->log, "%s; rebuilding\n", why.data);
            info->cache_hit = false;
        }
        if (!ok && o->cached_only) {
            sol_buf_printf(&info->why, "not in the cache");
        } else if (!ok) {
            remove_stale_temps(dir.data);
            ok = build(compiler, dir.data, "tmp-", obj.data, source, len, host, o, mod, info);
        }
        if (ok)
            sol_buf_printf(&info->log, "%s %s\n",
                           info->cache_hit ? "cached:" : "compiled:", obj.data);
    } else if (o->cached_only) {
        ok = false;
        sol_buf_printf(&info->why, "no cache");
    } else {
        if (o->cache_dir)
            sol_buf_printf(&info->log, "%s; compiling without the cache\n", why.data);
        const char *tmp = getenv("TMPDIR");
        ok = build(compiler, tmp && *tmp ? tmp : "/tmp", "solar-run-", NULL, source, len, host, o,
                   mod, info);
    }
    sol_buf_free(&dir);
    sol_buf_free(&obj);
    sol_buf_free(&why);
    free(compiler);
    return ok;
}

void sol_cg_unload(CgModule *mod)
{
    if (mod->handle)
        dlclose(mod->handle);
    memset(mod, 0, sizeof *mod);
}

void sol_cg_load_info_free(CgLoadInfo *info)
{
    sol_buf_free(&info->log);
    sol_buf_free(&info->why);
}

/*
 * Files for the tools: whole-file reads with a size cap, and outputs written to a temporary
 * file that is renamed over the target on success (solar-opt's -o, solar-calibrate's model),
 * so that a failed or interrupted run leaves the old file as it was.
 */
#define _XOPEN_SOURCE 700 /* realpath(); X/Open 7 includes POSIX.1-2008 */

#include "Support/tool.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

bool sol_file_is_regular(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

bool sol_file_is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

bool sol_mkdir_p(const char *dir, mode_t mode, SolBuf *err)
{
    char *path = sol_xstrdup(dir);
    bool ok = true;
    /* each prefix ending before a '/' and the whole path; "" fails as mkdir("") does */
    for (char *p = path + (*path ? 1 : 0); ok; p++) {
        if (*p != '/' && *p != '\0')
            continue;
        char saved = *p;
        *p = '\0';
        struct stat st;
        if (stat(path, &st) != 0) {
            if (mkdir(path, mode) != 0 && errno != EEXIST) {
                sol_buf_printf(err, "cannot create '%s': %s", path, strerror(errno));
                ok = false;
            }
        } else if (!S_ISDIR(st.st_mode)) {
            sol_buf_printf(err, "'%s' is not a directory", path);
            ok = false;
        }
        *p = saved;
        if (saved == '\0')
            break;
    }
    free(path);
    return ok;
}

bool sol_cache_dir(SolBuf *out)
{
    const char *dir = getenv("SOLAR_CACHE_DIR"), *home = getenv("HOME");
    if (dir) {
        if (!*dir)
            return false;
        sol_buf_puts(out, dir);
    } else if (home && *home) {
        sol_buf_printf(out, "%s/.cache/solar", home);
    } else {
        return false;
    }
    return true;
}

SolReadStatus sol_file_read_stream(FILE *f, size_t max, SolBuf *out)
{
    char chunk[65536];
    size_t n, start = out->len;
    errno = 0;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
        sol_buf_append(out, chunk, n);
        if (max && out->len - start > max)
            return SOL_READ_TOO_LARGE;
    }
    if (ferror(f)) {
        if (!errno)
            errno = EIO;
        return SOL_READ_ERROR;
    }
    sol_buf_append(out, "", 0);
    return SOL_READ_OK;
}

SolReadStatus sol_file_read(const char *path, size_t max, SolBuf *out)
{
    if (strcmp(path, "-") == 0)
        return sol_file_read_stream(stdin, max, out);
    FILE *f = fopen(path, "rb");
    if (!f)
        return SOL_READ_CANNOT_OPEN;
    SolReadStatus st = sol_file_read_stream(f, max, out);
    int saved = errno;
    fclose(f);
    errno = saved;
    return st;
}

bool sol_tool_read_file(const SolTool *t, const char *path, size_t max, SolBuf *out)
{
    switch (sol_file_read(path, max, out)) {
    case SOL_READ_OK:
        return true;
    case SOL_READ_CANNOT_OPEN:
        sol_tool_error(t, "cannot open '%s': %s", path, strerror(errno));
        return false;
    case SOL_READ_ERROR:
        sol_tool_error(t, "cannot read '%s': %s", path, strerror(errno));
        return false;
    case SOL_READ_TOO_LARGE:
        sol_tool_error(t, "'%s' is larger than %zu bytes", path, max);
        return false;
    }
    return false;
}

static mode_t new_file_mode(const char *target)
{
    struct stat st;
    if (stat(target, &st) == 0)
        return st.st_mode & 07777;
    mode_t mask = umask(0);
    umask(mask);
    return 0666 & ~mask;
}

/* TARGET.tmpN for the first N from the process id that does not exist yet. */
static int create_temp(const char *target, char **tmp)
{
    size_t size = strlen(target) + 32;
    *tmp = sol_xmalloc(size);
    long base = (long)getpid();
    for (long k = 0; k < 100; k++) {
        snprintf(*tmp, size, "%s.tmp%ld", target, base + k * 1000003L);
        int fd = open(*tmp, O_WRONLY | O_CREAT | O_EXCL, 0600);
        if (fd >= 0 || errno != EEXIST)
            return fd;
    }
    return -1;
}

static void output_reset(SolOutput *out)
{
    free(out->tmp), free(out->target);
    out->tmp = out->target = NULL;
    out->f = NULL;
}

bool sol_tool_output_open(const SolTool *t, const char *path, bool name_temp, SolOutput *out)
{
    memset(out, 0, sizeof *out);
    out->name_temp = name_temp;
    if (!path || strcmp(path, "-") == 0) {
        out->f = stdout;
        return true;
    }
    out->path = path;
    struct stat st;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) { /* /dev/null, a fifo: never replace */
        out->f = fopen(path, "w");
        if (!out->f)
            sol_tool_error(t, "cannot write '%s': %s", path, strerror(errno));
        return out->f != NULL;
    }
    char *resolved = realpath(path, NULL); /* follow a symlink to the file it names */
    out->target = resolved ? resolved : sol_xstrdup(path);
    int fd = create_temp(out->target, &out->tmp);
    if (fd < 0 || fchmod(fd, new_file_mode(out->target)) != 0 || !(out->f = fdopen(fd, "w"))) {
        int saved = errno;
        sol_tool_error(t, "cannot write '%s': %s", name_temp ? out->tmp : path, strerror(saved));
        if (fd >= 0)
            close(fd), unlink(out->tmp);
        output_reset(out);
        return false;
    }
    return true;
}

bool sol_tool_output_commit(const SolTool *t, SolOutput *out)
{
    bool ok = fflush(out->f) == 0 && !ferror(out->f);
    int saved = errno;
    bool renaming = false;
    if (out->f != stdout) {
        if (out->tmp && ok)
            ok = fsync(fileno(out->f)) == 0 || errno == EINVAL;
        ok = fclose(out->f) == 0 && ok;
        saved = ok ? saved : errno;
        if (out->tmp && ok && rename(out->tmp, out->target) != 0)
            ok = false, saved = errno, renaming = true;
        if (out->tmp && !ok)
            unlink(out->tmp);
    }
    if (!ok) {
        const char *why = strerror(saved ? saved : EIO);
        if (out->name_temp && out->tmp && renaming)
            sol_tool_error(t, "cannot rename '%s' to '%s': %s", out->tmp, out->path, why);
        else if (out->name_temp && out->tmp)
            sol_tool_error(t, "cannot write '%s': %s", out->tmp, why);
        else
            sol_tool_error(t, "cannot write '%s': %s", out->path ? out->path : "<stdout>", why);
    }
    output_reset(out);
    return ok;
}

void sol_tool_output_discard(SolOutput *out)
{
    if (out->f && out->f != stdout) {
        fclose(out->f);
        if (out->tmp)
            unlink(out->tmp);
    }
    output_reset(out);
}

bool sol_tool_write_file(const SolTool *t, const char *path, const char *data, size_t len)
{
    SolOutput out;
    if (!sol_tool_output_open(t, path, false, &out))
        return false;
    if (len && fwrite(data, 1, len, out.f) != len) {
        sol_tool_error(t, "cannot write '%s': %s", path, strerror(errno ? errno : EIO));
        sol_tool_output_discard(&out);
        return false;
    }
    return sol_tool_output_commit(t, &out);
}

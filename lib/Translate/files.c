/*
 * Reading the model, writing the output, the work directory (files.h).
 */
#include "Translate/files.h"

#include "Support/process.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

bool sol_translate_read_file(const SolLog *log, const char *path, size_t max, SolBuf *out)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        sol_log_error(log, "cannot open '%s': %s", path, strerror(errno));
        return false;
    }
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0 && out->len <= max)
        sol_buf_append(out, chunk, n);
    bool ok = !ferror(f);
    fclose(f);
    if (!ok)
        sol_log_error(log, "cannot read '%s'", path);
    else if (out->len > max)
        sol_log_error(log, "'%s' is larger than %zu bytes; that is not a model file", path, max);
    if (ok && !out->data)
        sol_buf_append(out, "", 0);
    return ok && out->len <= max;
}

static bool write_all(int fd, const SolBuf *data)
{
    size_t done = 0;
    while (done < data->len) {
        ssize_t w = write(fd, data->data + done, data->len - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return false;
        done += (size_t)w;
    }
    return true;
}

bool sol_translate_write_output(const SolLog *log, const char *path, const SolBuf *data)
{
    if (strcmp(path, "-") == 0) {
        bool ok = fwrite(data->data, 1, data->len, stdout) == data->len && fflush(stdout) == 0;
        if (!ok)
            sol_log_error(log, "cannot write the output: %s", strerror(errno));
        return ok;
    }
    SolBuf tmp = {0};
    sol_buf_printf(&tmp, "%s.tmpXXXXXX", path);
    int fd = mkstemp(tmp.data);
    bool ok = fd >= 0;
    if (ok) {
        mode_t mask = umask(0);
        umask(mask);
        fchmod(fd, 0666 & ~mask);
        ok = write_all(fd, data);
        ok = close(fd) == 0 && ok;
        ok = ok && rename(tmp.data, path) == 0;
        if (!ok)
            unlink(tmp.data);
    }
    if (!ok)
        sol_log_error(log, "cannot write '%s': %s", path, strerror(errno));
    sol_buf_free(&tmp);
    return ok;
}

char *sol_work_dir_new(const SolLog *log, const char *prefix)
{
    const char *tmp = getenv("TMPDIR");
    SolBuf work = {0};
    sol_buf_printf(&work, "%s/%s-XXXXXX", tmp && *tmp ? tmp : "/tmp", prefix);
    if (mkdtemp(work.data))
        return work.data;
    sol_log_error(log, "cannot create a work directory %s: %s", work.data, strerror(errno));
    sol_buf_free(&work);
    return NULL;
}

void sol_work_dir_remove(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0)
        return;
    if (!S_ISDIR(st.st_mode)) {
        unlink(path);
        return;
    }
    DIR *d = opendir(path);
    if (d) {
        struct dirent *e;
        while ((e = readdir(d))) {
            if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                continue;
            SolBuf child = {0};
            sol_buf_printf(&child, "%s/%s", path, e->d_name);
            sol_work_dir_remove(child.data);
            sol_buf_free(&child);
        }
        closedir(d);
    }
    rmdir(path);
}

const char *sol_base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

char *sol_find_sibling(const char *name)
{
    char *dir = sol_process_exe_dir();
    if (dir) {
        SolBuf p = {0};
        sol_buf_printf(&p, "%s/%s", dir, name);
        free(dir);
        if (access(p.data, X_OK) == 0)
            return p.data;
        sol_buf_free(&p);
    }
    return sol_xstrdup(name);
}

/*
 * The work directory (files.h).
 */
#include "Translate/files.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

char *sol_work_dir_new(const SolLog *log, const char *prefix)
{
    const char *tmp = getenv("TMPDIR");
    SolBuf work = {0};
    sol_buf_printf(&work, "%s/%s-XXXXXX", tmp && *tmp ? tmp : "/tmp", prefix);
    if (mkdtemp(work.data))
        return work.data;
    sol_tool_error(&log->tool, "cannot create a work directory %s: %s", work.data, strerror(errno));
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

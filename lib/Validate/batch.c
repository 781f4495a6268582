/*
 * The cases of a batch directory: every *.mlir under DIR (recursively, in name order) whose
 * same-stem *.py twin is a KernelBench-style PyTorch module, at the sizes of its
 * `// sizes.KEY:` line. A file without a usable twin or sizes line is a skipped case with the
 * reason, so the tables still list it.
 */
#include "Validate/validate.h"

#include "Support/source_language.h"

#include <dirent.h>
#include <stdlib.h>

typedef SolVecOf(char *) Paths;

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void walk(const char *dir, Paths *out, int depth)
{
    DIR *d = opendir(dir);
    if (!d || depth > 16) {
        if (d)
            closedir(d);
        return;
    }
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        SolBuf p = {0};
        sol_buf_printf(&p, "%s/%s", dir, e->d_name);
        size_t n = strlen(e->d_name);
        if (sol_file_is_dir(p.data)) {
            walk(p.data, out, depth + 1);
            sol_buf_free(&p);
        } else if (n > 5 && strcmp(e->d_name + n - 5, ".mlir") == 0 &&
                   sol_file_is_regular(p.data)) {
            sol_vec_push(out, p.data);
        } else {
            sol_buf_free(&p);
        }
    }
    closedir(d);
}

size_t sol_val_batch_files(const char *dir, char ***paths)
{
    Paths files = {0};
    walk(dir, &files, 0);
    if (files.len)
        qsort(files.data, files.len, sizeof *files.data, cmp_str);
    *paths = files.data;
    return files.len;
}

void sol_val_paths_free(char **paths, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(paths[i]);
    free(paths);
}

/* NULL when the twin looks usable, else why not. */
static const char *twin_problem(const char *py)
{
    if (!sol_file_is_regular(py))
        return "no twin";
    SolBuf text = {0};
    const char *why = NULL;
    if (sol_file_read(py, 0, &text) != SOL_READ_OK)
        why = "the twin cannot be read";
    else if (sol_source_language(text.data, text.len, NULL) == SOL_LANG_JAX)
        why = "the twin is a JAX program (solar-validate times PyTorch twins)";
    else if (strncmp(text.data, "class Model", 11) != 0 && !strstr(text.data, "\nclass Model"))
        why = "the twin has no class Model (not a KernelBench-style module)";
    sol_buf_free(&text);
    return why;
}

bool sol_val_batch_case(SolValCase *c, const char *mlir, const char *key, SolSizes *sizes,
                        const char **used_key)
{
    SolBuf py = {0};
    sol_buf_printf(&py, "%.*s.py", (int)(strlen(mlir) - 5), mlir);
    sol_val_case_init(c, py.data, mlir);
    sol_buf_free(&py);
    const char *why = twin_problem(c->model);
    SolBuf err = {0};
    bool found = false;
    const char *k = key ? key : "host";
    bool ok = !why && sol_val_sizes_line(mlir, k, sizes, &found, &err);
    if (ok && !found && !key) {
        k = "real";
        ok = sol_val_sizes_line(mlir, k, sizes, &found, &err);
    }
    *used_key = k;
    if (why) {
        c->state = SOL_VAL_CASE_SKIPPED;
        sol_buf_puts(&c->note, why);
    } else if (!ok) {
        c->state = SOL_VAL_CASE_FAILED;
        sol_buf_append(&c->note, err.data, err.len);
    } else if (!found) {
        c->state = SOL_VAL_CASE_SKIPPED;
        sol_buf_printf(&c->note, "no `// sizes.%s:` line", k);
    }
    sol_buf_free(&err);
    return ok && found;
}

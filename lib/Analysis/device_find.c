/*
 * Finding device models (device.h): the search path that `--hw NAME` looks names up on, the
 * listing behind `--hw all`, loading by stem or path, and the `--list-hw` table.
 */
#include "Analysis/device.h"

#include "Support/spelling.h"

#include <ctype.h>
#include <dirent.h>
#include <stdlib.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>


/* ---- the search path ----------------------------------------------------------------- */

typedef SolVecOf(char *) StrVec;

static void free_strs(StrVec *v)
{
    for (size_t i = 0; i < v->len; i++)
        free(v->data[i]);
    sol_vec_free(v);
}

static void add_dir(StrVec *dirs, const char *s, size_t n)
{
    while (n > 1 && s[n - 1] == '/') /* "dir/" and "dir" are one entry */
        n--;
    if (n == 0)
        return;
    for (size_t i = 0; i < dirs->len; i++)
        if (strlen(dirs->data[i]) == n && memcmp(dirs->data[i], s, n) == 0)
            return;
    sol_vec_push(dirs, sol_xstrndup(s, n));
}

static void search_dirs(StrVec *dirs)
{
    const char *env = getenv("SOLAR_HARDWARE_PATH");
    while (env && *env) {
        const char *colon = strchr(env, ':');
        size_t n = colon ? (size_t)(colon - env) : strlen(env);
        add_dir(dirs, env, n);
        env = colon ? colon + 1 : NULL;
    }
    /* <exe dir>/../share/solar/hardware, with the ".." resolved textually: /proc/self/exe is
     * already free of symlinks. */
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = '\0';
        char *slash = strrchr(exe, '/'); /* end of the exe's directory */
        if (slash) {
            *slash = '\0';
            slash = strrchr(exe, '/'); /* end of its parent */
            SolBuf dir = {0};
            if (slash)
                sol_buf_append(&dir, exe, (size_t)(slash - exe));
            sol_buf_puts(&dir, "/share/solar/hardware");
            add_dir(dirs, dir.data, dir.len);
            sol_buf_free(&dir);
        }
    }
#ifdef SOLAR_SOURCE_HARDWARE_DIR
    add_dir(dirs, SOLAR_SOURCE_HARDWARE_DIR, strlen(SOLAR_SOURCE_HARDWARE_DIR));
#endif
}

void sol_device_search_path(SolBuf *out)
{
    StrVec dirs = {0};
    search_dirs(&dirs);
    for (size_t i = 0; i < dirs.len; i++) {
        if (i)
            sol_buf_putc(out, ':');
        sol_buf_puts(out, dirs.data[i]);
    }
    free_strs(&dirs);
}

/* The stem of a path ("dir/H100.json" -> "H100"), as a heap string, lowercased. */
static char *lower_stem(const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t n = strlen(base);
    if (n >= 5 && strcmp(base + n - 5, ".json") == 0)
        n -= 5;
    char *s = sol_xstrndup(base, n);
    for (char *c = s; *c; c++)
        *c = (char)tolower((unsigned char)*c);
    return s;
}

static int compare_strs(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int compare_stems(const void *a, const void *b)
{
    char *sa = lower_stem(*(char *const *)a), *sb = lower_stem(*(char *const *)b);
    int c = strcmp(sa, sb);
    free(sa);
    free(sb);
    return c ? c : strcmp(*(char *const *)a, *(char *const *)b);
}

char **sol_device_list(size_t *n)
{
    StrVec dirs = {0}, paths = {0}, stems = {0};
    search_dirs(&dirs);
    for (size_t d = 0; d < dirs.len; d++) {
        DIR *dir = opendir(dirs.data[d]);
        if (!dir)
            continue;
        StrVec names = {0};
        for (struct dirent *e; (e = readdir(dir));) {
            size_t len = strlen(e->d_name);
            if (len > 5 && strcmp(e->d_name + len - 5, ".json") == 0)
                sol_vec_push(&names, sol_xstrdup(e->d_name));
        }
        closedir(dir);
        /* Sorted, so which of two case variants (H100.json, h100.json) wins is stable. */
        if (names.len)
            qsort(names.data, names.len, sizeof *names.data, compare_strs);
        for (size_t i = 0; i < names.len; i++) {
            SolBuf path = {0};
            sol_buf_printf(&path, "%s/%s", dirs.data[d], names.data[i]);
            struct stat st;
            char *stem = lower_stem(names.data[i]);
            bool dup = false;
            for (size_t j = 0; j < stems.len && !dup; j++)
                dup = strcmp(stems.data[j], stem) == 0;
            if (!dup && stat(path.data, &st) == 0 && S_ISREG(st.st_mode)) {
                sol_vec_push(&stems, stem);
                sol_vec_push(&paths, path.data);
            } else {
                free(stem);
                sol_buf_free(&path);
            }
        }
        free_strs(&names);
    }
    free_strs(&dirs);
    free_strs(&stems);
    if (paths.len)
        qsort(paths.data, paths.len, sizeof *paths.data, compare_stems);
    *n = paths.len;
    return paths.data ? paths.data : sol_xcalloc(1, sizeof(char *));
}

void sol_device_list_free(char **paths, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(paths[i]);
    free(paths);
}

/* A path rather than a stem: ends in .json or names a directory. */
static bool is_path(const char *name)
{
    size_t n = strlen(name);
    return strchr(name, '/') || (n >= 5 && strcasecmp(name + n - 5, ".json") == 0);
}

/* "did you mean h100-pcie or h100-sxm? ": the stems `name` begins (`h100`), else the closest
 * spelling (`h100-smx`); nothing when none is close. */
static void suggest_devices(SolBuf *err, const char *name, char **paths, size_t n)
{
    char **stems = sol_xcalloc(n + 1, sizeof *stems);
    size_t found = 0, len = strlen(name);
    for (size_t i = 0; i < n; i++) {
        stems[i] = lower_stem(paths[i]);
        found += len && strncasecmp(stems[i], name, len) == 0;
    }
    const char *closest =
        found ? NULL : sol_closest_spelling(name, len, (const char *const *)stems, n);
    if (found || closest)
        sol_buf_puts(err, "did you mean ");
    for (size_t i = 0, k = 0; i < n && found; i++)
        if (strncasecmp(stems[i], name, len) == 0)
            sol_buf_printf(err, "%s%s", k++ ? (k == found ? " or " : ", ") : "", stems[i]);
    if (closest)
        sol_buf_puts(err, closest);
    if (found || closest)
        sol_buf_puts(err, "? ");
    for (size_t i = 0; i < n; i++)
        free(stems[i]);
    free(stems);
}

bool sol_device_load(const char *name, SolDevice *out, SolBuf *err)
{
    memset(out, 0, sizeof *out);
    if (is_path(name))
        return sol_device_load_file(name, out, err);
    size_t n;
    char **paths = sol_device_list(&n);
    for (size_t i = 0; i < n; i++) {
        char *stem = lower_stem(paths[i]);
        bool match = strcasecmp(stem, name) == 0;
        free(stem);
        if (match) {
            bool ok = sol_device_load_file(paths[i], out, err);
            sol_device_list_free(paths, n);
            return ok;
        }
    }
    sol_buf_puts(err, "unknown device '");
    sol_buf_put_clean(err, name, 64);
    sol_buf_puts(err, "'; ");
    suggest_devices(err, name, paths, n);
    if (n == 0)
        sol_buf_puts(err, "no device files found");
    for (size_t i = 0; i < n; i++) {
        char *stem = lower_stem(paths[i]);
        sol_buf_printf(err, "%s%s", i ? ", " : "available: ", stem);
        free(stem);
    }
    sol_buf_puts(err, " (search path: ");
    sol_device_search_path(err);
    sol_buf_puts(err, "; SOLAR_HARDWARE_PATH adds directories)");
    sol_device_list_free(paths, n);
    return false;
}

/* ---- the --list-hw table ------------------------------------------------------------- */

static void print_tflops(FILE *out, double flops)
{
    if (flops > 0)
        fprintf(out, " %12.5g", flops / 1e12);
    else
        fprintf(out, " %12s", "-");
}

void sol_device_print_table(FILE *out, char **paths, size_t n)
{
    fprintf(out, "%-18s %-18s %12s %12s %12s %10s %9s  %s\n", "device", "name", "bf16-matrix",
            "tf32-matrix", "f32-vector", "DRAM-TB/s", "DRAM-GB", "fp32-matmul");
    for (size_t i = 0; i < n; i++) {
        char *stem = lower_stem(paths[i]);
        SolDevice d;
        SolBuf err = {0};
        if (!sol_device_load_file(paths[i], &d, &err)) {
            fprintf(out, "%-18s error: %s\n", stem, err.data);
        } else {
            fprintf(out, "%-18s %-18s", stem, d.name);
            print_tflops(out, sol_device_peak(&d, true, "bf16"));
            print_tflops(out, sol_device_peak(&d, true, "tf32"));
            print_tflops(out, sol_device_peak(&d, false, "f32"));
            const SolMemLevel *dram = sol_device_dram(&d);
            fprintf(out, " %10.4g %9.5g  %s\n", dram->bandwidth / 1e12, (double)dram->bytes / 1e9,
                    sol_fp32_matmul_name(d.fp32_default));
        }
        sol_device_free(&d);
        sol_buf_free(&err);
        free(stem);
    }
}

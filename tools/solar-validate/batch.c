/*
 * Batch mode: every *.mlir under DIR (recursively, in name order) that has a same-stem *.py
 * twin is a case, at the sizes of its `// sizes.KEY:` line (KEY host when the file has that
 * line, else real, unless --sizes-key says). Files without a usable twin are skipped with the
 * reason. Writes OUT/validate.md and OUT/validate.csv (one row per file) and prints a summary:
 * cases, violations of the fused and cache bounds, median and geometric-mean headroom per
 * bound, and the ten cases furthest from their fused bound.
 */
#include "validate.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <sys/stat.h>

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

typedef SolVecOf(char *) Paths;

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

/* NULL when the twin looks usable, else why not. */
static const char *twin_problem(const char *py)
{
    if (!sol_file_is_regular(py))
        return "no twin";
    FILE *f = fopen(py, "r");
    if (!f)
        return "the twin cannot be read";
    char *line = NULL;
    size_t cap = 0;
    bool model = false, jax = false;
    while (getline(&line, &cap, f) >= 0) {
        if (strncmp(line, "class Model", 11) == 0)
            model = true;
        static const char *const jx[] = {"import jax", "from jax", "import flax", "from flax"};
        for (size_t i = 0; i < 4; i++)
            if (strncmp(line, jx[i], strlen(jx[i])) == 0)
                jax = true;
    }
    free(line);
    fclose(f);
    if (jax)
        return "the twin is a JAX program (solar-validate times PyTorch twins)";
    if (!model)
        return "the twin has no class Model (not a KernelBench-style module)";
    return NULL;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

typedef struct Stat {
    size_t n;
    double median, geomean;
} Stat;

static Stat headroom_stat(const Case *cases, size_t n, int k)
{
    Stat s = {0};
    double *v = sol_xcalloc(n + 1, sizeof *v);
    double logsum = 0;
    for (size_t i = 0; i < n; i++) {
        double h = case_headroom(&cases[i], k);
        if (h > 0) {
            v[s.n++] = h;
            logsum += log(h);
        }
    }
    if (s.n) {
        qsort(v, s.n, sizeof *v, cmp_double);
        s.median = s.n % 2 ? v[s.n / 2] : 0.5 * (v[s.n / 2 - 1] + v[s.n / 2]);
        s.geomean = exp(logsum / (double)s.n);
    }
    free(v);
    return s;
}

static void csv_field(FILE *f, const char *s)
{
    fputc('"', f);
    int lines = 0;
    for (; *s && !(*s == '\n' && ++lines == 2); s++) {
        if (*s == '"')
            fputc('"', f);
        fputc(*s == '\n' ? ' ' : *s, f);
    }
    fputc('"', f);
}

/* Markdown cells: no '|' or newline inside; a note keeps its first two lines (a failure and
 * the first diagnostic, without the source line and caret that follow). */
static void md_text(FILE *f, const char *s)
{
    int lines = 0;
    for (; *s; s++) {
        if (*s == '\n' && ++lines == 2)
            return;
        fputs(*s == '|' ? "\\|" : *s == '\n' ? " " : (char[]){*s, 0}, f);
    }
}

static void md_ms(FILE *f, bool present, double s)
{
    if (present)
        fprintf(f, " %.4g |", s * 1e3);
    else
        fputs(" - |", f);
}

static bool write_md(const char *path, const Case *cases, size_t n, const CaseOpts *o,
                     const char *summary, const size_t *worst, size_t nworst)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return false;
    fprintf(f, "# solar-validate: measured against SOL bounds\n\n");
    fprintf(f,
            "Device model `%s`, measured on `%s`, %s caches. Times in ms; headroom = "
            "measured min / bound (below 1 is a violation).\n\n",
            o->hw, o->measure.device, o->measure.warm ? "warm (--warm)" : "cold");
    fprintf(f, "| kernel | sizes | min | median | unfused | fused-plan | fused | cache | "
               "headroom unfused | headroom fused-plan | headroom fused | headroom cache | "
               "bound kind | notes |\n");
    fprintf(f, "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|\n");
    for (size_t i = 0; i < n; i++) {
        const Case *c = &cases[i];
        SolBuf sz = {0};
        sol_sizes_text(&sz, &c->sizes, ", ");
        fprintf(f, "| %s | ", c->name);
        md_text(f, sz.data);
        fputs(" |", f);
        sol_buf_free(&sz);
        bool ok = c->state == CASE_OK;
        md_ms(f, ok, c->min_s);
        md_ms(f, ok, c->median_s);
        for (int k = 0; k < B_COUNT; k++)
            md_ms(f, ok && c->bounds.b[k].present, c->bounds.b[k].seconds);
        for (int k = 0; k < B_COUNT; k++) {
            double h = case_headroom(c, k);
            if (h > 0)
                fprintf(f, " %s%.3g%s |", c->violated[k] ? "**" : "", h,
                        c->violated[k] ? "**" : "");
            else
                fputs(" - |", f);
        }
        fprintf(f, " %s | ", ok ? c->bounds.b[B_FUSED].kind : "-");
        if (c->state != CASE_OK)
            fputs(c->state == CASE_SKIPPED ? "skipped: " : "failed: ", f);
        md_text(f, c->note.data ? c->note.data : "");
        if (ok && c->fusing.len) {
            fputs(c->note.len ? "; fusing aten ops: " : "fusing aten ops: ", f);
            md_text(f, c->fusing.data);
        }
        fputs(" |\n", f);
    }
    fprintf(f, "\n%s\n", summary);
    if (nworst) {
        fprintf(f, "\nFurthest from the fused bound:\n\n");
        for (size_t i = 0; i < nworst; i++) {
            const Case *c = &cases[worst[i]];
            fprintf(f, "%zu. %s: %.3gx (%s-bound)\n", i + 1, c->name, case_headroom(c, B_FUSED),
                    c->bounds.b[B_FUSED].kind);
        }
    }
    return fclose(f) == 0;
}

static bool write_csv(const char *path, const Case *cases, size_t n)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return false;
    fputs("kernel,sizes,state,min_s,median_s,trials,unfused_s,fused_plan_s,fused_s,cache_s,"
          "headroom_unfused,headroom_fused_plan,headroom_fused,headroom_cache,bound_kind,"
          "violations,notes\n",
          f);
    for (size_t i = 0; i < n; i++) {
        const Case *c = &cases[i];
        static const char *const states[] = {"ok", "skipped", "failed"};
        SolBuf sz = {0}, v = {0}, notes = {0};
        sol_sizes_text(&sz, &c->sizes, ",");
        csv_field(f, c->name);
        fputc(',', f);
        csv_field(f, sz.data);
        fprintf(f, ",%s", states[c->state]);
        bool ok = c->state == CASE_OK;
        if (ok)
            fprintf(f, ",%.6g,%.6g,%d", c->min_s, c->median_s, c->trials);
        else
            fputs(",,,", f);
        for (int k = 0; k < B_COUNT; k++)
            if (ok && c->bounds.b[k].present)
                fprintf(f, ",%.6g", c->bounds.b[k].seconds);
            else
                fputc(',', f);
        for (int k = 0; k < B_COUNT; k++) {
            double h = case_headroom(c, k);
            if (h > 0)
                fprintf(f, ",%.4g", h);
            else
                fputc(',', f);
            if (c->violated[k])
                sol_buf_printf(&v, "%s%s", v.len ? " " : "", bound_names[k]);
        }
        fprintf(f, ",%s,", ok ? c->bounds.b[B_FUSED].kind : "");
        sol_buf_append(&v, "", 0);
        csv_field(f, v.data);
        fputc(',', f);
        sol_buf_printf(&notes, "%s", c->note.data ? c->note.data : "");
        if (ok && c->fusing.len)
            sol_buf_printf(&notes, "%sfusing aten ops: %s", notes.len ? "; " : "", c->fusing.data);
        csv_field(f, notes.data);
        fputc('\n', f);
        sol_buf_free(&sz);
        sol_buf_free(&v);
        sol_buf_free(&notes);
    }
    return fclose(f) == 0;
}

static const Case *sort_cases;
static int cmp_worst(const void *a, const void *b)
{
    double x = case_headroom(&sort_cases[*(const size_t *)a], B_FUSED);
    double y = case_headroom(&sort_cases[*(const size_t *)b], B_FUSED);
    return x > y ? -1 : x < y;
}

int batch_run(const char *dir, const char *out_dir, const char *key, const CaseOpts *o, bool json)
{
    Paths files = {0};
    walk(dir, &files, 0);
    if (files.len)
        qsort(files.data, files.len, sizeof *files.data, cmp_str);
    if (!files.len) {
        sol_tool_error(&validate_tool, "%s: no *.mlir files", dir);
        sol_vec_free(&files);
        return 1;
    }
    if (mkdir(out_dir, 0777) != 0 && errno != EEXIST) {
        sol_tool_error(&validate_tool, "--out-dir %s: cannot create: %s", out_dir, strerror(errno));
        for (size_t i = 0; i < files.len; i++)
            free(files.data[i]);
        sol_vec_free(&files);
        return 2;
    }
    Case *cases = sol_xcalloc(files.len, sizeof *cases);
    size_t ncases = 0, nskipped = 0, nfailed = 0, nviol = 0;
    for (size_t i = 0; i < files.len; i++) {
        Case *c = &cases[i];
        const char *mlir = files.data[i];
        size_t len = strlen(mlir);
        c->kernel = sol_xstrdup(mlir);
        SolBuf py = {0};
        sol_buf_printf(&py, "%.*s.py", (int)(len - 5), mlir);
        c->model = py.data;
        const char *slash = strrchr(mlir, '/');
        const char *stem = slash ? slash + 1 : mlir;
        c->name = sol_xstrndup(stem, strlen(stem) - 5);
        const char *why = twin_problem(c->model);
        SolSizes sizes = {0};
        SolBuf err = {0};
        bool found = false;
        const char *k = key ? key : "host";
        bool ok = !why && sizes_line(mlir, k, &sizes, &found, &err);
        if (ok && !found && !key) {
            k = "real";
            ok = sizes_line(mlir, k, &sizes, &found, &err);
        }
        if (why) {
            c->state = CASE_SKIPPED;
            sol_buf_puts(&c->note, why);
        } else if (!ok) {
            c->state = CASE_FAILED;
            sol_buf_append(&c->note, err.data, err.len);
        } else if (!found) {
            c->state = CASE_SKIPPED;
            sol_buf_printf(&c->note, "no `// sizes.%s:` line", k);
        } else {
            sol_tool_note(&validate_tool, "[%zu/%zu] %s at %s sizes", i + 1, files.len, c->name, k);
            case_run(c, o, &sizes);
        }
        sol_buf_append(&c->note, "", 0);
        sol_sizes_free(&sizes);
        sol_buf_free(&err);
        if (c->state == CASE_OK) {
            ncases++;
            nviol += case_violates(c);
            char t[64];
            snprintf(t, sizeof t, "%.4g ms", c->min_s * 1e3);
            sol_tool_note(&validate_tool, "  min %s, fused headroom %.3gx (%s-bound)%s", t,
                          case_headroom(c, B_FUSED), c->bounds.b[B_FUSED].kind,
                          case_violates(c) ? ", VIOLATION" : "");
        } else if (c->state == CASE_SKIPPED) {
            nskipped++;
            sol_tool_note(&validate_tool, "skipped %s: %s", c->kernel, c->note.data);
        } else {
            nfailed++;
            sol_tool_note(&validate_tool, "failed %s: %s", c->kernel, c->note.data);
        }
    }

    /* Summary */
    SolBuf sum = {0};
    Stat fused = headroom_stat(cases, files.len, B_FUSED);
    sol_buf_printf(&sum,
                   "%zu cases, %zu violations (fused+cache), median headroom fused %.3g, "
                   "geomean headroom fused %.3g",
                   ncases, nviol, fused.median, fused.geomean);
    for (int k = 0; k < B_COUNT; k++) {
        if (k == B_FUSED)
            continue;
        Stat s = headroom_stat(cases, files.len, k);
        size_t nv = 0;
        for (size_t i = 0; i < files.len; i++)
            nv += cases[i].state == CASE_OK && cases[i].violated[k];
        sol_buf_printf(&sum, "; %s: median %.3g, geomean %.3g, %zu below", bound_names[k], s.median,
                       s.geomean, nv);
    }
    sol_buf_printf(&sum, "; %zu skipped, %zu failed", nskipped, nfailed);
    size_t *order = sol_xcalloc(files.len + 1, sizeof *order);
    size_t nworst = 0;
    for (size_t i = 0; i < files.len; i++)
        if (case_headroom(&cases[i], B_FUSED) > 0)
            order[nworst++] = i;
    sort_cases = cases;
    qsort(order, nworst, sizeof *order, cmp_worst);
    if (nworst > 10)
        nworst = 10;

    SolBuf md = {0}, csv = {0};
    sol_buf_printf(&md, "%s/validate.md", out_dir);
    sol_buf_printf(&csv, "%s/validate.csv", out_dir);
    int rc = nviol ? 3 : nfailed ? 1 : 0;
    if (!write_md(md.data, cases, files.len, o, sum.data, order, nworst) ||
        !write_csv(csv.data, cases, files.len)) {
        sol_tool_error(&validate_tool, "cannot write %s or %s: %s", md.data, csv.data,
                       strerror(errno));
        rc = 1;
    }
    if (json) {
        cJSON *j = cJSON_CreateObject();
        cJSON *arr = cJSON_AddArrayToObject(j, "cases");
        for (size_t i = 0; i < files.len; i++)
            cJSON_AddItemToArray(arr, case_json(&cases[i], o));
        cJSON *s = cJSON_AddObjectToObject(j, "summary");
        cJSON_AddNumberToObject(s, "cases", (double)ncases);
        cJSON_AddNumberToObject(s, "violations", (double)nviol);
        cJSON_AddNumberToObject(s, "skipped", (double)nskipped);
        cJSON_AddNumberToObject(s, "failed", (double)nfailed);
        cJSON *per = cJSON_AddObjectToObject(s, "headroom");
        for (int k = 0; k < B_COUNT; k++) {
            Stat st = headroom_stat(cases, files.len, k);
            cJSON *e = cJSON_AddObjectToObject(per, bound_names[k]);
            cJSON_AddNumberToObject(e, "cases", (double)st.n);
            cJSON_AddNumberToObject(e, "median", st.median);
            cJSON_AddNumberToObject(e, "geomean", st.geomean);
        }
        cJSON *w = cJSON_AddArrayToObject(s, "worst_fused");
        for (size_t i = 0; i < nworst; i++)
            cJSON_AddItemToArray(w, cJSON_CreateString(cases[order[i]].name));
        cJSON_AddStringToObject(j, "table_md", md.data);
        cJSON_AddStringToObject(j, "table_csv", csv.data);
        char *text = cJSON_Print(j);
        puts(text);
        free(text);
        cJSON_Delete(j);
    } else {
        printf("%s\n", sum.data);
        if (nworst) {
            printf("worst %zu by fused headroom:\n", nworst);
            for (size_t i = 0; i < nworst; i++) {
                const Case *c = &cases[order[i]];
                SolBuf sz = {0};
                sol_sizes_text(&sz, &c->sizes, ",");
                printf("  %2zu. %-24s %9.3gx  %s-bound, min %.4g ms vs fused %.4g ms (%s)\n", i + 1,
                       c->name, case_headroom(c, B_FUSED), c->bounds.b[B_FUSED].kind,
                       c->min_s * 1e3, c->bounds.b[B_FUSED].seconds * 1e3, sz.data);
                sol_buf_free(&sz);
            }
        }
        for (size_t i = 0; i < files.len; i++)
            for (int k = 0; k < B_COUNT; k++)
                if (cases[i].state == CASE_OK && cases[i].violated[k])
                    printf("VIOLATION: %s %.4g s < %.4g s (%s%s)\n", bound_names[k], cases[i].min_s,
                           cases[i].bounds.b[k].seconds, cases[i].name,
                           k == B_FUSED || k == B_CACHE ? "" : "; not counted, see the notes");
        printf("wrote %s and %s\n", md.data, csv.data);
    }
    free(order);
    sol_buf_free(&sum);
    sol_buf_free(&md);
    sol_buf_free(&csv);
    for (size_t i = 0; i < files.len; i++) {
        case_free(&cases[i]);
        free(files.data[i]);
    }
    free(cases);
    sol_vec_free(&files);
    return rc;
}

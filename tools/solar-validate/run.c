/*
 * Running cases and reporting them: one case (MODEL.py KERNEL.mlir) as text or JSON, and batch
 * mode's output: the cases (lib/Validate/batch.c finds them) run one by one with a
 * progress note each, then OUT/validate.md and OUT/validate.csv (one row per file) and a
 * summary on stdout, as text or one JSON object: cases, violations of the fused and cache
 * bounds, median and geometric-mean headroom per bound (lib/Validate/statistics.c), and the
 * ten cases furthest from their fused bound.
 */
#include "run.h"

#include "Support/progress.h"

#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>

/* MODEL.py KERNEL.mlir: the report, and the exit status. */
int run_one(const char *model, const char *kernel, const SolSizes *sizes, const SolValCaseOpts *co,
            bool json)
{
    SolValCase c;
    sol_val_case_init(&c, model, kernel);
    sol_val_case_run(&c, co, sizes);
    int rc = 0;
    if (c.state != SOL_VAL_CASE_OK)
        rc = c.status == SOL_VAL_USAGE ? EXIT_USAGE : EXIT_ERRORS;
    else if (sol_val_case_violates(&c))
        rc = EXIT_VIOLATION;
    if (json) {
        cJSON *j = sol_val_case_json(&c, co);
        cJSON_AddNumberToObject(j, "exit", rc);
        char *text = cJSON_Print(j);
        puts(text);
        free(text);
        cJSON_Delete(j);
    } else if (c.state == SOL_VAL_CASE_OK) {
        sol_val_case_print(stdout, &c, co);
    }
    if (c.state != SOL_VAL_CASE_OK)
        sol_tool_error(co->tool, "%s", c.note.data);
    sol_val_case_free(&c);
    return rc;
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

static bool write_md(const char *path, const SolValCase *cases, size_t n, const SolValCaseOpts *o,
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
        const SolValCase *c = &cases[i];
        SolBuf sz = {0};
        sol_sizes_text(&sz, &c->sizes, ", ");
        fprintf(f, "| %s | ", c->name);
        md_text(f, sz.data);
        fputs(" |", f);
        sol_buf_free(&sz);
        bool ok = c->state == SOL_VAL_CASE_OK;
        md_ms(f, ok, c->min_s);
        md_ms(f, ok, c->median_s);
        for (int k = 0; k < SOL_VAL_NUM_BOUNDS; k++)
            md_ms(f, ok && c->bounds.b[k].present, c->bounds.b[k].seconds);
        for (int k = 0; k < SOL_VAL_NUM_BOUNDS; k++) {
            double h = sol_val_case_headroom(c, k);
            if (h > 0)
                fprintf(f, " %s%.3g%s |", c->violated[k] ? "**" : "", h,
                        c->violated[k] ? "**" : "");
            else
                fputs(" - |", f);
        }
        fprintf(f, " %s | ", ok ? c->bounds.b[SOL_VAL_FUSED].kind : "-");
        if (c->state != SOL_VAL_CASE_OK)
            fputs(c->state == SOL_VAL_CASE_SKIPPED ? "skipped: " : "failed: ", f);
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
            const SolValCase *c = &cases[worst[i]];
            fprintf(f, "%zu. %s: %.3gx (%s-bound)\n", i + 1, c->name,
                    sol_val_case_headroom(c, SOL_VAL_FUSED), c->bounds.b[SOL_VAL_FUSED].kind);
        }
    }
    return fclose(f) == 0;
}

static bool write_csv(const char *path, const SolValCase *cases, size_t n)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return false;
    fputs("kernel,sizes,state,min_s,median_s,trials,unfused_s,fused_plan_s,fused_s,cache_s,"
          "headroom_unfused,headroom_fused_plan,headroom_fused,headroom_cache,bound_kind,"
          "violations,notes\n",
          f);
    for (size_t i = 0; i < n; i++) {
        const SolValCase *c = &cases[i];
        static const char *const states[] = {"ok", "skipped", "failed"};
        SolBuf sz = {0}, v = {0}, notes = {0};
        sol_sizes_text(&sz, &c->sizes, ",");
        csv_field(f, c->name);
        fputc(',', f);
        csv_field(f, sz.data);
        fprintf(f, ",%s", states[c->state]);
        bool ok = c->state == SOL_VAL_CASE_OK;
        if (ok)
            fprintf(f, ",%.6g,%.6g,%d", c->min_s, c->median_s, c->trials);
        else
            fputs(",,,", f);
        for (int k = 0; k < SOL_VAL_NUM_BOUNDS; k++)
            if (ok && c->bounds.b[k].present)
                fprintf(f, ",%.6g", c->bounds.b[k].seconds);
            else
                fputc(',', f);
        for (int k = 0; k < SOL_VAL_NUM_BOUNDS; k++) {
            double h = sol_val_case_headroom(c, k);
            if (h > 0)
                fprintf(f, ",%.4g", h);
            else
                fputc(',', f);
            if (c->violated[k])
                sol_buf_printf(&v, "%s%s", v.len ? " " : "", sol_val_bound_names[k]);
        }
        fprintf(f, ",%s,", ok ? c->bounds.b[SOL_VAL_FUSED].kind : "");
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

/* "N cases, V violations (fused+cache), median headroom fused ...; unfused: ...". */
static void summary_text(SolBuf *b, const SolValSummary *s)
{
    const SolValStat *fused = &s->stat[SOL_VAL_FUSED];
    sol_buf_printf(b,
                   "%zu cases, %zu violations (fused+cache), median headroom fused %.3g, "
                   "geomean headroom fused %.3g",
                   s->ok, s->violations, fused->median, fused->geomean);
    for (int k = 0; k < SOL_VAL_NUM_BOUNDS; k++)
        if (k != SOL_VAL_FUSED)
            sol_buf_printf(b, "; %s: median %.3g, geomean %.3g, %zu below", sol_val_bound_names[k],
                           s->stat[k].median, s->stat[k].geomean, s->below[k]);
    sol_buf_printf(b, "; %zu skipped, %zu failed", s->skipped, s->failed);
}

static void print_json(const SolValCase *cases, size_t n, const SolValSummary *s,
                       const SolValCaseOpts *o, const char *md, const char *csv)
{
    cJSON *j = cJSON_CreateObject();
    cJSON *arr = cJSON_AddArrayToObject(j, "cases");
    for (size_t i = 0; i < n; i++)
        cJSON_AddItemToArray(arr, sol_val_case_json(&cases[i], o));
    cJSON *js = cJSON_AddObjectToObject(j, "summary");
    cJSON_AddNumberToObject(js, "cases", (double)s->ok);
    cJSON_AddNumberToObject(js, "violations", (double)s->violations);
    cJSON_AddNumberToObject(js, "skipped", (double)s->skipped);
    cJSON_AddNumberToObject(js, "failed", (double)s->failed);
    cJSON *per = cJSON_AddObjectToObject(js, "headroom");
    for (int k = 0; k < SOL_VAL_NUM_BOUNDS; k++) {
        cJSON *e = cJSON_AddObjectToObject(per, sol_val_bound_names[k]);
        cJSON_AddNumberToObject(e, "cases", (double)s->stat[k].n);
        cJSON_AddNumberToObject(e, "median", s->stat[k].median);
        cJSON_AddNumberToObject(e, "geomean", s->stat[k].geomean);
    }
    cJSON *w = cJSON_AddArrayToObject(js, "worst_fused");
    for (size_t i = 0; i < s->num_worst; i++)
        cJSON_AddItemToArray(w, cJSON_CreateString(cases[s->worst[i]].name));
    cJSON_AddStringToObject(j, "table_md", md);
    cJSON_AddStringToObject(j, "table_csv", csv);
    char *text = cJSON_Print(j);
    puts(text);
    free(text);
    cJSON_Delete(j);
}

static void print_text(const SolValCase *cases, size_t n, const SolValSummary *s,
                       const char *summary, const char *md, const char *csv)
{
    printf("%s\n", summary);
    if (s->num_worst) {
        printf("worst %zu by fused headroom:\n", s->num_worst);
        for (size_t i = 0; i < s->num_worst; i++) {
            const SolValCase *c = &cases[s->worst[i]];
            const SolValBound *fused = &c->bounds.b[SOL_VAL_FUSED];
            SolBuf sz = {0};
            sol_sizes_text(&sz, &c->sizes, ",");
            printf("  %2zu. %-24s %9.3gx  %s-bound, min %.4g ms vs fused %.4g ms (%s)\n", i + 1,
                   c->name, sol_val_case_headroom(c, SOL_VAL_FUSED), fused->kind, c->min_s * 1e3,
                   fused->seconds * 1e3, sz.data);
            sol_buf_free(&sz);
        }
    }
    for (size_t i = 0; i < n; i++)
        for (int k = 0; k < SOL_VAL_NUM_BOUNDS; k++)
            if (cases[i].state == SOL_VAL_CASE_OK && cases[i].violated[k])
                printf("VIOLATION: %s %.4g s < %.4g s (%s%s)\n", sol_val_bound_names[k],
                       cases[i].min_s, cases[i].bounds.b[k].seconds, cases[i].name,
                       k == SOL_VAL_FUSED || k == SOL_VAL_CACHE ? ""
                                                                : "; not counted, see the notes");
    printf("wrote %s and %s\n", md, csv);
}

/* Runs the case of file i of n. Its progress shows on the progress line (a terminal) or, with
 * -v, as notes; a case that is skipped or fails is always noted. */
static void run_case(SolValCase *c, const char *mlir, size_t i, size_t n, const char *key,
                     const SolValCaseOpts *o, SolProgress *progress)
{
    SolSizes sizes = {0};
    const char *k;
    bool runnable = sol_val_batch_case(c, mlir, key, &sizes, &k);
    sol_progress_update(progress, i, c->name);
    if (runnable) {
        if (o->verbose)
            sol_tool_note(o->tool, "[%zu/%zu] %s at %s sizes", i + 1, n, c->name, k);
        sol_val_case_run(c, o, &sizes);
    }
    sol_buf_append(&c->note, "", 0);
    sol_sizes_free(&sizes);
    if (c->state == SOL_VAL_CASE_OK) {
        if (o->verbose)
            sol_tool_note(o->tool, "  min %.4g ms, fused headroom %.3gx (%s-bound)%s",
                          c->min_s * 1e3, sol_val_case_headroom(c, SOL_VAL_FUSED),
                          c->bounds.b[SOL_VAL_FUSED].kind,
                          sol_val_case_violates(c) ? ", VIOLATION" : "");
    } else {
        sol_progress_clear(progress);
        sol_tool_note(o->tool, "%s %s: %s", c->state == SOL_VAL_CASE_SKIPPED ? "skipped" : "failed",
                      c->kernel, c->note.data);
    }
}

int batch_run(const char *dir, const char *out_dir, const char *key, const SolValCaseOpts *o,
              bool json)
{
    char **files;
    size_t n = sol_val_batch_files(dir, &files);
    if (!n) {
        sol_tool_error(o->tool, "%s: no *.mlir files", dir);
        sol_val_paths_free(files, n);
        return 1;
    }
    if (mkdir(out_dir, 0777) != 0 && errno != EEXIST) {
        sol_tool_error(o->tool, "--out-dir %s: cannot create: %s", out_dir, strerror(errno));
        sol_val_paths_free(files, n);
        return 2;
    }
    SolValCase *cases = sol_xcalloc(n, sizeof *cases);
    SolProgress progress; /* -v prints the commands: a log, not a terminal line */
    sol_progress_begin(&progress, o->verbose ? NULL : stderr, o->tool->name, n);
    for (size_t i = 0; i < n; i++)
        run_case(&cases[i], files[i], i, n, key, o, &progress);
    sol_progress_end(&progress);
    SolValSummary s;
    sol_val_summarize(cases, n, &s);
    SolBuf sum = {0}, md = {0}, csv = {0};
    summary_text(&sum, &s);
    sol_buf_printf(&md, "%s/validate.md", out_dir);
    sol_buf_printf(&csv, "%s/validate.csv", out_dir);
    int rc = s.violations ? 3 : s.failed ? 1 : 0;
    if (!write_md(md.data, cases, n, o, sum.data, s.worst, s.num_worst) ||
        !write_csv(csv.data, cases, n)) {
        sol_tool_error(o->tool, "cannot write %s or %s: %s", md.data, csv.data, strerror(errno));
        rc = 1;
    }
    if (json)
        print_json(cases, n, &s, o, md.data, csv.data);
    else
        print_text(cases, n, &s, sum.data, md.data, csv.data);
    sol_buf_free(&sum);
    sol_buf_free(&md);
    sol_buf_free(&csv);
    for (size_t i = 0; i < n; i++)
        sol_val_case_free(&cases[i]);
    free(cases);
    sol_val_paths_free(files, n);
    return rc;
}

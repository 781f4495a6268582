/*
 * The SOL report step of solar-opt (see report.h): devices from --hw, bounds, printing.
 */
#include "report.h"

#include "Analysis/host_cpu.h"
#include "Analysis/tiling.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Splits `a,b` or expands `all` into device names (heap strings). */
static char **device_names(const char *hw, size_t *n)
{
    if (strcmp(hw, "all") == 0)
        return sol_device_list(n);
    size_t cap = 1;
    for (const char *p = hw; *p; p++)
        cap += *p == ',';
    char **names = sol_xcalloc(cap + 1, sizeof *names);
    *n = 0;
    const char *p = hw;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        if (len)
            names[(*n)++] = sol_xstrndup(p, len);
        if (!comma)
            break;
        p = comma + 1;
    }
    return names;
}

/* A model of a CPU host made on another machine does not bound this one: say so. */
static void warn_other_host(const SolDevice *d)
{
    SolCpuIdent running;
    SolBuf why = {0};
    sol_host_cpu_ident(&running);
    if (sol_device_host_mismatch(d, &running, &why))
        fprintf(stderr, "solar-opt: warning: --hw %s: %s\n", d->name, why.data);
    sol_buf_free(&why);
}

bool solar_opt_load_devices(ReportFlags *f)
{
    size_t n = 0;
    char **names = device_names(f->hw ? f->hw : SOLAR_OPT_DEFAULT_DEVICE, &n);
    f->devices = sol_xcalloc(n + 1, sizeof *f->devices);
    f->num_devices = 0;
    bool ok = n > 0;
    if (!ok)
        fprintf(stderr, "solar-opt: error: --hw: no device named\n");
    for (size_t i = 0; i < n && ok; i++) {
        SolBuf err = {0};
        ok = sol_device_load(names[i], &f->devices[i], &err);
        if (ok) {
            f->num_devices++;
            warn_other_host(&f->devices[i]);
        } else {
            fprintf(stderr, "solar-opt: error: --hw: %s\n", err.data);
        }
        sol_buf_free(&err);
    }
    sol_device_list_free(names, n);
    if (!ok)
        solar_opt_free_devices(f);
    return ok;
}

void solar_opt_free_devices(ReportFlags *f)
{
    for (size_t i = 0; i < f->num_devices; i++)
        sol_device_free(&f->devices[i]);
    free(f->devices);
    f->devices = NULL;
    f->num_devices = 0;
}

int solar_opt_report(const ReportFlags *f, const SolSolAnalysis *a, const char *file,
                     const char *entry)
{
    size_t n = f->num_devices;
    FILE *out = stdout;
    if (f->report_file && !(out = fopen(f->report_file, "w"))) {
        fprintf(stderr, "solar-opt: error: --report-file %s: %s\n", f->report_file,
                strerror(errno));
        return 1;
    }
    SolBounds *bounds = sol_xcalloc(n + 1, sizeof *bounds);
    SolCacheBounds *caches = a->cache ? sol_xcalloc(n + 1, sizeof *caches) : NULL;
    for (size_t i = 0; i < n; i++) {
        sol_bounds_compute(&a->graph, &f->devices[i], &f->bounds, &bounds[i]);
        if (caches)
            sol_cache_compute(&a->graph, &bounds[i], &f->bounds, &caches[i]);
        if (caches && a->tiled)
            sol_tile_attainable_plan(&a->graph, a->planned ? &a->plan : NULL, &caches[i]);
    }
    SolReportOptions ro = {.format = (SolReportFormat)f->format,
                           .unfused = a->unfused,
                           .fused = a->fused,
                           .cache = caches,
                           .plan = a->planned ? &a->plan : NULL,
                           .file = file,
                           .entry = entry,
                           .default_device = f->hw == NULL,
                           .bounds = f->bounds,
                           .measured_ms = f->measured_ms,
                           .target_ms = f->target_ms};
    int rc = sol_report_print(out, &a->graph, bounds, (uint32_t)n, &ro) ? EXIT_VIOLATION : 0;
    if (out != stdout && fclose(out) != 0) {
        fprintf(stderr, "solar-opt: error: --report-file %s: %s\n", f->report_file,
                strerror(errno));
        rc = 1;
    }
    for (size_t i = 0; i < n; i++) {
        sol_bounds_free(&bounds[i]);
        if (caches)
            sol_cache_free(&caches[i]);
    }
    free(bounds);
    free(caches);
    return rc;
}

void solar_opt_warn_unused_flags(const ReportFlags *f, bool analysed)
{
    const char *why = !analysed ? "no pass computed a bound (add --sol-fused, --sol-cache or "
                                  "--sol-unfused); the IR is printed as without it"
                                : "--report=none prints no report";
    if (analysed && f->format >= 0)
        return;
    const struct {
        bool given;
        const char *flag;
    } flags[] = {
        {f->hw != NULL && !analysed, "--hw"},
        {f->measured_ms >= 0, "--measured-ms"},
        {f->target_ms >= 0, "--target-ms"},
        {f->report_file != NULL, "--report-file"},
        {f->format >= 0 && f->format != SOL_REPORT_TEXT, "--report"},
        {f->bound_flags && !analysed, "--fp32-matmul/--cache-state/--conv-algo/--tight-matmul"},
    };
    size_t n = sizeof flags / sizeof *flags, given = 0, seen = 0;
    for (size_t i = 0; i < n; i++)
        given += flags[i].given;
    if (!given)
        return;
    fprintf(stderr, "solar-opt: warning: ");
    for (size_t i = 0; i < n; i++)
        if (flags[i].given)
            fprintf(stderr, "%s%s", seen++ ? (seen == given ? " and " : ", ") : "", flags[i].flag);
    fprintf(stderr, " %s no effect: %s\n", given == 1 ? "has" : "have", why);
}

int solar_opt_list_hw(void)
{
    size_t n = 0;
    char **paths = sol_device_list(&n);
    sol_device_print_table(stdout, paths, n);
    sol_device_list_free(paths, n);
    return 0;
}

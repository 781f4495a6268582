/*
 * The SOL report step of solar-opt (see report.h): devices from --hw, bounds, printing.
 */
#include "report.h"

#include "Analysis/host_cpu.h"
#include "Analysis/tiling.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_DEVICE SOLAR_OPT_DEFAULT_DEVICE

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

int solar_opt_report(const ReportFlags *f, const SolSolAnalysis *a, const char *file,
                     const char *entry)
{
    size_t n = 0;
    char **names = device_names(f->hw ? f->hw : DEFAULT_DEVICE, &n);
    SolDevice *devs = sol_xcalloc(n + 1, sizeof *devs);
    SolBounds *bounds = sol_xcalloc(n + 1, sizeof *bounds);
    SolCacheBounds *caches = a->cache ? sol_xcalloc(n + 1, sizeof *caches) : NULL;
    int rc = 0;
    size_t loaded = 0;
    for (size_t i = 0; i < n && rc == 0; i++, loaded++) {
        SolBuf err = {0};
        if (!sol_device_load(names[i], &devs[i], &err)) {
            fprintf(stderr, "solar-opt: error: --hw: %s\n", err.data);
            rc = 1;
        } else {
            warn_other_host(&devs[i]);
        }
        sol_buf_free(&err);
    }
    if (n == 0) {
        fprintf(stderr, "solar-opt: error: --hw: no device named\n");
        rc = 1;
    }
    FILE *out = stdout;
    if (rc == 0 && f->report_file && !(out = fopen(f->report_file, "w"))) {
        fprintf(stderr, "solar-opt: error: --report-file %s: %s\n", f->report_file,
                strerror(errno));
        rc = 1;
    }
    if (rc == 0) {
        for (size_t i = 0; i < n; i++) {
            sol_bounds_compute(&a->graph, &devs[i], &f->bounds, &bounds[i]);
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
        if (sol_report_print(out, &a->graph, bounds, (uint32_t)n, &ro))
            rc = EXIT_VIOLATION;
        if (out != stdout && fclose(out) != 0) {
            fprintf(stderr, "solar-opt: error: --report-file %s: %s\n", f->report_file,
                    strerror(errno));
            rc = 1;
        }
    }
    for (size_t i = 0; i < n; i++) {
        sol_bounds_free(&bounds[i]);
        if (caches)
            sol_cache_free(&caches[i]);
        if (i < loaded)
            sol_device_free(&devs[i]);
        free(names[i]);
    }
    free(names);
    free(devs);
    free(bounds);
    free(caches);
    return rc;
}

int solar_opt_list_hw(void)
{
    size_t n = 0;
    char **paths = sol_device_list(&n);
    sol_device_print_table(stdout, paths, n);
    sol_device_list_free(paths, n);
    return 0;
}

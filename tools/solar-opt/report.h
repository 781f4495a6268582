/*
 * solar-opt's SOL report step: the devices of --hw, loaded once before any input is read (a
 * bad name is a usage error even when nothing is reported), then, after the pipeline, the
 * bounds and the report (--report, --report-file) when a sol-* pass left its analysis.
 */
#ifndef SOLAR_OPT_REPORT_H
#define SOLAR_OPT_REPORT_H

#include "Analysis/Report/report.h"
#include "Passes/sol_analysis.h"

typedef struct ReportFlags {
    const char *hw;          /* `h100-sxm`, `a,b`, `all`, or a .json path; NULL: default */
    int format;              /* -1 none, else SolReportFormat */
    const char *report_file; /* NULL: stdout */
    double measured_ms, target_ms; /* < 0: not given */
    SolBoundOptions bounds;
    bool bound_flags;        /* --fp32-matmul, --cache-state, --conv-algo or
                              * --tight-matmul was given */
    SolDevice *devices;      /* loaded from hw (solar_opt_load_devices) */
    size_t num_devices;
} ReportFlags;

#define EXIT_VIOLATION 3
/* The device of the report (and of fuse's default budget) when --hw names none. */
#define SOLAR_OPT_DEFAULT_DEVICE "h100-sxm"

/* Loads the devices f->hw names (or the default) into f->devices. On failure reports the
 * error (an unknown name gets its did-you-mean) and returns false: exit 2. */
bool solar_opt_load_devices(ReportFlags *f);
void solar_opt_free_devices(ReportFlags *f);

/* Prints the report; returns 0, 1 (the report file failed, reported) or EXIT_VIOLATION. */
int solar_opt_report(const ReportFlags *f, const SolSolAnalysis *a, const char *file,
                     const char *entry);

/* Warns about each report flag given to a run in which no pass computed a bound (a flag
 * with no effect), or with --report=none. */
void solar_opt_warn_unused_flags(const ReportFlags *f, bool analysed);

/* `--list-hw`: the device table. */
int solar_opt_list_hw(void);

#endif /* SOLAR_OPT_REPORT_H */

/*
 * solar-opt's SOL report step: after the pipeline, when a sol-* pass left its analysis,
 * load the devices (--hw), compute the bounds and print the report (--report, --report-file).
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
} ReportFlags;

#define EXIT_VIOLATION 3
/* The device of the report (and of fuse's default budget) when --hw names none. */
#define SOLAR_OPT_DEFAULT_DEVICE "h100-sxm"

/* Prints the report; returns 0, 1 (a device or the report file failed, reported) or
 * EXIT_VIOLATION. */
int solar_opt_report(const ReportFlags *f, const SolSolAnalysis *a, const char *file,
                     const char *entry);

/* `--list-hw`: the device table. */
int solar_opt_list_hw(void);

#endif /* SOLAR_OPT_REPORT_H */

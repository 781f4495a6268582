/*
 * The report's tables (tables.c), built from the model for the text and HTML writers. Each
 * fills an initialised-by-it SolTable the caller frees; a table without rows is not worth
 * printing (the builders are only called when their part of the report exists).
 */
#ifndef SOLAR_ANALYSIS_REPORT_TABLES_H
#define SOLAR_ANALYSIS_REPORT_TABLES_H

#include "Analysis/Report/model.h"
#include "Analysis/Report/table.h"

/* One row per device: the headline SOL, its binding term, every term, ridge, headroom. */
void sol_report_table_devices(const SolReportModel *m, SolTable *t);
/* One row per device, one column per bound kind asked for (with headroom when measured). */
void sol_report_table_bounds(const SolReportModel *m, SolTable *t);
/* The source ops by time on the first device, with times on the first devices. */
void sol_report_table_ops(const SolReportModel *m, SolTable *t);
/* fuse's groups (o->plan), timed on the first devices. */
void sol_report_table_groups(const SolReportModel *m, SolTable *t);
/* sol-cache's memory levels, one row per device and level. */
void sol_report_table_levels(const SolReportModel *m, SolTable *t);
/* --target-ms: what a device needs against what each has. */
void sol_report_table_target(const SolReportModel *m, SolTable *t);
/* The einsum nodes with their exact counts. */
void sol_report_table_nodes(const SolReportModel *m, SolTable *t);

#endif /* SOLAR_ANALYSIS_REPORT_TABLES_H */

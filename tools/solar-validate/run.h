/*
 * solar-validate's two files: main.c (flags) and run.c (one case or a directory of cases, and
 * their report and tables). The logic is lib/Validate's.
 */
#ifndef SOLAR_TOOLS_VALIDATE_RUN_H
#define SOLAR_TOOLS_VALIDATE_RUN_H

#include "Validate/validate.h"

enum { EXIT_ERRORS = 1, EXIT_USAGE = 2, EXIT_VIOLATION = 3 };

/* Runs the case of model and kernel at sizes and prints its report (text, or JSON with the
 * exit status); returns the exit status: 0, EXIT_ERRORS, EXIT_USAGE or EXIT_VIOLATION. */
int run_one(const char *model, const char *kernel, const SolSizes *sizes, const SolValCaseOpts *co,
            bool json);

/* Runs every case under dir; returns the exit status (0, 1 when a case failed, 3 on a fused
 * or cache violation, 2 when out_dir cannot be made). key: real, small, host or NULL (host
 * when the file has it, else real). */
int batch_run(const char *dir, const char *out_dir, const char *key, const SolValCaseOpts *o,
              bool json);

#endif /* SOLAR_TOOLS_VALIDATE_RUN_H */

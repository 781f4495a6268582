/*
 * A progress line for long work (a batch of validation cases, a calibration's measurements):
 * on a terminal, one line that updates in place,
 *
 *   solar-validate: 3 of 20, 12 s elapsed: conv2d
 *
 * and is cleared when the work ends; anywhere else (a pipe, a log file, CI) nothing at all, so
 * logs stay quiet. SOLAR_PROGRESS=1 forces the line on and SOLAR_PROGRESS=0 off; TERM=dumb
 * turns it off. Lines of their own printed while it shows (a failure worth reading) go through
 * sol_progress_clear first, so they do not mix with it.
 */
#ifndef SOLAR_SUPPORT_PROGRESS_H
#define SOLAR_SUPPORT_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct SolProgress {
    FILE *out;       /* NULL: inactive (not a terminal), every call does nothing */
    const char *who; /* the tool, the line's first word */
    size_t total;    /* items of work (0: unknown, then only the count is shown) */
    double start;    /* monotonic seconds at begin */
    size_t drawn;    /* characters of the line on screen, 0 when cleared */
    size_t width;    /* at most this many characters (COLUMNS - 1, else 79) */
} SolProgress;

/* Starts a line on `out` (the caller's stderr) when `out` is a terminal. */
void sol_progress_begin(SolProgress *p, FILE *out, const char *who, size_t total);
/* Redraws the line: `done` items finished of the total, now working on `what` (may be NULL). */
void sol_progress_update(SolProgress *p, size_t done, const char *what);
/* Erases the line (the next update draws it again). */
void sol_progress_clear(SolProgress *p);
/* Erases the line for good. */
void sol_progress_end(SolProgress *p);

#endif /* SOLAR_SUPPORT_PROGRESS_H */

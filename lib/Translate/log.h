/*
 * Where lib/Translate's drivers report: a stream (stderr in the tools, a memory stream in
 * unit tests) and the tool's name, so lines read `solar-translate: error: ...` and
 * `solar-import: attempt 1 of 4: ...`. lib/ never prints to a stream it was not given.
 */
#ifndef SOLAR_TRANSLATE_LOG_H
#define SOLAR_TRANSLATE_LOG_H

#include "Support/support.h"

typedef struct SolLog {
    FILE *out;        /* NULL: nothing is printed */
    const char *prog; /* `solar-translate` */
    bool verbose;     /* -v: commands, requests and every failure in full */
} SolLog;

/* `PROG: error: TEXT` and `PROG: TEXT`, one line each. */
void sol_log_error(const SolLog *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sol_log_note(const SolLog *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* `PROG: $ ARGV` (shell-quoted) under -v. */
void sol_log_command(const SolLog *l, const char *const *argv);
/* Text as it is (a block of details), when there is a stream. */
void sol_log_text(const SolLog *l, const char *text);

#endif /* SOLAR_TRANSLATE_LOG_H */

/*
 * The report lines of lib/Translate's drivers (log.h).
 */
#include "Translate/log.h"

#include "Support/process.h"

#include <stdarg.h>

static void line(const SolLog *l, const char *kind, const char *fmt, va_list ap)
{
    if (!l || !l->out)
        return;
    fprintf(l->out, "%s: %s", l->prog ? l->prog : "solar", kind);
    vfprintf(l->out, fmt, ap);
    fputc('\n', l->out);
}

void sol_log_error(const SolLog *l, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    line(l, "error: ", fmt, ap);
    va_end(ap);
}

void sol_log_note(const SolLog *l, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    line(l, "", fmt, ap);
    va_end(ap);
}

void sol_log_command(const SolLog *l, const char *const *argv)
{
    if (!l || !l->out || !l->verbose)
        return;
    SolBuf cmd = {0};
    sol_process_argv_text(&cmd, argv);
    sol_log_note(l, "$ %s", cmd.data);
    sol_buf_free(&cmd);
}

void sol_log_text(const SolLog *l, const char *text)
{
    if (l && l->out && text)
        fputs(text, l->out);
}

/*
 * Where lib/Translate's drivers report: the tool's SolTool (Support/tool.h: its name and
 * stream, stderr in the tools, a memory stream in unit tests) and -v, so lines read
 * `solar-translate: error: ...` and `solar-import: $ COMMAND`.
 */
#ifndef SOLAR_TRANSLATE_LOG_H
#define SOLAR_TRANSLATE_LOG_H

#include "Support/tool.h"

typedef struct SolLog {
    SolTool tool; /* messages: sol_tool_error(&log->tool, ...), sol_tool_note(...) */
    bool verbose; /* -v: commands, requests and every failure in full */
} SolLog;

/* The stream the tool's messages go to. */
static inline FILE *sol_log_stream(const SolLog *l) { return l->tool.err ? l->tool.err : stderr; }

/* `NAME: $ ARGV` (shell-quoted) under -v. */
static inline void sol_log_command(const SolLog *l, const char *const *argv)
{
    if (l->verbose)
        sol_tool_note_command(&l->tool, argv);
}

/* Text as it is (a block of details) on the tool's stream; NULL prints nothing. */
static inline void sol_log_text(const SolLog *l, const char *text)
{
    if (text)
        fputs(text, sol_log_stream(l));
}

#endif /* SOLAR_TRANSLATE_LOG_H */

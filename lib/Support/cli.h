/*
 * Command-line flags shared by the tools: a static SolFlag table per tool, lookup of
 * `--flag=value`, `--flag value` and `-oVALUE` (one-letter flags), the usage errors
 * ("unknown option '--pirnt'; did you mean '--print'?", "option '--seed' needs a value: --seed
 * S", "option '--print' takes no value") and the OPTIONS block of --help with aligned columns.
 *
 * A tool with only flags and file operands calls sol_cli_parse with two callbacks. A tool with
 * more kinds of argument (solar-opt's `--<pass>` flags) uses the pieces: sol_cli_match, then
 * its own lookups, then sol_cli_take_value or sol_cli_report_unknown with its extra names.
 */
#ifndef SOLAR_SUPPORT_CLI_H
#define SOLAR_SUPPORT_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct SolFlag {
    const char *name; /* "--entry", or one letter "-o" (which also accepts "-oVALUE") */
    int id;           /* the tool's own enumerator */
    const char *arg;  /* the value's placeholder in --help; NULL for a flag without a value;
                         "[=LEVEL]": an optional value, only after '=' (--emit-tiled[=LEVEL]) */
    const char *help;
} SolFlag;

typedef struct SolCli {
    const char *tool; /* "solar-run": errors read "solar-run: error: ..." */
    const SolFlag *flags;
    size_t num_flags;
    const char *const *aliases; /* more spellings, not in --help: pairs {"-h", "--help"}, NULL */
    int help_width;             /* width of the flag column in --help */
    FILE *err;                  /* where usage errors go; NULL: stderr */
} SolCli;

/* The flag spelt name[0..len) (its name or an alias), or NULL. */
const SolFlag *sol_cli_find(const SolCli *cli, const char *name, size_t len);

/* The flag that argument `arg` (starting with '-') names, or NULL; reports nothing. *name_len
 * is the length of the flag's spelling in arg (up to any '='), and *value points after the '='
 * or into "-oVALUE", or is NULL. */
const SolFlag *sol_cli_match(const SolCli *cli, char *arg, size_t *name_len, char **value);

/* Completes *value for flag f found at argv[*i]: a flag with a value and none after '=' takes
 * the next argument (advancing *i), except that an optional value stays NULL. False after
 * reporting a missing or unwanted value. */
bool sol_cli_take_value(const SolCli *cli, const SolFlag *f, int argc, char **argv, int *i,
                        char **value);

/* "unknown option 'ARG'; did you mean 'X'?" with X the closest flag name (or extra name), else
 * "unknown option 'ARG'; see TOOL --help". */
void sol_cli_report_unknown(const SolCli *cli, const char *arg, size_t len,
                            const char *const *extra, size_t num_extra);

/* Called for each flag with its value (NULL for a flag without one); false stops parsing. */
typedef bool (*SolCliApply)(void *user, const SolFlag *f, char *value);
/* Called for each operand: an argument not starting with '-', "-", or anything after "--". */
typedef bool (*SolCliOperand)(void *user, char *arg);

/* Reads argv[1..argc): false after the first usage error (reported here or by a callback). */
bool sol_cli_parse(const SolCli *cli, int argc, char **argv, SolCliApply apply,
                   SolCliOperand operand, void *user);

/* One line per flag: two spaces, "NAME ARG" ("NAME[=ARG]" for an optional value) padded to
 * help_width, a space, the help text. */
void sol_cli_print_flags(const SolCli *cli, FILE *out);

#endif /* SOLAR_SUPPORT_CLI_H */

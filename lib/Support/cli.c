/*
 * Command-line flags (see cli.h): a linear search of the tool's table (a few dozen flags,
 * once per argument), the usage errors every tool prints the same way, and the suggestion
 * for a misspelt flag from spelling.c.
 */
#include "Support/cli.h"

#include "Support/spelling.h"
#include "Support/support.h"
#include "Support/tool.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static void cli_error(const SolCli *cli, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void cli_error(const SolCli *cli, const char *fmt, ...)
{
    SolTool tool = {cli->tool, cli->err};
    va_list ap;
    va_start(ap, fmt);
    sol_tool_verror(&tool, fmt, ap);
    va_end(ap);
}

/* "[=LEVEL]": the value may be left out, and is given only after '='. */
static bool optional_value(const SolFlag *f) { return f->arg && f->arg[0] == '['; }

static bool spelt(const char *s, const char *name, size_t len)
{
    return strlen(s) == len && memcmp(s, name, len) == 0;
}

static const SolFlag *find_name(const SolCli *cli, const char *name, size_t len)
{
    for (size_t i = 0; i < cli->num_flags; i++)
        if (spelt(cli->flags[i].name, name, len))
            return &cli->flags[i];
    return NULL;
}

const SolFlag *sol_cli_find(const SolCli *cli, const char *name, size_t len)
{
    const SolFlag *f = find_name(cli, name, len);
    for (const char *const *a = cli->aliases; !f && a && a[0]; a += 2)
        if (spelt(a[0], name, len))
            f = find_name(cli, a[1], strlen(a[1]));
    return f;
}

const SolFlag *sol_cli_match(const SolCli *cli, char *arg, size_t *name_len, char **value)
{
    char *eq = strchr(arg, '=');
    *name_len = eq ? (size_t)(eq - arg) : strlen(arg);
    *value = eq ? eq + 1 : NULL;
    const SolFlag *f = sol_cli_find(cli, arg, *name_len);
    if (!f && arg[0] == '-' && arg[1] && arg[1] != '-' && arg[2]) {
        /* -oVALUE: a one-letter flag with its value attached */
        const SolFlag *short_flag = sol_cli_find(cli, arg, 2);
        if (short_flag && short_flag->arg)
            f = short_flag, *value = arg + 2;
    }
    return f;
}

bool sol_cli_take_value(const SolCli *cli, const SolFlag *f, int argc, char **argv, int *i,
                        char **value)
{
    if (f->arg && !*value && !optional_value(f)) {
        if (*i + 1 >= argc) {
            cli_error(cli, "option '%s' needs a value: %s %s", f->name, f->name, f->arg);
            return false;
        }
        *value = argv[++*i];
    } else if (!f->arg && *value) {
        cli_error(cli, "option '%s' takes no value", f->name);
        return false;
    }
    return true;
}

void sol_cli_report_unknown(const SolCli *cli, const char *arg, size_t len,
                            const char *const *extra, size_t num_extra)
{
    size_t n = cli->num_flags + num_extra;
    const char **names = sol_xcalloc(n + 1, sizeof *names);
    for (size_t i = 0; i < cli->num_flags; i++)
        names[i] = cli->flags[i].name;
    for (size_t i = 0; i < num_extra; i++)
        names[cli->num_flags + i] = extra[i];
    const char *best = sol_closest_spelling(arg, len, names, n);
    if (best)
        cli_error(cli, "unknown option '%.*s'; did you mean '%s'?", (int)len, arg, best);
    else
        cli_error(cli, "unknown option '%.*s'; see %s --help", (int)len, arg, cli->tool);
    free(names);
}

bool sol_cli_parse(const SolCli *cli, int argc, char **argv, SolCliApply apply,
                   SolCliOperand operand, void *user)
{
    bool only_operands = false;
    for (int i = 1; i < argc; i++) {
        char *arg = argv[i];
        if (only_operands || arg[0] != '-' || strcmp(arg, "-") == 0) {
            if (!operand(user, arg))
                return false;
            continue;
        }
        if (strcmp(arg, "--") == 0) {
            only_operands = true;
            continue;
        }
        size_t len;
        char *value;
        const SolFlag *f = sol_cli_match(cli, arg, &len, &value);
        if (!f) {
            sol_cli_report_unknown(cli, arg, len, NULL, 0);
            return false;
        }
        if (!sol_cli_take_value(cli, f, argc, argv, &i, &value) || !apply(user, f, value))
            return false;
    }
    return true;
}

void sol_cli_print_flags(const SolCli *cli, FILE *out)
{
    for (size_t i = 0; i < cli->num_flags; i++) {
        const SolFlag *f = &cli->flags[i];
        const char *space = f->arg && !optional_value(f) ? " " : "";
        int left = fprintf(out, "  %s%s%s", f->name, space, f->arg ? f->arg : "") - 2;
        fprintf(out, "%*s %s\n", left < cli->help_width ? cli->help_width - left : 0, "", f->help);
    }
}

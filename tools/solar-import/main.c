/*
 * solar-import: imports a PyTorch or JAX program into the SOLAR-C affine dialect with the Python
 * importer (python/solar_import, no LLM), validates the result exactly as solar-translate
 * validates a translation, and writes it with a provenance header.
 *
 *   solar-import MODEL.py -o OUT.mlir [--small N=V,...] [--no-validate]
 *                [--keep-reference DIR] [--entry-sizes real|small] [-v] ...
 *
 * The work is one library call (Translate/import.h); this file has the flags.
 *
 * Exit status: 0 imported (OUT written), 1 the importer refused the program (its located
 * errors are passed through) or the import failed validation (OUT untouched), 2 bad usage.
 */
#include "Translate/import.h"

#include "Support/cli.h"
#include "Support/process.h"
#include "Support/tool.h"

#include <string.h>

enum { EXIT_USAGE = 2 };

static const SolTool tool = {"solar-import", NULL};

typedef enum FlagId {
    F_OUTPUT,
    F_NO_VALIDATE,
    F_ENTRY_SIZES,
    F_VERBOSE,
    F_HELP,
    F_VERSION,
} FlagId;

static const SolFlag flags[] = {
    {"-o", F_OUTPUT, "OUT.mlir", "the imported IR (required; '-': stdout)"},
    SOL_VALIDATION_FLAG_ROWS("validation sizes (default: the importer's, and a second set)"),
    {"--no-validate", F_NO_VALIDATE, NULL, "write the importer's IR without validating it"},
    {"--entry-sizes", F_ENTRY_SIZES, "real|small",
     "the sizes @forward's shapes are written for (passed to the importer)"},
    {"-v", F_VERBOSE, NULL, "print the commands run and every failure in full"},
    {"--help", F_HELP, NULL, "print this help and exit"},
    {"--version", F_VERSION, NULL, "print the version and exit"},
};
static const char *const aliases[] = {"-h", "--help", "--verbose", "-v", NULL};
static const SolCli cli = {.tool = "solar-import",
                           .flags = flags,
                           .num_flags = sizeof flags / sizeof flags[0],
                           .aliases = aliases,
                           .help_width = 26};

typedef struct Options {
    SolImportOptions m;
    bool verbose, help, version;
    SolLog log;
} Options;

static bool apply_flag(void *user, const SolFlag *f, char *value)
{
    Options *o = user;
    if (f->id >= SOL_VFLAG_FIRST)
        return sol_validation_flag(&tool, &o->m.check, f, value);
    switch ((FlagId)f->id) {
    case F_OUTPUT:
        o->m.output = value;
        return true;
    case F_NO_VALIDATE:
        return o->m.no_validate = true;
    case F_ENTRY_SIZES:
        if (strcmp(value, "real") != 0 && strcmp(value, "small") != 0) {
            sol_tool_error(&tool, "--entry-sizes: expected 'real' or 'small', got '%s'", value);
            return false;
        }
        o->m.entry_sizes = value;
        return true;
    case F_VERBOSE:
        return o->verbose = true;
    case F_HELP:
        return o->help = true;
    case F_VERSION:
        return o->version = true;
    }
    return false;
}

static bool set_input(void *user, char *arg)
{
    Options *o = user;
    if (o->m.input) {
        sol_tool_error(&tool, "more than one model file ('%s' and '%s')", o->m.input, arg);
        return false;
    }
    o->m.input = arg;
    return true;
}

static void print_help(FILE *out)
{
    fputs("USAGE: solar-import MODEL.py -o OUT.mlir [options]\n\n"
          "Imports a PyTorch module (KernelBench layout: class Model, get_inputs(),\n"
          "get_init_inputs(), module-level size constants), or a JAX program (a file that\n"
          "imports jax or flax: forward() and get_inputs(), or a Flax Model; docs/jax.md),\n"
          "into the SOLAR-C affine dialect with the Python importer, without a model, and\n"
          "writes OUT only when the result computes what the program computes (solar-run\n"
          "--precision=wide against the program's own outputs at the importer's small sizes\n"
          "and at a second set).\n\n"
          "OPTIONS:\n",
          out);
    sol_cli_print_flags(&cli, out);
    fputs("\nENVIRONMENT:\n"
          "  SOLAR_PYTHON    the Python that runs the importer and the program (default: the\n"
          "                  first of the project venv's (.venv, from scripts/deps.sh),\n"
          "                  python3 and /usr/bin/python3 that has numpy and torch, or jax)\n"
          "  SOLAR_VENV      the venv tried first instead of .venv (empty: none)\n"
          "  SOLAR_IMPORTER  a command run instead of `$SOLAR_PYTHON -m solar_import`\n"
          "  SOLAR_VALIDATION_STEPS  LIMIT[,CEILING]: the default of --max-steps (2e9) and\n"
          "                  the most the budget at the program's own sizes grows to (1e11)\n\n"
          "Exit status: 0 imported, 1 the importer refused the program (its errors are shown\n"
          "as it wrote them) or the import failed validation (OUT is not written), 2 bad\n"
          "usage.\n",
          out);
}

static int run_driver(int argc, char **argv)
{
    Options o = {.m = {.check = SOL_VALIDATION_FLAGS_DEFAULT, .version = sol_tool_version()},
                 .log = {tool, false}};
    if (!sol_cli_parse(&cli, argc, argv, apply_flag, set_input, &o))
        return EXIT_USAGE;
    if (o.help) {
        print_help(stdout);
        return 0;
    }
    if (o.version) {
        sol_tool_print_version(&tool, stdout);
        return 0;
    }
    if (!o.m.input || !o.m.output) {
        sol_tool_error(&tool, "%s",
                       !o.m.input ? "no model file; usage: solar-import MODEL.py -o "
                                    "OUT.mlir (see --help)"
                                  : "no output file: give -o OUT.mlir");
        return EXIT_USAGE;
    }
    if (!sol_validation_flags_check(&tool, &o.m.check))
        return EXIT_USAGE;
    if (o.m.no_validate && (o.m.check.keep_reference || o.m.check.reference)) {
        sol_tool_error(&tool, "%s belongs to the validation; it cannot be combined with "
                              "--no-validate",
                       o.m.check.reference ? "--reference" : "--keep-reference");
        return EXIT_USAGE;
    }
    o.log.verbose = o.verbose;
    o.m.log = &o.log;
    sol_process_install_signal_handlers();
    return sol_import_run(&o.m);
}

int main(int argc, char **argv)
{
    /* Deeply nested IR cannot overflow the parser's stack. */
    return sol_run_on_big_stack(run_driver, argc, argv);
}

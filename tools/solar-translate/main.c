/*
 * solar-translate: translates a PyTorch or JAX program into the SOLAR-C affine dialect with an
 * LLM, and accepts the translation only when it parses, verifies and computes what the
 * original program computes.
 *
 *   solar-translate MODEL.py -o OUT.mlir [--max-attempts N] [--model NAME] [--base-url URL]
 *                   [--small N=V,...] [--timeout SECONDS] [--no-cache] [-v] ...
 *
 * The work is one library call (Translate/translate.h): the reference run, the repair loop
 * (Translate/session.h) and the validation that solar-import shares (Translate/check.h).
 * This file has the flags.
 *
 * Exit status: 0 success (OUT written), 1 no valid translation (OUT untouched: nothing is
 * written), an endpoint that fails, or a program the harness cannot run; 2 bad usage.
 */
#include "Translate/llm.h"
#include "Translate/translate.h"

#include "Support/cli.h"
#include "Support/process.h"
#include "Support/tool.h"

#include <stdlib.h>

enum { EXIT_FAILED = 1, EXIT_USAGE = 2 };

static const SolTool tool = {"solar-translate", NULL};

/* ---- flags ------------------------------------------------------------------------------- */

typedef enum FlagId {
    F_OUTPUT,
    F_MAX_ATTEMPTS,
    F_MODEL,
    F_BASE_URL,
    F_TIMEOUT,
    F_CONNECT_TIMEOUT,
    F_RETRIES,
    F_NO_CACHE,
    F_ALLOW_INSECURE,
    F_TEMPERATURE,
    F_SAVE_ATTEMPTS,
    F_IMPORT_FIRST,
    F_VERBOSE,
    F_HELP,
    F_VERSION,
} FlagId;

static const SolFlag flags[] = {
    {"-o", F_OUTPUT, "OUT.mlir", "the validated translation (required; '-': stdout)"},
    {"--max-attempts", F_MAX_ATTEMPTS, "N", "requests to the model at most (default 4)"},
    {"--model", F_MODEL, "NAME", "the model to ask (default $SOLAR_LLM_MODEL)"},
    {"--base-url", F_BASE_URL, "URL",
     "the endpoint, e.g. https://api.openai.com/v1 ($SOLAR_LLM_BASE_URL)"},
    SOL_VALIDATION_FLAG_ROWS("validation sizes (default: each size constant scaled to <= 16)"),
    {"--timeout", F_TIMEOUT, "SECONDS", "limit of one request, answer included (default 300)"},
    {"--connect-timeout", F_CONNECT_TIMEOUT, "SECONDS", "limit of connecting (default 10)"},
    {"--retries", F_RETRIES, "N", "more tries after HTTP 429, 5xx or no connection (default 3)"},
    {"--no-cache", F_NO_CACHE, NULL, "neither read nor write the reply cache ($SOLAR_CACHE_DIR)"},
    {"--allow-insecure", F_ALLOW_INSECURE, NULL, "allow plain http to a host that is not loopback"},
    {"--temperature", F_TEMPERATURE, "T", "sampling temperature (default: the server's)"},
    {"--save-attempts", F_SAVE_ATTEMPTS, "DIR", "save every reply and follow-up message in DIR"},
    {"--import-first", F_IMPORT_FIRST, NULL,
     "run solar-import first; ask the model only when it refuses the program"},
    {"-v", F_VERBOSE, NULL, "print commands, requests and every failure in full"},
    {"--help", F_HELP, NULL, "print this help and exit"},
    {"--version", F_VERSION, NULL, "print the version and exit"},
};
static const char *const aliases[] = {"-h", "--help", "--verbose", "-v", NULL};
static const SolCli cli = {.tool = "solar-translate",
                           .flags = flags,
                           .num_flags = sizeof flags / sizeof flags[0],
                           .aliases = aliases,
                           .help_width = 30};

typedef struct Options {
    SolTranslateOptions t;
    bool verbose, help, version;
} Options;

static bool parse_number(const char *flag, const char *s, double lo, double hi, double *out)
{
    char expected[64];
    snprintf(expected, sizeof expected, "a number from %g to %g", lo, hi);
    return sol_tool_parse_double(&tool, flag, s, lo, hi, false, expected, out);
}

static bool parse_count(const char *flag, const char *s, int lo, int hi, int *out)
{
    char expected[64];
    snprintf(expected, sizeof expected, "a number from %d to %d", lo, hi);
    return sol_tool_parse_int(&tool, flag, s, lo, hi, expected, out);
}

static bool apply_flag(void *user, const SolFlag *f, char *value)
{
    Options *o = user;
    int n;
    if (f->id >= SOL_VFLAG_FIRST)
        return sol_validation_flag(&tool, &o->t.check, f, value);
    switch ((FlagId)f->id) {
    case F_OUTPUT:
        o->t.output = value;
        return true;
    case F_MAX_ATTEMPTS:
        if (!parse_count(f->name, value, 1, 100, &n))
            return false;
        o->t.max_attempts = (unsigned)n;
        return true;
    case F_MODEL:
        o->t.model = value;
        return true;
    case F_BASE_URL:
        o->t.base_url = value;
        return true;
    case F_TIMEOUT:
        return parse_number(f->name, value, 0.001, 86400, &o->t.timeout_s);
    case F_CONNECT_TIMEOUT:
        return parse_number(f->name, value, 0.001, 3600, &o->t.connect_timeout_s);
    case F_RETRIES:
        return parse_count(f->name, value, 0, 10, &o->t.retries);
    case F_NO_CACHE:
        return o->t.no_cache = true;
    case F_ALLOW_INSECURE:
        return o->t.allow_insecure = true;
    case F_TEMPERATURE:
        return parse_number(f->name, value, 0, 2, &o->t.temperature);
    case F_SAVE_ATTEMPTS:
        o->t.save_attempts = value;
        return true;
    case F_IMPORT_FIRST:
        return o->t.import_first = true;
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
    if (o->t.input) {
        sol_tool_error(&tool, "more than one model file ('%s' and '%s')", o->t.input, arg);
        return false;
    }
    o->t.input = arg;
    return true;
}

static void print_help(FILE *out)
{
    fputs("USAGE: solar-translate MODEL.py -o OUT.mlir [options]\n\n"
          "Translates a PyTorch module (KernelBench layout: class Model, get_inputs(),\n"
          "get_init_inputs(), module-level size constants) or a JAX function file (forward,\n"
          "get_inputs()) into the SOLAR-C affine dialect with an LLM, and writes OUT only when\n"
          "the translation parses, verifies and computes what the program computes at small\n"
          "sizes (solar-run against the program's own outputs). Failures go back to the model,\n"
          "up to --max-attempts requests. Progress goes to stderr, one line per attempt.\n\n"
          "OPTIONS:\n",
          out);
    sol_cli_print_flags(&cli, out);
    fputs("\nENVIRONMENT:\n"
          "  SOLAR_LLM_BASE_URL   the endpoint (POST BASE/chat/completions), if no --base-url\n"
          "  SOLAR_LLM_MODEL      the model, if no --model\n"
          "  SOLAR_LLM_API_KEY    sent as `Authorization: Bearer`; never printed or stored\n"
          "  SOLAR_CACHE_DIR      the reply cache (default ~/.cache/solar; empty: no cache)\n"
          "  SOLAR_PYTHON         the Python that runs the program (default: the first of the\n"
          "                       project's .venv, python3 and /usr/bin/python3 that has\n"
          "                       numpy and torch, or jax)\n"
          "  SOLAR_VALIDATION_STEPS  LIMIT[,CEILING]: the default of --max-steps (2e9), and\n"
          "                       with --import-first the most the import's budget grows to\n\n"
          "Plain http is allowed only to loopback addresses (a local vLLM or ollama server)\n"
          "unless --allow-insecure. Exit status: 0 translated, 1 no valid translation (OUT is\n"
          "not written) or the endpoint failed, 2 bad usage.\n",
          out);
}

static int run_driver(int argc, char **argv)
{
    Options o = {.t = {.max_attempts = 4,
                       .timeout_s = 300,
                       .connect_timeout_s = 10,
                       .temperature = -1,
                       .check = SOL_VALIDATION_FLAGS_DEFAULT,
                       .retries = 3,
                       .version = sol_tool_version()}};
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
    sol_process_install_signal_handlers();
    if (!sol_llm_global_init()) {
        sol_tool_error(&tool, "cannot initialise libcurl");
        return EXIT_FAILED;
    }
    SolLog log = {tool, o.verbose};
    o.t.log = &log;
    int rc = sol_translate_run(&o.t);
    sol_llm_global_cleanup();
    return rc;
}

int main(int argc, char **argv)
{
    /* Deeply nested IR from the model cannot overflow the parser's stack. */
    return sol_run_on_big_stack(run_driver, argc, argv);
}

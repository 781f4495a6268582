/*
 * solar-calibrate: a device model of this machine for `solar-opt --hw`: peaks from the
 * microarchitecture table, measurements as checks, DRAM measured.
 *
 *   solar-calibrate [-o hardware/host.json] [--threads N] [--repeats N] [--seconds S] [--quick]
 *
 * Prints what it measured and why it trusts it (method, best and slowest run of each figure),
 * then writes the model and reads it back with the loader every tool uses, so a file it writes
 * always loads. Exit status: 0 success, 1 the model could not be written or read back, 2 bad
 * usage.
 */
#include "Calibrate/calibrate.h"

#include "Analysis/device.h"
#include "Support/cli.h"
#include "Support/tool.h"

#include <stdlib.h>
#include <unistd.h>

static const SolTool tool = {"solar-calibrate", NULL};

enum { F_OUT, F_KEEP_HIGHEST, F_NAME, F_THREADS, F_REPEATS, F_SECONDS, F_QUICK, F_QUIET, F_HELP, F_VERSION };

static const SolFlag flags[] = {
    {"-o", F_OUT, "PATH", "write the device model to PATH ('-': stdout; default: none)"},
    {"--keep-highest", F_KEEP_HIGHEST, NULL,
     "where -o names an existing model, keep each of its figures that is higher than this "
     "run's (a turbo clock varies; a bound needs the highest rate ever seen)"},
    {"--name", F_NAME, "NAME", "the model's name (default: host; `--hw NAME` finds NAME.json)"},
    {"--threads", F_THREADS, "N", "cores to load (default: every online CPU)"},
    {"--repeats", F_REPEATS, "N", "runs of each kernel; the best counts (default 5)"},
    {"--seconds", F_SECONDS, "S", "duration of one run (default 0.25)"},
    {"--quick", F_QUICK, NULL,
     "short runs and small buffers (for tests: the figures are not to be trusted)"},
    {"--quiet", F_QUIET, NULL, "no progress lines on stderr"},
    {"--help", F_HELP, NULL, "print this help and exit"},
    {"--version", F_VERSION, NULL, "print the version and exit"},
};
static const char *const aliases[] = {"-h", "--help", NULL};
static const SolCli cli = {.tool = "solar-calibrate",
                           .flags = flags,
                           .num_flags = sizeof flags / sizeof flags[0],
                           .aliases = aliases,
                           .help_width = 18};

typedef struct Args {
    SolCalOptions opts;
    const char *out, *name;
    bool keep_highest, quiet, help, version;
} Args;

static bool parse_count(const char *flag, const char *s, int max, int *out)
{
    return sol_tool_parse_int(&tool, flag, s, 1, max, "an integer from 1", out);
}

static bool apply_flag(void *user, const SolFlag *f, char *value)
{
    Args *a = user;
    switch (f->id) {
    case F_OUT: a->out = value; return true;
    case F_KEEP_HIGHEST: return a->keep_highest = true;
    case F_NAME: a->name = value; return true;
    case F_THREADS: return parse_count("--threads", value, 4096, &a->opts.threads);
    case F_REPEATS: return parse_count("--repeats", value, 1000, &a->opts.repeats);
    case F_SECONDS:
        return sol_tool_parse_double(&tool, "--seconds", value, 0.001, 60, false,
                                     "seconds between 0.001 and 60", &a->opts.seconds);
    case F_QUICK: return a->opts.quick = true;
    case F_QUIET: return a->quiet = true;
    case F_HELP: return a->help = true;
    case F_VERSION: return a->version = true;
    }
    return false;
}

static bool no_operands(void *user, char *arg)
{
    (void)user;
    sol_tool_error(&tool, "unexpected argument '%s'; usage: solar-calibrate [-o PATH] [options]",
                   arg);
    return false;
}

static void print_help(FILE *out)
{
    fputs("USAGE: solar-calibrate [-o hardware/host.json] [options]\n\n"
          "Writes a device model of this machine. Its peaks come from the microarchitecture:\n"
          "the CPU's row in lib/Calibrate/uarch.c (CPUID vendor, family and model) gives FMA\n"
          "pipes x vector width x the highest clock of the core, AMX, and L1D/L2 widths; a\n"
          "measured rate is only a lower estimate of a peak. It measures the clock, FMA chains\n"
          "per dtype, AMX tile dot products and the bandwidth of DRAM and each cache level\n"
          "(read, write, non-temporal write, copy and triad kernels) as checks that may not\n"
          "exceed those figures (one that does is used and marked CHECK FAILED). DRAM has no\n"
          "peak a CPUID names: its figure is the best rate measured, so run on an otherwise\n"
          "idle machine. The model records the CPU it describes (solar-opt --hw warns on\n"
          "another) and is read back with solar-opt's loader.\n\nOPTIONS:\n",
          out);
    sol_cli_print_flags(&cli, out);
}

/* One figure: the microarchitecture's peak and the measurement that checks it. */
static void print_rate(FILE *out, const char *kind, const SolCalRate *r, double peak,
                       const char *unit)
{
    fprintf(out, "  %-6s %-5s ", kind, r->what ? r->what : "");
    if (peak > 0)
        fprintf(out, "%10.4g %-6s peak", peak, unit);
    else
        fprintf(out, "%10s %-6s     ", "-", unit);
    if (!r->samples) {
        fputs(peak > 0 ? "; not measured\n" : "\n", out);
        return;
    }
    if (r->derived) {
        fprintf(out, "; derived %.4g: %s (%s)\n", r->best, r->method, r->note);
        return;
    }
    fprintf(out, "; measured %.4g by %s, best of %d, slowest %.4g", r->best, r->method, r->samples,
            r->worst);
    if (peak > 0 && r->best > peak)
        fprintf(out, " -- ABOVE THE PEAK: the table row does not fit this CPU; the measurement "
                     "is used");
    else if (peak > 0)
        fprintf(out, " (%.0f%% of the peak)", 100.0 * r->best / peak);
    fputc('\n', out);
}

static void print_summary(FILE *out, const SolCalResult *r)
{
    char isa[256];
    sol_cal_isa_describe(&r->isa, isa, sizeof isa);
    fprintf(out, "CPU     %s (%s family %u model 0x%x, %u cores)\nISA     %s%s\n",
            r->cpu.brand[0] ? r->cpu.brand : r->isa.model, r->cpu.vendor, r->cpu.family,
            r->cpu.model, r->cpu.cores, isa,
            r->isa.amx_tile && !r->isa.amx_usable ? " (AMX state not granted)" : "");
    fprintf(out, "core    %s\n", r->uarch_how);
    fprintf(out, "cores   %d loaded\nclock   %.3f GHz measured (dependent add chain); peaks at "
                 "%.2f GHz, the highest clock of this core\n",
            r->threads, r->clock_ghz, r->uarch.max_ghz);
    if (r->clock_ghz > r->uarch.max_ghz * 1.02)
        fprintf(out, "warning: the measured clock is above the table's: the row does not fit "
                     "this CPU; the measured clock is used\n");
    fprintf(out, "peaks (all cores; measurements are checks that may not exceed them)\n");
    for (int d = 0; d < SOL_CAL_MAT_COUNT; d++)
        if (r->matrix[d].samples || r->peaks.matrix[d] > 0)
            print_rate(out, "matrix", &r->matrix[d], r->peaks.matrix[d],
                       d == SOL_CAL_MAT_I8 ? "OP/s" : "FLOP/s");
    for (int d = 0; d < SOL_CAL_VEC_COUNT; d++)
        print_rate(out, "vector", &r->vector[d], r->peaks.vector[d],
                   d == SOL_CAL_VEC_I8 ? "OP/s" : "FLOP/s");
    fprintf(out, "memory\n");
    for (int i = 0; i < r->num_levels; i++) {
        const SolCalLevel *lv = &r->levels[i];
        double peak = i == 0 ? 0 : strcmp(lv->name, "L1D") == 0 ? r->peaks.l1 : r->peaks.l2;
        fprintf(out, "  %-5s %12llu B x %-3d %10.4g B/s measured (read %.4g, write %.4g, "
                     "copy/triad %.4g; %.0f KiB per array)",
                lv->name, (unsigned long long)lv->bytes, lv->units, lv->bandwidth, lv->reads.best,
                lv->writes.best, lv->mixed.best, (double)lv->working_set / 1024);
        if (peak > 0)
            fprintf(out, "; peak %.4g%s", peak,
                    lv->bandwidth > peak ? " -- ABOVE THE PEAK: the measurement is used" : "");
        fputc('\n', out);
    }
}

/* Writes atomically (a temporary file renamed over PATH), then loads it back. */
static bool write_model(const char *path, const char *json)
{
    if (strcmp(path, "-") == 0) {
        fputs(json, stdout);
        fputc('\n', stdout);
        return true;
    }
    SolOutput out;
    if (!sol_tool_output_open(&tool, path, true, &out))
        return false;
    fputs(json, out.f);
    fputc('\n', out.f);
    if (!sol_tool_output_commit(&tool, &out))
        return false;
    SolDevice d;
    SolBuf err = {0};
    bool ok = sol_device_load_file(path, &d, &err);
    if (!ok)
        sol_tool_error(&tool, "the model does not load back: %s", err.data);
    else
        printf("wrote %s (device '%s', loads with --hw %s)\n", path, d.name, path);
    sol_device_free(&d);
    sol_buf_free(&err);
    return ok;
}

int main(int argc, char **argv)
{
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    Args a = {.opts = {.threads = online > 0 ? (int)online : 1, .repeats = 5, .seconds = 0.25},
              .name = "host"};
    if (!sol_cli_parse(&cli, argc, argv, apply_flag, no_operands, &a))
        return 2;
    if (a.help) {
        print_help(stdout);
        return 0;
    }
    if (a.version) {
        sol_tool_print_version(&tool, stdout);
        return 0;
    }
    if (a.opts.quick) {
        a.opts.repeats = a.opts.repeats < 2 ? a.opts.repeats : 2;
        a.opts.seconds = a.opts.seconds < 0.02 ? a.opts.seconds : 0.02;
    }
    SolCalResult r;
    sol_cal_run(&a.opts, &r, a.quiet ? NULL : &tool);
    /* With the model on stdout, the summary goes to stderr. */
    bool json_to_stdout = a.out && strcmp(a.out, "-") == 0;
    print_summary(json_to_stdout ? stderr : stdout, &r);
    if (!a.out)
        return 0;
    SolDevice previous = {0};
    bool have_previous = false;
    if (a.keep_highest && strcmp(a.out, "-") != 0 && access(a.out, F_OK) == 0) {
        SolBuf err = {0};
        have_previous = sol_device_load_file(a.out, &previous, &err);
        if (!have_previous) {
            sol_tool_error(&tool, "--keep-highest: the existing model does not load: %s", err.data);
            sol_buf_free(&err);
            return 1;
        }
        sol_buf_free(&err);
    }
    char *json = sol_cal_model_json(&r, a.name, have_previous ? &previous : NULL);
    sol_device_free(&previous);
    bool ok = write_model(a.out, json);
    free(json);
    return ok ? 0 : 1;
}

/*
 * solar-validate: measures a PyTorch twin against the SOL bounds of its kernel.
 *
 *   solar-validate MODEL.py KERNEL.mlir --hw DEVICE [--device cpu|cuda] [--sizes N=V,...]
 *                  [--json] [--trials N] [--warmup N] [--budget S] [--warm] [--timeout S]
 *   solar-validate --batch DIR --hw DEVICE [--out-dir D] [--sizes-key real|small|host] ...
 *
 * This file has the flags; run.c runs one case or a folder (lib/Validate) and reports.
 */
#include "run.h"

#include "Analysis/device.h"
#include "Support/cli.h"
#include "Support/process.h"

#include <stdlib.h>

static const SolTool tool = {"solar-validate", NULL};

typedef enum FlagId {
    F_HW,
    F_DEVICE,
    F_SIZES,
    F_JSON,
    F_TRIALS,
    F_WARMUP,
    F_BUDGET,
    F_WARM,
    F_TIMEOUT,
    F_BATCH,
    F_OUT_DIR,
    F_SIZES_KEY,
    F_VERBOSE,
    F_HELP,
    F_VERSION,
} FlagId;

/* Help text of more than one line goes on under the help column (2 + help_width + 1). */
#define MORE "\n                            "
static const SolFlag flags[] = {
    {"--hw", F_HW, "NAME|PATH.json", "device model of the bounds (hardware/NAME.json; required)"},
    {"--device", F_DEVICE, "cpu|cuda[:N]", "where the twin runs (default cpu)"},
    {"--sizes", F_SIZES, "N=V,...",
     "sizes: module-level constants of the twin and index arguments" MORE
     "of the kernel (repeatable); index arguments not given take the" MORE "twin's own constants"},
    {"--json", F_JSON, NULL, "print one JSON object instead of text"},
    {"--trials", F_TRIALS, "N", "timed trials (default 100), cut by --budget"},
    {"--warmup", F_WARMUP, "N", "untimed runs first (default 3)"},
    {"--budget", F_BUDGET, "S",
     "stop the trials after S seconds of the loop, flushes included," MORE
     "once 5 have run (default 10); the output says how many ran"},
    {"--warm", F_WARM, NULL, "no cache flush before the trials"},
    {"--timeout", F_TIMEOUT, "S",
     "limit per case for the measurement and for solar-opt" MORE "(default 600)"},
    {"--batch", F_BATCH, "DIR", "every *.mlir under DIR with a same-stem *.py twin"},
    {"--out-dir", F_OUT_DIR, "D", "batch: where validate.md and validate.csv go (default .)"},
    {"--sizes-key", F_SIZES_KEY, "KEY",
     "batch: the `// sizes.KEY:` line to use, real, small or host" MORE
     "(default host when the file has one, else real)"},
    {"-v", F_VERBOSE, NULL, "print the commands run (also --verbose)"},
    {"--help", F_HELP, NULL, "print this help and exit"},
    {"--version", F_VERSION, NULL, "print the version and exit"},
};
#undef MORE
static const char *const aliases[] = {"-h", "--help", "--verbose", "-v", NULL};
static const SolCli cli = {.tool = "solar-validate",
                           .flags = flags,
                           .num_flags = sizeof flags / sizeof flags[0],
                           .aliases = aliases,
                           .help_width = 25};

static const char usage_text[] =
    "USAGE: solar-validate MODEL.py KERNEL.mlir --hw DEVICE [options]\n"
    "       solar-validate --batch DIR --hw DEVICE [--out-dir D] [--sizes-key KEY] [options]\n"
    "\n"
    "Runs the PyTorch twin MODEL.py the way KernelBench times kernels (warm-up runs, then\n"
    "timed trials of model(*inputs) under torch.no_grad(); CUDA events on a GPU), runs\n"
    "solar-opt on KERNEL.mlir bound to the same sizes (--lift-einsum --sol-unfused\n"
    "--sol-fused --fuse --sol-cache), and prints the measured min and median, each SOL bound with its headroom\n"
    "(measured min / bound) and a `VIOLATION: BOUND MEASURED s < BOUND s` line for each bound\n"
    "the measured min beats.\n"
    "\n"
    "Caches are cold by default: the bounds assume the data starts in DRAM, so before every\n"
    "timed trial a buffer of twice the last-level cache (twice the L2 on CUDA) is written.\n"
    "--warm skips that, and the output says the bounds' premise does not hold.\n"
    "\n"
    "Only the fused and the cache-aware bounds hold for every implementation; beating one\n"
    "exits 3. The unfused bound counts every IR node as its own kernel and the fused-plan bound\n"
    "the groups of one fusion plan; eager PyTorch beats them when one aten op computes several\n"
    "nodes (aten::addmm adds the bias inside the GEMM, aten::_softmax is one kernel). Such a\n"
    "violation is printed with the fusing aten ops the model ran and does not set exit 3.\n"
    "\n"
    "OPTIONS:\n";

static const char usage_tail[] =
    "\n"
    "The twin runs under SOLAR_PYTHON, else the first of python3 and /usr/bin/python3 that\n"
    "imports numpy and torch; solar-opt is the one beside this binary, else on PATH.\n"
    "\n"
    "Exit status: 0 no fused or cache violation, 1 a case failed (the twin or solar-opt),\n"
    "2 bad usage (flags, missing files, unknown device, bad --sizes), 3 the measured min beat\n"
    "the fused or the cache bound.\n";

typedef struct Options {
    const char *model, *kernel, *batch, *out_dir, *key, *hw;
    const char *pos[2]; /* MODEL.py KERNEL.mlir */
    int npos;
    SolSizes sizes;
    bool json, verbose, help, version;
    SolValMeasureOpts m;
} Options;

static bool parse_int(const char *flag, const char *v, int min, int *out)
{
    char expected[32];
    snprintf(expected, sizeof expected, "an integer >= %d", min);
    return sol_tool_parse_int(&tool, flag, v, min, 1000000, expected, out);
}

static bool parse_seconds(const char *flag, const char *v, double *out)
{
    return sol_tool_parse_double(&tool, flag, v, 0, 1e6, true, "a positive number of seconds", out);
}

static bool apply_flag(void *user, const SolFlag *f, char *value)
{
    Options *o = user;
    switch ((FlagId)f->id) {
    case F_HW:
        o->hw = value;
        return true;
    case F_DEVICE:
        if (strcmp(value, "cpu") != 0 && strncmp(value, "cuda", 4) != 0) {
            sol_tool_error(&tool, "--device: expected cpu or cuda[:N], got '%s'", value);
            return false;
        }
        o->m.device = value;
        return true;
    case F_SIZES: {
        SolBuf err = {0};
        if (sol_sizes_parse("--sizes", value, &o->sizes, &err))
            return true;
        sol_tool_error(&tool, "%s", err.data);
        sol_buf_free(&err);
        return false;
    }
    case F_JSON:
        return o->json = true;
    case F_TRIALS:
        return parse_int(f->name, value, 1, &o->m.trials);
    case F_WARMUP:
        return parse_int(f->name, value, 0, &o->m.warmup);
    case F_BUDGET:
        return parse_seconds(f->name, value, &o->m.budget_s);
    case F_WARM:
        return o->m.warm = true;
    case F_TIMEOUT:
        return parse_seconds(f->name, value, &o->m.timeout_s);
    case F_BATCH:
        o->batch = value;
        return true;
    case F_OUT_DIR:
        o->out_dir = value;
        return true;
    case F_SIZES_KEY:
        if (strcmp(value, "real") != 0 && strcmp(value, "small") != 0 &&
            strcmp(value, "host") != 0) {
            sol_tool_error(&tool, "--sizes-key: expected real, small or host, got '%s'", value);
            return false;
        }
        o->key = value;
        return true;
    case F_VERBOSE:
        return o->verbose = true;
    case F_HELP:
        o->help = true;
        return false; /* at once, whatever follows */
    case F_VERSION:
        o->version = true;
        return false;
    }
    return false;
}

static bool add_operand(void *user, char *arg)
{
    Options *o = user;
    if (o->npos == 2) {
        sol_tool_error(&tool, "unexpected argument '%s' (expected MODEL.py KERNEL.mlir)", arg);
        return false;
    }
    o->pos[o->npos++] = arg;
    return true;
}

/* 0: parsed; 1: --help/--version printed; 2: usage error. */
static int parse_args(int argc, char **argv, Options *o)
{
    o->m = (SolValMeasureOpts){
        .device = "cpu", .trials = 100, .warmup = 3, .budget_s = 10, .timeout_s = 600};
    o->out_dir = ".";
    if (!sol_cli_parse(&cli, argc, argv, apply_flag, add_operand, o)) {
        if (o->help) {
            fputs(usage_text, stdout);
            sol_cli_print_flags(&cli, stdout);
            fputs(usage_tail, stdout);
        } else if (o->version) {
            printf("solar-validate %s\n", sol_tool_version());
        }
        return o->help || o->version ? 1 : 2;
    }
    if (!o->hw) {
        sol_tool_error(&tool,
                       "--hw DEVICE is required (a name from `solar-opt --list-hw`, or a .json "
                       "file)");
        return 2;
    }
    if (o->batch) {
        if (o->npos) {
            sol_tool_error(&tool, "--batch takes no MODEL.py KERNEL.mlir arguments");
            return 2;
        }
        if (o->sizes.len) {
            sol_tool_error(&tool,
                           "--batch takes its sizes from the files' `// sizes.KEY:` lines; use "
                           "--sizes-key, not --sizes");
            return 2;
        }
        if (!sol_file_is_dir(o->batch)) {
            sol_tool_error(&tool, "--batch %s: not a directory", o->batch);
            return 2;
        }
        return 0;
    }
    if (o->key) {
        sol_tool_error(&tool, "--sizes-key is for --batch; give sizes with --sizes");
        return 2;
    }
    if (o->npos != 2) {
        sol_tool_error(&tool, "expected MODEL.py KERNEL.mlir (or --batch DIR); see --help");
        return 2;
    }
    o->model = o->pos[0];
    o->kernel = o->pos[1];
    size_t lm = strlen(o->model), lk = strlen(o->kernel);
    if (lm > 5 && strcmp(o->model + lm - 5, ".mlir") == 0 && lk > 3 &&
        strcmp(o->kernel + lk - 3, ".py") == 0) {
        sol_tool_error(&tool, "the twin comes first: MODEL.py KERNEL.mlir");
        return 2;
    }
    for (int k = 0; k < 2; k++) {
        const char *p = o->pos[k];
        if (!sol_file_is_regular(p)) {
            sol_tool_error(&tool, "%s: %s", p,
                           sol_file_is_dir(p) ? "is a directory" : "no such file");
            return 2;
        }
    }
    return 0;
}

static int run(int argc, char **argv)
{
    Options o;
    memset(&o, 0, sizeof o);
    int rc = parse_args(argc, argv, &o);
    if (rc) {
        sol_sizes_free(&o.sizes);
        return rc == 1 ? 0 : EXIT_USAGE;
    }
    /* The device first: a typo in --hw should not cost a measurement. */
    SolDevice dev;
    SolBuf err = {0};
    if (!sol_device_load(o.hw, &dev, &err)) {
        sol_tool_error(&tool, "--hw %s: %s", o.hw, err.data);
        sol_buf_free(&err);
        sol_sizes_free(&o.sizes);
        return EXIT_USAGE;
    }
    sol_device_free(&dev);
    sol_process_install_signal_handlers();
    SolValMeasurer meas;
    if (!sol_val_measurer_find(&meas, &tool, o.verbose, &err)) {
        sol_tool_error(&tool, "%s", err.data);
        sol_buf_free(&err);
        sol_sizes_free(&o.sizes);
        return EXIT_USAGE;
    }
    char *solar_opt = sol_tool_sibling("solar-opt");
    SolValCaseOpts co = {&tool, o.hw, solar_opt, &meas, o.m, o.verbose};
    rc = o.batch ? batch_run(o.batch, o.out_dir, o.key, &co, o.json)
                 : run_one(o.model, o.kernel, &o.sizes, &co, o.json);
    free(solar_opt);
    sol_val_measurer_free(&meas);
    sol_buf_free(&err);
    sol_sizes_free(&o.sizes);
    return rc;
}

int main(int argc, char **argv) { return run(argc, argv); }

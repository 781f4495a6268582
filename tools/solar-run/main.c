/*
 * solar-run: executes a function of the SOLAR-C dialect on real tensors.
 *
 *   solar-run FILE [--entry NAME] [--bind N=V,...] [--input NAME=PATH.npy]... [--seed S]
 *             [--out-dir DIR] [--compare NAME=REF.npy]... [--rtol R] [--atol A]
 *             [--precision=exact|wide] [--max-steps N] [--max-memory BYTES] [--print] [--stats]
 *             [--engine=auto|interp|c] [--threads N] [--emit-c FILE] [-v]
 *
 * The environment: SOLAR_RUN_ENGINE (the default of --engine), SOLAR_CC (the C engine's
 * compiler, default cc), SOLAR_CACHE_DIR (its compiled programs go to SOLAR_CACHE_DIR/exec,
 * default ~/.cache/solar/exec; empty: no cache).
 *
 * Flags -> parse -> verify -> bind sizes -> argument tensors -> execute -> outputs. The IR is
 * untrusted (it may come from an LLM): the executor reads and writes only the tensors this
 * file hands it, and the only files touched are the --input/--compare files and DIR.
 *
 * Exit status: 0 success; 1 errors in the input, a run-time fault (out-of-bounds access,
 * limits) or outputs out of tolerance; 2 bad usage.
 */
#include "Analysis/signature.h"
#include "Support/cli.h"
#include "run.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { EXIT_FAIL = 1, EXIT_USAGE = 2 };
#define DEFAULT_MAX_STEPS 20000000000ull        /* 2e10 loop iterations: minutes, not hours */
#define DEFAULT_MAX_MEMORY ((uint64_t)8 << 30) /* 8 GiB */

const SolTool run_tool = {"solar-run", NULL};

/* ---- flags ------------------------------------------------------------------------------- */

typedef enum FlagId {
    F_ENTRY,
    F_BIND,
    F_INPUT,
    F_SEED,
    F_OUT_DIR,
    F_COMPARE,
    F_RTOL,
    F_ATOL,
    F_PRECISION,
    F_MAX_STEPS,
    F_MAX_MEMORY,
    F_NO_BATCH,
    F_ENGINE,
    F_THREADS,
    F_EMIT_C,
    F_VERBOSE,
    F_PRINT,
    F_STATS,
    F_HELP,
    F_VERSION,
} FlagId;

static const SolFlag flags[] = {
    {"--entry", F_ENTRY, "NAME", "the function to run (default: @forward, else the only one)"},
    {"--bind", F_BIND, "N=V,...",
     "values of the entry function's index arguments; X=16x16384: a memref argument's shape "
     "(repeatable)"},
    {"--input", F_INPUT, "NAME=FILE.npy", "argument %NAME from a .npy file (repeatable)"},
    {"--seed", F_SEED, "S", "seed of the random data of arguments without --input (default 0)"},
    {"--out-dir", F_OUT_DIR, "DIR", "save every argument the function writes as DIR/NAME.npy (DIR is created)"},
    {"--compare", F_COMPARE, "NAME=REF.npy",
     "compare written argument %NAME with a reference; exit 1 if out of tolerance"},
    {"--rtol", F_RTOL, "R", "relative tolerance of --compare (default 1e-5)"},
    {"--atol", F_ATOL, "A",
     "absolute tolerance of --compare, times max(1, max|ref|) (default 1e-8); integers: exact"},
    {"--precision", F_PRECISION, "exact|wide",
     "exact: round f16/bf16/f32 after every op (MLIR); wide: compute in f64, round at stores"},
    {"--max-steps", F_MAX_STEPS, "N",
     "stop after N loop iterations and calls (default 2e10; 0: no limit)"},
    {"--max-memory", F_MAX_MEMORY, "BYTES",
     "stop when arguments plus allocations exceed BYTES (suffixes K M G; default 8G; 0: none)"},
    {"--no-batch", F_NO_BATCH, NULL,
     "interpreter: run every loop one iteration at a time (the reference for the batched path)"},
    {"--engine", F_ENGINE, "auto|interp|c",
     "c: compile the IR to C with the system compiler (cached) and run it; interp: the "
     "bytecode interpreter, the reference; auto (default): c when a compiler is there and the "
     "run is long or already compiled"},
    {"--threads", F_THREADS, "N",
     "C engine: threads for loops whose iterations are independent (default: all cores); "
     "results are the same for every N"},
    {"--emit-c", F_EMIT_C, "FILE", "write the C engine's program for this run to FILE"},
    {"-v", F_VERBOSE, NULL, "say which engine ran and what the C engine did (compiler, cache)"},
    {"--print", F_PRINT, NULL, "print every written argument"},
    {"--stats", F_STATS, NULL, "print steps, peak memory, proved accesses and time to stderr"},
    {"--help", F_HELP, NULL, "print this help and exit"},
    {"--version", F_VERSION, NULL, "print the version and exit"},
};
static const char *const aliases[] = {"-h", "--help", "--verbose", "-v", NULL};
static const SolCli cli = {.tool = "solar-run",
                           .flags = flags,
                           .num_flags = sizeof flags / sizeof flags[0],
                           .aliases = aliases,
                           .help_width = 28};

static bool parse_u64(const char *flag, const char *s, uint64_t *out)
{
    return sol_tool_parse_u64(&run_tool, flag, s, "a non-negative integer", out);
}

/* `4096`, `64K`, `2G`, `1.5GiB`: binary units. */
static bool parse_bytes(const char *s, uint64_t *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    double scale = 1;
    if (*end == 'K' || *end == 'k')
        scale = 1024.0, end++;
    else if (*end == 'M' || *end == 'm')
        scale = 1024.0 * 1024, end++;
    else if (*end == 'G' || *end == 'g')
        scale = 1024.0 * 1024 * 1024, end++;
    if (scale > 1 && strcmp(end, "iB") == 0)
        end += 2;
    else if (scale > 1 && *end == 'B')
        end++;
    else if (scale == 1 && *end == 'B')
        end++;
    if (end == s || *end || errno || !(v >= 0) || v * scale > 1.8e19) {
        sol_tool_error(&run_tool,
                       "--max-memory: expected a size such as 4096, 512M or 8G, got '%s'", s);
        return false;
    }
    *out = (uint64_t)(v * scale);
    return true;
}

static bool parse_double(const char *flag, const char *s, double *out)
{
    return sol_tool_parse_double(&run_tool, flag, s, 0, INFINITY, false, "a non-negative number",
                                 out);
}

static bool parse_engine(const char *what, const char *s, SolEngine *out)
{
    if (strcmp(s, "auto") == 0)
        *out = SOL_ENGINE_AUTO;
    else if (strcmp(s, "interp") == 0)
        *out = SOL_ENGINE_INTERP;
    else if (strcmp(s, "c") == 0)
        *out = SOL_ENGINE_C;
    else {
        sol_tool_error(&run_tool, "%s: expected 'auto', 'interp' or 'c', got '%s'", what, s);
        return false;
    }
    return true;
}

/* NAME=PATH, with an optional '%' before NAME. */
static bool parse_named_path(const char *flag, char *value, NamedPath *out)
{
    char *eq = strchr(value, '=');
    if (!eq || eq == value || eq[1] == '\0') {
        sol_tool_error(&run_tool, "%s: expected NAME=FILE.npy, got '%s'", flag, value);
        return false;
    }
    *eq = '\0';
    *out = (NamedPath){.name = value[0] == '%' ? value + 1 : value, .path = eq + 1};
    return true;
}

static bool apply_flag(void *user, const SolFlag *f, char *value)
{
    RunOptions *o = user;
    SolBuf err = {0};
    NamedPath np;
    switch ((FlagId)f->id) {
    case F_ENTRY: o->entry = value[0] == '@' ? value + 1 : value; return true;
    case F_BIND:
        if (sol_bindings_parse(&o->bindings, value, &err))
            return true;
        sol_tool_error(&run_tool, "%s", err.data);
        sol_buf_free(&err);
        return false;
    case F_INPUT:
        if (!parse_named_path("--input", value, &np))
            return false;
        for (size_t i = 0; i < o->inputs.len; i++)
            if (strcmp(o->inputs.data[i].name, np.name) == 0) {
                sol_tool_error(&run_tool, "--input %s is given twice", np.name);
                return false;
            }
        sol_vec_push(&o->inputs, np);
        return true;
    case F_COMPARE:
        if (!parse_named_path("--compare", value, &np))
            return false;
        sol_vec_push(&o->compares, np);
        return true;
    case F_SEED: return parse_u64("--seed", value, &o->seed);
    case F_OUT_DIR: o->out_dir = value; return true;
    case F_RTOL: return parse_double("--rtol", value, &o->rtol);
    case F_ATOL: return parse_double("--atol", value, &o->atol);
    case F_PRECISION:
        if (strcmp(value, "exact") == 0 || strcmp(value, "wide") == 0) {
            o->exec.precision = value[0] == 'w' ? SOL_PRECISION_WIDE : SOL_PRECISION_EXACT;
            return true;
        }
        sol_tool_error(&run_tool, "--precision: expected 'exact' or 'wide', got '%s'", value);
        return false;
    case F_MAX_STEPS: return parse_u64("--max-steps", value, &o->exec.max_steps);
    case F_MAX_MEMORY: return parse_bytes(value, &o->exec.max_memory);
    case F_NO_BATCH: return o->exec.no_batch = true;
    case F_ENGINE:
        o->engine_given = true;
        return parse_engine("--engine", value, &o->exec.engine);
    case F_THREADS: {
        uint64_t n;
        if (!parse_u64("--threads", value, &n))
            return false;
        if (n < 1 || n > 1024) {
            sol_tool_error(&run_tool, "--threads: expected 1 to 1024, got '%s'", value);
            return false;
        }
        o->exec.threads = (unsigned)n;
        return true;
    }
    case F_EMIT_C: o->emit_c = value; return true;
    case F_VERBOSE: return o->verbose = true;
    case F_PRINT: return o->print = true;
    case F_STATS: return o->stats = true;
    case F_HELP: return o->help = true;
    case F_VERSION: return o->version = true;
    }
    return false;
}

static bool set_file(void *user, char *arg)
{
    RunOptions *o = user;
    if (o->file) {
        sol_tool_error(&run_tool, "more than one input file ('%s' and '%s')", o->file, arg);
        return false;
    }
    o->file = arg;
    return true;
}

static bool parse_args(RunOptions *o, int argc, char **argv)
{
    if (!sol_cli_parse(&cli, argc, argv, apply_flag, set_file, o))
        return false;
    if (!o->file && !o->help && !o->version) {
        sol_tool_error(&run_tool, "no input file; usage: solar-run FILE [options] (see --help)");
        return false;
    }
    return true;
}

static void print_help(FILE *out)
{
    fputs("USAGE: solar-run FILE [options]\n\n"
          "Executes the entry function of FILE (MLIR, the SOLAR-C subset) on tensors: arguments\n"
          "come from .npy files or seeded random data (normal for floats, [0, 8) for integers);\n"
          "every memref argument the function writes is an output. Every access is\n"
          "bounds-checked. Exit status: 0 success, 1 errors in the input, run-time faults or\n"
          "outputs out of tolerance, 2 bad usage.\n\nOPTIONS:\n",
          out);
    sol_cli_print_flags(&cli, out);
    fputs("\nENVIRONMENT:\n"
          "  SOLAR_RUN_ENGINE     the default of --engine\n"
          "  SOLAR_CC             the C engine's compiler (default cc)\n"
          "  SOLAR_CACHE_DIR      compiled programs go to SOLAR_CACHE_DIR/exec (default\n"
          "                       ~/.cache/solar/exec; empty: no cache)\n",
          out);
}

/* ---- the run ----------------------------------------------------------------------------- */

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Creates DIR and its missing parents, like `mkdir -p`. */
static bool make_out_dir(const char *dir)
{
    SolBuf err = {0};
    bool ok = sol_mkdir_p(dir, 0777, &err);
    if (!ok)
        sol_tool_error(&run_tool, "--out-dir %s: %s", dir, err.data);
    sol_buf_free(&err);
    return ok;
}

/* -v: the engine's log; --stats: the counts and times. */
static void report_engine(const RunOptions *o, const SolExecStats *st, double seconds)
{
    if (o->verbose) {
        const char *line = st->log.data;
        for (const char *nl; line && *line; line = nl + 1) {
            nl = strchr(line, '\n');
            if (!nl)
                nl = line + strlen(line) - 1;
            sol_tool_note(&run_tool, "%.*s", (int)(nl - line + (*nl != '\n')), line);
        }
        if (st->engine == SOL_ENGINE_C)
            sol_tool_note(&run_tool,
                          "engine: C (%s, %u thread%s, %u parallel loop%s, %u in lanes)",
                          st->cache_hit ? "cached" : "compiled", st->threads,
                          st->threads == 1 ? "" : "s", st->parallel_loops,
                          st->parallel_loops == 1 ? "" : "s", st->lane_loops);
        else
            sol_tool_note(&run_tool, "engine: interpreter");
    }
    if (!o->stats)
        return;
    if (st->engine == SOL_ENGINE_C)
        fprintf(stderr,
                "solar-run: %.3f s (C engine: %.3f s compiling, %u threads, %u parallel loops, "
                "%u in lanes%s), %llu steps, peak memory %llu bytes, %u accesses proved in "
                "bounds, %u checked at run time\n",
                seconds, st->compile_s, st->threads, st->parallel_loops, st->lane_loops,
                st->reran_in_order ? ", rerun in order" : "", (unsigned long long)st->steps,
                (unsigned long long)st->peak_memory, st->proved_access, st->checked_access);
    else
        fprintf(stderr,
                "solar-run: %.3f s, %llu steps, peak memory %llu bytes, %u accesses proved "
                "in bounds, %u checked at run time, %u loops batched\n",
                seconds, (unsigned long long)st->steps, (unsigned long long)st->peak_memory,
                st->proved_access, st->checked_access, st->batched_loops);
}

static bool write_c_source(const char *path, const SolBuf *src)
{
    if (!src->len) {
        sol_tool_error(&run_tool, "--emit-c %s: the interpreter ran, no C program was made "
                                  "(it needs --engine=c or auto)",
                       path);
        return false;
    }
    return sol_tool_write_file(&run_tool, path, src->data, src->len);
}

static int execute(SolContext *ctx, RunOptions *o, SolModule *m, SolOp *func)
{
    SolBlock *body = sol_region_first_block(&func->regions[0]);
    uint32_t n = body->num_args;
    SolTensor *tensors = sol_xcalloc(n + 1, sizeof *tensors);
    SolTensor **ptrs = sol_xcalloc(n + 1, sizeof *ptrs);
    bool *written = sol_xcalloc(n + 1, sizeof *written);
    int rc = EXIT_FAIL;
    if (run_prepare_args(o, func, tensors)) {
        for (uint32_t i = 0; i < n; i++)
            ptrs[i] = &tensors[i];
        SolExecStats stats;
        SolBuf c_source = {0};
        if (o->emit_c)
            o->exec.c_source = &c_source;
        double t0 = now_seconds();
        bool ok = sol_exec_run(m, func, ptrs, &o->exec, &stats);
        double t1 = now_seconds();
        report_engine(o, &stats, t1 - t0);
        if (o->emit_c && !write_c_source(o->emit_c, &c_source))
            ok = false;
        sol_buf_free(&c_source);
        sol_exec_stats_free(&stats);
        if (ok) {
            sol_func_written_args(m, func, written);
            rc = run_finish_outputs(o, func, tensors, written);
        }
    }
    (void)ctx;
    for (uint32_t i = 0; i < n; i++)
        sol_tensor_free(&tensors[i]);
    free(tensors);
    free(ptrs);
    free(written);
    return rc;
}

/* Parses FILE (streamed) or stdin (read whole), keeping the text quotable: run-time errors
 * quote the source line of the op at fault. */
static SolModule *parse_input(SolContext *ctx, const char *file, SolSource *src, SolBuf *text)
{
    if (strcmp(file, "-") != 0) {
        FILE *f = fopen(file, "rb");
        if (!f) {
            sol_tool_error(&run_tool, "cannot open '%s': %s", file, strerror(errno));
            return NULL;
        }
        *src = (SolSource){.name = sol_ident_cstr(ctx, file)}; /* data NULL: re-read on demand */
        sol_diag_add_source(sol_context_diag(ctx), src);
        SolModule *m = sol_parse_file(ctx, file, f);
        fclose(f);
        return m;
    }
    (void)sol_file_read_stream(stdin, 0, text); /* a read error parses what came */
    *src = (SolSource){.name = sol_ident_cstr(ctx, "<stdin>"), .data = text->data, .len = text->len};
    sol_diag_add_source(sol_context_diag(ctx), src);
    return sol_parse_buffer(ctx, "<stdin>", text->data ? text->data : "", text->len);
}

static int run_file(SolContext *ctx, RunOptions *o)
{
    if (o->out_dir && !make_out_dir(o->out_dir))
        return EXIT_FAIL;
    SolSource src = {0};
    SolBuf text = {0};
    SolModule *m = parse_input(ctx, o->file, &src, &text);
    int rc = EXIT_FAIL;
    SolOp *func = NULL;
    if (!m)
        goto out;
    if (!sol_verify_module(ctx, m))
        goto done;
    if (!sol_entry_find(ctx, m, o->entry, &func)) {
        rc = EXIT_USAGE;
        goto done;
    }
    if (!func) {
        sol_tool_error(&run_tool,
                       "no @forward function and more than one candidate; choose one with --entry");
        rc = EXIT_USAGE;
        goto done;
    }
    if (!run_read_inputs(o))
        goto done;
    if (o->bindings.len) /* without --bind nothing is folded: the files size the arguments */
        run_add_file_shapes(o, func);
    if (!sol_bind_entry(ctx, m, func, o->bindings.data, o->bindings.len)) {
        rc = EXIT_USAGE;
        goto done;
    }
    if (!sol_verify_module(ctx, m))
        goto done;
    rc = execute(ctx, o, m, func);
done:
    sol_module_free(m);
out:
    if (src.name)
        sol_diag_remove_source(sol_context_diag(ctx), &src); /* frees what it loaded */
    sol_buf_free(&text);
    return rc;
}

/* The C engine's settings from the environment: SOLAR_RUN_ENGINE (unless --engine), SOLAR_CC,
 * and the cache (sol_cache_dir: SOLAR_CACHE_DIR, else ~/.cache/solar; none when it is empty). */
static bool engine_environment(RunOptions *o, SolBuf *cache)
{
    const char *engine = getenv("SOLAR_RUN_ENGINE");
    if (!o->engine_given && engine && *engine &&
        !parse_engine("SOLAR_RUN_ENGINE", engine, &o->exec.engine))
        return false;
    o->exec.cc = getenv("SOLAR_CC");
    o->exec.cache_dir = sol_cache_dir(cache) ? cache->data : NULL;
    return true;
}

static int run_driver(int argc, char **argv)
{
    RunOptions o = {.rtol = 1e-5, .atol = 1e-8};
    o.exec.max_steps = DEFAULT_MAX_STEPS;
    o.exec.max_memory = DEFAULT_MAX_MEMORY;
    SolContext *ctx = sol_context_new();
    SolBuf cache = {0};
    int rc;
    if (!parse_args(&o, argc, argv) || !engine_environment(&o, &cache))
        rc = EXIT_USAGE;
    else if (o.help)
        print_help(stdout), rc = 0;
    else if (o.version)
        sol_tool_print_version(&run_tool, stdout), rc = 0;
    else
        rc = run_file(ctx, &o);
    sol_buf_free(&cache);
    sol_bindings_free(&o.bindings);
    run_free_inputs(&o);
    sol_vec_free(&o.inputs);
    sol_vec_free(&o.compares);
    sol_context_free(ctx);
    return rc;
}

int main(int argc, char **argv)
{
    int rc = sol_run_on_big_stack(run_driver, argc, argv);
    if (fflush(stdout) != 0 && rc == 0) {
        sol_tool_error(&run_tool, "cannot write '<stdout>': %s", strerror(errno));
        rc = EXIT_FAIL;
    }
    return rc;
}

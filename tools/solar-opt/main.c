/*
 * solar-opt: reads MLIR (the SOLAR-C subset), verifies it, optionally binds symbolic sizes
 * (--bind), runs a pass pipeline and prints the result, like mlir-opt.
 *
 *   solar-opt [FILE|-] [-o OUT] [--verify ...] [--pass-pipeline='a,b{k=v},c'] [--bind N=4096]
 *             [--entry NAME] [--mlir=14|current] [--split-input-file] [--verify-diagnostics]
 *             [--no-verify-each] [--print-ir-after-all] [--help] [--version]
 *
 * This file only wires things together: flags -> read input -> parse -> verify -> bind ->
 * pipeline -> print. Every pass is also a flag (`--verify`, `--fuse=max-bytes=1MiB`), and pass
 * flags and --pass-pipeline combine in command-line order. Output goes through a temporary
 * file renamed over OUT, so a failed run never leaves a half-written OUT.
 *
 * Exit status: 0 success, 1 errors in the input (diagnosed) or I/O failure, 2 bad usage
 * (flags, pipeline text, --bind/--entry that do not fit the module, an --hw device that does
 * not load), 3 a measured time below a bound. A report flag with no effect (no sol pass, or
 * --report=none) is a warning.
 *
 * The work runs on a thread with a 1 GiB stack so deeply nested input cannot overflow it.
 */
#include "Analysis/signature.h"
#include "IR/ir.h"
#include "Passes/pass.h"
#include "Support/cli.h"
#include "Support/tool.h"
#include "Support/verify_diags.h"
#include "report.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { EXIT_INPUT = 1, EXIT_USAGE = 2 };
static const SolTool tool = {"solar-opt", NULL};

/* ---- flags ------------------------------------------------------------------------------- */

typedef enum FlagId {
    F_OUTPUT,
    F_PIPELINE,
    F_BIND,
    F_ENTRY,
    F_MLIR,
    F_SPLIT,
    F_VERIFY_DIAGS,
    F_NO_VERIFY_EACH,
    F_PRINT_IR,
    F_HW,
    F_LIST_HW,
    F_REPORT,
    F_REPORT_FILE,
    F_MEASURED,
    F_TARGET,
    F_FP32_MATMUL,
    F_CACHE_STATE,
    F_CONV_ALGO,
    F_TIGHT_MATMUL,
    F_EMIT_TILED,
    F_PRINT_SIGNATURE,
    F_HELP,
    F_VERSION,
} FlagId;

static const SolFlag flags[] = {
    {"-o", F_OUTPUT, "OUT", "write the result to OUT, atomically ('-' is stdout, the default)"},
    {"--pass-pipeline", F_PIPELINE, "PIPELINE",
     "run passes in order, written as in MLIR: 'a,b{opt=value},c' (at most once)"},
    {"--bind", F_BIND, "N=V,...",
     "specialise index arguments of the entry function to sizes, and memref arguments to "
     "shapes with X=16x16384 (repeatable)"},
    {"--entry", F_ENTRY, "NAME", "the entry function (default: @forward, else the only one)"},
    {"--mlir", F_MLIR, "14|current", "print MLIR 14 or current spellings (default current)"},
    {"--split-input-file", F_SPLIT, NULL, "treat each `// -----` chunk as a separate input"},
    {"--verify-diagnostics", F_VERIFY_DIAGS, NULL,
     "check diagnostics against expected-* comments instead of printing"},
    {"--no-verify-each", F_NO_VERIFY_EACH, NULL, "do not verify the IR after every pass"},
    {"--print-ir-after-all", F_PRINT_IR, NULL, "print the IR to stderr after every pass"},
    {"--hw", F_HW, "NAME[,NAME...]|all|PATH.json",
     "devices of the SOL report (default h100-sxm; list them: --list-hw)"},
    {"--list-hw", F_LIST_HW, NULL, "print the device models found and exit"},
    {"--report", F_REPORT, "text|json|csv|html|none",
     "what a sol-* pass prints on stdout (default text; html: one self-contained page with a "
     "roofline; none: the IR as usual)"},
    {"--report-file", F_REPORT_FILE, "PATH", "write the SOL report to PATH instead of stdout"},
    {"--measured-ms", F_MEASURED, "T",
     "headroom of a measured time against each bound; VIOLATION and exit 3 below a bound"},
    {"--target-ms", F_TARGET, "T", "the peaks and bandwidth a device would need to reach T"},
    {"--fp32-matmul", F_FP32_MATMUL, "ieee|tf32|bf16",
     "the numeric contract of f32 contractions: IEEE products, TF32 tensor cores, or inputs "
     "rounded to bf16 (default: each device's, from its file)"},
    {"--cache-state", F_CACHE_STATE, "cold|warm",
     "cold (default): inputs start in DRAM (a timer that flushes L2); warm: data that fits "
     "starts on chip (a timing loop without a flush)"},
    {"--conv-algo", F_CONV_ALGO, "direct|any",
     "bound convolutions as direct (default) or by the Winograd/FFT limit"},
    {"--tight-matmul", F_TIGHT_MATMUL, NULL,
     "sol-cache: the published 2W/sqrt(S) matmul constant instead of the proven sqrt(2) form"},
    {"--emit-tiled", F_EMIT_TILED, "[=LEVEL]",
     "tile-for-cache and rewrite contraction loops into the tiled nest of LEVEL (default: "
     "the innermost level with tiles); same as --tile-for-cache=emit=LEVEL"},
    {"--print-signature", F_PRINT_SIGNATURE, "json",
     "print the entry's arguments (name, type, shape, written) as JSON instead of the IR"},
    {"--help", F_HELP, NULL, "print this help and exit"},
    {"--version", F_VERSION, NULL, "print the version and exit"},
};
static const char *const aliases[] = {"-h", "--help", NULL};
static const SolCli cli = {.tool = "solar-opt",
                           .flags = flags,
                           .num_flags = sizeof flags / sizeof flags[0],
                           .aliases = aliases,
                           .help_width = 32};

/* --report's values; -1: none (the IR is printed as without a sol pass). */
static const struct {
    const char *name;
    int format;
} report_formats[] = {{"text", SOL_REPORT_TEXT}, {"json", SOL_REPORT_JSON},
                      {"csv", SOL_REPORT_CSV},   {"html", SOL_REPORT_HTML},
                      {"none", -1}};

typedef struct Options {
    const char *input;  /* NULL or "-": stdin */
    const char *output; /* NULL or "-": stdout */
    const char *entry;
    SolPipeline pipeline;
    SolBindings bindings;
    SolMlirTarget target;
    bool split_input, verify_diags, verify_each, print_ir_after_all, help, version;
    bool saw_pipeline, list_hw;
    bool print_signature; /* --print-signature=json */
    ReportFlags report;
} Options;

/* A pass flag: `--fuse` or `--fuse=max-bytes=1MiB,x=2` (same as `fuse{max-bytes=1MiB,x=2}`). */
static bool add_pass_flag(SolContext *ctx, Options *o, const SolPass *pass, const char *value)
{
    if (!value)
        return sol_pipeline_append(ctx, &o->pipeline, pass);
    SolBuf text = {0};
    sol_buf_printf(&text, "%s{%s}", pass->name, value);
    bool ok = sol_pipeline_parse(ctx, &o->pipeline, text.data);
    sol_buf_free(&text);
    return ok;
}

/* Applies one flag with its value (NULL for flags without one). */
static bool apply_flag(SolContext *ctx, Options *o, const SolFlag *f, const char *value)
{
    SolBuf err = {0};
    switch (f->id) {
    case F_OUTPUT:
        o->output = value;
        return true;
    case F_PIPELINE:
        if (o->saw_pipeline) {
            sol_tool_error(&tool, "--pass-pipeline may be given only once");
            return false;
        }
        o->saw_pipeline = true;
        return sol_pipeline_parse(ctx, &o->pipeline, value);
    case F_BIND:
        if (sol_bindings_parse(&o->bindings, value, &err))
            return true;
        sol_tool_error(&tool, "%s", err.data);
        sol_buf_free(&err);
        return false;
    case F_ENTRY:
        o->entry = value[0] == '@' ? value + 1 : value;
        return true;
    case F_MLIR:
        if (strcmp(value, "14") == 0 || strcmp(value, "current") == 0) {
            o->target = value[0] == '1' ? SOL_MLIR_14 : SOL_MLIR_CURRENT;
            return true;
        }
        sol_tool_error(&tool, "--mlir: expected '14' or 'current', got '%s'", value);
        return false;
    case F_SPLIT:
        return o->split_input = true;
    case F_VERIFY_DIAGS:
        return o->verify_diags = true;
    case F_NO_VERIFY_EACH:
        o->verify_each = false;
        return true;
    case F_PRINT_IR:
        return o->print_ir_after_all = true;
    case F_HW:
        o->report.hw = value;
        return true;
    case F_LIST_HW:
        return o->list_hw = true;
    case F_REPORT:
        for (size_t i = 0; i < sizeof report_formats / sizeof *report_formats; i++)
            if (strcmp(value, report_formats[i].name) == 0) {
                o->report.format = report_formats[i].format;
                return true;
            }
        sol_tool_error(&tool, "--report: expected 'text', 'json', 'csv', 'html' or 'none', got '%s'",
                       value);
        return false;
    case F_REPORT_FILE:
        o->report.report_file = value;
        return true;
    case F_MEASURED:
    case F_TARGET:
        return sol_tool_parse_double(
            &tool, f->name, value, 0, 1e12, true, "a positive number of milliseconds",
            f->id == F_MEASURED ? &o->report.measured_ms : &o->report.target_ms);
    case F_FP32_MATMUL:
        if (sol_fp32_matmul_parse(value, &o->report.bounds.fp32))
            return o->report.bound_flags = true;
        sol_tool_error(&tool, "--fp32-matmul: expected 'ieee', 'tf32' or 'bf16', got '%s'", value);
        return false;
    case F_CACHE_STATE:
        if (sol_cache_state_parse(value, &o->report.bounds.cache_state))
            return o->report.bound_flags = true;
        sol_tool_error(&tool, "--cache-state: expected 'cold' or 'warm', got '%s'", value);
        return false;
    case F_CONV_ALGO:
        if (strcmp(value, "direct") == 0 || strcmp(value, "any") == 0) {
            o->report.bounds.conv_any = value[0] == 'a';
            return o->report.bound_flags = true;
        }
        sol_tool_error(&tool, "--conv-algo: expected 'direct' or 'any', got '%s'", value);
        return false;
    case F_TIGHT_MATMUL:
        return o->report.bounds.tight_matmul = o->report.bound_flags = true;
    case F_EMIT_TILED: {
        const SolPass *tile = sol_pass_lookup("tile-for-cache");
        SolBuf text = {0};
        sol_buf_printf(&text, "emit='%s'", value && value[0] ? value : "auto");
        bool ok = !strchr(value ? value : "", '\'') && add_pass_flag(ctx, o, tile, text.data);
        if (!ok && value && strchr(value, '\''))
            sol_tool_error(&tool, "--emit-tiled: a level name has no quote, got '%s'", value);
        sol_buf_free(&text);
        return ok;
    }
    case F_PRINT_SIGNATURE:
        if (strcmp(value, "json") == 0)
            return o->print_signature = true;
        sol_tool_error(&tool, "--print-signature: expected 'json', got '%s'", value);
        return false;
    case F_HELP:
        return o->help = true;
    case F_VERSION:
        return o->version = true;
    }
    return false;
}

static bool set_input(Options *o, const char *path)
{
    if (o->input) {
        sol_tool_error(&tool, "more than one input file ('%s' and '%s')", o->input, path);
        return false;
    }
    o->input = path;
    return true;
}

/* `--lift-einsun` -> the closest flag or `--<pass>`, spelled with its dashes. */
static void report_unknown_flag(const char *arg, size_t len)
{
    const SolPass *const *reg = sol_pass_registry();
    size_t n = 0;
    while (reg[n])
        n++;
    char **names = sol_xcalloc(n + 1, sizeof *names);
    for (size_t i = 0; i < n; i++) {
        names[i] = sol_xmalloc(strlen(reg[i]->name) + 3);
        sprintf(names[i], "--%s", reg[i]->name);
    }
    sol_cli_report_unknown(&cli, arg, len, (const char *const *)names, n);
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
}

/* One `-x`/`--x[=v]` argument at argv[*i]: a flag of the table, else `--<pass>[=OPTS]`; may
 * consume the next argument as its value. */
static bool parse_flag(SolContext *ctx, Options *o, int argc, char **argv, int *i)
{
    char *arg = argv[*i];
    /* mlir-opt style single-dash long flags: -verify == --verify (but -oFILE is -o FILE) */
    SolBuf norm = {0};
    if (arg[1] != '-' && strlen(arg) > 2 && arg[1] != 'o')
        sol_buf_printf(&norm, "-%s", arg), arg = norm.data;
    size_t name_len;
    char *value;
    bool ok = false;
    const SolFlag *f = sol_cli_match(&cli, arg, &name_len, &value);
    const SolPass *pass =
        !f && name_len > 2 && arg[1] == '-' ? sol_pass_lookup_n(arg + 2, name_len - 2) : NULL;
    if (f)
        ok = sol_cli_take_value(&cli, f, argc, argv, i, &value) && apply_flag(ctx, o, f, value);
    else if (pass)
        ok = add_pass_flag(ctx, o, pass, value);
    else
        report_unknown_flag(arg, name_len);
    sol_buf_free(&norm);
    return ok;
}

/* Fills o from argv; false after a usage error (already reported). */
static bool parse_args(SolContext *ctx, Options *o, int argc, char **argv)
{
    bool only_files = false;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        bool ok;
        if (only_files || arg[0] != '-' || strcmp(arg, "-") == 0)
            ok = set_input(o, arg);
        else if (strcmp(arg, "--") == 0)
            ok = only_files = true;
        else
            ok = parse_flag(ctx, o, argc, argv, &i);
        if (!ok)
            return false;
    }
    return true;
}

/* ---- --help ------------------------------------------------------------------------------ */

static void print_pass_help(FILE *out, const SolPass *p)
{
    fprintf(out, "  --%-30s %s\n", p->name, p->summary);
    for (const SolPassOption *opt = p->options; opt && opt->name; opt++) {
        char left[96];
        snprintf(left, sizeof left, "%s=<%s>", opt->name, sol_pass_opt_kind_name(opt->kind));
        fprintf(out, "      %-28s %s (default: %s)\n", left, opt->help,
                opt->default_text && opt->default_text[0] ? opt->default_text : "\"\"");
    }
}

static void print_help(FILE *out)
{
    fputs("USAGE: solar-opt [options] [FILE|-]\n\n"
          "Reads MLIR (the SOLAR-C subset) from FILE or stdin, verifies it, runs passes and\n"
          "prints the result. Exit status: 0 success, 1 errors in the input, 2 bad usage.\n\n"
          "OPTIONS:\n",
          out);
    sol_cli_print_flags(&cli, out);
    fputs("\nPasses (each is also a flag: --NAME or --NAME=OPT=V,...; in pipelines "
          "NAME{OPT=V ...}):\n",
          out);
    for (const SolPass *const *p = sol_pass_registry(); *p; p++)
        print_pass_help(out, *p);
}

/* ---- input ------------------------------------------------------------------------------- */

typedef struct Input {
    const char *name; /* for diagnostics */
    SolBuf text;
} Input;

static bool read_input(const char *path, Input *in)
{
    bool is_stdin = !path || strcmp(path, "-") == 0;
    in->name = is_stdin ? "<stdin>" : path;
    if (!is_stdin)
        return sol_tool_read_file(&tool, path, 0, &in->text);
    if (sol_file_read_stream(stdin, 0, &in->text) == SOL_READ_OK)
        return true;
    sol_tool_error(&tool, "cannot read '<stdin>': %s", strerror(errno));
    return false;
}

/* ---- one module: verify, bind, run the pipeline, print ------------------------------------ */

typedef struct Driver {
    SolContext *ctx;
    Options *opts;
    SolDiagVerifier *verifier; /* non-NULL under --verify-diagnostics */
    FILE *out;
    const char *file; /* the input's name, for the report */
    bool reported;    /* a SOL report went to stdout: the IR goes only to -o */
    bool analysed;    /* a pass computed bounds (in some chunk) */
} Driver;

/* Exit status of the transformations on m. */
static int transform(Driver *d, SolModule *m)
{
    SolContext *ctx = d->ctx;
    Options *o = d->opts;
    if (!sol_verify_module(ctx, m))
        return EXIT_INPUT;
    SolOp *entry;
    if (!sol_entry_find(ctx, m, o->entry, &entry))
        return EXIT_USAGE;
    if (o->bindings.len) {
        if (!sol_bind_entry(ctx, m, entry, o->bindings.data, o->bindings.len))
            return EXIT_USAGE;
        if (o->verify_each && !sol_verify_module(ctx, m))
            return EXIT_INPUT;
    }
    SolPassManagerOptions mo = {o->verify_each, o->print_ir_after_all, stderr, {o->target}};
    SolPassRun run;
    sol_pass_run_init(&run, ctx, entry ? entry->props.func->sym->str : NULL);
    run.device = o->report.hw ? o->report.hw : SOLAR_OPT_DEFAULT_DEVICE; /* fuse's budget */
    bool ok = sol_pipeline_run(&o->pipeline, &run, m, &mo);
    int rc = ok ? 0 : EXIT_INPUT;
    d->analysed |= ok && run.analysis;
    if (ok && run.analysis && o->report.format >= 0 && !d->verifier) {
        if (!o->report.devices && !solar_opt_load_devices(&o->report))
            rc = EXIT_USAGE; /* the default device (an --hw was loaded before the input) */
        else
            rc = solar_opt_report(&o->report, run.analysis, d->file, run.entry);
        d->reported = !o->report.report_file;
    }
    sol_pass_run_release(&run);
    return rc;
}

/* --print-signature=json: the entry function's signature (Analysis/signature.h). */
static int print_signature(Driver *d, SolModule *m)
{
    SolOp *entry;
    if (!sol_entry_find(d->ctx, m, d->opts->entry, &entry))
        return EXIT_USAGE;
    if (!entry) {
        sol_tool_error(&tool, "--print-signature: no @forward and more than one function; pass --entry");
        return EXIT_USAGE;
    }
    SolBuf b = {0};
    sol_func_signature_json(m, entry, &b);
    fputs(b.data, d->out);
    sol_buf_free(&b);
    return 0;
}

/* Transforms and prints a parsed module (or, under --verify-diagnostics, checks what was
 * reported); m may be NULL after parse errors. */
static int finish_module(Driver *d, SolModule *m, unsigned errors_before)
{
    SolDiagEngine *diag = sol_context_diag(d->ctx);
    int rc = m ? transform(d, m) : EXIT_INPUT;
    if (rc == 0 && !d->verifier && !sol_check_print_target(d->ctx, m, d->opts->target))
        rc = EXIT_INPUT;
    if (rc == 0 && diag->num_errors)
        rc = EXIT_INPUT;
    /* With a report on stdout, the annotated IR goes to -o only. A violation (exit 3) still
     * writes it. */
    bool print_ir = (rc == 0 || rc == EXIT_VIOLATION) &&
                    (!d->reported || (d->opts->output && strcmp(d->opts->output, "-") != 0));
    if (d->verifier) {
        rc = sol_diag_verifier_finish(d->verifier) ? 0 : EXIT_INPUT;
    } else if (print_ir && d->opts->print_signature) {
        rc = print_signature(d, m);
    } else if (print_ir && !sol_print_module(d->out, m, &(SolPrintOptions){d->opts->target})) {
        sol_tool_error(&tool, "cannot write the output: %s", strerror(errno ? errno : EIO));
        rc = EXIT_INPUT;
    }
    if (m)
        sol_module_free(m);
    diag->num_errors += errors_before;
    return rc;
}

/* Parses and processes lines [first_line, ...) of the input held in data[0..len). */
static int process_chunk(Driver *d, const SolIdent *file, const char *data, size_t len,
                         uint32_t first_line)
{
    SolDiagEngine *diag = sol_context_diag(d->ctx);
    unsigned errors_before = diag->num_errors;
    diag->num_errors = 0; /* the error limit applies per chunk */
    if (d->verifier)
        sol_diag_verifier_scan(d->verifier, file, data, len, first_line);
    SolModule *m = sol_parse_buffer_at(d->ctx, file->str, data, len, first_line);
    return finish_module(d, m, errors_before);
}

/* True when the line [p, end) is `// -----` give or take surrounding whitespace. */
static bool is_split_marker(const char *p, const char *end)
{
    static const char marker[] = "// -----";
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    while (end > p && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r'))
        end--;
    return (size_t)(end - p) == sizeof marker - 1 && memcmp(p, marker, sizeof marker - 1) == 0;
}

/* Runs every chunk (or the whole input); the worst exit status wins. */
static int process_input(Driver *d, const SolIdent *file, const Input *in)
{
    const char *data = in->text.data;
    size_t len = in->text.len;
    if (!d->opts->split_input)
        return process_chunk(d, file, data, len, 1);
    int rc = 0;
    const char *chunk = data, *p = data, *end = data + len;
    uint32_t line = 1, chunk_line = 1;
    bool first = true;
    for (;;) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        const char *line_end = eol ? eol : end;
        bool last = !eol;
        bool marker = is_split_marker(p, line_end);
        if (marker || last) {
            if (!first && !d->verifier)
                fputs("// -----\n", d->out);
            int crc =
                process_chunk(d, file, chunk, (size_t)((marker ? p : end) - chunk), chunk_line);
            rc = crc > rc ? crc : rc;
            first = false;
            chunk = eol ? eol + 1 : end, chunk_line = line + 1;
        }
        if (last)
            return rc;
        p = eol + 1;
        line++;
    }
}

/* ---- main -------------------------------------------------------------------------------- */

/* A plain file, parsed as one module, is read as a stream: it is never held in memory while its
 * IR is (diagnostics read the file again to quote it). Everything else is read whole. */
static bool can_stream(const Options *o)
{
    struct stat st;
    return o->input && strcmp(o->input, "-") != 0 && !o->split_input && !o->verify_diags &&
           stat(o->input, &st) == 0 && S_ISREG(st.st_mode);
}

/* With nothing to do but verify and print, such a file is also handled one op at a time
 * (sol_stream_file): a long function is never held whole. Any pass, binding, entry or report
 * flag (--hw, --report other than the default, --report-file, --measured-ms, --target-ms,
 * --fp32-matmul, --conv-algo, --tight-matmul) takes the whole-module path, which also warns
 * when such a flag has no effect. */
static bool print_only(const Options *o)
{
    const ReportFlags *r = &o->report;
    bool report_flags = r->hw || r->format != SOL_REPORT_TEXT || r->report_file ||
                        r->measured_ms >= 0 || r->target_ms >= 0 || r->bound_flags;
    return o->pipeline.len == 0 && o->bindings.len == 0 && !o->entry && !o->print_signature &&
           !o->print_ir_after_all && !report_flags;
}

/* Parses the file at path as it is read: op by op when print_only(), else into a module. */
static int run_streamed(Driver *d, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        sol_tool_error(&tool, "cannot open '%s': %s", path, strerror(errno));
        return EXIT_INPUT;
    }
    SolDiagEngine *diag = sol_context_diag(d->ctx);
    SolSource src = {.name = sol_ident_cstr(d->ctx, path)}; /* data NULL: loaded on demand */
    sol_diag_add_source(diag, &src);
    int rc = 0;
    if (print_only(d->opts)) {
        unsigned errors = diag->num_errors;
        if (!sol_stream_file(d->ctx, path, f, d->out, &(SolPrintOptions){d->opts->target})) {
            rc = EXIT_INPUT;
            if (diag->num_errors == errors)
                sol_tool_error(&tool, "cannot write the output: %s", strerror(errno ? errno : EIO));
        }
        fclose(f);
    } else {
        SolModule *m = sol_parse_file(d->ctx, path, f);
        fclose(f);
        rc = finish_module(d, m, 0);
    }
    sol_diag_remove_source(diag, &src);
    return rc;
}

static int run_buffered(Driver *d, Options *o)
{
    Input in = {0};
    if (!read_input(o->input, &in))
        return EXIT_INPUT;
    SolDiagEngine *diag = sol_context_diag(d->ctx);
    SolSource src = {
        .name = sol_ident_cstr(d->ctx, in.name), .data = in.text.data, .len = in.text.len};
    SolDiagVerifier verifier;
    sol_diag_add_source(diag, &src);
    if (o->verify_diags) {
        diag->error_limit = 0; /* every expected error must get its chance */
        d->verifier = &verifier;
        sol_diag_verifier_init(&verifier, diag);
    }
    int rc = process_input(d, src.name, &in);
    if (d->verifier)
        sol_diag_verifier_release(&verifier);
    sol_diag_remove_source(diag, &src);
    sol_buf_free(&in.text);
    return rc;
}

static int run_with_context(SolContext *ctx, Options *o)
{
    SolOutput out = {0};
    if (!o->verify_diags && !sol_tool_output_open(&tool, o->output, false, &out))
        return EXIT_INPUT;
    Driver d = {ctx, o, NULL, out.f, o->input && strcmp(o->input, "-") ? o->input : "<stdin>",
                false, false};
    int rc = can_stream(o) ? run_streamed(&d, o->input) : run_buffered(&d, o);
    if (!o->verify_diags) {
        solar_opt_warn_unused_flags(&o->report, d.analysed);
        if ((rc == 0 || rc == EXIT_VIOLATION) && !sol_tool_output_commit(&tool, &out))
            rc = EXIT_INPUT;
        else if (rc != 0 && rc != EXIT_VIOLATION)
            sol_tool_output_discard(&out);
    }
    return rc;
}

static int run_driver(int argc, char **argv)
{
    SolContext *ctx = sol_context_new();
    Options o = {.verify_each = true, .target = SOL_MLIR_CURRENT};
    o.report.format = SOL_REPORT_TEXT;
    o.report.measured_ms = o.report.target_ms = -1;
    int rc;
    if (!parse_args(ctx, &o, argc, argv))
        rc = EXIT_USAGE;
    else if (o.help)
        print_help(stdout), rc = 0;
    else if (o.version)
        sol_tool_print_version(&tool, stdout), rc = 0;
    else if (o.list_hw)
        rc = solar_opt_list_hw();
    else if (o.report.hw && !solar_opt_load_devices(&o.report))
        rc = EXIT_USAGE; /* before reading the input: a bad name fails even without a report */
    else
        rc = run_with_context(ctx, &o);
    solar_opt_free_devices(&o.report);
    sol_pipeline_free(&o.pipeline);
    sol_bindings_free(&o.bindings);
    sol_context_free(ctx);
    return rc;
}

int main(int argc, char **argv)
{
    int rc = sol_run_on_big_stack(run_driver, argc, argv);
    if (fflush(stdout) != 0 && rc == 0) {
        sol_tool_error(&tool, "cannot write '<stdout>': %s", strerror(errno));
        rc = EXIT_INPUT;
    }
    return rc;
}

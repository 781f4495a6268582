/*
 * Validation of one candidate IR against one reference directory (candidate.h): parse and
 * verify, the signature, the work estimate, solar-run, the comparison of every output.
 */
#include "Translate/candidate.h"

#include "Exec/npy.h"
#include "Exec/tolerance.h"
#include "IR/ir.h"
#include "Passes/pass.h"
#include "Support/process.h"
#include "Translate/compare.h"
#include "Translate/harness.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <sys/stat.h>

enum { MAX_RUN_OUTPUT = 64 << 10, MAX_ARRAY_BYTES = 1 << 30, WORST = 5 };
#define RUN_MAX_MEMORY "2G"

/* One argument of @forward as validation needs it. */
typedef struct IrArg {
    char *name;
    bool is_index, is_memref;
    SolElemKind elem;
    bool elem_known;
    uint32_t rank;
    int64_t dims[SOL_TENSOR_MAX_RANK];
    char *type_text;
} IrArg;

typedef struct IrArgs {
    IrArg *data;
    size_t len, cap;
} IrArgs;

static void free_args(IrArgs *a)
{
    for (size_t i = 0; i < a->len; i++)
        free(a->data[i].name), free(a->data[i].type_text);
    sol_vec_free(a);
}

void sol_verdict_free(SolVerdict *v)
{
    sol_buf_free(&v->what);
    sol_buf_free(&v->details);
    sol_buf_free(&v->index_args);
}

void sol_verdict_fail(SolVerdict *v, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    v->ok = false;
    v->what.len = 0;
    sol_buf_vprintf(&v->what, fmt, ap);
    va_end(ap);
}

/* ---- 1 and 2: parse, verify, signature ------------------------------------------------------ */

/* Reads @forward's arguments; false (with what) when there is none or it returns values. */
static bool read_signature(SolContext *ctx, SolModule *m, IrArgs *args, SolVerdict *v)
{
    SolOp *entry = sol_module_lookup_func(m, sol_ident_cstr(ctx, "forward"));
    if (!entry) {
        sol_verdict_fail(v, "the module has no function @forward");
        sol_buf_puts(&v->details, "The entry function must be `func.func @forward(...)`.\n");
        return false;
    }
    const SolType *ft = entry->props.func->type;
    if (ft->num_results) {
        sol_verdict_fail(v, "@forward returns %u value%s", ft->num_results,
                         ft->num_results == 1 ? "" : "s");
        sol_buf_puts(&v->details, "@forward returns nothing: every output is a memref argument "
                                  "that it writes.\n");
        return false;
    }
    SolBlock *body = entry->num_regions ? sol_region_first_block(&entry->regions[0]) : NULL;
    if (!body) {
        sol_verdict_fail(v, "@forward has no body");
        return false;
    }
    for (uint32_t i = 0; i < body->num_args; i++) {
        const SolValue *a = &body->args[i];
        IrArg x = {0};
        char fallback[32];
        snprintf(fallback, sizeof fallback, "arg%u", i);
        x.name = sol_xstrdup(a->hint ? a->hint->str : fallback);
        SolBuf t = {0};
        sol_type_print(&t, a->type);
        x.type_text = t.data;
        if (sol_type_is_index(a->type)) {
            x.is_index = true;
            sol_buf_printf(&v->index_args, "%s%s ", v->index_args.len ? "" : " ", x.name);
        } else if (sol_type_is_memref(a->type)) {
            x.is_memref = true;
            x.rank = a->type->rank;
            x.elem_known =
                sol_elem_from_type(a->type->elem, &x.elem) && !sol_type_is_index(a->type->elem);
            for (uint32_t d = 0; d < x.rank && d < SOL_TENSOR_MAX_RANK; d++)
                x.dims[d] = a->type->dims[d];
        }
        sol_vec_push(args, x);
    }
    return true;
}

/* Parses and verifies ir; on failure what/details say why (diagnostics with carets). On
 * success v->work is the estimate at ref's sizes. */
static bool parse_ir(const char *ir, size_t len, const SolReference *ref, IrArgs *args,
                     SolVerdict *v)
{
    SolContext *ctx = sol_context_new();
    char *text = NULL;
    size_t tlen = 0;
    FILE *mem = open_memstream(&text, &tlen);
    SolDiagEngine *diag = sol_context_diag(ctx);
    sol_diag_set_output(diag, mem);
    diag->error_limit = 10;
    SolSource src = {.name = sol_ident_cstr(ctx, "forward.mlir"), .data = ir, .len = len};
    sol_diag_add_source(diag, &src);
    SolModule *m = sol_parse_buffer(ctx, "forward.mlir", ir, len);
    bool parsed = m != NULL;
    bool ok = parsed && sol_verify_module(ctx, m);
    unsigned errors = diag->num_errors;
    fflush(mem);
    if (!ok) {
        if (!parsed)
            sol_verdict_fail(v, "the IR does not parse (%u error%s)", errors,
                             errors == 1 ? "" : "s");
        else
            sol_verdict_fail(v, "the IR does not verify (%u error%s)", errors,
                             errors == 1 ? "" : "s");
        sol_buf_append(&v->details, text ? text : "", tlen);
    } else {
        ok = read_signature(ctx, m, args, v);
        if (ok)
            v->work = sol_work_estimate(ctx, m, &ref->sizes);
    }
    sol_diag_remove_source(diag, &src);
    fclose(mem);
    free(text);
    if (m)
        sol_module_free(m);
    sol_context_free(ctx);
    return ok;
}

static void tensor_text(SolBuf *b, const SolTensor *t)
{
    for (uint32_t d = 0; d < t->rank; d++)
        sol_buf_printf(b, "%s%lld", d ? "x" : "", (long long)t->dims[d]);
    sol_buf_printf(b, "%s%s", t->rank ? " " : "scalar ", sol_elem_name(t->elem));
}

static const SolRefArray *memref_ref(const SolReference *ref, size_t k)
{
    return k < ref->inputs.len ? &ref->inputs.data[k] : &ref->outputs.data[k - ref->inputs.len];
}

/* Every argument is an index that names a size constant, or a memref. */
static bool check_arg_kinds(const IrArgs *args, const SolReference *ref, SolVerdict *v)
{
    for (size_t i = 0; i < args->len; i++) {
        const IrArg *a = &args->data[i];
        if (a->is_memref)
            continue;
        if (!a->is_index) {
            sol_verdict_fail(v, "argument %%%s of @forward has type %s", a->name, a->type_text);
            sol_buf_puts(&v->details, "@forward takes only index arguments (the size constants) "
                                      "and memref arguments.\n");
            return false;
        }
        if (!sol_reference_size(&ref->sizes, a->name)) {
            sol_verdict_fail(v, "index argument %%%s is not a size constant of the program",
                             a->name);
            sol_buf_puts(&v->details, "The size constants are:");
            for (size_t s = 0; s < ref->sizes.len; s++)
                sol_buf_printf(&v->details, " %s", ref->sizes.data[s].name);
            if (!ref->sizes.len)
                sol_buf_puts(&v->details, " (none)");
            sol_buf_puts(&v->details, ".\n");
            return false;
        }
    }
    return true;
}

/* A size that validation changed must reach the IR, or the IR cannot follow it. */
static bool check_changed_sizes(const IrArgs *args, const SolReference *ref, SolVerdict *v)
{
    for (size_t s = 0; s < ref->sizes.len; s++) {
        const SolRefSize *z = &ref->sizes.data[s];
        bool have = false;
        for (size_t i = 0; i < args->len && !have; i++)
            have = args->data[i].is_index && strcmp(args->data[i].name, z->name) == 0;
        bool changed = !sol_reference_size(&ref->original, z->name) ||
                       sol_reference_original(ref, z->name) != z->value;
        if (!have && changed) {
            sol_verdict_fail(v, "@forward has no index argument %%%s for the size constant %s",
                             z->name, z->name);
            sol_buf_printf(&v->details,
                           "Every size constant is an index argument named like it "
                           "(`%%%s: index`), and shapes follow from them.\n",
                           z->name);
            return false;
        }
    }
    return true;
}

/* As many memrefs as the program has inputs and outputs; else a table of both lists. */
static bool check_memref_count(const IrArgs *args, const SolReference *ref, SolVerdict *v)
{
    size_t nmem = 0, nref = ref->inputs.len + ref->outputs.len;
    for (size_t i = 0; i < args->len; i++)
        nmem += args->data[i].is_memref;
    if (nmem == nref)
        return true;
    sol_verdict_fail(v,
                     "@forward has %zu memref argument%s, the program has %zu inputs, parameters "
                     "and buffers and %zu output%s (%zu in all)",
                     nmem, nmem == 1 ? "" : "s", ref->inputs.len, ref->outputs.len,
                     ref->outputs.len == 1 ? "" : "s", nref);
    size_t *mem = sol_xcalloc(nmem + 1, sizeof *mem);
    for (size_t i = 0, j = 0; i < args->len; i++)
        if (args->data[i].is_memref)
            mem[j++] = i;
    for (size_t k = 0; k < nmem || k < nref; k++) {
        SolBuf left = {0};
        if (k < nmem)
            sol_buf_printf(&left, "%%%s: %s", args->data[mem[k]].name,
                           args->data[mem[k]].type_text);
        else
            sol_buf_puts(&left, "(none)");
        sol_buf_printf(&v->details, "  %-36s <-> ", left.data);
        if (k < nref) {
            const SolRefArray *r = memref_ref(ref, k);
            sol_buf_printf(&v->details, "%s %s, ", r->role, r->name);
            tensor_text(&v->details, &r->data);
        } else {
            sol_buf_puts(&v->details, "(none)");
        }
        sol_buf_putc(&v->details, '\n');
        sol_buf_free(&left);
    }
    free(mem);
    return false;
}

/* One memref against its reference array: element type, rank, static dims. */
static bool check_memref(const IrArg *a, const SolRefArray *r, SolVerdict *v)
{
    const SolTensor *t = &r->data;
    SolBuf what = {0};
    sol_buf_printf(&what, "%%%s: %s <-> %s %s, ", a->name, a->type_text, r->role, r->name);
    tensor_text(&what, t);
    bool ok = false;
    if (!a->elem_known || a->elem != t->elem) {
        sol_verdict_fail(v, "element type mismatch: %s", what.data);
    } else if (a->rank != t->rank) {
        sol_verdict_fail(v, "rank mismatch: %s", what.data);
    } else {
        ok = true;
        for (uint32_t d = 0; d < a->rank && ok; d++)
            if (a->dims[d] != SOL_DYNAMIC && a->dims[d] != t->dims[d]) {
                sol_verdict_fail(v, "shape mismatch: %s", what.data);
                sol_buf_printf(&v->details,
                               "Dimension %u of %%%s is %lld in the IR but %lld at the "
                               "validation sizes; write `?` for sizes that follow the size "
                               "constants.\n",
                               d, a->name, (long long)a->dims[d], (long long)t->dims[d]);
                ok = false;
            }
    }
    sol_buf_free(&what);
    return ok;
}

static bool check_signature(const IrArgs *args, const SolReference *ref, SolVerdict *v)
{
    if (!check_arg_kinds(args, ref, v) || !check_changed_sizes(args, ref, v) ||
        !check_memref_count(args, ref, v))
        return false;
    size_t k = 0;
    for (size_t i = 0; i < args->len; i++)
        if (args->data[i].is_memref && !check_memref(&args->data[i], memref_ref(ref, k++), v))
            return false;
    return true;
}

/* ---- 4: solar-run ------------------------------------------------------------------------ */

static bool write_file(const char *path, const char *data, size_t len, SolBuf *err)
{
    FILE *f = fopen(path, "wb");
    bool ok = f && fwrite(data, 1, len, f) == len;
    ok = f && fclose(f) == 0 && ok;
    if (!ok)
        sol_buf_printf(err, "cannot write %s: %s", path, strerror(errno));
    return ok;
}

/* An array of t's shape and kind that a correct kernel never reads: NaN for floats. */
static bool write_poison(const char *path, const SolTensor *like, SolBuf *err)
{
    SolTensor t;
    if (!sol_tensor_init(&t, like->elem, like->rank, like->dims, MAX_ARRAY_BYTES)) {
        sol_buf_printf(err, "cannot allocate %s", path);
        return false;
    }
    for (int64_t i = 0; i < t.nelems; i++)
        sol_tensor_set_f64(&t, i,
                           like->elem <= SOL_ELEM_F64  ? NAN
                           : like->elem == SOL_ELEM_I1 ? 1
                           : like->elem == SOL_ELEM_I8 ? 0x5A
                                                       : (double)0x5A5A5A5A);
    bool ok = sol_npy_write(path, &t, err);
    sol_tensor_free(&t);
    return ok;
}

static bool read_npy(const char *path, SolTensor *t, SolBuf *err)
{
    bool raw = false;
    if (!sol_npy_read(path, t, MAX_ARRAY_BYTES, &raw, err))
        return false;
    if (raw)
        t->elem = SOL_ELEM_F16;
    return true;
}

typedef struct Run {
    SolBuf dir, ir_path, out_dir;
    const char **argv;
    SolVecOf(char *) strings; /* owned argv strings */
} Run;

static const char *own(Run *r, SolBuf *b)
{
    char *s = b->data ? b->data : sol_xstrdup("");
    b->data = NULL, b->len = b->cap = 0;
    sol_vec_push(&r->strings, s);
    return s;
}

/* Appends text to out with every occurrence of from replaced by to. */
static void replace_into(SolBuf *out, const char *text, const char *from, const char *to)
{
    size_t n = strlen(from);
    for (const char *p; n && (p = strstr(text, from));) {
        sol_buf_append(out, text, (size_t)(p - text));
        sol_buf_puts(out, to);
        text = p + n;
    }
    sol_buf_puts(out, text);
}

/* The validation sizes and the work estimate, and whose fault running out of steps or time
 * is: a sentence or two for details. */
static void explain_work(const SolValidator *val, const SolReference *ref, SolVerdict *v)
{
    SolBuf sz = {0};
    sol_reference_sizes_text(&sz, &ref->sizes);
    sol_buf_printf(&v->details, "The validation sizes are %s", sz.len ? sz.data : "(none)");
    if (v->work.known && v->work.steps) {
        sol_buf_puts(&v->details, "; at them this IR runs an estimated ");
        if (v->work.approximate)
            sol_buf_puts(&v->details, "at least ");
        sol_work_text(&v->details, v->work.steps);
        sol_buf_puts(&v->details, " loop iterations");
    }
    sol_buf_puts(&v->details, ".\n");
    if (val->budget_note)
        sol_buf_puts(&v->details, val->budget_note);
    if (val->heavy_sizes) {
        v->not_candidate = true;
        sol_buf_printf(&v->details, "The IR is not at fault: %s\n", val->heavy_sizes);
    } else {
        int64_t elems = 0;
        for (size_t i = 0; i < ref->inputs.len; i++)
            elems += ref->inputs.data[i].data.nelems;
        for (size_t i = 0; i < ref->outputs.len; i++)
            elems += ref->outputs.data[i].data.nelems;
        sol_buf_printf(&v->details,
                       "The program's inputs and outputs hold %lld elements at these sizes, so "
                       "a correct IR needs far fewer steps: look for a loop that never ends or "
                       "bounds that do not follow the size constants.\n",
                       (long long)elems);
    }
    sol_buf_free(&sz);
}

static uint64_t max_steps(const SolValidator *val)
{
    return val->max_steps ? val->max_steps : SOL_CANDIDATE_MAX_STEPS;
}

/* 3: a candidate whose loops alone exceed the step limit fails before solar-run starts. */
static bool check_work(const SolValidator *val, const SolReference *ref, SolVerdict *v)
{
    if (!v->work.known || v->work.steps <= max_steps(val))
        return true;
    SolBuf n = {0}, lim = {0};
    sol_work_text(&n, v->work.steps);
    sol_work_text(&lim, max_steps(val));
    sol_verdict_fail(v,
                     "the IR would run an estimated %s%s loop iterations, more than solar-run's "
                     "limit of %s",
                     v->work.approximate ? "at least " : "", n.data, lim.data);
    explain_work(val, ref, v);
    sol_buf_free(&n), sol_buf_free(&lim);
    return false;
}

/* The attempt's directory, with the IR in it as forward.mlir. */
static bool prepare_run(const SolValidator *val, const char *ir, size_t len, const char *label,
                        Run *run, SolVerdict *v)
{
    SolBuf err = {0};
    sol_buf_printf(&run->dir, "%s/%s", val->work_dir, label);
    sol_buf_printf(&run->ir_path, "%s/forward.mlir", run->dir.data);
    sol_buf_printf(&run->out_dir, "%s/out", run->dir.data);
    if (mkdir(run->dir.data, 0700) != 0 && errno != EEXIST) {
        sol_verdict_fail(v, "cannot create %s: %s", run->dir.data, strerror(errno));
        return false;
    }
    if (!write_file(run->ir_path.data, ir, len, &err)) {
        sol_verdict_fail(v, "%s", err.data);
        sol_buf_free(&err);
        return false;
    }
    return true;
}

/* --input NAME=PATH for every memref argument: the reference's inputs, then a poisoned
 * array for each output. */
static bool add_inputs(const IrArgs *args, const SolReference *ref, Run *run, size_t *n,
                       SolVerdict *v)
{
    SolBuf err = {0};
    size_t k = 0;
    bool ok = true;
    for (size_t i = 0; i < args->len && ok; i++) {
        const IrArg *a = &args->data[i];
        if (!a->is_memref)
            continue;
        SolBuf in = {0};
        if (k < ref->inputs.len) {
            sol_buf_printf(&in, "%s=%s", a->name, ref->inputs.data[k].path);
        } else {
            SolBuf poison = {0};
            sol_buf_printf(&poison, "%s/init-%s.npy", run->dir.data, a->name);
            ok = write_poison(poison.data, &ref->outputs.data[k - ref->inputs.len].data, &err);
            sol_buf_printf(&in, "%s=%s", a->name, poison.data);
            sol_buf_free(&poison);
        }
        run->argv[(*n)++] = "--input";
        run->argv[(*n)++] = own(run, &in);
        k++;
    }
    if (!ok)
        sol_verdict_fail(v, "%s", err.data);
    sol_buf_free(&err);
    return ok;
}

/* solar-run FILE --bind SIZES --input ... --out-dir DIR --precision=wide and limits. */
static bool build_argv(const SolValidator *val, const IrArgs *args, const SolReference *ref,
                       Run *run, SolVerdict *v)
{
    run->argv = sol_xcalloc(8 + 2 * args->len + 1, sizeof *run->argv);
    size_t n = 0;
    run->argv[n++] = val->solar_run;
    run->argv[n++] = run->ir_path.data;
    SolBuf bind = {0};
    for (size_t i = 0; i < args->len; i++)
        if (args->data[i].is_index) {
            const SolRefSize *z = sol_reference_size(&ref->sizes, args->data[i].name);
            sol_buf_printf(&bind, "%s%s=%lld", bind.len ? "," : "", z->name, (long long)z->value);
        }
    if (bind.len) {
        run->argv[n++] = "--bind";
        run->argv[n++] = own(run, &bind);
    }
    sol_buf_free(&bind);
    if (!add_inputs(args, ref, run, &n, v))
        return false;
    SolBuf steps = {0};
    sol_buf_printf(&steps, "--max-steps=%llu", (unsigned long long)max_steps(val));
    run->argv[n++] = "--out-dir";
    run->argv[n++] = run->out_dir.data;
    run->argv[n++] = "--precision=wide";
    run->argv[n++] = own(run, &steps);
    run->argv[n++] = "--max-memory=" RUN_MAX_MEMORY;
    run->argv[n] = NULL;
    return true;
}

/* solar-run's failure as the candidate's author should read it: its messages name the file
 * forward.mlir, like the parse errors, and the work directory not at all (the follow-up
 * message is part of the next cache key, so it must not depend on the temporary directory's
 * name). Running out of steps also says the sizes and the estimate. */
static void report_failure(const SolValidator *val, const SolReference *ref, const Run *run,
                           const SolProcessResult *r, SolVerdict *v)
{
    sol_verdict_fail(v, "solar-run failed (exit status %d)", r->status);
    SolBuf text = {0}, prefix = {0};
    sol_buf_printf(&prefix, "%s/", val->work_dir);
    replace_into(&text, r->out.data, run->ir_path.data, "forward.mlir");
    replace_into(&v->details, text.data ? text.data : "", prefix.data, "");
    sol_buf_free(&text), sol_buf_free(&prefix);
    if (r->dropped)
        sol_buf_printf(&v->details, "... (%zu more bytes of output)\n", r->dropped);
    if (strstr(r->out.data, "step limit reached"))
        explain_work(val, ref, v);
}

static bool run_solar(const SolValidator *val, const IrArgs *args, const SolReference *ref,
                      const char *ir, size_t len, const char *label, Run *run, SolVerdict *v)
{
    if (!prepare_run(val, ir, len, label, run, v) || !build_argv(val, args, ref, run, v))
        return false;
    sol_log_command(val->log, run->argv);
    SolProcessResult r;
    sol_process_run(
        run->argv,
        &(SolProcessOptions){val->run_timeout_s, MAX_RUN_OUTPUT, true, sol_translate_private_env},
        &r);
    bool ok = false;
    if (r.status == -1) {
        sol_verdict_fail(v, "cannot run solar-run: %s", r.why.data);
    } else if (r.timed_out) {
        sol_verdict_fail(v, "solar-run did not finish within %g s", val->run_timeout_s);
        if (!val->heavy_sizes)
            sol_buf_puts(&v->details, "At the small validation sizes the IR should finish in "
                                      "well under a second: look for a loop that never ends or "
                                      "bounds that do not follow the size constants.\n");
        explain_work(val, ref, v);
    } else if (r.status != 0) {
        report_failure(val, ref, run, &r, v);
    } else {
        ok = true;
    }
    sol_process_result_free(&r);
    return ok;
}

/* ---- 5: comparison ------------------------------------------------------------------------- */

static void tolerance(const SolValidator *val, SolElemKind k, double *rtol, double *atol)
{
    SolTolerance t = sol_tolerance_default(k);
    *rtol = t.rtol, *atol = t.atol;
    if (val->rtol >= 0)
        *rtol = val->rtol;
    if (val->atol >= 0)
        *atol = val->atol;
}

static const SolRefArray *state_of(const SolReference *ref, size_t k)
{
    for (size_t i = 0; i < ref->state.len; i++)
        if ((size_t)ref->state.data[i].in_index == k)
            return &ref->state.data[i];
    return NULL;
}

static bool exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* The element type whose default tolerance judges array k of the memref arguments (an
 * output, or the state entry of input k): tolerance_of's, when set and it has that array. */
static SolElemKind tolerance_elem(const SolValidator *val, size_t k, const SolRefArray *expect)
{
    const SolReference *t = val->tolerance_of;
    if (t && k >= t->inputs.len && k - t->inputs.len < t->outputs.len)
        return t->outputs.data[k - t->inputs.len].data.elem;
    for (size_t i = 0; t && i < t->state.len; i++)
        if ((size_t)t->state.data[i].in_index == k)
            return t->state.data[i].data.elem;
    return expect->data.elem;
}

/* An argument that forward writes (an output, or an input it updates in place): the IR's
 * final value at path against expect. True when it matches; *off is the number of elements
 * out of tolerance when that is why it does not (else -1). */
static bool compare_written(const SolValidator *val, const IrArg *a, const SolRefArray *expect,
                            const SolRefArray *st, size_t k, const char *path, SolBuf *report,
                            SolVerdict *v, int64_t *off)
{
    *off = -1;
    if (!exists(path)) {
        if (!st)
            sol_buf_printf(report, "%s: the IR never writes output %%%s\n", a->name, a->name);
        else
            sol_buf_printf(report,
                           "%s: forward updates %s %s in place, but the IR never writes %%%s\n",
                           a->name, st->role, st->name, a->name);
        return false;
    }
    SolTensor got;
    SolBuf err = {0};
    if (!read_npy(path, &got, &err)) {
        sol_buf_printf(report, "%s: %s\n", a->name, err.data);
        sol_buf_free(&err);
        return false;
    }
    double rtol, atol;
    tolerance(val, tolerance_elem(val, k, expect), &rtol, &atol);
    SolBuf label = {0};
    if (!st)
        sol_buf_puts(&label, a->name);
    else
        sol_buf_printf(&label, "%s (updated %s)", a->name, st->name);
    SolCompareResult res;
    bool ok = sol_compare_tensors(label.data, &got, &expect->data, rtol, atol, WORST, report, &res);
    if (res.same_shape) {
        v->max_abs = fmax(v->max_abs, res.max_abs);
        v->max_rel = fmax(v->max_rel, res.max_rel);
        if (got.elem == expect->data.elem && sol_tolerance_applies(got.elem))
            *off = res.num_bad;
    }
    sol_buf_free(&label);
    sol_tensor_free(&got);
    return ok;
}

/* An input, parameter or buffer forward leaves alone must stay as it was (when the IR wrote
 * it at all). True when it did. */
static bool compare_unchanged(const IrArg *a, const SolRefArray *in, const char *path,
                              SolBuf *report)
{
    SolTensor got;
    SolBuf err = {0};
    bool same = true;
    if (exists(path) && read_npy(path, &got, &err)) {
        const SolTensor *orig = &in->data;
        same = got.elem == orig->elem && got.nelems == orig->nelems &&
               memcmp(got.data, orig->data, (size_t)got.nelems * sol_elem_bytes(got.elem)) == 0;
        if (!same)
            sol_buf_printf(report, "%s: the IR changes %s %s, which forward leaves unchanged\n",
                           a->name, in->role, in->name);
        sol_tensor_free(&got);
    }
    sol_buf_free(&err);
    return same;
}

static void compare_outputs(const SolValidator *val, const IrArgs *args, const SolReference *ref,
                            const Run *run, SolVerdict *v)
{
    SolBuf report = {0};
    size_t k = 0, bad = 0;
    char first_bad[256] = "";
    v->rounding_only = true;
    for (size_t i = 0; i < args->len; i++) {
        const IrArg *a = &args->data[i];
        if (!a->is_memref)
            continue;
        bool is_out = k >= ref->inputs.len;
        const SolRefArray *st = is_out ? NULL : state_of(ref, k);
        SolBuf path = {0};
        sol_buf_printf(&path, "%s/%s.npy", run->out_dir.data, a->name);
        int64_t off = -1;
        bool ok = is_out ? compare_written(val, a, &ref->outputs.data[k - ref->inputs.len], NULL,
                                           k, path.data, &report, v, &off)
                  : st   ? compare_written(val, a, st, st, k, path.data, &report, v, &off)
                         : compare_unchanged(a, &ref->inputs.data[k], path.data, &report);
        if (!ok && off > 0)
            v->off_tolerance += off;
        else if (!ok)
            v->rounding_only = false;
        if (!ok && !bad++)
            snprintf(first_bad, sizeof first_bad, "%%%s", a->name);
        sol_buf_free(&path);
        k++;
    }
    if (bad) {
        sol_verdict_fail(v,
                         "the outputs differ from the original program's (%zu argument%s wrong, "
                         "first %s)",
                         bad, bad == 1 ? "" : "s", first_bad);
        sol_buf_append(&v->details, report.data, report.len);
        sol_buf_puts(&v->details, "(The inputs were drawn uniformly from [-1, 1) and the "
                                  "parameters perturbed; outputs start as NaN.)\n");
    } else {
        v->ok = true;
        sol_buf_append(&v->details, report.data, report.len);
    }
    v->rounding_only = bad && v->rounding_only;
    sol_buf_free(&report);
}

void sol_candidate_validate(const SolValidator *val, const char *ir, size_t len,
                            const SolReference *ref, const char *label, SolVerdict *v)
{
    memset(v, 0, sizeof *v);
    IrArgs args = {0};
    Run run = {0};
    if (parse_ir(ir, len, ref, &args, v) && check_signature(&args, ref, v) &&
        check_work(val, ref, v) && run_solar(val, &args, ref, ir, len, label, &run, v))
        compare_outputs(val, &args, ref, &run, v);
    if (!v->ok && !v->what.len)
        sol_verdict_fail(v, "validation failed");
    free_args(&args);
    for (size_t i = 0; i < run.strings.len; i++)
        free(run.strings.data[i]);
    sol_vec_free(&run.strings);
    free(run.argv);
    sol_buf_free(&run.dir), sol_buf_free(&run.ir_path), sol_buf_free(&run.out_dir);
}

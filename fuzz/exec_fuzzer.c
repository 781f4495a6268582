/*
 * libFuzzer harness for the executor (what solar-run does with untrusted IR): every input is
 * parsed as MLIR and verified; the entry function (@forward, else the only function, else one
 * picked by the input hash) gets its `index` arguments bound to small values (sol_bind_entry, by their source names), the module
 * is verified again, and the function runs on small tensors under tight limits (200000 steps,
 * 16 MiB). Everything the input does not spell out comes from a hash of the input, so a run
 * is reproducible from the input alone:
 *   - each `index` argument: 0..8, now and then up to 64;
 *   - each `?` dim of a memref argument: 0..7, kept so an argument has at most 4096 elements
 *     (an argument whose static dims exceed that is not run);
 *   - element values: floats mostly normal, now and then NaN, +-inf, -0 or huge; integers
 *     mostly 0..7, now and then negative or extreme; i1 0 or 1;
 *   - the options: both precisions, batched and scalar (no_batch) paths.
 * Diagnostics are silenced, so only crashes, sanitizer reports, leaks and timeouts (a run
 * must stop within its step limit) count as findings. Set SOLAR_FUZZ_VERBOSE=1 to see the
 * diagnostics and the chosen sizes when reproducing one input.
 *
 * The C engine (generated C, compiled by `cc` and loaded) is fuzzed differentially: one input
 * in 8 also runs on it (no cache, 1 or 3 threads) from copies of the same arguments, and the
 * two runs must agree exactly: both succeed with bit-identical arguments afterwards (a NaN
 * may be another NaN: see same_bits) and the same step count, or both fail with the same
 * diagnostics. A disagreement, or C the compiler
 * rejects, aborts (a finding). Compiling costs a tenth of a second, so these inputs are slow;
 * SOLAR_FUZZ_C=0 turns it off, SOLAR_FUZZ_C=1 runs every input on both engines.
 * Built by -DSOLAR_FUZZ=ON into bin/solar-exec-fuzzer; `scripts/fuzz.sh SECONDS exec`.
 */
#include "Analysis/signature.h"
#include "Exec/exec.h"
#include "Passes/pass.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_ARG_ELEMS 4096
#define MAX_ARGS 64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static bool verbose;
static int c_every = 8; /* one input in c_every also runs on the C engine; 0: none */

/* splitmix64, seeded by an FNV-1a hash of the input. */
static uint64_t next_u64(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static uint64_t hash_input(const uint8_t *data, size_t size)
{
    uint64_t h = 0xCBF29CE484222325ull;
    for (size_t i = 0; i < size; i++)
        h = (h ^ data[i]) * 0x100000001B3ull;
    return h;
}

static double next_unit(uint64_t *s) { return (double)(next_u64(s) >> 11) * 0x1p-53; }

static double float_value(uint64_t *s)
{
    uint64_t r = next_u64(s);
    switch (r % 32) {
    case 0: return __builtin_nan("");
    case 1: return __builtin_inf();
    case 2: return -__builtin_inf();
    case 3: return -0.0;
    case 4: return 1e300;
    case 5: return 65504.0 * 2; /* overflows f16 */
    default: return (next_unit(s) - 0.5) * 8.0;
    }
}

static double int_value(uint64_t *s)
{
    uint64_t r = next_u64(s);
    switch (r % 32) {
    case 0: return -1;
    case 1: return -9223372036854775807.0 - 1.0;
    case 2: return 9223372036854775807.0;
    case 3: return 2147483647.0;
    case 4: return -128;
    default: return (double)((r >> 8) % 8);
    }
}

static void fill(SolTensor *t, uint64_t *s)
{
    for (int64_t i = 0; i < t->nelems; i++) {
        double v = t->elem <= SOL_ELEM_F64 ? float_value(s)
                   : t->elem == SOL_ELEM_I1 ? (double)(next_u64(s) & 1)
                                            : int_value(s);
        sol_tensor_set_f64(t, i, v);
    }
}

/* Binds every `index` argument of the entry; false (nothing to run) when one has no name. */
static bool bind_index_args(SolContext *ctx, SolModule *m, SolOp *func, uint64_t *s)
{
    SolBlock *body = sol_region_first_block(&func->regions[0]);
    SolBinding binds[MAX_ARGS];
    size_t n = 0;
    for (uint32_t i = 0; i < body->num_args; i++) {
        const SolValue *a = &body->args[i];
        if (!a->type || !sol_type_is_index(a->type))
            continue;
        if (!a->hint || n == MAX_ARGS)
            return false;
        uint64_t r = next_u64(s);
        int64_t v = (r & 15) == 0 ? (int64_t)((r >> 4) % 65) : (int64_t)((r >> 4) % 9);
        binds[n++] = (SolBinding){.name = a->hint->str, .value = v};
        if (verbose)
            fprintf(stderr, "exec-fuzzer: --bind %s=%lld\n", a->hint->str, (long long)v);
    }
    return sol_bind_entry(ctx, m, func, binds, n);
}

/* One tensor per argument; false (nothing to run) for an argument we cannot or will not make. */
static bool make_args(SolOp *func, SolTensor *tensors, uint64_t *s)
{
    SolBlock *body = sol_region_first_block(&func->regions[0]);
    for (uint32_t i = 0; i < body->num_args; i++) {
        const SolType *t = body->args[i].type;
        SolElemKind elem;
        if (!t || !sol_type_is_memref(t) || t->rank > SOL_TENSOR_MAX_RANK ||
            !sol_elem_from_type(t->elem, &elem))
            return false;
        int64_t dims[SOL_TENSOR_MAX_RANK], total = 1;
        for (uint32_t r = 0; r < t->rank; r++)
            if (t->dims[r] != SOL_DYNAMIC) {
                if (t->dims[r] < 0 || (t->dims[r] && total > MAX_ARG_ELEMS / t->dims[r]))
                    return false;
                total *= t->dims[r];
            }
        for (uint32_t r = 0; r < t->rank; r++) {
            dims[r] = t->dims[r];
            if (dims[r] != SOL_DYNAMIC)
                continue;
            uint64_t x = next_u64(s);
            dims[r] = (x & 7) == 0 ? 0 : (int64_t)(1 + (x >> 3) % 7);
            if (dims[r] && total * dims[r] > MAX_ARG_ELEMS)
                dims[r] = 1;
            total *= dims[r];
        }
        if (!sol_tensor_init(&tensors[i], elem, t->rank, dims, (size_t)MAX_ARG_ELEMS * 8))
            return false;
        fill(&tensors[i], s);
        if (verbose) {
            SolBuf b = {0};
            sol_tensor_shape_print(&b, t->rank, dims);
            fprintf(stderr, "exec-fuzzer: arg %u: %s %s\n", i, b.data ? b.data : "",
                    sol_elem_name(elem));
            sol_buf_free(&b);
        }
    }
    return true;
}

/* sol_entry_find's choice (@forward, else the only function); for a module of several
 * functions and no @forward (most lit tests), one of them picked by the input hash. */
static SolOp *pick_entry(SolContext *ctx, SolModule *m, uint64_t *s)
{
    SolOp *func = NULL;
    if (!sol_entry_find(ctx, m, NULL, &func))
        return NULL;
    if (func)
        return func;
    size_t n = 0;
    sol_block_for_each_op(op, sol_module_body(m)) n += op->kind == SOL_OP_FUNC;
    if (!n)
        return NULL;
    size_t k = next_u64(s) % n;
    sol_block_for_each_op(op, sol_module_body(m))
    {
        if (op->kind == SOL_OP_FUNC && k-- == 0)
            return op;
    }
    return NULL;
}

static void copy_tensor(SolTensor *dst, const SolTensor *src)
{
    *dst = *src;
    size_t bytes = (size_t)src->nelems * sol_elem_bytes(src->elem);
    dst->data = malloc(bytes ? bytes : 1);
    if (!dst->data)
        abort();
    if (bytes)
        memcpy(dst->data, src->data, bytes);
}

/* sol_exec_run with its diagnostics captured into diag (they are compared across engines). */
static bool run_captured(SolContext *ctx, SolModule *m, SolOp *func, SolTensor **args,
                         const SolExecOptions *opts, SolExecStats *stats, SolBuf *diag)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    if (!f)
        abort();
    SolDiagEngine *d = sol_context_diag(ctx);
    sol_diag_set_output(d, f);
    bool ok = sol_exec_run(m, func, args, opts, stats);
    fclose(f);
    sol_diag_set_output(d, verbose ? stderr : NULL);
    sol_buf_append(diag, text ? text : "", len);
    free(text);
    return ok;
}

/* Bit-identical, but for which NaN a NaN is: which of two NaN operands of `+` or `*`
 * propagates, the C compiler may choose (commutative operands are swapped freely), in the
 * interpreter as in generated code. */
static bool same_bits(const SolTensor *a, const SolTensor *b)
{
    size_t eb = sol_elem_bytes(a->elem);
    for (int64_t k = 0; k < a->nelems; k++) {
        const char *pa = (const char *)a->data + k * eb, *pb = (const char *)b->data + k * eb;
        if (memcmp(pa, pb, eb) == 0)
            continue;
        if (a->elem > SOL_ELEM_F64 || !isnan(sol_tensor_get_f64(a, k)) ||
            !isnan(sol_tensor_get_f64(b, k)))
            return false;
    }
    return true;
}

static void finding(const char *what, const SolBuf *a, const SolBuf *b)
{
    fprintf(stderr, "exec-fuzzer: the C engine disagrees with the interpreter: %s\n", what);
    if (a)
        fprintf(stderr, "--- interpreter:\n%s--- C engine:\n%s", a->data ? a->data : "",
                b->data ? b->data : "");
    abort();
}

/* The same run on the C engine, from the copies of the arguments: it must agree exactly. */
static void compare_with_c_engine(SolContext *ctx, SolModule *m, SolOp *func,
                                  const SolTensor *after, SolTensor *copies, uint32_t n,
                                  const SolExecOptions *opts, bool ok_i, const SolExecStats *st_i,
                                  const SolBuf *diag_i, unsigned threads)
{
    SolTensor *ptrs[MAX_ARGS + 1];
    for (uint32_t i = 0; i < n; i++)
        ptrs[i] = &copies[i];
    SolExecOptions c = *opts;
    c.engine = SOL_ENGINE_C;
    c.threads = threads;
    c.cache_dir = NULL; /* compile into a temporary directory, removed once loaded */
    SolExecStats st_c;
    SolBuf diag_c = {0};
    bool ok_c = run_captured(ctx, m, func, ptrs, &c, &st_c, &diag_c);
    const char *dc = diag_c.data ? diag_c.data : "";
    if (strstr(dc, "the C engine cannot run this program")) {
        if (strstr(dc, "no C compiler")) /* not a finding: nothing to compare with */
            goto done;
        finding("the C engine could not compile or load its program", diag_i, &diag_c);
    }
    if (ok_i != ok_c)
        finding(ok_i ? "only the C engine failed" : "only the interpreter failed", diag_i, &diag_c);
    if (!ok_i && strcmp(diag_i->data ? diag_i->data : "", diag_c.data ? diag_c.data : "") != 0)
        finding("different diagnostics", diag_i, &diag_c);
    if (st_i->steps != st_c.steps)
        finding("different step counts", NULL, NULL);
    for (uint32_t i = 0; ok_i && i < n; i++)
        if (!same_bits(&after[i], &copies[i]))
            finding("different results", NULL, NULL);
    if (verbose)
        fprintf(stderr, "exec-fuzzer: the C engine (%u threads) agrees\n", threads);
done:
    sol_buf_free(&diag_c);
    sol_exec_stats_free(&st_c);
}

static void run(SolContext *ctx, SolModule *m, uint64_t *s)
{
    SolOp *func = pick_entry(ctx, m, s);
    if (!func || !func->num_regions || !sol_region_first_block(&func->regions[0]))
        return;
    if (verbose)
        fprintf(stderr, "exec-fuzzer: entry @%s\n", func->props.func->sym->str);
    if (!bind_index_args(ctx, m, func, s) || !sol_verify_module(ctx, m))
        return;
    SolBlock *body = sol_region_first_block(&func->regions[0]);
    if (!body || body->num_args > MAX_ARGS)
        return;
    uint32_t n = body->num_args;
    SolTensor tensors[MAX_ARGS + 1];
    SolTensor *ptrs[MAX_ARGS + 1];
    memset(tensors, 0, sizeof tensors);
    if (make_args(func, tensors, s)) {
        for (uint32_t i = 0; i < n; i++)
            ptrs[i] = &tensors[i];
        uint64_t o = next_u64(s);
        SolExecOptions opts = {
            .precision = (o & 1) ? SOL_PRECISION_WIDE : SOL_PRECISION_EXACT,
            .max_steps = 200000,
            .max_memory = 16u << 20,
            .no_batch = (o & 2) != 0,
        };
        bool differential = c_every && (o >> 8) % (uint64_t)c_every == 0;
        SolTensor copies[MAX_ARGS + 1];
        memset(copies, 0, sizeof copies);
        for (uint32_t i = 0; differential && i < n; i++)
            copy_tensor(&copies[i], &tensors[i]);
        opts.engine = SOL_ENGINE_INTERP;
        SolExecStats stats;
        SolBuf diag_i = {0};
        bool ok = run_captured(ctx, m, func, ptrs, &opts, &stats, &diag_i);
        if (ok) {
            bool written[MAX_ARGS + 1];
            sol_func_written_args(m, func, written);
        }
        if (verbose)
            fprintf(stderr, "exec-fuzzer: %s, %s%s, %llu steps\n", ok ? "ran" : "failed",
                    opts.precision == SOL_PRECISION_WIDE ? "wide" : "exact",
                    opts.no_batch ? ", no batch" : "", (unsigned long long)stats.steps);
        if (differential)
            compare_with_c_engine(ctx, m, func, tensors, copies, n, &opts, ok, &stats, &diag_i,
                                  (o >> 16) & 1 ? 3 : 1);
        for (uint32_t i = 0; differential && i < n; i++)
            sol_tensor_free(&copies[i]);
        sol_buf_free(&diag_i);
        sol_exec_stats_free(&stats);
    }
    for (uint32_t i = 0; i < n; i++)
        sol_tensor_free(&tensors[i]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int init;
    if (!init) {
        const char *v = getenv("SOLAR_FUZZ_VERBOSE");
        verbose = v && *v && *v != '0';
        const char *c = getenv("SOLAR_FUZZ_C");
        if (c && *c)
            c_every = atoi(c) == 0 ? 0 : atoi(c) == 1 ? 1 : 8;
        init = 1;
    }
    uint64_t s = hash_input(data, size);
    SolContext *ctx = sol_context_new();
    if (!verbose)
        sol_diag_set_output(sol_context_diag(ctx), NULL);
    SolModule *m = sol_parse_buffer(ctx, "fuzz.mlir", (const char *)data, size);
    if (m && sol_verify_module(ctx, m))
        run(ctx, m, &s);
    if (m)
        sol_module_free(m);
    sol_context_free(ctx);
    return 0;
}

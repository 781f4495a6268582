/*
 * solar-run's outputs: every memref argument the entry function writes is saved as
 * DIR/NAME.npy (--out-dir), printed (--print) and compared with a reference (--compare) the
 * way numpy.allclose does: |got - want| <= atol + rtol * |want|, NaN equal to NaN.
 */
#include "Exec/npy.h"
#include "run.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define PRINT_LIMIT 10000 /* elements printed per output before "..." */

static void print_index(FILE *out, const SolTensor *t, int64_t flat)
{
    int64_t idx[SOL_TENSOR_MAX_RANK];
    for (uint32_t r = t->rank; r-- > 0;) {
        idx[r] = t->dims[r] ? flat % t->dims[r] : 0;
        flat = t->dims[r] ? flat / t->dims[r] : 0;
    }
    fputc('[', out);
    for (uint32_t r = 0; r < t->rank; r++)
        fprintf(out, "%s%lld", r ? ", " : "", (long long)idx[r]);
    fputc(']', out);
}

/* Integers exactly (an i64 does not fit a double), floats with 9 significant digits. */
static void print_value(FILE *out, const SolTensor *t, int64_t i)
{
    if (t->elem <= SOL_ELEM_F64) {
        fprintf(out, "%.9g", sol_tensor_get_f64(t, i));
        return;
    }
    const char *p = (const char *)t->data + i * (int64_t)sol_elem_bytes(t->elem);
    int64_t v = 0;
    int32_t v32;
    switch (t->elem) {
    case SOL_ELEM_I1: v = *p != 0; break;
    case SOL_ELEM_I8: v = (int8_t)*p; break;
    case SOL_ELEM_I32: memcpy(&v32, p, 4); v = v32; break;
    default: memcpy(&v, p, 8); break;
    }
    fprintf(out, "%lld", (long long)v);
}

/* numpy-style nesting: one innermost row per line. */
static void print_tensor(FILE *out, const char *name, const SolType *type, const SolTensor *t)
{
    SolBuf ts = {0};
    sol_type_print(&ts, type);
    fprintf(out, "%%%s: %s =\n", name, ts.data);
    sol_buf_free(&ts);
    if (t->rank == 0) {
        print_value(out, t, 0);
        fputc('\n', out);
        return;
    }
    int64_t row = t->dims[t->rank - 1];
    int64_t n = t->nelems < PRINT_LIMIT ? t->nelems : PRINT_LIMIT;
    for (int64_t i = 0; i < n; i++) {
        if (row && i % row == 0) {
            /* open one bracket per dim that starts here */
            int64_t span = 1;
            uint32_t opens = 0;
            for (uint32_t r = t->rank; r-- > 0;) {
                span *= t->dims[r];
                if (i % span == 0)
                    opens++;
                else
                    break;
            }
            fprintf(out, "%*s", (int)(t->rank - opens), "");
            for (uint32_t k = 0; k < opens; k++)
                fputc('[', out);
        } else {
            fputs(", ", out);
        }
        print_value(out, t, i);
        if (row && (i + 1) % row == 0) {
            int64_t span = 1;
            for (uint32_t r = t->rank; r-- > 0;) {
                span *= t->dims[r];
                if ((i + 1) % span == 0)
                    fputc(']', out);
                else
                    break;
            }
            fputc('\n', out);
        }
    }
    if (n < t->nelems)
        fprintf(out, "... (%lld more elements)\n", (long long)(t->nelems - n));
}

static const NamedPath *find_compare(const RunOptions *o, const char *name)
{
    for (size_t i = 0; i < o->compares.len; i++)
        if (strcmp(o->compares.data[i].name, name) == 0)
            return &o->compares.data[i];
    return NULL;
}

/* Compares got with the reference file; prints one summary line (and the worst element).
 * Returns true when within tolerance. */
static bool compare(const RunOptions *o, const char *name, const NamedPath *ref,
                    const SolTensor *got)
{
    SolTensor want;
    SolBuf err = {0};
    bool raw = false;
    if (!sol_npy_read(ref->path, &want, SIZE_MAX, &raw, &err)) {
        sol_tool_error(&run_tool, "--compare %s=%s: %s", ref->name, ref->path, err.data);
        sol_buf_free(&err);
        return false;
    }
    if (raw && (got->elem == SOL_ELEM_F16 || got->elem == SOL_ELEM_BF16))
        want.elem = got->elem;
    bool same_shape = want.rank == got->rank;
    for (uint32_t r = 0; same_shape && r < got->rank; r++)
        same_shape = want.dims[r] == got->dims[r];
    if (!same_shape) {
        SolBuf a = {0}, b = {0};
        sol_tensor_shape_print(&a, got->rank, got->dims);
        sol_tensor_shape_print(&b, want.rank, want.dims);
        sol_tool_error(&run_tool, "--compare %s=%s: the output is %s but the reference is %s",
                       ref->name, ref->path, a.data, b.data);
        sol_buf_free(&a);
        sol_buf_free(&b);
        sol_tensor_free(&want);
        return false;
    }
    double max_abs = 0, max_rel = 0, worst_excess = -1;
    int64_t bad = 0, worst = -1;
    for (int64_t i = 0; i < got->nelems; i++) {
        double g = sol_tensor_get_f64(got, i), w = sol_tensor_get_f64(&want, i);
        if (isnan(g) && isnan(w))
            continue;
        double diff = fabs(g - w);
        if (isnan(diff)) /* one NaN, or inf - inf of opposite signs */
            diff = g == w ? 0 : INFINITY;
        double rel = w != 0 ? diff / fabs(w) : (diff == 0 ? 0 : INFINITY);
        max_abs = diff > max_abs ? diff : max_abs;
        max_rel = rel > max_rel ? rel : max_rel;
        double excess = diff - (o->atol + o->rtol * fabs(w));
        if (excess > 0 || (diff == INFINITY)) {
            bad++;
            if (excess > worst_excess || worst < 0) {
                worst_excess = excess;
                worst = i;
            }
        }
    }
    printf("%s: max abs error %.3g, max rel error %.3g (rtol %g, atol %g): ", name, max_abs,
           max_rel, o->rtol, o->atol);
    if (bad == 0) {
        printf("ok\n");
    } else {
        printf("MISMATCH in %lld of %lld elements; worst at ", (long long)bad,
               (long long)got->nelems);
        print_index(stdout, got, worst);
        printf(": got ");
        print_value(stdout, got, worst);
        printf(", expected ");
        print_value(stdout, &want, worst);
        printf("\n");
    }
    sol_tensor_free(&want);
    return bad == 0;
}

/* A --compare name must be an argument: a typo must not turn a check into a pass. */
static bool check_compare_names(const RunOptions *o, SolOp *func)
{
    SolBlock *body = sol_region_first_block(&func->regions[0]);
    bool ok = true;
    for (size_t k = 0; k < o->compares.len; k++) {
        bool found = false;
        char buf[32];
        for (uint32_t i = 0; i < body->num_args && !found; i++)
            found = strcmp(run_arg_name(func, i, buf, sizeof buf), o->compares.data[k].name) == 0;
        if (found)
            continue;
        SolBuf names = {0};
        for (uint32_t i = 0; i < body->num_args; i++)
            sol_buf_printf(&names, "%s%s", i ? ", " : "", run_arg_name(func, i, buf, sizeof buf));
        sol_tool_error(
            &run_tool, "--compare %s: the entry function has no argument %%%s (arguments: %s)",
            o->compares.data[k].name, o->compares.data[k].name, names.len ? names.data : "none");
        sol_buf_free(&names);
        ok = false;
    }
    return ok;
}

int run_finish_outputs(const RunOptions *o, SolOp *func, SolTensor *tensors, const bool *written)
{
    SolBlock *body = sol_region_first_block(&func->regions[0]);
    int rc = check_compare_names(o, func) ? 0 : 1;
    for (uint32_t i = 0; i < body->num_args; i++) {
        char buf[32];
        const char *name = run_arg_name(func, i, buf, sizeof buf);
        const NamedPath *ref = find_compare(o, name);
        if (!written[i]) {
            if (ref) {
                sol_tool_error(&run_tool, "--compare %s: %%%s is not written by the function", name,
                               name);
                rc = 1;
            }
            continue;
        }
        if (o->out_dir) {
            SolBuf path = {0}, err = {0};
            sol_buf_printf(&path, "%s/%s.npy", o->out_dir, name);
            if (!sol_npy_write(path.data, &tensors[i], &err)) {
                sol_tool_error(&run_tool, "%s", err.data);
                rc = 1;
            }
            sol_buf_free(&path);
            sol_buf_free(&err);
        }
        if (o->print)
            print_tensor(stdout, name, body->args[i].type, &tensors[i]);
        if (ref && !compare(o, name, ref, &tensors[i]))
            rc = 1;
    }
    return rc;
}

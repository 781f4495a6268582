/*
 * solar-run's argument tensors: one per memref argument of the bound entry function, read
 * from `--input NAME=FILE.npy` or filled with seeded random data (normal for floats, uniform
 * in [0, 8) for integers, 0/1 for i1). `?` dims come from the file's shape where one is
 * given (before --bind folds the sizes in, run_add_file_shapes), else from --bind; a file whose dtype, rank or static dims disagree with the argument is an
 * error naming both.
 */
#include "Exec/npy.h"
#include "run.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const char *run_arg_name(SolOp *func, uint32_t i, char *buf, size_t size)
{
    SolBlock *body = sol_region_first_block(&func->regions[0]);
    const SolIdent *hint = body->args[i].hint;
    if (hint)
        return hint->str;
    snprintf(buf, size, "arg%u", i);
    return buf;
}

/* splitmix64: a small, well-mixed generator whose streams depend only on the seed. */
static uint64_t next_u64(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static double next_unit(uint64_t *s) { return (double)(next_u64(s) >> 11) * 0x1p-53; }

/* Each argument's stream is seeded by the run's seed and the argument's name, so adding an
 * argument does not change the data of the others. */
static void fill_random(SolTensor *t, uint64_t seed, const char *name)
{
    uint64_t s = seed;
    for (const char *c = name; *c; c++)
        s = (s ^ (unsigned char)*c) * 0x100000001B3ull;
    double spare = 0;
    for (int64_t i = 0; i < t->nelems; i++) {
        double v;
        if (t->elem <= SOL_ELEM_F64 && (i & 1)) {
            v = spare;
        } else if (t->elem <= SOL_ELEM_F64) { /* Box-Muller: two normals per pair of draws */
            double u1 = next_unit(&s), u2 = next_unit(&s);
            double r = sqrt(-2.0 * log(1.0 - u1));
            v = r * cos(6.283185307179586 * u2);
            spare = r * sin(6.283185307179586 * u2);
        } else if (t->elem == SOL_ELEM_I1) {
            v = (double)(next_u64(&s) & 1);
        } else {
            v = (double)(next_u64(&s) % 8);
        }
        sol_tensor_set_f64(t, i, v);
    }
}

static void type_text(SolBuf *b, const SolType *t)
{
    sol_type_print(b, t);
}

static bool file_matches(const char *name, const NamedPath *in, const SolType *t,
                         SolElemKind want, SolTensor *tensor, bool raw_u16)
{
    if (raw_u16 && (want == SOL_ELEM_F16 || want == SOL_ELEM_BF16))
        tensor->elem = want; /* raw 16-bit float bits: take the argument's kind */
    bool ok = tensor->elem == want && tensor->rank == t->rank;
    for (uint32_t r = 0; ok && r < t->rank; r++)
        if (t->dims[r] != SOL_DYNAMIC && t->dims[r] != tensor->dims[r])
            ok = false;
    if (ok)
        return true;
    SolBuf ts = {0}, fs = {0};
    type_text(&ts, t);
    sol_tensor_shape_print(&fs, tensor->rank, tensor->dims);
    sol_tool_error(&run_tool, "--input %s=%s: the file holds %s %s, but %%%s is %s", in->name,
                   in->path, fs.data, raw_u16 ? "u16" : sol_elem_name(tensor->elem), name, ts.data);
    sol_buf_free(&ts);
    sol_buf_free(&fs);
    return false;
}

static NamedPath *find_input(const RunOptions *o, const char *name)
{
    for (size_t i = 0; i < o->inputs.len; i++)
        if (strcmp(o->inputs.data[i].name, name) == 0)
            return &o->inputs.data[i];
    return NULL;
}

/* One argument: false after reporting. */
static bool prepare_arg(const RunOptions *o, SolOp *func, uint32_t i, SolTensor *t)
{
    char buf[32];
    const char *name = run_arg_name(func, i, buf, sizeof buf);
    SolBlock *body = sol_region_first_block(&func->regions[0]);
    const SolType *type = body->args[i].type;
    if (!sol_type_is_memref(type)) {
        if (sol_type_is_index(type))
            sol_tool_error(&run_tool,
                           "argument %%%s is an index with no value: give it one with --bind %s=N",
                           name, name);
        else
            sol_tool_error(&run_tool,
                           "argument %%%s is a scalar; solar-run passes memrefs only (use "
                           "memref<%s> for a 0-d tensor)",
                           name, sol_type_is_float(type) ? "f32" : "i64");
        return false;
    }
    SolElemKind want;
    if (!sol_elem_from_type(type->elem, &want) || type->rank > SOL_TENSOR_MAX_RANK) {
        SolBuf ts = {0};
        type_text(&ts, type);
        sol_tool_error(&run_tool, "argument %%%s: solar-run cannot hold %s", name, ts.data);
        sol_buf_free(&ts);
        return false;
    }
    NamedPath *in = find_input(o, name);
    if (in) {
        in->used = true;
        *t = in->data; /* taken over */
        in->data = (SolTensor){0};
        if (!file_matches(name, in, type, want, t, in->raw_u16)) {
            sol_tensor_free(t);
            return false;
        }
        return true;
    }
    for (uint32_t r = 0; r < type->rank; r++)
        if (type->dims[r] == SOL_DYNAMIC) {
            SolBuf ts = {0};
            type_text(&ts, type);
            sol_tool_error(&run_tool,
                           "argument %%%s (%s): the size of dimension %u is unknown; bind the size "
                           "its loops use with --bind, or pass --input %s=FILE.npy",
                           name, ts.data, r, name);
            sol_buf_free(&ts);
            return false;
        }
    size_t max = o->exec.max_memory ? (size_t)o->exec.max_memory : SIZE_MAX;
    if (!sol_tensor_init(t, want, type->rank, type->dims, max)) {
        SolBuf ts = {0};
        type_text(&ts, type);
        sol_tool_error(&run_tool,
                       "argument %%%s (%s) does not fit in memory (limit %llu bytes, raise "
                       "--max-memory)",
                       name, ts.data, (unsigned long long)o->exec.max_memory);
        sol_buf_free(&ts);
        return false;
    }
    fill_random(t, o->seed, name);
    return true;
}

bool run_read_inputs(RunOptions *o)
{
    size_t max = o->exec.max_memory ? (size_t)o->exec.max_memory : SIZE_MAX;
    bool ok = true;
    for (size_t i = 0; i < o->inputs.len; i++) {
        NamedPath *in = &o->inputs.data[i];
        SolBuf err = {0};
        if (!sol_npy_read(in->path, &in->data, max, &in->raw_u16, &err)) {
            sol_tool_error(&run_tool, "--input %s=%s: %s", in->name, in->path, err.data);
            ok = false;
        }
        sol_buf_free(&err);
    }
    return ok;
}

static bool has_shape_binding(const SolBindings *b, const char *name)
{
    for (size_t i = 0; i < b->len; i++)
        if (b->data[i].rank && strcmp(b->data[i].name, name) == 0)
            return true;
    return false;
}

void run_add_file_shapes(RunOptions *o, SolOp *func)
{
    SolBlock *body = sol_region_first_block(&func->regions[0]);
    for (uint32_t i = 0; i < body->num_args; i++) {
        char buf[32];
        const char *name = run_arg_name(func, i, buf, sizeof buf);
        const SolType *type = body->args[i].type;
        const NamedPath *in = find_input(o, name);
        SolElemKind want;
        if (!in || !sol_type_is_memref(type) || sol_type_num_dynamic(type) == 0 ||
            in->data.rank == 0 || !sol_elem_from_type(type->elem, &want) ||
            (want != in->data.elem && !in->raw_u16) || has_shape_binding(&o->bindings, name))
            continue; /* the file's own check (prepare_arg) reports any disagreement */
        int64_t *dims = sol_xcalloc(in->data.rank, sizeof *dims);
        memcpy(dims, in->data.dims, in->data.rank * sizeof *dims);
        sol_vec_push(&o->bindings, ((SolBinding){.name = sol_xstrdup(name),
                                                 .rank = in->data.rank,
                                                 .dims = dims,
                                                 .from_file = true}));
    }
}

void run_free_inputs(RunOptions *o)
{
    for (size_t i = 0; i < o->inputs.len; i++)
        sol_tensor_free(&o->inputs.data[i].data);
}

bool run_prepare_args(const RunOptions *o, SolOp *func, SolTensor *tensors)
{
    SolBlock *body = sol_region_first_block(&func->regions[0]);
    bool ok = true;
    for (uint32_t i = 0; i < body->num_args; i++)
        ok &= prepare_arg(o, func, i, &tensors[i]);
    for (size_t k = 0; k < o->inputs.len; k++) {
        if (o->inputs.data[k].used)
            continue;
        SolBuf names = {0};
        char buf[32];
        for (uint32_t i = 0; i < body->num_args; i++)
            sol_buf_printf(&names, "%s%s", i ? ", " : "", run_arg_name(func, i, buf, sizeof buf));
        sol_tool_error(
            &run_tool, "--input %s: the entry function has no argument %%%s (arguments: %s)",
            o->inputs.data[k].name, o->inputs.data[k].name, names.len ? names.data : "none");
        sol_buf_free(&names);
        ok = false;
    }
    return ok;
}

/*
 * Host tensors: element kinds, allocation with overflow and size checks, element access by
 * double (used by random fills, comparisons and the tests; the executor has its own typed
 * loads and stores).
 */
#include "Exec/tensor.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    const char *name;
    uint32_t bytes;
} elem_infos[SOL_ELEM_COUNT] = {
    [SOL_ELEM_F16] = {"f16", 2}, [SOL_ELEM_BF16] = {"bf16", 2}, [SOL_ELEM_F32] = {"f32", 4},
    [SOL_ELEM_F64] = {"f64", 8}, [SOL_ELEM_I1] = {"i1", 1},     [SOL_ELEM_I8] = {"i8", 1},
    [SOL_ELEM_I32] = {"i32", 4}, [SOL_ELEM_I64] = {"i64", 8},
};

uint32_t sol_elem_bytes(SolElemKind k) { return elem_infos[k].bytes; }
const char *sol_elem_name(SolElemKind k) { return elem_infos[k].name; }

bool sol_elem_from_type(const SolType *t, SolElemKind *out)
{
    switch (t->kind) {
    case SOL_TYPE_INDEX:
        *out = SOL_ELEM_I64;
        return true;
    case SOL_TYPE_FLOAT:
        *out = t->fkind == SOL_F16    ? SOL_ELEM_F16
               : t->fkind == SOL_BF16 ? SOL_ELEM_BF16
               : t->fkind == SOL_F32  ? SOL_ELEM_F32
                                      : SOL_ELEM_F64;
        return true;
    case SOL_TYPE_INT:
        switch (t->width) {
        case 1: *out = SOL_ELEM_I1; return true;
        case 8: *out = SOL_ELEM_I8; return true;
        case 32: *out = SOL_ELEM_I32; return true;
        case 64: *out = SOL_ELEM_I64; return true;
        default: return false;
        }
    default:
        return false;
    }
}

double sol_tensor_get_f64(const SolTensor *t, int64_t i)
{
    const char *p = (const char *)t->data + i * (int64_t)sol_elem_bytes(t->elem);
    uint16_t h;
    float f;
    double d;
    int8_t i8;
    int32_t i32;
    int64_t i64;
    switch (t->elem) {
    case SOL_ELEM_F16: memcpy(&h, p, 2); return sol_float_from_bits(h, SOL_F16);
    case SOL_ELEM_BF16: memcpy(&h, p, 2); return sol_float_from_bits(h, SOL_BF16);
    case SOL_ELEM_F32: memcpy(&f, p, 4); return f;
    case SOL_ELEM_F64: memcpy(&d, p, 8); return d;
    case SOL_ELEM_I1: return *p ? 1.0 : 0.0;
    case SOL_ELEM_I8: memcpy(&i8, p, 1); return i8;
    case SOL_ELEM_I32: memcpy(&i32, p, 4); return i32;
    case SOL_ELEM_I64: memcpy(&i64, p, 8); return (double)i64;
    default: return 0;
    }
}

/* Truncates toward zero and saturates, so that no double reaches a C conversion whose
 * result is undefined (NaN becomes 0). */
static int64_t saturate(double v, double lo, double hi)
{
    if (isnan(v))
        return 0;
    if (v <= lo)
        return (int64_t)lo;
    if (v >= hi)
        return (int64_t)hi;
    return (int64_t)v;
}

void sol_tensor_set_f64(SolTensor *t, int64_t i, double v)
{
    char *p = (char *)t->data + i * (int64_t)sol_elem_bytes(t->elem);
    uint16_t h;
    float f = (float)v;
    int8_t i8;
    int32_t i32;
    int64_t i64;
    switch (t->elem) {
    case SOL_ELEM_F16: h = (uint16_t)sol_float_to_bits(v, SOL_F16); memcpy(p, &h, 2); break;
    case SOL_ELEM_BF16: h = (uint16_t)sol_float_to_bits(v, SOL_BF16); memcpy(p, &h, 2); break;
    case SOL_ELEM_F32: memcpy(p, &f, 4); break;
    case SOL_ELEM_F64: memcpy(p, &v, 8); break;
    case SOL_ELEM_I1: *p = v != 0; break;
    case SOL_ELEM_I8: i8 = (int8_t)saturate(v, -128, 127); memcpy(p, &i8, 1); break;
    case SOL_ELEM_I32:
        i32 = (int32_t)saturate(v, -2147483648.0, 2147483647.0);
        memcpy(p, &i32, 4);
        break;
    case SOL_ELEM_I64:
        /* 2^63 is the first double above INT64_MAX; the largest double below it is exact. */
        i64 = v >= 9223372036854775808.0 ? INT64_MAX : saturate(v, -9223372036854775808.0, 0x1p63);
        memcpy(p, &i64, 8);
        break;
    default: break;
    }
}

bool sol_tensor_init(SolTensor *t, SolElemKind elem, uint32_t rank, const int64_t *dims,
                     size_t max_bytes)
{
    memset(t, 0, sizeof *t);
    if (rank > SOL_TENSOR_MAX_RANK)
        return false;
    int64_t n = 1;
    for (uint32_t i = 0; i < rank; i++) {
        if (dims[i] < 0 || (dims[i] > 0 && n > INT64_MAX / dims[i]))
            return false;
        n *= dims[i];
        t->dims[i] = dims[i];
    }
    uint32_t eb = sol_elem_bytes(elem);
    if ((uint64_t)n > SIZE_MAX / eb || (size_t)n * eb > max_bytes)
        return false;
    t->elem = elem;
    t->rank = rank;
    t->nelems = n;
    t->data = calloc((size_t)n ? (size_t)n : 1, eb);
    return t->data != NULL;
}

void sol_tensor_free(SolTensor *t)
{
    free(t->data);
    t->data = NULL;
}

void sol_tensor_shape_print(SolBuf *b, uint32_t rank, const int64_t *dims)
{
    if (rank == 0)
        sol_buf_puts(b, "scalar");
    for (uint32_t i = 0; i < rank; i++) {
        if (i)
            sol_buf_putc(b, 'x');
        if (dims[i] == SOL_DYNAMIC)
            sol_buf_putc(b, '?');
        else
            sol_buf_put_i64(b, dims[i]);
    }
}

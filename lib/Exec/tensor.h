/*
 * Host tensors: what solar-run reads from and writes to .npy files and hands to the executor
 * as memref arguments. A dense, C-order array of one element kind.
 */
#ifndef SOLAR_EXEC_TENSOR_H
#define SOLAR_EXEC_TENSOR_H

#include "IR/ir.h"

#define SOL_TENSOR_MAX_RANK 16

/* Element kinds as stored in memory (i1 is one byte holding 0 or 1; index is stored as i64). */
typedef enum SolElemKind {
    SOL_ELEM_F16,
    SOL_ELEM_BF16,
    SOL_ELEM_F32,
    SOL_ELEM_F64,
    SOL_ELEM_I1,
    SOL_ELEM_I8,
    SOL_ELEM_I32,
    SOL_ELEM_I64,
    SOL_ELEM_COUNT
} SolElemKind;

typedef struct SolTensor {
    SolElemKind elem;
    uint32_t rank;
    int64_t dims[SOL_TENSOR_MAX_RANK];
    int64_t nelems; /* product of dims (1 for rank 0) */
    void *data;     /* malloc'ed, nelems * sol_elem_bytes(elem) bytes; owned by the tensor */
} SolTensor;

/* Bytes per element of a kind. */
uint32_t sol_elem_bytes(SolElemKind k);
/* MLIR spelling of the element type (`f32`, `i1`, ...). */
const char *sol_elem_name(SolElemKind k);
/* The element kind of a scalar MLIR type (index maps to i64); false for other types. */
bool sol_elem_from_type(const SolType *t, SolElemKind *out);

/* Element i of t as a double (f16/bf16 decoded; integers converted). */
double sol_tensor_get_f64(const SolTensor *t, int64_t i);
/* Stores v into element i, rounding to the element kind (integers: truncated toward zero,
 * saturated to the kind's range; i1: v != 0). */
void sol_tensor_set_f64(SolTensor *t, int64_t i, double v);

/* Fills dims/nelems and allocates zeroed data. Returns false (and allocates nothing) when the
 * element count or byte size overflows or exceeds max_bytes. */
bool sol_tensor_init(SolTensor *t, SolElemKind elem, uint32_t rank, const int64_t *dims,
                     size_t max_bytes);
void sol_tensor_free(SolTensor *t);
/* `4x?x8` style shape text into b, e.g. for errors naming an argument's and a file's shape. */
void sol_tensor_shape_print(SolBuf *b, uint32_t rank, const int64_t *dims);

#endif /* SOLAR_EXEC_TENSOR_H */

/*
 * A reference directory: what the original program computes at the validation sizes, as the
 * harness (python/solar_reference.py) writes it or as anyone can produce it elsewhere
 * (--reference DIR, for JAX without JAX here):
 *
 *   in0.npy, in1.npy, ...  the arguments of @forward after the sizes: forward inputs, then
 *                          parameters and buffers
 *   out0.npy, ...          the outputs
 *   state<k>.npy           the value of in<k>.npy after forward, when forward changed it
 *   sizes.json             {"sizes": {"N": 8, ...}, and optionally "inputs", "outputs",
 *                          "state" lists ({"file", "name", "role", "shape", "dtype"[,
 *                          "in_index"]}), "original_sizes", "framework"}
 *
 * Without the lists the files are found by name (in0.npy, in1.npy, ... until one is missing;
 * the same for out*.npy; state<k>.npy for each k) and named after their files. Every array is
 * read once here (the sizes are small), so its shape and element type are known exactly.
 */
#ifndef SOLAR_TRANSLATE_REFERENCE_H
#define SOLAR_TRANSLATE_REFERENCE_H

#include "Exec/tensor.h"

typedef struct SolRefSize {
    char *name;
    int64_t value;
} SolRefSize;

typedef struct SolRefSizes { /* a SolVec: sol_vec_push works on it */
    SolRefSize *data;
    size_t len, cap;
} SolRefSizes;

typedef struct SolRefArray {
    char *file; /* path inside the directory, e.g. "in0.npy" */
    char *path; /* DIR/file */
    char *name; /* `x`, `fc.weight`, `out0` */
    char *role; /* input, parameter, buffer, output, state */
    SolTensor data;
    int in_index; /* state entries: which input they update; -1 otherwise */
} SolRefArray;

typedef struct SolRefArrays {
    SolRefArray *data;
    size_t len, cap;
} SolRefArrays;

typedef struct SolReference {
    char *dir;
    SolRefSizes sizes;    /* in the program's order */
    SolRefSizes original; /* the sizes the program is written with (may be empty) */
    SolRefArrays inputs, outputs, state;
    char *framework; /* "torch", "jax", or NULL when not said */
} SolReference;

/* Loads DIR/sizes.json and the arrays it names. Errors name the file and what is wrong. */
bool sol_reference_load(const char *dir, SolReference *r, SolBuf *err);
void sol_reference_free(SolReference *r);

/* The size called name, or NULL. */
const SolRefSize *sol_reference_size(const SolRefSizes *sizes, const char *name);
/* The original value of a size (its validation value when the original is not known). */
int64_t sol_reference_original(const SolReference *r, const char *name);

/* `N=4, M=8`: the sizes in order, into b. */
void sol_reference_sizes_text(SolBuf *b, const SolRefSizes *s);
/* The same names with the same values in the same order. */
bool sol_reference_sizes_equal(const SolRefSizes *a, const SolRefSizes *b);

#endif /* SOLAR_TRANSLATE_REFERENCE_H */

/*
 * Compute microbenchmarks (check.h): the highest FLOP rates, to set beside the model's peaks.
 *
 *   fma_f32        8 independent FMA chains per thread, 4 blocks of 1024 threads per SM
 *   gemm_*_rate    cuBLAS 8192^3 GEMMs: bf16 and f16 (f32 accumulation), tf32
 *                  (CUBLAS_COMPUTE_32F_FAST_TF32), f32 (CUBLAS_COMPUTE_32F_PEDANTIC: IEEE
 *                  products, the vector f32 peak bounds it) and int8 (int32 accumulation)
 *
 * The GEMM buffers (ab_bytes, c_bytes at the largest element size) are shared with
 * bench_kernels through gemm_run().
 */
#include "check.h"

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <string.h>

#define FMA_ITERS 65536

__global__ void fma_kernel(float a, float b, int iters, float *sink)
{
    float x0 = threadIdx.x, x1 = x0 + 1, x2 = x0 + 2, x3 = x0 + 3;
    float x4 = x0 + 4, x5 = x0 + 5, x6 = x0 + 6, x7 = x0 + 7;
    for (int i = 0; i < iters; i++) {
        x0 = fmaf(x0, a, b), x1 = fmaf(x1, a, b), x2 = fmaf(x2, a, b), x3 = fmaf(x3, a, b);
        x4 = fmaf(x4, a, b), x5 = fmaf(x5, a, b), x6 = fmaf(x6, a, b), x7 = fmaf(x7, a, b);
    }
    float s = x0 + x1 + x2 + x3 + x4 + x5 + x6 + x7;
    if (s == 1.2345f)
        *sink = s;
}

typedef struct Fma {
    float *sink;
} Fma;

static bool launch_fma(GpuCheck *g, void *arg)
{
    Fma *f = (Fma *)arg;
    fma_kernel<<<g->sms * 4, 1024>>>(0.999999f, 1e-7f, FMA_ITERS, f->sink);
    return true;
}

bool gemm_run(GpuCheck *g, void *arg)
{
    Gemm *q = (Gemm *)arg;
    if (q->int8) {
        int alpha = 1, beta = 0; /* IMMA wants A transposed: C = A^T B */
        return BLAS_OK(cublasGemmEx(g->blas, CUBLAS_OP_T, CUBLAS_OP_N, q->m, q->n, q->k, &alpha,
                                    q->A, q->ab, q->k, q->B, q->ab, q->k, &beta, q->C, q->c, q->m,
                                    q->compute, CUBLAS_GEMM_DEFAULT));
    }
    float alpha = 1, beta = 0;
    return BLAS_OK(cublasGemmEx(g->blas, CUBLAS_OP_N, CUBLAS_OP_N, q->m, q->n, q->k, &alpha, q->A,
                                q->ab, q->m, q->B, q->ab, q->k, &beta, q->C, q->c, q->m,
                                q->compute, CUBLAS_GEMM_DEFAULT));
}

/* The bytes of one element of a cuBLAS type. */
static size_t elem(cudaDataType_t t)
{
    switch (t) {
    case CUDA_R_8I:
        return 1;
    case CUDA_R_16F:
    case CUDA_R_16BF:
        return 2;
    default:
        return 4;
    }
}

/* Allocates and fills q's operands (small random-ish values; a zero matrix could be faster
 * on hardware that compresses zeros); false on a CUDA error. */
bool gemm_alloc(GpuCheck *g, Gemm *q)
{
    (void)g;
    size_t a = (size_t)q->m * q->k * elem(q->ab), b = (size_t)q->k * q->n * elem(q->ab);
    size_t c = (size_t)q->m * q->n * elem(q->c);
    if (!CUDA_OK(cudaMalloc(&q->A, a)) || !CUDA_OK(cudaMalloc(&q->B, b)) ||
        !CUDA_OK(cudaMalloc(&q->C, c)))
        return false;
    return CUDA_OK(cudaMemset(q->A, 0x3c, a)) && CUDA_OK(cudaMemset(q->B, 0x3a, b)) &&
           CUDA_OK(cudaMemset(q->C, 0, c));
}

void gemm_free(Gemm *q)
{
    if (q->A)
        CUDA_OK(cudaFree(q->A));
    if (q->B)
        CUDA_OK(cudaFree(q->B));
    if (q->C)
        CUDA_OK(cudaFree(q->C));
    q->A = q->B = q->C = NULL;
}

/* The configurations both files use: id, types, compute type. */
static const Gemm gemms[] = {
    {"gemm_bf16", CUDA_R_16BF, CUDA_R_16BF, CUBLAS_COMPUTE_32F, false, 8192, 8192, 8192, NULL, NULL, NULL},
    {"gemm_f16", CUDA_R_16F, CUDA_R_16F, CUBLAS_COMPUTE_32F, false, 8192, 8192, 8192, NULL, NULL, NULL},
    {"gemm_tf32", CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F_FAST_TF32, false, 8192, 8192, 8192, NULL, NULL, NULL},
    {"gemm_f32_ieee", CUDA_R_32F, CUDA_R_32F, CUBLAS_COMPUTE_32F_PEDANTIC, false, 8192, 8192,
     8192, NULL, NULL, NULL},
    {"gemm_i8", CUDA_R_8I, CUDA_R_32I, CUBLAS_COMPUTE_32I, true, 8192, 8192, 8192, NULL, NULL, NULL},
};

const Gemm *gemm_config(const char *id)
{
    for (size_t i = 0; i < sizeof gemms / sizeof gemms[0]; i++)
        if (strcmp(gemms[i].id, id) == 0)
            return &gemms[i];
    return NULL;
}

void bench_compute(GpuCheck *g)
{
    Fma f = {NULL};
    double t = -1;
    if (!g->skip && CUDA_OK(cudaMalloc((void **)&f.sink, sizeof(float))))
        t = time_best(g, launch_fma, &f, false);
    if (t > 0)
        emit("fma_f32", "rate", (double)g->sms * 4 * 1024 * FMA_ITERS * 8 * 2 / t, "FLOP/s",
             "8 FMA chains per thread");
    else
        emit_missing(g, "fma_f32", "rate", "FLOP/s", "8 FMA chains per thread");
    if (f.sink)
        CUDA_OK(cudaFree(f.sink));

    for (size_t i = 0; i < sizeof gemms / sizeof gemms[0]; i++) {
        Gemm q = gemms[i];
        char id[64];
        snprintf(id, sizeof id, "%s_rate", q.id);
        const char *unit = q.int8 ? "OP/s" : "FLOP/s";
        t = -1;
        if (!g->skip && g->have_blas && gemm_alloc(g, &q))
            t = time_best(g, gemm_run, &q, false);
        if (!g->skip)
            gemm_free(&q);
        if (t > 0)
            emit(id, "rate", 2.0 * q.m * q.n * q.k / t, unit, "cuBLAS 8192^3");
        else
            emit_missing(g, id, "rate", unit, "cuBLAS 8192^3");
    }
}

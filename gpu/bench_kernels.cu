/*
 * Timed kernels (check.h), each the computation of one entry of gpu/kernels.json, whose
 * bound solar-opt computed for hardware/h200.json (gpu/bounds.json). "cold" kernels run after
 * an L2 flush (the bound's --cache-state cold), "warm" ones back to back (--cache-state warm).
 *
 *   vadd_cold      c = a + b, 64 Mi f32 each (768 MiB moved)
 *   vadd_warm      the same at 2 Mi f32 (24 MiB: L2-resident between runs)
 *   relu_cold      y = max(x, 0), 64 Mi f32
 *   softmax_cold   row softmax, 4096 rows of 16384 f32, one block per row
 *   sum_cold       the sum of 64 Mi f32, per-block partial sums added atomically
 *   gemm_*_time    the cuBLAS GEMMs of bench_compute, timed as kernels: bf16, and f32 under
 *                  cuBLAS's default (IEEE) and with TF32 allowed
 */
#include "check.h"

#include <float.h>

#define BIG (64u << 20)    /* elements */
#define SMALL (2u << 20)
#define ROWS 4096
#define COLS 16384

__global__ void vadd_kernel(const float *a, const float *b, float *c, size_t n)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x)
        c[i] = a[i] + b[i];
}

__global__ void relu_kernel(const float *x, float *y, size_t n)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x)
        y[i] = fmaxf(x[i], 0.f);
}

/* Block-wide reduction of v (max or sum) through shared memory; every thread gets it. */
__device__ float block_reduce(float v, bool is_max)
{
    __shared__ float part[32];
    for (int o = 16; o > 0; o /= 2) {
        float w = __shfl_down_sync(0xffffffffu, v, o);
        v = is_max ? fmaxf(v, w) : v + w;
    }
    int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    __syncthreads();
    if (lane == 0)
        part[warp] = v;
    __syncthreads();
    int warps = (blockDim.x + 31) / 32;
    v = threadIdx.x < warps ? part[threadIdx.x] : (is_max ? -FLT_MAX : 0.f);
    if (warp == 0)
        for (int o = 16; o > 0; o /= 2) {
            float w = __shfl_down_sync(0xffffffffu, v, o);
            v = is_max ? fmaxf(v, w) : v + w;
        }
    __syncthreads();
    if (threadIdx.x == 0)
        part[0] = v;
    __syncthreads();
    return part[0];
}

__global__ void softmax_kernel(const float *x, float *y, int cols)
{
    const float *row = x + (size_t)blockIdx.x * cols;
    float *out = y + (size_t)blockIdx.x * cols;
    float m = -FLT_MAX;
    for (int j = threadIdx.x; j < cols; j += blockDim.x)
        m = fmaxf(m, row[j]);
    m = block_reduce(m, true);
    float s = 0;
    for (int j = threadIdx.x; j < cols; j += blockDim.x)
        s += __expf(row[j] - m);
    s = block_reduce(s, false);
    float inv = 1.f / s;
    for (int j = threadIdx.x; j < cols; j += blockDim.x)
        out[j] = __expf(row[j] - m) * inv;
}

__global__ void sum_kernel(const float *x, size_t n, float *total)
{
    float s = 0;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x)
        s += x[i];
    s = block_reduce(s, false);
    if (threadIdx.x == 0)
        atomicAdd(total, s);
}

typedef struct Buffers {
    float *a, *b, *c, *total;
    size_t n;
    int blocks;
} Buffers;

static bool launch_vadd(GpuCheck *g, void *arg)
{
    (void)g;
    Buffers *p = (Buffers *)arg;
    vadd_kernel<<<p->blocks, 256>>>(p->a, p->b, p->c, p->n);
    return true;
}

static bool launch_relu(GpuCheck *g, void *arg)
{
    (void)g;
    Buffers *p = (Buffers *)arg;
    relu_kernel<<<p->blocks, 256>>>(p->a, p->c, p->n);
    return true;
}

static bool launch_softmax(GpuCheck *g, void *arg)
{
    (void)g;
    Buffers *p = (Buffers *)arg;
    softmax_kernel<<<ROWS, 1024>>>(p->a, p->c, COLS);
    return true;
}

static bool launch_sum(GpuCheck *g, void *arg)
{
    (void)g;
    Buffers *p = (Buffers *)arg;
    if (!CUDA_OK(cudaMemsetAsync(p->total, 0, sizeof(float))))
        return false;
    sum_kernel<<<p->blocks, 1024>>>(p->a, p->n, p->total);
    return true;
}

static void timed(GpuCheck *g, const char *id, Launch launch, void *arg, bool cold, bool ok,
                  const char *note)
{
    double t = ok && !g->skip ? time_best(g, launch, arg, cold) : -1;
    if (t > 0)
        emit(id, "time", t, "s", note);
    else
        emit_missing(g, id, "time", "s", note);
}

/* Times the GEMM `config` of bench_compute.cu under `id`. */
static void timed_gemm(GpuCheck *g, const char *id, const char *config, const char *note)
{
    const Gemm *c = gemm_config(config);
    Gemm q;
    bool ok = c != NULL;
    if (ok)
        q = *c;
    ok = ok && !g->skip && g->have_blas && gemm_alloc(g, &q);
    timed(g, id, gemm_run, &q, false, ok, note);
    if (c && !g->skip)
        gemm_free(&q);
}

void bench_kernels(GpuCheck *g)
{
    Buffers p = {NULL, NULL, NULL, NULL, BIG, g->sms * 8};
    size_t bytes = (size_t)BIG * sizeof(float);
    bool ok = g->skip ||
              (CUDA_OK(cudaMalloc((void **)&p.a, bytes)) &&
               CUDA_OK(cudaMalloc((void **)&p.b, bytes)) &&
               CUDA_OK(cudaMalloc((void **)&p.c, bytes)) &&
               CUDA_OK(cudaMalloc((void **)&p.total, sizeof(float))) &&
               CUDA_OK(cudaMemset(p.a, 0x3f, bytes)) && CUDA_OK(cudaMemset(p.b, 0x3e, bytes)));
    timed(g, "vadd_cold", launch_vadd, &p, true, ok, "c = a + b, 64 Mi f32, L2 flushed");
    Buffers s = p;
    s.n = SMALL;
    timed(g, "vadd_warm", launch_vadd, &s, false, ok, "c = a + b, 2 Mi f32, back to back");
    timed(g, "relu_cold", launch_relu, &p, true, ok, "y = max(x, 0), 64 Mi f32, L2 flushed");
    timed(g, "softmax_cold", launch_softmax, &p, true, ok,
          "row softmax 4096 x 16384 f32, L2 flushed");
    timed(g, "sum_cold", launch_sum, &p, true, ok, "sum of 64 Mi f32, L2 flushed");
    if (!g->skip) {
        if (p.a)
            CUDA_OK(cudaFree(p.a));
        if (p.b)
            CUDA_OK(cudaFree(p.b));
        if (p.c)
            CUDA_OK(cudaFree(p.c));
        if (p.total)
            CUDA_OK(cudaFree(p.total));
    }
    timed_gemm(g, "gemm_bf16_time", "gemm_bf16", "cuBLAS bf16 8192^3");
    timed_gemm(g, "gemm_f32_time", "gemm_f32_ieee", "cuBLAS f32 8192^3, IEEE");
    timed_gemm(g, "gemm_tf32_time", "gemm_tf32", "cuBLAS f32 8192^3, TF32 allowed");
}

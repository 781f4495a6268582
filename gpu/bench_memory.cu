/*
 * Memory microbenchmarks (check.h): the highest rate each level delivered, to set beside the
 * model's bandwidths, which must not be below them.
 *
 *   hbm_read, hbm_write, hbm_copy   float4 grid-stride kernels over 2 GiB (copy counts the
 *                                   bytes read plus the bytes written), L2 flushed first
 *   hbm_memcpy                      cudaMemcpy device to device of 2 GiB (read + write)
 *   l2_read                         16 MiB (a third of the smallest L2 this runs on) read 200
 *                                   times by every SM: after the first pass it is all L2 hits
 *   smem_read                       each block reads 32 KiB of shared memory 4096 times with
 *                                   conflict-free float4 accesses
 */
#include "check.h"

#define HBM_BYTES ((size_t)2 << 30)
#define L2_BYTES ((size_t)16 << 20)
#define L2_PASSES 200
#define SMEM_FLOATS (32 * 1024 / 4)
#define SMEM_ITERS 4096

/* Sums n float4 with a grid-stride loop; the sum reaches memory only if it is a NaN, which
 * the data never makes, so the loads cannot be dropped. */
__global__ void read_kernel(const float4 *p, size_t n, int passes, float *sink)
{
    float acc = 0;
    for (int pass = 0; pass < passes; pass++)
        for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
             i += (size_t)gridDim.x * blockDim.x) {
            float4 v = p[i];
            acc += v.x + v.y + v.z + v.w;
        }
    if (acc != acc)
        *sink = acc;
}

__global__ void write_kernel(float4 *p, size_t n, float v)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x)
        p[i] = make_float4(v, v, v, v);
}

__global__ void copy_kernel(float4 *dst, const float4 *src, size_t n)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
         i += (size_t)gridDim.x * blockDim.x)
        dst[i] = src[i];
}

/* Each thread walks the block's shared array in float4 steps of `stride` (a run-time value,
 * so the compiler cannot see the walk repeat and hoist the loads): consecutive threads read
 * consecutive 16-byte words, so a warp's loads are conflict-free. */
__global__ void smem_kernel(int iters, int n, int stride, float *sink)
{
    __shared__ float4 buf[SMEM_FLOATS / 4];
    for (int i = threadIdx.x; i < n; i += blockDim.x)
        buf[i] = make_float4((float)i, 1.f, 2.f, 3.f);
    __syncthreads();
    float acc = 0;
    int j = threadIdx.x % n;
    for (int it = 0; it < iters; it++) {
        float4 v = buf[j];
        acc += v.x + v.w;
        j += stride;
        if (j >= n)
            j -= n;
    }
    if (acc != acc)
        *sink = acc;
}

typedef struct Mem {
    float4 *a, *b;
    float *sink;
    size_t n; /* float4 elements */
    int passes;
    int blocks;
} Mem;

static bool launch_read(GpuCheck *g, void *arg)
{
    (void)g;
    Mem *m = (Mem *)arg;
    read_kernel<<<m->blocks, 256>>>(m->a, m->n, m->passes, m->sink);
    return true;
}

static bool launch_write(GpuCheck *g, void *arg)
{
    (void)g;
    Mem *m = (Mem *)arg;
    write_kernel<<<m->blocks, 256>>>(m->a, m->n, 1.0f);
    return true;
}

static bool launch_copy(GpuCheck *g, void *arg)
{
    (void)g;
    Mem *m = (Mem *)arg;
    copy_kernel<<<m->blocks, 256>>>(m->b, m->a, m->n);
    return true;
}

static bool launch_memcpy(GpuCheck *g, void *arg)
{
    (void)g;
    Mem *m = (Mem *)arg;
    return CUDA_OK(cudaMemcpyAsync(m->b, m->a, m->n * sizeof(float4), cudaMemcpyDeviceToDevice));
}

static bool launch_smem(GpuCheck *g, void *arg)
{
    Mem *m = (Mem *)arg;
    smem_kernel<<<g->sms * 2, 1024>>>(SMEM_ITERS, SMEM_FLOATS / 4, 1024 + 32, m->sink);
    return true;
}

static void rate(GpuCheck *g, const char *id, Launch launch, Mem *m, double bytes, bool cold,
                 const char *note)
{
    double t = g->skip ? -1 : time_best(g, launch, m, cold);
    if (t > 0)
        emit(id, "rate", bytes / t, "B/s", note);
    else
        emit_missing(g, id, "rate", "B/s", note);
}

void bench_memory(GpuCheck *g)
{
    Mem m = {NULL, NULL, NULL, HBM_BYTES / sizeof(float4), 1, 0};
    bool ok = g->skip ||
              (CUDA_OK(cudaMalloc((void **)&m.a, HBM_BYTES)) &&
               CUDA_OK(cudaMalloc((void **)&m.b, HBM_BYTES)) &&
               CUDA_OK(cudaMalloc((void **)&m.sink, sizeof(float))) &&
               CUDA_OK(cudaMemset(m.a, 0, HBM_BYTES)) && CUDA_OK(cudaMemset(m.b, 0, HBM_BYTES)));
    m.blocks = g->sms * 8;
    if (ok) {
        rate(g, "hbm_read", launch_read, &m, (double)HBM_BYTES, true, "2 GiB float4 reads");
        rate(g, "hbm_write", launch_write, &m, (double)HBM_BYTES, true, "2 GiB float4 writes");
        rate(g, "hbm_copy", launch_copy, &m, 2.0 * HBM_BYTES, true,
             "2 GiB copy kernel, read + write");
        rate(g, "hbm_memcpy", launch_memcpy, &m, 2.0 * HBM_BYTES, true,
             "2 GiB cudaMemcpy device to device, read + write");
        Mem l2 = m;
        l2.n = L2_BYTES / sizeof(float4);
        l2.passes = L2_PASSES;
        rate(g, "l2_read", launch_read, &l2, (double)L2_BYTES * L2_PASSES, false,
             "16 MiB read 200 times, L2-resident");
        rate(g, "smem_read", launch_smem, &m,
             (double)g->sms * 2 * 1024 * SMEM_ITERS * sizeof(float4), false,
             "shared-memory float4 reads, 2 blocks of 1024 threads per SM");
    } else {
        const char *ids[] = {"hbm_read", "hbm_write", "hbm_copy", "hbm_memcpy", "l2_read",
                             "smem_read"};
        for (int i = 0; i < 6; i++)
            emit_missing(g, ids[i], "rate", "B/s", "allocation failed");
    }
    if (!g->skip) {
        if (m.a)
            CUDA_OK(cudaFree(m.a));
        if (m.b)
            CUDA_OK(cudaFree(m.b));
        if (m.sink)
            CUDA_OK(cudaFree(m.sink));
    }
}

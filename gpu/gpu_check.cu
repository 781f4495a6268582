/*
 * gpu-check: microbenchmarks and timed kernels on an NVIDIA GPU, printed as CSV rows that
 * scripts/gpu-check-report.py compares with the device model (hardware/h200.json) and with
 * the bounds solar-opt gives for the same computations (gpu/bounds.json):
 *
 *   bench_memory   HBM read / write / copy, L2 read, shared-memory read (bytes/s)
 *   bench_compute  FP32 FMA chains; cuBLAS GEMMs in bf16, f16, tf32, f32 and int8 (FLOP/s)
 *   bench_kernels  element-wise, softmax and reduction kernels and cuBLAS GEMMs (seconds)
 *
 *   gpu-check [--dry-run] [--reps N]
 *
 * --dry-run makes no CUDA call: every row is printed with the value "dry-run", so the report
 * and its table can be exercised on a machine without a GPU. Exit status: 0 when every
 * figure was measured, 1 when some CUDA call failed (its rows say "failed"), 2 bad usage.
 */
#include "check.h"

#include <stdlib.h>
#include <string.h>

static int failures;

bool cuda_ok(cudaError_t e, const char *what, const char *file, int line)
{
    if (e == cudaSuccess)
        return true;
    fprintf(stderr, "gpu-check: %s:%d: %s: %s (%s)\n", file, line, what, cudaGetErrorString(e),
            cudaGetErrorName(e));
    failures++;
    return false;
}

bool blas_ok(cublasStatus_t s, const char *what, const char *file, int line)
{
    if (s == CUBLAS_STATUS_SUCCESS)
        return true;
    fprintf(stderr, "gpu-check: %s:%d: %s: cuBLAS status %d\n", file, line, what, (int)s);
    failures++;
    return false;
}

void emit(const char *id, const char *kind, double value, const char *unit, const char *note)
{
    printf("%s,%s,%.6e,%s,%s\n", id, kind, value, unit, note ? note : "");
    fflush(stdout);
}

void emit_missing(const GpuCheck *g, const char *id, const char *kind, const char *unit,
                  const char *note)
{
    printf("%s,%s,%s,%s,%s\n", id, kind, g->dry_run ? "dry-run" : "failed", unit,
           note ? note : "");
    fflush(stdout);
}

bool flush_l2(GpuCheck *g)
{
    return g->flush && CUDA_OK(cudaMemset(g->flush, (int)(rand() & 0xff), g->flush_bytes));
}

double time_best(GpuCheck *g, Launch launch, void *arg, bool cold)
{
    cudaEvent_t start, stop;
    if (!CUDA_OK(cudaEventCreate(&start)))
        return -1;
    if (!CUDA_OK(cudaEventCreate(&stop))) {
        cudaEventDestroy(start);
        return -1;
    }
    double best = -1;
    bool ok = launch(g, arg) && CUDA_OK(cudaGetLastError()) && CUDA_OK(cudaDeviceSynchronize());
    for (int r = 0; ok && r < g->reps; r++) {
        if (cold)
            ok = flush_l2(g) && CUDA_OK(cudaDeviceSynchronize());
        ok = ok && CUDA_OK(cudaEventRecord(start)) && launch(g, arg) &&
             CUDA_OK(cudaGetLastError()) && CUDA_OK(cudaEventRecord(stop)) &&
             CUDA_OK(cudaEventSynchronize(stop));
        float ms = 0;
        ok = ok && CUDA_OK(cudaEventElapsedTime(&ms, start, stop));
        if (ok && ms > 0 && (best < 0 || ms * 1e-3 < best))
            best = ms * 1e-3;
    }
    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    return ok ? best : -1;
}

/* Device facts for the report's header, as comments the CSV reader skips. */
static bool describe(GpuCheck *g)
{
    int dev = 0, clock_khz = 0, mem_khz = 0, bus = 0, l2 = 0, driver = 0, runtime = 0;
    cudaDeviceProp p;
    if (!CUDA_OK(cudaGetDevice(&dev)) || !CUDA_OK(cudaGetDeviceProperties(&p, dev)))
        return false;
    CUDA_OK(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, dev));
    CUDA_OK(cudaDeviceGetAttribute(&mem_khz, cudaDevAttrMemoryClockRate, dev));
    CUDA_OK(cudaDeviceGetAttribute(&bus, cudaDevAttrGlobalMemoryBusWidth, dev));
    CUDA_OK(cudaDeviceGetAttribute(&l2, cudaDevAttrL2CacheSize, dev));
    CUDA_OK(cudaDriverGetVersion(&driver));
    CUDA_OK(cudaRuntimeGetVersion(&runtime));
    g->sms = p.multiProcessorCount;
    g->l2_bytes = (size_t)l2;
    printf("# device: %s, compute capability %d.%d, %d SMs, max clock %.0f MHz, L2 %d B, "
           "%.1f GB, memory %d-bit at %.0f MHz, driver %d, runtime %d\n",
           p.name, p.major, p.minor, p.multiProcessorCount, clock_khz / 1e3, l2,
           p.totalGlobalMem / 1e9, bus, mem_khz / 1e3, driver, runtime);
    return true;
}

static int usage(void)
{
    fprintf(stderr, "usage: gpu-check [--dry-run] [--reps N]\n");
    return 2;
}

int main(int argc, char **argv)
{
    GpuCheck g;
    memset(&g, 0, sizeof g);
    g.reps = 10;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--dry-run") == 0)
            g.dry_run = true;
        else if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc)
            g.reps = atoi(argv[++i]);
        else
            return usage();
    }
    if (g.reps < 1 || g.reps > 1000)
        return usage();
    printf("# gpu-check: id,kind,value,unit,note\n");
    g.skip = g.dry_run;
    if (g.dry_run) {
        printf("# dry run: no CUDA call, no figure\n");
    } else if (!describe(&g)) {
        printf("# no usable CUDA device: no figure\n");
        g.skip = true;
    } else {
        /* Twice L2 (at least 256 MiB): writing it evicts whatever a cold run must not find. */
        g.flush_bytes = 2 * g.l2_bytes > ((size_t)256 << 20) ? 2 * g.l2_bytes : (size_t)256 << 20;
        if (!CUDA_OK(cudaMalloc(&g.flush, g.flush_bytes)))
            g.flush = NULL;
        g.have_blas = BLAS_OK(cublasCreate(&g.blas));
    }
    bench_memory(&g);
    bench_compute(&g);
    bench_kernels(&g);
    if (!g.skip) {
        if (g.have_blas)
            BLAS_OK(cublasDestroy(g.blas));
        if (g.flush)
            CUDA_OK(cudaFree(g.flush));
    }
    printf("# %d CUDA or cuBLAS call%s failed\n", failures, failures == 1 ? "" : "s");
    return failures ? 1 : 0;
}

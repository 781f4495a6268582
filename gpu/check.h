/*
 * Shared pieces of gpu-check (scripts/gpu-check.sh): checked CUDA and cuBLAS calls, event
 * timing, and the one output format. Every CUDA API call goes through CUDA_OK / BLAS_OK: a
 * failure prints where and why and the run goes on without that figure (the row says so),
 * so one unsupported feature never hides the other measurements.
 *
 * Output: one CSV line per figure on stdout,
 *   id,kind,value,unit,note
 * kind "rate" (value in B/s, FLOP/s or OP/s: a model figure must not be below it) or "time"
 * (seconds: the bound of the same computation must not be above it); value "failed" or
 * "dry-run" when there is none. scripts/gpu-check-report.py turns them into the table.
 */
#ifndef SOLAR_GPU_CHECK_H
#define SOLAR_GPU_CHECK_H

#include <cublas_v2.h>
#include <cuda_runtime.h>
#include <stdbool.h>
#include <stdio.h>

/* True when the call succeeded; otherwise prints the call, file:line and CUDA's reason. */
bool cuda_ok(cudaError_t e, const char *what, const char *file, int line);
bool blas_ok(cublasStatus_t s, const char *what, const char *file, int line);
#define CUDA_OK(call) cuda_ok((call), #call, __FILE__, __LINE__)
#define BLAS_OK(call) blas_ok((call), #call, __FILE__, __LINE__)

/* The run's settings. */
typedef struct GpuCheck {
    bool dry_run;   /* no CUDA call at all: print every row with value "dry-run" */
    bool skip;      /* measure nothing (a dry run, or no usable device): rows without values */
    int reps;       /* timed repetitions; the best counts */
    int sms;        /* multiprocessors */
    size_t l2_bytes;
    void *flush;    /* a buffer twice L2's size, written before each cold run */
    size_t flush_bytes;
    cublasHandle_t blas;
    bool have_blas;
} GpuCheck;

/* Rows: a measured rate or time, a failure, or a dry-run placeholder. */
void emit(const char *id, const char *kind, double value, const char *unit, const char *note);
void emit_missing(const GpuCheck *g, const char *id, const char *kind, const char *unit,
                  const char *note);

/* Evicts L2 (writes the flush buffer); false on a CUDA error. */
bool flush_l2(GpuCheck *g);

/* Runs `launch` reps times between events (after one untimed run; cold: an L2 flush before
 * each, outside the timed span) and returns the best time in seconds, or -1 on a CUDA error. */
typedef bool (*Launch)(GpuCheck *g, void *arg);
double time_best(GpuCheck *g, Launch launch, void *arg, bool cold);

/* A cuBLAS GEMM configuration (bench_compute.cu), shared with bench_kernels.cu. */
typedef struct Gemm {
    const char *id;
    cudaDataType_t ab, c;
    cublasComputeType_t compute;
    bool int8;
    int m, n, k;
    void *A, *B, *C;
} Gemm;
const Gemm *gemm_config(const char *id); /* a copy to fill: gemm_alloc, then gemm_run */
bool gemm_alloc(GpuCheck *g, Gemm *q);
bool gemm_run(GpuCheck *g, void *arg); /* a Launch: C = A B */
void gemm_free(Gemm *q);

void bench_memory(GpuCheck *g);
void bench_compute(GpuCheck *g);
void bench_kernels(GpuCheck *g);

#endif /* SOLAR_GPU_CHECK_H */

/*
 * Memory bandwidth per level: every core streams its own slice of a working set sized for the
 * level, with several access kernels, and the best rate counts. Bytes are the kernel's logical
 * traffic (a copy of n bytes moves 2n: read n, write n), the way the bounds count bytes: a
 * write-allocate read the hardware adds is not counted, so it can only lower our figure.
 *
 *   read      sum of the slice (8 independent vector accumulators)
 *   write     store a constant
 *   nt-write  non-temporal stores (bypass the caches; DRAM only)
 *   copy      b = a
 *   triad     a = b + s * c (STREAM's triad)
 *
 * The kernels are written once as a template over the vector width (AVX-512, AVX2, plain C)
 * and the widest one the CPU runs is used.
 */
#include "Calibrate/calibrate.h"

#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

typedef enum BwKind { BW_READ, BW_WRITE, BW_NT_WRITE, BW_COPY, BW_TRIAD, BW_KINDS } BwKind;

static const char *const kind_names[BW_KINDS] = {"read", "write", "non-temporal write", "copy",
                                                 "triad"};
static const double kind_arrays[BW_KINDS] = {1, 1, 1, 2, 3}; /* arrays touched per element */

/* One pass of a kernel over n floats (n a multiple of 128); returns something that depends on
 * what it read. */
typedef double (*BwKernel)(BwKind kind, float *a, float *b, const float *c, size_t n);

#define BW_TEMPLATE(name, attr, V, W, load, store, stream, fence, add, fmadd, set1, zero, reduce)  \
    attr static double name(BwKind kind, float *a, float *b, const float *c, size_t n)             \
    {                                                                                              \
        V s = set1(0.5f);                                                                          \
        switch (kind) {                                                                            \
        case BW_READ: {                                                                            \
            V r0 = zero(), r1 = zero(), r2 = zero(), r3 = zero();                                  \
            V r4 = zero(), r5 = zero(), r6 = zero(), r7 = zero();                                  \
            for (size_t i = 0; i < n; i += 8 * W) {                                                \
                r0 = add(r0, load(a + i));                                                         \
                r1 = add(r1, load(a + i + W));                                                     \
                r2 = add(r2, load(a + i + 2 * W));                                                 \
                r3 = add(r3, load(a + i + 3 * W));                                                 \
                r4 = add(r4, load(a + i + 4 * W));                                                 \
                r5 = add(r5, load(a + i + 5 * W));                                                 \
                r6 = add(r6, load(a + i + 6 * W));                                                 \
                r7 = add(r7, load(a + i + 7 * W));                                                 \
            }                                                                                      \
            r0 = add(add(add(r0, r1), add(r2, r3)), add(add(r4, r5), add(r6, r7)));                \
            return (double)reduce(r0);                                                             \
        }                                                                                          \
        case BW_WRITE:                                                                             \
            for (size_t i = 0; i < n; i += W)                                                      \
                store(a + i, s);                                                                   \
            return 0;                                                                              \
        case BW_NT_WRITE:                                                                          \
            for (size_t i = 0; i < n; i += W)                                                      \
                stream(a + i, s);                                                                  \
            fence();                                                                               \
            return 0;                                                                              \
        case BW_COPY:                                                                              \
            for (size_t i = 0; i < n; i += W)                                                      \
                store(b + i, load(a + i));                                                         \
            return (double)b[n - 1];                                                               \
        case BW_TRIAD:                                                                             \
            for (size_t i = 0; i < n; i += W)                                                      \
                store(a + i, fmadd(s, load(c + i), load(b + i)));                                  \
            return (double)a[n - 1];                                                               \
        case BW_KINDS:                                                                             \
            break;                                                                                 \
        }                                                                                          \
        return 0;                                                                                  \
    }

/* Plain C: the fallback where no vector kernel runs (the compiler may vectorise it). */
static inline float load_1(const float *p) { return *p; }
static inline void store_1(float *p, float v) { *p = v; }
static inline void no_fence(void) {}
static inline float add_1(float x, float y) { return x + y; }
static inline float fmadd_1(float x, float y, float z) { return x * y + z; }
static inline float set1_1(float x) { return x; }
static inline float zero_1(void) { return 0; }
static inline float reduce_1(float x) { return x; }
BW_TEMPLATE(bw_plain, , float, 1, load_1, store_1, store_1, no_fence, add_1, fmadd_1, set1_1,
            zero_1, reduce_1)

#if defined(__x86_64__)
#define AVX512 __attribute__((target("avx512f")))
BW_TEMPLATE(bw_avx512, AVX512, __m512, 16, _mm512_load_ps, _mm512_store_ps, _mm512_stream_ps,
            _mm_sfence, _mm512_add_ps, _mm512_fmadd_ps, _mm512_set1_ps, _mm512_setzero_ps,
            _mm512_reduce_add_ps)

__attribute__((target("avx2"))) static float sum8(__m256 v)
{
    float x[8];
    memcpy(x, &v, sizeof x);
    return x[0] + x[1] + x[2] + x[3] + x[4] + x[5] + x[6] + x[7];
}
#define AVX2 __attribute__((target("avx2,fma")))
BW_TEMPLATE(bw_avx2, AVX2, __m256, 8, _mm256_load_ps, _mm256_store_ps, _mm256_stream_ps, _mm_sfence,
            _mm256_add_ps, _mm256_fmadd_ps, _mm256_set1_ps, _mm256_setzero_ps, sum8)
#endif

static BwKernel pick_kernel(const SolCalIsa *isa, const char **name)
{
#if defined(__x86_64__)
    if (isa->avx512f)
        return *name = "AVX-512", bw_avx512;
    if (isa->avx2 && isa->fma)
        return *name = "AVX2", bw_avx2;
#endif
    (void)isa;
    return *name = "C", bw_plain;
}

/* ---- one kernel on every core ------------------------------------------------------------ */

typedef struct BwJob {
    BwKernel kernel;
    BwKind kind;
    float *a, *b, *c; /* threads x slice floats each */
    size_t slice;     /* floats per thread, a multiple of 128 */
    int passes;
    volatile double sink[64];
} BwJob;

static void bw_work(void *arg, int index)
{
    BwJob *j = arg;
    size_t off = (size_t)index * j->slice;
    double s = 0;
    for (int p = 0; p < j->passes; p++)
        s += j->kernel(j->kind, j->a + off, j->b + off, j->c + off, j->slice);
    j->sink[index & 63] = s;
}

/* Each thread first touches its own slice, so the pages are mapped (and placed) before timing. */
static void touch_work(void *arg, int index)
{
    BwJob *j = arg;
    size_t off = (size_t)index * j->slice;
    for (size_t i = 0; i < j->slice; i++)
        j->a[off + i] = 1.0f, j->b[off + i] = 2.0f, j->c[off + i] = 0.5f;
}

static float *alloc_floats(size_t n)
{
    float *p = aligned_alloc(64, n * sizeof(float));
    if (!p)
        abort(); /* the sizes come from the machine's own caches and memory */
    return p;
}

void sol_cal_bandwidth(const SolCalIsa *isa, uint64_t bytes, bool dram, const SolCalOptions *o,
                       SolCalRate *reads, SolCalRate *writes, SolCalRate *mixed)
{
    const char *width;
    BwJob job = {.kernel = pick_kernel(isa, &width)};
    /* `bytes` is the working set of one array over all threads. */
    job.slice = (size_t)(bytes / sizeof(float) / (uint64_t)o->threads) / 128 * 128;
    if (job.slice < 128)
        job.slice = 128;
    size_t total = job.slice * (size_t)o->threads;
    job.a = alloc_floats(total), job.b = alloc_floats(total), job.c = alloc_floats(total);
    job.passes = 1;
    sol_cal_team_run(o->threads, touch_work, &job);

    static char methods[BW_KINDS][48];
    for (int k = 0; k < BW_KINDS; k++) {
        if (k == BW_NT_WRITE && !dram)
            continue; /* non-temporal stores bypass the level being measured */
        job.kind = (BwKind)k;
        /* Size the passes on one pass, so each repetition runs about o->seconds. */
        job.passes = 1;
        double t1 = sol_cal_team_run(o->threads, bw_work, &job);
        double want = o->seconds / (t1 > 0 ? t1 : 1e-9);
        job.passes = want < 1 ? 1 : want > 1e6 ? 1000000 : (int)want;
        snprintf(methods[k], sizeof methods[k], "%s %s", width, kind_names[k]);
        SolCalRate *into = k == BW_READ ? reads : k <= BW_NT_WRITE ? writes : mixed;
        double moved = kind_arrays[k] * (double)total * sizeof(float) * job.passes;
        for (int r = 0; r < o->repeats; r++)
            sol_cal_rate_add(into, methods[k], moved / sol_cal_team_run(o->threads, bw_work, &job));
    }
    free(job.a), free(job.b), free(job.c);
}

/*
 * Vector peaks: chains of fused multiply-adds on every core. Sixteen independent accumulators
 * cover the latency of two FMA pipes (4 cycles x 2 pipes = 8 in flight is the minimum), so
 * the chain measures throughput. Each kernel is compiled for its ISA with a target attribute
 * and only called when CPUID and the OS say the instructions run (the widest one: a narrower
 * kernel reaches at most the same FLOP/s); the rest of the tool stays portable. One instruction
 * counts as 2 FLOP per multiply-add lane: 32 for f32 on 512 bits, 64 for a 512-bit f16 FMA or a
 * BF16 dot product (16 lanes x 2 products x 2), 128 OP for a VNNI u8 x s8 dot product (16 lanes x 4
 * products x 2).
 */
#include "Calibrate/calibrate.h"

#include <stdio.h>
#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>
#elif defined(__aarch64__)
#include <arm_neon.h>
#endif

#define ACC16(X)                                                                                   \
    X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15)

#if defined(__x86_64__)

#define DEFINE_FMA_KERNEL(name, isa_, T, set1, fma, sum)                                           \
    __attribute__((target(isa_))) static double name(uint64_t iters)                               \
    {                                                                                              \
        T m = set1(0.999999), c = set1(1e-6);                                                      \
        ACC16(DECLARE)                                                                             \
        for (uint64_t i = 0; i < iters; i++) {                                                     \
            ACC16(STEP)                                                                            \
        }                                                                                          \
        T s = a0;                                                                                  \
        ACC16(GATHER)                                                                              \
        return sum(s);                                                                             \
    }

#define DECLARE(k) __typeof__(m) a##k = set1_(k);
#define STEP(k) a##k = fma_(a##k, m, c);
#define GATHER(k) s = add_(s, a##k);

/* f64 and f32 on 512 and 256 bits. The macros above refer to set1_/fma_/add_, defined per
 * kernel below so each instantiation uses its own intrinsics. */
#define set1_(k) _mm512_set1_pd(0.5 + (k))
#define fma_ _mm512_fmadd_pd
#define add_ _mm512_add_pd
DEFINE_FMA_KERNEL(f64_avx512, "avx512f", __m512d, _mm512_set1_pd, fma_, _mm512_reduce_add_pd)
#undef set1_
#undef fma_
#undef add_

#define set1_(k) _mm512_set1_ps(0.5f + (k))
#define fma_ _mm512_fmadd_ps
#define add_ _mm512_add_ps
DEFINE_FMA_KERNEL(f32_avx512, "avx512f", __m512, _mm512_set1_ps, fma_, _mm512_reduce_add_ps)
#undef set1_
#undef fma_
#undef add_

__attribute__((target("avx2"))) static double sum256d(__m256d v)
{
    double x[4];
    memcpy(x, &v, sizeof x);
    return x[0] + x[1] + x[2] + x[3];
}
__attribute__((target("avx2"))) static double sum256(__m256 v)
{
    float x[8];
    memcpy(x, &v, sizeof x);
    return (double)x[0] + x[1] + x[2] + x[3] + x[4] + x[5] + x[6] + x[7];
}

#define set1_(k) _mm256_set1_pd(0.5 + (k))
#define fma_ _mm256_fmadd_pd
#define add_ _mm256_add_pd
DEFINE_FMA_KERNEL(f64_avx2, "avx2,fma", __m256d, _mm256_set1_pd, fma_, sum256d)
#undef set1_
#undef fma_
#undef add_

#define set1_(k) _mm256_set1_ps(0.5f + (k))
#define fma_ _mm256_fmadd_ps
#define add_ _mm256_add_ps
DEFINE_FMA_KERNEL(f32_avx2, "avx2,fma", __m256, _mm256_set1_ps, fma_, sum256)
#undef set1_
#undef fma_
#undef add_

/* BF16 dot products: acc (16 x f32) += pairs of bf16 products. */
__attribute__((target("avx512f,avx512bf16"))) static __m512 bf16_dot(__m512 acc, __m512bh a,
                                                                     __m512bh b)
{
    return _mm512_dpbf16_ps(acc, a, b);
}
#define set1_(k) _mm512_set1_ps(0.5f + (k))
#define fma_(acc, x, y) bf16_dot(acc, mb, mb)
#define add_ _mm512_add_ps
__attribute__((target("avx512f,avx512bf16"))) static double bf16_avx512(uint64_t iters)
{
    __m512 m = _mm512_set1_ps(0.0f), c = m;
    __m512bh mb = _mm512_cvtne2ps_pbh(_mm512_set1_ps(1e-3f), _mm512_set1_ps(1e-3f));
    ACC16(DECLARE)
    for (uint64_t i = 0; i < iters; i++) {
        ACC16(STEP)
    }
    __m512 s = a0;
    ACC16(GATHER)
    (void)c;
    return _mm512_reduce_add_ps(s);
}
#undef set1_
#undef fma_
#undef add_

/* VNNI: acc (16 x i32) += four u8 x s8 products per lane. */
#define set1_(k) _mm512_set1_epi32(k)
#define fma_(acc, x, y) _mm512_dpbusd_epi32(acc, mb, mb)
#define add_ _mm512_add_epi32
__attribute__((target("avx512f,avx512vnni"))) static double i8_vnni(uint64_t iters)
{
    __m512i m = _mm512_set1_epi32(0), c = m;
    __m512i mb = _mm512_set1_epi8(1);
    ACC16(DECLARE)
    for (uint64_t i = 0; i < iters; i++) {
        ACC16(STEP)
    }
    __m512i s = a0;
    ACC16(GATHER)
    (void)c;
    return (double)_mm512_reduce_add_epi32(s);
}
#undef set1_
#undef fma_
#undef add_

#if defined(__clang__) ? __clang_major__ >= 15 : (defined(__GNUC__) && __GNUC__ >= 12)
#define HAVE_FP16_KERNEL 1
/* Half-precision values by their bits (1.0 = 0x3c00, 0.999 ~ 0x3bff, 0.001 ~ 0x1419), which
 * keeps the ISO-C-only build free of the _Float16 type. */
#define set1_(k) _mm512_castsi512_ph(_mm512_set1_epi16((short)(0x3800 + (k))))
#define fma_ _mm512_fmadd_ph
#define add_ _mm512_add_ph
__attribute__((target("avx512f,avx512fp16"))) static double f16_avx512(uint64_t iters)
{
    __m512h m = _mm512_castsi512_ph(_mm512_set1_epi16(0x3bff));
    __m512h c = _mm512_castsi512_ph(_mm512_set1_epi16(0x1419));
    ACC16(DECLARE)
    for (uint64_t i = 0; i < iters; i++) {
        ACC16(STEP)
    }
    __m512h s = a0;
    ACC16(GATHER)
    return (double)_mm512_reduce_add_epi32(_mm512_castph_si512(s));
}
#undef set1_
#undef fma_
#undef add_
#endif

#elif defined(__aarch64__)

#define DECLARE(k) float32x4_t a##k = vdupq_n_f32(0.5f + (k));
#define STEP(k) a##k = vfmaq_f32(a##k, m, c);
#define GATHER(k) s = vaddq_f32(s, a##k);
static double f32_neon(uint64_t iters)
{
    float32x4_t m = vdupq_n_f32(0.999999f), c = vdupq_n_f32(1e-6f);
    ACC16(DECLARE)
    for (uint64_t i = 0; i < iters; i++) {
        ACC16(STEP)
    }
    float32x4_t s = a0;
    ACC16(GATHER)
    return (double)vaddvq_f32(s);
}
#undef DECLARE
#undef STEP
#undef GATHER
#define DECLARE(k) float64x2_t a##k = vdupq_n_f64(0.5 + (k));
#define STEP(k) a##k = vfmaq_f64(a##k, m, c);
#define GATHER(k) s = vaddq_f64(s, a##k);
static double f64_neon(uint64_t iters)
{
    float64x2_t m = vdupq_n_f64(0.999999), c = vdupq_n_f64(1e-6);
    ACC16(DECLARE)
    for (uint64_t i = 0; i < iters; i++) {
        ACC16(STEP)
    }
    float64x2_t s = a0;
    ACC16(GATHER)
    return vaddvq_f64(s);
}

#endif

/* Each kernel runs `iters` blocks of 16 instructions: the FLOP per block are 16 x the
 * instruction's. */
#define measure sol_cal_measure_kernel

bool sol_cal_vector_peak(const SolCalIsa *isa, const char *dtype, const SolCalOptions *o,
                         SolCalRate *out)
{
    bool any = false;
    (void)isa;
#if defined(__x86_64__)
    if (strcmp(dtype, "f64") == 0) {
        if (isa->avx512f)
            measure(o, f64_avx512, 16 * 16, "AVX-512 vfmadd231pd", out), any = true;
        else if (isa->avx2 && isa->fma)
            measure(o, f64_avx2, 16 * 8, "AVX2 vfmadd231pd", out), any = true;
    } else if (strcmp(dtype, "f32") == 0) {
        if (isa->avx512f)
            measure(o, f32_avx512, 16 * 32, "AVX-512 vfmadd231ps", out), any = true;
        else if (isa->avx2 && isa->fma)
            measure(o, f32_avx2, 16 * 16, "AVX2 vfmadd231ps", out), any = true;
    } else if (strcmp(dtype, "bf16") == 0) {
        if (isa->avx512_bf16)
            measure(o, bf16_avx512, 16 * 64, "AVX-512 vdpbf16ps", out), any = true;
    } else if (strcmp(dtype, "i8") == 0) {
        if (isa->avx512_vnni)
            measure(o, i8_vnni, 16 * 128, "AVX-512 vpdpbusd", out), any = true;
    } else if (strcmp(dtype, "f16") == 0) {
#ifdef HAVE_FP16_KERNEL
        if (isa->fp16_kernel)
            measure(o, f16_avx512, 16 * 64, "AVX-512 vfmadd231ph", out), any = true;
#endif
    }
#elif defined(__aarch64__)
    if (strcmp(dtype, "f32") == 0)
        measure(o, f32_neon, 16 * 8, "NEON fmla.4s", out), any = true;
    else if (strcmp(dtype, "f64") == 0)
        measure(o, f64_neon, 16 * 4, "NEON fmla.2d", out), any = true;
#else
    (void)dtype, (void)o, (void)out;
#endif
    return any;
}

/*
 * What the CPU can do: CPUID feature bits, whether the OS saves the wide register state
 * (XCR0: a CPU may report AVX-512 that the kernel does not enable), and for AMX the per-process
 * permission Linux requires before the first tile instruction (arch_prctl ARCH_REQ_XCOMP_PERM).
 */
/* syscall(2) for arch_prctl is a glibc extension. */
#define _DEFAULT_SOURCE 1

#include "Calibrate/calibrate.h"

#include "Analysis/host_cpu.h"

#include <stdio.h>
#include <string.h>

#if defined(__x86_64__)
#include <cpuid.h>
#include <sys/syscall.h>
#include <unistd.h>

#define ARCH_REQ_XCOMP_PERM 0x1023 /* asm/prctl.h */
#define XFEATURE_XTILEDATA 18

static uint64_t read_xcr0(void)
{
    uint32_t lo, hi;
    __asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
    return ((uint64_t)hi << 32) | lo;
}

void sol_cal_isa_detect(SolCalIsa *isa)
{
    memset(isa, 0, sizeof *isa);
    SolCpuIdent id;
    sol_host_cpu_ident(&id);
    snprintf(isa->model, sizeof isa->model, "%s", id.brand[0] ? id.brand : "unknown");
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d))
        return;
    bool osxsave = (c >> 27) & 1;
    uint64_t xcr0 = osxsave ? read_xcr0() : 0;
    bool ymm_os = (xcr0 & 0x6) == 0x6;          /* SSE + AVX state */
    bool zmm_os = (xcr0 & 0xe6) == 0xe6;        /* + opmask, ZMM_Hi256, Hi16_ZMM */
    bool tile_os = (xcr0 & 0x60000) == 0x60000; /* XTILECFG + XTILEDATA */
    isa->fma = ymm_os && ((c >> 12) & 1);
    if (__get_cpuid_count(7, 0, &a, &b, &c, &d)) {
        isa->avx2 = ymm_os && ((b >> 5) & 1);
        isa->avx512f = zmm_os && ((b >> 16) & 1);
        isa->avx512_vnni = isa->avx512f && ((c >> 11) & 1);
        isa->avx512_fp16 = isa->avx512f && ((d >> 23) & 1);
        isa->amx_bf16 = tile_os && ((d >> 22) & 1);
        isa->amx_tile = tile_os && ((d >> 24) & 1);
        isa->amx_int8 = tile_os && ((d >> 25) & 1);
    }
    if (__get_cpuid_count(7, 1, &a, &b, &c, &d)) {
        isa->avx512_bf16 = isa->avx512f && ((a >> 5) & 1);
        isa->amx_fp16 = tile_os && ((a >> 21) & 1);
    }
    if (isa->amx_tile)
        isa->amx_usable = syscall(SYS_arch_prctl, ARCH_REQ_XCOMP_PERM, XFEATURE_XTILEDATA) == 0;
#if defined(__clang__) ? __clang_major__ >= 15 : (defined(__GNUC__) && __GNUC__ >= 12)
    isa->fp16_kernel = isa->avx512_fp16;
#endif
}

#else /* not x86-64 */

void sol_cal_isa_detect(SolCalIsa *isa)
{
    memset(isa, 0, sizeof *isa);
    snprintf(isa->model, sizeof isa->model, "unknown");
#if defined(__aarch64__)
    isa->neon = true; /* Advanced SIMD is mandatory in AArch64 */
#endif
}

#endif

void sol_cal_isa_describe(const SolCalIsa *isa, char *out, size_t size)
{
    static const struct {
        size_t offset;
        const char *name;
    } names[] = {
        {offsetof(SolCalIsa, fma), "FMA"},
        {offsetof(SolCalIsa, avx2), "AVX2"},
        {offsetof(SolCalIsa, avx512f), "AVX-512F"},
        {offsetof(SolCalIsa, avx512_vnni), "AVX-512 VNNI"},
        {offsetof(SolCalIsa, avx512_bf16), "AVX-512 BF16"},
        {offsetof(SolCalIsa, avx512_fp16), "AVX-512 FP16"},
        {offsetof(SolCalIsa, amx_bf16), "AMX-BF16"},
        {offsetof(SolCalIsa, amx_int8), "AMX-INT8"},
        {offsetof(SolCalIsa, amx_fp16), "AMX-FP16"},
        {offsetof(SolCalIsa, neon), "NEON"},
    };
    size_t len = 0;
    out[0] = '\0';
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        if (*(const bool *)((const char *)isa + names[i].offset) && len + 1 < size)
            len += (size_t)snprintf(out + len, size - len, "%s%s", len ? " " : "", names[i].name);
    }
    if (!len)
        snprintf(out, size, "scalar only");
}

/*
 * Unit test of the microarchitecture table (lib/Calibrate/uarch.c): every row is sane (a
 * clock a core can have, 1-4 FMA pipes of 128/256/512 bits, at least one vector load per
 * clock, a source), no two rows of one vendor and family claim the same model; lookups find
 * the right row (the 2-core Zen 3 EPYC gets at least the 151 GFLOP/s its numpy sgemm
 * reached), a row the ISA contradicts (a KVM guest that says Rocket Lake but has AMX) falls
 * back to the largest figures of every row the ISA allows, and an unknown vendor to the widest
 * ISA at the highest clock; the peaks are the per-core arithmetic. Exit status 0 = pass.
 */
#include "Calibrate/calibrate.h"

#include <string.h>

#include "check.h"

static void test_rows(void)
{
    size_t n;
    const SolCalUarch *t = sol_cal_uarch_table(&n);
    EXPECT(n >= 25);
    for (size_t i = 0; i < n; i++) {
        const SolCalUarch *u = &t[i];
        EXPECT(u->max_ghz >= 2.0 && u->max_ghz <= 7.0);
        EXPECT(u->ports >= 1 && u->ports <= 4);
        EXPECT(u->bits == 128 || u->bits == 256 || u->bits == 512);
        EXPECT(u->l1 >= u->bits / 8 && u->l2 >= 32);
        EXPECT(u->model_lo <= u->model_hi);
        EXPECT(u->name && u->source && strlen(u->source) > 20);
        for (size_t j = 0; j < i; j++) {
            bool same = strcmp(t[j].vendor, u->vendor) == 0 && t[j].family == u->family;
            bool overlap = u->model_lo <= t[j].model_hi && t[j].model_lo <= u->model_hi;
            if (same && overlap)
                fprintf(stderr, "rows %zu and %zu overlap: %s / %s\n", j, i, t[j].name, u->name);
            EXPECT(!(same && overlap));
        }
    }
}

static SolCpuIdent cpu(const char *vendor, uint32_t family, uint32_t model, uint32_t cores)
{
    SolCpuIdent c = {0};
    snprintf(c.vendor, sizeof c.vendor, "%s", vendor);
    c.family = family, c.model = model, c.cores = cores;
    return c;
}

static void test_lookups(void)
{
    SolCalUarch u;
    SolCalPeaks p;
    char how[256];
    SolCalIsa avx2 = {.fma = true, .avx2 = true};

    /* The machine: AMD EPYC (Zen 3, family 25 model 1), 2 cores. */
    SolCpuIdent zen3 = cpu("AuthenticAMD", 25, 1, 2);
    sol_cal_uarch_find(&zen3, &avx2, &u, how, sizeof how);
    EXPECT(strstr(u.name, "Zen 3") && u.ports == 2 && u.bits == 256);
    sol_cal_uarch_peaks(&u, &avx2, 2, &p);
    /* 2 cores x 2 pipes x 8 lanes x 2 FLOP x 4.5 GHz */
    EXPECT(p.vector[SOL_CAL_VEC_F32] == 2 * 2 * 8 * 2 * 4.5e9);
    EXPECT(p.vector[SOL_CAL_VEC_F32] > 151e9); /* numpy's sgemm on it: 151 GFLOP/s */
    EXPECT(p.vector[SOL_CAL_VEC_F64] == p.vector[SOL_CAL_VEC_F32] / 2);
    EXPECT(p.vector[SOL_CAL_VEC_BF16] == 0 && p.vector[SOL_CAL_VEC_I8] > 0);
    EXPECT(p.matrix[SOL_CAL_MAT_BF16] == 0);
    EXPECT(p.l1 == 96 * 2 * 4.5e9 && p.l2 == 64 * 2 * 4.5e9);

    /* A Zen 3 row on a CPU with AVX-512 is contradicted: Zen 4/5 figures take over. */
    SolCalIsa avx512 = {.fma = true, .avx2 = true, .avx512f = true, .avx512_bf16 = true};
    sol_cal_uarch_find(&zen3, &avx512, &u, how, sizeof how);
    EXPECT(strstr(how, "another ISA") && u.bits == 512 && u.max_ghz >= 5.7);

    /* A KVM guest: Intel family 6 model 167 (Rocket Lake) with AMX, which only Xeons have. */
    SolCpuIdent kvm = cpu("GenuineIntel", 6, 167, 2);
    SolCalIsa amx = {.fma = true,      .avx2 = true,     .avx512f = true, .avx512_bf16 = true,
                     .avx512_fp16 = true, .amx_tile = true, .amx_bf16 = true, .amx_int8 = true};
    sol_cal_uarch_find(&kvm, &amx, &u, how, sizeof how);
    EXPECT(strstr(how, "Rocket Lake") && strstr(how, "another ISA"));
    EXPECT(u.ports == 2 && u.bits == 512 && u.amx == 1024 && u.max_ghz == 4.8);
    sol_cal_uarch_peaks(&u, &amx, 2, &p);
    EXPECT(p.matrix[SOL_CAL_MAT_BF16] == 1024 * 2 * 4.8e9);
    EXPECT(p.matrix[SOL_CAL_MAT_I8] == 2048 * 2 * 4.8e9);
    EXPECT(p.matrix[SOL_CAL_MAT_F16] == 0); /* no AMX-FP16 flag */
    EXPECT(p.vector[SOL_CAL_VEC_F16] == 2 * p.vector[SOL_CAL_VEC_F32]);

    /* The same model on a real Rocket Lake (AVX-512, no AMX): its own row. */
    SolCalIsa rkl = {.fma = true, .avx2 = true, .avx512f = true};
    sol_cal_uarch_find(&kvm, &rkl, &u, how, sizeof how);
    EXPECT(strstr(u.name, "Rocket Lake") && u.max_ghz == 5.3 && u.ports == 1);

    /* Sapphire Rapids by its own model number. */
    SolCpuIdent spr = cpu("GenuineIntel", 6, 0x8f, 56);
    sol_cal_uarch_find(&spr, &amx, &u, how, sizeof how);
    EXPECT(strstr(u.name, "Sapphire Rapids") && u.amx == 1024);

    /* Arm Neoverse V1 (Graviton3): four 128-bit pipes, BF16 MMLA 4x. */
    SolCpuIdent v1 = cpu("ARM", 0x41, 0xd40, 64);
    SolCalIsa neon = {.neon = true};
    sol_cal_uarch_find(&v1, &neon, &u, how, sizeof how);
    sol_cal_uarch_peaks(&u, &neon, 64, &p);
    EXPECT(strstr(u.name, "V1") && p.vector[SOL_CAL_VEC_F32] == 64 * 4 * 4 * 2 * 2.6e9);
    EXPECT(p.vector[SOL_CAL_VEC_BF16] == 4 * p.vector[SOL_CAL_VEC_F32]);

    /* An unknown model of a known vendor, and an unknown vendor. */
    SolCpuIdent odd = cpu("AuthenticAMD", 0x30, 0, 8);
    sol_cal_uarch_find(&odd, &avx2, &u, how, sizeof how);
    EXPECT(strstr(how, "not in the table") && u.bits == 256 && u.max_ghz >= 5.7);
    SolCpuIdent other = cpu("HygonGenuine", 0x18, 0, 8);
    sol_cal_uarch_find(&other, &avx2, &u, how, sizeof how);
    EXPECT(u.ports == 2 && u.bits == 256 && u.max_ghz >= 6.2);
}

int main(void)
{
    test_rows();
    test_lookups();
    return failures ? 1 : 0;
}

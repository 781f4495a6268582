/*
 * CPU peaks from the microarchitecture, not from a measurement: a measured rate is only a
 * lower estimate of a peak (numpy's OpenBLAS sgemm ran at 151 GFLOP/s on a 2-core Zen 3 where
 * FMA chains measured 108-112), and a bound that divides by it can be beaten. The peak of a
 * core is what its widest FMA pipes can issue at the highest clock any part with that core
 * reaches; solar-calibrate keeps its measurements beside these figures as checks that may
 * never exceed them.
 *
 * One table, keyed by CPUID vendor, display family and a range of display models (on Arm:
 * MIDR implementer and part), grep-able as STYLE.md asks. Columns:
 *   max_ghz   the highest maximum boost clock of any SKU built on that core (a bound must
 *             hold on the fastest of them; all-core and AVX clocks are only lower)
 *   ports     FMA pipes that take the widest vector, bits their width (an AVX-512 op on a
 *             256-bit pipe counts as 256: Zen 4 double-pumps it)
 *   amx       AMX-BF16 FLOP per clock per core (TDPBF16PS: 16x16x32 MACs every 16 cycles =
 *             1024 FLOP); INT8 is twice that; 0 without AMX
 *   l1, l2    bytes per clock per core: L1D loads + stores, and L2 <-> L1 both directions
 *   mmla      Arm only: the bf16 MMLA rate over the f32 FMA rate (BFMMLA does 16 MACs where
 *             FMLA does 4), the i8 rate twice that (SMMLA); 0: no MMLA
 * f64 is half the f32 rate; on x86 the ISA flags add f16 (AVX512-FP16: 2x f32), bf16
 * (AVX512-BF16 vdpbf16ps: 2x) and i8 (VNNI vpdpbusd, or AVX2's vpmaddubsw pair: at most 4x).
 * Sources per row; where a vendor document gives the width and a datasheet the clock, both
 * are named. L1/L2 widths are upper estimates from the optimisation manuals' per-clock rates.
 *
 * A hypervisor may report a family/model that is not the host's (this project's own build
 * machine, a KVM guest, says model 167, a Rocket Lake client part, but has AMX, which only
 * Xeon cores have): a row whose ISA contradicts the detected one is rejected, and the figures
 * are then the largest of every row of that vendor the detected ISA allows.
 */
#include "Calibrate/calibrate.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* ISA a row's core must show: AVX-512 (x86), AMX. */
enum { NEEDS_AVX512 = 1, NEEDS_AMX = 2, NO_AVX512 = 4 };

static const SolCalUarch table[] = {
    /* vendor        fam   models      name                                         ghz  ports bits amx  l1  l2 mmla isa */
    {"GenuineIntel", 6, 0x55, 0x55, "Skylake-SP / Cascade Lake / Cooper Lake (Xeon SP 1st-3rd gen, Xeon W-2200/3200)", 4.8, 2, 512, 0, 192, 128, 0, NEEDS_AVX512,
     "Intel 64 and IA-32 Architectures Optimization Reference Manual (Skylake Server: two 512-bit FMA units on parts with two, 2x64 B loads + 1x64 B store per clock, 64 B/clk L2); Intel ARK Xeon W-2295 max turbo 4.8 GHz (Turbo Boost Max 3.0)"},
    {"GenuineIntel", 6, 0x6a, 0x6c, "Ice Lake-SP / Ice Lake-D (3rd gen Xeon SP, Xeon W-3300)", 4.0, 2, 512, 0, 256, 128, 0, NEEDS_AVX512,
     "Intel Optimization Reference Manual (Sunny Cove: 2x512-bit FMA on Xeon, 2 loads + 2 stores per clock); Intel ARK Xeon W-3375 max turbo 4.0 GHz"},
    {"GenuineIntel", 6, 0x7d, 0x7e, "Ice Lake client (10th gen Core mobile)", 4.1, 1, 512, 0, 256, 128, 0, NEEDS_AVX512,
     "Intel Optimization Reference Manual (client Sunny Cove: one 512-bit FMA, ports 0+1 fused; 2x256-bit for AVX2); Intel ARK Core i7-1068NG7 max turbo 4.1 GHz"},
    {"GenuineIntel", 6, 0x8c, 0x8d, "Tiger Lake (11th gen Core mobile)", 5.0, 1, 512, 0, 256, 128, 0, NEEDS_AVX512,
     "Intel Optimization Reference Manual (Willow Cove: one 512-bit FMA on client parts); Intel ARK Core i9-11980HK max turbo 5.0 GHz"},
    {"GenuineIntel", 6, 0xa7, 0xa7, "Rocket Lake (11th gen Core desktop)", 5.3, 1, 512, 0, 256, 128, 0, NEEDS_AVX512,
     "Intel Optimization Reference Manual (Cypress Cove: one 512-bit FMA on client parts); Intel ARK Core i9-11900K max turbo 5.3 GHz (Thermal Velocity Boost)"},
    {"GenuineIntel", 6, 0x97, 0x9a, "Alder Lake (12th gen Core)", 5.5, 2, 256, 0, 160, 128, 0, NO_AVX512,
     "Intel Optimization Reference Manual (Golden Cove P-core: FMA on ports 0 and 1, 256-bit without AVX-512; 3 loads + 2 stores of 32 B per clock); Intel ARK Core i9-12900KS max turbo 5.5 GHz; E-cores are slower, all cores are counted at the P-core rate"},
    {"GenuineIntel", 6, 0xaa, 0xac, "Meteor Lake (Core Ultra 100)", 5.1, 2, 256, 0, 160, 128, 0, NO_AVX512,
     "Intel Optimization Reference Manual (Redwood Cove P-core, AVX2: 2x256-bit FMA); Intel ARK Core Ultra 9 185H max turbo 5.1 GHz"},
    {"GenuineIntel", 6, 0xb7, 0xb7, "Raptor Lake (13th/14th gen Core desktop)", 6.2, 2, 256, 0, 160, 128, 0, NO_AVX512,
     "Intel Optimization Reference Manual (Raptor Cove P-core, AVX2: 2x256-bit FMA); Intel ARK Core i9-14900KS max turbo 6.2 GHz"},
    {"GenuineIntel", 6, 0xba, 0xba, "Raptor Lake-P (13th gen Core mobile)", 5.6, 2, 256, 0, 160, 128, 0, NO_AVX512,
     "Intel Optimization Reference Manual (Raptor Cove, AVX2); Intel ARK Core i9-13900HK max turbo 5.4 GHz, i9-13980HX 5.6 GHz"},
    {"GenuineIntel", 6, 0xbf, 0xbf, "Raptor Lake-S refresh / Alder Lake-N", 5.8, 2, 256, 0, 160, 128, 0, NO_AVX512,
     "Intel Optimization Reference Manual (AVX2: 2x256-bit FMA); Intel ARK 13th/14th gen Core (model 0xBF parts) max turbo up to 5.8 GHz"},
    {"GenuineIntel", 6, 0xbd, 0xbd, "Lunar Lake (Core Ultra 200V)", 5.1, 2, 256, 0, 160, 128, 0, NO_AVX512,
     "Intel Optimization Reference Manual (Lion Cove P-core, AVX2); Intel ARK Core Ultra 9 288V max turbo 5.1 GHz"},
    {"GenuineIntel", 6, 0xc5, 0xc6, "Arrow Lake (Core Ultra 200S/H)", 5.7, 2, 256, 0, 160, 128, 0, NO_AVX512,
     "Intel Optimization Reference Manual (Lion Cove P-core, AVX2); Intel ARK Core Ultra 9 285K max turbo 5.7 GHz"},
    {"GenuineIntel", 6, 0x8f, 0x8f, "Sapphire Rapids (4th gen Xeon SP, Xeon W-2400/3400)", 4.8, 2, 512, 1024, 192, 128, 0, NEEDS_AVX512 | NEEDS_AMX,
     "Intel Optimization Reference Manual (Golden Cove server: 2x512-bit FMA, AMX TMUL 16x16x32 BF16 MACs per TDPBF16PS every 16 cycles = 1024 FLOP/clk, 2048 INT8 OP/clk; 2x64 B loads + 64 B store per clock); Intel ARK Xeon w9-3495X max turbo 4.8 GHz"},
    {"GenuineIntel", 6, 0xcf, 0xcf, "Emerald Rapids (5th gen Xeon SP)", 4.2, 2, 512, 1024, 192, 128, 0, NEEDS_AVX512 | NEEDS_AMX,
     "Intel Optimization Reference Manual (Raptor Cove server: as Sapphire Rapids); Intel ARK 5th gen Xeon SP max turbo up to 4.2 GHz"},
    {"GenuineIntel", 6, 0xad, 0xae, "Granite Rapids (Xeon 6 P-core)", 4.2, 2, 512, 1024, 192, 128, 0, NEEDS_AVX512 | NEEDS_AMX,
     "Intel Optimization Reference Manual (Redwood Cove server: 2x512-bit FMA, AMX with FP16); Intel ARK Xeon 6 P-core max turbo up to 4.2 GHz (Xeon 6980P: 3.9 GHz)"},
    {"GenuineIntel", 6, 0xaf, 0xaf, "Sierra Forest (Xeon 6 E-core)", 3.2, 2, 128, 0, 96, 64, 0, NO_AVX512,
     "Intel Optimization Reference Manual (Crestmont E-core: two 128-bit FMA pipes); Intel ARK Xeon 6 E-core max turbo up to 3.2 GHz"},
    {"AuthenticAMD", 0x17, 0x00, 0x2f, "Zen / Zen+ (EPYC 7001, Ryzen 1000/2000)", 4.4, 2, 128, 0, 64, 64, 0, NO_AVX512,
     "AMD Software Optimization Guide for AMD Family 17h Processors, pub. 55723 (two 128-bit FMA pipes; 256-bit ops as two halves); AMD Threadripper 2950X max boost 4.4 GHz"},
    {"AuthenticAMD", 0x17, 0x30, 0x3f, "Zen 2 Rome (EPYC 7002)", 3.7, 2, 256, 0, 96, 64, 0, NO_AVX512,
     "AMD Software Optimization Guide for AMD Family 17h Models 30h and Greater, pub. 56305 (two 256-bit FMA pipes; 2x32 B loads + 32 B store per clock; 32 B/clk between L2 and L1 each way); AMD EPYC 7F72 max boost 3.7 GHz"},
    {"AuthenticAMD", 0x17, 0x40, 0xaf, "Zen 2 client (Ryzen 3000/4000/5x00U, Van Gogh, Mendocino)", 4.7, 2, 256, 0, 96, 64, 0, NO_AVX512,
     "AMD pub. 56305 (Zen 2 core, as Rome); AMD Ryzen 9 3950X max boost 4.7 GHz"},
    {"AuthenticAMD", 0x19, 0x00, 0x0f, "Zen 3 Milan / Chagall (EPYC 7003, Threadripper PRO 5000)", 4.5, 2, 256, 0, 96, 64, 0, NO_AVX512,
     "AMD Software Optimization Guide for AMD EPYC 7003 Processors, pub. 56665 (four FP pipes, two of them FMA, 256-bit; 3 loads (2 if 256-bit) + 2 stores (1 if 256-bit) per clock; L2 to L1 32 B/clk); AMD EPYC 72F3 max boost 4.1 GHz, Threadripper PRO 5995WX 4.5 GHz"},
    {"AuthenticAMD", 0x19, 0x20, 0x5f, "Zen 3 client (Ryzen 5000/6000/7035)", 5.0, 2, 256, 0, 96, 64, 0, NO_AVX512,
     "AMD pub. 56665 (Zen 3 core); AMD Ryzen 9 5950X max boost 4.9 GHz, Ryzen 9 6980HX 5.0 GHz"},
    {"AuthenticAMD", 0x19, 0x10, 0x1f, "Zen 4 Genoa / Storm Peak (EPYC 9004, Threadripper 7000)", 5.3, 2, 256, 0, 96, 64, 0, 0,
     "AMD Software Optimization Guide for the AMD Zen 4 Microarchitecture, pub. 57647 (two 256-bit FMA pipes; AVX-512 executes as two 256-bit halves; 2x32 B loads + 32 B store per clock; L2 to L1 32 B/clk); AMD EPYC 9174F max boost 4.4 GHz, Threadripper 7960X 5.3 GHz"},
    {"AuthenticAMD", 0x19, 0x60, 0xaf, "Zen 4 client and dense server (Ryzen 7000/8000, EPYC 8004/9004 Bergamo)", 5.7, 2, 256, 0, 96, 64, 0, 0,
     "AMD pub. 57647 (Zen 4 / Zen 4c core); AMD Ryzen 9 7950X max boost 5.7 GHz"},
    {"AuthenticAMD", 0x1a, 0x00, 0x1f, "Zen 5 Turin (EPYC 9005)", 5.0, 2, 512, 0, 192, 128, 0, NEEDS_AVX512,
     "AMD Software Optimization Guide for the AMD Zen 5 Microarchitecture, pub. 58455 (full 512-bit FP datapath on server and desktop parts: two 512-bit FMA pipes; 2x64 B loads + 64 B store per clock; 64 B/clk between L2 and L1); AMD EPYC 9175F max boost 5.0 GHz"},
    {"AuthenticAMD", 0x1a, 0x20, 0x2f, "Zen 5 Strix Point (Ryzen AI 300)", 5.1, 2, 256, 0, 96, 128, 0, NEEDS_AVX512,
     "AMD pub. 58455 (mobile Zen 5 keeps a 256-bit FP datapath); AMD Ryzen AI 9 HX 370 max boost 5.1 GHz"},
    {"AuthenticAMD", 0x1a, 0x40, 0x7f, "Zen 5 client (Ryzen 9000, Krackan, Strix Halo)", 5.7, 2, 512, 0, 192, 128, 0, NEEDS_AVX512,
     "AMD pub. 58455 (two 512-bit FMA pipes on desktop parts; Krackan and Strix Halo counted the same, an upper figure); AMD Ryzen 9 9950X max boost 5.7 GHz"},
    {"ARM", 0x41, 0xd0c, 0xd0c, "Neoverse N1 (Ampere Altra, AWS Graviton2)", 3.3, 2, 128, 0, 48, 64, 0, 0,
     "Arm Neoverse N1 Software Optimization Guide (two 128-bit FP/ASIMD pipes with FMA; 2x16 B loads + 16 B store per clock); Ampere Altra Q80-33 3.3 GHz"},
    {"ARM", 0x41, 0xd40, 0xd40, "Neoverse V1 (AWS Graviton3)", 2.6, 4, 128, 0, 96, 128, 4, 0,
     "Arm Neoverse V1 Software Optimization Guide (four 128-bit FP pipes, or two 256-bit SVE; BFMMLA 16 MACs per instruction vs FMLA's 4, SMMLA 32); AWS Graviton3 2.6 GHz"},
    {"ARM", 0x41, 0xd49, 0xd49, "Neoverse N2 (Azure Cobalt 100, Alibaba Yitian 710)", 3.4, 2, 128, 0, 64, 128, 4, 0,
     "Arm Neoverse N2 Software Optimization Guide (two 128-bit SVE2 pipes; BF16 and I8MM); Azure Cobalt 100 3.4 GHz"},
    {"ARM", 0x41, 0xd4f, 0xd4f, "Neoverse V2 (NVIDIA Grace, AWS Graviton4, Google Axion)", 3.4, 4, 128, 0, 96, 128, 4, 0,
     "Arm Neoverse V2 Software Optimization Guide (four 128-bit FP pipes; BF16 and I8MM); NVIDIA Grace up to 3.4 GHz (Graviton4 2.8, Axion 3.0)"},
};

#define NUM_ROWS (sizeof table / sizeof table[0])

const SolCalUarch *sol_cal_uarch_table(size_t *n)
{
    *n = NUM_ROWS;
    return table;
}

/* The detected ISA allows the row: its vector width and matrix unit are what the CPU shows. */
static bool isa_allows(const SolCalUarch *u, const SolCalIsa *isa)
{
    if ((u->isa & NEEDS_AVX512) && !isa->avx512f)
        return false;
    if ((u->isa & NO_AVX512) && isa->avx512f)
        return false;
    if ((u->isa & NEEDS_AMX) && !isa->amx_tile)
        return false;
    if (!(u->isa & NEEDS_AMX) && isa->amx_tile && strcmp(u->vendor, "GenuineIntel") == 0)
        return false;
    return true;
}

static bool matches(const SolCalUarch *u, const SolCpuIdent *c)
{
    return strcmp(u->vendor, c->vendor) == 0 && u->family == c->family &&
           c->model >= u->model_lo && c->model <= u->model_hi;
}

/* The largest figure of each column over the rows `use` admits. */
static void merge(SolCalUarch *out, const SolCalUarch *u)
{
    out->max_ghz = fmax(out->max_ghz, u->max_ghz);
    double have = (double)out->ports * out->bits, add = (double)u->ports * u->bits;
    if (add > have)
        out->ports = u->ports, out->bits = u->bits;
    out->amx = out->amx > u->amx ? out->amx : u->amx;
    out->l1 = out->l1 > u->l1 ? out->l1 : u->l1;
    out->l2 = out->l2 > u->l2 ? out->l2 : u->l2;
    out->mmla = out->mmla > u->mmla ? out->mmla : u->mmla;
}

/* The widest vector the ISA has, in bits. */
static uint32_t isa_bits(const SolCalIsa *isa)
{
    return isa->avx512f ? 512 : isa->avx2 || isa->fma ? 256 : 128;
}

void sol_cal_uarch_find(const SolCpuIdent *cpu, const SolCalIsa *isa, SolCalUarch *out,
                        char *how, size_t how_size)
{
    memset(out, 0, sizeof *out);
    const SolCalUarch *row = NULL;
    for (size_t i = 0; i < NUM_ROWS && !row; i++)
        if (matches(&table[i], cpu))
            row = &table[i];
    if (row && isa_allows(row, isa)) {
        *out = *row;
        snprintf(how, how_size, "%s %u/0x%x: %s", cpu->vendor, cpu->family, cpu->model,
                 row->name);
        return;
    }
    /* Every row of the vendor the ISA allows, each figure at its largest. */
    out->vendor = cpu->vendor[0] ? cpu->vendor : "unknown";
    out->name = "unknown core";
    out->source = "no table row: the largest figure of every row of this vendor the detected "
                  "ISA allows (lib/Calibrate/uarch.c)";
    bool any = false;
    for (size_t i = 0; i < NUM_ROWS; i++)
        if (strcmp(table[i].vendor, cpu->vendor) == 0 && isa_allows(&table[i], isa))
            merge(out, &table[i]), any = true;
    if (!any) {
        /* An unknown vendor: two pipes of the widest vector the ISA has, at the highest clock
         * of any row. */
        for (size_t i = 0; i < NUM_ROWS; i++)
            out->max_ghz = fmax(out->max_ghz, table[i].max_ghz);
        out->ports = 2, out->bits = (uint16_t)isa_bits(isa);
        out->amx = isa->amx_bf16 ? 1024 : 0;
        out->l1 = 256, out->l2 = 128, out->mmla = 4;
        out->source = "no table row for this vendor: two FMA pipes of the widest vector the ISA "
                      "has, at the highest clock of any row (lib/Calibrate/uarch.c)";
    }
    if (row)
        snprintf(how, how_size,
                 "%s %u/0x%x names %s, but the CPU shows another ISA (a hypervisor's model "
                 "number?): every %s row the ISA allows, at its largest",
                 cpu->vendor, cpu->family, cpu->model, row->name, out->vendor);
    else
        snprintf(how, how_size, "%s %u/0x%x is not in the table: %s", cpu->vendor, cpu->family,
                 cpu->model, any ? "every row of this vendor the ISA allows, at its largest"
                                 : "the widest ISA vector at the highest known clock");
}

void sol_cal_uarch_peaks(const SolCalUarch *u, const SolCalIsa *isa, uint32_t cores,
                         SolCalPeaks *p)
{
    memset(p, 0, sizeof *p);
    p->ghz = u->max_ghz;
    p->cores = cores;
    double hz = u->max_ghz * 1e9 * cores;
    double f32 = u->ports * (u->bits / 32.0) * 2 * hz; /* FMA = 2 FLOP per lane */
    p->vector[SOL_CAL_VEC_F32] = f32;
    p->vector[SOL_CAL_VEC_F64] = f32 / 2;
    if (isa->avx512_fp16)
        p->vector[SOL_CAL_VEC_F16] = 2 * f32;
    if (u->mmla) { /* Arm: BFMMLA and SMMLA */
        p->vector[SOL_CAL_VEC_BF16] = u->mmla * f32;
        p->vector[SOL_CAL_VEC_I8] = 2 * u->mmla * f32;
    } else {
        if (isa->avx512_bf16)
            p->vector[SOL_CAL_VEC_BF16] = 2 * f32;
        if (isa->avx2 || isa->avx512f)
            p->vector[SOL_CAL_VEC_I8] = 4 * f32;
    }
    if (u->amx && isa->amx_bf16)
        p->matrix[SOL_CAL_MAT_BF16] = u->amx * hz;
    if (u->amx && isa->amx_int8)
        p->matrix[SOL_CAL_MAT_I8] = 2.0 * u->amx * hz;
    if (u->amx && isa->amx_fp16)
        p->matrix[SOL_CAL_MAT_F16] = u->amx * hz;
    p->l1 = u->l1 * hz;
    p->l2 = u->l2 * hz;
}

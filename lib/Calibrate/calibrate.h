/*
 * SolarCalibrate, the logic of solar-calibrate: a device model of the running machine in the
 * hardware/ schema (lib/Analysis/device.h) with "measured": true.
 *
 * A SOL bound divides work by these rates, so a rate too low lets a real kernel beat the
 * bound, and a measured rate is only a lower estimate of a peak. The model's peaks and cache
 * bandwidths therefore come from the microarchitecture (uarch.c: the core's row by CPUID),
 * and the measurements are kept beside them as checks that may never exceed them (one that
 * does marks a wrong row and is used instead). DRAM, which no CPUID names a peak for, keeps
 * the highest rate any method reached (best of several repetitions and kernels). A unit the
 * ISA has but C cannot drive here is given its documented per-cycle rate.
 *
 * Files: uarch.c (the microarchitecture table and its peaks), isa.c (CPUID, OS support, AMX
 * permission), clock.c (the core clock from a dependent
 * add chain), flops.c (FMA chains per dtype), amx.c (AMX tile dot products), bandwidth.c
 * (read / write / non-temporal write / copy / triad kernels per memory level), caches.c (sysfs
 * cache geometry), team.c (one thread per core, started together), run.c (all of it in
 * order), model.c (the JSON model, merged with an earlier one under --keep-highest).
 * tools/solar-calibrate has the flags, the summary it prints and the file it writes.
 */
#ifndef SOLAR_CALIBRATE_CALIBRATE_H
#define SOLAR_CALIBRATE_CALIBRATE_H

#include "Analysis/host_cpu.h"
#include "Support/tool.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ---- instruction set ----------------------------------------------------------------- */

typedef struct SolCalIsa {
    bool fma, avx2, avx512f, avx512_bf16, avx512_fp16, avx512_vnni;
    bool amx_tile, amx_bf16, amx_int8, amx_fp16;
    bool amx_usable;  /* the kernel granted the tile-data state (arch_prctl) */
    bool neon;        /* aarch64 */
    bool fp16_kernel; /* this build can drive AVX512-FP16 from C (gcc >= 12, clang >= 15) */
    char model[128];  /* the CPU's brand string, or "unknown" */
} SolCalIsa;

void sol_cal_isa_detect(SolCalIsa *isa);
/* "AVX-512F AVX-512 BF16 ... AMX-BF16" for the report. */
void sol_cal_isa_describe(const SolCalIsa *isa, char *out, size_t size);

/* ---- threads ------------------------------------------------------------------------- */

/* Runs fn(arg, thread_index) on `threads` threads that start together; returns the wall time in
 * seconds from the common start to the last thread's end. */
typedef void (*SolCalWork)(void *arg, int thread_index);
double sol_cal_team_run(int threads, SolCalWork fn, void *arg);
double sol_cal_now(void); /* CLOCK_MONOTONIC seconds */

/* A compute kernel: runs `iters` fixed blocks of instructions and returns a value that depends
 * on all of them (so none is dead code). */
typedef double (*SolCalKernel)(uint64_t iters);

/* ---- measurements -------------------------------------------------------------------- */

/* A figure measured by several methods: the best is the one kept, min for the spread. */
typedef struct SolCalRate {
    const char *what;   /* "vector f32", "DRAM read", ... */
    const char *method; /* the method that reached `best` */
    double best, worst; /* over every method and repetition */
    int samples;
    bool derived; /* documented per-cycle rate times the measured clock, not run */
    char note[160];
} SolCalRate;

void sol_cal_rate_add(SolCalRate *r, const char *method, double value);

typedef struct SolCalOptions {
    int threads;    /* cores to load (default: every online CPU) */
    int repeats;    /* repetitions per kernel; the best counts */
    double seconds; /* target duration of one repetition */
    bool quick;     /* small buffers and short runs: for tests, not for a model to trust */
    bool verbose;
} SolCalOptions;

/* Runs `kernel` on every thread for about o->seconds, o->repeats times; adds each rate
 * (threads x iters x op_per_iter / wall time) to `out` under `method`. */
void sol_cal_measure_kernel(const SolCalOptions *o, SolCalKernel kernel, double op_per_iter,
                            const char *method, SolCalRate *out);

/* The core clock in GHz under a one-thread dependent chain of integer adds (1 cycle each). */
double sol_cal_clock_ghz(const SolCalOptions *o);

/* Peak FLOP/s (OP/s for integers) of the vector unit for one dtype ("f64", "f32", "f16",
 * "bf16", "i8") on every core; false when the ISA has no such kernel here. */
bool sol_cal_vector_peak(const SolCalIsa *isa, const char *dtype, const SolCalOptions *o,
                         SolCalRate *out);
/* Peak of AMX tile dot products for "bf16" or "i8" on every core; false when unusable. */
bool sol_cal_amx_peak(const SolCalIsa *isa, const char *dtype, const SolCalOptions *o,
                      SolCalRate *out);

/* Cache geometry from /sys/devices/system/cpu/cpu0/cache. */
typedef struct SolCalCache {
    int level;      /* 1, 2, 3 */
    uint64_t bytes; /* one instance */
    int instances;  /* how many instances the online CPUs have */
    int cpus_per_instance;
} SolCalCache;
/* Data and unified caches, innermost first; returns the count (0 when sysfs says nothing). */
int sol_cal_caches_read(SolCalCache *out, int max);
uint64_t sol_cal_dram_bytes(void); /* MemTotal from /proc/meminfo */

/* Bandwidth of the level a working set of `bytes` (over all threads) lives in. `dram` picks
 * the kernels that make sense there (non-temporal stores; no repeated passes). Fills the read
 * and write ceilings; the sum of the best read and write rates is what the model records for
 * a cache level (separate load and store ports), the best single kernel for DRAM. */
void sol_cal_bandwidth(const SolCalIsa *isa, uint64_t bytes, bool dram, const SolCalOptions *o,
                       SolCalRate *reads, SolCalRate *writes, SolCalRate *mixed);

/* ---- the whole measurement --------------------------------------------------------------- */

enum {
    SOL_CAL_VEC_F64,
    SOL_CAL_VEC_F32,
    SOL_CAL_VEC_F16,
    SOL_CAL_VEC_BF16,
    SOL_CAL_VEC_I8,
    SOL_CAL_VEC_COUNT
};
enum { SOL_CAL_MAT_BF16, SOL_CAL_MAT_I8, SOL_CAL_MAT_F16, SOL_CAL_MAT_COUNT };
extern const char *const sol_cal_vector_dtypes[SOL_CAL_VEC_COUNT]; /* "f64", "f32", ... */
extern const char *const sol_cal_matrix_dtypes[SOL_CAL_MAT_COUNT];

#define SOL_CAL_MAX_CACHES 8

/* ---- peaks from the microarchitecture (uarch.c) ----------------------------------------- */

/* One row of the table: a core, by CPUID vendor, family and a range of display models. */
typedef struct SolCalUarch {
    const char *vendor;
    uint32_t family, model_lo, model_hi;
    const char *name;
    double max_ghz;       /* the highest clock any SKU with this core reaches */
    uint8_t ports;        /* FMA pipes of the widest vector */
    uint16_t bits;        /* their width */
    uint16_t amx;         /* AMX BF16 FLOP/clk/core, 0: none */
    uint16_t l1, l2;      /* bytes/clk/core: L1D loads + stores; L2 <-> L1 both ways */
    uint8_t mmla;         /* Arm: bf16 MMLA rate / f32 FMA rate (0: none) */
    uint8_t isa;          /* what the detected ISA must show (uarch.c) */
    const char *source;
} SolCalUarch;

/* The whole table (grep-able: lib/Calibrate/uarch.c). */
const SolCalUarch *sol_cal_uarch_table(size_t *n);
/* The row of cpu whose ISA the detected one matches, or (no row, or one the ISA contradicts:
 * a hypervisor's model number) a row with the largest figure of every row of the vendor the
 * ISA allows; `how` says which. */
void sol_cal_uarch_find(const SolCpuIdent *cpu, const SolCalIsa *isa, SolCalUarch *out,
                        char *how, size_t how_size);

/* A machine's peaks from its core's row: `cores` physical cores at the row's clock. 0 where
 * the machine has no such unit. */
typedef struct SolCalPeaks {
    double vector[SOL_CAL_VEC_COUNT], matrix[SOL_CAL_MAT_COUNT]; /* FLOP/s (OP/s) */
    double l1, l2;                                               /* bytes/s, all cores */
    double ghz;
    uint32_t cores;
} SolCalPeaks;
void sol_cal_uarch_peaks(const SolCalUarch *u, const SolCalIsa *isa, uint32_t cores,
                         SolCalPeaks *out);

/* One memory level: its geometry and the rates its kernels reached. */
typedef struct SolCalLevel {
    char name[16];  /* "DRAM", "L3", "L2", "L1D" */
    uint64_t bytes; /* one instance */
    int units;      /* instances (1 for DRAM and a shared cache) */
    int cpus_per_unit;
    uint64_t working_set; /* bytes of one array over all threads, as measured */
    SolCalRate reads, writes, mixed;
    double bandwidth; /* the figure written: see sol_cal_level_bandwidth */
} SolCalLevel;

typedef struct SolCalResult {
    SolCalIsa isa;
    SolCpuIdent cpu;     /* CPUID identity and physical cores */
    SolCalUarch uarch;   /* the table row used */
    char uarch_how[256]; /* how it was chosen */
    SolCalPeaks peaks;   /* the microarchitecture's peaks: the model's figures */
    int threads;
    bool quick;
    char date[32]; /* UTC, ISO 8601 */
    double clock_ghz;
    SolCalRate vector[SOL_CAL_VEC_COUNT], matrix[SOL_CAL_MAT_COUNT];
    SolCalLevel levels[SOL_CAL_MAX_CACHES + 1]; /* DRAM first, then caches outermost first */
    int num_levels;
} SolCalResult;

/* Runs every measurement. With `log` non-NULL, a progress line on stderr names each step
 * when stderr is a terminal (Support/progress.h); otherwise it runs quietly. */
void sol_cal_run(const SolCalOptions *o, SolCalResult *r, const SolTool *log);

/* The device model as JSON text (heap, free()). With `previous` (a model of this machine
 * from an earlier run), every peak and bandwidth is the higher of the two figures, and each
 * figure kept from `previous` says so in sources: a bound must use the highest rate this
 * machine was ever seen to reach, and a turbo clock varies from run to run. */
struct SolDevice;
char *sol_cal_model_json(const SolCalResult *r, const char *name, const struct SolDevice *previous);

#endif /* SOLAR_CALIBRATE_CALIBRATE_H */

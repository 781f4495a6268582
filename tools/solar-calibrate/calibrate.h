/*
 * solar-calibrate: measures the running machine the way an empirical roofline toolkit does and
 * writes a device model in the hardware/ schema (lib/Analysis/device.h) with "measured": true.
 *
 * A SOL bound divides work by these rates, so a rate measured too low would let a real kernel
 * beat the bound. Every figure is therefore the *highest* rate any method reached (best of
 * several repetitions, several kernels per figure), the spread is printed beside it, and a
 * unit the ISA has but C cannot drive here is given its documented per-cycle rate at the
 * measured clock rather than left out (a missing peak makes the bound fall back to a slower
 * unit, which is again a bound that can be beaten).
 *
 * Files: isa.c (CPUID, OS support, AMX permission), clock.c (the core clock from a dependent
 * add chain), flops.c (FMA chains per dtype), amx.c (AMX tile dot products), bandwidth.c
 * (read / write / non-temporal write / copy / triad kernels per memory level), caches.c (sysfs
 * cache geometry), team.c (one thread per core, started together), model.c (the JSON model).
 */
#ifndef SOLAR_CALIBRATE_H
#define SOLAR_CALIBRATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ---- instruction set ----------------------------------------------------------------- */

typedef struct CalIsa {
    bool fma, avx2, avx512f, avx512_bf16, avx512_fp16, avx512_vnni;
    bool amx_tile, amx_bf16, amx_int8;
    bool amx_usable;  /* the kernel granted the tile-data state (arch_prctl) */
    bool neon;        /* aarch64 */
    bool fp16_kernel; /* this build can drive AVX512-FP16 from C (gcc >= 12, clang >= 15) */
    char model[128];  /* the CPU's brand string, or "unknown" */
} CalIsa;

void cal_isa_detect(CalIsa *isa);
/* "AVX-512F AVX-512 BF16 ... AMX-BF16" for the report. */
void cal_isa_describe(const CalIsa *isa, char *out, size_t size);

/* ---- threads ------------------------------------------------------------------------- */

/* Runs fn(arg, thread_index) on `threads` threads that start together; returns the wall time in
 * seconds from the common start to the last thread's end. */
typedef void (*CalWork)(void *arg, int thread_index);
double cal_team_run(int threads, CalWork fn, void *arg);
double cal_now(void); /* CLOCK_MONOTONIC seconds */

/* A compute kernel: runs `iters` fixed blocks of instructions and returns a value that depends
 * on all of them (so none is dead code). */
typedef double (*CalKernel)(uint64_t iters);

/* ---- measurements -------------------------------------------------------------------- */

/* A figure measured by several methods: the best is the one kept, min for the spread. */
typedef struct CalRate {
    const char *what;   /* "vector f32", "DRAM read", ... */
    const char *method; /* the method that reached `best` */
    double best, worst; /* over every method and repetition */
    int samples;
    bool derived; /* documented per-cycle rate times the measured clock, not run */
    char note[160];
} CalRate;

void cal_rate_add(CalRate *r, const char *method, double value);

typedef struct CalOptions {
    int threads;     /* cores to load (default: every online CPU) */
    int repeats;     /* repetitions per kernel; the best counts */
    double seconds;  /* target duration of one repetition */
    bool quick;      /* small buffers and short runs: for tests, not for a model to trust */
    bool verbose;
} CalOptions;

/* Runs `kernel` on every thread for about o->seconds, o->repeats times; adds each rate
 * (threads x iters x op_per_iter / wall time) to `out` under `method`. */
void cal_measure_kernel(const CalOptions *o, CalKernel kernel, double op_per_iter,
                        const char *method, CalRate *out);

/* The core clock in GHz under a one-thread dependent chain of integer adds (1 cycle each). */
double cal_clock_ghz(const CalOptions *o);

/* Peak FLOP/s (OP/s for integers) of the vector unit for one dtype ("f64", "f32", "f16",
 * "bf16", "i8") on every core; false when the ISA has no such kernel here. */
bool cal_vector_peak(const CalIsa *isa, const char *dtype, const CalOptions *o, CalRate *out);
/* Peak of AMX tile dot products for "bf16" or "i8" on every core; false when unusable. */
bool cal_amx_peak(const CalIsa *isa, const char *dtype, const CalOptions *o, CalRate *out);

/* Cache geometry from /sys/devices/system/cpu/cpu0/cache. */
typedef struct CalCache {
    int level;          /* 1, 2, 3 */
    uint64_t bytes;     /* one instance */
    int instances;      /* how many instances the online CPUs have */
    int cpus_per_instance;
} CalCache;
/* Data and unified caches, innermost first; returns the count (0 when sysfs says nothing). */
int cal_caches_read(CalCache *out, int max);
uint64_t cal_dram_bytes(void); /* MemTotal from /proc/meminfo */

/* Bandwidth of the level a working set of `bytes` (over all threads) lives in. `dram` picks
 * the kernels that make sense there (non-temporal stores; no repeated passes). Fills the read
 * and write ceilings; the sum of the best read and write rates is what the model records for
 * a cache level (separate load and store ports), the best single kernel for DRAM. */
void cal_bandwidth(const CalIsa *isa, uint64_t bytes, bool dram, const CalOptions *o,
                   CalRate *reads, CalRate *writes, CalRate *mixed);

/* ---- the whole measurement --------------------------------------------------------------- */

enum { CAL_VEC_F64, CAL_VEC_F32, CAL_VEC_F16, CAL_VEC_BF16, CAL_VEC_I8, CAL_VEC_COUNT };
enum { CAL_MAT_BF16, CAL_MAT_I8, CAL_MAT_COUNT };
extern const char *const cal_vector_dtypes[CAL_VEC_COUNT]; /* "f64", "f32", ... */
extern const char *const cal_matrix_dtypes[CAL_MAT_COUNT];

#define CAL_MAX_CACHES 8

/* One memory level: its geometry and the rates its kernels reached. */
typedef struct CalLevel {
    char name[16];      /* "DRAM", "L3", "L2", "L1D" */
    uint64_t bytes;     /* one instance */
    int units;          /* instances (1 for DRAM and a shared cache) */
    int cpus_per_unit;
    uint64_t working_set; /* bytes of one array over all threads, as measured */
    CalRate reads, writes, mixed;
    double bandwidth; /* the figure written: see cal_level_bandwidth */
} CalLevel;

typedef struct CalResult {
    CalIsa isa;
    int threads;
    bool quick;
    char date[32]; /* UTC, ISO 8601 */
    double clock_ghz;
    CalRate vector[CAL_VEC_COUNT], matrix[CAL_MAT_COUNT];
    CalLevel levels[CAL_MAX_CACHES + 1]; /* DRAM first, then caches outermost first */
    int num_levels;
} CalResult;

/* Runs every measurement (progress on `log` when non-NULL). */
void cal_run(const CalOptions *o, CalResult *r, FILE *log);

/* The device model as JSON text (heap, free()). With `previous` (a model of this machine
 * from an earlier run), every peak and bandwidth is the higher of the two figures, and each
 * figure kept from `previous` says so in sources: a bound must use the highest rate this
 * machine was ever seen to reach, and a turbo clock varies from run to run. */
struct SolDevice;
char *cal_model_json(const CalResult *r, const char *name, const struct SolDevice *previous);

#endif /* SOLAR_CALIBRATE_H */

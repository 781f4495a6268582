/*
 * Device models: the machine descriptions in hardware/NAME.json that the SOL report and
 * tile-for-cache read (DESIGN.md §5). One JSON file per device:
 *
 *   {
 *     "name": "H100-SXM",                 file stem = lowercase name (`--hw h100-sxm`)
 *     "description": "...",               optional
 *     "clock_ghz": 1.98,                  > 0; the boost clock behind the FP32 peaks
 *     "measured": false,                  optional; true for figures measured on a machine
 *     "peak_flops": {                     dense FLOP/s (OP/s for integers) at boost clock,
 *       "matrix": { "tf32": 494.7e12 },   never sparse; each > 0; omit a dtype the unit lacks
 *       "vector": { "f32": 66.9e12 }      dtypes: f64 f32 tf32 bf16 f16 f8 f6 f4 i8 i4
 *     },
 *     "memory": [                         outermost (DRAM) first, at least one level
 *       { "name": "DRAM", "bytes": 80000000000, "bandwidth": 3.35e12 },
 *       { "name": "L2", "bytes": 52428800, "sharing_domain": 18 },
 *       { "name": "RF", "bytes": 262144, "units": 132, "shared_by": "..." }
 *     ],
 *     "sources": [ "URL or document: what it supports", ... ]    at least one
 *   }
 *
 * `bytes` is an integer capacity (per unit when `units` is given; below 2^63); `bandwidth` is
 * the aggregate ceiling in bytes/s over all units, omitted or null where no trustworthy figure
 * exists (never a low guess: a bound divides by it); the DRAM level must have one. `units`
 * (default 1) counts per-SM or per-core copies; `shared_by` is a note on who shares one unit,
 * checked to be a string and not kept. Unknown keys and duplicate keys are errors, so a typo
 * ("bandwith") is reported rather than ignored.
 *
 * For the cache-aware bound (cache_bound.h): `sharing_domain` (an integer >= 1, optional) on
 * a level says how many units of the per-unit levels below it (SMs, cores) can exchange data
 * without it crossing this level: a GPC on Hopper (distributed shared memory and TMA
 * multicast stay inside a cluster, and clusters inside a GPC), 1 SM where SMs only meet
 * through L2; omitted, all of them count as one processor, the safe choice when unknown.
 * `bandwidth_reads_only` (optional, default false) marks a bandwidth that is a read rate: the
 * bound counts reads plus writes, so such a figure is not used as their ceiling. The
 * register level is the one named "RF" (its `bytes` per unit, times `units`).
 * `bandwidth_estimate` (optional, default false) marks a bandwidth derived from per-clock
 * widths (bytes/clock per SM x SMs x the highest clock) rather than published or measured: an
 * upper estimate, and the report says so. `kernel_scoped` (optional, default false) marks
 * storage whose contents do not outlive a kernel (registers, shared and tensor memory, an L1
 * invalidated at every launch): it holds no warm input at a kernel's start and no dirty output
 * at its end (docs/bounds.md, cache state). Unmarked storage is assumed to persist, the safe
 * side (more persistent storage can only lower the bytes charged).
 *
 * `fp32_matmul` (optional): {"default": "ieee"|"tf32"|"bf16", "reason": "..."}, the numeric
 * contract of f32 contractions assumed unless `--fp32-matmul` says otherwise: the fastest mode
 * a library uses for f32 inputs on this device, with why (docs/bounds.md). Absent: "tf32"
 * where the file lists a TF32 matrix peak, else "ieee".
 *
 * `cpu` (optional, models of a CPU host): {"vendor": "GenuineIntel", "family": 6, "model":
 * 143, "brand": "...", "cores": 56}, the CPUID identity of the machine the model describes, so
 * that `--hw host` can tell when it runs on another CPU (host_cpu.h).
 *
 * Errors are appended to `err` (no trailing newline) and start with the file, then the field:
 *   hardware/x.json: memory[1].bandwidth: expected a number of bytes/s, got "fast"
 *   hardware/x.json:3:15: malformed JSON near '}'
 */
#ifndef SOLAR_ANALYSIS_DEVICE_H
#define SOLAR_ANALYSIS_DEVICE_H

#include "Support/support.h"

typedef struct SolPeak {
    char *dtype;  /* "tf32", "f16", ... (one of the dtypes above) */
    double flops; /* dense FLOP/s, > 0 */
} SolPeak;

typedef struct SolMemLevel {
    char *name;
    uint64_t bytes;   /* capacity of one unit */
    double bandwidth; /* aggregate bytes/s over all units; 0 = unknown */
    uint32_t units;   /* 1 unless per-SM / per-core (then the SM or core count) */
    uint32_t sharing_domain;   /* units below that share data without crossing; 0: all */
    bool bandwidth_reads_only; /* the bandwidth is a read rate, not reads + writes */
    bool bandwidth_estimate;   /* derived from per-clock widths: an upper estimate */
    bool kernel_scoped;        /* contents do not outlive a kernel */
} SolMemLevel;

/* The numeric contract of f32 contractions (`--fp32-matmul`), strictest first: which
 * matrix-unit modes a library may use for f32 inputs. SOL_FP32_DEVICE: the device's default. */
typedef enum SolFp32Matmul {
    SOL_FP32_DEVICE,
    SOL_FP32_IEEE, /* IEEE f32 products: the vector unit, a native f32 matrix mode, or an
                      emulation as accurate (cuBLAS BF16x9 on Blackwell) */
    SOL_FP32_TF32, /* TF32 tensor cores (10-bit mantissa): cuDNN/cuBLAS/JAX TF32 modes */
    SOL_FP32_BF16, /* inputs rounded to bf16/f16: PyTorch "medium", cuBLAS FAST_16BF/16F */
} SolFp32Matmul;

/* "device", "ieee", "tf32", "bf16". */
const char *sol_fp32_matmul_name(SolFp32Matmul m);
/* One of the names above (not "device"); false otherwise. */
bool sol_fp32_matmul_parse(const char *s, SolFp32Matmul *out);

/* A CPU's identity (CPUID on x86; MIDR implementer and part on Arm as family and model). */
typedef struct SolCpuIdent {
    char vendor[16];  /* "GenuineIntel", "AuthenticAMD", "ARM", ... */
    uint32_t family;  /* x86: display family (base + extended); Arm: implementer */
    uint32_t model;   /* x86: display model; Arm: part number */
    char brand[64];   /* brand string, or "" */
    uint32_t cores;   /* physical cores (0: unknown) */
} SolCpuIdent;

typedef struct SolDevice {
    char *name;        /* the file's "name" */
    char *path;        /* file read (the `name` argument for sol_device_parse) */
    char *description; /* NULL when absent */
    double clock_ghz;
    bool measured;
    SolPeak *matrix; /* in file order */
    uint32_t num_matrix;
    SolPeak *vector;
    uint32_t num_vector;
    SolMemLevel *levels; /* outermost (DRAM) first; num_levels >= 1 */
    uint32_t num_levels;
    char **sources;
    uint32_t num_sources;
    SolFp32Matmul fp32_default; /* never SOL_FP32_DEVICE once loaded */
    char *fp32_reason;          /* why that default (the file's, or the rule used) */
    bool has_cpu;
    SolCpuIdent cpu;            /* valid when has_cpu */
} SolDevice;

/* `name` is a file stem, matched case-insensitively on the search path (the first directory
 * holding it wins), or a path: anything ending in ".json" or containing '/'. An unknown stem
 * is an error listing the available stems and the search path. On failure *out owns nothing. */
bool sol_device_load(const char *name, SolDevice *out, SolBuf *err);
bool sol_device_load_file(const char *path, SolDevice *out, SolBuf *err);
/* Parses JSON text (`name` starts the messages and becomes out->path) — for unit tests and
 * fuzzing. The text need not be NUL-terminated. */
bool sol_device_parse(const char *text, size_t len, const char *name, SolDevice *out, SolBuf *err);
/* Frees everything *d owns and zeroes it (a zeroed SolDevice may be freed too). */
void sol_device_free(SolDevice *d);

/* The search path, appended to the buffer colon-separated: the SOLAR_HARDWARE_PATH entries
 * (colon-separated, empty entries skipped) first, then <dir of the running
 * executable>/../share/solar/hardware, then SOLAR_SOURCE_HARDWARE_DIR (the source tree's
 * hardware/, compiled in). Duplicates are dropped; directories need not exist. */
void sol_device_search_path(SolBuf *out_colon_separated);

/* Every *.json file on the search path (the first occurrence of each stem wins, stems compared
 * case-insensitively), sorted by lowercase stem; heap strings, free with
 * sol_device_list_free. Never NULL (a zero-length list has one unused slot). */
char **sol_device_list(size_t *n);
void sol_device_list_free(char **paths, size_t n);

/* Peak FLOP/s of a dtype on the matrix or vector unit, 0 when the device has none. */
double sol_device_peak(const SolDevice *d, bool matrix, const char *dtype);
/* levels[0], the DRAM level (NULL only for a zeroed device). */
const SolMemLevel *sol_device_dram(const SolDevice *d);
/* Bytes of the storage below level k (levels k+1, ...) that outlives a kernel: the levels
 * not marked kernel_scoped, times their units (saturating). */
uint64_t sol_device_persistent_below(const SolDevice *d, uint32_t k);

/* A header line, then one line per device for `solar-opt --list-hw`: stem, name, matrix
 * bf16 and tf32 and vector f32 in TFLOP/s, DRAM bandwidth in TB/s, DRAM capacity in GB ("-"
 * for a peak the device lacks) and the default f32 contract. A file that fails to load prints
 * its stem and the error. */
void sol_device_print_table(FILE *out, char **paths, size_t n);

#endif /* SOLAR_ANALYSIS_DEVICE_H */

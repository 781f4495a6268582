/*
 * The whole calibration in order: ISA and the core's row in the microarchitecture table (the
 * peaks the model uses, uarch.c), clock, the measured vector and matrix rates (checks on those
 * peaks), then memory from the outside in. Where the ISA has a unit this build cannot drive (AMX without the kernel's
 * permission, AVX512-FP16 under a compiler without its intrinsics) the peak is derived from
 * the documented per-cycle rate and the measured clock, and marked as such.
 */
#include "Calibrate/calibrate.h"

#include "Support/progress.h"

#include <string.h>
#include <time.h>

const char *const sol_cal_vector_dtypes[SOL_CAL_VEC_COUNT] = {"f64", "f32", "f16", "bf16", "i8"};
const char *const sol_cal_matrix_dtypes[SOL_CAL_MAT_COUNT] = {"bf16", "i8", "f16"};

/* Intel: a 4th-generation Xeon core's TMUL does 1024 BF16 or 2048 INT8 operations per cycle
 * (Intel AMX overview; 16 x 16 x 32 multiply-adds per TDPBF16PS every 16 cycles). */
static const double amx_op_per_cycle[SOL_CAL_MAT_COUNT] = {1024, 2048, 1024};

static void derive(SolCalRate *r, double value, const char *method, const char *why)
{
    sol_cal_rate_add(r, method, value);
    r->derived = true;
    snprintf(r->note, sizeof r->note, "%s", why);
}

static void measure_compute(const SolCalOptions *o, SolCalResult *r, SolProgress *p, size_t *step)
{
    for (int d = 0; d < SOL_CAL_VEC_COUNT; d++) {
        r->vector[d].what = sol_cal_vector_dtypes[d];
        char what[32];
        snprintf(what, sizeof what, "vector %s", sol_cal_vector_dtypes[d]);
        sol_progress_update(p, (*step)++, what);
        sol_cal_vector_peak(&r->isa, sol_cal_vector_dtypes[d], o, &r->vector[d]);
    }
    /* AVX512-FP16 issues like an f32 FMA with twice the lanes. */
    if (r->isa.avx512_fp16 && !r->vector[SOL_CAL_VEC_F16].samples &&
        r->vector[SOL_CAL_VEC_F32].samples)
        derive(&r->vector[SOL_CAL_VEC_F16], 2 * r->vector[SOL_CAL_VEC_F32].best,
               "2 x the measured f32 FMA rate",
               "AVX512-FP16 present, but this compiler has no intrinsics for it");
    for (int d = 0; d < SOL_CAL_MAT_COUNT; d++) {
        r->matrix[d].what = sol_cal_matrix_dtypes[d];
        /* AMX-FP16 has no kernel here; its peak is the table's (uarch.c). */
        bool present = d == SOL_CAL_MAT_BF16 ? r->isa.amx_bf16
                       : d == SOL_CAL_MAT_I8 ? r->isa.amx_int8
                                             : false;
        if (!present)
            continue;
        char what[32];
        snprintf(what, sizeof what, "AMX %s", sol_cal_matrix_dtypes[d]);
        sol_progress_update(p, (*step)++, what);
        if (!sol_cal_amx_peak(&r->isa, sol_cal_matrix_dtypes[d], o, &r->matrix[d]))
            derive(&r->matrix[d], amx_op_per_cycle[d] * r->clock_ghz * 1e9 * r->threads,
                   "documented ops/cycle x measured clock x cores",
                   "AMX present, but Linux did not grant the tile state to this process");
    }
}

/* Working set of one array for a level: a quarter of its capacity (triad touches three
 * arrays), but for a shared level at most 8x what the levels inside it hold together, so a
 * last-level cache a virtual machine shares with others is measured where it surely fits. */
static uint64_t working_set(const SolCalLevel *lv, uint64_t inner_total, const SolCalOptions *o)
{
    uint64_t ws = lv->bytes * (uint64_t)lv->units / 4;
    if (lv->units == 1 && inner_total && ws > 8 * inner_total)
        ws = 8 * inner_total;
    uint64_t floor = 4096 * (uint64_t)o->threads; /* 1024 floats per thread */
    return ws < floor ? floor : ws;
}

/* The figure a level's model gets. DRAM: the best any kernel reached (one shared bus).
 * A cache: best reads + best writes, as loads and stores use separate ports and a mix can
 * reach both at once; never below the best mixed kernel. */
static double level_bandwidth(const SolCalLevel *lv, bool dram)
{
    double best = lv->reads.best;
    if (lv->writes.best > best)
        best = lv->writes.best;
    if (lv->mixed.best > best)
        best = lv->mixed.best;
    if (dram)
        return best;
    double sum = lv->reads.best + lv->writes.best;
    return sum > best ? sum : best;
}

static void measure_memory(const SolCalOptions *o, SolCalResult *r, const SolCalCache *caches,
                           int n, SolProgress *p, size_t *step)
{
    uint64_t inner_total = 0;
    SolCalLevel *dram = &r->levels[0];
    snprintf(dram->name, sizeof dram->name, "DRAM");
    dram->bytes = sol_cal_dram_bytes();
    dram->units = 1;
    /* Caches outermost first, after DRAM. */
    for (int i = n - 1; i >= 0; i--) {
        SolCalLevel *lv = &r->levels[++r->num_levels];
        snprintf(lv->name, sizeof lv->name, caches[i].level == 1 ? "L1D" : "L%d", caches[i].level);
        lv->bytes = caches[i].bytes;
        lv->units = caches[i].instances;
        lv->cpus_per_unit = caches[i].cpus_per_instance;
    }
    r->num_levels++;
    /* DRAM: four times everything on chip, so no pass is served from a cache. */
    uint64_t on_chip = 0;
    for (int i = 1; i < r->num_levels; i++)
        on_chip += r->levels[i].bytes * (uint64_t)r->levels[i].units;
    dram->working_set = o->quick ? (64u << 20) : 4 * (on_chip > (64u << 20) ? on_chip : 64u << 20);
    if (dram->bytes && dram->working_set > dram->bytes / 8)
        dram->working_set = dram->bytes / 8; /* three arrays stay well inside memory */
    for (int i = 0; i < r->num_levels; i++) {
        SolCalLevel *lv = &r->levels[i];
        if (i > 0) {
            inner_total = 0;
            for (int j = i + 1; j < r->num_levels; j++)
                inner_total += r->levels[j].bytes * (uint64_t)r->levels[j].units;
            lv->working_set = working_set(lv, inner_total, o);
        }
        char what[64];
        snprintf(what, sizeof what, "%s bandwidth (%.0f KiB per array)", lv->name,
                 (double)lv->working_set / 1024);
        sol_progress_update(p, (*step)++, what);
        lv->reads.what = lv->writes.what = lv->mixed.what = lv->name;
        sol_cal_bandwidth(&r->isa, lv->working_set, i == 0, o, &lv->reads, &lv->writes, &lv->mixed);
        lv->bandwidth = level_bandwidth(lv, i == 0);
    }
}

void sol_cal_run(const SolCalOptions *o, SolCalResult *r, const SolTool *log)
{
    memset(r, 0, sizeof *r);
    r->threads = o->threads;
    r->quick = o->quick;
    time_t now = time(NULL);
    strftime(r->date, sizeof r->date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    sol_cal_isa_detect(&r->isa);
    sol_host_cpu_ident(&r->cpu);
    sol_cal_uarch_find(&r->cpu, &r->isa, &r->uarch, r->uarch_how, sizeof r->uarch_how);
    sol_cal_uarch_peaks(&r->uarch, &r->isa, r->cpu.cores, &r->peaks);
    SolCalCache caches[SOL_CAL_MAX_CACHES];
    int ncaches = sol_cal_caches_read(caches, SOL_CAL_MAX_CACHES);
    /* The steps: the clock, each vector dtype, each AMX dtype present, DRAM and each cache. */
    size_t steps = 1 + SOL_CAL_VEC_COUNT + r->isa.amx_bf16 + r->isa.amx_int8 + 1 + (size_t)ncaches;
    size_t step = 0;
    SolProgress p;
    sol_progress_begin(&p, log ? stderr : NULL, log ? log->name : "", steps);
    sol_progress_update(&p, step++, "clock");
    r->clock_ghz = sol_cal_clock_ghz(o);
    measure_compute(o, r, &p, &step);
    measure_memory(o, r, caches, ncaches, &p, &step);
    sol_progress_end(&p);
}

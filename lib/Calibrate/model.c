/*
 * The measured device model as JSON in the hardware/ schema (lib/Analysis/device.h), with
 * "measured": true. How each figure was obtained, and its spread over methods and repetitions,
 * goes into "sources", so the file says why it can be trusted.
 */
#include "Calibrate/calibrate.h"

#include "Analysis/device.h"

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

static void add_rate_source(cJSON *sources, const char *kind, const SolCalRate *r, const char *unit)
{
    char text[512];
    if (r->derived) {
        snprintf(text, sizeof text, "%s %s: %.4g %s, derived (%s): %s", kind, r->what, r->best,
                 unit, r->method, r->note);
    } else {
        snprintf(text, sizeof text,
                 "%s %s: %.4g %s, best of %d runs by %s; slowest run %.4g (spread %.1f%%)", kind,
                 r->what, r->best, unit, r->samples, r->method, r->worst,
                 r->best > 0 ? 100.0 * (r->best - r->worst) / r->best : 0.0);
    }
    cJSON_AddItemToArray(sources, cJSON_CreateString(text));
}

/* When the earlier model was calibrated: the date its first source line starts with. */
static void previous_date(const struct SolDevice *prev, char *out, size_t size)
{
    static const char prefix[] = "solar-calibrate, ";
    const char *s = prev->num_sources ? prev->sources[0] : "";
    if (strncmp(s, prefix, sizeof prefix - 1) == 0 && strlen(s) >= sizeof prefix - 1 + 20)
        snprintf(out, size, "%.20s", s + sizeof prefix - 1);
    else
        snprintf(out, size, "an unknown date");
}

/* A source line for a figure kept from the earlier model because it was higher. */
static void note_kept(cJSON *sources, const char *what, double kept, double measured,
                      const struct SolDevice *prev)
{
    char date[32], text[512];
    previous_date(prev, date, sizeof date);
    snprintf(text, sizeof text,
             "%s: %.4g kept from the earlier model %s (calibrated %s), above this run's %.4g", what,
             kept, prev->path, date, measured);
    cJSON_AddItemToArray(sources, cJSON_CreateString(text));
}

/* A check line: how a measured rate compares with the microarchitecture's peak. */
static void add_check(cJSON *sources, const char *what, double peak, const SolCalRate *r,
                      const char *unit)
{
    if (!r->samples || r->derived)
        return;
    char text[512];
    if (r->best > peak)
        snprintf(text, sizeof text,
                 "CHECK FAILED, %s: measured %.4g %s by %s, above the microarchitecture peak "
                 "%.4g: the table row or its clock does not fit this CPU, so the measurement is "
                 "used (fix lib/Calibrate/uarch.c)",
                 what, r->best, unit, r->method, peak);
    else
        snprintf(text, sizeof text, "check, %s: measured %.4g %s by %s (%.0f%% of the peak)", what,
                 r->best, unit, r->method, 100.0 * r->best / peak);
    cJSON_AddItemToArray(sources, cJSON_CreateString(text));
}

/* Each dtype's figure: the microarchitecture's peak, or the measurement where it is higher
 * (a wrong table row) or the only figure, or an earlier model's where that is higher still. */
static void add_peaks(cJSON *parent, const char *key, const SolCalRate *rates, const double *peaks,
                      int n, const char *const *dtypes, const struct SolDevice *prev,
                      cJSON *kept, cJSON *checks)
{
    cJSON *obj = cJSON_AddObjectToObject(parent, key);
    bool matrix = strcmp(key, "matrix") == 0;
    for (int d = 0; d < n; d++) {
        char what[64];
        snprintf(what, sizeof what, "%s %s", key, dtypes[d]);
        double measured = rates[d].samples ? rates[d].best : 0;
        double best = peaks[d] > measured ? peaks[d] : measured;
        if (peaks[d] > 0)
            add_check(checks, what, peaks[d], &rates[d], strcmp(dtypes[d], "i8") ? "FLOP/s" : "OP/s");
        double old = prev ? sol_device_peak(prev, matrix, dtypes[d]) : 0;
        if (old > best) {
            note_kept(kept, what, old, best, prev);
            best = old;
        }
        if (best > 0)
            cJSON_AddNumberToObject(obj, dtypes[d], best);
    }
}

/* The bandwidth of the level of the same name in prev, 0 when none. */
static double previous_bandwidth(const struct SolDevice *prev, const char *name)
{
    for (uint32_t i = 0; prev && i < prev->num_levels; i++)
        if (strcmp(prev->levels[i].name, name) == 0)
            return prev->levels[i].bandwidth;
    return 0;
}

/* The microarchitecture's bandwidth of a level: L1D and L2 from the per-core widths; a cache
 * outside L2 (L3) can deliver no more than the cores' L2 <-> L1 paths carry, since every byte
 * a core uses reaches it through them: an upper estimate, loose but never below what a kernel
 * can do (a measured L3 figure is only a lower estimate, and other load on the machine lowers
 * it further). DRAM: 0, no peak a CPUID can name; its figure stays the measured one. */
static double table_bandwidth(const SolCalResult *r, const SolCalLevel *lv, bool dram)
{
    if (dram)
        return 0;
    if (strcmp(lv->name, "L1D") == 0)
        return r->peaks.l1;
    return r->peaks.l2;
}

static cJSON *level_json(const SolCalResult *r, const SolCalLevel *lv, bool dram,
                         const struct SolDevice *prev, cJSON *sources, cJSON *checks)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "name", lv->name);
    cJSON_AddNumberToObject(o, "bytes", (double)lv->bytes);
    double table = table_bandwidth(r, lv, dram);
    if (table > 0) {
        SolCalRate m = {.what = lv->name, .method = "read + write kernels", .best = lv->bandwidth,
                        .samples = lv->bandwidth > 0};
        char what[64];
        snprintf(what, sizeof what, "%s bandwidth", lv->name);
        add_check(checks, what, table, &m, "B/s");
    }
    double bandwidth = table > lv->bandwidth ? table : lv->bandwidth;
    double old = previous_bandwidth(prev, lv->name);
    if (old > bandwidth) {
        char what[64];
        snprintf(what, sizeof what, "%s bandwidth", lv->name);
        note_kept(sources, what, old, bandwidth, prev);
        bandwidth = old;
    }
    if (bandwidth > 0)
        cJSON_AddNumberToObject(o, "bandwidth", bandwidth);
    if (table > 0 && bandwidth == table)
        cJSON_AddBoolToObject(o, "bandwidth_estimate", 1);
    if (!dram && lv->units > 1)
        cJSON_AddNumberToObject(o, "units", lv->units);
    if (!dram && lv->cpus_per_unit > 1) {
        char text[64];
        snprintf(text, sizeof text, "%d CPUs", lv->cpus_per_unit);
        cJSON_AddStringToObject(o, "shared_by", text);
    }
    return o;
}

static void add_level_sources(cJSON *sources, const SolCalLevel *lv, bool dram)
{
    char text[512];
    snprintf(text, sizeof text,
             "%s: %.4g B/s = %s over %.0f KiB per array (all cores); best read %.4g (%s), "
             "write %.4g (%s), copy/triad %.4g (%s)",
             lv->name, lv->bandwidth,
             dram ? "the best single kernel" : "best read + best write (separate ports)",
             (double)lv->working_set / 1024, lv->reads.best,
             lv->reads.method ? lv->reads.method : "-", lv->writes.best,
             lv->writes.method ? lv->writes.method : "-", lv->mixed.best,
             lv->mixed.method ? lv->mixed.method : "-");
    cJSON_AddItemToArray(sources, cJSON_CreateString(text));
}

/* The "cpu" object: what `--hw host` compares with the running CPU (host_cpu.h). */
static void add_cpu(cJSON *root, const SolCalResult *r)
{
    cJSON *cpu = cJSON_AddObjectToObject(root, "cpu");
    cJSON_AddStringToObject(cpu, "vendor", r->cpu.vendor);
    cJSON_AddNumberToObject(cpu, "family", r->cpu.family);
    cJSON_AddNumberToObject(cpu, "model", r->cpu.model);
    cJSON_AddStringToObject(cpu, "brand", r->cpu.brand);
    cJSON_AddNumberToObject(cpu, "cores", r->cpu.cores);
}

/* The row and the arithmetic behind the peaks, for sources. */
static void add_uarch_source(cJSON *sources, const SolCalResult *r)
{
    char text[1024];
    const SolCalUarch *u = &r->uarch;
    snprintf(text, sizeof text,
             "peaks from the microarchitecture (lib/Calibrate/uarch.c), %s: %u physical cores x "
             "%u FMA pipes x %u bits at %.2f GHz (the highest clock of this core) = %.4g f32 "
             "FLOP/s%s; L1D %u and L2 %u bytes/clock per core; %s",
             r->uarch_how, r->peaks.cores, u->ports, u->bits, u->max_ghz,
             r->peaks.vector[SOL_CAL_VEC_F32], u->amx ? "; AMX 1024 BF16 / 2048 INT8 per clock" : "",
             u->l1, u->l2, u->source ? u->source : "");
    cJSON_AddItemToArray(sources, cJSON_CreateString(text));
}

char *sol_cal_model_json(const SolCalResult *r, const char *name, const struct SolDevice *previous)
{
    char isa[256], text[1024];
    sol_cal_isa_describe(&r->isa, isa, sizeof isa);
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "name", name);
    snprintf(text, sizeof text,
             "Model of this machine by solar-calibrate at %s%s: %s (%s), %u cores, ISA %s. Peaks "
             "and cache bandwidths are the microarchitecture's (%s at %.2f GHz), never below "
             "what was measured here (the measurements are checks, in sources); DRAM is "
             "measured, the highest rate any kernel reached. No register level: the core's "
             "physical register file size is not published.",
             r->date, r->quick ? " in --quick mode (short runs, small buffers: do not trust)" : "",
             r->cpu.brand[0] ? r->cpu.brand : r->isa.model, r->cpu.vendor, r->cpu.cores, isa,
             r->uarch.name, r->uarch.max_ghz);
    cJSON_AddStringToObject(root, "description", text);
    /* Figures kept from the previous model are explained after the measured ones. */
    cJSON *kept = cJSON_CreateArray(), *checks = cJSON_CreateArray();
    /* The clock behind the peaks: the table's, or a higher one measured or kept. */
    double clock = r->peaks.ghz > r->clock_ghz ? r->peaks.ghz : r->clock_ghz;
    if (!(clock > 0))
        clock = 1.0;
    if (previous && previous->clock_ghz > clock) {
        note_kept(kept, "clock (GHz)", previous->clock_ghz, clock, previous);
        clock = previous->clock_ghz;
    }
    cJSON_AddNumberToObject(root, "clock_ghz", clock);
    cJSON_AddBoolToObject(root, "measured", 1);
    cJSON *peaks = cJSON_AddObjectToObject(root, "peak_flops");
    add_peaks(peaks, "matrix", r->matrix, r->peaks.matrix, SOL_CAL_MAT_COUNT,
              sol_cal_matrix_dtypes, previous, kept, checks);
    add_peaks(peaks, "vector", r->vector, r->peaks.vector, SOL_CAL_VEC_COUNT,
              sol_cal_vector_dtypes, previous, kept, checks);
    cJSON *memory = cJSON_AddArrayToObject(root, "memory");
    for (int i = 0; i < r->num_levels; i++)
        cJSON_AddItemToArray(memory, level_json(r, &r->levels[i], i == 0, previous, kept, checks));

    cJSON *sources = cJSON_AddArrayToObject(root, "sources");
    snprintf(text, sizeof text,
             "solar-calibrate, %s: clock %.3f GHz from a dependent integer add chain (one add "
             "per cycle), best of the runs (a check on the table's %.2f GHz)",
             r->date, r->clock_ghz, r->uarch.max_ghz);
    cJSON_AddItemToArray(sources, cJSON_CreateString(text));
    add_uarch_source(sources, r);
    for (int d = 0; d < SOL_CAL_MAT_COUNT; d++) {
        if (r->matrix[d].samples)
            add_rate_source(sources, "matrix", &r->matrix[d],
                            d == SOL_CAL_MAT_I8 ? "OP/s" : "FLOP/s");
    }
    for (int d = 0; d < SOL_CAL_VEC_COUNT; d++) {
        if (r->vector[d].samples)
            add_rate_source(sources, "vector", &r->vector[d],
                            d == SOL_CAL_VEC_I8 ? "OP/s" : "FLOP/s");
    }
    for (int i = 0; i < r->num_levels; i++)
        add_level_sources(sources, &r->levels[i], i == 0);
    cJSON_AddItemToArray(sources,
                         cJSON_CreateString("Cache sizes and sharing: Linux sysfs "
                                            "/sys/devices/system/cpu/cpu0/cache; DRAM size: "
                                            "MemTotal in /proc/meminfo; cores: distinct "
                                            "package and core ids in sysfs topology"));
    cJSON *k;
    while ((k = cJSON_DetachItemFromArray(checks, 0)) != NULL)
        cJSON_AddItemToArray(sources, k);
    while ((k = cJSON_DetachItemFromArray(kept, 0)) != NULL)
        cJSON_AddItemToArray(sources, k);
    cJSON_Delete(checks);
    cJSON_Delete(kept);
    cJSON *fp32 = cJSON_AddObjectToObject(root, "fp32_matmul");
    cJSON_AddStringToObject(fp32, "default", "ieee");
    cJSON_AddStringToObject(fp32, "reason",
                            "OpenBLAS, MKL and oneDNN compute f32 GEMMs with f32 FMAs unless asked "
                            "otherwise (oneDNN's fpmath_mode is strict by default)");
    add_cpu(root, r);
    char *json = cJSON_Print(root);
    cJSON_Delete(root);
    return json;
}

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

static void add_peaks(cJSON *parent, const char *key, const SolCalRate *rates, int n,
                      const char *const *dtypes, const struct SolDevice *prev, cJSON *sources)
{
    cJSON *obj = cJSON_AddObjectToObject(parent, key);
    bool matrix = strcmp(key, "matrix") == 0;
    for (int d = 0; d < n; d++) {
        double old = prev ? sol_device_peak(prev, matrix, dtypes[d]) : 0;
        double best = rates[d].samples ? rates[d].best : 0;
        if (old > best) {
            char what[64];
            snprintf(what, sizeof what, "%s %s", key, dtypes[d]);
            note_kept(sources, what, old, best, prev);
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

static cJSON *level_json(const SolCalLevel *lv, bool dram, const struct SolDevice *prev,
                         cJSON *sources)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "name", lv->name);
    cJSON_AddNumberToObject(o, "bytes", (double)lv->bytes);
    double bandwidth = lv->bandwidth, old = previous_bandwidth(prev, lv->name);
    if (old > bandwidth) {
        char what[64];
        snprintf(what, sizeof what, "%s bandwidth", lv->name);
        note_kept(sources, what, old, bandwidth, prev);
        bandwidth = old;
    }
    if (bandwidth > 0)
        cJSON_AddNumberToObject(o, "bandwidth", bandwidth);
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

char *sol_cal_model_json(const SolCalResult *r, const char *name, const struct SolDevice *previous)
{
    char isa[256], text[1024];
    sol_cal_isa_describe(&r->isa, isa, sizeof isa);
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "name", name);
    snprintf(text, sizeof text,
             "Measured on this machine by solar-calibrate at %s%s: %s, %d cores loaded, ISA %s. "
             "Every figure is the highest rate any method reached (a bound divides by it); "
             "methods and spreads are listed in sources. No register level: the core's physical "
             "register file size is not published.",
             r->date, r->quick ? " in --quick mode (short runs, small buffers: do not trust)" : "",
             r->isa.model, r->threads, isa);
    cJSON_AddStringToObject(root, "description", text);
    /* Figures kept from the previous model are explained after the measured ones. */
    cJSON *kept = cJSON_CreateArray();
    /* The clock stays with the peaks it explains: the highest seen, like them. */
    double clock = r->clock_ghz > 0 ? r->clock_ghz : 1.0;
    if (previous && previous->clock_ghz > clock) {
        note_kept(kept, "clock (GHz)", previous->clock_ghz, clock, previous);
        clock = previous->clock_ghz;
    }
    cJSON_AddNumberToObject(root, "clock_ghz", clock);
    cJSON_AddBoolToObject(root, "measured", 1);
    cJSON *peaks = cJSON_AddObjectToObject(root, "peak_flops");
    add_peaks(peaks, "matrix", r->matrix, SOL_CAL_MAT_COUNT, sol_cal_matrix_dtypes, previous, kept);
    add_peaks(peaks, "vector", r->vector, SOL_CAL_VEC_COUNT, sol_cal_vector_dtypes, previous, kept);
    cJSON *memory = cJSON_AddArrayToObject(root, "memory");
    for (int i = 0; i < r->num_levels; i++)
        cJSON_AddItemToArray(memory, level_json(&r->levels[i], i == 0, previous, kept));

    cJSON *sources = cJSON_AddArrayToObject(root, "sources");
    snprintf(text, sizeof text,
             "solar-calibrate, %s: clock %.3f GHz from a dependent integer add chain (one add "
             "per cycle), best of the runs",
             r->date, r->clock_ghz);
    cJSON_AddItemToArray(sources, cJSON_CreateString(text));
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
                                            "MemTotal in /proc/meminfo"));
    if (r->isa.amx_bf16)
        cJSON_AddItemToArray(
            sources,
            cJSON_CreateString("AMX rate per core: 1024 BF16 / 2048 INT8 operations per "
                               "cycle (Intel, 4th Gen Xeon Scalable; "
                               "https://en.wikipedia.org/wiki/Advanced_Matrix_Extensions)"));
    cJSON *k;
    while ((k = cJSON_DetachItemFromArray(kept, 0)) != NULL)
        cJSON_AddItemToArray(sources, k);
    cJSON_Delete(kept);
    char *json = cJSON_Print(root);
    cJSON_Delete(root);
    return json;
}

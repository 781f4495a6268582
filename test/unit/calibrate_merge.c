/*
 * Unit test of solar-calibrate's --keep-highest merge (lib/Calibrate/model.c) without
 * measuring anything: a calibration result built in memory is written as a model against an
 * earlier model parsed from JSON text. Each figure must be the higher of the two (the clock,
 * every matrix and vector peak, each memory level's bandwidth, matched by name), a figure only
 * the earlier model has is kept, and each kept figure gets its source line, word for word,
 * after the measured ones. Without an earlier model nothing is kept; an earlier model whose
 * first source line is not solar-calibrate's gives "an unknown date". Exit status 0 = pass.
 */
#include "Analysis/device.h"
#include "Calibrate/calibrate.h"

#include <cjson/cJSON.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static void rate(SolCalRate *r, const char *what, double best)
{
    r->what = what;
    r->method = "test kernel";
    r->best = best;
    r->worst = 0.9 * best;
    r->samples = 3;
}

static void level(SolCalLevel *lv, const char *name, uint64_t bytes, int units, double bw)
{
    snprintf(lv->name, sizeof lv->name, "%s", name);
    lv->bytes = bytes;
    lv->units = units;
    lv->working_set = bytes / 2;
    rate(&lv->reads, "read", bw / 2);
    rate(&lv->writes, "write", bw / 2);
    lv->bandwidth = bw;
}

/* This run: clock 3 GHz; f64 1e11, f32 2e11, i8 3e11 (no f16, bf16); matrix bf16 1e12 (no
 * i8); DRAM 5e10 B/s, L2 4e11 B/s. */
static void this_run(SolCalResult *r)
{
    memset(r, 0, sizeof *r);
    snprintf(r->isa.model, sizeof r->isa.model, "Test CPU");
    r->threads = 4;
    snprintf(r->date, sizeof r->date, "2026-12-03T10:00:00Z");
    r->clock_ghz = 3.0;
    rate(&r->vector[SOL_CAL_VEC_F64], "f64", 1e11);
    rate(&r->vector[SOL_CAL_VEC_F32], "f32", 2e11);
    rate(&r->vector[SOL_CAL_VEC_I8], "i8", 3e11);
    r->vector[SOL_CAL_VEC_F16].what = "f16";
    r->vector[SOL_CAL_VEC_BF16].what = "bf16";
    rate(&r->matrix[SOL_CAL_MAT_BF16], "bf16", 1e12);
    r->matrix[SOL_CAL_MAT_I8].what = "i8";
    level(&r->levels[0], "DRAM", (uint64_t)1 << 34, 1, 5e10);
    level(&r->levels[1], "L2", (uint64_t)1 << 21, 4, 4e11);
    r->num_levels = 2;
}

/* The earlier model: higher clock, matrix i8 (not measured now), f64, f16 (not measured now)
 * and DRAM; lower matrix bf16, f32 and L2; an L3 this run has not. */
static const char earlier[] =
    "{\"name\": \"host\", \"clock_ghz\": 3.5, \"measured\": true,"
    " \"peak_flops\": {\"matrix\": {\"bf16\": 5e11, \"i8\": 2e12},"
    "                  \"vector\": {\"f64\": 1.5e11, \"f32\": 1e11, \"f16\": 5e10}},"
    " \"memory\": [{\"name\": \"DRAM\", \"bytes\": 17179869184, \"bandwidth\": 6e10},"
    "            {\"name\": \"L3\", \"bytes\": 33554432, \"bandwidth\": 9e11},"
    "            {\"name\": \"L2\", \"bytes\": 2097152, \"bandwidth\": 3e11, \"units\": 4}],"
    " \"sources\": [\"solar-calibrate, 2026-12-01T09:08:07Z: clock 3.5 GHz\"]}";

static double number(const cJSON *obj, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    return cJSON_IsNumber(v) ? v->valuedouble : -1;
}

static const cJSON *mem_level(const cJSON *root, const char *name)
{
    const cJSON *lv;
    cJSON_ArrayForEach(lv, cJSON_GetObjectItemCaseSensitive(root, "memory"))
    {
        const char *n = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(lv, "name"));
        if (n && strcmp(n, name) == 0)
            return lv;
    }
    return NULL;
}

/* The source lines that say a figure was kept, in order, into kept[]; returns how many. */
static int kept_lines(const cJSON *root, const char **kept, int max)
{
    int n = 0;
    const cJSON *s;
    cJSON_ArrayForEach(s, cJSON_GetObjectItemCaseSensitive(root, "sources"))
    {
        const char *t = cJSON_GetStringValue(s);
        if (t && strstr(t, " kept from the earlier model ") && n < max)
            kept[n++] = t;
    }
    return n;
}

static cJSON *write_model(const SolCalResult *r, const char *prev_text, const char *prev_name)
{
    SolDevice prev = {0};
    SolBuf err = {0};
    bool have = prev_text && sol_device_parse(prev_text, strlen(prev_text), prev_name, &prev, &err);
    EXPECT(!prev_text || have);
    if (prev_text && !have)
        fprintf(stderr, "%s\n", err.data);
    char *json = sol_cal_model_json(r, "host", have ? &prev : NULL);
    cJSON *root = cJSON_Parse(json);
    EXPECT(root != NULL);
    /* What it writes loads with the loader every tool uses. */
    SolDevice back;
    EXPECT(sol_device_parse(json, strlen(json), "merged.json", &back, &err));
    sol_device_free(&back);
    free(json);
    sol_device_free(&prev);
    sol_buf_free(&err);
    return root;
}

static void test_keep_highest(void)
{
    SolCalResult r;
    this_run(&r);
    cJSON *root = write_model(&r, earlier, "hardware/host.json");
    const cJSON *peaks = cJSON_GetObjectItemCaseSensitive(root, "peak_flops");
    const cJSON *matrix = cJSON_GetObjectItemCaseSensitive(peaks, "matrix");
    const cJSON *vector = cJSON_GetObjectItemCaseSensitive(peaks, "vector");
    EXPECT(number(root, "clock_ghz") == 3.5);                     /* kept */
    EXPECT(number(matrix, "bf16") == 1e12);                       /* measured, higher */
    EXPECT(number(matrix, "i8") == 2e12);                         /* kept: not measured now */
    EXPECT(number(vector, "f64") == 1.5e11);                      /* kept */
    EXPECT(number(vector, "f32") == 2e11);                        /* measured, higher */
    EXPECT(number(vector, "f16") == 5e10);                        /* kept: not measured now */
    EXPECT(number(vector, "bf16") == -1);                         /* in neither */
    EXPECT(number(vector, "i8") == 3e11);                         /* measured, not in the earlier */
    EXPECT(number(mem_level(root, "DRAM"), "bandwidth") == 6e10); /* kept */
    EXPECT(number(mem_level(root, "L2"), "bandwidth") == 4e11);   /* measured, higher */
    EXPECT(!mem_level(root, "L3"));                               /* the levels are this run's */
    EXPECT(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(root, "measured")));

    const char *kept[8];
    int n = kept_lines(root, kept, 8);
    EXPECT(n == 5);
    static const char *const want[] = {
        "clock (GHz): 3.5 kept from the earlier model hardware/host.json (calibrated "
        "2026-12-01T09:08:07Z), above this run's 3",
        "matrix i8: 2e+12 kept from the earlier model hardware/host.json (calibrated "
        "2026-12-01T09:08:07Z), above this run's 0",
        "vector f64: 1.5e+11 kept from the earlier model hardware/host.json (calibrated "
        "2026-12-01T09:08:07Z), above this run's 1e+11",
        "vector f16: 5e+10 kept from the earlier model hardware/host.json (calibrated "
        "2026-12-01T09:08:07Z), above this run's 0",
        "DRAM bandwidth: 6e+10 kept from the earlier model hardware/host.json (calibrated "
        "2026-12-01T09:08:07Z), above this run's 5e+10",
    };
    for (int i = 0; i < n && i < 5; i++)
        if (strcmp(kept[i], want[i]) != 0) {
            fprintf(stderr, "kept line %d:\n  got  %s\n  want %s\n", i, kept[i], want[i]);
            failures++;
        }
    /* The kept lines come last, after the measured figures' own lines. */
    const cJSON *sources = cJSON_GetObjectItemCaseSensitive(root, "sources");
    int total = cJSON_GetArraySize(sources);
    EXPECT(total == 14); /* clock, table row, 1 matrix, 3 vector, 2 levels, sysfs, 5 kept */
    EXPECT(strcmp(cJSON_GetStringValue(cJSON_GetArrayItem(sources, total - 5)), want[0]) == 0);
    EXPECT(strncmp(cJSON_GetStringValue(cJSON_GetArrayItem(sources, 0)),
                   "solar-calibrate, 2026-12-03T10:00:00Z: clock 3.000 GHz", 53) == 0);
    /* A measured figure's own line reports this run's figure, not the kept one. */
    EXPECT(strncmp(cJSON_GetStringValue(cJSON_GetArrayItem(sources, 3)),
                   "vector f64: 1e+11 FLOP/s, best of 3 runs by test kernel", 55) == 0);
    cJSON_Delete(root);
}

static void test_without_earlier(void)
{
    SolCalResult r;
    this_run(&r);
    cJSON *root = write_model(&r, NULL, NULL);
    const char *kept[8];
    EXPECT(kept_lines(root, kept, 8) == 0);
    const cJSON *vector = cJSON_GetObjectItemCaseSensitive(
        cJSON_GetObjectItemCaseSensitive(root, "peak_flops"), "vector");
    EXPECT(number(root, "clock_ghz") == 3.0);
    EXPECT(number(vector, "f64") == 1e11 && number(vector, "f16") == -1);
    EXPECT(number(mem_level(root, "DRAM"), "bandwidth") == 5e10);
    cJSON_Delete(root);
}

/* With the microarchitecture's peaks: each figure is the peak, or the measurement where it is
 * higher (a table row that does not fit, said in a CHECK FAILED line); L1D/L2 bandwidths too,
 * marked as estimates; the clock is the table's; the model records its CPU and f32 contract. */
static void test_table_peaks(void)
{
    SolCalResult r;
    this_run(&r);
    snprintf(r.cpu.vendor, sizeof r.cpu.vendor, "AuthenticAMD");
    r.cpu.family = 25, r.cpu.model = 1, r.cpu.cores = 4;
    snprintf(r.cpu.brand, sizeof r.cpu.brand, "Test EPYC");
    r.uarch.name = "Test core", r.uarch.max_ghz = 4.0, r.uarch.ports = 2, r.uarch.bits = 256;
    snprintf(r.uarch_how, sizeof r.uarch_how, "test row");
    r.peaks.ghz = 4.0, r.peaks.cores = 4;
    r.peaks.vector[SOL_CAL_VEC_F32] = 5e11; /* above the measured 2e11 */
    r.peaks.vector[SOL_CAL_VEC_F64] = 5e10; /* below the measured 1e11: a wrong row */
    r.peaks.l2 = 1e12;                      /* above the measured 4e11 */
    cJSON *root = write_model(&r, NULL, NULL);
    const cJSON *vector = cJSON_GetObjectItemCaseSensitive(
        cJSON_GetObjectItemCaseSensitive(root, "peak_flops"), "vector");
    EXPECT(number(root, "clock_ghz") == 4.0);
    EXPECT(number(vector, "f32") == 5e11 && number(vector, "f64") == 1e11);
    const cJSON *l2 = mem_level(root, "L2");
    EXPECT(number(l2, "bandwidth") == 1e12);
    EXPECT(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(l2, "bandwidth_estimate")));
    EXPECT(number(mem_level(root, "DRAM"), "bandwidth") == 5e10); /* measured: no table figure */
    int failed = 0, checks = 0;
    const cJSON *src;
    cJSON_ArrayForEach(src, cJSON_GetObjectItemCaseSensitive(root, "sources"))
    {
        const char *t = cJSON_GetStringValue(src);
        failed += t && strncmp(t, "CHECK FAILED, vector f64: measured 1e+11", 40) == 0;
        checks += t && strncmp(t, "check, vector f32: measured 2e+11 FLOP/s by test kernel (40% "
                                  "of the peak)", 72) == 0;
    }
    EXPECT(failed == 1 && checks == 1);
    const cJSON *cpu = cJSON_GetObjectItemCaseSensitive(root, "cpu");
    EXPECT(number(cpu, "family") == 25 && number(cpu, "model") == 1 && number(cpu, "cores") == 4);
    EXPECT(strcmp(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(cpu, "vendor")),
                  "AuthenticAMD") == 0);
    const cJSON *fp32 = cJSON_GetObjectItemCaseSensitive(root, "fp32_matmul");
    EXPECT(strcmp(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(fp32, "default")),
                  "ieee") == 0);
    cJSON_Delete(root);
}

static void test_unknown_date(void)
{
    SolCalResult r;
    this_run(&r);
    static const char other[] =
        "{\"name\": \"x\", \"clock_ghz\": 1.0, \"peak_flops\": {\"matrix\": {}, \"vector\": "
        "{\"f32\": 9e11}},"
        " \"memory\": [{\"name\": \"DRAM\", \"bytes\": 1024, \"bandwidth\": 1e9}],"
        " \"sources\": [\"a datasheet\"]}";
    cJSON *root = write_model(&r, other, "old.json");
    const char *kept[8] = {NULL};
    EXPECT(kept_lines(root, kept, 8) == 1);
    EXPECT(kept[0] &&
           strcmp(kept[0], "vector f32: 9e+11 kept from the earlier model old.json (calibrated "
                           "an unknown date), above this run's 2e+11") == 0);
    EXPECT(number(root, "clock_ghz") == 3.0); /* the earlier clock is lower */
    cJSON_Delete(root);
}

int main(void)
{
    test_keep_highest();
    test_without_earlier();
    test_table_peaks();
    test_unknown_date();
    return failures ? 1 : 0;
}

/*
 * Unit test of the device models (lib/Analysis/device.c, hardware/NAME.json): every shipped
 * file loads and passes sanity rules (stem = lowercase name, DRAM first with a bandwidth,
 * positive peaks, matrix peaks at least the vector peak of the same dtype, sources present),
 * the required devices exist, and a few figures equal the reference (H100 SXM, A100, MI300X);
 * then lookups on the search path (case-insensitive stems, SOLAR_HARDWARE_PATH first, first
 * occurrence wins, unknown names listing what exists), the --list-hw table, one error with its
 * field path for each kind of malformed document, and every truncation and many single-byte
 * corruptions of a valid document, which must fail or succeed cleanly (ASan+UBSan in CI).
 * Exit status 0 = pass.
 */
#include "Analysis/device.h"

#include <ctype.h>
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "check.h"

#define HW_DIR SOLAR_SOURCE_DIR "/hardware"

static bool has(const char *haystack, const char *needle)
{
    return haystack && strstr(haystack, needle) != NULL;
}

/* ---- the shipped files --------------------------------------------------------------- */

static void check_sane(const SolDevice *d, const char *file)
{
    /* File stem = lowercase name. */
    char stem[256];
    snprintf(stem, sizeof stem, "%s", file);
    stem[strlen(stem) - 5] = '\0';
    char lower[256];
    snprintf(lower, sizeof lower, "%s", d->name);
    for (char *c = lower; *c; c++)
        *c = (char)tolower((unsigned char)*c);
    if (strcmp(stem, lower) != 0)
        fprintf(stderr, "%s: name '%s' is not the stem in another case\n", file, d->name);
    EXPECT(strcmp(stem, lower) == 0);

    EXPECT(d->clock_ghz > 0.5 && d->clock_ghz < 5);
    EXPECT(d->num_sources >= 2);
    EXPECT(d->description && strlen(d->description) > 20);
    /* Vendor figures everywhere but host.json, which solar-calibrate measured. */
    EXPECT(d->measured == (strcmp(stem, "host") == 0));
    EXPECT(d->num_matrix + d->num_vector > 0);
    for (uint32_t i = 0; i < d->num_matrix; i++) {
        EXPECT(d->matrix[i].flops >= 1e12 && d->matrix[i].flops < 1e17);
        /* A matrix unit is at least as fast as the vector unit on the same dtype. */
        double v = sol_device_peak(d, false, d->matrix[i].dtype);
        EXPECT(v == 0 || d->matrix[i].flops >= v);
    }
    for (uint32_t i = 0; i < d->num_vector; i++)
        EXPECT(d->vector[i].flops >= 1e11 && d->vector[i].flops < 1e16);

    const SolMemLevel *dram = sol_device_dram(d);
    EXPECT(dram == &d->levels[0]);
    EXPECT(strcmp(dram->name, "DRAM") == 0);
    EXPECT(dram->units == 1);
    /* A measured host (a few cores of a server) streams tens of GB/s; accelerators more. */
    EXPECT(dram->bandwidth >= (d->measured ? 1e9 : 1e11) && dram->bandwidth < 1e14);
    EXPECT(dram->bytes >= (uint64_t)16e9);
    EXPECT(d->num_levels >= 3);
    /* Inner levels: one unit smaller than the whole level outside it, all of them smaller than
     * DRAM (register files can outgrow an L2), faster than DRAM when known. */
    for (uint32_t i = 1; i < d->num_levels; i++) {
        const SolMemLevel *in = &d->levels[i], *outer = &d->levels[i - 1];
        EXPECT(in->units >= 1 && in->bytes > 0);
        EXPECT(in->bytes < (double)outer->bytes * outer->units);
        /* (a virtual machine's sysfs shows its host's whole last-level cache) */
        EXPECT((double)in->bytes * in->units < (double)dram->bytes / (d->measured ? 10 : 100));
        EXPECT(in->bandwidth == 0 || in->bandwidth > dram->bandwidth);
    }
}

static void test_shipped_files(void)
{
    DIR *dir = opendir(HW_DIR);
    EXPECT(dir != NULL);
    if (!dir)
        return;
    int count = 0;
    for (struct dirent *e; (e = readdir(dir));) {
        size_t len = strlen(e->d_name);
        if (len <= 5 || strcmp(e->d_name + len - 5, ".json") != 0)
            continue;
        char path[512];
        snprintf(path, sizeof path, "%s/%s", HW_DIR, e->d_name);
        SolDevice d;
        SolBuf err = {0};
        bool ok = sol_device_load_file(path, &d, &err);
        if (!ok)
            fprintf(stderr, "%s\n", err.data);
        EXPECT(ok);
        if (ok) {
            EXPECT(strcmp(d.path, path) == 0);
            check_sane(&d, e->d_name);
        }
        sol_device_free(&d);
        sol_buf_free(&err);
        count++;
    }
    closedir(dir);
    EXPECT(count >= 12);
}

/* The devices the SOL report promises, loaded by stem (any case) on the search path. */
static void test_required_devices(void)
{
    static const char *const names[] = {
        "h100-sxm", "H100-PCIe", "h200",     "a100-sxm",        "b200",
        "L40S",     "rtx-a6000", "rtx-4090", "jetson-agx-orin", "jetson-agx-thor",
        "MI300X",   "epyc-9654",
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        SolDevice d;
        SolBuf err = {0};
        bool ok = sol_device_load(names[i], &d, &err);
        if (!ok)
            fprintf(stderr, "%s: %s\n", names[i], err.data);
        EXPECT(ok);
        sol_device_free(&d);
        sol_buf_free(&err);
    }
}

/* Figures copied from reference/hardware-specs.md; they must come through exactly. */
static void test_reference_figures(void)
{
    SolDevice d;
    SolBuf err = {0};
    EXPECT(sol_device_load("h100-sxm", &d, &err));
    EXPECT(strcmp(d.name, "H100-SXM") == 0);
    EXPECT(sol_device_peak(&d, true, "tf32") == 494.7e12);
    EXPECT(sol_device_peak(&d, true, "bf16") == 989.4e12);
    EXPECT(sol_device_peak(&d, true, "f16") == 989.4e12);
    EXPECT(sol_device_peak(&d, true, "f8") == 1978.9e12);
    EXPECT(sol_device_peak(&d, false, "f32") == 66.9e12);
    EXPECT(sol_device_peak(&d, true, "f32") == 0); /* no FP32 matrix mode: TF32 instead */
    EXPECT(sol_device_peak(&d, true, "f4") == 0);
    EXPECT(sol_device_peak(&d, true, "nope") == 0);
    EXPECT(sol_device_dram(&d)->bandwidth == 3.35e12);
    EXPECT(sol_device_dram(&d)->bytes == 80000000000u);
    EXPECT(d.num_levels == 4);
    /* L2 and shared memory: 128 B/clk per SM x 132 x 1.98 GHz, marked as estimates; shared
     * memory and registers do not outlive a kernel, L2 does. */
    EXPECT(strcmp(d.levels[1].name, "L2") == 0 && d.levels[1].bandwidth == 33.4541e12 &&
           d.levels[1].bandwidth_estimate && !d.levels[1].kernel_scoped);
    EXPECT(d.levels[2].kernel_scoped && d.levels[3].kernel_scoped);
    EXPECT(sol_device_persistent_below(&d, 0) == 52428800);
    EXPECT(sol_device_persistent_below(&d, 1) == 0);
    EXPECT(d.fp32_default == SOL_FP32_TF32 && strstr(d.fp32_reason, "TF32"));
    EXPECT(d.levels[2].units == 132 && d.levels[2].bytes == 256 * 1024);
    EXPECT(d.clock_ghz == 1.98);
    sol_device_free(&d);

    EXPECT(sol_device_load("a100-sxm", &d, &err));
    EXPECT(sol_device_peak(&d, true, "tf32") == 156e12);
    EXPECT(sol_device_peak(&d, true, "bf16") == 312e12);
    EXPECT(sol_device_peak(&d, false, "f32") == 19.5e12);
    EXPECT(sol_device_dram(&d)->bandwidth == 2.039e12);
    sol_device_free(&d);

    EXPECT(sol_device_load("mi300x", &d, &err));
    EXPECT(sol_device_peak(&d, true, "bf16") == 1307.4e12);
    EXPECT(sol_device_peak(&d, true, "tf32") == 653.7e12);
    EXPECT(sol_device_dram(&d)->bandwidth == 5.3e12);
    EXPECT(d.levels[2].units == 8); /* L2 per XCD */
    sol_device_free(&d);

    EXPECT(sol_device_load("epyc-9654", &d, &err));
    EXPECT(d.num_matrix == 0 && sol_device_peak(&d, true, "f32") == 0);
    EXPECT(sol_device_peak(&d, false, "f64") == 5.6832e12); /* 96 x 16 FLOP/clk x 3.7 GHz */
    EXPECT(d.fp32_default == SOL_FP32_IEEE);
    /* Every cache outlives a kernel on a CPU. */
    EXPECT(sol_device_persistent_below(&d, 0) ==
           12ull * 33554432 + 96ull * 1048576 + 96ull * 32768);
    EXPECT(sol_device_dram(&d)->bandwidth == 460.8e9);
    sol_device_free(&d);
    if (err.len)
        fprintf(stderr, "%s\n", err.data);
    sol_buf_free(&err);
}

/* ---- the search path ----------------------------------------------------------------- */

static char tmp[256];

static void write_file(const char *name, const char *text)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", tmp, name);
    FILE *f = fopen(path, "w");
    EXPECT(f != NULL);
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

static void remove_file(const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", tmp, name);
    EXPECT(unlink(path) == 0);
}

#define MINIMAL(NAME, BW)                                                                          \
    "{\"name\": \"" NAME "\", \"clock_ghz\": 1.0,\n"                                               \
    " \"peak_flops\": {\"matrix\": {}, \"vector\": {\"f32\": 1e12}},\n"                            \
    " \"memory\": [{\"name\": \"DRAM\", \"bytes\": 1000000000, \"bandwidth\": " BW "}],\n"         \
    " \"sources\": [\"test\"]}\n"

static void test_search_path(void)
{
    EXPECT(setenv("SOLAR_HARDWARE_PATH", "", 1) == 0);
    SolBuf path = {0};
    sol_device_search_path(&path);
    EXPECT(has(path.data, "share/solar/hardware"));
    EXPECT(has(path.data, HW_DIR));
    EXPECT(path.data[0] != ':');
    sol_buf_free(&path);

    snprintf(tmp, sizeof tmp, "/tmp/solar-device-XXXXXX");
    EXPECT(mkdtemp(tmp) != NULL);
    write_file("My-Dev.json", MINIMAL("My-Dev", "1e11"));
    write_file("h100-sxm.json", MINIMAL("H100-SXM", "42e12")); /* shadows the shipped one */
    write_file("broken.json", "{\"name\": 1}");
    write_file("notes.txt", "not a device");
    char env[600];
    snprintf(env, sizeof env, "::%s/:", tmp);
    EXPECT(setenv("SOLAR_HARDWARE_PATH", env, 1) == 0);

    sol_device_search_path(&path);
    EXPECT(strncmp(path.data, tmp, strlen(tmp)) == 0 && path.data[strlen(tmp)] == ':');
    sol_buf_free(&path);

    SolDevice d;
    SolBuf err = {0};
    EXPECT(sol_device_load("my-dev", &d, &err)); /* case-insensitive */
    EXPECT(strcmp(d.name, "My-Dev") == 0);
    sol_device_free(&d);
    EXPECT(sol_device_load("H100-SXM", &d, &err)); /* first directory wins */
    EXPECT(sol_device_dram(&d)->bandwidth == 42e12);
    sol_device_free(&d);
    EXPECT(sol_device_load("a100-sxm", &d, &err)); /* later directories still searched */
    sol_device_free(&d);
    EXPECT(err.len == 0);

    /* Paths: ending in .json or containing '/'. */
    char file[512];
    snprintf(file, sizeof file, "%s/My-Dev.json", tmp);
    EXPECT(sol_device_load(file, &d, &err));
    EXPECT(strcmp(d.path, file) == 0);
    sol_device_free(&d);
    EXPECT(!sol_device_load("missing.json", &d, &err));
    EXPECT(has(err.data, "missing.json: cannot open"));
    err.len = 0;

    EXPECT(!sol_device_load("broken", &d, &err));
    EXPECT(has(err.data, "broken.json: clock_ghz: missing"));
    err.len = 0;

    EXPECT(!sol_device_load("h100", &d, &err));
    EXPECT(has(err.data, "unknown device 'h100'"));
    EXPECT(has(err.data, "available: a10, a100-40gb, a100-sxm, a10g, b200, broken, epyc-9654, h100-pcie, h100-sxm"));
    EXPECT(has(err.data, "my-dev"));
    EXPECT(has(err.data, "search path: "));
    EXPECT(has(err.data, tmp));
    EXPECT(has(err.data, HW_DIR));
    sol_buf_free(&err);

    /* The listing: sorted by stem, one path per stem, the shadowing file first. */
    size_t n;
    char **list = sol_device_list(&n);
    EXPECT(n >= 14);
    int shadow = 0, mine = 0;
    for (size_t i = 0; i < n; i++) {
        if (i)
            EXPECT(strcasecmp(strrchr(list[i - 1], '/'), strrchr(list[i], '/')) < 0);
        if (has(list[i], "/h100-sxm.json"))
            shadow += has(list[i], tmp) ? 1 : 100;
        mine += has(list[i], "My-Dev.json");
        EXPECT(!has(list[i], "notes.txt"));
    }
    EXPECT(shadow == 1 && mine == 1);

    /* The --list-hw table. */
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    sol_device_print_table(out, list, n);
    fclose(out);
    EXPECT(has(text, "bf16-matrix"));
    EXPECT(has(text, "\nbroken             error: "));
    EXPECT(has(text,
               "\nmy-dev             My-Dev                        -            -            1"));
    EXPECT(has(text, "\nh100-pcie          H100-PCIe                 756.4        378.2         "
                     "51.2      2.039        80  tf32\n"));
    EXPECT(has(text, "\nepyc-9654          EPYC-9654                     -            -       "
                     "11.366     0.4608      6000  ieee\n"));
    free(text);
    sol_device_list_free(list, n);

    remove_file("My-Dev.json");
    remove_file("h100-sxm.json");
    remove_file("broken.json");
    remove_file("notes.txt");
    EXPECT(rmdir(tmp) == 0);
    EXPECT(unsetenv("SOLAR_HARDWARE_PATH") == 0);
}

/* ---- malformed documents ------------------------------------------------------------- */

/* A valid document with one placeholder, @, replaced by each case's text. */
static const char *const base =
    "{\n"
    "  \"name\": \"Test\",\n"
    "  \"clock_ghz\": 1.5,\n"
    "  \"peak_flops\": {\"matrix\": {\"bf16\": 100e12, \"tf32\": 50e12},\n"
    "                 \"vector\": {\"f32\": 10e12}},\n"
    "  \"memory\": [\n"
    "    {\"name\": \"DRAM\", \"bytes\": 16000000000, \"bandwidth\": 1e12},\n"
    "    {\"name\": \"L2\", \"bytes\": 4194304},\n"
    "    {\"name\": \"SMEM\", \"bytes\": 65536, \"units\": 32, \"shared_by\": \"one SM\"}\n"
    "  ],\n"
    "  \"sources\": [\"a datasheet\"]@\n"
    "}\n";

static bool parse_text(const char *text, SolDevice *d, SolBuf *err)
{
    return sol_device_parse(text, strlen(text), "x.json", d, err);
}

/* base with `from` replaced by `to`, then the placeholder @ (if still there) removed. */
static char *edit(const char *from, const char *to)
{
    const char *at = strstr(base, from);
    if (!at) {
        fprintf(stderr, "test bug: '%s' not in the base document\n", from);
        failures++;
        at = base, from = "";
    }
    size_t n = strlen(base) - strlen(from) + strlen(to) + 1;
    char *s = malloc(n);
    snprintf(s, n, "%.*s%s%s", (int)(at - base), base, to, at + strlen(from));
    char *placeholder = strchr(s, '@');
    if (placeholder)
        memmove(placeholder, placeholder + 1, strlen(placeholder));
    return s;
}

static void expect_error(const char *from, const char *to, const char *message)
{
    char *text = edit(from, to);
    SolDevice d;
    SolBuf err = {0};
    bool ok = parse_text(text, &d, &err);
    EXPECT(!ok);
    EXPECT(d.name == NULL && d.levels == NULL); /* owns nothing */
    if (ok || !has(err.data, message)) {
        fprintf(stderr, "replacing '%s' by '%s':\n  expected: %s\n  got:      %s\n", from, to,
                message, ok ? "(success)" : err.data);
        failures++;
    }
    sol_device_free(&d);
    sol_buf_free(&err);
    free(text);
}

static void test_base_document(void)
{
    char *text = edit("@", "");
    SolDevice d;
    SolBuf err = {0};
    EXPECT(parse_text(text, &d, &err));
    EXPECT(strcmp(d.name, "Test") == 0 && strcmp(d.path, "x.json") == 0);
    EXPECT(d.description == NULL && !d.measured);
    EXPECT(d.num_matrix == 2 && strcmp(d.matrix[0].dtype, "bf16") == 0);
    EXPECT(d.num_levels == 3 && d.levels[1].bandwidth == 0 && d.levels[1].units == 1);
    EXPECT(d.levels[2].units == 32 && d.levels[2].bytes == 65536);
    EXPECT(d.num_sources == 1 && strcmp(d.sources[0], "a datasheet") == 0);
    sol_device_free(&d);
    free(text);

    text = edit("@", ", \"measured\": true, \"description\": \"d\"");
    EXPECT(parse_text(text, &d, &err));
    EXPECT(d.measured && strcmp(d.description, "d") == 0);
    sol_device_free(&d);
    free(text);

    /* The cache-aware bound's keys: a sharing domain and a read-only bandwidth. */
    text = edit("{\"name\": \"L2\", \"bytes\": 4194304}",
                "{\"name\": \"L2\", \"bytes\": 4194304, \"bandwidth\": 5e12, "
                "\"sharing_domain\": 8, \"bandwidth_reads_only\": true}");
    EXPECT(parse_text(text, &d, &err));
    EXPECT(d.levels[1].sharing_domain == 8 && d.levels[1].bandwidth_reads_only);
    EXPECT(d.levels[2].sharing_domain == 0 && !d.levels[2].bandwidth_reads_only);
    sol_device_free(&d);
    free(text);

    /* The cache state's and the level bandwidths' keys; no fp32_matmul: TF32, the file lists it. */
    text = edit("{\"name\": \"L2\", \"bytes\": 4194304}",
                "{\"name\": \"L2\", \"bytes\": 4194304, \"bandwidth\": 5e12, "
                "\"bandwidth_estimate\": true}");
    EXPECT(parse_text(text, &d, &err));
    EXPECT(d.levels[1].bandwidth_estimate && !d.levels[1].kernel_scoped);
    EXPECT(d.fp32_default == SOL_FP32_TF32 && d.fp32_reason && !d.has_cpu);
    EXPECT(sol_device_persistent_below(&d, 0) == 4194304 + 32 * 65536);
    sol_device_free(&d);
    free(text);
    text = edit("\"shared_by\": \"one SM\"}", "\"shared_by\": \"one SM\", \"kernel_scoped\": true}");
    EXPECT(parse_text(text, &d, &err));
    EXPECT(d.levels[2].kernel_scoped && sol_device_persistent_below(&d, 0) == 4194304);
    sol_device_free(&d);
    free(text);

    /* fp32_matmul and cpu. */
    text = edit("@", ", \"fp32_matmul\": {\"default\": \"bf16\", \"reason\": \"r\"}, \"cpu\": "
                     "{\"vendor\": \"AuthenticAMD\", \"family\": 25, \"model\": 1, \"brand\": "
                     "\"AMD EPYC 7B13\", \"cores\": 2}");
    EXPECT(parse_text(text, &d, &err));
    EXPECT(d.fp32_default == SOL_FP32_BF16 && strcmp(d.fp32_reason, "r") == 0);
    EXPECT(d.has_cpu && d.cpu.family == 25 && d.cpu.model == 1 && d.cpu.cores == 2 &&
           strcmp(d.cpu.vendor, "AuthenticAMD") == 0 && strcmp(d.cpu.brand, "AMD EPYC 7B13") == 0);
    sol_device_free(&d);
    free(text);
    SolFp32Matmul m;
    EXPECT(sol_fp32_matmul_parse("ieee", &m) && m == SOL_FP32_IEEE);
    EXPECT(sol_fp32_matmul_parse("bf16", &m) && m == SOL_FP32_BF16);
    EXPECT(!sol_fp32_matmul_parse("device", &m) && !sol_fp32_matmul_parse("TF32", &m));
    EXPECT(strcmp(sol_fp32_matmul_name(SOL_FP32_TF32), "tf32") == 0);

    text = edit("\"bandwidth\": 1e12}", "\"bandwidth\": 1e12, \"bytes\": 1}");
    EXPECT(!parse_text(text, &d, &err)); /* duplicate key */
    free(text);
    err.len = 0;

    /* Largest capacity and unit count accepted. */
    text = edit("16000000000", "9223372036854774784");
    bool ok = parse_text(text, &d, &err);
    EXPECT(ok);
    EXPECT(ok && d.levels[0].bytes == 9223372036854774784u);
    sol_device_free(&d);
    free(text);
    if (err.len)
        fprintf(stderr, "%s\n", err.data);
    sol_buf_free(&err);
}

static void test_malformed(void)
{
    /* The new keys: a default contract the device cannot run, a bad contract name, an
     * estimate flag without a bandwidth, an incomplete cpu object. */
    expect_error("@", ", \"fp32_matmul\": {\"default\": \"fast\", \"reason\": \"r\"}",
                 "x.json: fp32_matmul.default: expected \"ieee\", \"tf32\" or \"bf16\", got \"fast\"");
    expect_error("\"tf32\": 50e12},\n                 \"vector\": {\"f32\": 10e12}},",
                 "\"f16\": 50e12},\n \"vector\": {\"f32\": 10e12}}, \"fp32_matmul\": "
                 "{\"default\": \"tf32\", \"reason\": \"r\"},",
                 "x.json: fp32_matmul.default: \"tf32\" needs a matrix tf32 peak");
    expect_error("@", ", \"fp32_matmul\": {\"default\": \"ieee\"}", "x.json: fp32_matmul.reason: missing");
    expect_error("{\"name\": \"L2\", \"bytes\": 4194304}",
                 "{\"name\": \"L2\", \"bytes\": 4194304, \"bandwidth_estimate\": true}",
                 "x.json: memory[1].bandwidth_estimate: marks a bandwidth the level does not give");
    expect_error("{\"name\": \"L2\", \"bytes\": 4194304}",
                 "{\"name\": \"L2\", \"bytes\": 4194304, \"kernel_scoped\": 1}",
                 "x.json: memory[1].kernel_scoped: expected true or false, got 1");
    expect_error("@", ", \"cpu\": {\"vendor\": \"GenuineIntel\", \"family\": 6, \"model\": 143, "
                      "\"brand\": \"x\"}",
                 "x.json: cpu.cores: missing");

    /* The example from the issue. */
    expect_error("\"bytes\": 4194304}", "\"bytes\": 4194304, \"bandwidth\": \"fast\"}",
                 "x.json: memory[1].bandwidth: expected a number of bytes/s, got \"fast\"");
    /* JSON syntax: line:col of the failure. */
    expect_error("\"clock_ghz\": 1.5,", "\"clock_ghz\": 1.5,,",
                 "x.json:3:21: malformed JSON near '_ghz\": 1.5,,'");
    expect_error("@\n}\n", "\n", "x.json:12:1: malformed JSON at end of file");
    expect_error("@\n}\n", "\n} []",
                 "x.json:12:3: unexpected text after the JSON document near '} []'");
    /* Missing and mistyped fields. */
    expect_error("  \"name\": \"Test\",\n", "", "x.json: name: missing");
    expect_error("\"Test\"", "\"\"", "x.json: name: must not be empty");
    expect_error("\"clock_ghz\": 1.5", "\"clock_ghz\": \"1.5\"",
                 "x.json: clock_ghz: expected a clock in GHz, got \"1.5\"");
    expect_error("\"clock_ghz\": 1.5", "\"clock_ghz\": 1500", "clock_ghz: 1500 GHz is implausible");
    expect_error("\"clock_ghz\": 1.5", "\"clock_ghz\": 1.5, \"clock\": 2",
                 "x.json: clock: unknown key (expected name, clock_ghz,");
    expect_error("\"vector\": {\"f32\": 10e12}", "\"vector\": []",
                 "x.json: peak_flops.vector: expected an object of dtype: FLOP/s, got an array");
    expect_error("\"vector\": {\"f32\": 10e12}", "\"vectors\": {\"f32\": 10e12}",
                 "x.json: peak_flops.vectors: unknown key (expected matrix or vector)");
    /* Peaks: positive, finite, FLOP/s, known dtypes, no duplicates. */
    expect_error("\"bf16\": 100e12", "\"bf16\": -100e12",
                 "x.json: peak_flops.matrix.bf16: must be positive, got -1e+14");
    expect_error("\"bf16\": 100e12", "\"bf16\": 0",
                 "peak_flops.matrix.bf16: must be positive, got 0");
    expect_error("\"bf16\": 100e12", "\"bf16\": 1e999",
                 "peak_flops.matrix.bf16: expected a number of FLOP/s, got inf");
    expect_error("\"bf16\": 100e12", "\"bf16\": 989.4",
                 "peak_flops.matrix.bf16: 989.4 is implausibly small: peaks are in FLOP/s");
    expect_error("\"bf16\": 100e12", "\"bf16\": null",
                 "peak_flops.matrix.bf16: expected a number of FLOP/s, got null");
    expect_error("\"bf16\": 100e12", "\"fp16\": 100e12",
                 "peak_flops.matrix.fp16: unknown key (expected f64, f32,");
    expect_error("\"tf32\": 50e12", "\"bf16\": 50e12", "peak_flops.matrix.bf16: duplicate key");
    expect_error("\"matrix\": {\"bf16\": 100e12, \"tf32\": 50e12},", "",
                 "x.json: peak_flops.matrix: missing");
    expect_error(
        "{\"bf16\": 100e12, \"tf32\": 50e12},\n                 \"vector\": {\"f32\": 10e12}}",
        "{}, \"vector\": {}}", "x.json: peak_flops: no peak at all");
    /* Memory levels. */
    expect_error("\"memory\": [", "\"memory\": [], \"description\": [",
                 "x.json: memory: empty: list at least the DRAM level");
    expect_error("\"memory\": [", "\"memory\": {}, \"description\": [",
                 "x.json: memory: expected an array of memory levels");
    expect_error(", \"bandwidth\": 1e12}", "}",
                 "x.json: memory[0].bandwidth: the outermost level (DRAM) needs a bandwidth");
    expect_error(", \"bandwidth\": 1e12}", ", \"bandwidth\": null}",
                 "x.json: memory[0].bandwidth: the outermost level (DRAM) needs a bandwidth");
    expect_error("\"bandwidth\": 1e12", "\"bandwidth\": 3.35",
                 "memory[0].bandwidth: 3.35 is implausibly small");
    expect_error("\"bytes\": 4194304", "\"bytes\": 4194304.5",
                 "x.json: memory[1].bytes: expected a whole number of bytes, got 4194304.5");
    expect_error("\"bytes\": 4194304", "\"bytes\": \"4 MiB\"",
                 "x.json: memory[1].bytes: expected a whole number of bytes, got \"4 MiB\"");
    expect_error(
        "\"bytes\": 4194304", "\"bytes\": 9223372036854775808",
        "x.json: memory[1].bytes: 9.223372036854776e+18 is too large (must be below 2^63)");
    expect_error("\"bytes\": 4194304", "\"bytes\": 1e300", "memory[1].bytes: 1e+300 is too large");
    expect_error("\"bytes\": 4194304", "\"bytes\": 0",
                 "x.json: memory[1].bytes: must be at least 1, got 0");
    expect_error("\"bytes\": 4194304", "\"bytes\": -4",
                 "memory[1].bytes: must be at least 1, got -4");
    expect_error("{\"name\": \"L2\", \"bytes\": 4194304}", "{\"bytes\": 4194304}",
                 "x.json: memory[1].name: missing");
    expect_error("{\"name\": \"L2\", \"bytes\": 4194304}", "{\"name\": \"L2\"}",
                 "x.json: memory[1].bytes: missing");
    expect_error("\"units\": 32", "\"units\": 0",
                 "x.json: memory[2].units: must be at least 1, got 0");
    expect_error("\"units\": 32", "\"units\": 4294967296",
                 "memory[2].units: 4294967296 is too large (must be below 2^32)");
    expect_error("\"units\": 32", "\"units\": 2.5",
                 "memory[2].units: expected a whole number of units, got 2.5");
    expect_error("\"shared_by\": \"one SM\"", "\"shared_by\": 4",
                 "x.json: memory[2].shared_by: expected a string, got 4");
    expect_error("\"shared_by\": \"one SM\"", "\"bandwith\": 1e13",
                 "x.json: memory[2].bandwith: unknown key (expected name, bytes, bandwidth, units, "
                 "shared_by, sharing_domain, bandwidth_reads_only, bandwidth_estimate or "
                 "kernel_scoped)");
    expect_error("\"shared_by\": \"one SM\"", "\"sharing_domain\": 0",
                 "x.json: memory[2].sharing_domain: must be at least 1, got 0");
    expect_error("\"shared_by\": \"one SM\"", "\"sharing_domain\": \"GPC\"",
                 "x.json: memory[2].sharing_domain: expected a whole number of units, got \"GPC\"");
    expect_error("\"shared_by\": \"one SM\"", "\"bandwidth_reads_only\": 1",
                 "x.json: memory[2].bandwidth_reads_only: expected true or false, got 1");
    expect_error("{\"name\": \"SMEM\"", "{\"name\": \"L2\"",
                 "x.json: memory[2].name: duplicate level name 'L2' (also memory[1])");
    expect_error("{\"name\": \"L2\", \"bytes\": 4194304}", "7",
                 "x.json: memory[1]: expected an object with name, bytes and bandwidth, got 7");
    /* Sources and the optional fields. */
    expect_error("[\"a datasheet\"]", "[]", "x.json: sources: empty: every figure needs a source");
    expect_error("[\"a datasheet\"]", "[\"a\", {}]",
                 "x.json: sources[1]: expected a string, got an object");
    expect_error("[\"a datasheet\"]", "\"a datasheet\"",
                 "x.json: sources: expected an array of strings");
    expect_error("@", ", \"measured\": \"yes\"",
                 "x.json: measured: expected true or false, got \"yes\"");
    expect_error("@", ", \"description\": null",
                 "x.json: description: expected a string, got null");
    expect_error("@", ", \"name\": \"Again\"", "x.json: name: duplicate key");
    /* Not an object, or nothing at all. */
    {
        SolDevice d;
        SolBuf err = {0};
        EXPECT(!sol_device_parse("[1, 2]", 6, "y.json", &d, &err));
        EXPECT(has(err.data, "y.json: expected a JSON object at the top level, got an array"));
        err.len = 0;
        EXPECT(!sol_device_parse("", 0, "y.json", &d, &err));
        EXPECT(has(err.data, "y.json:1:1: empty file"));
        err.len = 0;
        EXPECT(!sol_device_parse("  \n ", 4, "y.json", &d, &err));
        EXPECT(has(err.data, "y.json:2:2: malformed JSON at end of file"));
        err.len = 0;
        /* A key full of control bytes is reported printable. */
        EXPECT(!parse_text("{\"a\\u0001b\": 1}", &d, &err));
        EXPECT(has(err.data, "x.json: a?b: unknown key"));
        sol_buf_free(&err);
    }
}

/* Every prefix and many one-byte corruptions of the base document: each either parses or
 * fails with a message naming the document, and nothing leaks or reads out of bounds. */
static void test_corruptions(void)
{
    char *text = edit("@", ", \"description\": \"\\u00e9t\\u00e9\", \"measured\": false");
    size_t len = strlen(text);
    SolDevice d;
    SolBuf err = {0};
    for (size_t n = 0; n < len; n++) {
        char *copy = malloc(n ? n : 1); /* exact size, so ASan sees any overread */
        memcpy(copy, text, n);
        bool ok = sol_device_parse(copy, n, "cut", &d, &err);
        EXPECT(ok || has(err.data, "cut"));
        EXPECT(!ok || n + 2 >= len); /* only dropping the final "}\n" or "\n" can still parse */
        sol_device_free(&d);
        err.len = 0;
        free(copy);
    }
    static const char bytes[] = {'\0', '"', '{', '}', '[',  ']', ',',
                                 ':',  '-', '9', 'e', '\\', 'x', '\n'};
    char *copy = malloc(len);
    int parsed = 0;
    for (size_t i = 0; i < len; i++) {
        for (size_t b = 0; b < sizeof bytes; b++) {
            memcpy(copy, text, len);
            copy[i] = bytes[b];
            bool ok = sol_device_parse(copy, len, "bad", &d, &err);
            EXPECT(ok || has(err.data, "bad"));
            parsed += ok;
            sol_device_free(&d);
            err.len = 0;
        }
    }
    EXPECT(parsed > 0); /* some corruptions (inside strings, digits) stay valid */
    free(copy);
    free(text);
    sol_buf_free(&err);
}

int main(void)
{
    unsetenv("SOLAR_HARDWARE_PATH"); /* the caller's directories must not shadow ours */
    test_shipped_files();
    test_required_devices();
    test_reference_figures();
    test_search_path();
    test_base_document();
    test_malformed();
    test_corruptions();
    return failures ? 1 : 0;
}

/*
 * Device models (device.h): reading and checking the hardware/ directory's .json files with
 * cJSON (device_find.c finds them).
 *
 * The checker walks the document field by field and stops at the first problem, reporting it
 * as `FILE: FIELD.PATH: message` with what it found. It is strict: unknown and duplicate keys
 * are errors, every number is checked for range and finiteness, and numbers whose size
 * suggests the wrong unit (TFLOP/s typed as FLOP/s, MHz as GHz) are rejected, because a
 * mistyped model silently turns every SOL bound built on it into a wrong one.
 */
#include "Analysis/device.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include <cjson/cJSON.h>

/* Largest device file read; real ones are a few KiB. */
#define MAX_FILE_BYTES ((size_t)16 << 20)
/* More levels than any machine has; keeps the duplicate-name check cheap on fuzzed input. */
#define MAX_LEVELS 64

static const char *const dtypes[] = {"f64", "f32", "tf32", "bf16", "f16",
                                     "f8",  "f6",  "f4",   "i8",   "i4"};
#define NUM_DTYPES (sizeof dtypes / sizeof dtypes[0])

/* ---- messages ------------------------------------------------------------------------ */

typedef struct Parser {
    const char *name; /* starts every message */
    SolBuf *err;
    SolBuf path; /* field path of the value being checked: "memory[1].bandwidth" */
} Parser;


/* The shortest spelling that reads back as v: 1e+14, 989.4, 4194304.5, 1500. */
static void put_number(SolBuf *b, double v)
{
    char text[40], whole[40];
    for (int precision = 1; precision <= 17; precision++) {
        snprintf(text, sizeof text, "%.*g", precision, v);
        if (!isfinite(v) || strtod(text, NULL) == v)
            break;
    }
    if (isfinite(v) && v == floor(v) && fabs(v) < 1e15) {
        snprintf(whole, sizeof whole, "%.0f", v); /* 1500 rather than 1.5e+03 */
        if (strlen(whole) <= strlen(text))
            memcpy(text, whole, strlen(whole) + 1);
    }
    sol_buf_puts(b, text);
}

/* What a JSON value is, for "expected X, got Y". */
static void put_got(SolBuf *b, const cJSON *v)
{
    if (!v)
        sol_buf_puts(b, "nothing");
    else if (cJSON_IsString(v)) {
        sol_buf_putc(b, '"');
        sol_buf_put_clean(b, v->valuestring ? v->valuestring : "", 40);
        sol_buf_putc(b, '"');
    } else if (cJSON_IsNumber(v))
        put_number(b, v->valuedouble);
    else if (cJSON_IsBool(v))
        sol_buf_puts(b, cJSON_IsTrue(v) ? "true" : "false");
    else if (cJSON_IsNull(v))
        sol_buf_puts(b, "null");
    else if (cJSON_IsArray(v))
        sol_buf_puts(b, "an array");
    else if (cJSON_IsObject(v))
        sol_buf_puts(b, "an object");
    else
        sol_buf_puts(b, "an unknown value");
}

static bool fail(Parser *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool fail(Parser *p, const char *fmt, ...)
{
    sol_buf_printf(p->err, "%s: ", p->name);
    if (p->path.len)
        sol_buf_printf(p->err, "%s: ", p->path.data);
    va_list ap;
    va_start(ap, fmt);
    sol_buf_vprintf(p->err, fmt, ap);
    va_end(ap);
    return false;
}

/* "expected WHAT, got VALUE" at the current path. */
static bool fail_expected(Parser *p, const char *what, const cJSON *v)
{
    fail(p, "expected %s, got ", what);
    put_got(p->err, v);
    return false;
}

/* Field paths: push returns a mark that pop restores. */
static size_t push_key(Parser *p, const char *key)
{
    size_t mark = p->path.len;
    if (p->path.len)
        sol_buf_putc(&p->path, '.');
    sol_buf_put_clean(&p->path, key, 64);
    return mark;
}
static size_t push_index(Parser *p, size_t i)
{
    size_t mark = p->path.len;
    sol_buf_printf(&p->path, "[%zu]", i);
    return mark;
}
static void pop(Parser *p, size_t mark)
{
    p->path.len = mark;
    if (p->path.data)
        p->path.data[mark] = '\0';
}

/* ---- objects ------------------------------------------------------------------------- */

/* Checks that obj is an object whose keys all come from `allowed` (at most 32), each once,
 * and that the `required` ones (a bit per index of `allowed`) are present. */
static bool check_keys(Parser *p, const cJSON *obj, const char *what, const char *const *allowed,
                       size_t n, uint32_t required)
{
    if (!cJSON_IsObject(obj))
        return fail_expected(p, what, obj);
    uint32_t seen = 0;
    for (const cJSON *c = obj->child; c; c = c->next) {
        size_t k = 0;
        while (k < n && strcmp(c->string, allowed[k]) != 0)
            k++;
        size_t mark = push_key(p, c->string);
        if (k == n) {
            fail(p, "unknown key (expected ");
            for (size_t i = 0; i < n; i++) {
                const char *sep = i == 0 ? "" : i + 1 < n ? ", " : " or ";
                sol_buf_printf(p->err, "%s%s", sep, allowed[i]);
            }
            sol_buf_putc(p->err, ')');
            return false;
        }
        if (seen & (UINT32_C(1) << k))
            return fail(p, "duplicate key");
        seen |= UINT32_C(1) << k;
        pop(p, mark);
    }
    for (size_t k = 0; k < n; k++) {
        if ((required & (UINT32_C(1) << k)) && !(seen & (UINT32_C(1) << k))) {
            push_key(p, allowed[k]);
            return fail(p, "missing");
        }
    }
    return true;
}

static const cJSON *get(const cJSON *obj, const char *key)
{
    return cJSON_GetObjectItemCaseSensitive(obj, key);
}

/* ---- values -------------------------------------------------------------------------- */

/* A string field (NULL v: "got nothing"). `nonempty`: "" is an error. */
static bool read_string(Parser *p, const cJSON *v, bool nonempty, char **out)
{
    if (!cJSON_IsString(v) || !v->valuestring)
        return fail_expected(p, "a string", v);
    if (nonempty && !v->valuestring[0])
        return fail(p, "must not be empty");
    *out = sol_xstrdup(v->valuestring);
    return true;
}

/* A finite number > 0; `what` names it in messages ("a number of FLOP/s"). Values below
 * `min_plausible` are taken as a unit mistake and reported with `hint`. */
static bool read_positive(Parser *p, const cJSON *v, const char *what, double min_plausible,
                          const char *hint, double *out)
{
    if (!cJSON_IsNumber(v) || !isfinite(v->valuedouble))
        return fail_expected(p, what, v);
    if (v->valuedouble <= 0) {
        fail(p, "must be positive, got ");
        put_got(p->err, v);
        return false;
    }
    if (v->valuedouble < min_plausible) {
        fail(p, "%s", "");
        put_number(p->err, v->valuedouble);
        sol_buf_printf(p->err, " is implausibly small: %s", hint);
        return false;
    }
    *out = v->valuedouble;
    return true;
}

/* A whole number >= lo and below `limit` (at most 2^63), which `limit_text` spells. */
static bool read_uint(Parser *p, const cJSON *v, const char *what, double lo, double limit,
                      const char *limit_text, uint64_t *out)
{
    if (!cJSON_IsNumber(v) || !isfinite(v->valuedouble))
        return fail_expected(p, what, v);
    double d = v->valuedouble;
    if (d != floor(d))
        return fail_expected(p, what, v);
    if (d < lo) {
        fail(p, "must be at least %.0f, got ", lo);
        put_got(p->err, v);
        return false;
    }
    if (d >= limit) {
        fail(p, "%s", "");
        put_got(p->err, v);
        sol_buf_printf(p->err, " is too large (must be below %s)", limit_text);
        return false;
    }
    *out = (uint64_t)d;
    return true;
}

/* An optional true/false field `key` of obj (absent: false). */
static bool read_flag(Parser *p, const cJSON *obj, const char *key, bool *out)
{
    const cJSON *v = get(obj, key);
    *out = false;
    if (!v)
        return true;
    size_t mark = push_key(p, key);
    if (!cJSON_IsBool(v))
        return fail_expected(p, "true or false", v);
    *out = cJSON_IsTrue(v);
    pop(p, mark);
    return true;
}

/* ---- the document -------------------------------------------------------------------- */

/* peaks -> '{' (dtype ':' FLOP/s)* '}' */
static bool read_peaks(Parser *p, const cJSON *obj, SolPeak **out, uint32_t *num)
{
    if (!check_keys(p, obj, "an object of dtype: FLOP/s", dtypes, NUM_DTYPES, 0))
        return false;
    uint32_t n = 0;
    for (const cJSON *c = obj->child; c; c = c->next)
        n++;
    *out = n ? sol_xcalloc(n, sizeof **out) : NULL;
    for (const cJSON *c = obj->child; c; c = c->next) {
        size_t mark = push_key(p, c->string);
        double f;
        if (cJSON_IsNull(c))
            return fail(p, "expected a number of FLOP/s, got null (omit a peak the device lacks)");
        if (!read_positive(p, c, "a number of FLOP/s", 1e6,
                           "peaks are in FLOP/s (989.4e12, not 989.4)", &f))
            return false;
        (*out)[*num].dtype = sol_xstrdup(c->string);
        (*out)[*num].flops = f;
        (*num)++;
        pop(p, mark);
    }
    return true;
}

/* level -> '{' name bytes bandwidth? units? shared_by? sharing_domain? bandwidth_reads_only? '}' */
static bool read_level(Parser *p, const cJSON *v, bool outermost, SolMemLevel *out)
{
    static const char *const keys[] = {"name",      "bytes",          "bandwidth",
                                       "units",     "shared_by",      "sharing_domain",
                                       "bandwidth_reads_only", "bandwidth_estimate",
                                       "kernel_scoped"};
    if (!check_keys(p, v, "an object with name, bytes and bandwidth", keys, 9, 0x3))
        return false;
    size_t mark = push_key(p, "name");
    if (!read_string(p, get(v, "name"), true, &out->name))
        return false;
    pop(p, mark);

    mark = push_key(p, "bytes");
    if (!read_uint(p, get(v, "bytes"), "a whole number of bytes", 1, 9223372036854775808.0, "2^63",
                   &out->bytes))
        return false;
    pop(p, mark);

    mark = push_key(p, "bandwidth");
    const cJSON *bw = get(v, "bandwidth");
    if (!bw || cJSON_IsNull(bw)) {
        if (outermost)
            return fail(p, "the outermost level (DRAM) needs a bandwidth in bytes/s");
        out->bandwidth = 0;
    } else if (!read_positive(p, bw, "a number of bytes/s", 1e6,
                              "bandwidth is in bytes/s (3.35e12, not 3.35)", &out->bandwidth)) {
        return false;
    }
    pop(p, mark);

    out->units = 1;
    const cJSON *units = get(v, "units");
    if (units) {
        mark = push_key(p, "units");
        uint64_t u;
        if (!read_uint(p, units, "a whole number of units", 1, 4294967296.0, "2^32", &u))
            return false;
        out->units = (uint32_t)u;
        pop(p, mark);
    }

    const cJSON *domain = get(v, "sharing_domain");
    if (domain) {
        mark = push_key(p, "sharing_domain");
        uint64_t u;
        if (!read_uint(p, domain, "a whole number of units", 1, 4294967296.0, "2^32", &u))
            return false;
        out->sharing_domain = (uint32_t)u;
        pop(p, mark);
    }

    if (!read_flag(p, v, "bandwidth_reads_only", &out->bandwidth_reads_only) ||
        !read_flag(p, v, "bandwidth_estimate", &out->bandwidth_estimate) ||
        !read_flag(p, v, "kernel_scoped", &out->kernel_scoped))
        return false;
    if (out->bandwidth_estimate && !(out->bandwidth > 0)) {
        push_key(p, "bandwidth_estimate");
        return fail(p, "marks a bandwidth the level does not give");
    }

    const cJSON *shared = get(v, "shared_by");
    if (shared) {
        mark = push_key(p, "shared_by");
        char *s;
        if (!read_string(p, shared, false, &s))
            return false;
        free(s);
        pop(p, mark);
    }
    return true;
}

/* memory -> '[' level (',' level)* ']' */
static bool read_memory(Parser *p, const cJSON *arr, SolDevice *d)
{
    if (!cJSON_IsArray(arr))
        return fail_expected(p, "an array of memory levels, outermost (DRAM) first", arr);
    size_t n = 0;
    for (const cJSON *c = arr->child; c; c = c->next)
        n++;
    if (n == 0)
        return fail(p, "empty: list at least the DRAM level");
    if (n > MAX_LEVELS)
        return fail(p, "%zu levels; at most %d are supported", n, MAX_LEVELS);
    d->levels = sol_xcalloc(n, sizeof *d->levels);
    size_t i = 0;
    for (const cJSON *c = arr->child; c; c = c->next, i++) {
        size_t mark = push_index(p, i);
        d->num_levels++; /* counted first, so a half-read level is freed too */
        if (!read_level(p, c, i == 0, &d->levels[i]))
            return false;
        for (size_t j = 0; j < i; j++) {
            if (strcmp(d->levels[j].name, d->levels[i].name) == 0) {
                push_key(p, "name");
                fail(p, "duplicate level name '");
                sol_buf_put_clean(p->err, d->levels[i].name, 64);
                sol_buf_printf(p->err, "' (also memory[%zu])", j);
                return false;
            }
        }
        pop(p, mark);
    }
    return true;
}

/* sources -> '[' string (',' string)* ']' */
static bool read_sources(Parser *p, const cJSON *arr, SolDevice *d)
{
    if (!cJSON_IsArray(arr))
        return fail_expected(p, "an array of strings (URL or document: what it supports)", arr);
    size_t n = 0;
    for (const cJSON *c = arr->child; c; c = c->next)
        n++;
    if (n == 0)
        return fail(p, "empty: every figure needs a source");
    if (n > UINT32_MAX)
        return fail(p, "too many sources");
    d->sources = sol_xcalloc(n, sizeof *d->sources);
    size_t i = 0;
    for (const cJSON *c = arr->child; c; c = c->next, i++) {
        size_t mark = push_index(p, i);
        if (!read_string(p, c, true, &d->sources[i]))
            return false;
        d->num_sources++;
        pop(p, mark);
    }
    return true;
}

static const char *const fp32_names[] = {"device", "ieee", "tf32", "bf16"};

const char *sol_fp32_matmul_name(SolFp32Matmul m)
{
    return (unsigned)m < sizeof fp32_names / sizeof fp32_names[0] ? fp32_names[m] : "?";
}

bool sol_fp32_matmul_parse(const char *s, SolFp32Matmul *out)
{
    for (unsigned i = SOL_FP32_IEEE; i < sizeof fp32_names / sizeof fp32_names[0]; i++)
        if (strcmp(s, fp32_names[i]) == 0) {
            *out = (SolFp32Matmul)i;
            return true;
        }
    return false;
}

/* fp32_matmul -> '{' "default": ("ieee"|"tf32"|"bf16") "reason": string '}'; absent: TF32
 * where the device lists it. */
static bool read_fp32(Parser *p, const cJSON *v, SolDevice *d)
{
    if (!v) {
        bool tf32 = sol_device_peak(d, true, "tf32") > 0;
        d->fp32_default = tf32 ? SOL_FP32_TF32 : SOL_FP32_IEEE;
        d->fp32_reason = sol_xstrdup(tf32 ? "the device file names no default; TF32 where it "
                                            "lists a TF32 peak"
                                          : "the device file names no default and lists no "
                                            "TF32 peak");
        return true;
    }
    static const char *const keys[] = {"default", "reason"};
    if (!check_keys(p, v, "an object with default and reason", keys, 2, 0x3))
        return false;
    size_t mark = push_key(p, "default");
    const cJSON *def = get(v, "default");
    if (!cJSON_IsString(def) || !def->valuestring ||
        !sol_fp32_matmul_parse(def->valuestring, &d->fp32_default))
        return fail_expected(p, "\"ieee\", \"tf32\" or \"bf16\"", def);
    if (d->fp32_default == SOL_FP32_TF32 && !(sol_device_peak(d, true, "tf32") > 0))
        return fail(p, "\"tf32\" needs a matrix tf32 peak");
    if (d->fp32_default == SOL_FP32_BF16 && !(sol_device_peak(d, true, "bf16") > 0) &&
        !(sol_device_peak(d, true, "f16") > 0))
        return fail(p, "\"bf16\" needs a matrix bf16 or f16 peak");
    pop(p, mark);
    mark = push_key(p, "reason");
    if (!read_string(p, get(v, "reason"), true, &d->fp32_reason))
        return false;
    pop(p, mark);
    return true;
}

/* A string field copied into a fixed buffer (truncated). */
static bool read_fixed(Parser *p, const cJSON *obj, const char *key, char *out, size_t size)
{
    size_t mark = push_key(p, key);
    char *s;
    if (!read_string(p, get(obj, key), false, &s))
        return false;
    snprintf(out, size, "%s", s);
    free(s);
    pop(p, mark);
    return true;
}

/* cpu -> '{' vendor family model brand cores '}' */
static bool read_cpu(Parser *p, const cJSON *v, SolDevice *d)
{
    static const char *const keys[] = {"vendor", "family", "model", "brand", "cores"};
    if (!check_keys(p, v, "an object with vendor, family, model, brand and cores", keys, 5, 0x1f))
        return false;
    SolCpuIdent *c = &d->cpu;
    if (!read_fixed(p, v, "vendor", c->vendor, sizeof c->vendor) ||
        !read_fixed(p, v, "brand", c->brand, sizeof c->brand))
        return false;
    const char *const nums[] = {"family", "model", "cores"};
    uint32_t *slots[] = {&c->family, &c->model, &c->cores};
    for (int i = 0; i < 3; i++) {
        size_t mark = push_key(p, nums[i]);
        uint64_t u;
        if (!read_uint(p, get(v, nums[i]), "a whole number", 0, 4294967296.0, "2^32", &u))
            return false;
        *slots[i] = (uint32_t)u;
        pop(p, mark);
    }
    d->has_cpu = true;
    return true;
}

/* document -> '{' name clock_ghz peak_flops memory sources description? measured?
 *              fp32_matmul? cpu? '}' */
static bool read_device(Parser *p, const cJSON *root, SolDevice *d)
{
    static const char *const keys[] = {"name",    "clock_ghz",   "peak_flops", "memory",
                                       "sources", "description", "measured",   "fp32_matmul",
                                       "cpu"};
    if (!check_keys(p, root, "a JSON object at the top level", keys, 9, 0x1f))
        return false;

    size_t mark = push_key(p, "name");
    if (!read_string(p, get(root, "name"), true, &d->name))
        return false;
    pop(p, mark);

    mark = push_key(p, "clock_ghz");
    const cJSON *clock = get(root, "clock_ghz");
    if (!read_positive(p, clock, "a clock in GHz", 0, "", &d->clock_ghz))
        return false;
    if (d->clock_ghz >= 100) {
        fail(p, "%s", "");
        put_number(p->err, d->clock_ghz);
        sol_buf_puts(p->err, " GHz is implausible: the clock is in GHz (1.98, not 1980)");
        return false;
    }
    pop(p, mark);

    mark = push_key(p, "peak_flops");
    static const char *const peak_keys[] = {"matrix", "vector"};
    const cJSON *peaks = get(root, "peak_flops");
    if (!check_keys(p, peaks, "an object with matrix and vector peaks", peak_keys, 2, 0x3))
        return false;
    size_t inner = push_key(p, "matrix");
    if (!read_peaks(p, get(peaks, "matrix"), &d->matrix, &d->num_matrix))
        return false;
    pop(p, inner);
    inner = push_key(p, "vector");
    if (!read_peaks(p, get(peaks, "vector"), &d->vector, &d->num_vector))
        return false;
    pop(p, inner);
    if (d->num_matrix + d->num_vector == 0)
        return fail(p, "no peak at all: give at least one matrix or vector peak");
    pop(p, mark);

    mark = push_key(p, "memory");
    if (!read_memory(p, get(root, "memory"), d))
        return false;
    pop(p, mark);

    mark = push_key(p, "sources");
    if (!read_sources(p, get(root, "sources"), d))
        return false;
    pop(p, mark);

    const cJSON *desc = get(root, "description");
    if (desc) {
        mark = push_key(p, "description");
        if (!read_string(p, desc, false, &d->description))
            return false;
        pop(p, mark);
    }
    const cJSON *measured = get(root, "measured");
    if (measured) {
        mark = push_key(p, "measured");
        if (!cJSON_IsBool(measured))
            return fail_expected(p, "true or false", measured);
        d->measured = cJSON_IsTrue(measured);
        pop(p, mark);
    }
    mark = push_key(p, "fp32_matmul");
    if (!read_fp32(p, get(root, "fp32_matmul"), d))
        return false;
    pop(p, mark);
    const cJSON *cpu = get(root, "cpu");
    if (cpu) {
        mark = push_key(p, "cpu");
        if (!read_cpu(p, cpu, d))
            return false;
        pop(p, mark);
    }
    return true;
}

/* Reports a cJSON syntax error at `pos` as NAME:LINE:COL. cJSON puts an error found at the end
 * of the text on its last byte; when only whitespace is left, it is "at end of file". */
static void syntax_error(SolBuf *err, const char *name, const char *text, size_t len, size_t pos,
                         const char *what)
{
    size_t rest = pos;
    while (rest < len && isspace((unsigned char)text[rest]))
        rest++;
    if (rest >= len)
        pos = len;
    uint32_t line = 1, col = 1;
    for (size_t i = 0; i < pos; i++) {
        if (text[i] == '\n')
            line++, col = 1;
        else
            col++;
    }
    sol_buf_printf(err, "%s:%u:%u: %s", name, line, col, what);
    if (pos >= len) {
        sol_buf_puts(err, " at end of file");
        return;
    }
    /* Up to 12 bytes either side, within the line: cJSON's position is sometimes one byte
     * past the offending character. */
    size_t from = pos, to = pos;
    while (from > 0 && pos - from < 12 && text[from - 1] != '\n')
        from--;
    while (to < len && to - pos < 12 && text[to] != '\n')
        to++;
    if (from == to)
        return;
    sol_buf_puts(err, " near '");
    for (size_t i = from; i < to; i++)
        sol_buf_putc(err, isprint((unsigned char)text[i]) ? text[i] : '?');
    sol_buf_putc(err, '\'');
}

bool sol_device_parse(const char *text, size_t len, const char *name, SolDevice *out, SolBuf *err)
{
    memset(out, 0, sizeof *out);
    const char *end = NULL;
    cJSON *root = len ? cJSON_ParseWithLengthOpts(text, len, &end, false) : NULL;
    if (!root) {
        /* return_parse_end is the position cJSON_GetErrorPtr() reports, without its global. */
        size_t pos = end && end >= text && end <= text + len ? (size_t)(end - text) : 0;
        syntax_error(err, name, text, len, pos, len ? "malformed JSON" : "empty file");
        return false;
    }
    size_t pos = (size_t)(end - text);
    while (pos < len && isspace((unsigned char)text[pos]))
        pos++;
    if (pos < len) {
        cJSON_Delete(root);
        syntax_error(err, name, text, len, pos, "unexpected text after the JSON document");
        return false;
    }
    Parser p = {.name = name, .err = err};
    bool ok = read_device(&p, root, out);
    sol_buf_free(&p.path);
    cJSON_Delete(root);
    if (!ok) {
        sol_device_free(out);
        return false;
    }
    out->path = sol_xstrdup(name);
    return true;
}

bool sol_device_load_file(const char *path, SolDevice *out, SolBuf *err)
{
    memset(out, 0, sizeof *out);
    FILE *f = fopen(path, "rb");
    if (!f) {
        sol_buf_printf(err, "%s: cannot open: %s", path, strerror(errno));
        return false;
    }
    SolBuf text = {0};
    char chunk[4096];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
        if (text.len + n > MAX_FILE_BYTES) {
            fclose(f);
            sol_buf_free(&text);
            sol_buf_printf(err, "%s: larger than %zu MiB; not a device model", path,
                           MAX_FILE_BYTES >> 20);
            return false;
        }
        sol_buf_append(&text, chunk, n);
    }
    bool read_error = ferror(f);
    int saved = errno;
    fclose(f);
    if (read_error) {
        sol_buf_free(&text);
        sol_buf_printf(err, "%s: read error: %s", path, strerror(saved));
        return false;
    }
    bool ok = sol_device_parse(text.data ? text.data : "", text.len, path, out, err);
    sol_buf_free(&text);
    return ok;
}

void sol_device_free(SolDevice *d)
{
    free(d->name);
    free(d->path);
    free(d->description);
    for (uint32_t i = 0; i < d->num_matrix; i++)
        free(d->matrix[i].dtype);
    free(d->matrix);
    for (uint32_t i = 0; i < d->num_vector; i++)
        free(d->vector[i].dtype);
    free(d->vector);
    for (uint32_t i = 0; i < d->num_levels; i++)
        free(d->levels[i].name);
    free(d->levels);
    for (uint32_t i = 0; i < d->num_sources; i++)
        free(d->sources[i]);
    free(d->sources);
    free(d->fp32_reason);
    memset(d, 0, sizeof *d);
}

/* ---- queries ------------------------------------------------------------------------- */

double sol_device_peak(const SolDevice *d, bool matrix, const char *dtype)
{
    const SolPeak *peaks = matrix ? d->matrix : d->vector;
    uint32_t n = matrix ? d->num_matrix : d->num_vector;
    for (uint32_t i = 0; i < n; i++)
        if (strcmp(peaks[i].dtype, dtype) == 0)
            return peaks[i].flops;
    return 0;
}

const SolMemLevel *sol_device_dram(const SolDevice *d)
{
    return d->num_levels ? &d->levels[0] : NULL;
}

uint64_t sol_device_persistent_below(const SolDevice *d, uint32_t k)
{
    uint64_t total = 0;
    for (uint32_t j = k + 1; j < d->num_levels; j++) {
        const SolMemLevel *lv = &d->levels[j];
        uint64_t b;
        if (lv->kernel_scoped)
            continue;
        if (__builtin_mul_overflow(lv->bytes, (uint64_t)lv->units, &b) ||
            __builtin_add_overflow(total, b, &total))
            return UINT64_MAX;
    }
    return total;
}

/*
 * Device models (device.h): reading and checking the hardware/ directory's .json files with cJSON,
 * the search path that `--hw NAME` looks names up on, the listing behind `--hw all` and the
 * `--list-hw` table.
 *
 * The checker walks the document field by field and stops at the first problem, reporting it
 * as `FILE: FIELD.PATH: message` with what it found. It is strict: unknown and duplicate keys
 * are errors, every number is checked for range and finiteness, and numbers whose size
 * suggests the wrong unit (TFLOP/s typed as FLOP/s, MHz as GHz) are rejected, because a
 * mistyped model silently turns every SOL bound built on it into a wrong one.
 */
#include "Analysis/device.h"

#include "Support/spelling.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* Appends s (at most max bytes), with non-printable bytes as '?', so fuzzed keys and strings
 * cannot garble a terminal. */
static void put_clean(SolBuf *b, const char *s, size_t max)
{
    size_t n = strlen(s);
    for (size_t i = 0; i < n && i < max; i++)
        sol_buf_putc(b, isprint((unsigned char)s[i]) ? s[i] : '?');
    if (n > max)
        sol_buf_puts(b, "...");
}

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
        put_clean(b, v->valuestring ? v->valuestring : "", 40);
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
    put_clean(&p->path, key, 64);
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
                                       "bandwidth_reads_only"};
    if (!check_keys(p, v, "an object with name, bytes and bandwidth", keys, 7, 0x3))
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

    const cJSON *reads_only = get(v, "bandwidth_reads_only");
    if (reads_only) {
        mark = push_key(p, "bandwidth_reads_only");
        if (!cJSON_IsBool(reads_only))
            return fail_expected(p, "true or false", reads_only);
        out->bandwidth_reads_only = cJSON_IsTrue(reads_only);
        pop(p, mark);
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
                put_clean(p->err, d->levels[i].name, 64);
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

/* document -> '{' name clock_ghz peak_flops memory sources description? measured? '}' */
static bool read_device(Parser *p, const cJSON *root, SolDevice *d)
{
    static const char *const keys[] = {"name",    "clock_ghz",   "peak_flops", "memory",
                                       "sources", "description", "measured"};
    if (!check_keys(p, root, "a JSON object at the top level", keys, 7, 0x1f))
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

/* ---- the search path ----------------------------------------------------------------- */

typedef SolVecOf(char *) StrVec;

static void free_strs(StrVec *v)
{
    for (size_t i = 0; i < v->len; i++)
        free(v->data[i]);
    sol_vec_free(v);
}

static void add_dir(StrVec *dirs, const char *s, size_t n)
{
    while (n > 1 && s[n - 1] == '/') /* "dir/" and "dir" are one entry */
        n--;
    if (n == 0)
        return;
    for (size_t i = 0; i < dirs->len; i++)
        if (strlen(dirs->data[i]) == n && memcmp(dirs->data[i], s, n) == 0)
            return;
    sol_vec_push(dirs, sol_xstrndup(s, n));
}

static void search_dirs(StrVec *dirs)
{
    const char *env = getenv("SOLAR_HARDWARE_PATH");
    while (env && *env) {
        const char *colon = strchr(env, ':');
        size_t n = colon ? (size_t)(colon - env) : strlen(env);
        add_dir(dirs, env, n);
        env = colon ? colon + 1 : NULL;
    }
    /* <exe dir>/../share/solar/hardware, with the ".." resolved textually: /proc/self/exe is
     * already free of symlinks. */
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = '\0';
        char *slash = strrchr(exe, '/'); /* end of the exe's directory */
        if (slash) {
            *slash = '\0';
            slash = strrchr(exe, '/'); /* end of its parent */
            SolBuf dir = {0};
            if (slash)
                sol_buf_append(&dir, exe, (size_t)(slash - exe));
            sol_buf_puts(&dir, "/share/solar/hardware");
            add_dir(dirs, dir.data, dir.len);
            sol_buf_free(&dir);
        }
    }
#ifdef SOLAR_SOURCE_HARDWARE_DIR
    add_dir(dirs, SOLAR_SOURCE_HARDWARE_DIR, strlen(SOLAR_SOURCE_HARDWARE_DIR));
#endif
}

void sol_device_search_path(SolBuf *out)
{
    StrVec dirs = {0};
    search_dirs(&dirs);
    for (size_t i = 0; i < dirs.len; i++) {
        if (i)
            sol_buf_putc(out, ':');
        sol_buf_puts(out, dirs.data[i]);
    }
    free_strs(&dirs);
}

/* The stem of a path ("dir/H100.json" -> "H100"), as a heap string, lowercased. */
static char *lower_stem(const char *path)
{
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t n = strlen(base);
    if (n >= 5 && strcmp(base + n - 5, ".json") == 0)
        n -= 5;
    char *s = sol_xstrndup(base, n);
    for (char *c = s; *c; c++)
        *c = (char)tolower((unsigned char)*c);
    return s;
}

static int compare_strs(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static int compare_stems(const void *a, const void *b)
{
    char *sa = lower_stem(*(char *const *)a), *sb = lower_stem(*(char *const *)b);
    int c = strcmp(sa, sb);
    free(sa);
    free(sb);
    return c ? c : strcmp(*(char *const *)a, *(char *const *)b);
}

char **sol_device_list(size_t *n)
{
    StrVec dirs = {0}, paths = {0}, stems = {0};
    search_dirs(&dirs);
    for (size_t d = 0; d < dirs.len; d++) {
        DIR *dir = opendir(dirs.data[d]);
        if (!dir)
            continue;
        StrVec names = {0};
        for (struct dirent *e; (e = readdir(dir));) {
            size_t len = strlen(e->d_name);
            if (len > 5 && strcmp(e->d_name + len - 5, ".json") == 0)
                sol_vec_push(&names, sol_xstrdup(e->d_name));
        }
        closedir(dir);
        /* Sorted, so which of two case variants (H100.json, h100.json) wins is stable. */
        if (names.len)
            qsort(names.data, names.len, sizeof *names.data, compare_strs);
        for (size_t i = 0; i < names.len; i++) {
            SolBuf path = {0};
            sol_buf_printf(&path, "%s/%s", dirs.data[d], names.data[i]);
            struct stat st;
            char *stem = lower_stem(names.data[i]);
            bool dup = false;
            for (size_t j = 0; j < stems.len && !dup; j++)
                dup = strcmp(stems.data[j], stem) == 0;
            if (!dup && stat(path.data, &st) == 0 && S_ISREG(st.st_mode)) {
                sol_vec_push(&stems, stem);
                sol_vec_push(&paths, path.data);
            } else {
                free(stem);
                sol_buf_free(&path);
            }
        }
        free_strs(&names);
    }
    free_strs(&dirs);
    free_strs(&stems);
    if (paths.len)
        qsort(paths.data, paths.len, sizeof *paths.data, compare_stems);
    *n = paths.len;
    return paths.data ? paths.data : sol_xcalloc(1, sizeof(char *));
}

void sol_device_list_free(char **paths, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(paths[i]);
    free(paths);
}

/* A path rather than a stem: ends in .json or names a directory. */
static bool is_path(const char *name)
{
    size_t n = strlen(name);
    return strchr(name, '/') || (n >= 5 && strcasecmp(name + n - 5, ".json") == 0);
}

/* "did you mean h100-pcie or h100-sxm? ": the stems `name` begins (`h100`), else the closest
 * spelling (`h100-smx`); nothing when none is close. */
static void suggest_devices(SolBuf *err, const char *name, char **paths, size_t n)
{
    char **stems = sol_xcalloc(n + 1, sizeof *stems);
    size_t found = 0, len = strlen(name);
    for (size_t i = 0; i < n; i++) {
        stems[i] = lower_stem(paths[i]);
        found += len && strncasecmp(stems[i], name, len) == 0;
    }
    const char *closest =
        found ? NULL : sol_closest_spelling(name, len, (const char *const *)stems, n);
    if (found || closest)
        sol_buf_puts(err, "did you mean ");
    for (size_t i = 0, k = 0; i < n && found; i++)
        if (strncasecmp(stems[i], name, len) == 0)
            sol_buf_printf(err, "%s%s", k++ ? (k == found ? " or " : ", ") : "", stems[i]);
    if (closest)
        sol_buf_puts(err, closest);
    if (found || closest)
        sol_buf_puts(err, "? ");
    for (size_t i = 0; i < n; i++)
        free(stems[i]);
    free(stems);
}

bool sol_device_load(const char *name, SolDevice *out, SolBuf *err)
{
    memset(out, 0, sizeof *out);
    if (is_path(name))
        return sol_device_load_file(name, out, err);
    size_t n;
    char **paths = sol_device_list(&n);
    for (size_t i = 0; i < n; i++) {
        char *stem = lower_stem(paths[i]);
        bool match = strcasecmp(stem, name) == 0;
        free(stem);
        if (match) {
            bool ok = sol_device_load_file(paths[i], out, err);
            sol_device_list_free(paths, n);
            return ok;
        }
    }
    sol_buf_puts(err, "unknown device '");
    put_clean(err, name, 64);
    sol_buf_puts(err, "'; ");
    suggest_devices(err, name, paths, n);
    if (n == 0)
        sol_buf_puts(err, "no device files found");
    for (size_t i = 0; i < n; i++) {
        char *stem = lower_stem(paths[i]);
        sol_buf_printf(err, "%s%s", i ? ", " : "available: ", stem);
        free(stem);
    }
    sol_buf_puts(err, " (search path: ");
    sol_device_search_path(err);
    sol_buf_puts(err, "; SOLAR_HARDWARE_PATH adds directories)");
    sol_device_list_free(paths, n);
    return false;
}

/* ---- the --list-hw table ------------------------------------------------------------- */

static void print_tflops(FILE *out, double flops)
{
    if (flops > 0)
        fprintf(out, " %12.5g", flops / 1e12);
    else
        fprintf(out, " %12s", "-");
}

void sol_device_print_table(FILE *out, char **paths, size_t n)
{
    fprintf(out, "%-18s %-18s %12s %12s %12s %10s %9s\n", "device", "name", "bf16-matrix",
            "tf32-matrix", "f32-vector", "DRAM-TB/s", "DRAM-GB");
    for (size_t i = 0; i < n; i++) {
        char *stem = lower_stem(paths[i]);
        SolDevice d;
        SolBuf err = {0};
        if (!sol_device_load_file(paths[i], &d, &err)) {
            fprintf(out, "%-18s error: %s\n", stem, err.data);
        } else {
            fprintf(out, "%-18s %-18s", stem, d.name);
            print_tflops(out, sol_device_peak(&d, true, "bf16"));
            print_tflops(out, sol_device_peak(&d, true, "tf32"));
            print_tflops(out, sol_device_peak(&d, false, "f32"));
            const SolMemLevel *dram = sol_device_dram(&d);
            fprintf(out, " %10.4g %9.5g\n", dram->bandwidth / 1e12, (double)dram->bytes / 1e9);
        }
        sol_device_free(&d);
        sol_buf_free(&err);
        free(stem);
    }
}

/*
 * Loading a reference directory (reference.h): sizes.json with cJSON, the arrays with the
 * executor's .npy reader. Both are untrusted files: every field is type-checked and every
 * problem is an error naming the file.
 */
#include "Translate/reference.h"

#include "Exec/npy.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <sys/stat.h>

enum { MAX_ARRAY_BYTES = 1 << 30, MAX_FILES = 4096 };

static bool read_text(const char *path, SolBuf *out, SolBuf *err)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        sol_buf_printf(err, "cannot read %s: %s", path, strerror(errno));
        return false;
    }
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0 && out->len < (16u << 20))
        sol_buf_append(out, chunk, n);
    bool ok = !ferror(f);
    fclose(f);
    if (!ok)
        sol_buf_printf(err, "cannot read %s", path);
    if (ok && out->len >= (16u << 20)) {
        sol_buf_printf(err, "%s is larger than 16 MiB", path);
        ok = false;
    }
    if (ok && !out->data)
        sol_buf_append(out, "", 0);
    return ok;
}

static bool read_sizes(const cJSON *obj, SolRefSizes *out, const char *path, const char *key,
                       SolBuf *err)
{
    if (!obj)
        return true;
    if (!cJSON_IsObject(obj)) {
        sol_buf_printf(err, "%s: \"%s\" is not an object of name: integer", path, key);
        return false;
    }
    const cJSON *it;
    cJSON_ArrayForEach(it, obj)
    {
        double v = it->valuedouble;
        if (!cJSON_IsNumber(it) || !(fabs(v) < 9.0e15) || v != (double)(int64_t)v) {
            sol_buf_printf(err, "%s: \"%s\": the value of '%s' is not an integer", path, key,
                           it->string);
            return false;
        }
        if (v < 0)
            continue; /* `axis = -1`: an int constant, but no size an index argument can take */
        SolRefSize s = {sol_xstrdup(it->string), (int64_t)v};
        sol_vec_push(out, s);
    }
    return true;
}

static const char *str_field(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

static void free_array(SolRefArray *a)
{
    free(a->file), free(a->path), free(a->name), free(a->role);
    sol_tensor_free(&a->data);
}

/* Reads DIR/file into a, checking it against the listed shape and dtype when given. */
static bool load_array(const char *dir, const cJSON *entry, const char *file, const char *name,
                       const char *role, int in_index, SolRefArray *a, SolBuf *err)
{
    memset(a, 0, sizeof *a);
    if (strchr(file, '/') || strcmp(file, "..") == 0 || !*file) {
        sol_buf_printf(err, "%s/sizes.json: file '%s' is not a plain file name in the directory",
                       dir, file);
        return false;
    }
    SolBuf path = {0};
    sol_buf_printf(&path, "%s/%s", dir, file);
    bool raw = false;
    if (!sol_npy_read(path.data, &a->data, MAX_ARRAY_BYTES, &raw, err)) {
        sol_buf_free(&path);
        return false;
    }
    if (raw)
        a->data.elem = SOL_ELEM_F16; /* a plain <u2 file: 16-bit float bits */
    a->file = sol_xstrdup(file);
    a->path = path.data;
    a->name = sol_xstrdup(name);
    a->role = sol_xstrdup(role);
    a->in_index = in_index;
    const cJSON *shape = entry ? cJSON_GetObjectItemCaseSensitive(entry, "shape") : NULL;
    if (cJSON_IsArray(shape)) {
        bool same = (uint32_t)cJSON_GetArraySize(shape) == a->data.rank;
        for (uint32_t d = 0; same && d < a->data.rank; d++) {
            const cJSON *x = cJSON_GetArrayItem(shape, (int)d);
            same = cJSON_IsNumber(x) && x->valuedouble == (double)a->data.dims[d];
        }
        if (!same) {
            sol_buf_printf(err, "%s/sizes.json: the shape listed for %s is not the file's", dir,
                           file);
            free_array(a);
            return false;
        }
    }
    return true;
}

static bool file_exists(const char *dir, const char *file)
{
    SolBuf p = {0};
    sol_buf_printf(&p, "%s/%s", dir, file);
    struct stat st;
    bool ok = stat(p.data, &st) == 0 && S_ISREG(st.st_mode);
    sol_buf_free(&p);
    return ok;
}

/* One list of sizes.json ("inputs", ...), or the files PREFIX0.npy... when it is absent. */
static bool load_list(const char *dir, const cJSON *root, const char *key, const char *prefix,
                      const char *role, SolRefArrays *out, SolBuf *err)
{
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(root, key);
    if (list && !cJSON_IsArray(list)) {
        sol_buf_printf(err, "%s/sizes.json: \"%s\" is not a list", dir, key);
        return false;
    }
    if (list) {
        const cJSON *e;
        cJSON_ArrayForEach(e, list)
        {
            const char *file = str_field(e, "file");
            if (!cJSON_IsObject(e) || !file) {
                sol_buf_printf(err, "%s/sizes.json: an entry of \"%s\" has no \"file\"", dir, key);
                return false;
            }
            const char *name = str_field(e, "name"), *r = str_field(e, "role");
            const cJSON *ix = cJSON_GetObjectItemCaseSensitive(e, "in_index");
            int in_index = cJSON_IsNumber(ix) ? (int)ix->valuedouble : -1;
            if (strcmp(key, "state") == 0 && (in_index < 0 || in_index >= MAX_FILES)) {
                sol_buf_printf(err, "%s/sizes.json: state entry %s has no valid \"in_index\"", dir,
                               file);
                return false;
            }
            SolRefArray a;
            if (!load_array(dir, e, file, name ? name : file, r ? r : role, in_index, &a, err))
                return false;
            sol_vec_push(out, a);
        }
        return true;
    }
    for (int k = 0; k < MAX_FILES; k++) {
        char file[64];
        snprintf(file, sizeof file, "%s%d.npy", prefix, k);
        bool state = strcmp(prefix, "state") == 0;
        if (!file_exists(dir, file)) {
            if (state)
                continue;
            break;
        }
        char name[64];
        snprintf(name, sizeof name, "%s%d", state ? "in" : prefix, k);
        SolRefArray a;
        if (!load_array(dir, NULL, file, name, role, state ? k : -1, &a, err))
            return false;
        sol_vec_push(out, a);
    }
    return true;
}

bool sol_reference_load(const char *dir, SolReference *r, SolBuf *err)
{
    memset(r, 0, sizeof *r);
    r->dir = sol_xstrdup(dir);
    SolBuf path = {0}, text = {0};
    sol_buf_printf(&path, "%s/sizes.json", dir);
    bool ok = read_text(path.data, &text, err);
    cJSON *root = ok ? cJSON_ParseWithLength(text.data, text.len) : NULL;
    if (ok && !cJSON_IsObject(root)) {
        sol_buf_printf(err, "%s is not a JSON object", path.data);
        ok = false;
    }
    const cJSON *sizes = root ? cJSON_GetObjectItemCaseSensitive(root, "sizes") : NULL;
    if (ok && !sizes) {
        sol_buf_printf(err, "%s has no \"sizes\" object (write {\"sizes\": {}} for none)",
                       path.data);
        ok = false;
    }
    ok = ok && read_sizes(sizes, &r->sizes, path.data, "sizes", err) &&
         read_sizes(cJSON_GetObjectItemCaseSensitive(root, "original_sizes"), &r->original,
                    path.data, "original_sizes", err);
    ok = ok && load_list(dir, root, "inputs", "in", "input", &r->inputs, err) &&
         load_list(dir, root, "outputs", "out", "output", &r->outputs, err) &&
         load_list(dir, root, "state", "state", "state", &r->state, err);
    if (ok && r->outputs.len == 0) {
        sol_buf_printf(err, "%s: no outputs (out0.npy, ...)", dir);
        ok = false;
    }
    for (size_t i = 0; ok && i < r->state.len; i++)
        if ((size_t)r->state.data[i].in_index >= r->inputs.len) {
            sol_buf_printf(err, "%s: %s updates input %d, which does not exist", dir,
                           r->state.data[i].file, r->state.data[i].in_index);
            ok = false;
        }
    const char *fw = root ? str_field(root, "framework") : NULL;
    if (fw)
        r->framework = sol_xstrdup(fw);
    cJSON_Delete(root);
    sol_buf_free(&path), sol_buf_free(&text);
    if (!ok)
        sol_reference_free(r);
    return ok;
}

void sol_reference_free(SolReference *r)
{
    for (size_t i = 0; i < r->sizes.len; i++)
        free(r->sizes.data[i].name);
    for (size_t i = 0; i < r->original.len; i++)
        free(r->original.data[i].name);
    SolRefArrays *lists[] = {&r->inputs, &r->outputs, &r->state};
    for (int l = 0; l < 3; l++) {
        for (size_t i = 0; i < lists[l]->len; i++)
            free_array(&lists[l]->data[i]);
        sol_vec_free(lists[l]);
    }
    sol_vec_free(&r->sizes);
    sol_vec_free(&r->original);
    free(r->dir);
    free(r->framework);
    memset(r, 0, sizeof *r);
}

const SolRefSize *sol_reference_size(const SolRefSizes *sizes, const char *name)
{
    for (size_t i = 0; i < sizes->len; i++)
        if (strcmp(sizes->data[i].name, name) == 0)
            return &sizes->data[i];
    return NULL;
}

int64_t sol_reference_original(const SolReference *r, const char *name)
{
    const SolRefSize *s = sol_reference_size(&r->original, name);
    if (!s)
        s = sol_reference_size(&r->sizes, name);
    return s ? s->value : -1;
}

void sol_reference_sizes_text(SolBuf *b, const SolRefSizes *s)
{
    for (size_t i = 0; i < s->len; i++)
        sol_buf_printf(b, "%s%s=%lld", i ? ", " : "", s->data[i].name, (long long)s->data[i].value);
}

bool sol_reference_sizes_equal(const SolRefSizes *a, const SolRefSizes *b)
{
    if (a->len != b->len)
        return false;
    for (size_t i = 0; i < a->len; i++)
        if (strcmp(a->data[i].name, b->data[i].name) || a->data[i].value != b->data[i].value)
            return false;
    return true;
}

/*
 * The reply cache on disk (cache.h): one small JSON file per reply, sharded by the first two
 * hex digits of the key, written atomically.
 */
#include "Translate/cache.h"

#include "Support/sha256.h"
#include "Support/tool.h"

#include <cjson/cJSON.h>
#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

enum { MAX_CACHE_FILE = 64 << 20 };

void sol_cache_open(SolCache *c, const char *dir)
{
    SolBuf path = {0};
    if (dir && *dir)
        sol_buf_puts(&path, dir);
    else
        sol_cache_dir(&path);
    c->dir = path.data; /* NULL when sol_cache_dir says caching is off */
}

void sol_cache_close(SolCache *c)
{
    free(c->dir);
    c->dir = NULL;
}

void sol_cache_key(const char *request_body, char key[65])
{
    SolSha256 s;
    static const char tag[] = "solar-translate reply cache v1\n";
    sol_sha256_init(&s);
    sol_sha256_update(&s, tag, sizeof tag - 1);
    sol_sha256_update(&s, request_body, strlen(request_body));
    sol_sha256_hex_final(&s, key);
}

static void entry_path(SolBuf *b, const SolCache *c, const char key[65])
{
    sol_buf_printf(b, "%s/translate/%.2s/%s.json", c->dir, key, key);
}

bool sol_cache_get(const SolCache *c, const char key[65], SolBuf *content, char **finish_reason)
{
    if (finish_reason)
        *finish_reason = NULL;
    if (!c->dir)
        return false;
    SolBuf path = {0}, text = {0};
    entry_path(&path, c, key);
    FILE *f = fopen(path.data, "rb");
    sol_buf_free(&path);
    if (!f)
        return false;
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0 && text.len <= MAX_CACHE_FILE)
        sol_buf_append(&text, chunk, n);
    bool readable = !ferror(f) && text.len <= MAX_CACHE_FILE;
    fclose(f);
    bool ok = false;
    cJSON *root = readable && text.data ? cJSON_ParseWithLength(text.data, text.len) : NULL;
    const cJSON *k = cJSON_GetObjectItemCaseSensitive(root, "key");
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(root, "content");
    const cJSON *fr = cJSON_GetObjectItemCaseSensitive(root, "finish_reason");
    if (cJSON_IsString(k) && strcmp(k->valuestring, key) == 0 && cJSON_IsString(v)) {
        sol_buf_puts(content, v->valuestring);
        if (finish_reason && cJSON_IsString(fr))
            *finish_reason = sol_xstrdup(fr->valuestring);
        ok = true;
    }
    cJSON_Delete(root);
    sol_buf_free(&text);
    return ok;
}

/* mkdir -p of path's directories up to (not including) its last component. */
static bool make_parents(char *path, SolBuf *err)
{
    char *slash = strrchr(path, '/');
    if (!slash || slash == path)
        return true;
    *slash = '\0';
    SolBuf why = {0};
    bool ok = sol_mkdir_p(path, 0700, &why);
    if (!ok)
        sol_buf_printf(err, "cannot create the cache directory %s: %s", path, why.data);
    *slash = '/';
    sol_buf_free(&why);
    return ok;
}

bool sol_cache_put(const SolCache *c, const char key[65], const char *model, const char *content,
                   const char *finish_reason, SolBuf *err)
{
    if (!c->dir)
        return true;
    SolBuf path = {0}, tmp = {0};
    entry_path(&path, c, key);
    bool ok = make_parents(path.data, err);
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "key", key);
    cJSON_AddStringToObject(root, "model", model);
    cJSON_AddStringToObject(root, "content", content);
    if (finish_reason)
        cJSON_AddStringToObject(root, "finish_reason", finish_reason);
    char *text = cJSON_Print(root);
    cJSON_Delete(root);
    int fd = -1;
    if (ok) {
        sol_buf_printf(&tmp, "%s.tmpXXXXXX", path.data);
        fd = mkstemp(tmp.data);
        ok = fd >= 0;
        if (!ok)
            sol_buf_printf(err, "cannot write the cache file %s: %s", path.data, strerror(errno));
    }
    if (ok) {
        size_t len = strlen(text), done = 0;
        while (done < len) {
            ssize_t w = write(fd, text + done, len - done);
            if (w < 0 && errno == EINTR)
                continue;
            if (w <= 0)
                break;
            done += (size_t)w;
        }
        ok = done == len && close(fd) == 0;
        fd = -1;
        ok = ok && rename(tmp.data, path.data) == 0;
        if (!ok) {
            sol_buf_printf(err, "cannot write the cache file %s: %s", path.data, strerror(errno));
            unlink(tmp.data);
        }
    }
    if (fd >= 0)
        close(fd);
    cJSON_free(text);
    sol_buf_free(&path), sol_buf_free(&tmp);
    return ok;
}

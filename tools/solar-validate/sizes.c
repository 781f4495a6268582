/*
 * Sizes: `N=V,...` lists from --sizes and from the `// sizes.KEY: N=V, ...` comment lines of
 * the examples, and the index arguments of a kernel's entry function (parsed in process with
 * lib/IR), which are the names solar-opt's --bind accepts.
 */
#include "validate.h"

#include "IR/ir.h"
#include "Passes/pass.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>

void sizes_free(Sizes *s)
{
    for (size_t i = 0; i < s->len; i++)
        free(s->data[i].name);
    sol_vec_free(s);
}

const Size *sizes_find(const Sizes *s, const char *name)
{
    for (size_t i = 0; i < s->len; i++)
        if (strcmp(s->data[i].name, name) == 0)
            return &s->data[i];
    return NULL;
}

void sizes_set(Sizes *s, const char *name, int64_t value)
{
    for (size_t i = 0; i < s->len; i++)
        if (strcmp(s->data[i].name, name) == 0) {
            s->data[i].value = value;
            return;
        }
    Size z = {sol_xstrdup(name), value};
    sol_vec_push(s, z);
}

static bool is_name(const char *s, size_t n)
{
    if (n == 0 || !(isalpha((unsigned char)s[0]) || s[0] == '_'))
        return false;
    for (size_t i = 1; i < n; i++)
        if (!(isalnum((unsigned char)s[i]) || s[i] == '_'))
            return false;
    return true;
}

/* item -> NAME '=' INT, with blanks around each part */
static bool parse_item(const char *what, const char *p, size_t n, Sizes *s, SolBuf *err)
{
    while (n && isspace((unsigned char)*p))
        p++, n--;
    while (n && isspace((unsigned char)p[n - 1]))
        n--;
    if (n == 0)
        return true;
    const char *eq = memchr(p, '=', n);
    size_t nlen = eq ? (size_t)(eq - p) : 0;
    while (nlen && isspace((unsigned char)p[nlen - 1]))
        nlen--;
    if (!eq || !is_name(p, nlen)) {
        sol_buf_printf(err, "%s: expected NAME=INT, got '%.*s'", what, (int)n, p);
        return false;
    }
    const char *v = eq + 1, *end = p + n;
    while (v < end && isspace((unsigned char)*v))
        v++;
    char num[32];
    size_t vlen = (size_t)(end - v);
    bool ok = vlen > 0 && vlen < sizeof num;
    for (size_t i = 0; ok && i < vlen; i++)
        ok = isdigit((unsigned char)v[i]);
    long long value = 0;
    if (ok) {
        memcpy(num, v, vlen);
        num[vlen] = '\0';
        errno = 0;
        value = strtoll(num, NULL, 10);
        ok = errno == 0;
    }
    if (!ok) {
        sol_buf_printf(err, "%s: the value of '%.*s' is not a non-negative integer: '%.*s'", what,
                       (int)nlen, p, (int)vlen, v);
        return false;
    }
    char *name = sol_xstrndup(p, nlen);
    sizes_set(s, name, value);
    free(name);
    return true;
}

bool sizes_parse(const char *what, const char *text, Sizes *s, SolBuf *err)
{
    const char *p = text;
    for (;;) {
        const char *comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        if (!parse_item(what, p, n, s, err))
            return false;
        if (!comma)
            return true;
        p = comma + 1;
    }
}

void sizes_text(SolBuf *b, const Sizes *s, const char *sep)
{
    for (size_t i = 0; i < s->len; i++)
        sol_buf_printf(b, "%s%s=%lld", i ? sep : "", s->data[i].name, (long long)s->data[i].value);
    sol_buf_append(b, "", 0);
}

bool sizes_line(const char *path, const char *key, Sizes *s, bool *found, SolBuf *err)
{
    *found = false;
    FILE *f = fopen(path, "r");
    if (!f) {
        sol_buf_printf(err, "%s: cannot read: %s", path, strerror(errno));
        return false;
    }
    char prefix[64];
    snprintf(prefix, sizeof prefix, "sizes.%s:", key);
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    unsigned lineno = 0;
    bool ok = true;
    while (!*found && (n = getline(&line, &cap, f)) >= 0) {
        lineno++;
        const char *p = line;
        while (isspace((unsigned char)*p))
            p++;
        if (strncmp(p, "//", 2) != 0)
            continue;
        p += 2;
        while (*p == ' ' || *p == '\t')
            p++;
        if (strncmp(p, prefix, strlen(prefix)) != 0)
            continue;
        *found = true;
        char *text = sol_xstrdup(p + strlen(prefix));
        text[strcspn(text, "\r\n")] = '\0';
        char what[128];
        snprintf(what, sizeof what, "%s:%u: sizes.%s", path, lineno, key);
        ok = sizes_parse(what, text, s, err);
        free(text);
    }
    free(line);
    fclose(f);
    return ok;
}

void ir_args_free(IrArgs *a)
{
    for (size_t i = 0; i < a->num_index; i++)
        free(a->index[i]);
    for (size_t i = 0; i < a->num_memref; i++)
        free(a->memref[i]);
    free(a->index);
    free(a->memref);
    free(a->dynamic);
    memset(a, 0, sizeof *a);
}

bool ir_args_read(const char *path, IrArgs *out, SolBuf *err)
{
    memset(out, 0, sizeof *out);
    FILE *f = fopen(path, "r");
    if (!f) {
        sol_buf_printf(err, "%s: cannot read: %s", path, strerror(errno));
        return false;
    }
    SolBuf text = {0};
    char chunk[65536];
    size_t got;
    while ((got = fread(chunk, 1, sizeof chunk, f)) > 0)
        sol_buf_append(&text, chunk, got);
    fclose(f);
    /* The parser's diagnostics go into err rather than to stderr. */
    char *diag = NULL;
    size_t diag_len = 0;
    FILE *mem = open_memstream(&diag, &diag_len);
    SolContext *ctx = sol_context_new();
    if (mem)
        sol_diag_set_output(sol_context_diag(ctx), mem);
    SolModule *m = sol_parse_buffer(ctx, path, text.data ? text.data : "", text.len);
    SolOp *entry = NULL;
    bool ok = m && sol_entry_find(ctx, m, NULL, &entry);
    if (ok && !entry) {
        sol_buf_printf(err, "%s: no @forward and more than one function: which is the kernel?",
                       path);
        ok = false;
    }
    if (ok && entry->num_regions > 0) {
        SolBlock *body = sol_region_first_block(&entry->regions[0]);
        uint32_t nargs = body ? body->num_args : 0;
        out->index = sol_xcalloc(nargs + 1, sizeof *out->index);
        out->memref = sol_xcalloc(nargs + 1, sizeof *out->memref);
        out->dynamic = sol_xcalloc(nargs + 1, sizeof *out->dynamic);
        for (uint32_t i = 0; i < nargs; i++) {
            const SolValue *a = &body->args[i];
            if (!a->hint)
                continue;
            if (sol_type_is_index(a->type)) {
                out->index[out->num_index++] = sol_xstrdup(a->hint->str);
            } else if (sol_type_is_memref(a->type)) {
                out->dynamic[out->num_memref] = sol_type_num_dynamic(a->type) > 0;
                out->memref[out->num_memref++] = sol_xstrdup(a->hint->str);
            }
        }
    }
    if (m)
        sol_module_free(m);
    sol_context_free(ctx);
    if (mem) {
        fclose(mem);
        if (!ok && diag_len) {
            sol_buf_printf(err, "cannot parse %s:\n", path);
            sol_buf_append(err, diag, diag_len);
        }
        free(diag);
    }
    while (err->len && err->data[err->len - 1] == '\n')
        err->data[--err->len] = '\0';
    if (!ok && !err->len)
        sol_buf_printf(err, "%s: cannot parse", path);
    sol_buf_free(&text);
    return ok;
}

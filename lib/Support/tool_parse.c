/*
 * Flag values: integers and reals within a range (the three tools' own parsers made one,
 * each keeping its message through the EXPECTED text), and `N=V,...` size lists, the sizes
 * solar-validate and solar-translate pass to their Python scripts.
 */
#include "Support/tool.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>

static bool bad_value(const SolTool *t, const char *flag, const char *text, const char *expected)
{
    sol_tool_error(t, "%s: expected %s, got '%s'", flag, expected, text);
    return false;
}

bool sol_tool_parse_int(const SolTool *t, const char *flag, const char *text, int lo, int hi,
                        const char *expected, int *out)
{
    char *end;
    errno = 0;
    long v = strtol(text, &end, 10);
    if (end == text || *end || errno || v < lo || v > hi)
        return bad_value(t, flag, text, expected);
    *out = (int)v;
    return true;
}

bool sol_tool_parse_u64(const SolTool *t, const char *flag, const char *text, const char *expected,
                        uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (text[0] == '-' || text[0] == '\0' || *end || errno)
        return bad_value(t, flag, text, expected);
    *out = v;
    return true;
}

bool sol_tool_parse_double(const SolTool *t, const char *flag, const char *text, double lo,
                           double hi, bool lo_open, const char *expected, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(text, &end);
    bool in_range = lo_open ? v > lo : v >= lo;
    if (end == text || *end || errno || !in_range || !(v <= hi))
        return bad_value(t, flag, text, expected);
    *out = v;
    return true;
}

/* ---- size lists ---------------------------------------------------------------------------- */

void sol_sizes_free(SolSizes *s)
{
    for (size_t i = 0; i < s->len; i++)
        free(s->data[i].name);
    sol_vec_free(s);
}

const SolSize *sol_sizes_find(const SolSizes *s, const char *name)
{
    for (size_t i = 0; i < s->len; i++)
        if (strcmp(s->data[i].name, name) == 0)
            return &s->data[i];
    return NULL;
}

void sol_sizes_set(SolSizes *s, const char *name, int64_t value)
{
    for (size_t i = 0; i < s->len; i++)
        if (strcmp(s->data[i].name, name) == 0) {
            s->data[i].value = value;
            return;
        }
    SolSize z = {sol_xstrdup(name), value};
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
static bool parse_item(const char *what, const char *p, size_t n, SolSizes *s, SolBuf *err)
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
    sol_sizes_set(s, name, value);
    free(name);
    return true;
}

bool sol_sizes_parse(const char *what, const char *text, SolSizes *s, SolBuf *err)
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

void sol_sizes_text(SolBuf *b, const SolSizes *s, const char *sep)
{
    for (size_t i = 0; i < s->len; i++)
        sol_buf_printf(b, "%s%s=%lld", i ? sep : "", s->data[i].name, (long long)s->data[i].value);
    sol_buf_append(b, "", 0);
}

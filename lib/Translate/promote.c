/*
 * f32 -> f64 over IR text (promote.h). A small lexer that knows just enough of MLIR's
 * tokens to tell a type from a name: strings, comments, `%` `@` `#` `^` identifiers, hex
 * literals, digits and bare words. A shaped type lexes as digits and `?` between words that
 * start with `x` (`4x?xf32`: `4`, `x`, `?`, `xf32`), so a bare word is an f32 type when it is
 * `f32` after nothing or after `x`s and digits ending in `x`. A float literal typed f32 becomes
 * the shortest decimal that rounds to its f32 value (shortest_decimal).
 */
#include "Translate/promote.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool is_ident_char(char c) { return isalnum((unsigned char)c) || strchr("_$.-", c); }
static bool is_word_char(char c) { return isalnum((unsigned char)c) || c == '_' || c == '$' || c == '.'; }

/* `f32`, `xf32`, `x4xf32`: the word [w, e) spells an f32 element type. */
static bool is_f32_word(const char *w, const char *e)
{
    size_t n = (size_t)(e - w);
    if (n < 3 || memcmp(e - 3, "f32", 3) != 0)
        return false;
    if (n == 3)
        return true;
    if (w[0] != 'x' || e[-4] != 'x')
        return false;
    for (const char *p = w; p < e - 3; p++)
        if (*p != 'x' && !isdigit((unsigned char)*p))
            return false;
    return true;
}

/* The shortest decimal that rounds to the same f32 as the literal [w, e), as an MLIR float
 * literal (`1.0e-05` for `9.999999747e-06`): what the f32 constant stands for, so that the f64
 * IR computes with the program's 1e-5 and not with its f32 rounding. */
static void shortest_decimal(const char *w, const char *e, SolBuf *out)
{
    char lit[64], buf[64];
    size_t n = (size_t)(e - w) < sizeof lit - 1 ? (size_t)(e - w) : sizeof lit - 1;
    memcpy(lit, w, n);
    lit[n] = 0;
    float f = strtof(lit, NULL);
    for (int digits = 1; digits <= 9; digits++) {
        snprintf(buf, sizeof buf, "%.*e", digits - 1, (double)f);
        if (strtof(buf, NULL) == f)
            break;
    }
    char *mantissa_end = buf + strcspn(buf, ".e");
    if (*mantissa_end == 'e') /* one digit: `1e-05` needs its point to be a float literal */
        sol_buf_printf(out, "%.*s.0%s", (int)(mantissa_end - buf), buf, mantissa_end);
    else
        sol_buf_puts(out, buf);
}

/* p..end starts with `: f32` (spaces allowed) and f32 ends there. */
static bool typed_f32(const char *p, const char *end)
{
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    if (p == end || *p++ != ':')
        return false;
    while (p < end && (*p == ' ' || *p == '\t'))
        p++;
    return end - p >= 3 && memcmp(p, "f32", 3) == 0 && (end - p == 3 || !is_word_char(p[3]));
}

/* The 64-bit pattern of the f32 value whose bits are the 8 hex digits at h. */
static void widen_hex(const char *h, SolBuf *out)
{
    uint32_t bits = 0;
    for (int i = 0; i < 8; i++) {
        int c = tolower((unsigned char)h[i]);
        bits = bits << 4 | (uint32_t)(isdigit(c) ? c - '0' : c - 'a' + 10);
    }
    float f;
    memcpy(&f, &bits, sizeof f);
    double d = f;
    uint64_t wide;
    memcpy(&wide, &d, sizeof wide);
    sol_buf_printf(out, "0x%016llX", (unsigned long long)wide);
}

static const char *skip_string(const char *p, const char *end)
{
    for (p++; p < end && *p != '"'; p++)
        if (*p == '\\' && p + 1 < end)
            p++;
    return p < end ? p + 1 : end;
}

size_t sol_ir_promote_f32(const char *ir, size_t len, SolBuf *out)
{
    size_t count = 0;
    const char *p = ir, *end = ir + len;
    while (p < end) {
        const char *start = p;
        char c = *p;
        if (c == '"') {
            p = skip_string(p, end);
        } else if (c == '/' && end - p > 1 && p[1] == '/') {
            const char *nl = memchr(p, '\n', (size_t)(end - p));
            p = nl ? nl : end;
        } else if (strchr("%@#^", c)) {
            for (p++; p < end && is_ident_char(*p);)
                p++;
        } else if (c == '0' && end - p > 2 && (p[1] == 'x' || p[1] == 'X') &&
                   isxdigit((unsigned char)p[2])) {
            for (p += 2; p < end && isxdigit((unsigned char)*p);)
                p++;
            if (p - start == 10 && typed_f32(p, end)) {
                widen_hex(start + 2, out);
                continue;
            }
        } else if (isdigit((unsigned char)c)) {
            while (p < end && isdigit((unsigned char)*p))
                p++;
            if (p < end && *p == '.') { /* a float literal: digits . digits [e [+-] digits] */
                for (p++; p < end && isdigit((unsigned char)*p);)
                    p++;
                if (end - p > 1 && (*p == 'e' || *p == 'E')) {
                    const char *q = p + 1 + (p[1] == '+' || p[1] == '-');
                    if (q < end && isdigit((unsigned char)*q))
                        for (p = q; p < end && isdigit((unsigned char)*p);)
                            p++;
                }
                if (typed_f32(p, end)) {
                    shortest_decimal(start, p, out);
                    continue;
                }
            }
        } else if (isalpha((unsigned char)c) || c == '_') {
            while (p < end && is_word_char(*p))
                p++;
            if (is_f32_word(start, p)) {
                sol_buf_append(out, start, (size_t)(p - start) - 2);
                sol_buf_puts(out, "64");
                count++;
                continue;
            }
        } else {
            p++;
        }
        sol_buf_append(out, start, (size_t)(p - start));
    }
    return count;
}

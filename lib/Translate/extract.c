/*
 * Fenced code blocks in a reply (extract.h). A line scanner: no regular expressions, no
 * allocation, and any byte sequence is fine (the reply is untrusted).
 */
#include "Translate/extract.h"

#include <ctype.h>

typedef struct Line {
    const char *p, *end; /* without the newline */
    const char *next;    /* start of the following line */
} Line;

static Line line_at(const char *p, const char *end)
{
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    Line l = {p, nl ? nl : end, nl ? nl + 1 : end};
    if (l.end > l.p && l.end[-1] == '\r')
        l.end--;
    return l;
}

/* A fence line: up to 3 spaces, then >= 3 of '`' or '~'. Sets the char, the count and the
 * info string (trimmed). */
static bool fence(Line l, char *ch, size_t *count, SolSpan *info)
{
    const char *p = l.p;
    for (int i = 0; i < 3 && p < l.end && *p == ' '; i++)
        p++;
    if (p >= l.end || (*p != '`' && *p != '~'))
        return false;
    char c = *p;
    const char *q = p;
    while (q < l.end && *q == c)
        q++;
    if (q - p < 3)
        return false;
    const char *s = q, *e = l.end;
    while (s < e && isspace((unsigned char)*s))
        s++;
    while (e > s && isspace((unsigned char)e[-1]))
        e--;
    if (c == '`' && memchr(s, '`', (size_t)(e - s)))
        return false; /* inline code like ```x``` is not a fence */
    *ch = c, *count = (size_t)(q - p);
    info->ptr = s, info->len = (size_t)(e - s);
    return true;
}

static bool closes(Line l, char ch, size_t count)
{
    char c;
    size_t n;
    SolSpan info;
    return fence(l, &c, &n, &info) && c == ch && n >= count && info.len == 0;
}

/* The language word of an info string: up to the first space or '{'. */
static bool lang_is(SolSpan info, const char *want)
{
    size_t n = 0;
    while (n < info.len && !isspace((unsigned char)info.ptr[n]) && info.ptr[n] != '{')
        n++;
    size_t wl = strlen(want);
    if (n != wl)
        return false;
    for (size_t i = 0; i < n; i++)
        if (tolower((unsigned char)info.ptr[i]) != want[i])
            return false;
    return true;
}

static bool mentions_forward(SolSpan s)
{
    static const char word[] = "@forward";
    for (size_t i = 0; i + sizeof word - 1 <= s.len; i++)
        if (memcmp(s.ptr + i, word, sizeof word - 1) == 0)
            return true;
    return false;
}

/* Skips everything up to the last `</think>`. */
static const char *after_reasoning(const char *text, const char *end)
{
    static const char tag[] = "</think>";
    const char *start = text;
    for (const char *p = text; (size_t)(end - p) >= sizeof tag - 1; p++)
        if (*p == '<' && memcmp(p, tag, sizeof tag - 1) == 0)
            start = p + sizeof tag - 1;
    return start;
}

typedef struct Best {
    SolSpan code;
    uint32_t line;
    bool found, forward;
} Best;

static void consider(Best *b, SolSpan code, uint32_t line)
{
    bool fw = mentions_forward(code);
    if (!b->found || fw || !b->forward) {
        b->code = code, b->line = line;
        b->found = true, b->forward = fw;
    }
}

SolExtract sol_extract_ir(const char *text, size_t len)
{
    SolExtract r = {SOL_EXTRACT_NO_BLOCK, {NULL, 0}, 0, 0, 0};
    const char *end = text + len;
    const char *p = after_reasoning(text, end);
    uint32_t line_no = 1;
    for (const char *q = text; q < p; q++)
        line_no += *q == '\n';
    Best tagged = {{0}, 0, false, false}, plain = tagged;
    bool unclosed_candidate = false;
    while (p < end) {
        Line l = line_at(p, end);
        char ch;
        size_t count;
        SolSpan info;
        p = l.next;
        line_no++;
        if (!fence(l, &ch, &count, &info))
            continue;
        bool is_mlir = lang_is(info, "mlir");
        bool is_plain = info.len == 0;
        const char *body = p;
        uint32_t body_line = line_no;
        const char *body_end = NULL;
        while (p < end) {
            Line m = line_at(p, end);
            if (closes(m, ch, count)) {
                body_end = m.p;
                p = m.next;
                line_no++;
                break;
            }
            p = m.next;
            line_no++;
        }
        r.num_blocks++;
        if (!is_mlir && !is_plain)
            continue;
        if (!body_end) {
            unclosed_candidate = true;
            break;
        }
        r.num_candidates++;
        SolSpan code = {body, (size_t)(body_end - body)};
        consider(is_mlir ? &tagged : &plain, code, body_line);
    }
    Best *b = tagged.found ? &tagged : plain.found ? &plain : NULL;
    if (b) {
        r.status = SOL_EXTRACT_OK;
        r.code = b->code;
        r.first_line = b->line;
    } else if (unclosed_candidate) {
        r.status = SOL_EXTRACT_UNCLOSED;
    }
    return r;
}

/*
 * Heap helpers, the arena and growable buffers. sol_xmalloc aborts on OOM (cproc's xmalloc),
 * so no caller ever checks for NULL; the arena zeroes what it hands out, so builders only set
 * the fields they mean.
 */
#include "Support/support.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static void out_of_memory(size_t size)
{
    fprintf(stderr, "solar: out of memory allocating %zu bytes\n", size);
    abort();
}

void *sol_xmalloc(size_t size)
{
    void *p = malloc(size ? size : 1);
    if (!p)
        out_of_memory(size);
    return p;
}

void *sol_xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        out_of_memory(n * size);
    return p;
}

void *sol_xrealloc(void *p, size_t size)
{
    p = realloc(p, size ? size : 1);
    if (!p)
        out_of_memory(size);
    return p;
}

char *sol_xstrndup(const char *s, size_t n)
{
    char *d = sol_xmalloc(n + 1);
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

char *sol_xstrdup(const char *s) { return sol_xstrndup(s, strlen(s)); }

/* ---- arena ------------------------------------------------------------------------------ */

enum { SOL_ARENA_CHUNK = 64 * 1024 };

/* The current chunk is full (sol_arena_alloc has rounded size up). Big requests get a chunk of
 * their own, slipped under a roomy current chunk so that its free tail stays in use. */
void *sol_arena_alloc_slow(SolArena *a, size_t size)
{
    SolArenaChunk *c = a->head;
    size_t cap = size > SOL_ARENA_CHUNK / 4 ? size : SOL_ARENA_CHUNK;
    SolArenaChunk *n;
    if (cap == SOL_ARENA_CHUNK && a->spare) {
        n = a->spare, a->spare = NULL;
    } else {
        n = sol_xmalloc(sizeof *n + cap);
        a->total += cap;
    }
    n->used = size, n->cap = cap;
    if (c && cap == size && c->cap - c->used >= SOL_ARENA_CHUNK / 8) {
        n->prev = c->prev;
        c->prev = n;
    } else {
        n->prev = c;
        a->head = n;
    }
    return memset(n->data, 0, size);
}

char *sol_arena_strndup(SolArena *a, const char *s, size_t n)
{
    char *d = sol_arena_alloc(a, n + 1);
    memcpy(d, s, n);
    return d;
}

void sol_arena_release(SolArena *a)
{
    for (SolArenaChunk *c = a->head, *p; c; c = p) {
        p = c->prev;
        free(c);
    }
    free(a->spare);
    a->head = a->spare = NULL;
    a->total = 0;
}

SolArenaMark sol_arena_mark(const SolArena *a)
{
    SolArenaMark m = {a->head, a->head ? a->head->used : 0};
    return m;
}

/* Chunks newer than the mark's are freed, except one standard chunk kept as the spare, so that
 * an arena released to a mark after every statement does not go back to malloc each time. A big
 * chunk slipped under a roomy one (see sol_arena_alloc) may survive until the full release. */
void sol_arena_release_to(SolArena *a, SolArenaMark m)
{
    while (a->head && a->head != m.chunk) {
        SolArenaChunk *c = a->head;
        a->head = c->prev;
        if (!a->spare && c->cap == SOL_ARENA_CHUNK) {
            a->spare = c;
        } else {
            a->total -= c->cap;
            free(c);
        }
    }
    if (a->head)
        a->head->used = m.used;
}

/* ---- vectors and buffers ---------------------------------------------------------------- */

void sol_vec_grow_(void **data, size_t *cap, size_t elem_size)
{
    size_t n = *cap ? *cap * 2 : 8;
    *data = sol_xrealloc(*data, n * elem_size);
    *cap = n;
}

void sol_buf_reserve(SolBuf *b, size_t extra)
{
    if (b->len + extra + 1 <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 64;
    while (cap < b->len + extra + 1)
        cap *= 2;
    b->data = sol_xrealloc(b->data, cap);
    b->cap = cap;
}

void sol_buf_put_u64(SolBuf *b, uint64_t v)
{
    char tmp[24], *p = tmp + sizeof tmp;
    do
        *--p = (char)('0' + v % 10);
    while (v /= 10);
    sol_buf_append(b, p, (size_t)(tmp + sizeof tmp - p));
}

/* Negation goes through unsigned arithmetic so INT64_MIN prints correctly. */
void sol_buf_put_i64(SolBuf *b, int64_t v)
{
    if (v < 0) {
        sol_buf_putc(b, '-');
        sol_buf_put_u64(b, 0 - (uint64_t)v);
    } else {
        sol_buf_put_u64(b, (uint64_t)v);
    }
}

void sol_buf_puts(SolBuf *b, const char *s) { sol_buf_append(b, s, strlen(s)); }

void sol_buf_put_clean(SolBuf *b, const char *s, size_t max)
{
    size_t n = strlen(s);
    for (size_t i = 0; i < n && i < max; i++)
        sol_buf_putc(b, isprint((unsigned char)s[i]) ? s[i] : '?');
    if (n > max)
        sol_buf_puts(b, "...");
}

/* Formats straight into the buffer: reserve, format, and retry once if it did not fit. */
void sol_buf_vprintf(SolBuf *b, const char *fmt, va_list ap)
{
    va_list copy;
    va_copy(copy, ap);
    sol_buf_reserve(b, 128);
    int n = vsnprintf(b->data + b->len, b->cap - b->len, fmt, copy);
    va_end(copy);
    if (n < 0) {
        b->data[b->len] = '\0';
        return;
    }
    if ((size_t)n >= b->cap - b->len) {
        sol_buf_reserve(b, (size_t)n);
        vsnprintf(b->data + b->len, b->cap - b->len, fmt, ap);
    }
    b->len += (size_t)n;
}

void sol_buf_printf(SolBuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sol_buf_vprintf(b, fmt, ap);
    va_end(ap);
}

void sol_buf_free(SolBuf *b)
{
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

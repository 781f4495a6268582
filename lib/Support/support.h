/*
 * Support library: the libc-only foundations every other layer uses.
 *
 *   - heap helpers that abort on OOM (sol_xmalloc), so callers never check NULL;
 *   - SolArena, a bump allocator that owns all IR memory of a module;
 *   - SolVec, a typed growable array for worklists and builders;
 *   - SolInterner, which maps strings to unique SolIdent pointers (compare with ==);
 *   - SolSource, a buffer with a line-start table for carets in diagnostics;
 *   - SolDiagEngine, which formats `file:line:col: error: msg`, the source line and a caret,
 *     or hands each diagnostic to a handler (the --verify-diagnostics matcher).
 *
 * Nothing here keeps mutable global state.
 */
#ifndef SOLAR_SUPPORT_SUPPORT_H
#define SOLAR_SUPPORT_SUPPORT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* ---- heap ---------------------------------------------------------------------------- */

void *sol_xmalloc(size_t size);
void *sol_xcalloc(size_t n, size_t size);
void *sol_xrealloc(void *p, size_t size);
char *sol_xstrdup(const char *s);
char *sol_xstrndup(const char *s, size_t n);

/* ---- arena --------------------------------------------------------------------------- */

typedef struct SolArenaChunk SolArenaChunk;
struct SolArenaChunk {
    SolArenaChunk *prev;
    size_t used, cap;
    max_align_t data[];
};
typedef struct SolArena {
    SolArenaChunk *head;  /* newest chunk; chunks are freed all at once */
    SolArenaChunk *spare; /* one chunk kept by sol_arena_release_to for reuse */
    size_t total;         /* bytes reserved from the heap, for statistics */
} SolArena;

/* 8-byte alignment suits every IR struct (no long double, no SIMD types); max_align_t's 16
 * would add a quarter to a typical op's footprint. */
#define SOL_ARENA_ALIGN 8
void *sol_arena_alloc_slow(SolArena *a, size_t size); /* a new chunk, then as below */
/* Zeroed, 8-byte aligned. Inline: the parser allocates a few objects per token, and with the
 * size known at the call the zeroing is a few stores. */
static inline void *sol_arena_alloc(SolArena *a, size_t size)
{
    size = (size + SOL_ARENA_ALIGN - 1) & ~(size_t)(SOL_ARENA_ALIGN - 1);
    SolArenaChunk *c = a->head;
    if (__builtin_expect(!c || c->cap - c->used < size, 0))
        return sol_arena_alloc_slow(a, size);
    void *p = (char *)c->data + c->used;
    c->used += size;
    return memset(p, 0, size);
}
char *sol_arena_strndup(SolArena *a, const char *s, size_t n);
void sol_arena_release(SolArena *a);

/* A point in an arena's allocations. Releasing to it frees everything allocated after it, so an
 * arena can serve as a stack of lifetimes (the parser's scratch memory per statement). */
typedef struct SolArenaMark {
    SolArenaChunk *chunk;
    size_t used;
} SolArenaMark;
SolArenaMark sol_arena_mark(const SolArena *a);
void sol_arena_release_to(SolArena *a, SolArenaMark m);

/* ---- growable arrays ----------------------------------------------------------------- */

/* A typed vector: `SolVecOf(SolOp *) work = {0};` then sol_vec_push(&work, op). */
#define SolVecOf(T)                                                                            \
    struct {                                                                                   \
        T *data;                                                                               \
        size_t len, cap;                                                                       \
    }
void sol_vec_grow_(void **data, size_t *cap, size_t elem_size);
#define sol_vec_push(v, x)                                                                     \
    ((void)((v)->len == (v)->cap                                                               \
                ? sol_vec_grow_((void **)&(v)->data, &(v)->cap, sizeof *(v)->data)             \
                : (void)0),                                                                    \
     (v)->data[(v)->len++] = (x))
#define sol_vec_free(v) (free((v)->data), (v)->data = NULL, (v)->len = (v)->cap = 0)

/* A growable byte buffer for building strings (printer, messages). */
typedef struct SolBuf {
    char *data;
    size_t len, cap;
} SolBuf;
void sol_buf_reserve(SolBuf *b, size_t extra); /* room for `extra` more bytes and a NUL */
/* Inline: the printer appends millions of short pieces, and nearly all of them fit. */
static inline void sol_buf_append(SolBuf *b, const char *s, size_t n)
{
    if (b->len + n + 1 > b->cap)
        sol_buf_reserve(b, n);
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}
static inline void sol_buf_putc(SolBuf *b, char c) { sol_buf_append(b, &c, 1); }
void sol_buf_puts(SolBuf *b, const char *s);
/* s (at most max bytes, then "..."), with non-printable bytes as '?', so fuzzed names and
 * keys cannot garble a terminal. */
void sol_buf_put_clean(SolBuf *b, const char *s, size_t max);
void sol_buf_put_u64(SolBuf *b, uint64_t v); /* decimal, without printf */
void sol_buf_put_i64(SolBuf *b, int64_t v);
void sol_buf_printf(SolBuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sol_buf_vprintf(SolBuf *b, const char *fmt, va_list ap);
void sol_buf_free(SolBuf *b);

/* ---- interned identifiers ------------------------------------------------------------ */

typedef struct SolIdent {
    uint32_t len;
    uint32_t hash;
    char str[]; /* NUL-terminated */
} SolIdent;

typedef struct SolInterner {
    SolArena arena;
    const SolIdent **slots; /* open addressing, power-of-two size */
    size_t cap, count;
} SolInterner;

uint32_t sol_hash_bytes(const void *p, size_t n);
const SolIdent *sol_intern(SolInterner *in, const char *s, size_t n);
const SolIdent *sol_intern_cstr(SolInterner *in, const char *s);
void sol_interner_release(SolInterner *in);
/* Orders identifiers by their bytes (NUL bytes included), then by length. */
int sol_ident_compare(const SolIdent *a, const SolIdent *b);

/* ---- sources and locations ----------------------------------------------------------- */

typedef struct SolLoc {
    const SolIdent *file; /* NULL for "unknown location" */
    uint32_t line;        /* 1-based */
    uint32_t col : 22;    /* 1-based; saturates on absurdly long lines */
    uint32_t len : 10;    /* characters to underline (>= 1 when known) */
} SolLoc;                 /* 16 bytes: every op carries one */

enum { SOL_LOC_MAX_COL = (1 << 22) - 1, SOL_LOC_MAX_LEN = (1 << 10) - 1 };

typedef struct SolSource {
    const SolIdent *name;
    const char *data; /* not owned; NULL: read the file called `name` when first quoted */
    size_t len;
    char *loaded;     /* owned copy read lazily for sources parsed from a stream */
    uint32_t *line_starts; /* offset of each line's first byte; built lazily */
    uint32_t num_lines;
    uint32_t first_line; /* number of data's first line (a --split-input-file chunk); 0 = 1 */
} SolSource;

typedef struct SolSpan {
    const char *ptr;
    size_t len;
} SolSpan;

/* The text of line `line` (1-based) without its newline; empty span when out of range. */
SolSpan sol_source_line(SolSource *src, uint32_t line);

/* ---- diagnostics --------------------------------------------------------------------- */

typedef enum SolSeverity { SOL_SEV_ERROR, SOL_SEV_WARNING, SOL_SEV_NOTE, SOL_SEV_REMARK } SolSeverity;

typedef struct SolDiag {
    SolSeverity severity;
    SolLoc loc;
    const char *message;
} SolDiag;

/* Return true when the handler consumed the diagnostic (it is then not printed). */
typedef bool (*SolDiagHandler)(void *user, const SolDiag *d);

typedef struct SolHeldDiag {
    SolSeverity severity;
    SolLoc loc;
    char *message;
} SolHeldDiag;

typedef struct SolDiagEngine {
    FILE *out;              /* where diagnostics go; NULL silences them */
    SolDiagHandler handler; /* optional; sees every diagnostic first */
    void *handler_user;
    SolVecOf(SolSource *) sources; /* for carets: looked up by file identifier */
    unsigned num_errors, num_warnings;
    unsigned error_limit; /* 0 = unlimited */
    bool holding;         /* see sol_diag_hold */
    size_t hold_at;       /* where the next held diagnostic goes in `held` */
    unsigned held_errors; /* errors among them (counted in num_errors too) */
    SolVecOf(SolHeldDiag) held;
} SolDiagEngine;

void sol_diag_init(SolDiagEngine *e);
void sol_diag_release(SolDiagEngine *e);
void sol_diag_set_output(SolDiagEngine *e, FILE *out);
void sol_diag_add_source(SolDiagEngine *e, SolSource *src);
void sol_diag_remove_source(SolDiagEngine *e, SolSource *src);
void sol_diag_emitv(SolDiagEngine *e, SolSeverity sev, SolLoc loc, const char *fmt, va_list ap);
void sol_diag_emit(SolDiagEngine *e, SolSeverity sev, SolLoc loc, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* True once error_limit errors have been reported: callers stop early. */
bool sol_diag_too_many(const SolDiagEngine *e);
/* Holding: while on, diagnostics are counted but kept, not reported, each inserted at hold_at
 * (which moves past it; it starts at the end): the verifier of ops checked as they are parsed
 * keeps its findings until the whole input has parsed, in the order a walk of the whole
 * module would report them. sol_diag_report_held reports them in order (to the handler or
 * out), sol_diag_drop_held forgets them and takes back their counts. */
void sol_diag_hold(SolDiagEngine *e, bool on);
/* sol_diag_too_many counting only the errors reported, not those held (which may be dropped). */
bool sol_diag_too_many_reported(const SolDiagEngine *e);
void sol_diag_report_held(SolDiagEngine *e);
void sol_diag_drop_held(SolDiagEngine *e);
const char *sol_severity_name(SolSeverity s);

/* ---- threads ----------------------------------------------------------------------------- */

/* Runs fn(argc, argv) on a thread with a 1 GiB stack (falls back to the calling thread) and
 * returns its result: deeply nested input cannot overflow the parser's or executor's stack. */
int sol_run_on_big_stack(int (*fn)(int, char **), int argc, char **argv);

#endif /* SOLAR_SUPPORT_SUPPORT_H */

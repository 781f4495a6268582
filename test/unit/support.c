/*
 * Unit test of the support library (lib/Support): the arena (8-byte alignment, zeroed memory,
 * big requests, release), the interner (one pointer per string, embedded NULs, growth),
 * SolBuf (append, printf, integer formatting at the int64 limits), SolVec, the line table of
 * SolSource (LF, CRLF, no final newline, empty lines, out-of-range lines, a source read lazily
 * from its file) and the diagnostic engine (format, caret and tildes, tabs copied, control
 * bytes hidden, handler, counters, error limit). Exit status 0 = pass.
 */
#define _POSIX_C_SOURCE 200809L
#include "Support/support.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"

#define EXPECT_STR(got, want) expect_str(__LINE__, (got), (want))
static void expect_str(int line, const char *got, const char *want)
{
    if (!got || strcmp(got, want) != 0) {
        fprintf(stderr, "%s:%d: got\n---\n%s\n---\nwant\n---\n%s\n---\n", __FILE__, line,
                got ? got : "(null)", want);
        failures++;
    }
}

static bool all_zero(const void *p, size_t n)
{
    const unsigned char *c = p;
    for (size_t i = 0; i < n; i++)
        if (c[i])
            return false;
    return true;
}

static void test_arena(void)
{
    SolArena a = {0};
    /* Every size from 0 to 300, then big ones: aligned, zeroed, disjoint. */
    char *prev = NULL;
    size_t prev_size = 0;
    for (size_t size = 0; size <= 300; size++) {
        char *p = sol_arena_alloc(&a, size);
        EXPECT(p != NULL);
        EXPECT(((uintptr_t)p & 7) == 0);
        EXPECT(all_zero(p, size));
        memset(p, 0xAB, size); /* dirty it: later allocations must still come back zeroed */
        if (prev && size && prev_size)
            EXPECT(p + size <= prev || p >= prev + prev_size);
        prev = p, prev_size = size;
    }
    for (size_t size = 1000; size <= 400000; size *= 3) {
        char *p = sol_arena_alloc(&a, size);
        EXPECT(((uintptr_t)p & 7) == 0);
        EXPECT(all_zero(p, size));
        memset(p, 0xCD, size);
        /* A small allocation right after a big one still works and is zeroed. */
        char *q = sol_arena_alloc(&a, 24);
        EXPECT(((uintptr_t)q & 7) == 0 && all_zero(q, 24));
        memset(q, 0xEF, 24);
    }
    EXPECT(a.total >= 400000);
    char *s = sol_arena_strndup(&a, "hello, world", 5);
    EXPECT_STR(s, "hello");
    sol_arena_release(&a);
    EXPECT(a.head == NULL && a.total == 0);
    /* Usable again after release. */
    long *l = sol_arena_alloc(&a, 10 * sizeof *l);
    EXPECT(all_zero(l, 10 * sizeof *l));
    sol_arena_release(&a);
    sol_arena_release(&a); /* twice is harmless */
}

static void test_interner(void)
{
    SolInterner in = {0};
    const SolIdent *a = sol_intern_cstr(&in, "affine.for");
    EXPECT(a == sol_intern(&in, "affine.for!", 10));
    EXPECT(a != sol_intern_cstr(&in, "affine.fo"));
    EXPECT(a->len == 10 && strcmp(a->str, "affine.for") == 0);
    EXPECT(a->hash == sol_hash_bytes("affine.for", 10));
    const SolIdent *empty = sol_intern(&in, "", 0);
    EXPECT(empty == sol_intern_cstr(&in, "") && empty->len == 0 && empty->str[0] == '\0');
    /* Embedded NUL bytes are part of the identifier. */
    const SolIdent *n1 = sol_intern(&in, "a\0b", 3), *n2 = sol_intern(&in, "a\0c", 3);
    EXPECT(n1 != n2 && n1 == sol_intern(&in, "a\0b", 3) && n1 != sol_intern(&in, "a", 1));
    EXPECT(n1->len == 3 && memcmp(n1->str, "a\0b", 4) == 0);
    /* Growth far past the initial table keeps every earlier pointer. */
    enum { N = 50000 };
    const SolIdent **ids = malloc(N * sizeof *ids);
    char buf[32];
    for (int i = 0; i < N; i++) {
        int n = snprintf(buf, sizeof buf, "%%v%d", i);
        ids[i] = sol_intern(&in, buf, (size_t)n);
    }
    EXPECT(in.count == N + 6);
    int bad = 0;
    for (int i = 0; i < N; i++) {
        int n = snprintf(buf, sizeof buf, "%%v%d", i);
        if (sol_intern(&in, buf, (size_t)n) != ids[i] || strcmp(ids[i]->str, buf) != 0)
            bad++;
    }
    EXPECT(bad == 0);
    EXPECT(in.count == N + 6);
    EXPECT(a == sol_intern_cstr(&in, "affine.for"));
    free(ids);
    sol_interner_release(&in);
    EXPECT(in.count == 0);
}

static void test_buf_and_vec(void)
{
    SolBuf b = {0};
    sol_buf_puts(&b, "");
    EXPECT(b.len == 0 && b.data && b.data[0] == '\0');
    sol_buf_append(&b, "ab\0cd", 5); /* bytes, not a C string */
    EXPECT(b.len == 5 && memcmp(b.data, "ab\0cd", 6) == 0);
    sol_buf_free(&b);
    EXPECT(b.data == NULL && b.len == 0);

    sol_buf_put_i64(&b, INT64_MIN);
    sol_buf_putc(&b, ' ');
    sol_buf_put_i64(&b, INT64_MAX);
    sol_buf_putc(&b, ' ');
    sol_buf_put_u64(&b, UINT64_MAX);
    sol_buf_putc(&b, ' ');
    sol_buf_put_i64(&b, 0);
    sol_buf_putc(&b, ' ');
    sol_buf_put_i64(&b, -7);
    EXPECT_STR(b.data, "-9223372036854775808 9223372036854775807 18446744073709551615 0 -7");
    sol_buf_free(&b);

    /* printf longer than any internal small buffer. */
    char big[3000];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    sol_buf_printf(&b, "<%s|%d>", big, 42);
    EXPECT(b.len == sizeof big - 1 + 5 && b.data[0] == '<' && strcmp(b.data + b.len - 4, "|42>") == 0);
    sol_buf_printf(&b, "%s", "");
    EXPECT(b.len == sizeof big - 1 + 5);
    sol_buf_free(&b);

    /* Many small appends. */
    for (int i = 0; i < 100000; i++)
        sol_buf_append(&b, "0123456789", i % 11);
    size_t want = 0;
    for (int i = 0; i < 100000; i++)
        want += (size_t)(i % 11);
    EXPECT(b.len == want && b.data[b.len] == '\0' && b.cap > b.len);
    sol_buf_free(&b);

    SolVecOf(int) v = {0};
    for (int i = 0; i < 1000; i++)
        sol_vec_push(&v, i * i);
    EXPECT(v.len == 1000 && v.cap >= 1000 && v.data[999] == 999 * 999 && v.data[0] == 0);
    sol_vec_free(&v);
    EXPECT(v.data == NULL && v.len == 0 && v.cap == 0);
}

static SolSource source(const SolIdent *name, const char *text)
{
    SolSource s = {.name = name, .data = text, .len = strlen(text)};
    return s;
}

static bool line_is(SolSource *src, uint32_t line, const char *want)
{
    SolSpan s = sol_source_line(src, line);
    return s.len == strlen(want) && memcmp(s.ptr, want, s.len) == 0;
}

static void test_line_table(SolInterner *in)
{
    const SolIdent *name = sol_intern_cstr(in, "lines.mlir");
    SolSource lf = source(name, "one\ntwo\n\nfour\n");
    EXPECT(line_is(&lf, 1, "one") && line_is(&lf, 2, "two") && line_is(&lf, 3, ""));
    EXPECT(line_is(&lf, 4, "four"));
    EXPECT(line_is(&lf, 5, "")); /* after the final newline: an empty line */
    EXPECT(line_is(&lf, 6, "") && line_is(&lf, 0, "") && line_is(&lf, 1000000, ""));
    free(lf.line_starts);

    SolSource crlf = source(name, "one\r\ntwo\r\n\r\nlast");
    EXPECT(line_is(&crlf, 1, "one") && line_is(&crlf, 2, "two") && line_is(&crlf, 3, ""));
    EXPECT(line_is(&crlf, 4, "last")); /* no final newline */
    EXPECT(line_is(&crlf, 5, ""));
    free(crlf.line_starts);

    SolSource cr_inside = source(name, "a\rb\n\r");
    EXPECT(line_is(&cr_inside, 1, "a\rb")); /* only a CR right before LF is dropped */
    EXPECT(line_is(&cr_inside, 2, ""));
    free(cr_inside.line_starts);

    SolSource empty = source(name, "");
    EXPECT(line_is(&empty, 1, "") && line_is(&empty, 2, ""));
    free(empty.line_starts);

    /* Not NUL-terminated: only len bytes count. */
    SolSource cut = {.name = name, .data = "abc\ndef\nghi", .len = 6};
    EXPECT(line_is(&cut, 1, "abc") && line_is(&cut, 2, "de") && line_is(&cut, 3, ""));
    free(cut.line_starts);
}

/* Emits one error through a fresh engine writing to a memstream; returns the text. */
static char *emit_to_string(SolSource *src, SolLoc loc, const char *msg)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    SolDiagEngine e;
    sol_diag_init(&e);
    sol_diag_set_output(&e, out);
    if (src)
        sol_diag_add_source(&e, src);
    sol_diag_emit(&e, SOL_SEV_ERROR, loc, "%s", msg);
    EXPECT(e.num_errors == 1);
    if (src)
        sol_diag_remove_source(&e, src);
    sol_diag_release(&e);
    fclose(out);
    return text;
}

static unsigned handled;
static bool swallow(void *user, const SolDiag *d)
{
    (void)user;
    handled++;
    return d->severity != SOL_SEV_WARNING; /* let warnings through to the output */
}

static void test_diagnostics(SolInterner *in)
{
    const SolIdent *name = sol_intern_cstr(in, "m.mlir");
    SolSource src = source(name, "func @f() {\n"
                                 "  %v = affine.load %A[%i, %j] : memref<64x64xf32>\n"
                                 "\t\t%x = arith.addf %a,\t%b : f32\r\n"
                                 "ctl\001x\n"
                                 "short\n");

    char *s = emit_to_string(&src, (SolLoc){name, 2, 8, 11}, "'affine.load' op bad");
    EXPECT_STR(s, "m.mlir:2:8: error: 'affine.load' op bad\n"
                  "  %v = affine.load %A[%i, %j] : memref<64x64xf32>\n"
                  "       ^~~~~~~~~~~\n");
    free(s);

    /* Tabs before the caret are copied; the CR of a CRLF line is not printed. */
    s = emit_to_string(&src, (SolLoc){name, 3, 23, 2}, "tabbed");
    EXPECT_STR(s, "m.mlir:3:23: error: tabbed\n"
                  "\t\t%x = arith.addf %a,\t%b : f32\n"
                  "\t\t                   \t^~\n");
    free(s);

    /* Control bytes in the quoted line print as '?'. */
    s = emit_to_string(&src, (SolLoc){name, 4, 4, 1}, "control");
    EXPECT_STR(s, "m.mlir:4:4: error: control\nctl?x\n   ^\n");
    free(s);

    /* Tildes stop at the end of the line; a column past the end puts the caret after it. */
    s = emit_to_string(&src, (SolLoc){name, 5, 3, 100}, "long");
    EXPECT_STR(s, "m.mlir:5:3: error: long\nshort\n  ^~~\n");
    free(s);
    s = emit_to_string(&src, (SolLoc){name, 5, 40, 1}, "past");
    EXPECT_STR(s, "m.mlir:5:40: error: past\nshort\n     ^\n");
    free(s);

    /* No file: no location, no snippet. A file without a registered source: no snippet. */
    s = emit_to_string(NULL, (SolLoc){NULL, 0, 0, 0}, "nowhere");
    EXPECT_STR(s, "<unknown>: error: nowhere\n");
    free(s);
    s = emit_to_string(NULL, (SolLoc){sol_intern_cstr(in, "/nonexistent/x.mlir"), 3, 4, 1}, "x");
    EXPECT_STR(s, "/nonexistent/x.mlir:3:4: error: x\n");
    free(s);

    /* A source without data is read from its file when first quoted. */
    char path[] = "/tmp/solar-support-XXXXXX";
    int fd = mkstemp(path);
    EXPECT(fd >= 0);
    if (fd >= 0) {
        const char text[] = "first\n  second line\nthird";
        EXPECT(write(fd, text, sizeof text - 1) == (ssize_t)(sizeof text - 1));
        close(fd);
        SolSource lazy = {.name = sol_intern_cstr(in, path)};
        char want[256];
        snprintf(want, sizeof want, "%s:2:3: error: lazy\n  second line\n  ^~~~~~\n", path);
        s = emit_to_string(&lazy, (SolLoc){lazy.name, 2, 3, 6}, "lazy");
        EXPECT_STR(s, want);
        free(s);
        unlink(path);
    }

    /* Long messages, severities, counters, the handler and the error limit. */
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    SolDiagEngine e;
    sol_diag_init(&e);
    sol_diag_set_output(&e, out);
    EXPECT(e.error_limit == 20 && !sol_diag_too_many(&e));
    char big[2000];
    memset(big, 'm', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    sol_diag_emit(&e, SOL_SEV_WARNING, (SolLoc){name, 1, 1, 1}, "w %s", big);
    sol_diag_emit(&e, SOL_SEV_NOTE, (SolLoc){NULL, 0, 0, 0}, "n");
    sol_diag_emit(&e, SOL_SEV_REMARK, (SolLoc){NULL, 0, 0, 0}, "r %d", 5);
    EXPECT(e.num_errors == 0 && e.num_warnings == 1);
    e.handler = swallow;
    sol_diag_emit(&e, SOL_SEV_ERROR, (SolLoc){NULL, 0, 0, 0}, "swallowed");
    sol_diag_emit(&e, SOL_SEV_WARNING, (SolLoc){NULL, 0, 0, 0}, "shown");
    EXPECT(handled == 2 && e.num_errors == 1 && e.num_warnings == 2); /* counted either way */
    e.handler = NULL;
    for (int i = 1; i < 19; i++)
        sol_diag_emit(&e, SOL_SEV_ERROR, (SolLoc){NULL, 0, 0, 0}, "e%d", i);
    EXPECT(e.num_errors == 19 && !sol_diag_too_many(&e));
    sol_diag_emit(&e, SOL_SEV_ERROR, (SolLoc){NULL, 0, 0, 0}, "e19");
    EXPECT(e.num_errors == 20 && sol_diag_too_many(&e));
    sol_diag_release(&e);
    fclose(out);
    EXPECT(text && strncmp(text, "m.mlir:1:1: warning: w mmm", 26) == 0);
    EXPECT(text && strstr(text, "<unknown>: note: n\n<unknown>: remark: r 5\n<unknown>: warning: shown\n"));
    EXPECT(text && !strstr(text, "swallowed") && strstr(text, "<unknown>: error: e19\n"));
    free(text);
    EXPECT(strcmp(sol_severity_name(SOL_SEV_REMARK), "remark") == 0);
}

int main(void)
{
    SolInterner in = {0};
    test_arena();
    test_interner();
    test_buf_and_vec();
    test_line_table(&in);
    test_diagnostics(&in);
    sol_interner_release(&in);
    if (failures)
        fprintf(stderr, "support: %d check(s) failed\n", failures);
    return failures ? 1 : 0;
}

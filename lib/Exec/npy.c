/*
 * .npy reading and writing (format: numpy/lib/format.py, NEP 1).
 *
 * A file is the magic "\x93NUMPY", a version byte pair (1.0, 2.0 or 3.0), the header length
 * (little-endian uint16 for 1.0, uint32 for 2.0 and 3.0), the header (the repr of a Python
 * dict with keys 'descr', 'fortran_order' and 'shape', padded with spaces and a '\n'), then
 * the raw C-order elements. Reading parses the header with a small recursive-descent parser
 * for the Python literal subset NumPy writes (strings, True/False, int tuples, one structured
 * descr), then reads exactly the bytes the shape needs and checks that nothing follows.
 * Bytes come from a Source, either a FILE or a buffer, so sol_npy_read and sol_npy_parse share
 * every check. Writing produces np.save's exact bytes.
 */
#include "Exec/npy.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum {
    MAGIC_LEN = 6,
    ARRAY_ALIGN = 64,            /* numpy pads the header so the data starts at a multiple */
    GROWTH_AXIS_MAX_DIGITS = 21, /* numpy >= 1.23 leaves room to grow shape[0] in place */
    MAX_HEADER_LEN = 1 << 20,    /* numpy's own limit is 10000; any real header is far shorter */
};

static const char magic[MAGIC_LEN] = {'\x93', 'N', 'U', 'M', 'P', 'Y'};

/* The .npy descr of each element kind (bf16: see npy.h). */
static const char *const descrs[SOL_ELEM_COUNT] = {
    [SOL_ELEM_F16] = "'<f2'", [SOL_ELEM_BF16] = "[('bf16', '<u2')]",
    [SOL_ELEM_F32] = "'<f4'", [SOL_ELEM_F64] = "'<f8'",
    [SOL_ELEM_I1] = "'|b1'",  [SOL_ELEM_I8] = "'|i1'",
    [SOL_ELEM_I32] = "'<i4'", [SOL_ELEM_I64] = "'<i8'",
};

#define SUPPORTED_DTYPES "<f2, <f4, <f8, |b1, |i1, <i4, <i8, [('bf16', '<u2')]"

/* ---- errors -------------------------------------------------------------------------- */

static void fail(SolBuf *err, const char *name, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void fail(SolBuf *err, const char *name, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sol_buf_printf(err, "%s: ", name);
    sol_buf_vprintf(err, fmt, ap);
    va_end(ap);
}

/* Appends untrusted text quoted, printable ASCII as is, other bytes as \xNN, cut at 40. */
static void put_quoted(SolBuf *b, const char *s, size_t n)
{
    sol_buf_putc(b, '\'');
    for (size_t i = 0; i < n && i < 40; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c < 0x7f && c != '\\')
            sol_buf_putc(b, (char)c);
        else
            sol_buf_printf(b, "\\x%02x", c);
    }
    if (n > 40)
        sol_buf_puts(b, "...");
    sol_buf_putc(b, '\'');
}

/* A shape as Python prints the tuple: `()`, `(5,)`, `(2, 3)`. */
static void put_shape(SolBuf *b, uint32_t rank, const int64_t *dims)
{
    sol_buf_putc(b, '(');
    for (uint32_t i = 0; i < rank; i++) {
        if (i)
            sol_buf_puts(b, ", ");
        sol_buf_put_i64(b, dims[i]);
    }
    if (rank == 1)
        sol_buf_putc(b, ',');
    sol_buf_putc(b, ')');
}

/* ---- byte sources -------------------------------------------------------------------- */

typedef struct Source {
    FILE *f; /* NULL: read from buf */
    const unsigned char *buf;
    size_t len, pos;
    int64_t size; /* total bytes when known (buffer, regular file), else -1 */
} Source;

/* Reads up to n bytes; fewer only at the end or on a read error (ferror tells). */
static size_t src_read(Source *s, void *dst, size_t n)
{
    if (s->f) {
        size_t got = n ? fread(dst, 1, n, s->f) : 0;
        s->pos += got;
        return got;
    }
    size_t got = s->len - s->pos < n ? s->len - s->pos : n;
    if (got)
        memcpy(dst, s->buf + s->pos, got);
    s->pos += got;
    return got;
}

/* After a short read: a read error with its errno text, or else the given truncation. */
static bool short_read(Source *s, const char *name, SolBuf *err)
{
    if (s->f && ferror(s->f)) {
        fail(err, name, "read error: %s", strerror(errno));
        return true;
    }
    return false;
}

/* ---- header dict parser -------------------------------------------------------------- */

typedef struct Parser {
    const char *start, *p, *end; /* the header text */
    const char *name;            /* file name for messages */
    SolBuf *err;
    unsigned major; /* format version: 'L' suffixes are legal in 1.0/2.0 (Python 2 files) */
    bool allow_raw_u16;
    /* results */
    bool have_descr, have_fortran, have_shape;
    bool fortran;
    bool raw_u16;
    SolElemKind elem;
    uint32_t rank;
    int64_t dims[SOL_TENSOR_MAX_RANK];
} Parser;

static bool syntax(Parser *ps, const char *what)
{
    fail(ps->err, ps->name, "malformed header: expected %s at header offset %zu", what,
         (size_t)(ps->p - ps->start));
    return false;
}

static void skip_ws(Parser *ps)
{
    while (ps->p < ps->end &&
           (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' || *ps->p == '\r' || *ps->p == '\f'))
        ps->p++;
}

/* Consumes c (after whitespace) if it is next. */
static bool accept(Parser *ps, char c)
{
    skip_ws(ps);
    if (ps->p < ps->end && *ps->p == c) {
        ps->p++;
        return true;
    }
    return false;
}

static bool is_ident_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* string -> '\'' chars '\'' | '"' chars '"'   (no escapes: numpy never writes any) */
static bool parse_string(Parser *ps, const char **s, size_t *n)
{
    skip_ws(ps);
    if (ps->p >= ps->end || (*ps->p != '\'' && *ps->p != '"'))
        return syntax(ps, "a string");
    char q = *ps->p++;
    const char *b = ps->p;
    while (ps->p < ps->end && *ps->p != q) {
        if (*ps->p == '\\' || *ps->p == '\n')
            return syntax(ps, "a string without escapes or newlines");
        ps->p++;
    }
    if (ps->p >= ps->end)
        return syntax(ps, "the closing quote of a string");
    *s = b;
    *n = (size_t)(ps->p - b);
    ps->p++;
    return true;
}

static bool str_is(const char *s, size_t n, const char *lit)
{
    return n == strlen(lit) && memcmp(s, lit, n) == 0;
}

/* Maps a dtype string to an element kind, with messages for the unsupported ones. */
static bool set_dtype(Parser *ps, const char *s, size_t n)
{
    static const struct {
        const char *code;
        SolElemKind elem;
    } codes[] = {
        {"f2", SOL_ELEM_F16}, {"f4", SOL_ELEM_F32}, {"f8", SOL_ELEM_F64}, {"b1", SOL_ELEM_I1},
        {"i1", SOL_ELEM_I8},  {"i4", SOL_ELEM_I32}, {"i8", SOL_ELEM_I64}, {"u2", SOL_ELEM_BF16},
    };
    char order = n > 0 && s[0] && strchr("<>|=", s[0]) ? s[0] : 0;
    const char *code = order ? s + 1 : s;
    size_t code_len = order ? n - 1 : n;
    for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
        if (!str_is(code, code_len, codes[i].code))
            continue;
        bool one_byte = code[1] == '1';
        if (order == '>' && !one_byte) {
            fail(ps->err, ps->name, "big-endian data (");
            put_quoted(ps->err, s, n);
            sol_buf_puts(ps->err, ") is not supported; save it little-endian, e.g. with "
                                  "a.astype(a.dtype.newbyteorder('<'))");
            return false;
        }
        if (order != '<' && !one_byte) {
            fail(ps->err, ps->name, "dtype ");
            put_quoted(ps->err, s, n);
            sol_buf_puts(ps->err, " has no explicit little-endian byte order ('<')");
            return false;
        }
        if (codes[i].elem == SOL_ELEM_BF16) { /* '<u2' */
            if (!ps->allow_raw_u16) {
                fail(ps->err, ps->name,
                     "unsupported dtype '<u2' (uint16 is read only as the raw bits of an f16 "
                     "or bf16 argument)");
                return false;
            }
            ps->raw_u16 = true;
        }
        ps->elem = codes[i].elem;
        return true;
    }
    fail(ps->err, ps->name, "unsupported dtype ");
    put_quoted(ps->err, s, n);
    sol_buf_puts(ps->err, " (supported: " SUPPORTED_DTYPES ")");
    return false;
}

/* descr -> string | '[' '(' string ',' string ','? ')' ','? ']'
 * The only structured descr read is [('bf16', '<u2')]. */
static bool parse_descr(Parser *ps)
{
    const char *s, *f;
    size_t n, fn;
    skip_ws(ps);
    if (ps->p >= ps->end || *ps->p != '[') {
        if (!parse_string(ps, &s, &n))
            return false;
        return set_dtype(ps, s, n);
    }
    const char *b = ps->p;
    bool ok = accept(ps, '[') && accept(ps, '(');
    SolBuf scratch = {0}; /* syntax errors of this shape are reported as "unsupported" */
    SolBuf *saved = ps->err;
    ps->err = &scratch;
    ok = ok && parse_string(ps, &f, &fn) && accept(ps, ',') && parse_string(ps, &s, &n);
    ps->err = saved;
    sol_buf_free(&scratch);
    ok = ok && (accept(ps, ','), accept(ps, ')')) && (accept(ps, ','), accept(ps, ']'));
    if (ok && str_is(f, fn, "bf16") && str_is(s, n, "<u2")) {
        ps->elem = SOL_ELEM_BF16;
        return true;
    }
    /* Name the whole list up to its closing bracket (or what there is of it). */
    const char *e = ps->p;
    while (e < ps->end && e[-1] != ']')
        e++;
    fail(ps->err, ps->name, "unsupported structured dtype ");
    put_quoted(ps->err, b, (size_t)(e - b));
    sol_buf_puts(ps->err, " (the only structured dtype read is [('bf16', '<u2')], as bf16)");
    return false;
}

/* bool -> 'True' | 'False' */
static bool parse_bool(Parser *ps, bool *v)
{
    skip_ws(ps);
    const char *b = ps->p;
    while (ps->p < ps->end && is_ident_char(*ps->p))
        ps->p++;
    if (str_is(b, (size_t)(ps->p - b), "True"))
        *v = true;
    else if (str_is(b, (size_t)(ps->p - b), "False"))
        *v = false;
    else {
        ps->p = b;
        return syntax(ps, "True or False for 'fortran_order'");
    }
    return true;
}

/* dim -> '-'? digit+ ('L' in format 1.0/2.0) */
static bool parse_dim(Parser *ps, int64_t *v)
{
    skip_ws(ps);
    bool neg = ps->p < ps->end && *ps->p == '-';
    if (neg)
        ps->p++;
    if (ps->p >= ps->end || *ps->p < '0' || *ps->p > '9')
        return syntax(ps, "an integer dimension");
    int64_t x = 0;
    bool overflow = false;
    const char *b = ps->p;
    while (ps->p < ps->end && *ps->p >= '0' && *ps->p <= '9') {
        int d = *ps->p++ - '0';
        if (x > (INT64_MAX - d) / 10)
            overflow = true;
        else
            x = x * 10 + d;
    }
    if (ps->major <= 2 && ps->p < ps->end && *ps->p == 'L')
        ps->p++;
    if (ps->p < ps->end && is_ident_char(*ps->p))
        return syntax(ps, "a decimal integer dimension");
    if (neg && (x != 0 || overflow)) {
        fail(ps->err, ps->name, "negative dimension -%.*s in 'shape'", (int)(ps->p - b), b);
        return false;
    }
    if (overflow) {
        fail(ps->err, ps->name, "dimension %.*s in 'shape' is too large", (int)(ps->p - b), b);
        return false;
    }
    *v = x;
    return true;
}

/* shape -> '(' ')' | '(' dim ',' ')' | '(' dim (',' dim)+ ','? ')' */
static bool parse_shape(Parser *ps)
{
    if (!accept(ps, '('))
        return syntax(ps, "a tuple '(' for 'shape'");
    ps->rank = 0;
    bool comma = false;
    while (!accept(ps, ')')) {
        if (ps->rank > 0 && !comma)
            return syntax(ps, "',' or ')' in 'shape'");
        int64_t d;
        if (!parse_dim(ps, &d))
            return false;
        if (ps->rank == SOL_TENSOR_MAX_RANK) {
            fail(ps->err, ps->name, "shape has more than %d dimensions (at most %d are supported)",
                 SOL_TENSOR_MAX_RANK, SOL_TENSOR_MAX_RANK);
            return false;
        }
        ps->dims[ps->rank++] = d;
        comma = accept(ps, ',');
    }
    if (ps->rank == 1 && !comma) {
        fail(ps->err, ps->name, "malformed header: 'shape' is (%lld), not a tuple (%lld,)",
             (long long)ps->dims[0], (long long)ps->dims[0]);
        return false;
    }
    return true;
}

/* entry -> string ':' value */
static bool parse_entry(Parser *ps)
{
    const char *k;
    size_t n;
    const char *at = ps->p;
    if (!parse_string(ps, &k, &n))
        return false;
    bool *have = str_is(k, n, "descr")           ? &ps->have_descr
                 : str_is(k, n, "fortran_order") ? &ps->have_fortran
                 : str_is(k, n, "shape")         ? &ps->have_shape
                                                 : NULL;
    if (!have) {
        fail(ps->err, ps->name, "unexpected key ");
        put_quoted(ps->err, k, n);
        sol_buf_puts(ps->err, " in header (expected 'descr', 'fortran_order' and 'shape')");
        return false;
    }
    if (*have) {
        ps->p = at;
        fail(ps->err, ps->name, "duplicate key '%.*s' in header", (int)n, k);
        return false;
    }
    *have = true;
    if (!accept(ps, ':'))
        return syntax(ps, "':' after a key");
    if (have == &ps->have_descr)
        return parse_descr(ps);
    if (have == &ps->have_fortran)
        return parse_bool(ps, &ps->fortran);
    return parse_shape(ps);
}

/* header -> '{' (entry (',' entry)* ','?)? '}' whitespace* */
static bool parse_dict(Parser *ps)
{
    if (!accept(ps, '{'))
        return syntax(ps, "'{'");
    bool comma = true;
    while (!accept(ps, '}')) {
        if (!comma)
            return syntax(ps, "',' or '}'");
        if (!parse_entry(ps))
            return false;
        comma = accept(ps, ',');
    }
    skip_ws(ps);
    if (ps->p != ps->end)
        return syntax(ps, "only spaces and newlines after the dict");
    const char *missing = !ps->have_descr     ? "descr"
                          : !ps->have_fortran ? "fortran_order"
                          : !ps->have_shape   ? "shape"
                                              : NULL;
    if (missing) {
        fail(ps->err, ps->name, "missing key '%s' in header", missing);
        return false;
    }
    /* Fortran order is the same layout as C order for rank 0 and 1. */
    if (ps->fortran && ps->rank > 1) {
        fail(ps->err, ps->name,
             "Fortran-order (column-major) data is not supported; save a C-order array "
             "(np.ascontiguousarray)");
        return false;
    }
    return true;
}

/* ---- reading ------------------------------------------------------------------------- */

static uint32_t get_le(const unsigned char *p, int n)
{
    uint32_t v = 0;
    for (int i = n - 1; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

/* Reads magic, version, header length and header from s, then the data into t. */
static bool load(Source *s, const char *name, SolTensor *t, size_t max_bytes, bool *raw_u16,
                 SolBuf *err)
{
    unsigned char pre[12];
    size_t got = src_read(s, pre, 8);
    if (got < 8 && short_read(s, name, err))
        return false;
    if (got == 0) {
        fail(err, name, "not a .npy file (the file is empty)");
        return false;
    }
    if (memcmp(pre, magic, got < MAGIC_LEN ? got : MAGIC_LEN) != 0) {
        fail(err, name, "not a .npy file (bad magic; expected \\x93NUMPY)");
        return false;
    }
    if (got < 8) {
        fail(err, name, "truncated header (the file has only %zu bytes)", got);
        return false;
    }
    unsigned major = pre[6], minor = pre[7];
    if ((major != 1 && major != 2 && major != 3) || minor != 0) {
        fail(err, name, "unsupported .npy format version %u.%u (supported: 1.0, 2.0, 3.0)", major,
             minor);
        return false;
    }
    int len_bytes = major == 1 ? 2 : 4;
    got = src_read(s, pre + 8, (size_t)len_bytes);
    if (got < (size_t)len_bytes) {
        if (!short_read(s, name, err))
            fail(err, name, "truncated header (no header length)");
        return false;
    }
    uint32_t hlen = get_le(pre + 8, len_bytes);
    if (hlen > MAX_HEADER_LEN) {
        fail(err, name, "header length %lu is too large (at most %d bytes)", (unsigned long)hlen,
             MAX_HEADER_LEN);
        return false;
    }
    if (s->size >= 0 && (uint64_t)s->size - s->pos < hlen) {
        fail(err, name, "truncated header (the header length says %lu bytes, the file has %llu)",
             (unsigned long)hlen, (unsigned long long)((uint64_t)s->size - s->pos));
        return false;
    }
    char *text = sol_xmalloc(hlen ? hlen : 1);
    got = src_read(s, text, hlen);
    if (got < hlen) {
        if (!short_read(s, name, err))
            fail(err, name, "truncated header (the header length says %lu bytes, the file has %zu)",
                 (unsigned long)hlen, got);
        free(text);
        return false;
    }
    Parser ps = {.start = text,
                 .p = text,
                 .end = text + hlen,
                 .name = name,
                 .err = err,
                 .major = major,
                 .allow_raw_u16 = raw_u16 != NULL};
    bool ok = parse_dict(&ps);
    free(text);
    if (!ok)
        return false;

    /* The data size, with the overflow rule of sol_tensor_init. */
    uint32_t eb = sol_elem_bytes(ps.elem);
    int64_t n = 1;
    for (uint32_t i = 0; i < ps.rank && ok; i++) {
        if (ps.dims[i] > 0 && n > INT64_MAX / ps.dims[i])
            ok = false;
        n *= ok ? ps.dims[i] : 1;
    }
    if (!ok || n > INT64_MAX / eb) {
        fail(err, name, "shape ");
        put_shape(err, ps.rank, ps.dims);
        sol_buf_puts(err, " is too large (its byte size overflows)");
        return false;
    }
    if ((uint64_t)n * eb > max_bytes) {
        fail(err, name, "data of shape ");
        put_shape(err, ps.rank, ps.dims);
        sol_buf_printf(err, " is %llu bytes, which exceeds the limit of %zu bytes",
                       (unsigned long long)n * eb, max_bytes);
        return false;
    }
    size_t nbytes = (size_t)n * eb; /* fits: it is at most max_bytes */
    if (s->size >= 0 && (uint64_t)s->size - s->pos != nbytes) {
        uint64_t have = (uint64_t)s->size - s->pos;
        if (have < nbytes)
            fail(err, name, "truncated data: shape ");
        else
            fail(err, name, "data is longer than its shape says: shape ");
        put_shape(err, ps.rank, ps.dims);
        sol_buf_printf(err, " of %s needs %zu bytes, the file has %llu", sol_elem_name(ps.elem),
                       nbytes, (unsigned long long)have);
        return false;
    }
    if (!sol_tensor_init(t, ps.elem, ps.rank, ps.dims, max_bytes)) {
        fail(err, name, "out of memory for %zu bytes of data", nbytes);
        return false;
    }
    /* Streams (pipes) and files that changed since fstat get the same checks here. */
    got = src_read(s, t->data, nbytes);
    if (got < nbytes) {
        if (!short_read(s, name, err)) {
            fail(err, name, "truncated data: shape ");
            put_shape(err, ps.rank, ps.dims);
            sol_buf_printf(err, " of %s needs %zu bytes, the file has %zu", sol_elem_name(ps.elem),
                           nbytes, got);
        }
        sol_tensor_free(t);
        return false;
    }
    unsigned char extra;
    if (src_read(s, &extra, 1) != 0) {
        fail(err, name, "data is longer than its shape says: shape ");
        put_shape(err, ps.rank, ps.dims);
        sol_buf_printf(err, " of %s needs %zu bytes, the file has more", sol_elem_name(ps.elem),
                       nbytes);
        sol_tensor_free(t);
        return false;
    }
    if (short_read(s, name, err)) {
        sol_tensor_free(t);
        return false;
    }
    if (ps.elem == SOL_ELEM_I1) { /* i1 holds exactly 0 or 1 */
        unsigned char *b = t->data;
        for (size_t i = 0; i < nbytes; i++)
            b[i] = b[i] != 0;
    }
    if (raw_u16)
        *raw_u16 = ps.raw_u16;
    return true;
}

bool sol_npy_parse(const void *data, size_t len, const char *name, SolTensor *t, size_t max_bytes,
                   bool *raw_u16, SolBuf *err)
{
    memset(t, 0, sizeof *t);
    Source s = {.buf = data, .len = len, .size = (int64_t)len};
    return load(&s, name, t, max_bytes, raw_u16, err);
}

bool sol_npy_read(const char *path, SolTensor *t, size_t max_bytes, bool *raw_u16, SolBuf *err)
{
    memset(t, 0, sizeof *t);
    FILE *f = fopen(path, "rb");
    if (!f) {
        fail(err, path, "cannot open: %s", strerror(errno));
        return false;
    }
    Source s = {.f = f, .size = -1};
    struct stat st;
    if (fstat(fileno(f), &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            fail(err, path, "cannot read: %s", strerror(EISDIR));
            fclose(f);
            return false;
        }
        if (S_ISREG(st.st_mode))
            s.size = (int64_t)st.st_size;
    }
    bool ok = load(&s, path, t, max_bytes, raw_u16, err);
    fclose(f);
    return ok;
}

/* ---- writing ------------------------------------------------------------------------- */

void sol_npy_header(SolBuf *out, const SolTensor *t)
{
    SolBuf h = {0};
    sol_buf_printf(&h, "{'descr': %s, 'fortran_order': False, 'shape': ", descrs[t->elem]);
    put_shape(&h, t->rank, t->dims);
    sol_buf_puts(&h, ", }");
    if (t->rank > 0) {
        SolBuf d0 = {0};
        sol_buf_put_i64(&d0, t->dims[0]);
        for (size_t i = d0.len; i < GROWTH_AXIS_MAX_DIGITS; i++)
            sol_buf_putc(&h, ' ');
        sol_buf_free(&d0);
    }
    /* numpy's _wrap_header: the '\n' counts, and an aligned header still gets 64 spaces. */
    size_t hlen = h.len + 1;
    size_t pad = ARRAY_ALIGN - (MAGIC_LEN + 2 + 2 + hlen) % ARRAY_ALIGN;
    int len_bytes = 2;
    if (hlen + pad > 65535) {
        len_bytes = 4;
        pad = ARRAY_ALIGN - (MAGIC_LEN + 2 + 4 + hlen) % ARRAY_ALIGN;
    }
    sol_buf_append(out, magic, MAGIC_LEN);
    sol_buf_putc(out, len_bytes == 2 ? 1 : 2);
    sol_buf_putc(out, 0);
    size_t total = hlen + pad;
    for (int i = 0; i < len_bytes; i++)
        sol_buf_putc(out, (char)(total >> (8 * i) & 0xff));
    sol_buf_append(out, h.data, h.len);
    for (size_t i = 0; i < pad; i++)
        sol_buf_putc(out, ' ');
    sol_buf_putc(out, '\n');
    sol_buf_free(&h);
}

bool sol_npy_write(const char *path, const SolTensor *t, SolBuf *err)
{
    SolBuf h = {0};
    sol_npy_header(&h, t);
    FILE *f = fopen(path, "wb");
    if (!f) {
        fail(err, path, "cannot open for writing: %s", strerror(errno));
        sol_buf_free(&h);
        return false;
    }
    size_t nbytes = (size_t)t->nelems * sol_elem_bytes(t->elem);
    errno = 0;
    bool ok = fwrite(h.data, 1, h.len, f) == h.len &&
              (nbytes == 0 || fwrite(t->data, 1, nbytes, f) == nbytes) && fflush(f) == 0;
    int e = errno;
    struct stat st;
    bool regular = fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode);
    if (fclose(f) != 0 && ok) {
        ok = false;
        e = errno;
    }
    sol_buf_free(&h);
    if (!ok) {
        fail(err, path, "write failed: %s", e ? strerror(e) : "short write");
        if (regular) /* never remove a device such as /dev/full */
            remove(path);
    }
    return ok;
}

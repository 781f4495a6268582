/*
 * Unit test of .npy reading and writing (lib/Exec/npy.c): file round trips of every element
 * kind at ranks 0 to 3 (and empty shapes), np.save's exact header bytes, hand-built buffers
 * for format versions 1.0, 2.0 and 3.0 with varied header spellings, bool normalisation, the
 * bf16 and raw '<u2' dtypes, and one error (with a phrase of its message) for each kind of
 * malformed or unsupported file; then every truncation and many single-byte corruptions of a
 * valid file, which must fail or succeed cleanly (run under ASan+UBSan in CI).
 * Temporary files live in a mkdtemp directory that is removed at the end. Exit status 0 = pass.
 */
#include "Exec/npy.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"

#define LIMIT ((size_t)1 << 30)

static char dir[256];

/* DIR/name; each call returns a new buffer (the test makes few), freed at exit. */
static char *paths[16];
static size_t num_paths;
static const char *tmp_path(const char *name)
{
    char *path = malloc(strlen(dir) + strlen(name) + 2);
    sprintf(path, "%s/%s", dir, name);
    if (num_paths < sizeof paths / sizeof paths[0])
        paths[num_paths++] = path;
    return path;
}

/* A tensor whose elements are distinct small values (bools alternate). */
static void make_tensor(SolTensor *t, SolElemKind k, uint32_t rank, const int64_t *dims)
{
    EXPECT(sol_tensor_init(t, k, rank, dims, LIMIT));
    for (int64_t i = 0; i < t->nelems; i++)
        sol_tensor_set_f64(t, i, k == SOL_ELEM_I1 ? (double)(i % 3 == 1) : (double)(i - 7) / 2);
}

static bool same_tensor(const SolTensor *a, const SolTensor *b)
{
    if (a->elem != b->elem || a->rank != b->rank || a->nelems != b->nelems)
        return false;
    for (uint32_t i = 0; i < a->rank; i++)
        if (a->dims[i] != b->dims[i])
            return false;
    return memcmp(a->data, b->data, (size_t)a->nelems * sol_elem_bytes(a->elem)) == 0;
}

static void test_round_trips(void)
{
    static const int64_t shapes[][3] = {{0}, {5}, {2, 3}, {2, 3, 4}};
    const char *path = tmp_path("rt.npy");
    for (int k = 0; k < SOL_ELEM_COUNT; k++) {
        for (uint32_t rank = 0; rank <= 3; rank++) {
            SolTensor t, u;
            SolBuf err = {0};
            make_tensor(&t, (SolElemKind)k, rank, shapes[rank]);
            EXPECT(sol_npy_write(path, &t, &err));
            bool raw = true;
            bool ok = sol_npy_read(path, &u, LIMIT, &raw, &err);
            EXPECT(ok);
            if (!ok)
                fprintf(stderr, "  %s rank %u: %s\n", sol_elem_name((SolElemKind)k), rank,
                        err.data);
            if (ok) {
                EXPECT(same_tensor(&t, &u));
                EXPECT(!raw);
                sol_tensor_free(&u);
            }
            /* The file is 64-byte aligned and holds exactly header + data. */
            struct stat st;
            EXPECT(stat(path, &st) == 0);
            size_t data = (size_t)t.nelems * sol_elem_bytes(t.elem);
            EXPECT(st.st_size >= 64 && (st.st_size - (off_t)data) % 64 == 0);
            remove(path);
            sol_tensor_free(&t);
            sol_buf_free(&err);
        }
    }
    /* Empty arrays: (0,) and (2, 0). */
    static const int64_t empty1[] = {0}, empty2[] = {2, 0};
    const int64_t *empties[] = {empty1, empty2};
    for (uint32_t e = 0; e < 2; e++) {
        SolTensor t, u;
        SolBuf err = {0};
        make_tensor(&t, SOL_ELEM_F32, e + 1, empties[e]);
        EXPECT(sol_npy_write(path, &t, &err));
        EXPECT(sol_npy_read(path, &u, LIMIT, NULL, &err));
        EXPECT(same_tensor(&t, &u));
        remove(path);
        sol_tensor_free(&t);
        sol_tensor_free(&u);
        sol_buf_free(&err);
    }
}

/* np.save(f, np.zeros((2, 3), np.float32)) starts with exactly these 128 bytes. */
static void test_header_bytes(void)
{
    SolTensor t;
    int64_t dims[] = {2, 3};
    EXPECT(sol_tensor_init(&t, SOL_ELEM_F32, 2, dims, LIMIT));
    SolBuf h = {0}, want = {0};
    sol_npy_header(&h, &t);
    sol_buf_append(&want, "\x93NUMPY\x01\x00v\x00", 10);
    sol_buf_puts(&want, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }");
    while (want.len < 127)
        sol_buf_putc(&want, ' ');
    sol_buf_putc(&want, '\n');
    EXPECT(h.len == 128 && memcmp(h.data, want.data, 128) == 0);
    sol_tensor_free(&t);
    sol_buf_free(&h);
    sol_buf_free(&want);

    /* Scalar bool and bf16: numpy's descr spellings. */
    EXPECT(sol_tensor_init(&t, SOL_ELEM_I1, 0, NULL, LIMIT));
    sol_npy_header(&h, &t);
    EXPECT(strstr(h.data + 10, "{'descr': '|b1', 'fortran_order': False, 'shape': (), }"));
    EXPECT(h.len % 64 == 0 && h.data[h.len - 1] == '\n');
    sol_tensor_free(&t);
    h.len = 0;
    int64_t four[] = {4};
    EXPECT(sol_tensor_init(&t, SOL_ELEM_BF16, 1, four, LIMIT));
    sol_npy_header(&h, &t);
    EXPECT(strstr(h.data + 10,
                  "{'descr': [('bf16', '<u2')], 'fortran_order': False, 'shape': (4,), }"));
    sol_tensor_free(&t);
    sol_buf_free(&h);
}

/* A file of format `major`.0 with header text `dict` (padded to 64 when pad) and data bytes. */
static void build(SolBuf *b, unsigned major, const char *dict, bool pad, const void *data, size_t n)
{
    b->len = 0;
    size_t pre = major == 1 ? 10 : 12;
    size_t hlen = strlen(dict) + (pad ? 1 : 0);
    size_t padding = pad ? (64 - (pre + hlen) % 64) % 64 : 0;
    sol_buf_append(b, "\x93NUMPY", 6);
    sol_buf_putc(b, (char)major);
    sol_buf_putc(b, 0);
    for (size_t i = 0; i < pre - 8; i++)
        sol_buf_putc(b, (char)((hlen + padding) >> (8 * i) & 0xff));
    sol_buf_puts(b, dict);
    for (size_t i = 0; i < padding; i++)
        sol_buf_putc(b, ' ');
    if (pad)
        sol_buf_putc(b, '\n');
    sol_buf_append(b, data, n);
}

/* Parses b; on success checks kind and shape, and frees the tensor into *t (data kept). */
static bool parse(const SolBuf *b, SolTensor *t, bool *raw, SolBuf *err)
{
    err->len = 0;
    if (err->data)
        err->data[0] = 0;
    return sol_npy_parse(b->data, b->len, "buf.npy", t, LIMIT, raw, err);
}

static const float f6[6] = {1, 2, 3, 4, 5, 6};

static void test_good_headers(void)
{
    static const char *const dicts[] = {
        "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }",
        "{'shape': (2, 3), 'fortran_order': False, 'descr': '<f4'}",
        "{'fortran_order':False,'shape':(2,3),'descr':'<f4'}",
        "{ 'descr' : '<f4' ,\n 'fortran_order' : False , 'shape' : ( 2 , 3 , ) , }",
        "{\"descr\": \"<f4\", \"fortran_order\": False, \"shape\": (2, 3)}",
        "{'descr': '<f4', 'fortran_order': False, 'shape': (2L, 3L), }", /* Python 2 numpy */
    };
    SolBuf b = {0}, err = {0};
    SolTensor t;
    for (unsigned major = 1; major <= 3; major++) {
        for (size_t i = 0; i < sizeof dicts / sizeof dicts[0]; i++) {
            if (major == 3 && strstr(dicts[i], "L,"))
                continue; /* 'L' is only legal in 1.0 and 2.0 */
            for (int pad = 0; pad <= 1; pad++) {
                build(&b, major, dicts[i], pad, f6, sizeof f6);
                bool ok = parse(&b, &t, NULL, &err);
                EXPECT(ok);
                if (!ok) {
                    fprintf(stderr, "  v%u %s: %s\n", major, dicts[i], err.data);
                    continue;
                }
                EXPECT(t.elem == SOL_ELEM_F32 && t.rank == 2 && t.dims[0] == 2 && t.dims[1] == 3 &&
                       t.nelems == 6);
                EXPECT(memcmp(t.data, f6, sizeof f6) == 0);
                sol_tensor_free(&t);
            }
        }
    }
    /* 'L' in a 3.0 header is a syntax error. */
    build(&b, 3, dicts[5], true, f6, sizeof f6);
    EXPECT(!parse(&b, &t, NULL, &err) && strstr(err.data, "malformed header"));

    /* Bools: any nonzero byte reads as 1; '|b1', 'b1' and '<b1' all mean bool. */
    static const unsigned char bools[5] = {0, 1, 2, 0xff, 0x80};
    static const char *const bool_dicts[] = {
        "{'descr': '|b1', 'fortran_order': False, 'shape': (5,), }",
        "{'descr': 'b1', 'fortran_order': False, 'shape': (5,)}",
        "{'descr': '<b1', 'fortran_order': False, 'shape': (5,)}",
    };
    for (size_t i = 0; i < 3; i++) {
        build(&b, 1, bool_dicts[i], true, bools, 5);
        EXPECT(parse(&b, &t, NULL, &err));
        EXPECT(t.elem == SOL_ELEM_I1 && t.rank == 1 && t.dims[0] == 5);
        const unsigned char want[5] = {0, 1, 1, 1, 1};
        EXPECT(t.data && memcmp(t.data, want, 5) == 0);
        sol_tensor_free(&t);
    }

    /* Every dtype spelling numpy writes, scalar shape. */
    static const struct {
        const char *descr;
        SolElemKind elem;
    } kinds[] = {
        {"'<f2'", SOL_ELEM_F16},
        {"'<f4'", SOL_ELEM_F32},
        {"'<f8'", SOL_ELEM_F64},
        {"'|b1'", SOL_ELEM_I1},
        {"'|i1'", SOL_ELEM_I8},
        {"'<i4'", SOL_ELEM_I32},
        {"'<i8'", SOL_ELEM_I64},
        {"[('bf16', '<u2')]", SOL_ELEM_BF16},
        {"[ ( 'bf16' , '<u2' , ) , ]", SOL_ELEM_BF16},
    };
    static const unsigned char zeros[8];
    for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
        char dict[128];
        snprintf(dict, sizeof dict, "{'descr': %s, 'fortran_order': False, 'shape': (), }",
                 kinds[i].descr);
        build(&b, 1, dict, true, zeros, sol_elem_bytes(kinds[i].elem));
        bool raw = true;
        EXPECT(parse(&b, &t, &raw, &err));
        EXPECT(t.elem == kinds[i].elem && t.rank == 0 && t.nelems == 1 && !raw);
        sol_tensor_free(&t);
    }

    /* Fortran order is C order for rank <= 1. */
    build(&b, 1, "{'descr': '<f4', 'fortran_order': True, 'shape': (6,), }", true, f6, sizeof f6);
    EXPECT(parse(&b, &t, NULL, &err));
    sol_tensor_free(&t);

    /* '<u2': raw 16-bit floats only when asked for. */
    static const uint16_t u2[2] = {0x3f80, 0x4000};
    build(&b, 1, "{'descr': '<u2', 'fortran_order': False, 'shape': (2,), }", true, u2, 4);
    bool raw = false;
    EXPECT(parse(&b, &t, &raw, &err));
    EXPECT(raw && t.elem == SOL_ELEM_BF16 && t.nelems == 2 && memcmp(t.data, u2, 4) == 0);
    if (t.data)
        EXPECT(sol_tensor_get_f64(&t, 0) == 1.0 && sol_tensor_get_f64(&t, 1) == 2.0);
    sol_tensor_free(&t);
    EXPECT(!parse(&b, &t, NULL, &err) && strstr(err.data, "unsupported dtype '<u2'"));
    EXPECT(t.data == NULL);

    sol_buf_free(&b);
    sol_buf_free(&err);
}

/* Each malformed buffer must fail with a message starting with the name and containing
 * `phrase`, and leave t owning nothing. */
#define EXPECT_BAD(b, phrase) expect_bad(__LINE__, (b), (phrase))
static void expect_bad(int line, const SolBuf *b, const char *phrase)
{
    SolTensor t;
    SolBuf err = {0};
    bool raw;
    bool ok = sol_npy_parse(b->data, b->len, "buf.npy", &t, LIMIT, &raw, &err);
    if (ok || !err.data || strncmp(err.data, "buf.npy: ", 9) != 0 || !strstr(err.data, phrase) ||
        t.data != NULL || strchr(err.data, '\n')) {
        fprintf(stderr, "%s:%d: want an error with '%s', got %s: %s\n", __FILE__, line, phrase,
                ok ? "success" : "failure", err.data ? err.data : "(no message)");
        failures++;
    }
    if (ok)
        sol_tensor_free(&t);
    sol_buf_free(&err);
}

static void test_bad_buffers(void)
{
    SolBuf b = {0};
    /* Magic, version, truncated preamble and header. */
    EXPECT_BAD(&b, "the file is empty");
    sol_buf_puts(&b, "PK\x03\x04 not numpy at all");
    EXPECT_BAD(&b, "not a .npy file");
    b.len = 0;
    sol_buf_append(&b, "\x93NUM", 4);
    EXPECT_BAD(&b, "truncated header");
    build(&b, 4, "{'descr': '<f4', 'fortran_order': False, 'shape': (6,), }", true, f6, 24);
    EXPECT_BAD(&b, "unsupported .npy format version 4.0");
    b.data[7] = 1;
    b.data[6] = 1;
    EXPECT_BAD(&b, "version 1.1");
    b.len = 9;
    b.data[7] = 0;
    EXPECT_BAD(&b, "truncated header");
    build(&b, 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (6,), }", true, f6, 24);
    b.len = 40;
    EXPECT_BAD(&b, "truncated header");
    build(&b, 2, "{'descr': '<f4', 'fortran_order': False, 'shape': (6,), }", true, f6, 24);
    b.data[11] = 0x7f; /* header length 2 GiB */
    EXPECT_BAD(&b, "header length");

    /* Header syntax. */
    static const struct {
        const char *dict, *phrase;
    } syntax[] = {
        {"", "expected '{'"},
        {"[]", "expected '{'"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (6,)", "malformed header"},
        {"{'descr': '<f4' 'fortran_order': False, 'shape': (6,)}", "expected ',' or '}'"},
        {"{'descr' '<f4', 'fortran_order': False, 'shape': (6,)}", "expected ':'"},
        {"{'descr': '<f4, 'fortran_order': False, 'shape': (6,)}", "unsupported dtype '<f4, '"},
        {"{'descr': <f4, 'fortran_order': False, 'shape': (6,)}", "expected a string"},
        {"{'descr': '<f4', 'fortran_order': false, 'shape': (6,)}", "True or False"},
        {"{'descr': '<f4', 'fortran_order': 0, 'shape': (6,)}", "True or False"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': [6]}", "a tuple"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (6)}", "not a tuple"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (2 3)}", "expected ',' or ')'"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (2,,3)}", "integer dimension"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (0x6,)}", "decimal integer"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (6.0,)}", "expected ',' or ')'"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (6,)} x", "after the dict"},
        {"{'descr': '<\\f4', 'fortran_order': False, 'shape': (6,)}", "without escapes"},
        {"{,}", "expected a string"},
        /* Keys. */
        {"{'descr': '<f4', 'shape': (6,)}", "missing key 'fortran_order'"},
        {"{'descr': '<f4', 'fortran_order': False}", "missing key 'shape'"},
        {"{'fortran_order': False, 'shape': (6,)}", "missing key 'descr'"},
        {"{}", "missing key 'descr'"},
        {"{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, 'shape': (6,)}",
         "duplicate key 'descr'"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (6,), 'solar': 1}",
         "unexpected key 'solar'"},
        /* Layout and dtypes. */
        {"{'descr': '<f4', 'fortran_order': True, 'shape': (2, 3)}", "Fortran-order"},
        {"{'descr': '>f4', 'fortran_order': False, 'shape': (6,)}", "big-endian"},
        {"{'descr': '>i8', 'fortran_order': False, 'shape': (6,)}", "big-endian"},
        {"{'descr': '=f4', 'fortran_order': False, 'shape': (6,)}", "byte order"},
        {"{'descr': '|f4', 'fortran_order': False, 'shape': (6,)}", "byte order"},
        {"{'descr': 'f4', 'fortran_order': False, 'shape': (6,)}", "byte order"},
        {"{'descr': '<i2', 'fortran_order': False, 'shape': (6,)}", "unsupported dtype '<i2'"},
        {"{'descr': '|u1', 'fortran_order': False, 'shape': (6,)}", "unsupported dtype '|u1'"},
        {"{'descr': '<c8', 'fortran_order': False, 'shape': (6,)}", "unsupported dtype"},
        {"{'descr': '|O', 'fortran_order': False, 'shape': (6,)}", "unsupported dtype"},
        {"{'descr': '', 'fortran_order': False, 'shape': (6,)}", "unsupported dtype ''"},
        {"{'descr': [('x', '<f4')], 'fortran_order': False, 'shape': (6,)}",
         "unsupported structured dtype"},
        {"{'descr': [('bf16', '<u2'), ('y', '<u2')], 'fortran_order': False, 'shape': (6,)}",
         "unsupported structured dtype"},
        {"{'descr': [('bf16', '>u2')], 'fortran_order': False, 'shape': (6,)}",
         "unsupported structured dtype"},
        {"{'descr': [[('bf16', '<u2')]], 'fortran_order': False, 'shape': (6,)}",
         "unsupported structured dtype"},
        {"{'descr': [", "unsupported structured dtype"},
        {"{'descr': ", "expected a string"},
        /* Shapes. */
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (-6,)}", "negative dimension -6"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (2, -3)}", "negative dimension -3"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999999999999,)}",
         "is too large"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (-99999999999999999999,)}",
         "negative dimension"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (4294967296, 4294967296)}",
         "is too large (its byte size overflows)"},
        {"{'descr': '<f8', 'fortran_order': False, 'shape': (2305843009213693952,)}",
         "is too large (its byte size overflows)"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, "
         "1, 1, 1, 1, 1, 1)}",
         "more than 16 dimensions"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (1000000000, 1000000000)}",
         "exceeds the limit"},
        /* Data size. */
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (7,)}", "truncated data"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (5,)}", "longer than its shape"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': ()}", "longer than its shape"},
        {"{'descr': '<f4', 'fortran_order': False, 'shape': (0,)}", "longer than its shape"},
    };
    for (size_t i = 0; i < sizeof syntax / sizeof syntax[0]; i++) {
        build(&b, 1, syntax[i].dict, true, f6, sizeof f6);
        expect_bad(__LINE__, &b, syntax[i].phrase);
    }
    /* A NUL byte after the dict (not whitespace to Python either). */
    static const char nul_dict[] = "{'descr': '<f4', 'fortran_order': False, 'shape': (6,)}";
    b.len = 0;
    sol_buf_append(&b, "\x93NUMPY\x01\x00", 8);
    sol_buf_putc(&b, (char)sizeof nul_dict); /* the dict and its NUL */
    sol_buf_putc(&b, 0);
    sol_buf_append(&b, nul_dict, sizeof nul_dict);
    sol_buf_append(&b, (const char *)f6, sizeof f6);
    EXPECT_BAD(&b, "after the dict");
    sol_buf_free(&b);
}

/* The file interface: errno texts, directories, truncated and over-long files. */
static void test_files(void)
{
    SolTensor t;
    SolBuf err = {0};
    EXPECT(!sol_npy_read(tmp_path("missing.npy"), &t, LIMIT, NULL, &err));
    EXPECT(err.data && strstr(err.data, "missing.npy: cannot open: No such file"));
    err.len = 0;
    EXPECT(!sol_npy_read(dir, &t, LIMIT, NULL, &err));
    EXPECT(err.data && strstr(err.data, "directory"));
    err.len = 0;

    int64_t dims[] = {2, 3};
    SolTensor w;
    make_tensor(&w, SOL_ELEM_F64, 2, dims);
    EXPECT(!sol_npy_write(tmp_path("no/such/dir.npy"), &w, &err));
    EXPECT(err.data && strstr(err.data, "no/such/dir.npy: cannot open for writing: No such file"));
    err.len = 0;
    if (access("/dev/full", W_OK) == 0) {
        EXPECT(!sol_npy_write("/dev/full", &w, &err));
        EXPECT(err.data && strstr(err.data, "/dev/full: write failed: No space left"));
        err.len = 0;
        struct stat st;
        EXPECT(stat("/dev/full", &st) == 0);
    }

    /* Whole file, then one byte less and one byte more. */
    const char *path = tmp_path("f.npy");
    EXPECT(sol_npy_write(path, &w, &err));
    FILE *f = fopen(path, "rb");
    SolBuf bytes = {0};
    char chunk[256];
    size_t n;
    while (f && (n = fread(chunk, 1, sizeof chunk, f)) > 0)
        sol_buf_append(&bytes, chunk, n);
    if (f)
        fclose(f);
    EXPECT(bytes.len == 128 + 48);
    EXPECT(truncate(path, (off_t)bytes.len - 1) == 0);
    EXPECT(!sol_npy_read(path, &t, LIMIT, NULL, &err));
    EXPECT(err.data && strstr(err.data, "truncated data") && strstr(err.data, "the file has 47"));
    err.len = 0;
    f = fopen(path, "wb");
    EXPECT(f != NULL);
    if (f) {
        fwrite(bytes.data, 1, bytes.len, f);
        fputc(0, f);
        fclose(f);
    }
    EXPECT(!sol_npy_read(path, &t, LIMIT, NULL, &err));
    EXPECT(err.data && strstr(err.data, "longer than its shape") &&
           strstr(err.data, "the file has 49"));
    err.len = 0;
    /* A limit below the data size. */
    EXPECT(truncate(path, (off_t)bytes.len) == 0);
    EXPECT(!sol_npy_read(path, &t, 47, NULL, &err));
    EXPECT(err.data && strstr(err.data, "48 bytes, which exceeds the limit of 47 bytes"));
    err.len = 0;
    EXPECT(sol_npy_read(path, &t, 48, NULL, &err));
    EXPECT(same_tensor(&t, &w));
    sol_tensor_free(&t);

    /* A FIFO has no size up front: the streaming checks catch both errors. */
    const char *fifo = tmp_path("fifo.npy");
    if (mkfifo(fifo, 0600) == 0) {
        for (int extra = -1; extra <= 1; extra++) {
            fflush(NULL);
            pid_t pid = fork();
            if (pid == 0) {
                FILE *out = fopen(fifo, "wb");
                if (out) {
                    fwrite(bytes.data, 1, bytes.len + (extra < 0 ? -1 : 0), out);
                    if (extra > 0)
                        fputc(7, out);
                    fclose(out);
                }
                _exit(0);
            }
            err.len = 0;
            if (err.data)
                err.data[0] = 0;
            bool ok = sol_npy_read(fifo, &t, LIMIT, NULL, &err);
            EXPECT(ok == (extra == 0));
            if (extra < 0)
                EXPECT(err.data && strstr(err.data, "truncated data"));
            if (extra > 0)
                EXPECT(err.data && strstr(err.data, "longer than its shape"));
            if (ok) {
                EXPECT(same_tensor(&t, &w));
                sol_tensor_free(&t);
            }
            int status;
            waitpid(pid, &status, 0);
        }
        remove(fifo);
    }

    /* Every prefix of a valid file fails cleanly; single-byte corruptions never crash. */
    for (size_t len = 0; len < bytes.len; len++) {
        err.len = 0;
        EXPECT(!sol_npy_parse(bytes.data, len, "p.npy", &t, LIMIT, NULL, &err));
        EXPECT(t.data == NULL);
    }
    static const unsigned char vals[] = {0,   ' ', '\'', '(', ')', ',',  '-',  '9',
                                         ':', '[', '{',  '}', 'L', 0x7f, 0x80, 0xff};
    for (size_t pos = 0; pos < 128; pos++) {
        for (size_t v = 0; v < sizeof vals; v++) {
            SolBuf c = {0};
            sol_buf_append(&c, bytes.data, bytes.len);
            c.data[pos] = (char)vals[v];
            err.len = 0;
            bool raw;
            if (sol_npy_parse(c.data, c.len, "c.npy", &t, LIMIT, &raw, &err))
                sol_tensor_free(&t);
            else
                EXPECT(err.len > 0 && t.data == NULL);
            sol_buf_free(&c);
        }
    }
    remove(path);
    sol_buf_free(&bytes);
    sol_tensor_free(&w);
    sol_buf_free(&err);
}

int main(void)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/unit-npy-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(dir)) {
        fprintf(stderr, "mkdtemp %s: %s\n", dir, strerror(errno));
        return 1;
    }
    test_round_trips();
    test_header_bytes();
    test_good_headers();
    test_bad_buffers();
    test_files();
    for (size_t i = 0; i < num_paths; i++)
        free(paths[i]);
    if (rmdir(dir) != 0) {
        fprintf(stderr, "rmdir %s: %s\n", dir, strerror(errno));
        failures++;
    }
    return failures ? 1 : 0;
}

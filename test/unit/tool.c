/*
 * Unit test of the tools' shared helpers (lib/Support/tool.h): the flag-value parsers (ranges,
 * open and closed ends, trailing junk, overflow, the error text word for word), size lists
 * (blanks, empty items, last value wins, both errors), whole-file reads (empty file, size cap,
 * missing file) and atomic writes (a new file, a replaced file keeping its mode, a discarded
 * output leaving the old file, the two error forms for a missing directory, no temporary
 * left behind) and the interpreter search (the project venv first, SOLAR_VENV). Exit status
 * 0 = pass.
 */
#include "Support/tool.h"

#include <dirent.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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

/* Messages of the tool under test go to a memory stream; take() returns and clears them. */
static char *msg;
static size_t msg_len;
static SolTool tool = {"tool-test", NULL};
static char taken[4096];

static const char *take(void)
{
    fflush(tool.err);
    snprintf(taken, sizeof taken, "%s", msg ? msg : "");
    fclose(tool.err);
    free(msg);
    msg = NULL;
    tool.err = open_memstream(&msg, &msg_len);
    return taken;
}

static void test_int(void)
{
    int v = -7;
    EXPECT(sol_tool_parse_int(&tool, "--n", "42", 1, 100, "an integer from 1", &v) && v == 42);
    EXPECT(sol_tool_parse_int(&tool, "--n", "1", 1, 100, "x", &v) && v == 1);
    EXPECT(sol_tool_parse_int(&tool, "--n", "100", 1, 100, "x", &v) && v == 100);
    EXPECT(sol_tool_parse_int(&tool, "--n", "+5", 1, 100, "x", &v) && v == 5);
    EXPECT_STR(take(), "");
    v = -7;
    EXPECT(!sol_tool_parse_int(&tool, "--n", "0", 1, 100, "an integer from 1", &v));
    EXPECT_STR(take(), "tool-test: error: --n: expected an integer from 1, got '0'\n");
    EXPECT(!sol_tool_parse_int(&tool, "--n", "101", 1, 100, "x", &v));
    EXPECT(!sol_tool_parse_int(&tool, "--n", "5x", 1, 100, "x", &v));
    EXPECT(!sol_tool_parse_int(&tool, "--n", "", 1, 100, "x", &v));
    EXPECT(!sol_tool_parse_int(&tool, "--n", "1.5", 1, 100, "x", &v));
    EXPECT(!sol_tool_parse_int(&tool, "--n", "99999999999999999999", 1, 100, "x", &v));
    EXPECT_STR(take(), "tool-test: error: --n: expected x, got '101'\n"
                       "tool-test: error: --n: expected x, got '5x'\n"
                       "tool-test: error: --n: expected x, got ''\n"
                       "tool-test: error: --n: expected x, got '1.5'\n"
                       "tool-test: error: --n: expected x, got '99999999999999999999'\n");
    EXPECT(v == -7); /* failures leave *out */
}

static void test_u64(void)
{
    uint64_t v = 3;
    EXPECT(
        sol_tool_parse_u64(&tool, "--seed", "18446744073709551615", "a non-negative integer", &v) &&
        v == UINT64_MAX);
    EXPECT(sol_tool_parse_u64(&tool, "--seed", "0", "y", &v) && v == 0);
    EXPECT_STR(take(), "");
    EXPECT(!sol_tool_parse_u64(&tool, "--seed", "-1", "a non-negative integer", &v));
    EXPECT(!sol_tool_parse_u64(&tool, "--seed", "18446744073709551616", "y", &v));
    EXPECT(!sol_tool_parse_u64(&tool, "--seed", "", "y", &v));
    EXPECT(!sol_tool_parse_u64(&tool, "--seed", "7 ", "y", &v));
    EXPECT_STR(take(), "tool-test: error: --seed: expected a non-negative integer, got '-1'\n"
                       "tool-test: error: --seed: expected y, got '18446744073709551616'\n"
                       "tool-test: error: --seed: expected y, got ''\n"
                       "tool-test: error: --seed: expected y, got '7 '\n");
    EXPECT(v == 0);
}

static void test_double(void)
{
    double v = -1;
    EXPECT(sol_tool_parse_double(&tool, "--t", "2.5", 0, 1e6, true, "s", &v) && v == 2.5);
    EXPECT(sol_tool_parse_double(&tool, "--t", "1e6", 0, 1e6, true, "s", &v) && v == 1e6);
    EXPECT(sol_tool_parse_double(&tool, "--r", "0", 0, INFINITY, false, "r", &v) && v == 0);
    EXPECT(sol_tool_parse_double(&tool, "--r", "inf", 0, INFINITY, false, "r", &v) && isinf(v));
    EXPECT(sol_tool_parse_double(&tool, "--s", "0.001", 0.001, 60, false, "r", &v) && v == 0.001);
    EXPECT_STR(take(), "");
    v = -1;
    EXPECT(!sol_tool_parse_double(&tool, "--t", "0", 0, 1e6, true, "a positive number of seconds",
                                  &v));
    EXPECT_STR(take(), "tool-test: error: --t: expected a positive number of seconds, got '0'\n");
    EXPECT(!sol_tool_parse_double(&tool, "--t", "1000001", 0, 1e6, true, "s", &v));
    EXPECT(!sol_tool_parse_double(&tool, "--r", "-0.5", 0, INFINITY, false, "r", &v));
    EXPECT(!sol_tool_parse_double(&tool, "--r", "nan", 0, INFINITY, false, "r", &v));
    EXPECT(!sol_tool_parse_double(&tool, "--r", "1e999", 0, INFINITY, false, "r", &v));
    EXPECT(!sol_tool_parse_double(&tool, "--r", "1e-320", 0, INFINITY, false, "r", &v));
    EXPECT(!sol_tool_parse_double(&tool, "--r", "3ms", 0, INFINITY, false, "r", &v));
    EXPECT(!sol_tool_parse_double(&tool, "--s", "60.5", 0.001, 60, false, "r", &v));
    EXPECT_STR(take(), "tool-test: error: --t: expected s, got '1000001'\n"
                       "tool-test: error: --r: expected r, got '-0.5'\n"
                       "tool-test: error: --r: expected r, got 'nan'\n"
                       "tool-test: error: --r: expected r, got '1e999'\n"
                       "tool-test: error: --r: expected r, got '1e-320'\n"
                       "tool-test: error: --r: expected r, got '3ms'\n"
                       "tool-test: error: --s: expected r, got '60.5'\n");
    EXPECT(v == -1);
}

static void test_sizes(void)
{
    SolSizes s = {0};
    SolBuf err = {0}, text = {0};
    EXPECT(sol_sizes_parse("--sizes", " N = 4096 ,, M=2,N=8, _k9=0 ", &s, &err));
    EXPECT(err.len == 0);
    EXPECT(s.len == 3);
    sol_sizes_text(&text, &s, ",");
    EXPECT_STR(text.data, "N=8,M=2,_k9=0");
    text.len = 0;
    sol_sizes_text(&text, &s, ", ");
    EXPECT_STR(text.data, "N=8, M=2, _k9=0");
    EXPECT(sol_sizes_find(&s, "M") && sol_sizes_find(&s, "M")->value == 2);
    EXPECT(!sol_sizes_find(&s, "K"));
    sol_sizes_set(&s, "K", 9);
    sol_sizes_set(&s, "M", 3);
    EXPECT(s.len == 4 && sol_sizes_find(&s, "M")->value == 3);
    EXPECT(sol_sizes_parse("--sizes", "", &s, &err) && s.len == 4);

    EXPECT(!sol_sizes_parse("--sizes", "N=1,2x=3", &s, &err));
    EXPECT_STR(err.data, "--sizes: expected NAME=INT, got '2x=3'");
    err.len = 0;
    EXPECT(!sol_sizes_parse("--sizes", "N", &s, &err));
    EXPECT_STR(err.data, "--sizes: expected NAME=INT, got 'N'");
    err.len = 0;
    EXPECT(!sol_sizes_parse("f.mlir:3: sizes.real", "B=-1", &s, &err));
    EXPECT_STR(err.data, "f.mlir:3: sizes.real: the value of 'B' is not a non-negative integer: "
                         "'-1'");
    err.len = 0;
    EXPECT(!sol_sizes_parse("--sizes", "B=99999999999999999999", &s, &err));
    EXPECT_STR(err.data, "--sizes: the value of 'B' is not a non-negative integer: "
                         "'99999999999999999999'");
    err.len = 0;
    EXPECT(!sol_sizes_parse("--sizes", "B=", &s, &err));
    EXPECT_STR(err.data, "--sizes: the value of 'B' is not a non-negative integer: ''");
    sol_sizes_free(&s);
    EXPECT(s.len == 0 && !s.data);
    sol_buf_free(&err);
    sol_buf_free(&text);
}

static void write_raw(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    fputs(text, f);
    fclose(f);
}

static int count_entries(const char *dir)
{
    DIR *d = opendir(dir);
    int n = 0;
    for (struct dirent *e; (e = readdir(d));)
        n += e->d_name[0] != '.';
    closedir(d);
    return n;
}

static void test_files(const char *dir)
{
    char a[512], missing[512], sub[512];
    snprintf(a, sizeof a, "%s/a.txt", dir);
    snprintf(missing, sizeof missing, "%s/none/b.txt", dir);
    snprintf(sub, sizeof sub, "%s/none", dir);

    EXPECT(sol_file_is_dir(dir) && !sol_file_is_regular(dir));
    EXPECT(!sol_file_is_regular(a));
    /* A new file, then a replacement: the content is the last write's, the mode stays. */
    EXPECT(sol_tool_write_file(&tool, a, "first\n", 6));
    EXPECT(sol_file_is_regular(a));
    EXPECT(chmod(a, 0640) == 0);
    EXPECT(sol_tool_write_file(&tool, a, "second", 6));
    struct stat st;
    EXPECT(stat(a, &st) == 0 && (st.st_mode & 07777) == 0640);
    SolBuf text = {0};
    EXPECT(sol_tool_read_file(&tool, a, 0, &text));
    EXPECT_STR(text.data, "second");
    EXPECT(text.len == 6);
    EXPECT(count_entries(dir) == 1); /* no temporary left */
    EXPECT_STR(take(), "");

    /* Discarded: the old content stays, the temporary goes. */
    SolOutput out;
    EXPECT(sol_tool_output_open(&tool, a, false, &out));
    fputs("half-written", out.f);
    EXPECT(count_entries(dir) == 2);
    sol_tool_output_discard(&out);
    EXPECT(count_entries(dir) == 1);
    text.len = 0;
    EXPECT(sol_file_read(a, 0, &text) == SOL_READ_OK);
    EXPECT_STR(text.data, "second");

    /* The size cap. */
    text.len = 0;
    EXPECT(sol_file_read(a, 6, &text) == SOL_READ_OK);
    text.len = 0;
    EXPECT(sol_file_read(a, 5, &text) == SOL_READ_TOO_LARGE);
    text.len = 0;
    EXPECT(!sol_tool_read_file(&tool, a, 5, &text));
    char want[1024];
    snprintf(want, sizeof want, "tool-test: error: '%s' is larger than 5 bytes\n", a);
    EXPECT_STR(take(), want);

    /* An empty file reads as "", not NULL. */
    write_raw(a, "");
    sol_buf_free(&text);
    EXPECT(sol_tool_read_file(&tool, a, 0, &text) && text.data && text.len == 0);
    EXPECT_STR(text.data, "");

    /* Missing files and directories. */
    EXPECT(sol_file_read(missing, 0, &text) == SOL_READ_CANNOT_OPEN);
    EXPECT(!sol_tool_read_file(&tool, missing, 0, &text));
    snprintf(want, sizeof want, "tool-test: error: cannot open '%s': No such file or directory\n",
             missing);
    EXPECT_STR(take(), want);
    EXPECT(!sol_tool_read_file(&tool, dir, 0, &text));
    snprintf(want, sizeof want, "tool-test: error: cannot read '%s': Is a directory\n", dir);
    EXPECT_STR(take(), want);
    EXPECT(!sol_tool_write_file(&tool, missing, "x", 1));
    snprintf(want, sizeof want, "tool-test: error: cannot write '%s': No such file or directory\n",
             missing);
    EXPECT_STR(take(), want);
    /* name_temp: the message names the temporary, PATH.tmpDIGITS. */
    EXPECT(!sol_tool_output_open(&tool, missing, true, &out));
    const char *got = take();
    snprintf(want, sizeof want, "tool-test: error: cannot write '%s.tmp", missing);
    EXPECT(strncmp(got, want, strlen(want)) == 0);
    const char *digits = got + strlen(want), *end = digits;
    while (*end >= '0' && *end <= '9')
        end++;
    EXPECT(end > digits);
    EXPECT_STR(end, "': No such file or directory\n");
    EXPECT(!sol_file_is_dir(sub));

    /* "-" is stdout, never replaced. */
    EXPECT(sol_tool_output_open(&tool, "-", false, &out) && out.f == stdout && !out.tmp);
    sol_tool_output_discard(&out);
    EXPECT(unlink(a) == 0);
    sol_buf_free(&text);
}

static void test_misc(void)
{
    EXPECT_STR(sol_tool_version(), "0.1.0");
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    sol_tool_print_version(&tool, f);
    fclose(f);
    EXPECT_STR(buf, "tool-test (SOLAR-C) 0.1.0\n");
    free(buf);
    sol_tool_note(&tool, "%s %d", "a", 1);
    sol_tool_error(&tool, "b");
    const char *const argv[] = {"python3", "-c", "import a b", NULL};
    sol_tool_note_command(&tool, argv);
    EXPECT_STR(take(),
               "tool-test: a 1\ntool-test: error: b\ntool-test: $ python3 -c 'import a b'\n");
    /* No sibling called this next to the test binary: the bare name, for PATH. */
    char *s = sol_tool_sibling("no-such-tool-here");
    EXPECT_STR(s, "no-such-tool-here");
    free(s);
    s = sol_tool_data_file("python/solar_measure.py", SOLAR_SOURCE_DIR);
    EXPECT_STR(s, SOLAR_SOURCE_DIR "/python/solar_measure.py");
    free(s);
    EXPECT(!sol_tool_data_file("python/no_such_script.py", SOLAR_SOURCE_DIR));
    /* SOLAR_PYTHON is taken as given, without a probe. */
    setenv("SOLAR_PYTHON", "/opt/py/bin/python3", 1);
    s = sol_tool_find_python(&tool, "numpy", "numpy", NULL, true);
    EXPECT_STR(s, "/opt/py/bin/python3");
    EXPECT_STR(take(), "");
    free(s);
    unsetenv("SOLAR_PYTHON");
}

/* The project venv is tried first: its interpreter when it imports the modules (probed), and
 * named in the "tried" text; SOLAR_VENV names another venv, empty none. */
static void test_venv(const char *dir)
{
    char bin[256], py[300];
    snprintf(bin, sizeof bin, "%s/bin", dir);
    snprintf(py, sizeof py, "%s/python3", bin);
    EXPECT(mkdir(bin, 0755) == 0);
    FILE *f = fopen(py, "w");
    EXPECT(f != NULL);
    fputs("#!/bin/sh\nexit 0\n", f); /* imports anything */
    fclose(f);
    EXPECT(chmod(py, 0755) == 0);
    unsetenv("SOLAR_PYTHON");
    setenv("SOLAR_VENV", dir, 1);
    char *s = sol_tool_find_python(&tool, "numpy", "numpy", NULL, true);
    EXPECT_STR(s, py);
    free(s);
    char want[1200];
    snprintf(want, sizeof want, "tool-test: %s can import numpy\n", py);
    EXPECT_STR(take(), want);
    SolBuf tried = {0};
    sol_tool_python_tried(&tried);
    snprintf(want, sizeof want, "%s, python3 and /usr/bin/python3", py);
    EXPECT_STR(tried.data, want);
    /* A venv whose interpreter fails the probe is passed over. */
    f = fopen(py, "w");
    fputs("#!/bin/sh\nexit 1\n", f);
    fclose(f);
    s = sol_tool_find_python(&tool, "no_such_module_anywhere", "it", NULL, true);
    EXPECT(s == NULL);
    snprintf(want, sizeof want,
             "tool-test: %s cannot import it\ntool-test: python3 cannot import it\n"
             "tool-test: /usr/bin/python3 cannot import it\n",
             py);
    EXPECT_STR(take(), want);
    free(s);
    setenv("SOLAR_VENV", "", 1);
    tried.len = 0;
    sol_tool_python_tried(&tried);
    EXPECT_STR(tried.data, "python3 and /usr/bin/python3");
    sol_buf_free(&tried);
    unsetenv("SOLAR_VENV");
    EXPECT(unlink(py) == 0 && rmdir(bin) == 0);
}

/* mkdir -p: nested directories, an existing one, and a file in the way; cleans up after. */
static void test_mkdir_p(const char *dir)
{
    char deep[512], mid[512], file[512], under_file[512];
    snprintf(mid, sizeof mid, "%s/p", dir);
    snprintf(deep, sizeof deep, "%s/p/q", dir);
    snprintf(file, sizeof file, "%s/f", dir);
    snprintf(under_file, sizeof under_file, "%s/f/g", dir);
    SolBuf err = {0};
    EXPECT(sol_mkdir_p(deep, 0700, &err) && sol_file_is_dir(deep));
    EXPECT(sol_mkdir_p(deep, 0700, &err) && err.len == 0); /* already there */
    EXPECT(sol_tool_write_file(&tool, file, "x", 1));
    EXPECT(!sol_mkdir_p(under_file, 0700, &err));
    SolBuf want = {0};
    sol_buf_printf(&want, "'%s' is not a directory", file);
    EXPECT_STR(err.data, want.data);
    EXPECT(rmdir(deep) == 0 && rmdir(mid) == 0 && unlink(file) == 0);
    sol_buf_free(&err);
    EXPECT(!sol_mkdir_p("", 0700, &err)); /* not a read past the empty string */
    EXPECT(strncmp(err.data, "cannot create '': ", 18) == 0);
    sol_buf_free(&err);
    sol_buf_free(&want);
}

/* SOLAR_CACHE_DIR, else ~/.cache/solar; empty, or neither set: no cache. */
static void test_cache_dir(void)
{
    SolBuf out = {0};
    setenv("SOLAR_CACHE_DIR", "/c", 1);
    EXPECT(sol_cache_dir(&out));
    EXPECT_STR(out.data, "/c");
    sol_buf_free(&out);
    setenv("SOLAR_CACHE_DIR", "", 1);
    EXPECT(!sol_cache_dir(&out) && out.len == 0);
    unsetenv("SOLAR_CACHE_DIR");
    setenv("HOME", "/h", 1);
    EXPECT(sol_cache_dir(&out));
    EXPECT_STR(out.data, "/h/.cache/solar");
    sol_buf_free(&out);
    unsetenv("HOME");
    EXPECT(!sol_cache_dir(&out) && out.len == 0);
}

int main(void)
{
    tool.err = open_memstream(&msg, &msg_len);
    test_int();
    test_u64();
    test_double();
    test_sizes();
    char dir[] = "/tmp/solar-unit-tool-XXXXXX";
    EXPECT(mkdtemp(dir) != NULL);
    test_files(dir);
    test_venv(dir);
    test_mkdir_p(dir);
    EXPECT(rmdir(dir) == 0);
    test_cache_dir();
    test_misc();
    fclose(tool.err);
    free(msg);
    return failures ? 1 : 0;
}

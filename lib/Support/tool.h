/*
 * What every tool (tools/solar-*) needs besides its flags table (Support/cli.h) and its
 * subprocesses (Support/process.h): messages prefixed with the tool's name, the version
 * string, whole-file reads, outputs written atomically, the sibling tools and data files of
 * the running executable, a Python interpreter that can import a module, flag values that are
 * numbers within a range, and `N=V,...` size lists.
 *
 * The tool's name travels in a small constant `SolTool` passed to each call rather than in a
 * global set once: lib/ keeps no mutable globals (STYLE.md), a tool declares one
 * `static const SolTool tool = {"solar-run"}` and nothing is ever initialised at run time,
 * and a unit test points `err` at a memory stream to check exact message text.
 *
 * Three files: tool.c (messages, version, finding executables and Python), tool_file.c
 * (reading, atomic writing, `mkdir -p` and the cache directory), tool_parse.c (numbers and
 * size lists).
 */
#ifndef SOLAR_SUPPORT_TOOL_H
#define SOLAR_SUPPORT_TOOL_H

#include "Support/support.h"

#include <sys/types.h> /* mode_t */

typedef struct SolTool {
    const char *name; /* "solar-run": messages read "solar-run: error: ..." */
    FILE *err;        /* where messages go; NULL: stderr */
} SolTool;

/* ---- messages and version (tool.c) ------------------------------------------------------- */

/* "NAME: error: MESSAGE\n" */
void sol_tool_error(const SolTool *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sol_tool_verror(const SolTool *t, const char *fmt, va_list ap);
/* "NAME: MESSAGE\n" */
void sol_tool_note(const SolTool *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* "NAME: $ CMD ARGS..." for -v, quoted as a shell would need. */
void sol_tool_note_command(const SolTool *t, const char *const *argv);

/* The project's version ("0.1.0"), the same for every tool. */
const char *sol_tool_version(void);
/* "NAME (SOLAR-C) VERSION\n", what --version prints. */
void sol_tool_print_version(const SolTool *t, FILE *out);

/* ---- the running executable's neighbours (tool.c) ---------------------------------------- */

/* "DIR/name" when the executable's directory DIR holds a file `name`, else `name` itself (to
 * be looked up on PATH). A heap string. */
char *sol_tool_sibling(const char *name);
/* A data file: DIR/../share/solar/REL beside the installed executable, else SOURCE_DIR/REL
 * (an uninstalled build); NULL when neither is a file. A heap string. */
char *sol_tool_data_file(const char *rel, const char *source_dir);

/* A Python interpreter: $SOLAR_PYTHON when set and not empty (not probed), else the first of
 * the project venv's python3 (SOURCE_DIR/.venv, which scripts/deps.sh makes with JAX and Flax
 * beside Debian's numpy and torch; $SOLAR_VENV names another, empty for none), `python3` (on
 * PATH) and /usr/bin/python3 that finds MODULES ("numpy, torch"; located with importlib's
 * find_spec, not imported: `import torch` alone takes a second).
 * With verbose, each probe notes "PYTHON can|cannot import WHAT" (WHAT: "numpy and torch").
 * drop_env: names kept out of the probes' environment (Support/process.h), or NULL. A heap
 * string, or NULL when none imports them (the caller says what to do then). */
char *sol_tool_find_python(const SolTool *t, const char *modules, const char *what,
                           const char *const *drop_env, bool verbose);
/* What sol_tool_find_python tries after $SOLAR_PYTHON, for messages: "V, python3 and
 * /usr/bin/python3" (V: the venv's interpreter, when there is one). */
void sol_tool_python_tried(SolBuf *out);

/* ---- files (tool_file.c) ----------------------------------------------------------------- */

bool sol_file_is_regular(const char *path); /* stat() says a regular file */
bool sol_file_is_dir(const char *path);

/* The tools' cache directory (solar-run's compiled programs in DIR/exec, solar-translate's
 * replies in DIR/translate), appended to out without creating it: $SOLAR_CACHE_DIR when set
 * and not empty, else $HOME/.cache/solar. False, out untouched, when caching is off:
 * SOLAR_CACHE_DIR set to the empty string, or no SOLAR_CACHE_DIR and no HOME. */
bool sol_cache_dir(SolBuf *out);

/* Creates dir and its missing parents with mode (before the umask), like `mkdir -p`; false
 * after appending "cannot create 'PATH': WHY" or "'PATH' is not a directory" to err, PATH
 * being the first component that failed. */
bool sol_mkdir_p(const char *dir, mode_t mode, SolBuf *err);

typedef enum SolReadStatus {
    SOL_READ_OK,
    SOL_READ_CANNOT_OPEN, /* errno says why */
    SOL_READ_ERROR,       /* errno says why (EIO when the stream did not) */
    SOL_READ_TOO_LARGE,   /* more than max bytes: out holds what was read */
} SolReadStatus;

/* Appends all of f (up to max bytes; 0: no limit) to out, NUL-terminated (also when empty). */
SolReadStatus sol_file_read_stream(FILE *f, size_t max, SolBuf *out);
/* The same for the file at path ("-": stdin). */
SolReadStatus sol_file_read(const char *path, size_t max, SolBuf *out);
/* sol_file_read, reporting "cannot open 'PATH': WHY", "cannot read 'PATH': WHY" or "'PATH' is
 * larger than MAX bytes". */
bool sol_tool_read_file(const SolTool *t, const char *path, size_t max, SolBuf *out);

/* An output written to a temporary file beside its target (PATH.tmpDIGITS, in the directory
 * of the file a symlink names) and renamed over it on commit, so a failed run never leaves a
 * half-written file. "-" and NULL are stdout; a path that exists and is not a regular file
 * (/dev/null, a fifo) is written directly. A new file gets the umask's mode, a replaced one
 * keeps its own. */
typedef struct SolOutput {
    FILE *f;
    const char *path; /* what the user named; NULL for stdout */
    char *target;     /* the file the rename replaces (symlinks resolved) */
    char *tmp;        /* NULL when writing directly */
    bool name_temp;   /* errors name the temporary ("cannot write 'X.tmp123'", "cannot rename
                         'X.tmp123' to 'X'") instead of "cannot write 'X'" */
} SolOutput;

/* Opens out->f; false after reporting "cannot write 'PATH': WHY". */
bool sol_tool_output_open(const SolTool *t, const char *path, bool name_temp, SolOutput *out);
/* Flushes and closes out->f and renames the temporary over the target; false after
 * reporting (the temporary is removed). */
bool sol_tool_output_commit(const SolTool *t, SolOutput *out);
/* Closes and removes the temporary; the target stays as it was. */
void sol_tool_output_discard(SolOutput *out);
/* data[0..len) as the whole of PATH, atomically as above. */
bool sol_tool_write_file(const SolTool *t, const char *path, const char *data, size_t len);

/* ---- flag values (tool_parse.c) ----------------------------------------------------------- */

/* Each parses all of text (strtol/strtod syntax: leading blanks and a sign allowed) and checks
 * the range; on failure it reports "FLAG: expected EXPECTED, got 'TEXT'" and leaves *out. */
bool sol_tool_parse_int(const SolTool *t, const char *flag, const char *text, int lo, int hi,
                        const char *expected, int *out);
/* Any value that fits, with no sign. */
bool sol_tool_parse_u64(const SolTool *t, const char *flag, const char *text, const char *expected,
                        uint64_t *out);
/* lo <= v <= hi, or lo < v <= hi with lo_open; NaN and values that over- or underflow fail. */
bool sol_tool_parse_double(const SolTool *t, const char *flag, const char *text, double lo,
                           double hi, bool lo_open, const char *expected, double *out);

/* ---- size lists (tool_parse.c) ------------------------------------------------------------ */

/* `N=V,M=W`: names (identifiers) with non-negative 64-bit values, in the order given. */
typedef struct SolSize {
    char *name;
    int64_t value;
} SolSize;
typedef SolVecOf(SolSize) SolSizes;

/* Appends `N=V,M=W` (blanks allowed around items and parts; empty items skipped) to s; a name
 * given twice keeps the last value. err gets "WHAT: expected NAME=INT, got 'x'" or "WHAT: the
 * value of 'N' is not a non-negative integer: 'V'". */
bool sol_sizes_parse(const char *what, const char *text, SolSizes *s, SolBuf *err);
void sol_sizes_free(SolSizes *s);
const SolSize *sol_sizes_find(const SolSizes *s, const char *name);
void sol_sizes_set(SolSizes *s, const char *name, int64_t value);
/* `N=V,M=W` (sep ","), or `N=V, M=W` for tables (sep ", "); b is NUL-terminated after. */
void sol_sizes_text(SolBuf *b, const SolSizes *s, const char *sep);

#endif /* SOLAR_SUPPORT_TOOL_H */

/*
 * The tools' messages ("solar-run: error: ..."), the version string, and where a tool finds
 * what it runs: a sibling executable, a data file beside the installed binary or in the source
 * tree, and a Python interpreter that can import what a script needs (probed with
 * Support/process.h).
 */
#include "Support/tool.h"

#include "Support/process.h"

#include <stdlib.h>

#ifndef SOLAR_VERSION
#error "SOLAR_VERSION comes from the project's version in CMakeLists.txt"
#endif
#ifndef SOLAR_SOURCE_DIR
#error "SOLAR_SOURCE_DIR (where the project venv .venv is) comes from lib/CMakeLists.txt"
#endif

enum { PROBE_TIMEOUT_S = 120 };

static FILE *err_stream(const SolTool *t) { return t->err ? t->err : stderr; }

void sol_tool_verror(const SolTool *t, const char *fmt, va_list ap)
{
    FILE *f = err_stream(t);
    fprintf(f, "%s: error: ", t->name);
    vfprintf(f, fmt, ap);
    fputc('\n', f);
}

void sol_tool_error(const SolTool *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sol_tool_verror(t, fmt, ap);
    va_end(ap);
}

void sol_tool_note(const SolTool *t, const char *fmt, ...)
{
    FILE *f = err_stream(t);
    va_list ap;
    va_start(ap, fmt);
    fprintf(f, "%s: ", t->name);
    vfprintf(f, fmt, ap);
    fputc('\n', f);
    va_end(ap);
}

void sol_tool_note_command(const SolTool *t, const char *const *argv)
{
    SolBuf cmd = {0};
    sol_process_argv_text(&cmd, argv);
    sol_tool_note(t, "$ %s", cmd.data ? cmd.data : "");
    sol_buf_free(&cmd);
}

const char *sol_tool_version(void) { return SOLAR_VERSION; }

void sol_tool_print_version(const SolTool *t, FILE *out)
{
    fprintf(out, "%s (SOLAR-C) %s\n", t->name, SOLAR_VERSION);
}

char *sol_tool_sibling(const char *name)
{
    char *dir = sol_process_exe_dir();
    if (dir) {
        SolBuf p = {0};
        sol_buf_printf(&p, "%s/%s", dir, name);
        free(dir);
        if (sol_file_is_regular(p.data))
            return p.data;
        sol_buf_free(&p);
    }
    return sol_xstrdup(name);
}

char *sol_tool_data_file(const char *rel, const char *source_dir)
{
    char *dir = sol_process_exe_dir();
    SolBuf p = {0};
    if (dir) {
        sol_buf_printf(&p, "%s/../share/solar/%s", dir, rel);
        free(dir);
        if (sol_file_is_regular(p.data))
            return p.data;
        p.len = 0;
    }
    sol_buf_printf(&p, "%s/%s", source_dir, rel);
    if (sol_file_is_regular(p.data))
        return p.data;
    sol_buf_free(&p);
    return NULL;
}

/* Whether python finds every module of MODULES ("numpy, torch"). */
static bool python_has(const SolTool *t, const char *python, const char *modules, const char *what,
                       const char *const *drop_env, bool verbose)
{
    /* find_spec locates each module without importing it: `import torch` alone takes a second,
     * and every import and validation asks. */
    SolBuf code = {0};
    sol_buf_printf(&code,
                   "import importlib.util as u, sys; "
                   "sys.exit(not all(u.find_spec(m.strip()) for m in '%s'.split(',')))",
                   modules);
    const char *argv[] = {python, "-c", code.data, NULL};
    SolProcessResult r;
    sol_process_run(argv, &(SolProcessOptions){PROBE_TIMEOUT_S, 4096, true, drop_env}, &r);
    bool ok = r.status == 0;
    if (verbose)
        sol_tool_note(t, "%s %s import %s", python, ok ? "can" : "cannot", what);
    sol_process_result_free(&r);
    sol_buf_free(&code);
    return ok;
}

/* The project venv's interpreter (scripts/deps.sh makes SOURCE_DIR/.venv; $SOLAR_VENV names
 * another, and an empty $SOLAR_VENV none) when it is a file; a heap string, or NULL. */
static char *venv_python(void)
{
    const char *venv = getenv("SOLAR_VENV");
    if (venv && !*venv)
        return NULL;
    SolBuf p = {0};
    sol_buf_printf(&p, "%s/bin/python3", venv ? venv : SOLAR_SOURCE_DIR "/.venv");
    if (sol_file_is_regular(p.data))
        return p.data;
    sol_buf_free(&p);
    return NULL;
}

void sol_tool_python_tried(SolBuf *out)
{
    char *venv = venv_python();
    if (venv)
        sol_buf_printf(out, "%s, ", venv);
    sol_buf_puts(out, "python3 and /usr/bin/python3");
    free(venv);
}

char *sol_tool_find_python(const SolTool *t, const char *modules, const char *what,
                           const char *const *drop_env, bool verbose)
{
    const char *env = getenv("SOLAR_PYTHON");
    if (env && *env)
        return sol_xstrdup(env);
    char *venv = venv_python();
    if (venv && python_has(t, venv, modules, what, drop_env, verbose))
        return venv;
    free(venv);
    static const char *const candidates[] = {"python3", "/usr/bin/python3"};
    for (size_t i = 0; i < sizeof candidates / sizeof candidates[0]; i++)
        if (python_has(t, candidates[i], modules, what, drop_env, verbose))
            return sol_xstrdup(candidates[i]);
    return NULL;
}

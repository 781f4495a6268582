/*
 * solar-import's run (import.h): the importer as a subprocess, its size lines, the same
 * validation as solar-translate's, the output.
 */
#include "Translate/import.h"

#include "Support/process.h"
#include "Translate/check.h"
#include "Translate/files.h"
#include "Support/sha256.h"

#include <ctype.h>
#include <stdlib.h>

enum {
    EXIT_FAILED = 1,
    EXIT_USAGE = 2,
    MAX_SOURCE_BYTES = 4 << 20,
    MAX_IR_BYTES = 64 << 20,
    MAX_IMPORTER_OUTPUT = 1 << 20,
    IMPORTER_TIMEOUT_S = 1800,
};

typedef struct Import {
    const SolImportOptions *o;
    SolSourceLang lang; /* from the source's imports, as solar-translate decides */
    SolBuf source, ir, small;
    SolBuf reference, reference_b; /* where the importer writes the program's outputs */
    char source_hash[65];
    char *work_dir, *solar_run;
    SolVecOf(char *) argv; /* heap strings, NULL-terminated when run */
} Import;

/* The importer writes the reference directories unless there is nothing to validate or the
 * user brought their own (--reference). */
static bool importer_writes_references(const SolImportOptions *o)
{
    return !o->no_validate && !o->check.reference;
}

static void arg(Import *m, const char *s)
{
    char *c = sol_xstrdup(s);
    sol_vec_push(&m->argv, c);
}

/* SOLAR_IMPORTER's words, or env PYTHONPATH=DIR $PY -m solar_import. */
static bool importer_command(Import *m)
{
    const char *over = getenv("SOLAR_IMPORTER");
    if (over && *over) {
        for (const char *p = over; *p;) {
            while (isspace((unsigned char)*p))
                p++;
            const char *w = p;
            while (*p && !isspace((unsigned char)*p))
                p++;
            if (p > w) {
                char *c = sol_xcalloc((size_t)(p - w) + 1, 1);
                memcpy(c, w, (size_t)(p - w));
                sol_vec_push(&m->argv, c);
            }
        }
        return true;
    }
    char *dir = sol_harness_python_dir();
    const char *module = m->lang == SOL_LANG_JAX ? "jax" : "torch";
    char *py = dir ? sol_harness_find_python(module, m->o->log) : NULL;
    if (!dir || !py) {
        SolBuf why = {0};
        if (!dir) {
            sol_buf_puts(&why, "cannot find the project's python directory (solar_import and "
                               "solar_reference.py)");
        } else {
            sol_buf_printf(&why, "no Python here can import numpy and %s (tried ", module);
            sol_tool_python_tried(&why);
            sol_buf_printf(&why, "); %sset SOLAR_PYTHON",
                           m->lang == SOL_LANG_JAX ? "run scripts/deps.sh (the project venv "
                                                     "has JAX and Flax) or "
                                                   : "");
        }
        sol_tool_error(&m->o->log->tool, "%s", why.data);
        sol_buf_free(&why), free(dir), free(py);
        return false;
    }
    SolBuf pp = {0};
    const char *old = getenv("PYTHONPATH");
    sol_buf_printf(&pp, "PYTHONPATH=%s%s%s", dir, old && *old ? ":" : "", old ? old : "");
    arg(m, "env");
    arg(m, pp.data);
    arg(m, py);
    arg(m, "-m");
    arg(m, "solar_import");
    sol_buf_free(&pp), free(dir), free(py);
    return true;
}

/* The importer's messages, as it wrote them. */
static void pass_through(const SolImportOptions *o, const SolProcessResult *r)
{
    sol_log_text(o->log, r->out.data);
    sol_log_text(o->log, r->err.data);
}

/* Runs the importer into tmp; returns an exit status (its own 1 and 2 passed on). */
static int run_importer(Import *m, const char *tmp)
{
    const SolImportOptions *o = m->o;
    if (!importer_command(m))
        return EXIT_FAILED;
    arg(m, o->input), arg(m, "-o"), arg(m, tmp);
    if (o->check.small)
        arg(m, "--small"), arg(m, o->check.small);
    if (o->entry_sizes)
        arg(m, "--entry-sizes"), arg(m, o->entry_sizes);
    if (importer_writes_references(o)) {
        arg(m, "--reference"), arg(m, m->reference.data);
        arg(m, "--reference-second"), arg(m, m->reference_b.data);
    }
    if (o->log->verbose)
        arg(m, "-v");
    sol_vec_push(&m->argv, (char *)NULL);
    const char *const *argv = (const char *const *)m->argv.data;
    sol_log_command(o->log, argv);
    SolProcessResult r;
    sol_process_run(argv,
                    &(SolProcessOptions){IMPORTER_TIMEOUT_S, MAX_IMPORTER_OUTPUT, false,
                                         sol_translate_private_env},
                    &r);
    int rc = 0;
    if (r.status == -1) {
        sol_tool_error(&o->log->tool, "cannot run the importer %s: %s", argv[0], r.why.data);
        rc = EXIT_FAILED;
    } else if (r.timed_out) {
        sol_tool_error(&o->log->tool, "the importer did not finish within %d s",
                       IMPORTER_TIMEOUT_S);
        rc = EXIT_FAILED;
    } else if (r.status == 1 || r.status == 2) {
        pass_through(o, &r);
        rc = r.status;
    } else if (r.status != 0) {
        pass_through(o, &r);
        sol_tool_error(&o->log->tool, "the importer failed (exit status %d)", r.status);
        rc = EXIT_FAILED;
    } else if (o->log->verbose) {
        pass_through(o, &r);
    }
    sol_process_result_free(&r);
    return rc;
}

bool sol_import_small_sizes(const char *ir, size_t len, SolBuf *out)
{
    static const char key[] = "// sizes.small:";
    for (const char *p = ir, *end = ir + len; p < end;) {
        while (p < end && (*p == ' ' || *p == '\t'))
            p++;
        if (end - p < 2 || p[0] != '/' || p[1] != '/')
            return false; /* the leading comment lines are over */
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *eol = nl ? nl : end;
        if ((size_t)(eol - p) >= sizeof key - 1 && memcmp(p, key, sizeof key - 1) == 0) {
            for (const char *q = p + sizeof key - 1; q < eol; q++)
                if (!isspace((unsigned char)*q))
                    sol_buf_putc(out, *q);
            if (!out->data)
                sol_buf_append(out, "", 0);
            return true;
        }
        p = nl ? nl + 1 : end;
    }
    return false;
}

/* The output of --no-validate: the importer's text under a header saying so. */
static void unvalidated_output(const Import *m, SolBuf *out)
{
    const SolImportOptions *o = m->o;
    sol_buf_printf(out, "// Imported by solar-import %s from %s (sha256 %s)\n", o->version,
                   sol_base_name(o->input), m->source_hash);
    sol_buf_puts(out, "// attempts: 1\n// not validated (--no-validate)\n");
    sol_buf_append(out, m->ir.data, m->ir.len);
    if (m->ir.len && m->ir.data[m->ir.len - 1] != '\n')
        sol_buf_putc(out, '\n');
}

/* Validates the import; on success out is the header and the IR. Returns an exit status. */
static int validate(Import *m, SolBuf *out)
{
    const SolImportOptions *o = m->o;
    SolCheck check;
    /* The program's outputs at the importer's two size sets, written by the importer (with
     * the harness's own code), or the user's reference directory. */
    bool own = importer_writes_references(o);
    SolCheckOptions co = {.model = o->input,
                          .lang = m->lang,
                          .small = o->check.small,
                          .reference = own ? m->reference.data : o->check.reference,
                          .reference_b = own ? m->reference_b.data : NULL,
                          .reference_is_program = own,
                          .program_ir = m->ir.data, /* the importer's: the program's work */
                          .program_ir_len = m->ir.len,
                          .solar_run = m->solar_run,
                          .work_dir = m->work_dir,
                          .run_timeout_s = o->check.run_timeout_s,
                          .max_steps = o->check.max_steps,
                          .rtol = o->check.rtol,
                          .atol = o->check.atol,
                          .log = o->log};
    int rc = sol_check_open(&check, &co);
    if (rc == 0) {
        SolVerdict v;
        sol_check_candidate(&check, m->ir.data, m->ir.len, "import", &v);
        if (v.ok) {
            sol_buf_printf(out, "// Imported by solar-import %s from %s (sha256 %s)\n", o->version,
                           sol_base_name(o->input), m->source_hash);
            sol_buf_puts(out, "// attempts: 1\n");
            sol_check_provenance(&check, &v, out);
            sol_check_append_ir(out, m->ir.data, m->ir.len);
            if (o->log->verbose)
                sol_tool_note(&o->log->tool, "validated (max abs err %.3g, max rel err %.3g)",
                              v.max_abs, v.max_rel);
        } else {
            sol_tool_error(&o->log->tool, "the import of %s failed validation: %s", o->input,
                           v.what.data);
            sol_log_text(o->log, v.details.data);
            rc = EXIT_FAILED;
        }
        sol_verdict_free(&v);
    }
    sol_check_close(&check);
    return rc;
}

/* The importer's output, its sizes, the validation and OUT. */
static int import(Import *m)
{
    const SolImportOptions *o = m->o;
    SolBuf tmp = {0}, out = {0};
    sol_buf_printf(&tmp, "%s/import.mlir", m->work_dir);
    if (o->check.keep_reference)
        sol_buf_puts(&m->reference, o->check.keep_reference);
    else
        sol_buf_printf(&m->reference, "%s/reference", m->work_dir);
    sol_buf_printf(&m->reference_b, "%s/reference-b", m->work_dir);
    int rc = run_importer(m, tmp.data);
    if (rc == 0 && !sol_tool_read_file(&o->log->tool, tmp.data, MAX_IR_BYTES, &m->ir))
        rc = EXIT_FAILED;
    if (rc == 0 && !o->no_validate && !sol_import_small_sizes(m->ir.data, m->ir.len, &m->small)) {
        sol_tool_error(&o->log->tool, "the importer's output has no `// sizes.small:` line");
        rc = EXIT_FAILED;
    }
    if (rc == 0 && o->no_validate)
        unvalidated_output(m, &out);
    else if (rc == 0)
        rc = validate(m, &out);
    if (rc == 0 && !sol_tool_write_file(&o->log->tool, o->output, out.data, out.len))
        rc = EXIT_FAILED;
    if (rc == 0 && o->log->verbose)
        sol_tool_note(&o->log->tool, "wrote %s", o->output);
    sol_buf_free(&tmp), sol_buf_free(&out);
    return rc;
}

int sol_import_run(const SolImportOptions *o)
{
    Import m = {.o = o};
    int rc = 0;
    if (!sol_tool_read_file(&o->log->tool, o->input, MAX_SOURCE_BYTES, &m.source))
        rc = EXIT_FAILED;
    else if (!(m.work_dir = sol_work_dir_new(o->log, "solar-import")))
        rc = EXIT_FAILED;
    if (rc == 0) {
        sol_sha256_hex(m.source.data, m.source.len, m.source_hash);
        m.lang = sol_source_language(m.source.data, m.source.len, NULL);
        m.solar_run = o->check.solar_run ? sol_xstrdup(o->check.solar_run)
                                         : sol_tool_sibling("solar-run");
        rc = import(&m);
    }
    if (m.work_dir)
        sol_work_dir_remove(m.work_dir);
    free(m.work_dir), free(m.solar_run);
    for (size_t i = 0; i < m.argv.len; i++)
        free(m.argv.data[i]);
    sol_vec_free(&m.argv);
    sol_buf_free(&m.source), sol_buf_free(&m.ir), sol_buf_free(&m.small);
    sol_buf_free(&m.reference), sol_buf_free(&m.reference_b);
    return rc;
}

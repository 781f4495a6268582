/*
 * solar-translate's run (translate.h): the usage rules, the setup (endpoint, source, cache,
 * work directory), the check, the repair loop and the output.
 */
#include "Translate/translate.h"

#include "Translate/ask.h"
#include "Translate/files.h"
#include "Support/sha256.h"
#include "Translate/import.h"

#include <stdlib.h>

enum {
    EXIT_FAILED = 1,
    EXIT_USAGE = 2,
    MAX_SOURCE_BYTES = 4 << 20, /* a model file larger than this is not a model */
    MAX_REPLY_BYTES = 8 << 20,  /* HTTP body cap */
};

typedef struct Run {
    const SolTranslateOptions *o;
    const char *model, *base_url; /* flags or environment */
    SolBuf source;
    char source_hash[65];
    SolSourceLang lang;
    SolBuf endpoint_shown;
    SolLlmEndpoint ep;
    SolCache cache;
    char *work_dir, *solar_run;
} Run;

static int check_usage(Run *t)
{
    const SolTranslateOptions *o = t->o;
    if (!t->base_url) {
        sol_tool_error(&o->log->tool,
                       "no LLM endpoint: set SOLAR_LLM_BASE_URL or pass --base-url (for "
                       "example https://api.openai.com/v1, or http://127.0.0.1:11434/v1 "
                       "for ollama)");
        return EXIT_USAGE;
    }
    if (!t->model) {
        sol_tool_error(&o->log->tool, "no model name: set SOLAR_LLM_MODEL or pass --model");
        return EXIT_USAGE;
    }
    if (!sol_validation_flags_check(&o->log->tool, &o->check))
        return EXIT_USAGE;
    return 0;
}

/* The endpoint, the source, the cache and the work directory. Returns an exit status. */
static int prepare(Run *t)
{
    const SolTranslateOptions *o = t->o;
    SolBuf err = {0};
    int rc = 0;
    if (!sol_llm_url_check(t->base_url, o->allow_insecure, &t->endpoint_shown, &err)) {
        sol_tool_error(&o->log->tool, "%s", err.data);
        rc = EXIT_USAGE;
    } else if (!sol_tool_read_file(&o->log->tool, o->input, MAX_SOURCE_BYTES, &t->source)) {
        rc = EXIT_FAILED;
    }
    sol_buf_free(&err);
    if (rc)
        return rc;
    if (!o->no_cache)
        sol_cache_open(&t->cache, NULL);
    sol_sha256_hex(t->source.data, t->source.len, t->source_hash);
    unsigned jax_line;
    t->lang = sol_source_language(t->source.data, t->source.len, &jax_line);
    if (o->log->verbose)
        sol_tool_note(&o->log->tool, "%s is a %s program%s", o->input,
                      sol_source_language_name(t->lang),
                      t->lang == SOL_LANG_JAX ? " (it imports JAX)" : "");
    const char *key = getenv("SOLAR_LLM_API_KEY");
    t->ep = (SolLlmEndpoint){t->base_url,
                             key,
                             o->timeout_s,
                             o->connect_timeout_s,
                             o->retries,
                             MAX_REPLY_BYTES,
                             sol_log_stream(o->log),
                             o->log->tool.name};
    if (o->connect_timeout_s > o->timeout_s)
        t->ep.connect_timeout_s = o->timeout_s;
    t->work_dir = sol_work_dir_new(o->log, "solar-translate");
    if (!t->work_dir)
        return EXIT_FAILED;
    t->solar_run =
        o->check.solar_run ? sol_xstrdup(o->check.solar_run) : sol_tool_sibling("solar-run");
    if (o->log->verbose)
        sol_tool_note(&o->log->tool, "endpoint %s, model %s, API key %s, cache %s",
                      t->endpoint_shown.data, t->model,
                      key && *key ? "set" : "not set (no Authorization header)",
                      t->cache.dir ? t->cache.dir : "off");
    return 0;
}

/* The provenance header and the IR. */
static void build_output(const Run *t, const SolCheck *check, const SolLlmAsker *k,
                         const SolSessionResult *r, SolBuf *out)
{
    const SolTranslateOptions *o = t->o;
    sol_buf_printf(out, "// Translated by solar-translate %s from %s (sha256 %s)\n", o->version,
                   sol_base_name(o->input), t->source_hash);
    sol_buf_printf(out, "// model: %s at %s\n", t->model, t->endpoint_shown.data);
    sol_buf_printf(out, "// attempts: %u of at most %u (%u request%s, %u repl%s from the cache)\n",
                   r->attempts, o->max_attempts, k->requests, k->requests == 1 ? "" : "s",
                   k->cached, k->cached == 1 ? "y" : "ies");
    sol_check_provenance(check, &r->verdict, out);
    sol_check_append_ir(out, r->ir.data ? r->ir.data : "", r->ir.len);
}

/* The check, the repair loop and the output. Returns an exit status. */
static int translate(Run *t)
{
    const SolTranslateOptions *o = t->o;
    SolCheck check;
    SolCheckOptions co = {.model = o->input,
                          .lang = t->lang,
                          .small = o->check.small,
                          .second = !o->check.small,
                          .reference = o->check.reference,
                          .keep_reference = o->check.keep_reference,
                          .solar_run = t->solar_run,
                          .work_dir = t->work_dir,
                          .run_timeout_s = o->check.run_timeout_s,
                          .max_steps = o->check.max_steps,
                          .rtol = o->check.rtol,
                          .atol = o->check.atol,
                          .log = o->log};
    int rc = sol_check_open(&check, &co);
    if (rc) {
        sol_check_close(&check);
        return rc;
    }
    SolLlmAsker k = {&t->ep, t->endpoint_shown.data, t->model, o->temperature, &t->cache, o->log, 0,
                     0};
    SolSessionOptions so = {o->input, o->max_attempts, o->save_attempts, sol_llm_ask, &k, o->log};
    SolPromptTask task = {sol_base_name(o->input), t->source.data, t->source.len, t->lang,
                          &check.ref};
    SolSessionResult r;
    rc = sol_session_run(&so, &task, &check, &r);
    if (rc == 0) {
        SolBuf out = {0};
        build_output(t, &check, &k, &r, &out);
        rc = sol_tool_write_file(&o->log->tool, o->output, out.data, out.len) ? 0 : EXIT_FAILED;
        if (rc == 0 && o->log->verbose)
            sol_tool_note(&o->log->tool, "wrote %s", o->output);
        sol_buf_free(&out);
    }
    sol_session_result_free(&r);
    sol_check_close(&check);
    return rc;
}

static void run_free(Run *t)
{
    if (t->work_dir)
        sol_work_dir_remove(t->work_dir);
    free(t->work_dir), free(t->solar_run);
    sol_cache_close(&t->cache);
    sol_buf_free(&t->source), sol_buf_free(&t->endpoint_shown);
}

/* --import-first: solar-import's verdict; 1 means ask the LLM. */
static int import_first(const SolTranslateOptions *o)
{
    SolImportOptions io = {.input = o->input,
                           .output = o->output,
                           .check = o->check,
                           .version = o->version,
                           .log = o->log};
    int rc = sol_import_run(&io);
    if (rc == 1)
        sol_tool_note(&o->log->tool, "solar-import cannot import %s; asking the model", o->input);
    return rc;
}

int sol_translate_run(const SolTranslateOptions *o)
{
    const char *env_url = getenv("SOLAR_LLM_BASE_URL"), *env_model = getenv("SOLAR_LLM_MODEL");
    Run t = {.o = o, .model = o->model, .base_url = o->base_url};
    if (!t.base_url && env_url && *env_url)
        t.base_url = env_url;
    if (!t.model && env_model && *env_model)
        t.model = env_model;
    if (!o->input) {
        sol_tool_error(&o->log->tool,
                       "no model file; usage: solar-translate MODEL.py -o OUT.mlir (see --help)");
        return EXIT_USAGE;
    }
    if (!o->output) {
        sol_tool_error(&o->log->tool, "no output file: give -o OUT.mlir");
        return EXIT_USAGE;
    }
    if (o->import_first) {
        int rc = import_first(o);
        if (rc != 1)
            return rc;
    }
    int rc = check_usage(&t);
    if (rc == 0)
        rc = prepare(&t);
    if (rc == 0)
        rc = translate(&t);
    run_free(&t);
    return rc;
}

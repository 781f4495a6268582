/*
 * solar-translate: translates a PyTorch or JAX program into the SOLAR-C affine dialect with an
 * LLM, and accepts the translation only when it parses, verifies and computes what the
 * original program computes.
 *
 *   solar-translate MODEL.py -o OUT.mlir [--max-attempts N] [--model NAME] [--base-url URL]
 *                   [--small N=V,...] [--timeout SECONDS] [--no-cache] [-v] ...
 *
 * The loop: a reference run of the original program at small sizes (the Python harness, or
 * --reference DIR), then per attempt one chat completion request (or a cached reply), the IR
 * extracted from its fenced block and validated (validate.c); every failure goes back to the
 * model as a follow-up message in the same conversation. A translation that passes is checked
 * once more at a second set of sizes (to catch sizes written into the IR), then written with a
 * provenance header. The LLM's text is untrusted: it is only ever parsed and interpreted.
 *
 * Exit status: 0 success (OUT written), 1 no valid translation (OUT untouched: nothing is
 * written), an endpoint that fails, or a program the harness cannot run; 2 bad usage.
 */
#include "translate.h"

#include "Translate/cache.h"
#include "Translate/chat.h"
#include "Translate/extract.h"
#include "Translate/hash.h"
#include "Translate/llm.h"

#include "Support/cli.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

enum { EXIT_FAILED = 1, EXIT_USAGE = 2 };
#define VERSION "0.1.0"

enum {
    MAX_SOURCE_BYTES = 4 << 20, /* a model file larger than this is not a model */
    MAX_REPLY_BYTES = 8 << 20,  /* HTTP body cap */
    MAX_IR_BYTES = 2 << 20,     /* an extracted block larger than this is refused */
    MAX_KEPT_REPLY = 64 << 10,  /* assistant text kept in the conversation */
    SCALE_TO = 16,              /* default validation sizes: each constant at most this */
};

const char *const tool_private_env[] = {"SOLAR_LLM_API_KEY", NULL};

void tool_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs(PROG ": error: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

void tool_note(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs(PROG ": ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

void remove_tree(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0)
        return;
    if (S_ISDIR(st.st_mode)) {
        DIR *d = opendir(path);
        if (d) {
            struct dirent *e;
            while ((e = readdir(d))) {
                if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
                    continue;
                SolBuf child = {0};
                sol_buf_printf(&child, "%s/%s", path, e->d_name);
                remove_tree(child.data);
                sol_buf_free(&child);
            }
            closedir(d);
        }
        rmdir(path);
    } else {
        unlink(path);
    }
}

/* ---- flags ------------------------------------------------------------------------------- */

typedef enum FlagId {
    F_OUTPUT,
    F_MAX_ATTEMPTS,
    F_MODEL,
    F_BASE_URL,
    F_SMALL,
    F_REFERENCE,
    F_KEEP_REFERENCE,
    F_TIMEOUT,
    F_CONNECT_TIMEOUT,
    F_RETRIES,
    F_NO_CACHE,
    F_ALLOW_INSECURE,
    F_TEMPERATURE,
    F_RTOL,
    F_ATOL,
    F_RUN_TIMEOUT,
    F_SOLAR_RUN,
    F_SAVE_ATTEMPTS,
    F_VERBOSE,
    F_HELP,
    F_VERSION,
} FlagId;

static const SolFlag flags[] = {
    {"-o", F_OUTPUT, "OUT.mlir", "the validated translation (required; '-': stdout)"},
    {"--max-attempts", F_MAX_ATTEMPTS, "N", "requests to the model at most (default 4)"},
    {"--model", F_MODEL, "NAME", "the model to ask (default $SOLAR_LLM_MODEL)"},
    {"--base-url", F_BASE_URL, "URL",
     "the endpoint, e.g. https://api.openai.com/v1 ($SOLAR_LLM_BASE_URL)"},
    {"--small", F_SMALL, "N=V,...",
     "validation sizes (default: each size constant scaled to <= 16)"},
    {"--reference", F_REFERENCE, "DIR", "validate against DIR's in*.npy, out*.npy and sizes.json"},
    {"--keep-reference", F_KEEP_REFERENCE, "DIR", "write the harness's reference files to DIR"},
    {"--timeout", F_TIMEOUT, "SECONDS", "limit of one request, answer included (default 300)"},
    {"--connect-timeout", F_CONNECT_TIMEOUT, "SECONDS", "limit of connecting (default 10)"},
    {"--retries", F_RETRIES, "N", "more tries after HTTP 429, 5xx or no connection (default 3)"},
    {"--no-cache", F_NO_CACHE, NULL, "neither read nor write the reply cache ($SOLAR_CACHE_DIR)"},
    {"--allow-insecure", F_ALLOW_INSECURE, NULL, "allow plain http to a host that is not loopback"},
    {"--temperature", F_TEMPERATURE, "T", "sampling temperature (default: the server's)"},
    {"--rtol", F_RTOL, "R", "relative tolerance of every float output (default by type)"},
    {"--atol", F_ATOL, "A", "absolute tolerance of every float output (default by type)"},
    {"--run-timeout", F_RUN_TIMEOUT, "SECONDS",
     "limit of one solar-run of a candidate (default 300)"},
    {"--solar-run", F_SOLAR_RUN, "PATH",
     "the solar-run to validate with (default: beside this one)"},
    {"--save-attempts", F_SAVE_ATTEMPTS, "DIR", "save every reply and follow-up message in DIR"},
    {"-v", F_VERBOSE, NULL, "print commands, requests and every failure in full"},
    {"--help", F_HELP, NULL, "print this help and exit"},
    {"--version", F_VERSION, NULL, "print the version and exit"},
};
static const char *const aliases[] = {"-h", "--help", "--verbose", "-v", NULL};
static const SolCli cli = {.tool = PROG,
                           .flags = flags,
                           .num_flags = sizeof flags / sizeof flags[0],
                           .aliases = aliases,
                           .help_width = 30};

typedef struct Options {
    const char *input, *output;
    unsigned max_attempts;
    const char *model, *base_url, *small, *reference, *keep_reference;
    double timeout_s, connect_timeout_s, temperature, rtol, atol, run_timeout_s;
    int retries;
    bool no_cache, allow_insecure, verbose, help, version;
    const char *solar_run, *save_attempts;
} Options;

static bool parse_number(const char *flag, const char *s, double lo, double hi, double *out)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || *end || errno || !(v >= lo) || !(v <= hi)) {
        tool_error("%s: expected a number from %g to %g, got '%s'", flag, lo, hi, s);
        return false;
    }
    *out = v;
    return true;
}

/* N=V,... with identifiers and non-negative integers, checked before the harness sees it. */
static bool check_sizes_text(const char *s)
{
    const char *p = s;
    while (*p) {
        const char *name = p;
        if (!(isalpha((unsigned char)*p) || *p == '_'))
            goto bad;
        while (isalnum((unsigned char)*p) || *p == '_')
            p++;
        if (*p++ != '=' || !isdigit((unsigned char)*p))
            goto bad;
        while (isdigit((unsigned char)*p))
            p++;
        if (*p == ',')
            p++;
        else if (*p)
            goto bad;
        (void)name;
    }
    if (*s)
        return true;
bad:
    tool_error("--small: expected NAME=VALUE,... (for example batch_size=2,dim=8), got '%s'", s);
    return false;
}

static bool apply_flag(void *user, const SolFlag *f, char *value)
{
    Options *o = user;
    double d;
    switch ((FlagId)f->id) {
    case F_OUTPUT:
        o->output = value;
        return true;
    case F_MAX_ATTEMPTS:
        if (!parse_number(f->name, value, 1, 100, &d))
            return false;
        if (d != (unsigned)d) {
            tool_error("--max-attempts: expected a whole number, got '%s'", value);
            return false;
        }
        o->max_attempts = (unsigned)d;
        return true;
    case F_MODEL:
        o->model = value;
        return true;
    case F_BASE_URL:
        o->base_url = value;
        return true;
    case F_SMALL:
        o->small = value;
        return check_sizes_text(value);
    case F_REFERENCE:
        o->reference = value;
        return true;
    case F_KEEP_REFERENCE:
        o->keep_reference = value;
        return true;
    case F_TIMEOUT:
        return parse_number(f->name, value, 0.001, 86400, &o->timeout_s);
    case F_CONNECT_TIMEOUT:
        return parse_number(f->name, value, 0.001, 3600, &o->connect_timeout_s);
    case F_RETRIES:
        if (!parse_number(f->name, value, 0, 10, &d))
            return false;
        if (d != (int)d) {
            tool_error("--retries: expected a whole number, got '%s'", value);
            return false;
        }
        o->retries = (int)d;
        return true;
    case F_NO_CACHE:
        return o->no_cache = true;
    case F_ALLOW_INSECURE:
        return o->allow_insecure = true;
    case F_TEMPERATURE:
        return parse_number(f->name, value, 0, 2, &o->temperature);
    case F_RTOL:
        return parse_number(f->name, value, 0, 1, &o->rtol);
    case F_ATOL:
        return parse_number(f->name, value, 0, 1e30, &o->atol);
    case F_RUN_TIMEOUT:
        return parse_number(f->name, value, 0.001, 86400, &o->run_timeout_s);
    case F_SOLAR_RUN:
        o->solar_run = value;
        return true;
    case F_SAVE_ATTEMPTS:
        o->save_attempts = value;
        return true;
    case F_VERBOSE:
        return o->verbose = true;
    case F_HELP:
        return o->help = true;
    case F_VERSION:
        return o->version = true;
    }
    return false;
}

static bool set_input(void *user, char *arg)
{
    Options *o = user;
    if (o->input) {
        tool_error("more than one model file ('%s' and '%s')", o->input, arg);
        return false;
    }
    o->input = arg;
    return true;
}

static void print_help(FILE *out)
{
    fputs("USAGE: solar-translate MODEL.py -o OUT.mlir [options]\n\n"
          "Translates a PyTorch module (KernelBench layout: class Model, get_inputs(),\n"
          "get_init_inputs(), module-level size constants) or a JAX function file (forward,\n"
          "get_inputs()) into the SOLAR-C affine dialect with an LLM, and writes OUT only when\n"
          "the translation parses, verifies and computes what the program computes at small\n"
          "sizes (solar-run against the program's own outputs). Failures go back to the model,\n"
          "up to --max-attempts requests. Progress goes to stderr, one line per attempt.\n\n"
          "OPTIONS:\n",
          out);
    sol_cli_print_flags(&cli, out);
    fputs("\nENVIRONMENT:\n"
          "  SOLAR_LLM_BASE_URL   the endpoint (POST BASE/chat/completions), if no --base-url\n"
          "  SOLAR_LLM_MODEL      the model, if no --model\n"
          "  SOLAR_LLM_API_KEY    sent as `Authorization: Bearer`; never printed or stored\n"
          "  SOLAR_CACHE_DIR      the reply cache (default ~/.cache/solar)\n"
          "  SOLAR_PYTHON         the Python that runs the program (default: the first of\n"
          "                       python3 and /usr/bin/python3 that imports torch, or jax)\n\n"
          "Plain http is allowed only to loopback addresses (a local vLLM or ollama server)\n"
          "unless --allow-insecure. Exit status: 0 translated, 1 no valid translation (OUT is\n"
          "not written) or the endpoint failed, 2 bad usage.\n",
          out);
}

/* ---- small helpers ---------------------------------------------------------------------- */

static bool read_file(const char *path, SolBuf *out, size_t max)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        tool_error("cannot open '%s': %s", path, strerror(errno));
        return false;
    }
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, f)) > 0 && out->len <= max)
        sol_buf_append(out, chunk, n);
    bool ok = !ferror(f);
    fclose(f);
    if (!ok)
        tool_error("cannot read '%s'", path);
    else if (out->len > max)
        tool_error("'%s' is larger than %zu bytes; that is not a model file", path, max);
    if (ok && !out->data)
        sol_buf_append(out, "", 0);
    return ok && out->len <= max;
}

static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

static void sizes_text(SolBuf *b, const SolRefSizes *s)
{
    for (size_t i = 0; i < s->len; i++)
        sol_buf_printf(b, "%s%s=%lld", i ? ", " : "", s->data[i].name, (long long)s->data[i].value);
}

static bool same_sizes(const SolRefSizes *a, const SolRefSizes *b)
{
    if (a->len != b->len)
        return false;
    for (size_t i = 0; i < a->len; i++)
        if (strcmp(a->data[i].name, b->data[i].name) || a->data[i].value != b->data[i].value)
            return false;
    return true;
}

static void save_text(const Options *o, unsigned attempt, const char *what, const char *text)
{
    if (!o->save_attempts)
        return;
    mkdir(o->save_attempts, 0777);
    SolBuf p = {0};
    sol_buf_printf(&p, "%s/attempt%u.%s", o->save_attempts, attempt, what);
    FILE *f = fopen(p.data, "wb");
    if (f) {
        fputs(text, f);
        fclose(f);
    } else {
        tool_note("cannot write %s: %s", p.data, strerror(errno));
    }
    sol_buf_free(&p);
}

/* Writes data to path through a temporary file renamed over it: OUT is never half written. */
static bool write_output(const char *path, const SolBuf *data)
{
    if (strcmp(path, "-") == 0) {
        bool ok = fwrite(data->data, 1, data->len, stdout) == data->len && fflush(stdout) == 0;
        if (!ok)
            tool_error("cannot write the output: %s", strerror(errno));
        return ok;
    }
    SolBuf tmp = {0};
    sol_buf_printf(&tmp, "%s.tmpXXXXXX", path);
    int fd = mkstemp(tmp.data);
    bool ok = fd >= 0;
    if (ok) {
        mode_t mask = umask(0);
        umask(mask);
        fchmod(fd, 0666 & ~mask);
        size_t done = 0;
        while (ok && done < data->len) {
            ssize_t w = write(fd, data->data + done, data->len - done);
            if (w < 0 && errno == EINTR)
                continue;
            ok = w > 0;
            done += w > 0 ? (size_t)w : 0;
        }
        ok = close(fd) == 0 && ok;
        ok = ok && rename(tmp.data, path) == 0;
        if (!ok)
            unlink(tmp.data);
    }
    if (!ok)
        tool_error("cannot write '%s': %s", path, strerror(errno));
    sol_buf_free(&tmp);
    return ok;
}

/* ---- the translation --------------------------------------------------------------------- */

typedef struct Session {
    const Options *o;
    SolBuf source;
    char source_hash[65];
    SolSourceLang lang;
    SolLlmEndpoint ep;
    SolBuf endpoint_shown;
    SolCache cache;
    char *work_dir;
    Harness harness;
    bool have_harness;
    SolReference ref, ref_b; /* the validation sizes and, once needed, a second set */
    int ref_b_state;         /* 0 not tried, 1 loaded, -1 not available */
    SolBuf ref_b_sizes;
    Validator val;
    unsigned requests, cached;
} Session;

/* The reference: --reference DIR, or the harness at the validation sizes. Returns an exit
 * status: 0, EXIT_FAILED, or EXIT_USAGE for a --small name the program does not have. */
static int load_reference(Session *s)
{
    const Options *o = s->o;
    SolBuf err = {0};
    if (o->reference) {
        if (!sol_reference_load(o->reference, &s->ref, &err)) {
            tool_error("--reference: %s", err.data);
            sol_buf_free(&err);
            return EXIT_FAILED;
        }
        return 0;
    }
    if (!harness_find(&s->harness, s->lang, o->verbose, &err)) {
        tool_error("%s", err.data);
        sol_buf_free(&err);
        return EXIT_FAILED;
    }
    s->have_harness = true;
    SolBuf dir = {0};
    if (o->keep_reference)
        sol_buf_puts(&dir, o->keep_reference);
    else
        sol_buf_printf(&dir, "%s/reference", s->work_dir);
    HarnessStatus st =
        harness_run(&s->harness, o->input, dir.data, o->small, SCALE_TO, 0, o->verbose, &err);
    bool ok = st == HARNESS_OK && sol_reference_load(dir.data, &s->ref, &err);
    if (!ok)
        tool_error("the reference run of %s failed: %s", o->input, err.data);
    sol_buf_free(&err), sol_buf_free(&dir);
    return ok ? 0 : st == HARNESS_USAGE ? EXIT_USAGE : EXIT_FAILED;
}

/* The second set of sizes, made the first time a candidate passes; false when there is none
 * (given sizes, a reference directory, nothing to scale, or the program fails there). */
static bool second_reference(Session *s)
{
    if (s->ref_b_state)
        return s->ref_b_state > 0;
    s->ref_b_state = -1;
    if (!s->have_harness || s->o->small || same_sizes(&s->ref.sizes, &s->ref.original))
        return false;
    SolBuf dir = {0}, err = {0};
    sol_buf_printf(&dir, "%s/reference-b", s->work_dir);
    HarnessStatus st =
        harness_run(&s->harness, s->o->input, dir.data, NULL, SCALE_TO, 1, s->o->verbose, &err);
    if (st == HARNESS_OK && sol_reference_load(dir.data, &s->ref_b, &err)) {
        if (!same_sizes(&s->ref_b.sizes, &s->ref.sizes)) {
            s->ref_b_state = 1;
            sizes_text(&s->ref_b_sizes, &s->ref_b.sizes);
        } else {
            sol_reference_free(&s->ref_b);
        }
    } else if (s->o->verbose) {
        tool_note("no second validation (the program fails at the second sizes: %s)", err.data);
    }
    sol_buf_free(&dir), sol_buf_free(&err);
    return s->ref_b_state > 0;
}

/* One reply: from the cache or the endpoint. False (reported) when the endpoint fails. */
static bool ask(Session *s, const SolChat *chat, SolBuf *content, bool *from_cache,
                char **finish_reason)
{
    const Options *o = s->o;
    char *body = sol_chat_request_new(chat, o->model, o->temperature);
    char key[65];
    sol_cache_key(body, key);
    *from_cache = sol_cache_get(&s->cache, key, content, finish_reason);
    bool ok = true;
    if (*from_cache) {
        s->cached++;
        if (o->verbose)
            tool_note("reply %.12s... from the cache", key);
    } else {
        SolBuf reply = {0}, err = {0};
        SolLlmStats stats;
        if (o->verbose)
            tool_note("POST %s/chat/completions (%zu bytes, %zu messages)", s->endpoint_shown.data,
                      strlen(body), chat->len);
        s->requests++;
        ok = sol_llm_post(&s->ep, body, &reply, &stats, &err);
        SolChatReply r = {0};
        if (ok && !sol_chat_reply_parse(reply.data, reply.len, &r, &err)) {
            ok = false;
            sol_llm_redact(&err, s->ep.api_key);
        }
        if (!ok) {
            tool_error("%s", err.data);
        } else {
            SolBuf c = {0};
            sol_buf_puts(&c, r.content);
            sol_llm_redact(&c, s->ep.api_key); /* a server that echoes the key gets no further */
            sol_buf_append(content, c.data ? c.data : "", c.len);
            sol_buf_free(&c);
            *finish_reason = r.finish_reason ? sol_xstrdup(r.finish_reason) : NULL;
            if (o->verbose)
                tool_note("reply: %zu bytes in %.1f s (%d tr%s), finish_reason %s", content->len,
                          stats.seconds, stats.tries, stats.tries == 1 ? "y" : "ies",
                          r.finish_reason ? r.finish_reason : "(none)");
            SolBuf cerr = {0};
            if (!sol_cache_put(&s->cache, key, o->model, content->data ? content->data : "",
                               r.finish_reason, &cerr))
                tool_note("warning: %s", cerr.data);
            sol_buf_free(&cerr);
        }
        sol_chat_reply_free(&r);
        sol_buf_free(&reply), sol_buf_free(&err);
    }
    free(body);
    return ok;
}

/* The provenance header and the IR. */
static void build_output(Session *s, SolBuf *out, SolSpan code, unsigned attempt, const Verdict *a,
                         const Verdict *b)
{
    const Options *o = s->o;
    const SolReference *r = &s->ref;
    sol_buf_printf(out, "// Translated by solar-translate %s from %s (sha256 %s)\n", VERSION,
                   base_name(o->input), s->source_hash);
    sol_buf_printf(out, "// model: %s at %s\n", o->model, s->endpoint_shown.data);
    sol_buf_printf(out, "// attempts: %u of at most %u (%u request%s, %u repl%s from the cache)\n",
                   attempt, o->max_attempts, s->requests, s->requests == 1 ? "" : "s", s->cached,
                   s->cached == 1 ? "y" : "ies");
    SolBuf sz = {0};
    sizes_text(&sz, &r->sizes);
    const char *against = o->reference              ? "the reference files"
                          : s->lang == SOL_LANG_JAX ? "the JAX program"
                                                    : "the PyTorch program";
    sol_buf_printf(out, "// validated by solar-run --precision=wide against %s at %s", against,
                   sz.len ? sz.data : "its own sizes");
    if (b)
        sol_buf_printf(out, " and at %s", s->ref_b_sizes.data);
    sol_buf_puts(out, "\n");
    double max_abs = a->max_abs, max_rel = a->max_rel;
    if (b) {
        max_abs = max_abs > b->max_abs ? max_abs : b->max_abs;
        max_rel = max_rel > b->max_rel ? max_rel : b->max_rel;
    }
    sol_buf_printf(out, "// max abs err %.3g, max rel err %.3g\n", max_abs, max_rel);
    /* The corpus's size lines, so check-example.py and --bind work on the result. */
    sol_buf_printf(out, "// sizes.small: %s\n", sz.data ? sz.data : "");
    sol_buf_puts(out, "// sizes.real: ");
    for (size_t i = 0; i < r->sizes.len; i++)
        sol_buf_printf(out, "%s%s=%lld", i ? ", " : "", r->sizes.data[i].name,
                       (long long)sol_reference_original(r, r->sizes.data[i].name));
    sol_buf_puts(out, "\n\n");
    /* The IR as the model wrote it, less its own size lines (the ones above replace them). */
    for (const char *p = code.ptr, *end = code.ptr + code.len; p < end;) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = nl ? (size_t)(nl - p) + 1 : (size_t)(end - p);
        const char *q = p;
        while (q < p + n && (*q == ' ' || *q == '\t'))
            q++;
        size_t rest = (size_t)(p + n - q);
        bool size_line = (rest >= 15 && memcmp(q, "// sizes.small:", 15) == 0) ||
                         (rest >= 14 && memcmp(q, "// sizes.real:", 14) == 0);
        if (!size_line)
            sol_buf_append(out, p, n);
        p += n;
    }
    if (code.len && code.ptr[code.len - 1] != '\n')
        sol_buf_putc(out, '\n');
    sol_buf_free(&sz);
}

/* The attempt loop; returns the exit status. */
static int translate(Session *s)
{
    const Options *o = s->o;
    SolChat chat = {0};
    SolBuf msg = {0};
    sol_prompt_system(&msg);
    sol_chat_add(&chat, SOL_CHAT_SYSTEM, msg.data, msg.len);
    msg.len = 0;
    SolPromptTask task = {base_name(o->input), s->source.data, s->source.len, s->lang, &s->ref};
    sol_prompt_task(&msg, &task);
    sol_chat_add(&chat, SOL_CHAT_USER, msg.data, msg.len);
    sol_buf_free(&msg);

    int rc = EXIT_FAILED;
    bool passed = false;
    SolBuf last_what = {0}, last_details = {0};
    for (unsigned attempt = 1; attempt <= o->max_attempts; attempt++) {
        SolBuf content = {0};
        bool cached;
        char *finish = NULL;
        if (!ask(s, &chat, &content, &cached, &finish)) {
            sol_buf_free(&content);
            goto done; /* the endpoint failed: reported, nothing written */
        }
        if (!content.data)
            sol_buf_append(&content, "", 0);
        save_text(o, attempt, "reply.md", content.data);
        /* The conversation keeps a bounded copy of what the model said. */
        size_t keep = content.len < MAX_KEPT_REPLY ? content.len : MAX_KEPT_REPLY;
        SolBuf kept = {0};
        sol_buf_append(&kept, content.data, keep);
        if (keep < content.len)
            sol_buf_printf(&kept, "\n[... %zu more bytes of this reply omitted]\n",
                           content.len - keep);
        sol_chat_add(&chat, SOL_CHAT_ASSISTANT, kept.data, kept.len);
        sol_buf_free(&kept);

        Verdict v = {0}, vb = {0};
        bool have_b = false;
        SolExtract ex = sol_extract_ir(content.data, content.len);
        bool cut = finish && strcmp(finish, "length") == 0;
        if (ex.status == SOL_EXTRACT_UNCLOSED || (ex.status == SOL_EXTRACT_NO_BLOCK && cut)) {
            sol_buf_puts(&v.what, "the reply was cut off before its ```mlir block ended");
            sol_buf_puts(&v.details, "The reply hit the length limit. Answer with only the "
                                     "code block, without explanations, and keep the IR "
                                     "compact.\n");
        } else if (ex.status == SOL_EXTRACT_NO_BLOCK) {
            sol_buf_printf(&v.what, "the reply has no ```mlir code block%s",
                           ex.num_blocks ? " (only blocks in other languages)" : "");
            sol_buf_puts(&v.details, "Put the complete module in one fenced code block that "
                                     "starts with ```mlir and ends with ```.\n");
        } else if (ex.code.len > MAX_IR_BYTES) {
            sol_buf_printf(&v.what, "the IR is %zu bytes long, more than the %d allowed",
                           ex.code.len, MAX_IR_BYTES);
        } else {
            char label[32];
            snprintf(label, sizeof label, "attempt%u", attempt);
            validate_ir(&s->val, ex.code.ptr, ex.code.len, &s->ref, label, &v);
            if (v.ok && second_reference(s)) {
                snprintf(label, sizeof label, "attempt%u-b", attempt);
                validate_ir(&s->val, ex.code.ptr, ex.code.len, &s->ref_b, label, &vb);
                have_b = true;
                if (!vb.ok) {
                    SolBuf sa = {0};
                    sizes_text(&sa, &s->ref.sizes);
                    v.ok = false;
                    v.what.len = 0;
                    sol_buf_printf(&v.what, "correct at %s but not at %s: %s", sa.data,
                                   s->ref_b_sizes.data, vb.what.data);
                    v.details.len = 0;
                    sol_buf_printf(&v.details, "The IR must work at any sizes; does it write a "
                                               "size into the IR instead of using the index "
                                               "arguments?\n\n");
                    sol_buf_append(&v.details, vb.details.data, vb.details.len);
                    sol_buf_free(&sa);
                }
            }
        }
        const char *tag = cached ? " [cached reply]" : "";
        if (v.ok) {
            passed = true;
            tool_note("attempt %u of %u: passed (max abs err %.3g, max rel err %.3g)%s", attempt,
                      o->max_attempts, have_b && vb.max_abs > v.max_abs ? vb.max_abs : v.max_abs,
                      have_b && vb.max_rel > v.max_rel ? vb.max_rel : v.max_rel, tag);
            if (o->verbose && v.details.len)
                fputs(v.details.data, stderr);
            SolBuf out = {0};
            build_output(s, &out, ex.code, attempt, &v, have_b ? &vb : NULL);
            rc = write_output(o->output, &out) ? 0 : EXIT_FAILED;
            if (rc == 0 && o->verbose)
                tool_note("wrote %s", o->output);
            sol_buf_free(&out);
        } else {
            tool_note("attempt %u of %u: %s%s", attempt, o->max_attempts, v.what.data, tag);
            if (o->verbose && v.details.len)
                fputs(v.details.data, stderr);
            last_what.len = last_details.len = 0;
            sol_buf_append(&last_what, v.what.data, v.what.len);
            sol_buf_append(&last_details, v.details.data ? v.details.data : "", v.details.len);
            if (attempt < o->max_attempts) {
                SolBuf follow = {0};
                sol_prompt_followup(&follow, attempt, o->max_attempts, v.what.data, v.details.data);
                save_text(o, attempt, "feedback.md", follow.data);
                sol_chat_add(&chat, SOL_CHAT_USER, follow.data, follow.len);
                sol_buf_free(&follow);
            }
        }
        free(finish);
        verdict_free(&v), verdict_free(&vb);
        sol_buf_free(&content);
        if (passed)
            break;
    }
    if (!passed && last_what.len) {
        tool_error("no translation of %s passed validation in %u attempt%s; the last one "
                   "failed: %s",
                   o->input, o->max_attempts, o->max_attempts == 1 ? "" : "s", last_what.data);
        if (last_details.len && !o->verbose)
            fputs(last_details.data, stderr);
    }
done:
    sol_buf_free(&last_what), sol_buf_free(&last_details);
    sol_chat_free(&chat);
    return rc;
}

static char *find_solar_run(const Options *o)
{
    if (o->solar_run)
        return sol_xstrdup(o->solar_run);
    char *dir = sol_process_exe_dir();
    if (dir) {
        SolBuf p = {0};
        sol_buf_printf(&p, "%s/solar-run", dir);
        free(dir);
        if (access(p.data, X_OK) == 0)
            return p.data;
        sol_buf_free(&p);
    }
    return sol_xstrdup("solar-run"); /* from PATH */
}

static int run_session(Options *o)
{
    const char *env_url = getenv("SOLAR_LLM_BASE_URL"), *env_model = getenv("SOLAR_LLM_MODEL");
    if (!o->base_url && env_url && *env_url)
        o->base_url = env_url;
    if (!o->model && env_model && *env_model)
        o->model = env_model;
    if (!o->input) {
        tool_error("no model file; usage: solar-translate MODEL.py -o OUT.mlir (see --help)");
        return EXIT_USAGE;
    }
    if (!o->output) {
        tool_error("no output file: give -o OUT.mlir");
        return EXIT_USAGE;
    }
    if (!o->base_url) {
        tool_error("no LLM endpoint: set SOLAR_LLM_BASE_URL or pass --base-url (for example "
                   "https://api.openai.com/v1, or http://127.0.0.1:11434/v1 for ollama)");
        return EXIT_USAGE;
    }
    if (!o->model) {
        tool_error("no model name: set SOLAR_LLM_MODEL or pass --model");
        return EXIT_USAGE;
    }
    if (o->reference && (o->small || o->keep_reference)) {
        tool_error("--reference gives the sizes and the reference files; it cannot be combined "
                   "with %s",
                   o->small ? "--small" : "--keep-reference");
        return EXIT_USAGE;
    }
    Session s = {0};
    s.o = o;
    SolBuf err = {0};
    if (!sol_llm_url_check(o->base_url, o->allow_insecure, &s.endpoint_shown, &err)) {
        tool_error("%s", err.data);
        sol_buf_free(&err), sol_buf_free(&s.endpoint_shown);
        return EXIT_USAGE;
    }
    if (!read_file(o->input, &s.source, MAX_SOURCE_BYTES)) {
        sol_buf_free(&s.source), sol_buf_free(&s.endpoint_shown);
        return EXIT_FAILED;
    }
    sol_sha256_hex(s.source.data, s.source.len, s.source_hash);
    unsigned jax_line;
    s.lang = sol_source_language(s.source.data, s.source.len, &jax_line);
    if (o->verbose)
        tool_note("%s is a %s program%s", o->input, sol_source_language_name(s.lang),
                  s.lang == SOL_LANG_JAX ? " (it imports JAX)" : "");
    const char *key = getenv("SOLAR_LLM_API_KEY");
    s.ep = (SolLlmEndpoint){o->base_url,     key,    o->timeout_s, o->connect_timeout_s, o->retries,
                            MAX_REPLY_BYTES, stderr, PROG};
    if (o->connect_timeout_s > o->timeout_s)
        s.ep.connect_timeout_s = o->timeout_s;
    if (!o->no_cache && !sol_cache_open(&s.cache, NULL, &err)) {
        tool_error("%s", err.data);
        sol_buf_free(&err), sol_buf_free(&s.source), sol_buf_free(&s.endpoint_shown);
        return EXIT_USAGE;
    }
    const char *tmp = getenv("TMPDIR");
    SolBuf work = {0};
    sol_buf_printf(&work, "%s/solar-translate-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    int rc = EXIT_FAILED;
    if (!mkdtemp(work.data)) {
        tool_error("cannot create a work directory %s: %s", work.data, strerror(errno));
        goto out;
    }
    s.work_dir = work.data;
    char *solar_run = find_solar_run(o);
    s.val = (Validator){solar_run, s.work_dir, o->run_timeout_s, o->rtol, o->atol, o->verbose};
    if (o->verbose)
        tool_note("endpoint %s, model %s, API key %s, cache %s", s.endpoint_shown.data, o->model,
                  key && *key ? "set" : "not set (no Authorization header)",
                  s.cache.dir ? s.cache.dir : "off");
    rc = load_reference(&s);
    if (rc == 0) {
        if (o->verbose) {
            SolBuf sz = {0};
            sizes_text(&sz, &s.ref.sizes);
            tool_note("validation sizes: %s", sz.len ? sz.data : "(none)");
            sol_buf_free(&sz);
        }
        rc = translate(&s);
    }
    free(solar_run);
    remove_tree(s.work_dir);
out:
    sol_reference_free(&s.ref);
    if (s.ref_b_state > 0)
        sol_reference_free(&s.ref_b);
    if (s.have_harness)
        harness_free(&s.harness);
    sol_cache_close(&s.cache);
    sol_buf_free(&work), sol_buf_free(&err), sol_buf_free(&s.source);
    sol_buf_free(&s.endpoint_shown), sol_buf_free(&s.ref_b_sizes);
    return rc;
}

static int run_driver(int argc, char **argv)
{
    Options o = {.max_attempts = 4,
                 .timeout_s = 300,
                 .connect_timeout_s = 10,
                 .temperature = -1,
                 .rtol = -1,
                 .atol = -1,
                 .run_timeout_s = 300,
                 .retries = 3};
    if (!sol_cli_parse(&cli, argc, argv, apply_flag, set_input, &o))
        return EXIT_USAGE;
    if (o.help) {
        print_help(stdout);
        return 0;
    }
    if (o.version) {
        printf("solar-translate (SOLAR-C) %s\n", VERSION);
        return 0;
    }
    sol_process_install_signal_handlers();
    if (!sol_llm_global_init()) {
        tool_error("cannot initialise libcurl");
        return EXIT_FAILED;
    }
    int rc = run_session(&o);
    sol_llm_global_cleanup();
    return rc;
}

int main(int argc, char **argv)
{
    /* Deeply nested IR from the model cannot overflow the parser's stack. */
    return sol_run_on_big_stack(run_driver, argc, argv);
}

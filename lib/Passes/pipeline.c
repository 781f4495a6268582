/*
 * The pipeline parser: `--pass-pipeline='verify,lift-einsum,fuse{max-bytes=48MiB x=1},sol-fused'`
 * becomes a SolPipeline, a list of pass instances with parsed option values.
 *
 *   pipeline -> passes | 'builtin.module' '(' passes ')'
 *   passes   -> (pass (',' pass)*)?
 *   pass     -> NAME ('{' (option (','|' ')*)* '}')?
 *   option   -> KEY ('=' VALUE)?          VALUE: 'quoted', "quoted" or text up to , } space
 *
 * The string is registered with the diagnostic engine as the source "<pipeline>", so every
 * error points at a column with a caret, like errors in .mlir files:
 *
 *   <pipeline>:1:8: error: unknown pass 'fusee'; did you mean 'fuse'?
 *   verify,fusee
 *          ^~~~~
 *
 * Unknown passes and options get the closest registered spelling (Support/spelling.h).
 * Options not given take their default_text, parsed by the same value parser.
 */
#include "Passes/pass.h"

#include "Support/spelling.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct Parser {
    SolContext *ctx;
    const SolIdent *file;           /* "<pipeline>" */
    const SolPass *const *registry; /* where pass names are looked up */
    const char *text;
    size_t pos, len;
} Parser;

/* ---- option values ----------------------------------------------------------------------- */

const char *sol_pass_opt_kind_name(SolPassOptKind kind)
{
    static const char *const names[] = {"int", "bytes", "string", "bool", "float"};
    return names[kind];
}

/* Decimal digits into *out; false on overflow or when there are none. */
static bool parse_digits(const char *s, size_t len, size_t *pos, int64_t *out)
{
    size_t start = *pos;
    int64_t v = 0;
    while (*pos < len && isdigit((unsigned char)s[*pos])) {
        if (__builtin_mul_overflow(v, 10, &v) || __builtin_add_overflow(v, s[*pos] - '0', &v))
            return false;
        (*pos)++;
    }
    *out = v;
    return *pos > start;
}

static bool parse_int(const char *s, size_t len, int64_t *out)
{
    size_t pos = 0;
    bool neg = len > 0 && (s[0] == '-' || s[0] == '+');
    if (neg)
        neg = s[0] == '-', pos = 1;
    int64_t v;
    if (!parse_digits(s, len, &pos, &v) || pos != len)
        return false;
    *out = neg ? -v : v;
    return true;
}

static bool suffix_is(const char *s, size_t len, const char *want)
{
    if (strlen(want) != len)
        return false;
    for (size_t i = 0; i < len; i++)
        if (tolower((unsigned char)s[i]) != want[i])
            return false;
    return true;
}

/* The multiplier of a byte suffix: KiB = 1024, KB = 1000, bare K = 1024; 0 when unknown. */
static int64_t byte_multiplier(const char *s, size_t len)
{
    static const struct {
        const char *binary, *iec, *si;
    } units[] = {{"k", "kib", "kb"}, {"m", "mib", "mb"}, {"g", "gib", "gb"}, {"t", "tib", "tb"}};
    if (len == 0 || suffix_is(s, len, "b"))
        return 1;
    int64_t bin = 1, dec = 1;
    for (size_t i = 0; i < sizeof units / sizeof units[0]; i++) {
        bin *= 1024, dec *= 1000;
        if (suffix_is(s, len, units[i].binary) || suffix_is(s, len, units[i].iec))
            return bin;
        if (suffix_is(s, len, units[i].si))
            return dec;
    }
    return 0;
}

/* `48MiB`, `1.5GiB`, `4096`: integer part, optional fraction, optional suffix. */
static bool parse_bytes(const char *s, size_t len, int64_t *out)
{
    size_t pos = 0;
    int64_t whole, frac = 0, frac_scale = 1;
    if (!parse_digits(s, len, &pos, &whole))
        return false;
    if (pos < len && s[pos] == '.') {
        pos++;
        size_t start = pos;
        while (pos < len && isdigit((unsigned char)s[pos])) {
            if (frac_scale > INT64_MAX / 100)
                return false;
            frac = frac * 10 + (s[pos] - '0'), frac_scale *= 10, pos++;
        }
        if (pos == start)
            return false;
    }
    int64_t mult = byte_multiplier(s + pos, len - pos);
    int64_t bytes;
    if (mult == 0 || __builtin_mul_overflow(whole, mult, &bytes))
        return false;
    /* The fraction adds frac * mult / frac_scale, rounded down. */
    double extra = (double)frac * (double)mult / (double)frac_scale;
    if (extra >= 9.2e18 || __builtin_add_overflow(bytes, (int64_t)extra, &bytes))
        return false;
    *out = bytes;
    return true;
}

static bool parse_float(const char *s, size_t len, double *out)
{
    if (len == 0 || len > 64 || isspace((unsigned char)s[0]))
        return false;
    char buf[65];
    memcpy(buf, s, len);
    buf[len] = '\0';
    char *end;
    errno = 0;
    double v = strtod(buf, &end);
    if (*end != '\0' || errno == ERANGE || !isfinite(v))
        return false;
    *out = v;
    return true;
}

static bool parse_bool(const char *s, size_t len, bool *out)
{
    if ((len == 4 && memcmp(s, "true", 4) == 0) || (len == 1 && s[0] == '1'))
        return *out = true, true;
    if ((len == 5 && memcmp(s, "false", 5) == 0) || (len == 1 && s[0] == '0'))
        return *out = false, true;
    return false;
}

bool sol_pass_opt_parse(SolPassOptKind kind, const char *text, size_t len, SolPassOptValue *out,
                        SolBuf *err)
{
    switch (kind) {
    case SOL_OPT_INT:
        if (parse_int(text, len, &out->i))
            return true;
        sol_buf_puts(err, "expected an integer");
        return false;
    case SOL_OPT_BYTES:
        if (parse_bytes(text, len, &out->i))
            return true;
        sol_buf_puts(err, "expected a byte size (like 4096, 512KiB or 48MiB)");
        return false;
    case SOL_OPT_FLOAT:
        if (parse_float(text, len, &out->f))
            return true;
        sol_buf_puts(err, "expected a number");
        return false;
    case SOL_OPT_BOOL:
        if (parse_bool(text, len, &out->b))
            return true;
        sol_buf_puts(err, "expected true or false");
        return false;
    case SOL_OPT_STRING:
        out->s = text;
        return true;
    }
    return false;
}

/* ---- instances --------------------------------------------------------------------------- */

static size_t option_count(const SolPass *pass)
{
    size_t n = 0;
    while (pass->options && pass->options[n].name)
        n++;
    return n;
}

static void instance_free(SolPassInstance *inst)
{
    size_t n = option_count(inst->pass);
    for (size_t i = 0; inst->values && i < n; i++)
        if (inst->pass->options[i].kind == SOL_OPT_STRING)
            free((char *)inst->values[i].s);
    free(inst->values);
    inst->values = NULL;
}

/* Stores a parsed value, copying strings to the heap. */
static void instance_set(SolPassInstance *inst, size_t i, SolPassOptValue v, size_t len)
{
    if (inst->pass->options[i].kind == SOL_OPT_STRING) {
        free((char *)inst->values[i].s);
        v.s = sol_xstrndup(v.s, len);
    }
    inst->values[i] = v;
}

/* A fresh instance holding every option's default. */
static bool instance_init(SolContext *ctx, SolPassInstance *inst, const SolPass *pass)
{
    size_t n = option_count(pass);
    inst->pass = pass;
    inst->values = n ? sol_xcalloc(n, sizeof *inst->values) : NULL;
    for (size_t i = 0; i < n; i++) {
        const SolPassOption *o = &pass->options[i];
        const char *def = o->default_text ? o->default_text : "";
        SolPassOptValue v = {0};
        SolBuf err = {0};
        if (!sol_pass_opt_parse(o->kind, def, strlen(def), &v, &err)) {
            SolLoc none = {0};
            sol_emit_error(ctx, none, "pass '%s': bad default for option '%s': %s, got '%s'",
                           pass->name, o->name, err.data, def);
            sol_buf_free(&err);
            instance_free(inst);
            return false;
        }
        instance_set(inst, i, v, strlen(def));
    }
    return true;
}

bool sol_pipeline_append(SolContext *ctx, SolPipeline *p, const SolPass *pass)
{
    SolPassInstance inst;
    if (!instance_init(ctx, &inst, pass))
        return false;
    sol_vec_push(p, inst);
    return true;
}

void sol_pipeline_free(SolPipeline *p)
{
    for (size_t i = 0; i < p->len; i++)
        instance_free(&p->data[i]);
    sol_vec_free(p);
}

/* ---- the parser -------------------------------------------------------------------------- */

static SolLoc loc_at(const Parser *ps, size_t pos, size_t len)
{
    SolLoc loc = {ps->file, 1, 1, len ? (uint32_t)len : 1};
    for (size_t i = 0; i < pos && i < ps->len; i++) {
        if (ps->text[i] == '\n')
            loc.line++, loc.col = 1;
        else
            loc.col++;
    }
    return loc;
}

static void skip_space(Parser *ps)
{
    while (ps->pos < ps->len && isspace((unsigned char)ps->text[ps->pos]))
        ps->pos++;
}

static bool at(const Parser *ps, char c) { return ps->pos < ps->len && ps->text[ps->pos] == c; }

static bool is_name_char(char c) { return isalnum((unsigned char)c) || strchr("_-.$", c); }

/* NAME: pass and option names. Returns its length (0 when there is none). */
static size_t scan_name(Parser *ps)
{
    size_t start = ps->pos;
    while (ps->pos < ps->len && ps->text[ps->pos] && is_name_char(ps->text[ps->pos]))
        ps->pos++;
    return ps->pos - start;
}

/* Describes the character at pos for "expected X, got Y" messages. */
static void describe_here(const Parser *ps, char *buf, size_t size)
{
    if (ps->pos >= ps->len)
        snprintf(buf, size, "end of pipeline");
    else
        snprintf(buf, size, "'%c'", ps->text[ps->pos]);
}

static void error_expected(Parser *ps, const char *what)
{
    char got[32];
    describe_here(ps, got, sizeof got);
    sol_emit_error(ps->ctx, loc_at(ps, ps->pos, 1), "expected %s, got %s", what, got);
}

static const SolPass *lookup_pass(const Parser *ps, const char *name, size_t len)
{
    for (const SolPass *const *p = ps->registry; *p; p++)
        if (strlen((*p)->name) == len && memcmp((*p)->name, name, len) == 0)
            return *p;
    return NULL;
}

static const char *closest_pass(const Parser *ps, const char *name, size_t len)
{
    const SolPass *const *reg = ps->registry;
    size_t n = 0;
    while (reg[n])
        n++;
    const char **names = sol_xcalloc(n, sizeof *names);
    for (size_t i = 0; i < n; i++)
        names[i] = reg[i]->name;
    const char *best = sol_closest_spelling(name, len, names, n);
    free(names);
    return best;
}

static const char *closest_option(const SolPass *pass, const char *name, size_t len)
{
    size_t n = option_count(pass);
    if (n == 0)
        return NULL;
    const char **names = sol_xcalloc(n, sizeof *names);
    for (size_t i = 0; i < n; i++)
        names[i] = pass->options[i].name;
    const char *best = sol_closest_spelling(name, len, names, n);
    free(names);
    return best;
}

static void error_unknown_pass(Parser *ps, size_t start, size_t len)
{
    const char *best = closest_pass(ps, ps->text + start, len);
    SolLoc loc = loc_at(ps, start, len);
    if (best)
        sol_emit_error(ps->ctx, loc, "unknown pass '%.*s'; did you mean '%s'?", (int)len,
                       ps->text + start, best);
    else
        sol_emit_error(ps->ctx, loc, "unknown pass '%.*s'; solar-opt --help lists the passes",
                       (int)len, ps->text + start);
}

static void error_unknown_option(Parser *ps, const SolPass *pass, size_t start, size_t len)
{
    const char *best = closest_option(pass, ps->text + start, len);
    SolLoc loc = loc_at(ps, start, len);
    if (best)
        sol_emit_error(ps->ctx, loc, "pass '%s' has no option '%.*s'; did you mean '%s'?",
                       pass->name, (int)len, ps->text + start, best);
    else if (option_count(pass) == 0)
        sol_emit_error(ps->ctx, loc, "pass '%s' has no option '%.*s'; it takes no options",
                       pass->name, (int)len, ps->text + start);
    else
        sol_emit_error(ps->ctx, loc, "pass '%s' has no option '%.*s'", pass->name, (int)len,
                       ps->text + start);
}

static int find_option(const SolPass *pass, const char *name, size_t len)
{
    size_t n = option_count(pass);
    for (size_t i = 0; i < n; i++)
        if (strlen(pass->options[i].name) == len && memcmp(pass->options[i].name, name, len) == 0)
            return (int)i;
    return -1;
}

/* VALUE -> 'text' | "text" | text up to ',', '}' or space. Sets [*start, *start+*len). */
static bool scan_value(Parser *ps, size_t *start, size_t *len)
{
    if (at(ps, '\'') || at(ps, '"')) {
        char quote = ps->text[ps->pos];
        size_t open = ps->pos++;
        *start = ps->pos;
        while (ps->pos < ps->len && ps->text[ps->pos] != quote)
            ps->pos++;
        if (ps->pos >= ps->len) {
            sol_emit_error(ps->ctx, loc_at(ps, open, 1), "unterminated %c in pass option value",
                           quote);
            return false;
        }
        *len = ps->pos++ - *start;
        return true;
    }
    *start = ps->pos;
    while (ps->pos < ps->len && !strchr(",} \t\n\r{", ps->text[ps->pos]))
        ps->pos++;
    *len = ps->pos - *start;
    return true;
}

/* option -> KEY ('=' VALUE)? */
static bool parse_option(Parser *ps, SolPassInstance *inst, bool *given)
{
    size_t key = ps->pos;
    size_t key_len = scan_name(ps);
    if (key_len == 0) {
        error_expected(ps, "an option name");
        return false;
    }
    int idx = find_option(inst->pass, ps->text + key, key_len);
    if (idx < 0) {
        error_unknown_option(ps, inst->pass, key, key_len);
        return false;
    }
    const SolPassOption *o = &inst->pass->options[idx];
    if (given[idx]) {
        sol_emit_error(ps->ctx, loc_at(ps, key, key_len), "option '%s' of pass '%s' given twice",
                       o->name, inst->pass->name);
        return false;
    }
    given[idx] = true;
    skip_space(ps);
    if (!at(ps, '=')) {
        if (o->kind == SOL_OPT_BOOL) { /* `{flag}` means flag=true */
            instance_set(inst, (size_t)idx, (SolPassOptValue){.b = true}, 0);
            return true;
        }
        sol_emit_error(ps->ctx, loc_at(ps, key, key_len),
                       "option '%s' of pass '%s' needs a value: %s=<%s>", o->name, inst->pass->name,
                       o->name, sol_pass_opt_kind_name(o->kind));
        return false;
    }
    ps->pos++;
    skip_space(ps);
    size_t vstart, vlen;
    if (!scan_value(ps, &vstart, &vlen))
        return false;
    SolPassOptValue v = {0};
    SolBuf err = {0};
    if (!sol_pass_opt_parse(o->kind, ps->text + vstart, vlen, &v, &err)) {
        sol_emit_error(ps->ctx, loc_at(ps, vstart, vlen), "%s for option '%s', got '%.*s'",
                       err.data, o->name, (int)vlen, ps->text + vstart);
        sol_buf_free(&err);
        return false;
    }
    instance_set(inst, (size_t)idx, v, vlen);
    return true;
}

/* '{' (option (','|' ')*)* '}' */
static bool parse_options(Parser *ps, SolPassInstance *inst)
{
    size_t open = ps->pos++;
    size_t n = option_count(inst->pass);
    bool *given = sol_xcalloc(n ? n : 1, sizeof *given);
    bool ok = true;
    for (;;) {
        while (ps->pos < ps->len && (isspace((unsigned char)ps->text[ps->pos]) || at(ps, ',')))
            ps->pos++;
        if (ps->pos >= ps->len) {
            sol_emit_error(ps->ctx, loc_at(ps, open, 1),
                           "unbalanced '{': the options of pass '%s' are not closed with '}'",
                           inst->pass->name);
            ok = false;
            break;
        }
        if (at(ps, '}')) {
            ps->pos++;
            break;
        }
        if (!parse_option(ps, inst, given)) {
            ok = false;
            break;
        }
    }
    free(given);
    return ok;
}

/* pass -> NAME ('{' ... '}')? */
static bool parse_pass(Parser *ps, SolPipeline *out)
{
    size_t start = ps->pos;
    size_t len = scan_name(ps);
    if (len == 0) {
        if (at(ps, '}'))
            sol_emit_error(ps->ctx, loc_at(ps, ps->pos, 1), "unbalanced '}': no '{' opens it");
        else if (at(ps, '{'))
            sol_emit_error(ps->ctx, loc_at(ps, ps->pos, 1), "expected a pass name before '{'");
        else
            error_expected(ps, "a pass name");
        return false;
    }
    const SolPass *pass = lookup_pass(ps, ps->text + start, len);
    if (!pass) {
        skip_space(ps);
        if (at(ps, '('))
            sol_emit_error(ps->ctx, loc_at(ps, start, len),
                           "nested pipeline '%.*s(...)' is not supported; list the passes "
                           "directly",
                           (int)len, ps->text + start);
        else
            error_unknown_pass(ps, start, len);
        return false;
    }
    SolPassInstance inst;
    if (!instance_init(ps->ctx, &inst, pass))
        return false;
    skip_space(ps);
    if (at(ps, '{') && !parse_options(ps, &inst)) {
        instance_free(&inst);
        return false;
    }
    sol_vec_push(out, inst);
    return true;
}

/* passes -> (pass (',' pass)*)?, ending at `end` ('\0' for the end of the text). */
static bool parse_passes(Parser *ps, SolPipeline *out, char end)
{
    skip_space(ps);
    if (end ? at(ps, end) : ps->pos >= ps->len)
        return true;
    for (;;) {
        skip_space(ps);
        if (!parse_pass(ps, out))
            return false;
        skip_space(ps);
        if (at(ps, ',')) {
            ps->pos++;
            continue;
        }
        if (end ? at(ps, end) : ps->pos >= ps->len)
            return true;
        if (at(ps, '}'))
            sol_emit_error(ps->ctx, loc_at(ps, ps->pos, 1), "unbalanced '}': no '{' opens it");
        else
            error_expected(ps, end ? "',' or ')'" : "',' between passes");
        return false;
    }
}

/* pipeline -> passes | 'builtin.module' '(' passes ')' */
static bool parse_pipeline(Parser *ps, SolPipeline *out)
{
    static const char wrapper[] = "builtin.module";
    skip_space(ps);
    size_t n = strlen(wrapper);
    if (ps->len - ps->pos >= n && memcmp(ps->text + ps->pos, wrapper, n) == 0) {
        size_t start = ps->pos;
        ps->pos += n;
        skip_space(ps);
        if (!at(ps, '(')) {
            ps->pos = start; /* not the wrapper: report it as a pass */
            return parse_passes(ps, out, '\0');
        }
        size_t open = ps->pos++;
        if (!parse_passes(ps, out, ')'))
            return false;
        if (!at(ps, ')')) {
            sol_emit_error(ps->ctx, loc_at(ps, open, 1), "unbalanced '(': expected ')'");
            return false;
        }
        ps->pos++;
        skip_space(ps);
        if (ps->pos < ps->len) {
            error_expected(ps, "end of pipeline after ')'");
            return false;
        }
        return true;
    }
    return parse_passes(ps, out, '\0');
}

bool sol_pipeline_parse(SolContext *ctx, SolPipeline *p, const char *text)
{
    return sol_pipeline_parse_in(ctx, p, text, sol_pass_registry());
}

bool sol_pipeline_parse_in(SolContext *ctx, SolPipeline *p, const char *text,
                           const SolPass *const *registry)
{
    SolDiagEngine *diag = sol_context_diag(ctx);
    SolSource src = {.name = sol_ident_cstr(ctx, "<pipeline>"), .data = text, .len = strlen(text)};
    Parser ps = {ctx, src.name, registry, text, 0, src.len};
    SolPipeline parsed = {0};
    sol_diag_add_source(diag, &src);
    bool ok = parse_pipeline(&ps, &parsed);
    sol_diag_remove_source(diag, &src);
    if (!ok) {
        sol_pipeline_free(&parsed);
        return false;
    }
    for (size_t i = 0; i < parsed.len; i++)
        sol_vec_push(p, parsed.data[i]);
    sol_vec_free(&parsed);
    return true;
}

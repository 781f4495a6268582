/*
 * The --verify-diagnostics matcher (see verify_diags.h). Scanning reads `expected-*` comments
 * line by line and resolves their target line; the engine handler matches each diagnostic
 * against the unused expectations of its line. Reports (unexpected diagnostics, expectations
 * never produced, malformed expectations) go back through the engine with the handler
 * switched off, so they get the usual `file:line:col: error:` header and caret.
 */
#include "Support/verify_diags.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Emits an error through the engine, bypassing the verifier's own handler. */
static void report(SolDiagVerifier *v, SolLoc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void report(SolDiagVerifier *v, SolLoc loc, const char *fmt, ...)
{
    SolDiagEngine *e = v->engine;
    SolDiagHandler h = e->handler;
    e->handler = NULL;
    va_list ap;
    va_start(ap, fmt);
    sol_diag_emitv(e, SOL_SEV_ERROR, loc, fmt, ap);
    va_end(ap);
    e->handler = h;
}

/* ---- matching -------------------------------------------------------------------------- */

static bool matches(const SolExpectation *x, const SolDiag *d)
{
    return !x->matched && x->severity == d->severity && x->where.file == d->loc.file &&
           x->line == d->loc.line && strstr(d->message, x->text) != NULL;
}

static bool handle_diag(void *user, const SolDiag *d)
{
    SolDiagVerifier *v = user;
    for (size_t i = 0; i < v->expected.len; i++)
        if (matches(&v->expected.data[i], d)) {
            v->expected.data[i].matched = true;
            return true;
        }
    v->num_unexpected++;
    report(v, d->loc, "unexpected %s: %s", sol_severity_name(d->severity), d->message);
    /* The engine already counted the original error; the report must not count twice. */
    if (d->severity == SOL_SEV_ERROR && v->engine->num_errors > 0)
        v->engine->num_errors--;
    return true;
}

void sol_diag_verifier_init(SolDiagVerifier *v, SolDiagEngine *e)
{
    memset(v, 0, sizeof *v);
    v->engine = e;
    v->saved_handler = e->handler;
    v->saved_user = e->handler_user;
    e->handler = handle_diag;
    e->handler_user = v;
}

static void forget_expectations(SolDiagVerifier *v)
{
    for (size_t i = 0; i < v->expected.len; i++)
        free(v->expected.data[i].text);
    v->expected.len = 0;
}

void sol_diag_verifier_release(SolDiagVerifier *v)
{
    forget_expectations(v);
    sol_vec_free(&v->expected);
    v->engine->handler = v->saved_handler;
    v->engine->handler_user = v->saved_user;
}

bool sol_diag_verifier_finish(SolDiagVerifier *v)
{
    bool ok = v->num_unexpected == 0 && v->num_malformed == 0;
    for (size_t i = 0; i < v->expected.len; i++) {
        const SolExpectation *x = &v->expected.data[i];
        if (x->matched)
            continue;
        ok = false;
        report(v, x->where, "expected %s \"%s\" was not produced", sol_severity_name(x->severity),
               x->text);
    }
    forget_expectations(v);
    v->num_unexpected = 0;
    v->num_malformed = 0;
    return ok;
}

/* ---- scanning -------------------------------------------------------------------------- */

typedef struct Scan {
    SolDiagVerifier *v;
    const SolIdent *file;
    uint32_t line;            /* current absolute line */
    uint32_t last_plain_line; /* last line without an expectation, 0 = none yet */
    SolVecOf(size_t) below;   /* indices of @below expectations waiting for a line */
} Scan;

typedef struct Cursor {
    const char *p, *end; /* the rest of the line */
} Cursor;

static bool eat(Cursor *c, const char *word)
{
    size_t n = strlen(word);
    if ((size_t)(c->end - c->p) < n || memcmp(c->p, word, n) != 0)
        return false;
    c->p += n;
    return true;
}

static void skip_blanks(Cursor *c)
{
    while (c->p < c->end && (*c->p == ' ' || *c->p == '\t'))
        c->p++;
}

static const char *find_in(const char *p, const char *end, const char *word)
{
    size_t n = strlen(word);
    for (; (size_t)(end - p) >= n; p++)
        if (memcmp(p, word, n) == 0)
            return p;
    return NULL;
}

/* severity -> 'error' | 'warning' | 'note' | 'remark', not followed by a name character. */
static bool eat_severity(Cursor *c, SolSeverity *sev)
{
    static const char *const words[] = {"error", "warning", "note", "remark"};
    static const SolSeverity sevs[] = {SOL_SEV_ERROR, SOL_SEV_WARNING, SOL_SEV_NOTE,
                                       SOL_SEV_REMARK};
    for (size_t i = 0; i < 4; i++) {
        Cursor save = *c;
        if (eat(c, words[i]) &&
            !(c->p < c->end && (isalnum((unsigned char)*c->p) || *c->p == '_'))) {
            *sev = sevs[i];
            return true;
        }
        *c = save;
    }
    return false;
}

static SolLoc loc_of(const Scan *s, const char *line_start, const char *p, size_t len)
{
    SolLoc loc = {s->file, s->line, (uint32_t)(p - line_start) + 1, (uint32_t)len};
    return loc;
}

static void malformed(Scan *s, SolLoc loc, const char *why)
{
    s->v->num_malformed++;
    report(s->v, loc, "malformed expectation: %s", why);
}

/* offset -> ('@' ('+'|'-') N | '@above' | '@below')?; sets *line or *below. */
static bool read_offset(Scan *s, Cursor *c, uint32_t *line, bool *below, const char **why)
{
    *line = s->line, *below = false;
    if (!eat(c, "@"))
        return true;
    if (eat(c, "above")) {
        *line = s->last_plain_line;
        *why = "'@above' needs a line without an expectation above it";
        return *line != 0;
    }
    if (eat(c, "below")) {
        *below = true;
        return true;
    }
    int sign = eat(c, "+") ? 1 : eat(c, "-") ? -1 : 0;
    *why = "expected '@+N', '@-N', '@above' or '@below'";
    if (sign == 0 || c->p >= c->end || !isdigit((unsigned char)*c->p))
        return false;
    int64_t n = 0;
    while (c->p < c->end && isdigit((unsigned char)*c->p) && n < 1000000000)
        n = n * 10 + (*c->p++ - '0');
    int64_t target = (int64_t)s->line + sign * n;
    *why = "the offset points outside the file";
    if (target < 1 || target > UINT32_MAX)
        return false;
    *line = (uint32_t)target;
    return true;
}

/* Reads one expectation starting at `expected-`; returns where scanning continues. */
static const char *read_expectation(Scan *s, const char *line_start, const char *at,
                                    const char *end, bool *found)
{
    Cursor c = {at + strlen("expected-"), end};
    SolSeverity sev;
    *found = false;
    if (!eat_severity(&c, &sev))
        return c.p; /* `expected-foo` in prose: not an expectation */
    *found = true;
    SolLoc where = loc_of(s, line_start, at, (size_t)(c.p - at));
    if (c.p < c.end && *c.p == '-') {
        malformed(s, where, "regular-expression expectations ('-re') are not supported");
        return c.p;
    }
    uint32_t line;
    bool below;
    const char *why = "";
    skip_blanks(&c); /* `expected-error @+1 {{...}}`, as MLIR's own tests write it */
    if (!read_offset(s, &c, &line, &below, &why)) {
        malformed(s, where, why);
        return c.p;
    }
    skip_blanks(&c);
    if (!eat(&c, "{{")) {
        malformed(s, where, "expected '{{text}}' after the severity");
        return c.p;
    }
    /* The text ends at the last `}}` before the next expectation on this line. */
    const char *next = find_in(c.p, c.end, "expected-");
    const char *limit = next ? next : c.end;
    const char *close = NULL;
    for (const char *q = c.p; (q = find_in(q, limit, "}}")) != NULL; q++)
        close = q;
    if (!close) {
        malformed(s, where, "missing '}}' after the expected text");
        return c.end;
    }
    SolExpectation x = {sev, line, where, sol_xstrndup(c.p, (size_t)(close - c.p)), false};
    sol_vec_push(&s->v->expected, x);
    if (below)
        sol_vec_push(&s->below, s->v->expected.len - 1);
    return close + 2;
}

/* Reads the expectations of one line; true when it had any. */
static bool scan_line(Scan *s, const char *start, const char *end)
{
    const char *comment = find_in(start, end, "//");
    bool any = false;
    for (const char *p = comment; p && (p = find_in(p, end, "expected-")) != NULL;) {
        bool found;
        p = read_expectation(s, start, p, end, &found);
        any |= found;
    }
    return any;
}

static void resolve_below(Scan *s, uint32_t line)
{
    for (size_t i = 0; i < s->below.len; i++)
        s->v->expected.data[s->below.data[i]].line = line;
    s->below.len = 0;
}

void sol_diag_verifier_scan(SolDiagVerifier *v, const SolIdent *file, const char *data, size_t len,
                            uint32_t first_line)
{
    Scan s = {v, file, first_line, 0, {0}};
    const char *p = data, *end = data + len;
    while (p < end) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        const char *line_end = eol ? eol : end;
        if (!scan_line(&s, p, line_end)) {
            resolve_below(&s, s.line);
            s.last_plain_line = s.line;
        }
        p = eol ? eol + 1 : end;
        s.line++;
    }
    for (size_t i = 0; i < s.below.len; i++) {
        SolExpectation *x = &v->expected.data[s.below.data[i]];
        x->matched = true; /* reported here, not again as "not produced" */
        malformed(&s, x->where, "'@below' needs a line without an expectation below it");
    }
    sol_vec_free(&s.below);
}

/*
 * Sources and the diagnostic engine. A diagnostic is MLIR's header line plus the source line
 * and a caret (chibicc, jq):
 *
 *   matmul.mlir:12:20: error: 'affine.load' expects 2 indices, got 3
 *     %v = affine.load %A[%i, %j, %k] : memref<64x64xf32>
 *                      ^~~~~~~~~~~~~~
 *
 * Under --verify-diagnostics a handler sees each diagnostic first and swallows the expected
 * ones. Errors are counted either way, so passes can tell whether they failed.
 */
#include "Support/support.h"

#include <stdlib.h>
#include <string.h>

static void build_line_table(SolSource *src)
{
    SolVecOf(uint32_t) starts = {0};
    sol_vec_push(&starts, 0u);
    for (size_t i = 0; i < src->len; i++)
        if (src->data[i] == '\n')
            sol_vec_push(&starts, (uint32_t)(i + 1));
    src->line_starts = starts.data;
    src->num_lines = (uint32_t)starts.len;
}

/* A source parsed from a stream is read back from its file only when an error quotes it. */
static void load_source(SolSource *src)
{
    FILE *f = fopen(src->name->str, "rb");
    SolBuf text = {0};
    char chunk[65536];
    size_t n;
    while (f && (n = fread(chunk, 1, sizeof chunk, f)) > 0)
        sol_buf_append(&text, chunk, n);
    if (f)
        fclose(f);
    sol_buf_append(&text, "", 0);
    src->loaded = text.data;
    src->data = text.data;
    src->len = text.len;
}

SolSpan sol_source_line(SolSource *src, uint32_t line)
{
    SolSpan span = {"", 0};
    if (!src->data)
        load_source(src);
    if (!src->line_starts)
        build_line_table(src);
    uint32_t first = src->first_line ? src->first_line : 1;
    if (line < first || line - first >= src->num_lines)
        return span;
    line -= first - 1;
    size_t start = src->line_starts[line - 1];
    size_t end = start;
    while (end < src->len && src->data[end] != '\n')
        end++;
    if (end > start && src->data[end - 1] == '\r')
        end--;
    span.ptr = src->data + start;
    span.len = end - start;
    return span;
}

static void release_source(SolSource *src)
{
    free(src->line_starts);
    src->line_starts = NULL;
    if (src->loaded) {
        free(src->loaded);
        src->loaded = NULL;
        src->data = NULL;
    }
}

void sol_diag_init(SolDiagEngine *e)
{
    memset(e, 0, sizeof *e);
    e->out = stderr;
    e->error_limit = 20;
}

void sol_diag_release(SolDiagEngine *e)
{
    sol_diag_drop_held(e);
    sol_vec_free(&e->held);
    for (size_t i = 0; i < e->sources.len; i++)
        release_source(e->sources.data[i]);
    sol_vec_free(&e->sources);
}

void sol_diag_set_output(SolDiagEngine *e, FILE *out) { e->out = out; }

void sol_diag_add_source(SolDiagEngine *e, SolSource *src) { sol_vec_push(&e->sources, src); }

void sol_diag_remove_source(SolDiagEngine *e, SolSource *src)
{
    for (size_t i = 0; i < e->sources.len; i++)
        if (e->sources.data[i] == src) {
            release_source(src);
            memmove(&e->sources.data[i], &e->sources.data[i + 1],
                    (e->sources.len - i - 1) * sizeof *e->sources.data);
            e->sources.len--;
            return;
        }
}

const char *sol_severity_name(SolSeverity s)
{
    static const char *const names[] = {"error", "warning", "note", "remark"};
    return names[s];
}

/* The newest source registered under the location's file name. */
static SolSource *find_source(SolDiagEngine *e, SolLoc loc)
{
    for (size_t i = e->sources.len; i-- > 0;)
        if (e->sources.data[i]->name == loc.file)
            return e->sources.data[i];
    return NULL;
}

static void print_snippet(FILE *out, SolSource *src, SolLoc loc)
{
    SolSpan text = sol_source_line(src, loc.line);
    /* Binary garbage must not wreck the terminal: print control bytes as '?'. */
    for (size_t i = 0; i < text.len; i++) {
        unsigned char c = (unsigned char)text.ptr[i];
        fputc(c == '\t' || c >= 0x20 ? (int)c : '?', out);
    }
    fputc('\n', out);
    for (uint32_t i = 1; i < loc.col && i <= text.len; i++)
        fputc(text.ptr[i - 1] == '\t' ? '\t' : ' ', out);
    fputc('^', out);
    for (uint32_t i = 1; i < loc.len && loc.col + i <= text.len; i++)
        fputc('~', out);
    fputc('\n', out);
}

/* Hands one diagnostic to the handler, else prints it. */
static void report(SolDiagEngine *e, SolSeverity sev, SolLoc loc, const char *msg)
{
    SolDiag d = {sev, loc, msg};
    if (!(e->handler && e->handler(e->handler_user, &d)) && e->out) {
        if (loc.file)
            fprintf(e->out, "%s:%u:%u: ", loc.file->str, loc.line, loc.col);
        else
            fputs("<unknown>: ", e->out);
        fprintf(e->out, "%s: %s\n", sol_severity_name(sev), msg);
        SolSource *src = loc.file ? find_source(e, loc) : NULL;
        if (src && loc.line)
            print_snippet(e->out, src, loc);
    }
}

void sol_diag_emitv(SolDiagEngine *e, SolSeverity sev, SolLoc loc, const char *fmt, va_list ap)
{
    SolBuf msg = {0};
    sol_buf_vprintf(&msg, fmt, ap);
    sol_buf_append(&msg, "", 0); /* a message can be empty; data must not be NULL */
    if (sev == SOL_SEV_ERROR)
        e->num_errors++;
    else if (sev == SOL_SEV_WARNING)
        e->num_warnings++;
    if (e->holding) {
        e->held_errors += sev == SOL_SEV_ERROR;
        SolHeldDiag h = {sev, loc, msg.data};
        sol_vec_push(&e->held, h);
        memmove(&e->held.data[e->hold_at + 1], &e->held.data[e->hold_at],
                (e->held.len - 1 - e->hold_at) * sizeof *e->held.data);
        e->held.data[e->hold_at++] = h;
    } else {
        report(e, sev, loc, msg.data);
        sol_buf_free(&msg);
    }
    /* Held errors count toward the limit of what is held, not of what is reported. */
    unsigned counted = e->holding ? e->num_errors : e->num_errors - e->held_errors;
    if (sev == SOL_SEV_ERROR && e->error_limit && counted == e->error_limit)
        sol_diag_emit(e, SOL_SEV_NOTE, loc, "too many errors (%u); stopping here", e->error_limit);
}

void sol_diag_emit(SolDiagEngine *e, SolSeverity sev, SolLoc loc, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sol_diag_emitv(e, sev, loc, fmt, ap);
    va_end(ap);
}

bool sol_diag_too_many(const SolDiagEngine *e)
{
    return e->error_limit && e->num_errors >= e->error_limit;
}

void sol_diag_hold(SolDiagEngine *e, bool on)
{
    e->holding = on;
    e->hold_at = e->held.len;
}

void sol_diag_report_held(SolDiagEngine *e)
{
    for (size_t i = 0; i < e->held.len; i++) {
        report(e, e->held.data[i].severity, e->held.data[i].loc, e->held.data[i].message);
        free(e->held.data[i].message);
    }
    e->held.len = e->hold_at = 0;
    e->held_errors = 0;
}

void sol_diag_drop_held(SolDiagEngine *e)
{
    for (size_t i = 0; i < e->held.len; i++) {
        if (e->held.data[i].severity == SOL_SEV_ERROR)
            e->num_errors--;
        else if (e->held.data[i].severity == SOL_SEV_WARNING)
            e->num_warnings--;
        free(e->held.data[i].message);
    }
    e->held.len = e->hold_at = 0;
    e->held_errors = 0;
}

bool sol_diag_too_many_reported(const SolDiagEngine *e)
{
    return e->error_limit && e->num_errors - e->held_errors >= e->error_limit;
}

/*
 * Text tables (table.h).
 */
#include "Analysis/Report/table.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static char *vformat(const char *fmt, va_list ap)
{
    SolBuf b = {0};
    sol_buf_vprintf(&b, fmt, ap);
    return b.data ? b.data : sol_xstrdup("");
}

void sol_table_init(SolTable *t, uint32_t num_cols, const char *const *header)
{
    memset(t, 0, sizeof *t);
    t->num_cols = num_cols < SOL_TABLE_MAX_COLS ? num_cols : SOL_TABLE_MAX_COLS;
    for (uint32_t c = 0; c < t->num_cols; c++) {
        t->right[c] = header[c][0] == '>';
        sol_vec_push(&t->cells, sol_xstrdup(header[c] + t->right[c]));
    }
}

void sol_table_title(SolTable *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t->title, sizeof t->title, fmt, ap);
    va_end(ap);
}

void sol_table_cell(SolTable *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = vformat(fmt, ap);
    va_end(ap);
    sol_vec_push(&t->cells, s);
}

void sol_table_note(SolTable *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = vformat(fmt, ap);
    va_end(ap);
    sol_vec_push(&t->notes, s);
}

uint32_t sol_table_rows(const SolTable *t)
{
    return t->num_cols ? (uint32_t)((t->cells.len + t->num_cols - 1) / t->num_cols) : 0;
}

const char *sol_table_at(const SolTable *t, uint32_t row, uint32_t col)
{
    size_t i = (size_t)row * t->num_cols + col;
    return i < t->cells.len ? t->cells.data[i] : "";
}

void sol_table_free(SolTable *t)
{
    for (size_t i = 0; i < t->cells.len; i++)
        free(t->cells.data[i]);
    for (size_t i = 0; i < t->notes.len; i++)
        free(t->notes.data[i]);
    sol_vec_free(&t->cells);
    sol_vec_free(&t->notes);
}

void sol_table_print_text(FILE *out, const SolTable *t)
{
    uint32_t rows = sol_table_rows(t);
    size_t width[SOL_TABLE_MAX_COLS] = {0};
    bool used[SOL_TABLE_MAX_COLS] = {0};
    uint32_t last = 0;
    for (uint32_t c = 0; c < t->num_cols; c++) {
        for (uint32_t r = 0; r < rows; r++) {
            size_t len = strlen(sol_table_at(t, r, c));
            width[c] = len > width[c] ? len : width[c];
            used[c] |= r > 0 && len > 0;
        }
        if (used[c])
            last = c;
    }
    if (t->title[0])
        fprintf(out, "%s\n", t->title);
    for (uint32_t r = 0; r < rows && rows > 1; r++) { /* a header without rows says nothing */
        SolBuf line = {0};
        for (uint32_t c = 0; c <= last; c++) {
            if (!used[c])
                continue;
            const char *s = sol_table_at(t, r, c);
            size_t pad = width[c] - strlen(s);
            if (line.len)
                sol_buf_puts(&line, "  ");
            for (size_t i = 0; t->right[c] && i < pad; i++)
                sol_buf_putc(&line, ' ');
            sol_buf_puts(&line, s);
            for (size_t i = 0; !t->right[c] && c < last && i < pad; i++)
                sol_buf_putc(&line, ' ');
        }
        while (line.len && line.data[line.len - 1] == ' ')
            line.data[--line.len] = '\0';
        fprintf(out, "%s\n", line.data ? line.data : "");
        sol_buf_free(&line);
    }
    for (size_t i = 0; i < t->notes.len; i++)
        fprintf(out, "%s\n", t->notes.data[i]);
}

/*
 * A table of text cells, built once and printed as aligned text columns (text.c) or as an
 * HTML <table> (html.c), so both formats show the same rows. Row 0 is the header.
 */
#ifndef SOLAR_ANALYSIS_REPORT_TABLE_H
#define SOLAR_ANALYSIS_REPORT_TABLE_H

#include "Support/support.h"

#include <stdio.h>

enum { SOL_TABLE_MAX_COLS = 32 };

typedef struct SolTable {
    char title[200];   /* printed above it; "" for none */
    uint32_t num_cols;
    bool right[SOL_TABLE_MAX_COLS]; /* right-aligned (numbers) */
    SolVecOf(char *) cells;         /* row-major, num_cols per row, heap strings */
    SolVecOf(char *) notes;         /* lines printed below it */
} SolTable;

/* A table with a header row: one column per name; a name starting with '>' is right-aligned
 * (the '>' is not printed). */
void sol_table_init(SolTable *t, uint32_t num_cols, const char *const *header);
void sol_table_title(SolTable *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Appends one cell to the last row (a new row starts when the last one is full). */
void sol_table_cell(SolTable *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sol_table_note(SolTable *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
uint32_t sol_table_rows(const SolTable *t); /* including the header */
const char *sol_table_at(const SolTable *t, uint32_t row, uint32_t col);
void sol_table_free(SolTable *t);

/* The title, the columns padded to their widest cell (two spaces between), the notes. Columns
 * that are empty ("") in every row but the header are left out, and so is a header without
 * rows. */
void sol_table_print_text(FILE *out, const SolTable *t);

#endif /* SOLAR_ANALYSIS_REPORT_TABLE_H */

/*
 * "Did you mean ...?" suggestions: the candidate closest to a misspelt word by Levenshtein
 * distance. Used for unknown passes and pass options in --pass-pipeline and for unknown
 * command-line flags, unknown op names and device names. A suggestion is made only when the
 * distance is at most max(2, len / 3), so a wildly different word gets no suggestion at all.
 */
#ifndef SOLAR_SUPPORT_SPELLING_H
#define SOLAR_SUPPORT_SPELLING_H

#include <stddef.h>

/* Edit distance (insert, delete, substitute, swap two neighbours) between a[0..alen) and
 * b[0..blen): `yeild` is one edit from `yield`. */
size_t sol_edit_distance(const char *a, size_t alen, const char *b, size_t blen);

/* The candidate closest to word[0..len), or NULL when none is close enough. Ties go to the
 * earliest candidate; NULL entries of candidates are skipped. */
const char *sol_closest_spelling(const char *word, size_t len, const char *const *candidates,
                                 size_t num_candidates);

/* Every candidate at the smallest distance, at most max_out of them, in candidate order without
 * repeats: `arith.mul` gets both `arith.mulf` and `arith.muli`. Distances above max_dist do
 * not count (0: the rule above). Returns how many were written to out. */
size_t sol_closest_spellings(const char *word, size_t len, size_t max_dist,
                             const char *const *candidates, size_t num_candidates,
                             const char **out, size_t max_out);

#endif /* SOLAR_SUPPORT_SPELLING_H */

/*
 * "Did you mean ...?" suggestions: the candidate closest to a misspelt word by Levenshtein
 * distance. Used for unknown passes and pass options in --pass-pipeline and for unknown
 * command-line flags. A suggestion is made only when the distance is at most
 * max(2, len / 3), so a wildly different word gets no suggestion at all.
 */
#ifndef SOLAR_SUPPORT_SPELLING_H
#define SOLAR_SUPPORT_SPELLING_H

#include <stddef.h>

/* Edit distance (insert, delete, substitute) between a[0..alen) and b[0..blen). */
size_t sol_edit_distance(const char *a, size_t alen, const char *b, size_t blen);

/* The candidate closest to word[0..len), or NULL when none is close enough. Ties go to the
 * earliest candidate; NULL entries of candidates are skipped. */
const char *sol_closest_spelling(const char *word, size_t len, const char *const *candidates,
                                 size_t num_candidates);

#endif /* SOLAR_SUPPORT_SPELLING_H */

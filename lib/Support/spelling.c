/*
 * Closest-spelling suggestions (see spelling.h). The edit distance is the classic two-row
 * dynamic programme; words here are flag and pass names, so the rows are small and live on
 * the heap only for unusually long inputs.
 */
#include "Support/spelling.h"

#include "Support/support.h"

#include <stdlib.h>
#include <string.h>

static size_t min3(size_t a, size_t b, size_t c)
{
    size_t m = a < b ? a : b;
    return m < c ? m : c;
}

size_t sol_edit_distance(const char *a, size_t alen, const char *b, size_t blen)
{
    size_t small[2][64];
    size_t *prev = small[0], *cur = small[1];
    size_t *heap = NULL;
    if (blen + 1 > 64) {
        heap = sol_xmalloc(2 * (blen + 1) * sizeof *heap);
        prev = heap, cur = heap + blen + 1;
    }
    for (size_t j = 0; j <= blen; j++)
        prev[j] = j;
    for (size_t i = 1; i <= alen; i++) {
        cur[0] = i;
        for (size_t j = 1; j <= blen; j++) {
            size_t substitute = prev[j - 1] + (a[i - 1] != b[j - 1]);
            cur[j] = min3(prev[j] + 1, cur[j - 1] + 1, substitute);
        }
        size_t *t = prev;
        prev = cur, cur = t;
    }
    size_t d = prev[blen];
    free(heap);
    return d;
}

const char *sol_closest_spelling(const char *word, size_t len, const char *const *candidates,
                                 size_t num_candidates)
{
    size_t limit = len / 3 > 2 ? len / 3 : 2;
    const char *best = NULL;
    size_t best_dist = limit + 1;
    for (size_t i = 0; i < num_candidates; i++) {
        if (!candidates[i])
            continue;
        size_t d = sol_edit_distance(word, len, candidates[i], strlen(candidates[i]));
        if (d < best_dist)
            best = candidates[i], best_dist = d;
    }
    return best;
}

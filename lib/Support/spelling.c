/*
 * Closest-spelling suggestions (see spelling.h). Words here are flag, pass, op and device
 * names, so the rows of the distance's dynamic programme are small and live on the heap only
 * for unusually long inputs.
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

/* The optimal-string-alignment distance: three rows of the classic dynamic programme. */
size_t sol_edit_distance(const char *a, size_t alen, const char *b, size_t blen)
{
    size_t small[3][64];
    size_t *prev2 = small[0], *prev = small[1], *cur = small[2];
    size_t *heap = NULL;
    if (blen + 1 > 64) {
        heap = sol_xmalloc(3 * (blen + 1) * sizeof *heap);
        prev2 = heap, prev = heap + blen + 1, cur = heap + 2 * (blen + 1);
    }
    for (size_t j = 0; j <= blen; j++)
        prev[j] = j;
    for (size_t i = 1; i <= alen; i++) {
        cur[0] = i;
        for (size_t j = 1; j <= blen; j++) {
            size_t substitute = prev[j - 1] + (a[i - 1] != b[j - 1]);
            cur[j] = min3(prev[j] + 1, cur[j - 1] + 1, substitute);
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                prev2[j - 2] + 1 < cur[j])
                cur[j] = prev2[j - 2] + 1;
        }
        size_t *t = prev2;
        prev2 = prev, prev = cur, cur = t;
    }
    size_t d = prev[blen];
    free(heap);
    return d;
}

const char *sol_closest_spelling(const char *word, size_t len, const char *const *candidates,
                                 size_t num_candidates)
{
    const char *best = NULL;
    return sol_closest_spellings(word, len, 0, candidates, num_candidates, &best, 1) ? best : NULL;
}

static bool already_in(const char **out, size_t n, const char *s)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(out[i], s) == 0)
            return true;
    return false;
}

size_t sol_closest_spellings(const char *word, size_t len, size_t max_dist,
                             const char *const *candidates, size_t num_candidates,
                             const char **out, size_t max_out)
{
    size_t limit = max_dist ? max_dist : len / 3 > 2 ? len / 3 : 2;
    size_t best_dist = limit + 1, n = 0;
    for (size_t i = 0; i < num_candidates; i++) {
        if (!candidates[i])
            continue;
        size_t d = sol_edit_distance(word, len, candidates[i], strlen(candidates[i]));
        if (d > limit)
            continue;
        if (d < best_dist)
            best_dist = d, n = 0; /* a closer word: the earlier ones go */
        if (d == best_dist && n < max_out && !already_in(out, n, candidates[i]))
            out[n++] = candidates[i];
    }
    return n;
}

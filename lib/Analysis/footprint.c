/*
 * Footprints of affine accesses (see footprint.h).
 */
#include "Analysis/footprint.h"

#include <stdlib.h>
#include <string.h>

#define SORT_BUDGET 30000000ull /* partial offsets kept per group without a bitmap */

static uint64_t popcount_bits(const uint64_t *bits, uint64_t nelems)
{
    uint64_t n = 0;
    for (uint64_t i = 0; i < (nelems + 63) / 64; i++)
        n += (uint64_t)__builtin_popcountll(bits[i]);
    return n;
}

void sol_image_init(SolImage *img, uint64_t nelems)
{
    memset(img, 0, sizeof *img);
    img->nelems = nelems;
    if (nelems <= SOL_IMAGE_MAX_BITS)
        img->bits = sol_xcalloc((nelems + 63) / 64 + 1, sizeof *img->bits);
}

void sol_image_free(SolImage *img)
{
    free(img->bits);
    img->bits = NULL;
}

void sol_image_merge(SolImage *dst, const SolImage *src, const SolImage *mask)
{
    dst->approximate |= src->approximate;
    if (dst->bits && src->bits && (!mask || mask->bits)) {
        for (uint64_t i = 0; i < (dst->nelems + 63) / 64; i++)
            dst->bits[i] |= src->bits[i] & (mask ? ~mask->bits[i] : ~0ull);
        dst->count = popcount_bits(dst->bits, dst->nelems);
        return;
    }
    /* Without bitmaps: assume the mask covers what it can (err low, never high). */
    dst->approximate = true;
    if (mask && mask->count >= src->count)
        return;
    uint64_t c = src->count - (mask ? mask->count : 0);
    dst->count = c > dst->count ? c : dst->count;
}

/* ---- one group's partial offsets ---------------------------------------------------------- */

typedef struct GroupScan {
    const SolAffineExpr *const *subs;
    uint32_t nsubs;
    const uint32_t *dim_of; /* tensor dim of each sub */
    const int64_t *dims, *strides;
    uint64_t *bits;          /* dedup bitmap over the whole tensor, or NULL */
    SolVecOf(uint64_t) list; /* partial offsets when there is no bitmap */
    bool over;
} GroupScan;

static void scan_point(const int64_t *iv, void *user)
{
    GroupScan *s = user;
    uint64_t off = 0;
    for (uint32_t i = 0; i < s->nsubs; i++) {
        int64_t v = sol_level_eval(s->subs[i], iv);
        uint32_t r = s->dim_of[i];
        if (v < 0 || v >= s->dims[r])
            return;
        off += (uint64_t)v * (uint64_t)s->strides[r];
    }
    if (s->bits) {
        s->bits[off / 64] |= 1ull << (off % 64);
    } else if (s->list.len < SORT_BUDGET) {
        sol_vec_push(&s->list, off);
    } else {
        s->over = true;
    }
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Distinct partial offsets of one group, as a sorted array (heap) of *n entries. */
static uint64_t *group_offsets(const SolDomain *d, uint64_t mask, GroupScan *s, uint64_t nelems,
                               uint64_t *n, bool *approx)
{
    if (nelems <= SOL_IMAGE_MAX_BITS)
        s->bits = sol_xcalloc((nelems + 63) / 64 + 1, sizeof *s->bits);
    sol_domain_visit(d, mask, scan_point, s, approx);
    if (s->over)
        *approx = true;
    uint64_t *out;
    if (s->bits) {
        uint64_t k = popcount_bits(s->bits, nelems);
        out = sol_xmalloc((k + 1) * sizeof *out);
        *n = 0;
        for (uint64_t w = 0; w < (nelems + 63) / 64; w++)
            for (uint64_t b = s->bits[w]; b; b &= b - 1)
                out[(*n)++] = w * 64 + (uint64_t)__builtin_ctzll(b);
        free(s->bits);
        s->bits = NULL;
        return out;
    }
    qsort(s->list.data, s->list.len, sizeof *s->list.data, cmp_u64);
    uint64_t k = 0;
    for (size_t i = 0; i < s->list.len; i++)
        if (i == 0 || s->list.data[i] != s->list.data[i - 1])
            s->list.data[k++] = s->list.data[i];
    *n = k;
    out = s->list.data ? s->list.data : sol_xmalloc(sizeof *out);
    s->list.data = NULL;
    return out;
}

/* ---- the image ---------------------------------------------------------------------------- */

void sol_image_compute(const SolDomain *d, const SolAffineExpr *const *subs, uint32_t rank,
                       const int64_t *dims, SolImage *out)
{
    if (rank > 64) { /* beyond any real tensor; count nothing rather than guess */
        sol_image_init(out, 0);
        out->approximate = true;
        return;
    }
    int64_t strides[64];
    uint64_t nelems = 1;
    for (uint32_t r = rank; r-- > 0;) {
        strides[r] = (int64_t)nelems;
        nelems *= (uint64_t)dims[r];
    }
    sol_image_init(out, nelems);
    uint64_t couple[64];
    uint64_t used = 0, const_off = 0;
    for (uint32_t r = 0; r < rank; r++) {
        couple[r] = sol_level_uses(subs[r]);
        used |= couple[r];
        if (couple[r] == 0) { /* a constant subscript */
            int64_t v = sol_level_eval(subs[r], NULL);
            if (v < 0 || v >= dims[r])
                return; /* always out of bounds: nothing moves */
            const_off += (uint64_t)v * (uint64_t)strides[r];
        }
    }
    uint64_t groups[SOL_DOM_MAX_LEVELS];
    uint32_t ng = sol_domain_groups(d, couple, rank, groups);
    /* Groups no subscript uses only need a point; an empty one empties the image. */
    for (uint32_t g = 0; g < ng; g++)
        if (!(groups[g] & used) && sol_domain_visit(d, groups[g], NULL, NULL, &out->approximate) == 0)
            return;
    /* Constant guards (no levels) are checked by counting the empty mask. */
    if (d->num_guards && sol_domain_visit(d, 0, NULL, NULL, NULL) == 0)
        return;
    uint64_t *offs[SOL_DOM_MAX_LEVELS];
    uint64_t noffs[SOL_DOM_MAX_LEVELS];
    uint32_t na = 0;
    uint64_t count = 1;
    bool overflow = false;
    for (uint32_t g = 0; g < ng; g++) {
        if (!(groups[g] & used))
            continue;
        const SolAffineExpr *gsubs[64];
        uint32_t dim_of[64], n = 0;
        for (uint32_t r = 0; r < rank; r++)
            if (couple[r] && (couple[r] & ~groups[g]) == 0) {
                gsubs[n] = subs[r];
                dim_of[n++] = r;
            }
        GroupScan s = {gsubs, n, dim_of, dims, strides, NULL, {0}, false};
        offs[na] = group_offsets(d, groups[g], &s, nelems, &noffs[na], &out->approximate);
        if (__builtin_mul_overflow(count, noffs[na], &count))
            overflow = true;
        na++;
    }
    out->count = overflow ? nelems : (count > nelems ? nelems : count);
    /* Materialise the product when there is a bitmap: at most nelems points. The groups
     * index disjoint dims, so the sums are distinct; as many as the tensor has elements is
     * the whole tensor (the common case of an operand read whole), set word by word. */
    if (out->bits && out->count == nelems && !overflow) {
        uint64_t words = nelems / 64;
        memset(out->bits, 0xff, words * sizeof *out->bits);
        if (nelems % 64)
            out->bits[words] = (1ull << (nelems % 64)) - 1;
    } else if (out->bits && out->count) {
        uint64_t idx[SOL_DOM_MAX_LEVELS] = {0};
        for (;;) {
            uint64_t off = const_off;
            for (uint32_t g = 0; g < na; g++)
                off += offs[g][idx[g]];
            if (off < nelems)
                out->bits[off / 64] |= 1ull << (off % 64);
            uint32_t g = 0;
            while (g < na && ++idx[g] == noffs[g])
                idx[g++] = 0;
            if (g == na)
                break;
        }
        out->count = popcount_bits(out->bits, nelems);
    }
    for (uint32_t g = 0; g < na; g++)
        free(offs[g]);
}

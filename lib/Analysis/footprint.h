/*
 * Footprints: the distinct elements an affine access touches over a domain.
 *
 * The image {subs(x) : x in D} is computed group by group (domain.h): subscripts over levels
 * that nothing couples are independent, so the image is the product of each group's image,
 * and only a group's own levels are enumerated (a conv input `in[n, c, 2p+r, 2q+s]` costs
 * |n| + |c| + |p,r| + |q,s| points, not their product). Groups that no subscript uses only
 * have to be non-empty. When the tensor is small enough (SOL_IMAGE_MAX_BITS elements) the
 * image is also materialised as a bitmap, so that images can be united and subtracted
 * exactly (reads of what a node wrote earlier, compulsory traffic of a graph).
 */
#ifndef SOLAR_ANALYSIS_FOOTPRINT_H
#define SOLAR_ANALYSIS_FOOTPRINT_H

#include "Analysis/domain.h"

#define SOL_IMAGE_MAX_BITS (1ull << 28) /* 32 MiB per bitmap */

typedef struct SolImage {
    uint64_t count;  /* distinct in-bounds elements */
    uint64_t *bits;  /* one bit per element of the tensor, or NULL (too big) */
    uint64_t nelems;
    bool approximate; /* count errs low */
} SolImage;

/* The image of subscripts subs[0, rank) (level expressions of d) in a tensor of shape dims.
 * Out-of-bounds points are left out (the executor reports them; they move no bytes). */
void sol_image_compute(const SolDomain *d, const SolAffineExpr *const *subs, uint32_t rank,
                       const int64_t *dims, SolImage *out);
/* An empty image of a tensor with nelems elements (bits when small enough). */
void sol_image_init(SolImage *img, uint64_t nelems);
/* dst |= src & ~mask (mask may be NULL); count follows the bits. Without bits on both sides
 * the counts combine as max (a lower bound) and dst becomes approximate. */
void sol_image_merge(SolImage *dst, const SolImage *src, const SolImage *mask);
void sol_image_free(SolImage *img);

#endif /* SOLAR_ANALYSIS_FOOTPRINT_H */

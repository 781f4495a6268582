/*
 * Tile sizes that fit a memory level, and the traffic that tiled schedule really moves: the
 * *attainable* figure set beside the provable lower bound of cache_bound.h, so a level's
 * report reads as the band [lower bound, attainable] (shared/reference/io-lower-bounds.md
 * §3.4: the LP dual is an optimal tile shape; §11.5: LB(S) <= the traffic of such a tiling).
 *
 * The model, per contraction statement (SolStmt: `out += in0 * in1` over a domain of levels):
 *
 *   - Each level i takes extent_i values (the interval hull of its bounds: a triangular or
 *     guarded domain is tiled over its bounding box, which only over-counts). Levels the
 *     output's values do not depend on are the reduction levels.
 *   - The schedule: tile loops over every level, the reduction tile loops innermost; one tile
 *     iteration loads, for each input, the elements its subscripts reach over the tile box
 *     (the box per tensor dimension, clamped to the tensor: a convolution's input tile is
 *     its output tile's rows times the stride plus the kernel's halo, counted exactly, value
 *     by value, including the padding that falls outside the tensor). The output tile stays
 *     resident across the reduction tile loops, so each output element is written once (and
 *     read once, when the node accumulates into values it did not produce itself). Edge tiles
 *     are partial and counted as such.
 *   - A tiling fits a level of S bytes when the input tiles plus the output tile, at their
 *     largest, take at most S bytes.
 *   - Among tilings that fit, the one moving the fewest bytes is chosen (ties: the largest
 *     reduction tiles, then the squarest output tile). For a GEMM this is the LP's balance,
 *     square output tiles Tm = Tn ~ sqrt(S / b) with a short Tk filling what is left; for a
 *     convolution it trades output channels against output rows and columns.
 *
 * Input traffic then factors level by level: sum over the tile grid of the product of the
 * per-dimension counts = product over levels of (sum over that level's tiles of the counts
 * of the dimensions it drives) times the number of tiles of the levels the tensor does not
 * use. One tile level per dimension keeps this exact: in a dimension driven by several levels
 * (`2*p + r`, `h*128 + d`) only the level with the largest extent is tiled, the others stay
 * whole. Candidate sizes are ceil(extent / n): each number of tiles at its smallest tile.
 *
 * Since the chosen schedule is one schedule of the statement, its traffic is >= the segment
 * lower bound at the same capacity, which holds for every schedule (io_bound.h). A node is
 * charged as its own kernel: its statement's tiled traffic plus, for any other access of the
 * node, one transfer per execution (an access the tile model does not hold). A node without a
 * contraction (elementwise, reductions, norms, pooling) is one streaming pass: its attainable
 * traffic is its own compulsory bytes (SolNode.bytes, distinct elements read and written).
 * A node whose statement the model cannot tile (several statements in one nest, a
 * non-affine subscript, an output window) is charged its original order with nothing
 * reused: one transfer per executed access, always an upper estimate. The graph's figure is
 * the sum over nodes (every node its own kernel), which is at least the graph's compulsory
 * traffic; so compulsory <= lower bound <= attainable holds level by level.
 */
#ifndef SOLAR_ANALYSIS_TILING_H
#define SOLAR_ANALYSIS_TILING_H

#include "Analysis/cache_bound.h"

#define SOL_TILE_MAX_LEVELS 16

typedef enum SolTileKind {
    SOL_TILE_STREAM,   /* no contraction: one streaming pass, node bytes */
    SOL_TILE_TILED,    /* a tiled schedule of the node's statement */
    SOL_TILE_NO_REUSE, /* a contraction the model cannot tile: every access a transfer */
} SolTileKind;

typedef struct SolTileChoice {
    SolTileKind kind;
    uint32_t num_levels;                  /* the statement's domain levels (TILED) */
    int64_t extent[SOL_TILE_MAX_LEVELS];  /* values each level takes */
    int64_t tile[SOL_TILE_MAX_LEVELS];    /* values per tile (== extent: not split) */
    bool reduce[SOL_TILE_MAX_LEVELS];     /* a reduction level */
    double resident;                      /* bytes of the largest tile (TILED), <= capacity */
    double traffic;                       /* bytes the node moves at this capacity */
    bool exact;                           /* false: an execution count erred low, see why */
    const char *why;                      /* NO_REUSE: why the statement was not tiled */
} SolTileChoice;

/* The attainable traffic of node n of g across a level of `capacity` bytes (the storage of
 * one processor below it, cache_bound.h's SolCacheLevel.capacity), with the chosen tiles. */
void sol_tile_node(const SolGraph *g, uint32_t n, double capacity, SolTileChoice *out);

/* Fills attainable / has_attainable of every bounded level of c (computed on g): the sum
 * over nodes of sol_tile_node at the level's capacity, rounded up. A level stays without a
 * figure when an execution count erred low (an approximate count can only make it lower). */
void sol_tile_attainable(const SolGraph *g, SolCacheBounds *c);

#endif /* SOLAR_ANALYSIS_TILING_H */

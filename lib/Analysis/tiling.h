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
 *
 * With a fusion plan (fusion.h: the `fuse` pass ran), the figure is per fusion group: a group
 * is charged its nodes as separate kernels, except where a contraction p and the nodes
 * right after it in the group form an epilogue (sol_tile_epilogue below), which is charged
 * as one kernel when that moves fewer bytes. An epilogue is consecutive nodes c1..cm of the
 * group, c1 = p + 1, where, with T the tensor p's statement stores:
 *
 *   - p is TILED at the level, its statement's output subscripts are each one level plus
 *     a constant (unit stride in iteration space), p writes the whole box they span
 *     (write elements = the box's size) and touches T only at those subscripts;
 *   - each ci has no contraction statement, one domain for all its accesses, a box (its
 *     point count is the product of its levels' extents, exact), exactly as many levels
 *     as T has dimensions, and reads T; every access of T in ci is `T[l_1 + o_1, ...]`
 *     with l_r a level of ci, unit stride, covering exactly the index range p writes in
 *     dimension r (so ci's points and p's output elements correspond one to one, the
 *     same for every access of T in every ci);
 *   - ci's other accesses have subscripts that are each a constant or one level times a
 *     nonzero constant plus a constant, each level in at most one dimension; a write uses
 *     every level (each point writes its own element); a tensor other than T is not both
 *     read and written in c1..cm, not accessed by p, and a tensor one ci writes is not
 *     accessed by another.
 *
 * Then ci can run on each output tile of p while it is resident: the point range of level
 * l_r is p's tile of the level driving dimension r. The kernel moves p's tiled traffic,
 * less p's write of T when that write is dead (some ci overwrites T: the last such write
 * goes out instead; or T is an allocation nothing outside p..cm accesses), plus, per ci:
 * no bytes for its reads of T (they are resident), one transfer per point for each write
 * (of T only by the last writer of T, and only when T is an argument or accessed outside
 * p..cm), and for each other read the distinct elements per output tile summed over tiles
 * (= the product of the extents of the levels it uses times the number of tiles of the
 * levels it does not). Those per-tile slices of the other reads must be resident beside the
 * tile: p is tiled at the capacity less their bytes (retried as the tiles shrink) and the
 * epilogue is dropped when it does not fit. A group's figure is never above the separate
 * kernels' (the cheaper schedule is charged), so the grouped graph figure is <= the per-node
 * one, and as the traffic of a real schedule of the graph it stays >= the lower bound.
 *
 * Whole kernels resident: a kernel (a group, or a node without a plan) whose working set fits
 * the level (per tensor, the smaller of its size and the sum of what each of its nodes reads
 * and writes) can run in program order with everything it touches kept on chip; it then
 * moves only its own compulsory bytes (SolFusionGroup.bytes, SolNode.bytes: what it reads
 * that it did not write first, and what it writes that is an argument or read later), and
 * is charged that when it is smaller. An attention group fits the DRAM level of a GPU and
 * then moves its inputs and output once, where its nodes as tiled kernels would move the
 * score matrix several times. Not used where a count may err low.
 */
#ifndef SOLAR_ANALYSIS_TILING_H
#define SOLAR_ANALYSIS_TILING_H

#include "Analysis/cache_bound.h"
#include "Analysis/fusion.h"

#define SOL_TILE_MAX_LEVELS 16
#define SOL_TILE_MAX_DIMS 8 /* tensor rank the model handles */

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
    double out_write;                     /* TILED: bytes of traffic that write the output */
} SolTileChoice;

/* The attainable traffic of node n of g across a level of `capacity` bytes (the storage of
 * one processor below it, cache_bound.h's SolCacheLevel.capacity), with the chosen tiles. */
void sol_tile_node(const SolGraph *g, uint32_t n, double capacity, SolTileChoice *out);

/* The same for several levels at once, out[l] at capacities[l]: the node's model (its
 * candidates and exact per-tile counts, most of the cost) is built once. */
void sol_tile_node_levels(const SolGraph *g, uint32_t n, const double *capacities,
                          uint32_t num_levels, SolTileChoice *out);

/* Fills attainable / has_attainable of every bounded level of c (computed on g): the sum
 * over nodes of sol_tile_node at the level's capacity, rounded up. A level stays without a
 * figure when an execution count erred low (an approximate count can only make it lower). */
void sol_tile_attainable(const SolGraph *g, SolCacheBounds *c);

/* The same per fusion group of plan (NULL: every node its own kernel, as above). */
void sol_tile_attainable_plan(const SolGraph *g, const SolFusionPlan *plan, SolCacheBounds *c);

/* The epilogue of contraction node p at a level of `capacity` bytes (see above): the
 * number m of nodes after p it takes (0: none qualifies, or it does not fit, or it moves no
 * fewer bytes than the separate kernels), limited to the nodes up to `last`; *bytes is the
 * kernel's traffic (p and its m consumers) and *pc the tiles p gets. */
uint32_t sol_tile_epilogue(const SolGraph *g, uint32_t p, uint32_t last, double capacity,
                           double *bytes, SolTileChoice *pc);

/* Level forms both halves of the model use (tiling.c, tile_epilogue.c). */

/* The interval hull of every level of d (first value, step, count); false when d has more
 * than SOL_TILE_MAX_LEVELS levels or one has no constant range. */
bool sol_tile_hulls(const SolDomain *d, int64_t *lo, int64_t *step, int64_t *cnt);

/* Subscript e of a domain with these hulls as `a * t + c`, t the iteration number of level
 * *lev (-1 and a = 0: a constant). False: not a constant plus one level times a constant. */
bool sol_tile_single_level(const SolAffineExpr *e, uint32_t nl, const int64_t *lo,
                           const int64_t *step, int *lev, int64_t *a, int64_t *c);

/* Whether two subscript lists of `rank` entries are the same expressions (NULL: never). */
bool sol_tile_subs_equal(const SolAffineExpr *const *a, const SolAffineExpr *const *b,
                         uint32_t rank);

#endif /* SOLAR_ANALYSIS_TILING_H */

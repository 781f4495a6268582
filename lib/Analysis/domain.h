/*
 * Iteration domains of loop nests, counted exactly.
 *
 * A domain is the list of loops around an op (outermost first) and the affine.if conditions
 * on the way, each loop bound and condition rewritten as an affine expression over the loops'
 * induction variables ("levels": dim k of the expression is the IV of loop k). Sizes must be
 * bound (`--bind`): every bound is then a function of outer IVs and constants.
 *
 * Counting is exact for any such domain (triangular, min/max bounds, guards): levels are
 * split into independent groups (union-find over the levels each bound and guard mentions),
 * a group that is one plain loop contributes its trip count, and the others are enumerated
 * point by point, only over their own levels. A kernel's domains factor into small groups
 * (a convolution's padding guard couples an output row with a kernel row), so counting
 * `4096^3` points costs three trip counts.
 */
#ifndef SOLAR_ANALYSIS_DOMAIN_H
#define SOLAR_ANALYSIS_DOMAIN_H

#include "IR/ir.h"

#define SOL_DOM_MAX_LEVELS 48

/* A bound or subscript over levels: max (lower bounds) or min (upper bounds) of exprs. */
typedef struct SolLevelBound {
    uint32_t n;
    const SolAffineExpr **exprs; /* dims are levels */
} SolLevelBound;

typedef struct SolLevel {
    SolLevelBound lb, ub; /* lb: max of exprs; ub (exclusive): min of exprs */
    int64_t step;
    const SolValue *iv; /* the loop's IV (NULL for linalg.generic dims) */
} SolLevel;

typedef struct SolGuard {
    const SolIntegerSet *set; /* constraints over levels (dims) only: symbols substituted */
    const SolAffineExpr **cons;
    uint32_t num_cons;
    const bool *is_eq;
    bool negate; /* the else region: not all constraints hold */
} SolGuard;

typedef struct SolDomain {
    /* Optional: the value an SSA value stands for (a callee's argument -> the caller's
     * operand, when a call is analysed in place); NULL or returning v itself: no mapping. */
    const SolValue *(*resolve)(const SolValue *v, void *user);
    void *resolve_user;
    uint32_t num_levels;
    SolLevel levels[SOL_DOM_MAX_LEVELS];
    uint32_t num_guards;
    SolGuard *guards; /* arena */
} SolDomain;

/* Limits of enumeration: a group with more points than this is not enumerated, and the
 * result is flagged approximate (and errs low: a SOL bound may be loose, never wrong). */
#define SOL_DOM_ENUM_BUDGET 200000000ull

typedef struct SolCount {
    uint64_t value;
    bool approximate; /* a group exceeded the enumeration budget */
    bool overflow;    /* beyond 2^64 */
} SolCount;

/* Converts an affine map result over SSA operands into an expression over the levels of d:
 * constants fold, IVs of d's loops become dims, affine.apply results are substituted. NULL
 * when an operand is anything else (a loaded value, an unbound size argument). */
const SolAffineExpr *sol_level_expr(SolContext *ctx, const SolDomain *d, const SolAffineExpr *e,
                                    const SolUse *operands, uint32_t num_dims);
/* The same for a single SSA index value. */
const SolAffineExpr *sol_level_value(SolContext *ctx, const SolDomain *d, const SolValue *v);

/* Evaluates e with levels bound to iv[] (all levels it uses must be set). */
int64_t sol_level_eval(const SolAffineExpr *e, const int64_t *iv);
/* Bounds of e over the whole domain by interval arithmetic (loose, never wrong); false when
 * unbounded or on overflow. Used to size `?` dims from the accesses. */
bool sol_level_range(const SolDomain *d, const SolAffineExpr *e, int64_t *lo, int64_t *hi);
/* Bit k set when e uses level k. */
uint64_t sol_level_uses(const SolAffineExpr *e);

/* Pushes the loop `for_op` (affine.for) as the next level; false (with why) when a bound is
 * not an affine function of outer IVs and constants. */
bool sol_domain_push_loop(SolContext *ctx, SolArena *a, SolDomain *d, const SolOp *for_op,
                          const char **why);
/* Pushes a level [0, size) (linalg.generic dims). */
void sol_domain_push_range(SolContext *ctx, SolArena *a, SolDomain *d, int64_t size);
/* Adds the condition of affine.if `if_op` (negated for its else region). */
bool sol_domain_push_guard(SolContext *ctx, SolArena *a, SolDomain *d, const SolOp *if_op,
                           bool negate, const char **why);

/* Number of points of d. */
SolCount sol_domain_count(const SolDomain *d);
/* Number of distinct tuples of the levels outside `drop` over the points of d: the domain
 * with the levels in drop projected out (a convolution's outputs x channels, its window
 * taps dropped). Tuples are told apart by a 64-bit hash: a collision can only make the
 * count lower. */
SolCount sol_domain_count_projected(const SolDomain *d, uint64_t drop);

/* Splits the levels into independent groups: levels coupled by a bound or a guard share a
 * group, and so do the levels of each extra mask in couple[0, n). Writes one mask of levels
 * per group and returns the number of groups. */
uint32_t sol_domain_groups(const SolDomain *d, const uint64_t *couple, uint32_t n,
                           uint64_t *groups);

/* Visits every point of the levels in `mask` (a union of whole groups): fn sees iv[] with
 * those levels set (others unspecified). Guards whose levels lie in mask are checked. Returns
 * the number of points; when that would exceed the enumeration budget it stops early and sets
 * *approximate (the count is then a lower bound). */
typedef void (*SolPointFn)(const int64_t *iv, void *user);
uint64_t sol_domain_visit(const SolDomain *d, uint64_t mask, SolPointFn fn, void *user,
                          bool *approximate);

#endif /* SOLAR_ANALYSIS_DOMAIN_H */

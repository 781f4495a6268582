/*
 * The extent a `?` dim of a memref is taken to have, from its accesses: the one rule that
 * `--bind` (which makes such a dim static) and lift-einsum (which lets a generic take a loop's
 * range from the dim) share.
 *
 * Dim k of `mem` has extent E when
 *   - every user of mem is an access (affine.load/store, memref.load/store), memref.dim,
 *     memref.dealloc or linalg.generic (which iterates over the dim whatever its size, so it
 *     neither states nor contradicts an extent); a call, return or select passes the buffer on
 *     to code we do not see: no extent;
 *   - some access has subscript k equal to the induction variable of `for 0 to E step 1`
 *     (E > 0 when constant), and E is the largest of these: they are all one expression, or
 *     all constants;
 *   - every other access's subscript k provably stays below E: it has a constant range
 *     (interval arithmetic over constant loop bounds, affine.apply/min/max) whose maximum is
 *     below E, which needs E constant.
 * This is an assumption about programs whose sizes are not bound (their loops over a dim run
 * over all of it); nothing else in the module could confirm it.
 */
#ifndef SOLAR_ANALYSIS_DIM_EXTENT_H
#define SOLAR_ANALYSIS_DIM_EXTENT_H

#include "IR/ir.h"

/* The upper bound of a loop (one map result) as an expression the caller can compare by
 * pointer (interned), or NULL when it has none: bind knows constants only, lift-einsum
 * canonical expressions over the function's symbols. */
typedef const SolAffineExpr *(*SolLoopBoundFn)(const SolOp *loop, void *user);

/* The extent of dim k of mem by the rule above, or NULL. */
const SolAffineExpr *sol_dim_extent_assumed(const SolValue *mem, uint32_t k, SolLoopBoundFn ub,
                                            void *user);

#endif /* SOLAR_ANALYSIS_DIM_EXTENT_H */

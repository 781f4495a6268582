/*
 * Affine utilities on top of the expression builders of ir.h: substitution of dims and
 * symbols, linear forms, and a canonical form of linear parts. Passes use them to rewrite
 * maps over other operands (bind folds constants in, lift-einsum rewrites subscripts over a
 * node's dims) and to compare subscripts.
 */
#ifndef SOLAR_IR_AFFINE_UTIL_H
#define SOLAR_IR_AFFINE_UTIL_H

#include "IR/ir.h"

/* e with dim k replaced by dims[k] and symbol k by syms[k]; NULL when a replacement it uses
 * is NULL (so a caller may leave the ones it cannot express unset). */
const SolAffineExpr *sol_affine_subst(SolContext *ctx, const SolAffineExpr *e,
                                      const SolAffineExpr *const *dims,
                                      const SolAffineExpr *const *syms);

/* The linear form sum(coef[d] * d) + c of e over n dims (coef has n entries); false when e is
 * not linear in them (a symbol, a dim >= n, floordiv/ceildiv/mod, a product of two
 * non-constants) or a coefficient overflows int64. */
bool sol_affine_linear(const SolAffineExpr *e, uint32_t n, int64_t *coef, int64_t *c);

/* A canonical form of e: a linear expression as `d0 * c0 + d1 * c1 + ... + c` in dim order
 * (terms collected, zero terms dropped); `(q*x + c) floordiv q` and the like simplified when
 * q divides every coefficient; other operators with canonical operands. Two linear
 * expressions with the same form are then one pointer. */
const SolAffineExpr *sol_affine_canon(SolContext *ctx, const SolAffineExpr *e);

#endif /* SOLAR_IR_AFFINE_UTIL_H */

/*
 * Value ranges for the executor's bounds proofs (private to lib/Exec; compile.c asks): what an
 * index value or an affine subscript can be when the op using it runs. Numeric ranges come from
 * constants, loop bounds and affine.apply/min/max; a subscript's range is then tightened by
 * substituting the bounds of the loops whose induction variables it uses, innermost first,
 * which proves the clipped windows of padded convolutions in bounds: with
 * `%r` from `max(0, 1 - %p)` to `min(3, 225 - %p)`, `%p + %r - 1` lies in [0, 223] although
 * each of %p and %r - 1 alone ranges wider.
 */
#ifndef SOLAR_EXEC_BOUNDS_H
#define SOLAR_EXEC_BOUNDS_H

#include "IR/ir.h"

typedef struct ExecRange {
    bool known;
    int64_t lo, hi; /* inclusive */
} ExecRange;

extern const ExecRange exec_unknown_range;

static inline ExecRange exec_range_exact(int64_t v) { return (ExecRange){true, v, v}; }

/* The range of e given the ranges of its dims (ops[0, ndims)) and symbols (after them). */
ExecRange exec_expr_range(const SolAffineExpr *e, const ExecRange *ops, uint32_t ndims);
/* The range of an index value: a constant, a loop IV, an affine.apply/min/max result. */
ExecRange exec_value_range(const SolValue *v);
/* The range of result e of an access map over `operands` (ndims dims, then symbols; nops in
 * all): the numeric range, narrowed by loop-bound substitution (see the file comment). */
ExecRange exec_subscript_range(const SolAffineExpr *e, const SolUse *operands, uint32_t ndims,
                               uint32_t nops);

#endif /* SOLAR_EXEC_BOUNDS_H */

/*
 * Affine utilities (affine_util.h): substitution, linear forms and the canonical form of
 * linear parts, built on the uniquing builders of context.c.
 */
#include "IR/affine_util.h"

#include <stdlib.h>
#include <string.h>

const SolAffineExpr *sol_affine_subst(SolContext *ctx, const SolAffineExpr *e,
                                      const SolAffineExpr *const *dims,
                                      const SolAffineExpr *const *syms)
{
    switch (e->kind) {
    case SOL_AFF_CONST:
        return e;
    case SOL_AFF_DIM:
        return dims[e->value];
    case SOL_AFF_SYM:
        return syms[e->value];
    default: {
        const SolAffineExpr *l = sol_affine_subst(ctx, e->lhs, dims, syms),
                            *r = sol_affine_subst(ctx, e->rhs, dims, syms);
        return l && r ? sol_affine_binary(ctx, e->kind, l, r) : NULL;
    }
    }
}

static bool linear_rec(const SolAffineExpr *e, uint32_t n, int64_t scale, int64_t *coef, int64_t *c)
{
    int64_t t;
    switch (e->kind) {
    case SOL_AFF_CONST:
        return !__builtin_mul_overflow(e->value, scale, &t) && !__builtin_add_overflow(*c, t, c);
    case SOL_AFF_DIM:
        return (uint64_t)e->value < n &&
               !__builtin_add_overflow(coef[e->value], scale, &coef[e->value]);
    case SOL_AFF_ADD:
        return linear_rec(e->lhs, n, scale, coef, c) && linear_rec(e->rhs, n, scale, coef, c);
    case SOL_AFF_MUL:
        if (e->rhs->kind == SOL_AFF_CONST)
            return !__builtin_mul_overflow(scale, e->rhs->value, &t) &&
                   linear_rec(e->lhs, n, t, coef, c);
        if (e->lhs->kind == SOL_AFF_CONST)
            return !__builtin_mul_overflow(scale, e->lhs->value, &t) &&
                   linear_rec(e->rhs, n, t, coef, c);
        return false;
    default:
        return false;
    }
}

bool sol_affine_linear(const SolAffineExpr *e, uint32_t n, int64_t *coef, int64_t *c)
{
    memset(coef, 0, n * sizeof *coef);
    *c = 0;
    return linear_rec(e, n, 1, coef, c);
}

/* 1 + the largest dim position e uses (0 when it uses none). */
static uint32_t num_dims_used(const SolAffineExpr *e)
{
    switch (e->kind) {
    case SOL_AFF_DIM:
        return (uint32_t)e->value + 1;
    case SOL_AFF_CONST:
    case SOL_AFF_SYM:
        return 0;
    default: {
        uint32_t a = num_dims_used(e->lhs), b = num_dims_used(e->rhs);
        return a > b ? a : b;
    }
    }
}

/* sum(coef[d] / q * d) + k in dim order (q = 1: the linear form itself). */
static const SolAffineExpr *build_linear(SolContext *ctx, const int64_t *coef, uint32_t n,
                                         int64_t q, int64_t k)
{
    const SolAffineExpr *r = NULL;
    for (uint32_t d = 0; d < n; d++) {
        if (!coef[d])
            continue;
        const SolAffineExpr *t = sol_affine_dim(ctx, d);
        if (coef[d] != q)
            t = sol_affine_mul(ctx, t, sol_affine_const(ctx, coef[d] / q));
        r = r ? sol_affine_add(ctx, r, t) : t;
    }
    const SolAffineExpr *c = sol_affine_const(ctx, k);
    return r ? sol_affine_add(ctx, r, c) : c;
}

/* (q*x + c) floordiv q = x + c floordiv q, and the like, when q divides every coefficient:
 * what a strided loop's counter gives (`(2t + 1) floordiv 2` = t). e->lhs is linear. */
static const SolAffineExpr *canon_division(SolContext *ctx, const SolAffineExpr *e,
                                           const int64_t *coef, uint32_t n, int64_t c)
{
    int64_t q = e->rhs->value;
    bool divides = true;
    for (uint32_t d = 0; d < n && divides; d++)
        divides = coef[d] % q == 0;
    if (!divides)
        return sol_affine_binary(ctx, e->kind, sol_affine_canon(ctx, e->lhs), e->rhs);
    if (e->kind == SOL_AFF_MOD)
        return sol_affine_const(ctx, sol_floormod(c, q));
    int64_t k = e->kind == SOL_AFF_FLOORDIV ? sol_floordiv(c, q) : sol_ceildiv(c, q);
    return build_linear(ctx, coef, n, q, k);
}

const SolAffineExpr *sol_affine_canon(SolContext *ctx, const SolAffineExpr *e)
{
    if (e->kind == SOL_AFF_CONST || e->kind == SOL_AFF_DIM || e->kind == SOL_AFF_SYM)
        return e;
    uint32_t n = num_dims_used(e);
    int64_t *coef = sol_xcalloc(n + 1, sizeof *coef);
    int64_t c;
    const SolAffineExpr *r;
    if (sol_affine_linear(e, n, coef, &c))
        r = build_linear(ctx, coef, n, 1, c);
    else if ((e->kind == SOL_AFF_FLOORDIV || e->kind == SOL_AFF_CEILDIV ||
              e->kind == SOL_AFF_MOD) &&
             e->rhs->kind == SOL_AFF_CONST && e->rhs->value > 0 &&
             sol_affine_linear(e->lhs, n, coef, &c))
        r = canon_division(ctx, e, coef, n, c);
    else
        r = sol_affine_binary(ctx, e->kind, sol_affine_canon(ctx, e->lhs),
                              sol_affine_canon(ctx, e->rhs));
    free(coef);
    return r;
}

/*
 * Unit test of the affine expression builders (lib/IR/context.c): constant folding with
 * floor/ceil semantics on negative operands, canonical forms (constants on the right, `x - y`
 * as `x + y * -1`, collected constant terms), no folding when int64 would overflow or a
 * divisor is zero, uniquing (equal expressions, maps and sets are one pointer), the
 * pure/symbolic predicates, and the printer's text for each form; and the utilities of
 * lib/IR/affine_util.c: substitution, linear forms and the canonical form of linear parts.
 * Exit status 0 = pass.
 */
#include "IR/affine_util.h"
#include "IR/ir.h"

#include <stdlib.h>
#include <string.h>

#include "check.h"

/* e must print as `want` (dims d0.., symbols s0..). */
#define EXPECT_TEXT(e, want) expect_text(__LINE__, (e), (want))
static void expect_text(int line, const SolAffineExpr *e, const char *want)
{
    SolBuf b = {0};
    sol_affine_expr_print(&b, e, NULL, 0);
    if (!b.data || strcmp(b.data, want) != 0) {
        fprintf(stderr, "%s:%d: expression prints as '%s', want '%s'\n", __FILE__, line,
                b.data ? b.data : "", want);
        failures++;
    }
    sol_buf_free(&b);
}

/* e must be the constant v. */
#define EXPECT_CONST(e, v) expect_const(__LINE__, (e), (v))
static void expect_const(int line, const SolAffineExpr *e, int64_t v)
{
    if (e->kind != SOL_AFF_CONST || e->value != v) {
        SolBuf b = {0};
        sol_affine_expr_print(&b, e, NULL, 0);
        fprintf(stderr, "%s:%d: got '%s', want the constant %lld\n", __FILE__, line,
                b.data ? b.data : "", (long long)v);
        sol_buf_free(&b);
        failures++;
    }
}

static SolContext *ctx;
static const SolAffineExpr *C(int64_t v) { return sol_affine_const(ctx, v); }
static const SolAffineExpr *bin(SolAffineKind k, const SolAffineExpr *a, const SolAffineExpr *b)
{
    return sol_affine_binary(ctx, k, a, b);
}
static const SolAffineExpr *fdiv(const SolAffineExpr *a, const SolAffineExpr *b) { return bin(SOL_AFF_FLOORDIV, a, b); }
static const SolAffineExpr *cdiv(const SolAffineExpr *a, const SolAffineExpr *b) { return bin(SOL_AFF_CEILDIV, a, b); }
static const SolAffineExpr *mod(const SolAffineExpr *a, const SolAffineExpr *b) { return bin(SOL_AFF_MOD, a, b); }
static const SolAffineExpr *add(const SolAffineExpr *a, const SolAffineExpr *b) { return sol_affine_add(ctx, a, b); }
static const SolAffineExpr *mul(const SolAffineExpr *a, const SolAffineExpr *b) { return sol_affine_mul(ctx, a, b); }
static const SolAffineExpr *sub(const SolAffineExpr *a, const SolAffineExpr *b) { return add(a, sol_affine_neg(ctx, b)); }

static void test_constant_folding(void)
{
    /* floordiv rounds toward -inf, ceildiv toward +inf, mod is never negative for a positive
     * divisor (MLIR's semantics, not C's). */
    EXPECT_CONST(fdiv(C(7), C(2)), 3);
    EXPECT_CONST(fdiv(C(-7), C(2)), -4);
    EXPECT_CONST(fdiv(C(-8), C(2)), -4);
    EXPECT_CONST(fdiv(C(-1), C(3)), -1);
    EXPECT_CONST(fdiv(C(0), C(5)), 0);
    EXPECT_CONST(cdiv(C(7), C(2)), 4);
    EXPECT_CONST(cdiv(C(-7), C(2)), -3);
    EXPECT_CONST(cdiv(C(-8), C(2)), -4);
    EXPECT_CONST(cdiv(C(1), C(3)), 1);
    EXPECT_CONST(mod(C(7), C(2)), 1);
    EXPECT_CONST(mod(C(-7), C(2)), 1);
    EXPECT_CONST(mod(C(-8), C(2)), 0);
    EXPECT_CONST(mod(C(-1), C(16)), 15);
    EXPECT_CONST(mod(C(INT64_MIN), C(3)), 1); /* -2^63 = 3 * (-3074457345618258603) + 1 */
    EXPECT_CONST(fdiv(C(INT64_MIN), C(2)), INT64_MIN / 2);
    EXPECT_CONST(fdiv(C(INT64_MIN + 1), C(INT64_MAX)), -1);
    EXPECT_CONST(cdiv(C(INT64_MAX), C(INT64_MAX)), 1);
    /* Negative divisors (the builder's business; the parser rejects them in source). */
    EXPECT_CONST(fdiv(C(7), C(-2)), -4);
    EXPECT_CONST(cdiv(C(7), C(-2)), -3);
    EXPECT_CONST(fdiv(C(-7), C(-2)), 3);
    EXPECT_CONST(cdiv(C(-7), C(-2)), 4);

    EXPECT_CONST(add(C(2), C(3)), 5);
    EXPECT_CONST(add(C(INT64_MAX), C(INT64_MIN)), -1);
    EXPECT_CONST(mul(C(-4), C(6)), -24);
    EXPECT_CONST(mul(C(INT64_MIN), C(1)), INT64_MIN);
    EXPECT_CONST(sol_affine_neg(ctx, C(5)), -5);
    EXPECT_CONST(sol_affine_neg(ctx, C(INT64_MAX)), -INT64_MAX);
    EXPECT_CONST(sub(C(3), C(10)), -7);
}

static void test_no_fold(void)
{
    /* Overflow: the operation is kept as written, with both constants. */
    const SolAffineExpr *e = add(C(INT64_MAX), C(1));
    EXPECT(e->kind == SOL_AFF_ADD && e->lhs->kind == SOL_AFF_CONST && e->rhs->kind == SOL_AFF_CONST);
    EXPECT(e->lhs->value == INT64_MAX && e->rhs->value == 1);
    e = mul(C(INT64_MAX), C(2));
    EXPECT(e->kind == SOL_AFF_MUL && e->lhs->value == INT64_MAX && e->rhs->value == 2);
    e = mul(C(INT64_MIN), C(-1));
    EXPECT(e->kind == SOL_AFF_MUL);
    e = sol_affine_neg(ctx, C(INT64_MIN)); /* -(-2^63) does not fit */
    EXPECT(e->kind == SOL_AFF_MUL);
    e = fdiv(C(INT64_MIN), C(-1));
    EXPECT(e->kind == SOL_AFF_FLOORDIV && e->lhs->value == INT64_MIN && e->rhs->value == -1);
    e = cdiv(C(INT64_MIN), C(-1));
    EXPECT(e->kind == SOL_AFF_CEILDIV);
    /* Folding through a sum must not overflow either: (d0 + MAX) + 1 stays. */
    const SolAffineExpr *d0 = sol_affine_dim(ctx, 0);
    e = add(add(d0, C(INT64_MAX)), C(1));
    EXPECT(e->kind == SOL_AFF_ADD && e->rhs->kind == SOL_AFF_CONST && e->rhs->value == 1);
    EXPECT_TEXT(e, "d0 + 9223372036854775807 + 1");
    e = mul(mul(d0, C(INT64_C(1) << 62)), C(4));
    EXPECT(e->kind == SOL_AFF_MUL && e->rhs->value == 4);

    /* Division by zero: kept, never evaluated. */
    e = fdiv(C(5), C(0));
    EXPECT(e->kind == SOL_AFF_FLOORDIV && e->rhs->value == 0);
    e = cdiv(C(5), C(0));
    EXPECT(e->kind == SOL_AFF_CEILDIV && e->rhs->value == 0);
    e = mod(C(5), C(0));
    EXPECT(e->kind == SOL_AFF_MOD && e->rhs->value == 0);
    e = mod(d0, C(0));
    EXPECT(e->kind == SOL_AFF_MOD && e->lhs == d0);
}

static void test_canonical_forms(void)
{
    const SolAffineExpr *d0 = sol_affine_dim(ctx, 0), *d1 = sol_affine_dim(ctx, 1);
    const SolAffineExpr *s0 = sol_affine_sym(ctx, 0);

    /* Constants go to the right of sums and products. */
    const SolAffineExpr *e = add(C(3), d0);
    EXPECT(e->kind == SOL_AFF_ADD && e->lhs == d0 && e->rhs == C(3));
    EXPECT(e == add(d0, C(3)));
    e = mul(C(4), d0);
    EXPECT(e->kind == SOL_AFF_MUL && e->lhs == d0 && e->rhs == C(4));
    EXPECT(e == mul(d0, C(4)));
    EXPECT_TEXT(e, "d0 * 4");
    /* Symbolic factors go right of dims. */
    EXPECT(mul(s0, d0) == mul(d0, s0));
    EXPECT_TEXT(mul(s0, d0), "d0 * s0");

    /* Identities. */
    EXPECT(add(d0, C(0)) == d0);
    EXPECT(add(C(0), d0) == d0);
    EXPECT(mul(d0, C(1)) == d0);
    EXPECT(mul(C(1), d0) == d0);
    EXPECT_CONST(mul(d0, C(0)), 0);
    EXPECT(fdiv(d0, C(1)) == d0);
    EXPECT(cdiv(d0, C(1)) == d0);
    EXPECT_CONST(mod(d0, C(1)), 0);

    /* Constant terms and factors are collected: (x + 2) + 3, (x * 2) * 3, (x + 2) + y. */
    EXPECT(add(add(d0, C(2)), C(3)) == add(d0, C(5)));
    EXPECT(add(add(d0, C(2)), C(-2)) == d0);
    EXPECT(mul(mul(d0, C(2)), C(3)) == mul(d0, C(6)));
    EXPECT(mul(mul(d0, C(2)), C(-1)) == mul(d0, C(-2)));
    e = add(add(d0, C(2)), d1);
    EXPECT(e == add(add(d0, d1), C(2)));
    EXPECT_TEXT(e, "d0 + d1 + 2");

    /* Subtraction is x + y * -1, and prints as `x - y`; negation as `-x`. */
    e = sub(d0, d1);
    EXPECT(e->kind == SOL_AFF_ADD && e->lhs == d0 && e->rhs == mul(d1, C(-1)));
    EXPECT_TEXT(e, "d0 - d1");
    EXPECT_TEXT(sub(d0, C(1)), "d0 - 1");
    EXPECT(sub(d0, C(1)) == add(d0, C(-1)));
    EXPECT_TEXT(sol_affine_neg(ctx, d0), "-d0");
    EXPECT(sol_affine_neg(ctx, sol_affine_neg(ctx, d0)) == d0);
    EXPECT_TEXT(sub(C(15), d0), "-d0 + 15");
    EXPECT_TEXT(sub(d0, mul(d1, C(3))), "d0 - d1 * 3");
    EXPECT_TEXT(add(d0, mul(d1, C(-3))), "d0 - d1 * 3");
    EXPECT_TEXT(sub(d0, mul(C(-3), d1)), "d0 + d1 * 3");

    /* Precedence in printing: a sum under a product or a division gets parentheses. */
    EXPECT_TEXT(mul(add(d0, C(1)), C(3)), "(d0 + 1) * 3");
    EXPECT_TEXT(fdiv(add(d0, d1), C(4)), "(d0 + d1) floordiv 4");
    EXPECT_TEXT(mod(sub(C(15), d0), C(16)), "(-d0 + 15) mod 16");
    EXPECT_TEXT(add(fdiv(d0, C(2)), cdiv(d1, C(3))), "d0 floordiv 2 + d1 ceildiv 3");
    EXPECT_TEXT(add(d0, s0), "d0 + s0");
    EXPECT_TEXT(C(-42), "-42");
    /* -2^63 is spelled so that both parsers read it back (neither reads 9223372036854775808). */
    SolBuf b = {0};
    sol_affine_expr_print(&b, C(INT64_MIN), NULL, 0);
    EXPECT(b.data && strstr(b.data, "-9223372036854775807 - 1") && !strstr(b.data, "9223372036854775808"));
    sol_buf_free(&b);
}

static void test_uniquing(void)
{
    const SolAffineExpr *d0 = sol_affine_dim(ctx, 0);
    EXPECT(sol_affine_dim(ctx, 0) == d0);
    EXPECT(sol_affine_dim(ctx, 1) != d0);
    EXPECT(sol_affine_sym(ctx, 0) != d0); /* a symbol is not a dim of the same position */
    EXPECT(sol_affine_const(ctx, 7) == sol_affine_const(ctx, 7));
    EXPECT(sol_affine_const(ctx, 0) != sol_affine_const(ctx, 1));
    EXPECT(fdiv(d0, C(4)) == fdiv(d0, C(4)));
    EXPECT(fdiv(d0, C(4)) != cdiv(d0, C(4)));
    EXPECT(mod(d0, C(4)) != fdiv(d0, C(4)));
    /* Built in different orders, one expression. */
    const SolAffineExpr *a = add(mul(d0, C(4)), add(sol_affine_sym(ctx, 0), C(1)));
    const SolAffineExpr *b = add(mul(d0, C(4)), add(sol_affine_sym(ctx, 0), C(1)));
    EXPECT(a == b);

    /* Maps and sets: uniqued by dims, symbols and result pointers. */
    const SolAffineExpr *r1[] = {d0, C(0)}, *r2[] = {d0, C(0)}, *r3[] = {C(0), d0};
    const SolAffineMap *m1 = sol_affine_map(ctx, 1, 0, 2, r1);
    EXPECT(m1 == sol_affine_map(ctx, 1, 0, 2, r2));
    EXPECT(m1 != sol_affine_map(ctx, 1, 0, 2, r3));
    EXPECT(m1 != sol_affine_map(ctx, 1, 1, 2, r1));
    EXPECT(m1 != sol_affine_map(ctx, 2, 0, 2, r1));
    EXPECT(m1 != sol_affine_map(ctx, 1, 0, 1, r1));
    EXPECT(sol_affine_map(ctx, 0, 0, 0, NULL) == sol_affine_map(ctx, 0, 0, 0, NULL));
    EXPECT(m1->num_dims == 1 && m1->num_syms == 0 && m1->num_results == 2);
    EXPECT(m1->results != r1 && m1->results[0] == d0); /* the map keeps its own copy */

    bool eq[] = {false, true}, eq2[] = {true, false};
    const SolIntegerSet *s1 = sol_integer_set(ctx, 1, 0, 2, r1, eq);
    EXPECT(s1 == sol_integer_set(ctx, 1, 0, 2, r2, eq));
    EXPECT(s1 != sol_integer_set(ctx, 1, 0, 2, r1, eq2));
    EXPECT(s1->is_eq != eq && s1->is_eq[1]);

    SolBuf b1 = {0};
    sol_affine_map_print(&b1, sol_affine_map(ctx, 2, 1, 2,
                                             (const SolAffineExpr *[]){add(d0, sol_affine_sym(ctx, 0)),
                                                                       sol_affine_dim(ctx, 1)}));
    EXPECT(b1.data && strcmp(b1.data, "affine_map<(d0, d1)[s0] -> (d0 + s0, d1)>") == 0);
    sol_buf_free(&b1);
    sol_integer_set_print(&b1, s1);
    EXPECT(b1.data && strcmp(b1.data, "affine_set<(d0) : (d0 >= 0, 0 == 0)>") == 0);
    sol_buf_free(&b1);
}

static void test_predicates(void)
{
    const SolAffineExpr *d0 = sol_affine_dim(ctx, 0), *s0 = sol_affine_sym(ctx, 0);
    EXPECT(sol_affine_is_pure(add(mul(d0, C(3)), fdiv(d0, C(2)))));
    EXPECT(!sol_affine_is_pure(mul(d0, s0)));   /* semi-affine */
    EXPECT(!sol_affine_is_pure(mod(d0, s0)));
    EXPECT(sol_affine_is_symbolic(add(mul(s0, C(2)), C(1))));
    EXPECT(sol_affine_is_symbolic(fdiv(s0, C(2))));
    EXPECT(!sol_affine_is_symbolic(add(s0, d0)));
    EXPECT(sol_affine_is_symbolic(C(3)));
}

static void test_subst(void)
{
    const SolAffineExpr *d0 = sol_affine_dim(ctx, 0), *d1 = sol_affine_dim(ctx, 1);
    const SolAffineExpr *s0 = sol_affine_sym(ctx, 0);
    /* (d0 + s0 * 2) floordiv 4 with d0 -> d1 + 1, s0 -> 3: the builders fold what they can. */
    const SolAffineExpr *e = fdiv(add(d0, mul(s0, C(2))), C(4));
    const SolAffineExpr *dims[] = {add(d1, C(1))}, *syms[] = {C(3)};
    EXPECT(sol_affine_subst(ctx, e, dims, syms) == fdiv(add(d1, C(7)), C(4)));
    /* Constants everywhere fold to a constant. */
    const SolAffineExpr *cd[] = {C(9)};
    EXPECT_CONST(sol_affine_subst(ctx, e, cd, syms), 3);
    /* A replacement left NULL makes the result NULL, unless e does not use it. */
    const SolAffineExpr *none[] = {NULL};
    EXPECT(sol_affine_subst(ctx, e, none, syms) == NULL);
    EXPECT(sol_affine_subst(ctx, add(s0, C(1)), none, syms) == C(4));
}

static void test_linear(void)
{
    const SolAffineExpr *d0 = sol_affine_dim(ctx, 0), *d1 = sol_affine_dim(ctx, 1);
    int64_t coef[3], c;
    /* 2*(d0 + 3) - d1 + d0 = 3*d0 - d1 + 6 */
    EXPECT(sol_affine_linear(add(add(mul(add(d0, C(3)), C(2)), sol_affine_neg(ctx, d1)), d0), 3,
                             coef, &c));
    EXPECT(coef[0] == 3 && coef[1] == -1 && coef[2] == 0 && c == 6);
    EXPECT(sol_affine_linear(C(-5), 3, coef, &c) && coef[0] == 0 && c == -5);
    /* Not linear: a dim outside the n given, a symbol, a division, a product of dims. */
    EXPECT(!sol_affine_linear(d1, 1, coef, &c));
    EXPECT(!sol_affine_linear(add(d0, sol_affine_sym(ctx, 0)), 3, coef, &c));
    EXPECT(!sol_affine_linear(fdiv(d0, C(2)), 3, coef, &c));
    EXPECT(!sol_affine_linear(mul(d0, d1), 3, coef, &c));
    /* Overflow is refused, not wrapped. */
    EXPECT(!sol_affine_linear(add(mul(d0, C(INT64_MAX)), d0), 3, coef, &c));
}

static void test_canon(void)
{
    const SolAffineExpr *d0 = sol_affine_dim(ctx, 0), *d1 = sol_affine_dim(ctx, 1);
    const SolAffineExpr *s0 = sol_affine_sym(ctx, 0);
    /* Terms collected in dim order, zero terms dropped: (d1 + d0) + d0 - d1 * 2 + 1. */
    const SolAffineExpr *e = add(add(add(d1, d0), d0), add(mul(d1, C(-2)), C(1)));
    EXPECT_TEXT(sol_affine_canon(ctx, e), "d0 * 2 - d1 + 1");
    EXPECT(sol_affine_canon(ctx, e) == sol_affine_canon(ctx, add(mul(d0, C(2)), sub(C(1), d1))));
    EXPECT(sol_affine_canon(ctx, sub(add(d0, d1), d1)) == sol_affine_canon(ctx, add(d0, C(0))));
    EXPECT_CONST(sol_affine_canon(ctx, sub(d0, d0)), 0);
    /* Leaves are their own canonical form. */
    EXPECT(sol_affine_canon(ctx, d1) == d1 && sol_affine_canon(ctx, s0) == s0);
    /* A strided counter: (2*d0 + 1) floordiv 2 = d0, ceildiv gives d0 + 1, mod gives 1. */
    const SolAffineExpr *x = add(mul(d0, C(2)), C(1));
    EXPECT(sol_affine_canon(ctx, fdiv(x, C(2))) == d0);
    EXPECT(sol_affine_canon(ctx, cdiv(x, C(2))) == add(d0, C(1)));
    EXPECT_CONST(sol_affine_canon(ctx, mod(x, C(2))), 1);
    /* 4*d0 - 3 floordiv 2 = 2*d0 - 2 (floor of -1.5). */
    EXPECT_TEXT(sol_affine_canon(ctx, fdiv(sub(mul(d0, C(4)), C(3)), C(2))), "d0 * 2 - 2");
    /* q does not divide a coefficient: the division stays, over the canonical dividend. */
    EXPECT_TEXT(sol_affine_canon(ctx, fdiv(add(d1, add(d0, d0)), C(4))),
                "(d0 * 2 + d1) floordiv 4");
    /* Not linear at all: operands made canonical. */
    EXPECT_TEXT(sol_affine_canon(ctx, mul(add(d0, d0), s0)), "d0 * 2 * s0");
}

int main(void)
{
    ctx = sol_context_new();
    test_constant_folding();
    test_no_fold();
    test_canonical_forms();
    test_uniquing();
    test_predicates();
    test_subst();
    test_linear();
    test_canon();
    sol_context_free(ctx);
    if (failures)
        fprintf(stderr, "affine_canon: %d check(s) failed\n", failures);
    return failures ? 1 : 0;
}

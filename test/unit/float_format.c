/*
 * Unit test of the float helpers shared by the parser, the printer and the interpreter
 * (sol_float_round / sol_float_to_bits / sol_float_from_bits, lib/IR/context.c) for f16, bf16,
 * f32 and f64: exact values at the limits of each format, round-to-nearest-ties-to-even at
 * ordinary values, at the subnormal/normal boundary and at overflow, signed zeros, infinities
 * and NaNs, and bits -> value -> bits round trips over every f16 and bf16 pattern.
 * Exit status 0 = pass.
 */
#include "IR/ir.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

static const char *kind_name(SolFloatKind k)
{
    static const char *const names[] = {"f16", "bf16", "f32", "f64"};
    return names[k];
}

/* Same double, bit for bit (so -0.0 != 0.0 and NaN == NaN). */
static bool same(double a, double b)
{
    if (isnan(a) || isnan(b))
        return isnan(a) && isnan(b);
    return memcmp(&a, &b, sizeof a) == 0;
}

/* Rounding v to k must give want exactly, and its bits must be `bits`. */
#define EXPECT_ROUND(v, k, want, bits) expect_round(__LINE__, (v), (k), (want), (bits))
static void expect_round(int line, double v, SolFloatKind k, double want, uint64_t bits)
{
    double got = sol_float_round(v, k);
    uint64_t got_bits = sol_float_to_bits(v, k);
    if (!same(got, want) || got_bits != bits) {
        fprintf(stderr, "%s:%d: %s(%.17g): got %.17g (0x%llX), want %.17g (0x%llX)\n", __FILE__,
                line, kind_name(k), v, got, (unsigned long long)got_bits, want,
                (unsigned long long)bits);
        failures++;
    }
}

/* Decoding bits must give want exactly. */
#define EXPECT_DECODE(bits, k, want) expect_decode(__LINE__, (bits), (k), (want))
static void expect_decode(int line, uint64_t bits, SolFloatKind k, double want)
{
    double got = sol_float_from_bits(bits, k);
    if (!same(got, want)) {
        fprintf(stderr, "%s:%d: %s bits 0x%llX decode to %.17g, want %.17g\n", __FILE__, line,
                kind_name(k), (unsigned long long)bits, got, want);
        failures++;
    }
}

static void test_f16(void)
{
    /* Exact values. */
    EXPECT_ROUND(1.0, SOL_F16, 1.0, 0x3C00);
    EXPECT_ROUND(-2.0, SOL_F16, -2.0, 0xC000);
    EXPECT_ROUND(0.5, SOL_F16, 0.5, 0x3800);
    EXPECT_ROUND(65504.0, SOL_F16, 65504.0, 0x7BFF);            /* largest finite */
    EXPECT_ROUND(-65504.0, SOL_F16, -65504.0, 0xFBFF);
    EXPECT_ROUND(ldexp(1, -14), SOL_F16, ldexp(1, -14), 0x0400); /* smallest normal */
    EXPECT_ROUND(ldexp(1, -24), SOL_F16, ldexp(1, -24), 0x0001); /* smallest subnormal */
    EXPECT_ROUND(-ldexp(1, -24), SOL_F16, -ldexp(1, -24), 0x8001);
    EXPECT_ROUND(ldexp(1023, -24), SOL_F16, ldexp(1023, -24), 0x03FF); /* largest subnormal */
    EXPECT_ROUND(0.0, SOL_F16, 0.0, 0x0000);
    EXPECT_ROUND(-0.0, SOL_F16, -0.0, 0x8000);

    /* Ties to even. 2049 is halfway between 2048 and 2050: 2048 (even mantissa). 2051 -> 2052. */
    EXPECT_ROUND(2049.0, SOL_F16, 2048.0, 0x6800);
    EXPECT_ROUND(2051.0, SOL_F16, 2052.0, 0x6802);
    EXPECT_ROUND(2049.0001, SOL_F16, 2050.0, 0x6801);
    /* 1 + 2^-11 is halfway between 1 and 1 + 2^-10: 1. 1 + 3 * 2^-11: 1 + 2^-9. */
    EXPECT_ROUND(1.0 + ldexp(1, -11), SOL_F16, 1.0, 0x3C00);
    EXPECT_ROUND(1.0 + 3 * ldexp(1, -11), SOL_F16, 1.0 + ldexp(1, -9), 0x3C02);
    /* 0.1 is not a half: nearest is 0x2E66 = 0.0999755859375. */
    EXPECT_ROUND(0.1, SOL_F16, 0.0999755859375, 0x2E66);

    /* Overflow: 65519.99 rounds down to 65504; 65520 (halfway to 2^16) rounds to +inf. */
    EXPECT_ROUND(65519.0, SOL_F16, 65504.0, 0x7BFF);
    EXPECT_ROUND(65520.0, SOL_F16, INFINITY, 0x7C00);
    EXPECT_ROUND(-65520.0, SOL_F16, -INFINITY, 0xFC00);
    EXPECT_ROUND(1e300, SOL_F16, INFINITY, 0x7C00);
    EXPECT_ROUND(INFINITY, SOL_F16, INFINITY, 0x7C00);
    EXPECT_ROUND(-INFINITY, SOL_F16, -INFINITY, 0xFC00);

    /* Underflow: half the smallest subnormal is a tie with 0 (even): 0; a bit more: 2^-24. */
    EXPECT_ROUND(ldexp(1, -25), SOL_F16, 0.0, 0x0000);
    EXPECT_ROUND(-ldexp(1, -25), SOL_F16, -0.0, 0x8000);
    EXPECT_ROUND(ldexp(1, -25) * 1.0001, SOL_F16, ldexp(1, -24), 0x0001);
    EXPECT_ROUND(ldexp(3, -25), SOL_F16, ldexp(2, -24), 0x0002); /* 1.5 ulp: tie to even 2 */
    EXPECT_ROUND(1e-300, SOL_F16, 0.0, 0x0000);
    /* Between the largest subnormal and the smallest normal: tie rounds up to the normal. */
    EXPECT_ROUND(ldexp(2047, -25), SOL_F16, ldexp(1, -14), 0x0400);

    /* NaN encodes as the quiet NaN; every exponent-all-ones pattern with a fraction decodes
     * as NaN, with the fraction zero as infinity. */
    EXPECT(sol_float_to_bits(NAN, SOL_F16) == 0x7E00);
    EXPECT(isnan(sol_float_round(NAN, SOL_F16)));
    EXPECT_DECODE(0x7C00, SOL_F16, INFINITY);
    EXPECT_DECODE(0xFC00, SOL_F16, -INFINITY);
    EXPECT_DECODE(0x7E00, SOL_F16, NAN);
    EXPECT_DECODE(0x7C01, SOL_F16, NAN);
    EXPECT_DECODE(0xFFFF, SOL_F16, NAN);
    EXPECT_DECODE(0x0001, SOL_F16, ldexp(1, -24));
    EXPECT_DECODE(0x8000, SOL_F16, -0.0);
    EXPECT_DECODE(0x3555, SOL_F16, 0.333251953125);
    EXPECT_DECODE(0x13C00, SOL_F16, 1.0); /* only the low 16 bits count */
}

static void test_bf16(void)
{
    EXPECT_ROUND(1.0, SOL_BF16, 1.0, 0x3F80);
    EXPECT_ROUND(-1.0, SOL_BF16, -1.0, 0xBF80);
    /* 1 + 2^-8 is halfway between 1 and 1 + 2^-7: 1. 1 + 3 * 2^-8: 1 + 2^-6 (even). */
    EXPECT_ROUND(1.00390625, SOL_BF16, 1.0, 0x3F80);
    EXPECT_ROUND(1.01171875, SOL_BF16, 1.015625, 0x3F82);
    EXPECT_ROUND(1.0078125, SOL_BF16, 1.0078125, 0x3F81);
    EXPECT_ROUND(1.00390626, SOL_BF16, 1.0078125, 0x3F81);
    /* Same exponent range as f32: the largest finite is (2 - 2^-7) * 2^127. */
    double max = ldexp(2.0 - ldexp(1, -7), 127);
    EXPECT_ROUND(max, SOL_BF16, max, 0x7F7F);
    EXPECT_ROUND(3.0e38, SOL_BF16, ldexp(1.765625, 127), 0x7F62);
    EXPECT_ROUND(ldexp(2.0 - ldexp(1, -8), 127), SOL_BF16, INFINITY, 0x7F80); /* tie -> inf */
    EXPECT_ROUND(-4.0e38, SOL_BF16, -INFINITY, 0xFF80);
    EXPECT_ROUND(ldexp(1, -126), SOL_BF16, ldexp(1, -126), 0x0080); /* smallest normal */
    EXPECT_ROUND(ldexp(1, -133), SOL_BF16, ldexp(1, -133), 0x0001); /* smallest subnormal */
    EXPECT_ROUND(ldexp(1, -134), SOL_BF16, 0.0, 0x0000);             /* tie with 0 */
    EXPECT_ROUND(-0.0, SOL_BF16, -0.0, 0x8000);
    EXPECT_ROUND(0.1, SOL_BF16, 0.10009765625, 0x3DCD);
    EXPECT(sol_float_to_bits(NAN, SOL_BF16) == 0x7FC0);
    EXPECT_DECODE(0x7F80, SOL_BF16, INFINITY);
    EXPECT_DECODE(0xFF80, SOL_BF16, -INFINITY);
    EXPECT_DECODE(0x7FC1, SOL_BF16, NAN);
    EXPECT_DECODE(0x4049, SOL_BF16, 3.140625);
}

static void test_f32_f64(void)
{
    EXPECT_ROUND(0.1, SOL_F32, (double)0.1f, 0x3DCCCCCD);
    EXPECT_ROUND(1.0 + ldexp(1, -24), SOL_F32, 1.0, 0x3F800000); /* tie to even */
    EXPECT_ROUND(1.0 + 3 * ldexp(1, -24), SOL_F32, 1.0 + ldexp(1, -22), 0x3F800002);
    EXPECT_ROUND(3.4028234663852886e38, SOL_F32, 3.4028234663852886e38, 0x7F7FFFFF);
    EXPECT_ROUND(1e39, SOL_F32, INFINITY, 0x7F800000);
    EXPECT_ROUND(-0.0, SOL_F32, -0.0, 0x80000000);
    EXPECT_ROUND(ldexp(1, -149), SOL_F32, ldexp(1, -149), 0x00000001);
    EXPECT_DECODE(0xFF800000, SOL_F32, -INFINITY);
    EXPECT_DECODE(0x7FC00001, SOL_F32, NAN);
    EXPECT_DECODE(0x00000001, SOL_F32, ldexp(1, -149));

    EXPECT_ROUND(0.1, SOL_F64, 0.1, 0x3FB999999999999AULL);
    EXPECT_ROUND(-0.0, SOL_F64, -0.0, 0x8000000000000000ULL);
    EXPECT_ROUND(123456789.0, SOL_F64, 123456789.0, 0x419D6F3454000000ULL);
    EXPECT_ROUND(INFINITY, SOL_F64, INFINITY, 0x7FF0000000000000ULL);
    EXPECT_DECODE(0x7FF0000000000000ULL, SOL_F64, INFINITY);
    EXPECT_DECODE(0x0000000000000001ULL, SOL_F64, ldexp(1, -1074));
    EXPECT_DECODE(0x7FF8000000000001ULL, SOL_F64, NAN);
}

/* Every 16-bit pattern: decode, re-encode (NaNs re-encode as the canonical quiet NaN), and
 * rounding a decoded finite value is the identity. */
static void test_all_patterns(SolFloatKind k, uint64_t exp_mask, uint64_t qnan)
{
    int bad = 0;
    for (uint64_t bits = 0; bits <= 0xFFFF; bits++) {
        double v = sol_float_from_bits(bits, k);
        bool is_nan = (bits & exp_mask) == exp_mask && (bits & ~exp_mask & 0x7FFF) != 0;
        uint64_t want = is_nan ? qnan : bits;
        uint64_t back = sol_float_to_bits(v, k);
        bool ok = is_nan ? (isnan(v) && (back & 0x7FFF) == qnan)
                         : (back == want && same(sol_float_round(v, k), v));
        if (!ok && bad++ < 5)
            fprintf(stderr, "%s: pattern 0x%04llX decodes to %.17g, re-encodes as 0x%04llX\n",
                    kind_name(k), (unsigned long long)bits, v, (unsigned long long)back);
    }
    if (bad) {
        fprintf(stderr, "%s: %d of 65536 patterns do not round-trip\n", kind_name(k), bad);
        failures++;
    }
}

int main(void)
{
    test_f16();
    test_bf16();
    test_f32_f64();
    test_all_patterns(SOL_F16, 0x7C00, 0x7E00);
    test_all_patterns(SOL_BF16, 0x7F80, 0x7FC0);
    if (failures)
        fprintf(stderr, "float_format: %d check(s) failed\n", failures);
    return failures ? 1 : 0;
}

/*
 * The scalar semantics both engines share, as one source text: the interpreter includes this
 * header (through arith.h and runtime.h), and the C engine embeds the same bytes in every
 * program it generates (cgen.c, embedded by embed.cmake). So a conversion, a NaN-propagating
 * maximum or an f16 element load cannot drift between the reference and the compiled code.
 *
 * Self-contained on purpose (only the C library): generated code has no SOLAR-C headers. The
 * includer defines the float kinds SC_F16, SC_BF16, SC_F32, SC_F64 (SolFloatKind's values) and
 * SC_FLOAT_ROUND(v, k), SC_FLOAT_TO_BITS(v, k), SC_FLOAT_FROM_BITS(bits, k) (lib/IR's
 * sol_float_round & co., called through the host in generated code: one implementation).
 *
 * Integer values live sign-extended to 64 bits whatever their width; arithmetic that can
 * overflow is done on uint64_t, so C's signed overflow never happens.
 */
#ifndef SOLAR_EXEC_SCALAR_H
#define SOLAR_EXEC_SCALAR_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

static inline int64_t sext(int64_t v, uint32_t w)
{
    if (w >= 64)
        return v;
    uint64_t u = (uint64_t)v << (64 - w);
    return (int64_t)u >> (64 - w);
}

static inline uint64_t zext(int64_t v, uint32_t w)
{
    return w >= 64 ? (uint64_t)v : (uint64_t)v & ((1ull << w) - 1);
}

/* Affine division and modulo, rounding toward -inf / +inf (b != 0; b == -1 with INT64_MIN is
 * excluded by the callers). */
static inline int64_t sc_floordiv(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

static inline int64_t sc_ceildiv(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return (a % b != 0 && ((a < 0) == (b < 0))) ? q + 1 : q;
}

static inline int64_t sc_floormod(int64_t a, int64_t b)
{
    int64_t r = a % b;
    return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}

/* IEEE maximum/minimum: NaN if either is NaN, and -0 < +0. */
static inline double maximumf(double a, double b)
{
    if (isnan(a) || isnan(b))
        return a + b;
    if (a == b)
        return signbit(a) ? b : a;
    return a > b ? a : b;
}

static inline double minimumf(double a, double b)
{
    if (isnan(a) || isnan(b))
        return a + b;
    if (a == b)
        return signbit(a) ? a : b;
    return a < b ? a : b;
}

/* IEEE maxNum/minNum: a NaN operand loses to a number. Of -0 and +0, which C's fmax/fmin leave
 * open (and GCC, knowing them commutative, may swap their operands), max returns +0 and min
 * -0, whatever the order, so both engines and every build agree. */
static inline double maxnumf(double a, double b)
{
    if (isnan(a))
        return b;
    if (isnan(b))
        return a;
    if (a == b)
        return signbit(a) ? b : a;
    return a > b ? a : b;
}

static inline double minnumf(double a, double b)
{
    if (isnan(a))
        return b;
    if (isnan(b))
        return a;
    if (a == b)
        return signbit(a) ? a : b;
    return a < b ? a : b;
}

static inline bool cmpf(unsigned pred, double a, double b)
{
    bool uno = isnan(a) || isnan(b);
    switch (pred) {
    case 0: return false;
    case 1: return !uno && a == b;
    case 2: return !uno && a > b;
    case 3: return !uno && a >= b;
    case 4: return !uno && a < b;
    case 5: return !uno && a <= b;
    case 6: return !uno && a != b;
    case 7: return !uno;
    case 8: return uno || a == b;
    case 9: return uno || a > b;
    case 10: return uno || a >= b;
    case 11: return uno || a < b;
    case 12: return uno || a <= b;
    case 13: return uno || a != b;
    case 14: return uno;
    default: return true;
    }
}

static inline bool cmpi(unsigned pred, int64_t a, int64_t b, uint32_t w)
{
    uint64_t ua = zext(a, w), ub = zext(b, w);
    switch (pred) {
    case 0: return a == b;
    case 1: return a != b;
    case 2: return a < b;
    case 3: return a <= b;
    case 4: return a > b;
    case 5: return a >= b;
    case 6: return ua < ub;
    case 7: return ua <= ub;
    case 8: return ua > ub;
    default: return ua >= ub;
    }
}

/* Float to a signed integer of width w: truncation toward zero, saturated; NaN gives 0. */
static inline int64_t fptosi(double v, uint32_t w)
{
    double lo = -ldexp(1.0, (int)w - 1), hi = ldexp(1.0, (int)w - 1);
    if (isnan(v))
        return 0;
    if (v <= lo)
        return w >= 64 ? INT64_MIN : -(int64_t)(1ull << (w - 1));
    if (v >= hi)
        return w >= 64 ? INT64_MAX : (int64_t)((1ull << (w - 1)) - 1);
    return (int64_t)v;
}

static inline int64_t fptoui(double v, uint32_t w)
{
    double hi = ldexp(1.0, (int)w);
    if (isnan(v) || v <= 0)
        return 0;
    if (v >= hi)
        return sext((int64_t)(w >= 64 ? UINT64_MAX : (1ull << w) - 1), w);
    return sext((int64_t)(uint64_t)v, w);
}

/* An integer (sign and magnitude) rounded once to a float kind (0: f64, else 1 + the kind).
 * Going through double first would round twice for large magnitudes; a sticky bit keeps the
 * magnitude exact in 53 bits for the final rounding. */
static inline double int_to_float(bool neg, uint64_t mag, int32_t kind)
{
    double v;
    if (kind == 1 + SC_F32) {
        float f = (float)mag;
        return neg ? -(double)f : (double)f;
    }
    if (mag >> 53) {
        int shift = 64 - __builtin_clzll(mag) - 53;
        uint64_t kept = mag >> shift, sticky = (mag & ((1ull << shift) - 1)) != 0;
        v = ldexp((double)(kept | sticky), shift);
    } else {
        v = (double)mag;
    }
    if (kind == 0)
        v = (double)mag; /* f64: C's conversion rounds once */
    else
        v = SC_FLOAT_ROUND(v, kind - 1);
    return neg ? -v : v;
}

static inline double sitofp(int64_t v, int32_t kind)
{
    return int_to_float(v < 0, v < 0 ? 0 - (uint64_t)v : (uint64_t)v, kind);
}

static inline int64_t bitcast_fi(double v, uint32_t fkind)
{
    if (fkind == SC_F64) {
        int64_t i;
        memcpy(&i, &v, 8);
        return i;
    }
    uint32_t w = fkind == SC_F32 ? 32 : 16;
    return sext((int64_t)SC_FLOAT_TO_BITS(v, fkind), w);
}

static inline double bitcast_if(int64_t v, uint32_t fkind)
{
    uint32_t w = fkind == SC_F64 ? 64 : fkind == SC_F32 ? 32 : 16;
    return SC_FLOAT_FROM_BITS(zext(v, w), fkind);
}

/* ---- element loads and stores of the narrow kinds ----------------------------------------- */

/* bf16 is the top half of an f32. */
static inline double bf16_load(uint16_t h)
{
    uint32_t u = (uint32_t)h << 16;
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static inline int64_t i1_load(char c) { return (c & 1) ? -1 : 0; }

#endif /* SOLAR_EXEC_SCALAR_H */

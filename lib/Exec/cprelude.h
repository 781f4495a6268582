/*
 * Helpers of the generated programs only (cgen.c writes code that uses them). Embedded after
 * cabi.h and scalar.h in every program, never compiled into solar-run itself, so it may refer
 * to cg_host, the host table the program receives from solar_cg_init.
 */
#ifndef SOLAR_EXEC_CPRELUDE_H
#define SOLAR_EXEC_CPRELUDE_H

/* Float constants by their bits: exact, whatever the printing of a literal would do. */
static inline float cg_f32(uint32_t b)
{
    float f;
    memcpy(&f, &b, 4);
    return f;
}

static inline double cg_f64(uint64_t b)
{
    double d;
    memcpy(&d, &b, 8);
    return d;
}

/* v += c * x, false when either step overflows 64 bits (a checked subscript faults then). */
static inline bool cg_mac(int64_t *v, int64_t c, int64_t x)
{
    int64_t t;
    return !__builtin_mul_overflow(c, x, &t) && !__builtin_add_overflow(*v, t, v);
}

/* Iterations of `for (iv = lb; iv < ub; iv += step)`, at most INT64_MAX (a loop that long
 * would run for centuries: the step limit or the user stops it first). */
static inline uint64_t cg_trips(int64_t lb, int64_t ub, uint64_t step)
{
    if (lb >= ub)
        return 0;
    uint64_t n = ((uint64_t)ub - (uint64_t)lb - 1) / step + 1;
    return n > (uint64_t)INT64_MAX ? (uint64_t)INT64_MAX : n;
}

/* The host's functions, by the index the generator gave them (sol_exec_math_table). */
#define CG_FD1(k) ((double (*)(double))cg_host->fns[k])
#define CG_FF1(k) ((float (*)(float))cg_host->fns[k])
#define CG_FD2(k) ((double (*)(double, double))cg_host->fns[k])
#define CG_FF2(k) ((float (*)(float, float))cg_host->fns[k])
#define CG_FD3(k) ((double (*)(double, double, double))cg_host->fns[k])
#define CG_FF3(k) ((float (*)(float, float, float))cg_host->fns[k])

/* Lanes: a loop whose iterations are independent may run CG_LANES of them at once, each
 * register that differs between them a vector of its lane values (cgen_lanes.c). */
#define CG_LANES 8
typedef float cg_vf32 __attribute__((vector_size(4 * CG_LANES)));
typedef double cg_vf64 __attribute__((vector_size(8 * CG_LANES)));
typedef int64_t cg_vi64 __attribute__((vector_size(8 * CG_LANES)));

#define CG_EXPORT __attribute__((visibility("default")))

CG_EXPORT int solar_cg_init(const SolCgHost *host);
CG_EXPORT int solar_cg_init(const SolCgHost *host)
{
    cg_host = host;
    return SOL_CG_ABI;
}

#endif /* SOLAR_EXEC_CPRELUDE_H */

/*
 * I/O lower bounds of one einsum (shared/reference/io-lower-bounds.md, "the note"): how many
 * bytes must cross between a fast memory of S bytes and the slow memory behind it, for every
 * schedule of the einsum (any loop order, tiling, split-K, recomputation, cache state).
 *
 * Segment argument (note §2): cut any schedule into segments of T bytes of transfers; the
 * points one segment executes touch at most 2S + T + b_max bytes of tensor data, so at most
 * F(2S + T + b_max) of them, and
 *
 *     Q >= T * (W / F(2S + T + b_max) - 1)          for every T > 0,
 *
 * scanned over T = tau*S, tau = 2^(k/64), k = -768..511, plus tau* = 2/(sigma - 1).
 *
 * F, the most points a footprint of X bytes allows, comes from the HBL / Shearer LP (§3):
 * for s_j, t_i >= 0 with sum_{j: i in mask_j} s_j + t_i >= 1 at every loop level i,
 *
 *     F(X) <= prod_j (m_j * s_j * X / (sigma * b_j))^s_j * prod_i L_i^t_i,   sigma = sum s_j.
 *
 * Every (s, t) gives a valid bound; the candidates are the vertices of the arrangement
 * {s_j = 0} U {sum_{j in cov(i)} s_j = 1} (§3.4) and the best one is kept per T. m_j is 1
 * for a tensor whose subscripts are injective in the levels of its mask; a sliding window
 * `a*p + c*r` (convolution, pooling; §4.3) puts both levels in the mask and sets m_j to how
 * many tap values can reach one element, ceil(K_r / (a / gcd(a, c))), which is the note's
 * rho: |pi_mask(E)| <= m_j * |phi_j(E)|, so a 3x3 stride-1 conv gets F = sqrt(9) (X/3)^(3/2).
 *
 * An intermediate output whose values may be consumed on chip (§6.2) splits the points of a
 * segment into complete reduction fibers, bounded by a reduced LP over the non-reduction
 * levels with the inputs only and a budget of S + T, and the rest, bounded as usual:
 * F(T) = F_a(S + T) + F_b(2S + T). With Q and K as inputs this is the attention form of
 * §6.4, (S+T)^2/(4d) + ((2S+T)/3)^(3/2).
 *
 * P processors with private memories S_p (§7.2): Q >= W * min_p tau*S_p / F(2S_p + tau*S_p)
 * - tau * sum_p S_p; candidates with sigma >= 1 make the minimum sit at the largest S_p, so
 * only S_max and the sum are needed (candidates with sigma < 1 are dropped: fewer candidates
 * only loosen the bound).
 *
 * The memory-independent per-processor rate term (§7.3): a processor doing w points moves
 * at least X_min(w) bytes with F(X_min) >= w, so t >= smallest t with
 * W * X_min(t*pi) / (t*pi) <= t * beta (closed form per power-law candidate).
 *
 * Everything is in bytes and points (multiply-accumulates), in double; callers round down.
 */
#ifndef SOLAR_ANALYSIS_IO_BOUND_H
#define SOLAR_ANALYSIS_IO_BOUND_H

#include <stdbool.h>
#include <stdint.h>

#define SOL_IO_MAX_LEVELS 64
#define SOL_IO_MAX_TENSORS 3
#define SOL_IO_MAX_CANDIDATES 192

/* One tensor of the LP (a tensor left out, s_j = 0, is never listed). */
typedef struct SolIoTensor {
    uint64_t mask; /* loop levels its subscripts use (a window's tap levels included) */
    double bytes;  /* element size at rest; shared by the LP tensors reading one buffer */
    double mult;   /* m_j >= 1: tap values that can reach one element (1: injective) */
    bool output;   /* the accumulated tensor */
} SolIoTensor;

typedef struct SolIoEinsum {
    uint32_t num_levels;
    double extent[SOL_IO_MAX_LEVELS]; /* L_i >= the values level i takes (INFINITY: unknown) */
    double points;                    /* W, the points that must execute */
    uint32_t num_tensors;
    SolIoTensor t[SOL_IO_MAX_TENSORS];
    /* §6.2: the output is an intermediate that may never be stored. */
    bool fiber;
    uint64_t reduce_mask; /* levels the output's subscripts do not use */
    bool box;             /* constant loop bounds, no guards: every fiber is complete-sized */
} SolIoEinsum;

/* F(X) <= exp(log_k) * X^sigma, one feasible (s, t) of the LP. */
typedef struct SolIoLaw {
    double sigma, log_k;
} SolIoLaw;

typedef struct SolIoModel {
    double sigma_star; /* min sum s_j with t = 0 (INFINITY when no s covers every level) */
    uint32_t nb, na;   /* candidates of F (F_b in fiber mode) and of F_a */
    SolIoLaw b[SOL_IO_MAX_CANDIDATES], a[SOL_IO_MAX_CANDIDATES];
    bool fiber;     /* F = F_a(S + T) + F_b(2S + T) */
    bool unbounded; /* fiber mode without a usable F_a (no reduction): no segment term */
} SolIoModel;

/* Builds the candidate laws of e (the LP vertices, §3.4). */
void sol_io_model(const SolIoEinsum *e, SolIoModel *m);

/* The largest segment bound in bytes over the tau grid (and tau*), clamped at 0, for P
 * processors with private memories of at most s_max bytes each and s_sum in all (P = 1:
 * s_sum == s_max); b_max is the largest element size. Not rounded. */
double sol_io_segment(const SolIoModel *m, double points, double s_max, double s_sum, double b_max);
/* The same when only values above `floor` matter (the largest bound of a level so far):
 * returns the bound when it is above floor, else some value <= floor, often without a
 * search (a cheap upper bound of each law rules it out). */
double sol_io_segment_above(const SolIoModel *m, double points, double s_max, double s_sum,
                            double b_max, double floor);

/* The per-processor rate term (§7.3) in seconds: pi = points/s of one processor, beta =
 * bytes/s of the level all processors share. 0 when no candidate gives one. */
double sol_io_rate(const SolIoModel *m, double points, double pi, double beta);

/* The plain GEMM / batched GEMM class of §4.1-4.2: three tensors of one element size whose
 * levels are each in A&C, B&C, A&B or all three, with each of the first three present. */
bool sol_io_is_matmul(const SolIoEinsum *e);

/* The published tighter matmul bound (Smith et al., note §4.1; opt-in, `--tight-matmul`):
 * b * (2W / sqrt(S_max/b) - 2 * S_sum/b) bytes, clamped at 0. */
double sol_io_tight_matmul(double points, double b, double s_max, double s_sum);

#endif /* SOLAR_ANALYSIS_IO_BOUND_H */

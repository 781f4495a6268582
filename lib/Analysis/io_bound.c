/*
 * The HBL / Shearer LP and the segment bound of one einsum (see io_bound.h).
 *
 * Sizes are tiny (at most 3 tensors, so at most 3 + 7 hyperplanes), so the LP's vertices are
 * found by brute force: every choice of m hyperplanes, an m x m solve, keep s >= 0. Each
 * vertex becomes a power law F(X) = K X^sigma; the segment bound of a power law is unimodal
 * in tau (increasing while tau < 2/(sigma-1) with a concave rise, decreasing after), so the
 * grid maximum is found by a ternary search over the grid index, which gives exactly the
 * value of a full scan. The fiber form (a sum of two minima of power laws) is scanned on
 * every 32nd grid point and refined around the best one (exact when it is unimodal); any
 * tau is valid, so a coarser search can only give a lower, still valid, bound.
 */
#include "Analysis/io_bound.h"

#include <math.h>
#include <string.h>

#define GRID_LO (-768)
#define GRID_HI 511
#define EPS 1e-9

/* ---- the LP's vertices ---------------------------------------------------------------------- */

typedef struct Vertex {
    double s[SOL_IO_MAX_TENSORS];
} Vertex;

/* Solves the m x m system a s = r (m <= 3) by Gaussian elimination; false when singular. */
static bool solve(uint32_t m, double a[SOL_IO_MAX_TENSORS][SOL_IO_MAX_TENSORS], double *r,
                  double *s)
{
    for (uint32_t c = 0; c < m; c++) {
        uint32_t p = c;
        for (uint32_t i = c + 1; i < m; i++)
            if (fabs(a[i][c]) > fabs(a[p][c]))
                p = i;
        if (fabs(a[p][c]) < 1e-12)
            return false;
        if (p != c) {
            for (uint32_t k = 0; k < m; k++) {
                double t = a[c][k];
                a[c][k] = a[p][k], a[p][k] = t;
            }
            double t = r[c];
            r[c] = r[p], r[p] = t;
        }
        for (uint32_t i = 0; i < m; i++) {
            if (i == c)
                continue;
            double f = a[i][c] / a[c][c];
            for (uint32_t k = c; k < m; k++)
                a[i][k] -= f * a[c][k];
            r[i] -= f * r[c];
        }
    }
    for (uint32_t c = 0; c < m; c++)
        s[c] = r[c] / a[c][c];
    return true;
}

/* The distinct nonzero cover sets (bit j: tensor j's mask holds the level) of the levels in
 * `levels`; *uncovered when some level has none. */
static uint32_t cover_sets(uint32_t m, const uint64_t *mask, uint64_t levels, uint32_t *sets,
                           bool *uncovered)
{
    uint32_t n = 0;
    bool seen[1u << SOL_IO_MAX_TENSORS] = {0};
    *uncovered = false;
    for (uint32_t i = 0; i < 64; i++) {
        if (!(levels >> i & 1))
            continue;
        uint32_t c = 0;
        for (uint32_t j = 0; j < m; j++)
            c |= (uint32_t)(mask[j] >> i & 1) << j;
        if (!c)
            *uncovered = true;
        else if (!seen[c])
            seen[c] = true, sets[n++] = c;
    }
    return n;
}

static double cover(uint32_t c, const double *s, uint32_t m)
{
    double v = 0;
    for (uint32_t j = 0; j < m; j++)
        if (c >> j & 1)
            v += s[j];
    return v;
}

/* The vertices of {s_j = 0} U {sum_{j in set} s_j = 1} with s >= 0, deduplicated, and
 * sigma* (INFINITY when some level is covered by no tensor). */
static uint32_t vertices(uint32_t m, const uint64_t *mask, uint64_t levels, Vertex *out,
                         double *sigma_star)
{
    uint32_t sets[1u << SOL_IO_MAX_TENSORS];
    bool uncovered;
    uint32_t ns = cover_sets(m, mask, levels, sets, &uncovered);
    uint32_t h = m + ns, n = 0;
    *sigma_star = INFINITY;
    for (uint32_t pick = 0; pick < (1u << h); pick++) {
        if ((uint32_t)__builtin_popcount(pick) != m)
            continue;
        double a[SOL_IO_MAX_TENSORS][SOL_IO_MAX_TENSORS] = {{0}}, r[SOL_IO_MAX_TENSORS] = {0};
        uint32_t row = 0;
        for (uint32_t k = 0; k < h; k++) {
            if (!(pick >> k & 1))
                continue;
            if (k < m) {
                a[row][k] = 1, r[row] = 0;
            } else {
                for (uint32_t j = 0; j < m; j++)
                    a[row][j] = sets[k - m] >> j & 1;
                r[row] = 1;
            }
            row++;
        }
        Vertex v = {{0}};
        if (!solve(m, a, r, v.s))
            continue;
        bool ok = true;
        for (uint32_t j = 0; j < m && ok; j++) {
            if (v.s[j] < -1e-12)
                ok = false;
            else if (v.s[j] < 0)
                v.s[j] = 0;
        }
        for (uint32_t k = 0; k < n && ok; k++) {
            bool same = true;
            for (uint32_t j = 0; j < m && same; j++)
                same = fabs(out[k].s[j] - v.s[j]) < 1e-9;
            ok = !same;
        }
        if (ok)
            out[n++] = v;
    }
    if (!uncovered) {
        for (uint32_t k = 0; k < n; k++) {
            bool feasible = true;
            double sigma = 0;
            for (uint32_t c = 0; c < ns && feasible; c++)
                feasible = cover(sets[c], out[k].s, m) >= 1 - EPS;
            for (uint32_t j = 0; j < m; j++)
                sigma += out[k].s[j];
            if (feasible && sigma < *sigma_star)
                *sigma_star = sigma;
        }
        /* The uniform point (§3.4 step 2), when it covers every level. */
        Vertex u = {{0}};
        bool feasible = isfinite(*sigma_star) && m > 0;
        for (uint32_t j = 0; j < m; j++)
            u.s[j] = *sigma_star / m;
        for (uint32_t c = 0; c < ns && feasible; c++)
            feasible = cover(sets[c], u.s, m) >= 1 - EPS;
        if (feasible)
            out[n++] = u;
    }
    return n;
}

/* log K of vertex s over the levels in `levels` (t_i = 1 - cover), for tensors with the
 * given masks, multipliers and sizes; false when a t_i > 0 meets an unknown extent. */
static bool law_of(const SolIoEinsum *e, uint32_t m, const uint64_t *mask, const double *mult,
                   const double *bytes, uint64_t levels, const double *s, SolIoLaw *law)
{
    double sigma = 0, lk = 0;
    for (uint32_t j = 0; j < m; j++)
        sigma += s[j];
    if (sigma < 1 - EPS)
        return false;
    for (uint32_t j = 0; j < m; j++)
        if (s[j] > 0)
            lk += s[j] * log(mult[j] * s[j] / (sigma * bytes[j]));
    for (uint32_t i = 0; i < e->num_levels; i++) {
        if (!(levels >> i & 1))
            continue;
        double cov = 0;
        for (uint32_t j = 0; j < m; j++)
            if (mask[j] >> i & 1)
                cov += s[j];
        if (cov < 1 - 1e-12) {
            if (!isfinite(e->extent[i]))
                return false;
            lk += (1 - cov) * log(e->extent[i] > 1 ? e->extent[i] : 1);
        }
    }
    law->sigma = sigma, law->log_k = lk;
    return true;
}

static void add_law(SolIoLaw *laws, uint32_t *n, SolIoLaw l)
{
    for (uint32_t k = 0; k < *n; k++)
        if (fabs(laws[k].sigma - l.sigma) < 1e-12 && fabs(laws[k].log_k - l.log_k) < 1e-12)
            return;
    if (*n < SOL_IO_MAX_CANDIDATES)
        laws[(*n)++] = l;
}

void sol_io_model(const SolIoEinsum *e, SolIoModel *m)
{
    memset(m, 0, sizeof *m);
    m->fiber = e->fiber;
    uint64_t all = e->num_levels >= 64 ? ~0ull : (1ull << e->num_levels) - 1;
    uint32_t nt = e->num_tensors;
    uint64_t mask[SOL_IO_MAX_TENSORS];
    double mult[SOL_IO_MAX_TENSORS], bytes[SOL_IO_MAX_TENSORS];
    for (uint32_t j = 0; j < nt; j++)
        mask[j] = e->t[j].mask & all, mult[j] = e->t[j].mult, bytes[j] = e->t[j].bytes;
    Vertex v[256];
    uint32_t nv = vertices(nt, mask, all, v, &m->sigma_star);
    for (uint32_t k = 0; k < nv; k++) {
        SolIoLaw l;
        if (law_of(e, nt, mask, mult, bytes, all, v[k].s, &l))
            add_law(m->b, &m->nb, l);
    }
    if (!e->fiber)
        return;
    /* Complete fibers: the inputs over the non-reduction levels, each input's reduction
     * extents dividing its footprint (every fiber holds them all in a box domain). */
    uint64_t red = e->reduce_mask & all, keep = all & ~red;
    double log_r = 0;
    for (uint32_t i = 0; i < e->num_levels; i++)
        if (red >> i & 1)
            log_r += log(e->extent[i] > 1 ? e->extent[i] : 1);
    uint64_t imask[SOL_IO_MAX_TENSORS];
    double imult[SOL_IO_MAX_TENSORS], ibytes[SOL_IO_MAX_TENSORS], log_rj[SOL_IO_MAX_TENSORS];
    uint32_t ni = 0;
    for (uint32_t j = 0; j < nt; j++) {
        if (e->t[j].output)
            continue;
        imask[ni] = e->t[j].mask & keep;
        imult[ni] = e->t[j].mult;
        ibytes[ni] = e->t[j].bytes;
        log_rj[ni] = 0;
        for (uint32_t i = 0; e->box && i < e->num_levels; i++)
            if ((e->t[j].mask & red) >> i & 1)
                log_rj[ni] += log(e->extent[i] > 1 ? e->extent[i] : 1);
        ni++;
    }
    if (!red || !isfinite(log_r) || ni == 0) {
        m->unbounded = true; /* elementwise producer: complete fibers are unbounded */
        return;
    }
    double sa;
    nv = vertices(ni, imask, keep, v, &sa);
    for (uint32_t k = 0; k < nv; k++) {
        SolIoLaw l;
        if (!law_of(e, ni, imask, imult, ibytes, keep, v[k].s, &l))
            continue;
        l.log_k += log_r;
        for (uint32_t j = 0; j < ni; j++)
            l.log_k -= v[k].s[j] * log_rj[j];
        add_law(m->a, &m->na, l);
    }
    if (m->na == 0)
        m->unbounded = true;
}

/* ---- the segment bound ---------------------------------------------------------------------- */

static double tau_at(int k) { return exp2(k / 64.0); }

/* Bound of one power law at tau: W*T/F(2S+T+b) - tau*S_sum. */
static double law_q(const SolIoLaw *l, double w, double s, double ssum, double b, double tau)
{
    double t = tau * s;
    double lf = l->log_k + l->sigma * log(2 * s + t + b);
    return w * t * exp(-lf) - tau * ssum;
}

/* Largest value of a unimodal law_q over the grid (ternary search) and at tau*. */
static double law_max(const SolIoLaw *l, double w, double s, double ssum, double b, double best)
{
    /* Without b: q(tau) <= W S^(1-sigma)/K * tau/(2+tau)^sigma, largest at tau*. */
    double sup_tau = l->sigma > 1 + 1e-12 ? 2 / (l->sigma - 1) : INFINITY;
    double shape = isfinite(sup_tau) ? log(sup_tau) - l->sigma * log(2 + sup_tau) : 0;
    double lub = log(w) + (1 - l->sigma) * log(s) - l->log_k + shape;
    if (lub < 700 && exp(lub) <= best)
        return best;
    int lo = GRID_LO, hi = GRID_HI;
    while (hi - lo > 2) {
        int m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3;
        double f1 = law_q(l, w, s, ssum, b, tau_at(m1)), f2 = law_q(l, w, s, ssum, b, tau_at(m2));
        if (f1 < f2)
            lo = m1 + 1;
        else if (f1 > f2)
            hi = m2 - 1;
        else
            lo = m1, hi = m2;
    }
    for (int k = lo; k <= hi; k++) {
        double q = law_q(l, w, s, ssum, b, tau_at(k));
        if (q > best)
            best = q;
    }
    if (isfinite(sup_tau)) {
        double q = law_q(l, w, s, ssum, b, sup_tau);
        if (q > best)
            best = q;
    }
    return best;
}

/* log of min over laws of F(x). */
static double log_min_f(const SolIoLaw *laws, uint32_t n, double x)
{
    double best = INFINITY, lx = log(x);
    for (uint32_t k = 0; k < n; k++) {
        double v = laws[k].log_k + laws[k].sigma * lx;
        if (v < best)
            best = v;
    }
    return best;
}

static double fiber_q(const SolIoModel *m, double w, double s, double ssum, double b, double tau)
{
    double t = tau * s;
    double fa = exp(log_min_f(m->a, m->na, s + t + b));
    double fb = exp(log_min_f(m->b, m->nb, 2 * s + t + b));
    return w * t / (fa + fb) - tau * ssum;
}

/* An upper bound of W*tau*S / F(c*S + tau*S) over tau for one law (b and the -tau*S_sum
 * term dropped): W S^(1-sigma) / K * max_tau tau / (c + tau)^sigma. */
static double law_sup(const SolIoLaw *l, double w, double s, double c)
{
    double shape = 0; /* sigma = 1: tau / (c + tau) < 1 */
    if (l->sigma > 1 + 1e-12) {
        double tau = c / (l->sigma - 1);
        shape = log(tau) - l->sigma * log(c + tau);
    }
    return exp(log(w) + (1 - l->sigma) * log(s) - l->log_k + shape);
}

double sol_io_segment(const SolIoModel *m, double points, double s_max, double s_sum, double b_max)
{
    return sol_io_segment_above(m, points, s_max, s_sum, b_max, 0);
}

double sol_io_segment_above(const SolIoModel *m, double points, double s_max, double s_sum,
                            double b_max, double floor)
{
    double best = floor > 0 ? floor : 0;
    if (!(points > 0) || !(s_max > 0) || m->unbounded || m->sigma_star <= 1 + EPS)
        return 0;
    if (!m->fiber) {
        for (uint32_t k = 0; k < m->nb; k++)
            best = law_max(&m->b[k], points, s_max, s_sum, b_max, best);
        return best;
    }
    if (m->nb == 0 || m->na == 0)
        return 0;
    /* F >= F_a and F >= F_b, so either part's largest law bound caps the result. */
    double cap_a = INFINITY, cap_b = INFINITY;
    for (uint32_t k = 0; k < m->na; k++) {
        double v = law_sup(&m->a[k], points, s_max, 1);
        cap_a = k == 0 || v > cap_a ? v : cap_a;
    }
    for (uint32_t k = 0; k < m->nb; k++) {
        double v = law_sup(&m->b[k], points, s_max, 2);
        cap_b = k == 0 || v > cap_b ? v : cap_b;
    }
    if ((cap_a < cap_b ? cap_a : cap_b) <= best)
        return best;
    int at = GRID_LO;
    double coarse = -INFINITY;
    for (int k = GRID_LO; k <= GRID_HI; k += 32) {
        double q = fiber_q(m, points, s_max, s_sum, b_max, tau_at(k));
        if (q > coarse)
            coarse = q, at = k;
    }
    for (int k = at - 31; k <= at + 31; k++) {
        if (k < GRID_LO || k > GRID_HI)
            continue;
        double q = fiber_q(m, points, s_max, s_sum, b_max, tau_at(k));
        if (q > best)
            best = q;
    }
    return best;
}

/* ---- the rate term -------------------------------------------------------------------------- */

/* Smallest t with W X(t pi)/(t pi) <= t beta for X(w) = max over laws of (w/K)^(1/sigma),
 * with K scaled by `k_scale`; 0 without laws. */
static double rate_of(const SolIoLaw *laws, uint32_t n, double k_scale, double w, double pi,
                      double beta)
{
    double best = 0;
    for (uint32_t k = 0; k < n; k++) {
        double sg = laws[k].sigma;
        if (sg < 1 - EPS)
            continue;
        double lk = laws[k].log_k + log(k_scale);
        double lt = (log(w) + (1 / sg - 1) * log(pi) - lk / sg - log(beta)) / (2 - 1 / sg);
        double t = exp(lt);
        if (t > best)
            best = t;
    }
    return best;
}

double sol_io_rate(const SolIoModel *m, double points, double pi, double beta)
{
    if (!(points > 0) || !(pi > 0) || !(beta > 0) || m->sigma_star <= 1 + EPS)
        return 0;
    if (!m->fiber)
        return rate_of(m->b, m->nb, 1, points, pi, beta);
    if (m->unbounded)
        return 0;
    /* w <= F_a(X) + F_b(X) <= 2 max(F_a(X), F_b(X)): X_min(w) >= min of the two inverses at
     * w/2, and the smaller time of the two holds. */
    double ta = rate_of(m->a, m->na, 2, points, pi, beta);
    double tb = rate_of(m->b, m->nb, 2, points, pi, beta);
    return ta < tb ? ta : tb;
}

/* ---- matmul --------------------------------------------------------------------------------- */

bool sol_io_is_matmul(const SolIoEinsum *e)
{
    if (e->num_tensors != 3 || e->fiber)
        return false;
    int o = -1;
    for (uint32_t j = 0; j < 3; j++) {
        if (e->t[j].mult != 1 || e->t[j].bytes != e->t[0].bytes)
            return false;
        if (e->t[j].output)
            o = (int)j;
    }
    if (o < 0)
        return false;
    uint32_t a = (uint32_t)(o + 1) % 3, b = (uint32_t)(o + 2) % 3, oc = 1u << o;
    uint32_t ac = (1u << a) | oc, bc = (1u << b) | oc, ab = (1u << a) | (1u << b);
    uint32_t seen = 0;
    for (uint32_t i = 0; i < e->num_levels; i++) {
        uint32_t c = 0;
        for (uint32_t j = 0; j < 3; j++)
            c |= (uint32_t)(e->t[j].mask >> i & 1) << j;
        if (c == ac)
            seen |= 1;
        else if (c == bc)
            seen |= 2;
        else if (c == ab)
            seen |= 4;
        else if (c != 7)
            return false;
    }
    return seen == 7;
}

double sol_io_tight_matmul(double points, double b, double s_max, double s_sum)
{
    if (!(points > 0) || !(s_max > 0) || !(b > 0))
        return 0;
    double q = b * (2 * points / sqrt(s_max / b) - 2 * s_sum / b);
    return q > 0 ? q : 0;
}

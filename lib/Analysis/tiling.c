/*
 * Tile sizes per memory level and the attainable traffic of the tiled schedule (tiling.h has
 * the model). Per statement: the levels' extents, each tensor's subscripts in iteration-index
 * space, the tileable levels; per candidate tile size of each tileable level, each tensor's
 * summed and largest per-tile counts; then an exhaustive search over a coarse grid of
 * candidates refined by coordinate descent over all of them. Any fitting tiling gives a valid
 * attainable figure, so a search that misses the best one only gives a looser one. Fusion
 * groups and epilogues are in tile_epilogue.c.
 */
#include "Analysis/tiling.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define MAX_TERMS 8
#define MAX_CANDS 96
#define GRID_BUDGET 200000.0
#define ENUM_LIMIT (1u << 22)

/* ---- subscripts ------------------------------------------------------------------------------ */

/* A subscript sum a_k * t_k + c over level indices t_k (iteration numbers, from 0). */
typedef struct Dim {
    uint32_t n;
    uint32_t lev[MAX_TERMS];
    int64_t a[MAX_TERMS];
    int64_t c;
    int64_t size; /* the tensor's extent in this dim (INT64_MAX: unknown, no clamp) */
    int tl;       /* the tileable level that drives it, -1: none (its count is constant) */
} Dim;

typedef struct Tens {
    uint32_t rank;
    Dim dims[SOL_TILE_MAX_DIMS];
    double bytes;
    uint64_t uses; /* levels with a nonzero coefficient */
    bool output;
} Tens;

static bool add_ovf(int64_t *x, int64_t v) { return __builtin_add_overflow(*x, v, x); }

static bool lin_add(const SolAffineExpr *e, int64_t scale, Dim *d, int depth)
{
    if (depth > 64)
        return false;
    switch (e->kind) {
    case SOL_AFF_CONST: {
        int64_t v;
        return !__builtin_mul_overflow(scale, e->value, &v) && !add_ovf(&d->c, v);
    }
    case SOL_AFF_DIM:
        if (e->value < 0 || e->value >= SOL_TILE_MAX_LEVELS)
            return false;
        for (uint32_t i = 0; i < d->n; i++)
            if (d->lev[i] == (uint32_t)e->value)
                return !add_ovf(&d->a[i], scale);
        if (d->n == MAX_TERMS)
            return false;
        d->lev[d->n] = (uint32_t)e->value, d->a[d->n++] = scale;
        return true;
    case SOL_AFF_ADD:
        return lin_add(e->lhs, scale, d, depth + 1) && lin_add(e->rhs, scale, d, depth + 1);
    case SOL_AFF_MUL: {
        const SolAffineExpr *x = e->lhs, *k = e->rhs;
        if (x->kind == SOL_AFF_CONST)
            x = e->rhs, k = e->lhs;
        int64_t s;
        if (k->kind != SOL_AFF_CONST || __builtin_mul_overflow(scale, k->value, &s))
            return false;
        return lin_add(x, s, d, depth + 1);
    }
    default:
        return false; /* floordiv, mod, symbols: not modelled */
    }
}

static bool expr_equal(const SolAffineExpr *a, const SolAffineExpr *b)
{
    if (a == b)
        return true;
    if (!a || !b || a->kind != b->kind || a->value != b->value)
        return false;
    if (a->kind == SOL_AFF_CONST || a->kind == SOL_AFF_DIM || a->kind == SOL_AFF_SYM)
        return true;
    return expr_equal(a->lhs, b->lhs) && expr_equal(a->rhs, b->rhs);
}

bool sol_tile_subs_equal(const SolAffineExpr *const *a, const SolAffineExpr *const *b,
                         uint32_t rank)
{
    if (!a || !b)
        return false;
    for (uint32_t r = 0; r < rank; r++)
        if (!expr_equal(a[r], b[r]))
            return false;
    return true;
}

/* ---- one statement ------------------------------------------------------------------------- */

typedef struct Model {
    uint32_t nl;                         /* levels */
    int64_t lo[SOL_TILE_MAX_LEVELS];     /* first value */
    int64_t step[SOL_TILE_MAX_LEVELS];
    int64_t cnt[SOL_TILE_MAX_LEVELS];    /* values */
    bool reduce[SOL_TILE_MAX_LEVELS];
    bool tileable[SOL_TILE_MAX_LEVELS];
    uint32_t nt;
    Tens t[3];                           /* in0, in1, out */
    bool read_out;                       /* the output's initial values are read once */
    double const_sum[3], const_max[3]; /* dims driven by no tileable level */
    uint8_t *bitmap;                    /* scratch for exact counts, bitmap_size bytes */
    size_t bitmap_size;
    /* Per tileable level k, its candidates (ncand[k] of them, from the whole level down),
     * and what evaluate() multiplies for each: tensor j's traffic and resident factors and
     * log(tile size). The arrays from here on are not zeroed (a model is ~100 KiB, built for
     * every contraction node): build() writes every entry that is read. */
    uint32_t ncand[SOL_TILE_MAX_LEVELS];
    int64_t cand[SOL_TILE_MAX_LEVELS][MAX_CANDS];
    double f_traffic[3][SOL_TILE_MAX_LEVELS][MAX_CANDS];
    double f_resident[3][SOL_TILE_MAX_LEVELS][MAX_CANDS];
    double log_tile[SOL_TILE_MAX_LEVELS][MAX_CANDS];
} Model;

/* The values level k takes: an interval hull of its bounds. */
static bool level_hull(const SolDomain *d, uint32_t k, int64_t *lo, int64_t *step, int64_t *cnt)
{
    const SolLevel *lv = &d->levels[k];
    bool have_lo = false, have_hi = false;
    int64_t l = 0, h = 0;
    for (uint32_t i = 0; i < lv->lb.n; i++) {
        int64_t a, b;
        if (!sol_level_range(d, lv->lb.exprs[i], &a, &b))
            return false;
        if (!have_lo || a > l)
            l = a;
        have_lo = true;
    }
    for (uint32_t i = 0; i < lv->ub.n; i++) {
        int64_t a, b;
        if (!sol_level_range(d, lv->ub.exprs[i], &a, &b))
            return false;
        if (!have_hi || b - 1 < h)
            h = b - 1;
        have_hi = true;
    }
    if (!have_lo || !have_hi || lv->step < 1 || h < l)
        return false;
    *lo = l, *step = lv->step;
    *cnt = (h - l) / lv->step + 1;
    return true;
}

/* Tensor j of the model from a statement access, in iteration-index space. */
static const char *tensor_of(const SolGraph *g, const SolStmtAccess *a, Model *m, Tens *t)
{
    memset(t, 0, sizeof *t);
    if (a->tensor >= g->num_tensors || !a->subs)
        return "a data-dependent subscript";
    if (a->rank > SOL_TILE_MAX_DIMS)
        return "a tensor of too many dimensions";
    const SolGraphTensor *gt = &g->tensors[a->tensor];
    t->rank = a->rank;
    t->bytes = gt->elem_bytes;
    for (uint32_t r = 0; r < a->rank; r++) {
        Dim *d = &t->dims[r];
        Dim raw = {0};
        if (!lin_add(a->subs[r], 1, &raw, 0))
            return "a subscript that is not a sum of levels times constants";
        d->c = raw.c;
        for (uint32_t i = 0; i < raw.n; i++) {
            uint32_t k = raw.lev[i];
            int64_t s, off;
            if (raw.a[i] == 0)
                continue;
            if (k >= m->nl || __builtin_mul_overflow(raw.a[i], m->step[k], &s) ||
                __builtin_mul_overflow(raw.a[i], m->lo[k], &off) || add_ovf(&d->c, off))
                return "a subscript out of range";
            d->lev[d->n] = k, d->a[d->n++] = s;
            t->uses |= 1ull << k;
        }
        d->size = gt->dims && gt->dims[r] > 0 ? gt->dims[r] : INT64_MAX;
        d->tl = -1;
    }
    return NULL;
}

/* The count of the last tile of a given length that lay wholly inside the tensor: a tile of
 * the same length also inside is its translate (every value shifted by a * (t0' - t0)), so it
 * has the same count, and the enumeration is done once per candidate, not once per tile. */
typedef struct DimMemo {
    int64_t len; /* 0: none yet */
    double count;
} DimMemo;

/* Distinct in-bounds values of dimension d over the box: level p (or none, p < 0) over
 * [t0, t1), every other level whole. Exact by enumeration when small, else the clamped hull
 * (the contiguous range, a region a schedule can load: still an upper estimate). memo: the
 * tiles of one candidate of level p (NULL: none). */
static double dim_count(Model *m, const Dim *d, int p, int64_t t0, int64_t t1, DimMemo *memo)
{
    int64_t lo_t[MAX_TERMS], hi_t[MAX_TERMS]; /* inclusive index ranges */
    double vmin = (double)d->c, vmax = (double)d->c, points = 1;
    for (uint32_t i = 0; i < d->n; i++) {
        uint32_t k = d->lev[i];
        lo_t[i] = (int)k == p ? t0 : 0;
        hi_t[i] = (int)k == p ? t1 - 1 : m->cnt[k] - 1;
        double x = (double)d->a[i] * (double)lo_t[i], y = (double)d->a[i] * (double)hi_t[i];
        vmin += x < y ? x : y, vmax += x < y ? y : x;
        points *= (double)(hi_t[i] - lo_t[i] + 1);
    }
    double size = (double)d->size;
    double clo = vmin < 0 ? 0 : vmin, chi = vmax > size - 1 ? size - 1 : vmax;
    if (chi < clo)
        return 0;
    if (d->n == 0)
        return 1;
    if (d->n == 1) { /* c + a*t, t in [lo, hi]: the t whose value is in bounds */
        double a = (double)d->a[0];
        double ta = (clo - (double)d->c) / a, tb = (chi - (double)d->c) / a;
        double l = ceil(ta < tb ? ta : tb), h = floor(ta < tb ? tb : ta);
        l = l < (double)lo_t[0] ? (double)lo_t[0] : l;
        h = h > (double)hi_t[0] ? (double)hi_t[0] : h;
        return h < l ? 0 : h - l + 1;
    }
    bool inside = vmin >= 0 && vmax <= size - 1;
    if (memo && inside && memo->len == t1 - t0)
        return memo->count;
    double range = chi - clo + 1;
    if (range > ENUM_LIMIT || points > ENUM_LIMIT)
        return range;
    int64_t base = (int64_t)clo, span = (int64_t)range;
    if ((size_t)span > m->bitmap_size) { /* grown on demand: most counts need a few KiB */
        free(m->bitmap);
        m->bitmap_size = (size_t)span;
        m->bitmap = sol_xmalloc(m->bitmap_size);
    }
    uint8_t *bitmap = m->bitmap;
    memset(bitmap, 0, (size_t)span);
    int64_t idx[MAX_TERMS];
    for (uint32_t i = 0; i < d->n; i++)
        idx[i] = lo_t[i];
    double count = 0;
    for (;;) {
        int64_t v = d->c;
        for (uint32_t i = 0; i < d->n; i++)
            v += d->a[i] * idx[i];
        if (v >= base && v < base + span && !bitmap[v - base])
            bitmap[v - base] = 1, count++;
        uint32_t i = 0;
        while (i < d->n && ++idx[i] > hi_t[i])
            idx[i] = lo_t[i], i++;
        if (i == d->n)
            break;
    }
    if (memo && inside)
        memo->len = t1 - t0, memo->count = count;
    return count;
}

/* Candidate tile sizes of level k: ceil(cnt / n) for n = 1..16, powers of two and then about
 * 1.25x apart, down to 1; distinct, from the whole level down. */
static int by_size_desc(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? 1 : x > y ? -1 : 0;
}

static void candidates(Model *m, uint32_t k)
{
    int64_t cnt = m->cnt[k], raw[2 * MAX_CANDS];
    uint32_t nr = 0;
    for (int64_t n = 1; n < cnt && nr < MAX_CANDS - 1; n = n < 16 ? n + 1 : n + (n + 3) / 4)
        raw[nr++] = (cnt + n - 1) / n;
    for (int64_t n = 32; n < cnt && nr < 2 * MAX_CANDS - 2; n *= 2)
        raw[nr++] = (cnt + n - 1) / n;
    raw[nr++] = 1;
    qsort(raw, nr, sizeof *raw, by_size_desc);
    uint32_t nc = 0;
    for (uint32_t i = 0; i < nr && nc < MAX_CANDS; i++)
        if (nc == 0 || raw[i] != m->cand[k][nc - 1])
            m->cand[k][nc++] = raw[i];
    if (m->cand[k][nc - 1] != 1)
        m->cand[k][nc - 1] = 1; /* always allow the smallest tile */
    m->ncand[k] = nc;
}

/* Per candidate of tileable level k, what evaluate() multiplies: for a tensor whose dims k
 * drives, the summed count over k's tiles (traffic) and the largest (resident); a tensor
 * that does not use k is reloaded for every tile of k, except the output across a reduction
 * level (its tile stays resident while the partial sums accumulate). */
static void tabulate(Model *m, uint32_t k)
{
    for (uint32_t c = 0; c < m->ncand[k]; c++) {
        int64_t T = m->cand[k][c], cnt = m->cnt[k];
        double ntiles = (double)((cnt + T - 1) / T);
        m->log_tile[k][c] = log((double)T);
        for (uint32_t j = 0; j < 3; j++) {
            const Tens *t = &m->t[j];
            double s = 0, mx = 0;
            bool used = false;
            for (uint32_t r = 0; r < t->rank; r++)
                used |= t->dims[r].tl == (int)k;
            if (!used) {
                bool reloaded = !t->output || !m->reduce[k];
                m->f_traffic[j][k][c] = reloaded ? ntiles : 1;
                m->f_resident[j][k][c] = 1;
                continue;
            }
            DimMemo memo[SOL_TILE_MAX_DIMS] = {{0, 0}};
            for (int64_t t0 = 0; t0 < cnt; t0 += T) {
                int64_t t1 = t0 + T < cnt ? t0 + T : cnt;
                double prod = 1;
                for (uint32_t r = 0; r < t->rank; r++)
                    if (t->dims[r].tl == (int)k)
                        prod *= dim_count(m, &t->dims[r], (int)k, t0, t1, &memo[r]);
                s += prod;
                mx = prod > mx ? prod : mx;
            }
            m->f_traffic[j][k][c] = s;
            m->f_resident[j][k][c] = mx;
        }
    }
}

typedef struct Eval {
    double traffic, resident, red_log, sq;
    double out_write; /* of traffic: the output's writes */
} Eval;

/* The figures of one tiling from its per-tensor products and its tile-size logs. */
static Eval combine(const Model *m, const double *tr, const double *rs, double red_log,
                    double lmin, double lmax)
{
    Eval e = {0, 0, red_log, isfinite(lmin) ? lmax - lmin : 0, tr[2]};
    for (uint32_t j = 0; j < 3; j++) {
        e.traffic += m->t[j].output && m->read_out ? 2 * tr[j] : tr[j];
        e.resident += rs[j];
    }
    return e;
}

static Eval evaluate(const Model *m, const uint32_t *ci)
{
    double tr[3], rs[3];
    for (uint32_t j = 0; j < 3; j++) {
        tr[j] = m->t[j].bytes * m->const_sum[j], rs[j] = m->t[j].bytes * m->const_max[j];
        for (uint32_t k = 0; k < m->nl; k++)
            if (m->tileable[k])
                tr[j] *= m->f_traffic[j][k][ci[k]], rs[j] *= m->f_resident[j][k][ci[k]];
    }
    double red_log = 0, lmin = INFINITY, lmax = -INFINITY;
    for (uint32_t k = 0; k < m->nl; k++) {
        if (!m->tileable[k])
            continue;
        double l = m->log_tile[k][ci[k]];
        if (m->reduce[k]) {
            red_log += l;
        } else {
            lmin = l < lmin ? l : lmin;
            lmax = l > lmax ? l : lmax;
        }
    }
    return combine(m, tr, rs, red_log, lmin, lmax);
}

/* Fewer bytes; then larger reduction tiles; then squarer output tiles; then fewer resident. */
static bool better(Eval a, Eval b)
{
    double tol = 1e-12 * (a.traffic > b.traffic ? a.traffic : b.traffic);
    if (fabs(a.traffic - b.traffic) > tol)
        return a.traffic < b.traffic;
    if (fabs(a.red_log - b.red_log) > 1e-12)
        return a.red_log > b.red_log;
    if (fabs(a.sq - b.sq) > 1e-12)
        return a.sq < b.sq;
    return a.resident < b.resident;
}

/* Builds the model of statement st; NULL, or why it cannot be tiled. */
static const char *build(const SolGraph *g, const SolNode *node, const SolStmt *st, Model *m)
{
    const SolDomain *d = st->dom;
    if (!d || !st->has_out)
        return "no stored output";
    if (d->num_levels > SOL_TILE_MAX_LEVELS)
        return "too many loop levels";
    m->nl = d->num_levels;
    for (uint32_t k = 0; k < m->nl; k++)
        if (!level_hull(d, k, &m->lo[k], &m->step[k], &m->cnt[k]))
            return "a loop bound without a constant range";
    const char *why;
    if ((why = tensor_of(g, &st->in[0], m, &m->t[0])) ||
        (why = tensor_of(g, &st->in[1], m, &m->t[1])) ||
        (why = tensor_of(g, &st->out, m, &m->t[2])))
        return why;
    m->t[2].output = true;
    uint64_t all = m->nl >= 64 ? ~0ull : (1ull << m->nl) - 1;
    for (uint32_t k = 0; k < m->nl; k++)
        m->reduce[k] = !(st->value_mask >> k & 1);
    /* The output tile must be written once: no reduction level in its subscripts, and each
     * level in one dimension only (so output tiles do not overlap). */
    const Tens *o = &m->t[2];
    if (o->uses & all & ~st->value_mask)
        return "the output's subscripts use a reduction level";
    uint64_t seen = 0;
    for (uint32_t r = 0; r < o->rank; r++) {
        uint64_t u = 0;
        for (uint32_t i = 0; i < o->dims[r].n; i++)
            u |= 1ull << o->dims[r].lev[i];
        if (u & seen)
            return "an output level in two dimensions";
        seen |= u;
    }
    /* Tileable: every level, except the smaller levels of a dimension driven by several (the
     * largest one is tiled, the others stay whole). */
    for (uint32_t k = 0; k < m->nl; k++)
        m->tileable[k] = m->cnt[k] > 1;
    for (uint32_t j = 0; j < 3; j++)
        for (uint32_t r = 0; r < m->t[j].rank; r++) {
            const Dim *dm = &m->t[j].dims[r];
            int best = -1;
            for (uint32_t i = 0; i < dm->n; i++) {
                uint32_t k = dm->lev[i];
                if (best < 0 || m->cnt[k] > m->cnt[best])
                    best = (int)k;
            }
            for (uint32_t i = 0; i < dm->n; i++)
                if ((int)dm->lev[i] != best)
                    m->tileable[dm->lev[i]] = false;
        }
    for (uint32_t j = 0; j < 3; j++)
        for (uint32_t r = 0; r < m->t[j].rank; r++) {
            Dim *dm = &m->t[j].dims[r];
            for (uint32_t i = 0; i < dm->n; i++)
                if (m->tileable[dm->lev[i]])
                    dm->tl = (int)dm->lev[i];
        }
    /* Partial sums that stay in the output tile: a node that reads the output accumulates
     * onto values it did not produce, read once. */
    for (uint32_t i = 0; i < node->num_tensors; i++)
        if (node->tensors[i].tensor == st->out.tensor && node->tensors[i].read_elems > 0)
            m->read_out = st->in_place;
    for (uint32_t j = 0; j < 3; j++) {
        m->const_sum[j] = m->const_max[j] = 1;
        for (uint32_t r = 0; r < m->t[j].rank; r++)
            if (m->t[j].dims[r].tl < 0) {
                double c = dim_count(m, &m->t[j].dims[r], -1, 0, 0, NULL);
                m->const_sum[j] *= c, m->const_max[j] *= c;
            }
    }
    m->nt = 0;
    for (uint32_t k = 0; k < m->nl; k++) {
        if (!m->tileable[k]) {
            m->ncand[k] = 1, m->cand[k][0] = m->cnt[k];
            continue;
        }
        m->nt++;
        candidates(m, k);
        tabulate(m, k);
    }
    return NULL;
}

/* The exhaustive walk over the grid: level nl-1 outermost, level 0 innermost (the first of
 * equal tilings in that order wins), each level multiplying its factors into the products of
 * the levels outside it, so that a grid point costs a few operations, not a whole evaluate().
 * A subtree is skipped when even the smallest factors of its levels give a tiling that does
 * not fit or moves more bytes than the best so far (a margin above better()'s tolerance):
 * factors are non-negative, so no tiling in it could be chosen. */
typedef struct GridWalk {
    const Model *m;
    double capacity;
    /* per tensor, the product of the smallest factors of levels 0 .. k-1 */
    double rest_traffic[3][SOL_TILE_MAX_LEVELS + 1], rest_resident[3][SOL_TILE_MAX_LEVELS + 1];
    uint32_t grid[SOL_TILE_MAX_LEVELS][MAX_CANDS], ng[SOL_TILE_MAX_LEVELS];
    uint32_t ci[SOL_TILE_MAX_LEVELS];
    bool found;
    uint32_t best[SOL_TILE_MAX_LEVELS];
    Eval best_e;
} GridWalk;

static void walk(GridWalk *w, int k, const double *tr, const double *rs, double red_log,
                 double lmin, double lmax)
{
    const Model *m = w->m;
    if (k < 0) {
        Eval e = combine(m, tr, rs, red_log, lmin, lmax);
        if (e.resident <= w->capacity && (!w->found || better(e, w->best_e))) {
            w->found = true, w->best_e = e;
            memcpy(w->best, w->ci, sizeof w->ci);
        }
        return;
    }
    double least_traffic = 0, least_resident = 0;
    for (uint32_t j = 0; j < 3; j++) {
        double t = tr[j] * w->rest_traffic[j][k + 1];
        least_traffic += m->t[j].output && m->read_out ? 2 * t : t;
        least_resident += rs[j] * w->rest_resident[j][k + 1];
    }
    if (least_resident > w->capacity ||
        (w->found && least_traffic > w->best_e.traffic * (1 + 1e-9)))
        return;
    if (!m->tileable[k]) {
        w->ci[k] = 0;
        walk(w, k - 1, tr, rs, red_log, lmin, lmax);
        return;
    }
    for (uint32_t a = 0; a < w->ng[k]; a++) {
        uint32_t c = w->grid[k][a];
        double t2[3], r2[3], l = m->log_tile[k][c];
        for (uint32_t j = 0; j < 3; j++)
            t2[j] = tr[j] * m->f_traffic[j][k][c], r2[j] = rs[j] * m->f_resident[j][k][c];
        w->ci[k] = c;
        if (m->reduce[k])
            walk(w, k - 1, t2, r2, red_log + l, lmin, lmax);
        else
            walk(w, k - 1, t2, r2, red_log, l < lmin ? l : lmin, l > lmax ? l : lmax);
    }
}

/* Exhaustive search over a coarse grid, then coordinate descent over every candidate. */
static bool search(const Model *m, double capacity, uint32_t *best, Eval *best_e)
{
    uint32_t per = m->nt ? (uint32_t)floor(pow(GRID_BUDGET, 1.0 / m->nt)) : 1;
    per = per < 2 ? 2 : per;
    GridWalk *w = sol_xcalloc(1, sizeof *w);
    w->m = m, w->capacity = capacity;
    for (uint32_t k = 0; k < m->nl; k++) {
        uint32_t n = m->tileable[k] ? m->ncand[k] : 1;
        if (n <= per) {
            for (uint32_t c = 0; c < n; c++)
                w->grid[k][c] = c;
            w->ng[k] = n;
        } else {
            for (uint32_t c = 0; c < per; c++)
                w->grid[k][c] = (uint32_t)((uint64_t)c * (n - 1) / (per - 1));
            w->ng[k] = per;
        }
    }
    for (uint32_t j = 0; j < 3; j++) {
        w->rest_traffic[j][0] = w->rest_resident[j][0] = 1;
        for (uint32_t k = 0; k < m->nl; k++) {
            double ft = 1, fr = 1;
            for (uint32_t c = 0; m->tileable[k] && c < m->ncand[k]; c++) {
                ft = c == 0 || m->f_traffic[j][k][c] < ft ? m->f_traffic[j][k][c] : ft;
                fr = c == 0 || m->f_resident[j][k][c] < fr ? m->f_resident[j][k][c] : fr;
            }
            w->rest_traffic[j][k + 1] = w->rest_traffic[j][k] * ft;
            w->rest_resident[j][k + 1] = w->rest_resident[j][k] * fr;
        }
    }
    double tr[3], rs[3];
    for (uint32_t j = 0; j < 3; j++)
        tr[j] = m->t[j].bytes * m->const_sum[j], rs[j] = m->t[j].bytes * m->const_max[j];
    walk(w, (int)m->nl - 1, tr, rs, 0, INFINITY, -INFINITY);
    bool found = w->found;
    uint32_t ci[SOL_TILE_MAX_LEVELS];
    memcpy(best, w->best, sizeof w->best);
    free(w);
    if (!found)
        return false;
    *best_e = evaluate(m, best); /* the figures as evaluate() computes them, in its order */
    for (int round = 0; round < 32; round++) {
        bool moved = false;
        for (uint32_t k = 0; k < m->nl; k++) {
            if (!m->tileable[k])
                continue;
            memcpy(ci, best, sizeof ci);
            for (uint32_t c = 0; c < m->ncand[k]; c++) {
                ci[k] = c;
                Eval e = evaluate(m, ci);
                if (e.resident <= capacity && better(e, *best_e)) {
                    *best_e = e, best[k] = c, moved = true;
                }
            }
        }
        if (!moved)
            break;
    }
    return true;
}

/* ---- nodes ---------------------------------------------------------------------------------- */

/* One transfer per execution of access a; false when the count erred low. */
static bool access_transfers(const SolGraph *g, const SolNodeAccess *a, double *bytes)
{
    SolCount c = sol_domain_count(a->dom);
    double eb = a->tensor < g->num_tensors ? g->tensors[a->tensor].elem_bytes : 8;
    *bytes += (double)c.value * eb;
    if (c.overflow)
        *bytes = INFINITY;
    return !c.approximate;
}

/* Accesses the tile model holds: the statement's own, and the output's at its subscripts
 * (an initialisation, the accumulator's load). */
static bool held(const SolStmt *st, const SolNodeAccess *a)
{
    for (int j = 0; j < 2; j++)
        if (a->tensor == st->in[j].tensor && a->subs && a->subs == st->in[j].subs)
            return true;
    return a->tensor == st->out.tensor && a->rank == st->out.rank &&
           sol_tile_subs_equal(a->subs, st->out.subs, a->rank);
}

/* The choice without tiles: the original order with nothing reused, every executed access a
 * transfer. */
static void no_reuse(const SolGraph *g, const SolNode *node, const char *why, SolTileChoice *out)
{
    out->kind = SOL_TILE_NO_REUSE;
    out->why = why;
    for (uint32_t i = 0; i < node->num_accesses; i++)
        out->exact &= access_transfers(g, &node->accesses[i], &out->traffic);
}

static void tiled(const SolGraph *g, const SolNode *node, const Model *m, const uint32_t *best,
                  Eval be, SolTileChoice *out)
{
    const SolStmt *st = &node->stmts[0];
    out->kind = SOL_TILE_TILED;
    out->num_levels = m->nl;
    for (uint32_t k = 0; k < m->nl; k++) {
        out->extent[k] = m->cnt[k];
        out->tile[k] = m->cand[k][best[k]];
        out->reduce[k] = m->reduce[k];
    }
    out->resident = be.resident;
    out->traffic = be.traffic;
    out->out_write = be.out_write;
    for (uint32_t i = 0; i < node->num_accesses; i++)
        if (!held(st, &node->accesses[i]))
            out->exact &= access_transfers(g, &node->accesses[i], &out->traffic);
}

void sol_tile_node_levels(const SolGraph *g, uint32_t n, const double *capacities,
                          uint32_t num_levels, SolTileChoice *out)
{
    const SolNode *node = &g->nodes[n];
    memset(out, 0, num_levels * sizeof *out);
    for (uint32_t l = 0; l < num_levels; l++)
        out[l].exact = true;
    if (node->num_stmts == 0) {
        /* Not a contraction (elementwise, reductions, norms, pooling): one streaming pass
         * moves the node's own compulsory bytes, at any capacity. */
        for (uint32_t l = 0; l < num_levels; l++) {
            out[l].kind = SOL_TILE_STREAM;
            out[l].traffic = (double)node->bytes;
            out[l].exact = !node->approximate;
        }
        return;
    }
    const char *why = node->num_stmts > 1 ? "several contraction statements in one node" : NULL;
    Model *m = NULL;
    if (!why) {
        m = sol_xmalloc(sizeof *m);
        memset(m, 0, offsetof(Model, ncand)); /* build() writes the rest before use */
        why = build(g, node, &node->stmts[0], m);
    }
    for (uint32_t l = 0; l < num_levels; l++) {
        uint32_t best[SOL_TILE_MAX_LEVELS];
        Eval be;
        if (why)
            no_reuse(g, node, why, &out[l]);
        else if (!search(m, capacities[l], best, &be))
            no_reuse(g, node, "no tile fits the capacity", &out[l]);
        else
            tiled(g, node, m, best, be, &out[l]);
    }
    if (m)
        free(m->bitmap);
    free(m);
}

void sol_tile_node(const SolGraph *g, uint32_t n, double capacity, SolTileChoice *out)
{
    sol_tile_node_levels(g, n, &capacity, 1, out);
}

/* ---- level forms shared with tile_epilogue.c (tiling.h) ------------------------------------ */

bool sol_tile_hulls(const SolDomain *d, int64_t *lo, int64_t *step, int64_t *cnt)
{
    if (!d || d->num_levels > SOL_TILE_MAX_LEVELS)
        return false;
    for (uint32_t k = 0; k < d->num_levels; k++)
        if (!level_hull(d, k, &lo[k], &step[k], &cnt[k]))
            return false;
    return true;
}

bool sol_tile_single_level(const SolAffineExpr *e, uint32_t nl, const int64_t *lo,
                           const int64_t *step, int *lev, int64_t *a, int64_t *c)
{
    Dim raw = {0};
    if (!e || !lin_add(e, 1, &raw, 0))
        return false;
    *lev = -1, *a = 0, *c = raw.c;
    for (uint32_t i = 0; i < raw.n; i++) {
        uint32_t k = raw.lev[i];
        int64_t off;
        if (raw.a[i] == 0)
            continue;
        if (*lev >= 0 || k >= nl || __builtin_mul_overflow(raw.a[i], step[k], a) ||
            __builtin_mul_overflow(raw.a[i], lo[k], &off) || add_ovf(c, off))
            return false;
        *lev = (int)k;
    }
    return true;
}

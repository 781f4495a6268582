/*
 * The cache-aware bound of a graph on a device (see cache_bound.h): the processors below
 * each level, the LP input of each contraction statement (io_bound.h) and the time.
 */
#include "Analysis/cache_bound.h"
#include "Analysis/io_bound.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* ---- one statement as an LP input --------------------------------------------------------- */

/* What level k of a statement's domain takes: an interval of values with a step. */
typedef struct LevelRange {
    int64_t lo, hi, step;
    double count; /* values (an upper bound), INFINITY when unknown */
    bool ok;
} LevelRange;

static LevelRange level_range(const SolDomain *d, uint32_t k)
{
    LevelRange r = {0, 0, 1, INFINITY, false};
    const SolLevel *lv = &d->levels[k];
    bool have_lo = false, have_hi = false;
    for (uint32_t i = 0; i < lv->lb.n; i++) {
        int64_t lo, hi;
        if (!sol_level_range(d, lv->lb.exprs[i], &lo, &hi))
            return r;
        if (!have_lo || lo > r.lo)
            r.lo = lo;
        have_lo = true;
    }
    for (uint32_t i = 0; i < lv->ub.n; i++) {
        int64_t lo, hi;
        if (!sol_level_range(d, lv->ub.exprs[i], &lo, &hi))
            return r;
        if (!have_hi || hi - 1 < r.hi)
            r.hi = hi - 1;
        have_hi = true;
    }
    if (!have_lo || !have_hi || lv->step < 1)
        return r;
    r.step = lv->step;
    r.count = r.hi < r.lo ? 0 : floor(((double)r.hi - (double)r.lo) / (double)r.step) + 1;
    r.ok = true;
    return r;
}

/* Constant bounds on every level and no guard: every reduction fiber has all its points. */
static bool is_box(const SolDomain *d)
{
    if (d->num_guards)
        return false;
    for (uint32_t k = 0; k < d->num_levels; k++) {
        const SolLevel *lv = &d->levels[k];
        if (lv->lb.n != 1 || lv->ub.n != 1 || lv->lb.exprs[0]->kind != SOL_AFF_CONST ||
            lv->ub.exprs[0]->kind != SOL_AFF_CONST)
            return false;
    }
    return true;
}

/* A subscript as sum c_k * level_k + const. */
typedef struct Linear {
    uint32_t n;
    uint32_t level[16];
    int64_t coef[16];
} Linear;

static bool linear_add(const SolAffineExpr *e, int64_t scale, Linear *l, int depth)
{
    if (depth > 64)
        return false;
    switch (e->kind) {
    case SOL_AFF_CONST:
        return true;
    case SOL_AFF_DIM:
        for (uint32_t i = 0; i < l->n; i++)
            if (l->level[i] == (uint32_t)e->value)
                return !__builtin_add_overflow(l->coef[i], scale, &l->coef[i]);
        if (l->n == 16 || e->value < 0 || e->value >= 64)
            return false;
        l->level[l->n] = (uint32_t)e->value, l->coef[l->n++] = scale;
        return true;
    case SOL_AFF_ADD:
        return linear_add(e->lhs, scale, l, depth + 1) && linear_add(e->rhs, scale, l, depth + 1);
    case SOL_AFF_MUL: {
        const SolAffineExpr *x = e->lhs, *c = e->rhs;
        if (x->kind == SOL_AFF_CONST)
            x = e->rhs, c = e->lhs;
        int64_t s;
        if (c->kind != SOL_AFF_CONST || __builtin_mul_overflow(scale, c->value, &s))
            return false;
        return linear_add(x, s, l, depth + 1);
    }
    default:
        return false; /* symbols, floordiv, ceildiv, mod: not a coordinate (note §3.5) */
    }
}

static int64_t gcd64(int64_t a, int64_t b)
{
    while (b) {
        int64_t t = a % b;
        a = b, b = t;
    }
    return a;
}

/* The LP view of an access (note §3.1, §4.3): the levels its subscripts use and how many
 * tap values can reach one element. Each subscript must be injective in its levels (a
 * mixed-radix sum such as `h*128 + d`) or a two-level window `a*p + c*r` (both levels in the
 * mask; with r fixed it is injective in p, and ceil(n_r / (a/gcd)) values of r reach one
 * element, or the same with the roles exchanged, whichever is fewer). False otherwise: the
 * tensor is left out of the LP. */
static bool classify(const SolStmtAccess *a, const LevelRange *lv, uint32_t nlev, uint64_t *mask,
                     double *mult, bool *window)
{
    *mask = 0, *mult = 1, *window = false;
    if (!a->subs)
        return false;
    for (uint32_t r = 0; r < a->rank; r++) {
        Linear l = {0};
        if (!linear_add(a->subs[r], 1, &l, 0))
            return false;
        /* Effective steps: coefficient times the level's step. */
        uint32_t n = 0;
        int64_t step[16];
        uint32_t lev[16];
        for (uint32_t i = 0; i < l.n; i++) {
            if (l.coef[i] == 0)
                continue;
            if (l.level[i] >= nlev || !lv[l.level[i]].ok)
                return false;
            int64_t s;
            if (__builtin_mul_overflow(l.coef[i], lv[l.level[i]].step, &s) || s == INT64_MIN)
                return false;
            step[n] = s < 0 ? -s : s, lev[n++] = l.level[i];
        }
        if (n == 0)
            continue; /* a constant subscript */
        /* Injective: sorted by step, each step beyond the span of the smaller ones. */
        for (uint32_t i = 1; i < n; i++)
            for (uint32_t j = i; j > 0 && step[j] < step[j - 1]; j--) {
                int64_t ts = step[j];
                step[j] = step[j - 1], step[j - 1] = ts;
                uint32_t tl = lev[j];
                lev[j] = lev[j - 1], lev[j - 1] = tl;
            }
        double span = 0;
        bool injective = true;
        for (uint32_t i = 0; i < n && injective; i++) {
            if ((double)step[i] <= span)
                injective = false;
            span += (double)step[i] * (lv[lev[i]].count - 1);
        }
        for (uint32_t i = 0; i < n; i++)
            *mask |= 1ull << lev[i];
        if (injective)
            continue;
        if (n != 2)
            return false;
        int64_t g = gcd64(step[0], step[1]);
        double m0 = ceil(lv[lev[0]].count / (double)(step[1] / g)); /* taps: level 0 */
        double m1 = ceil(lv[lev[1]].count / (double)(step[0] / g)); /* taps: level 1 */
        *mult *= m0 < m1 ? m0 : m1;
        *window = true;
    }
    return *mult >= 1 && isfinite(*mult);
}

/* A graph input nothing in the graph writes: budgeted in every segment. */
static bool pure_input(const SolGraph *g, uint32_t t)
{
    return t < g->num_tensors && g->tensors[t].is_arg && g->tensors[t].written_elems == 0;
}

/* The LP input of statement st; false when it has no usable cache term. */
static bool prepare(const SolGraph *g, const SolStmt *st, double in_cap, SolIoEinsum *e,
                    double *b_max, bool *window)
{
    const SolDomain *d = st->dom;
    memset(e, 0, sizeof *e);
    *b_max = 0, *window = false;
    if (!d || st->points == 0 || d->num_levels > SOL_IO_MAX_LEVELS)
        return false;
    LevelRange lv[SOL_DOM_MAX_LEVELS];
    e->num_levels = d->num_levels;
    for (uint32_t k = 0; k < d->num_levels; k++) {
        lv[k] = level_range(d, k);
        e->extent[k] = lv[k].count;
    }
    e->points = (double)st->points;
    e->box = is_box(d);
    uint32_t ids[SOL_IO_MAX_TENSORS];
    for (int j = 0; j < 2; j++) {
        const SolStmtAccess *a = &st->in[j];
        SolIoTensor t = {0};
        bool win;
        if (a->tensor >= g->num_tensors)
            continue;
        double eb = g->tensors[a->tensor].elem_bytes;
        eb = eb < in_cap ? eb : in_cap;
        *b_max = eb > *b_max ? eb : *b_max;
        if (!pure_input(g, a->tensor) || !classify(a, lv, d->num_levels, &t.mask, &t.mult, &win))
            continue; /* an intermediate (free, §6.2) or an unrecognised subscript (§3.5) */
        *window |= win;
        t.bytes = eb;
        ids[e->num_tensors] = a->tensor;
        e->t[e->num_tensors++] = t;
    }
    if (st->has_out && st->out.tensor < g->num_tensors) {
        /* Partial sums are counted as values (note §2): in place, one per output element
         * (its subscripts classified like an input's); else one per tuple of the levels
         * outside the reduction, at the output's element size. */
        const SolGraphTensor *gt = &g->tensors[st->out.tensor];
        uint64_t all = d->num_levels >= 64 ? ~0ull : (1ull << d->num_levels) - 1;
        SolIoTensor t = {
            .output = true, .bytes = gt->elem_bytes, .mask = st->value_mask & all, .mult = 1};
        bool win = false, ok = true;
        if (st->in_place)
            ok = classify(&st->out, lv, d->num_levels, &t.mask, &t.mult, &win);
        *b_max = t.bytes > *b_max ? t.bytes : *b_max;
        if (!(st->out_final && gt->is_arg)) {
            /* An intermediate: complete fibers over the reduction levels (§6.2). */
            if (!ok || win || t.mult != 1)
                return false;
            e->fiber = true;
            e->reduce_mask = all & ~st->value_mask;
        }
        if (ok) {
            *window |= win;
            ids[e->num_tensors] = st->out.tensor;
            e->t[e->num_tensors++] = t;
        }
    }
    /* LP tensors reading one buffer share its bytes (their footprints may overlap). */
    for (uint32_t j = 0; j < e->num_tensors; j++) {
        uint32_t same = 0;
        for (uint32_t k = 0; k < e->num_tensors; k++)
            same += ids[k] == ids[j];
        e->t[j].bytes /= same;
    }
    return e->num_tensors > 0;
}

/* ---- levels ------------------------------------------------------------------------------- */

typedef struct Geometry {
    bool bounded;    /* a traffic bound (compulsory at least) */
    bool segment;    /* the segment bound applies: the storage below is documented */
    bool rate;       /* the rate term applies: the storage below never outlives a kernel */
    bool trusted;    /* the level's bandwidth covers reads plus writes */
    uint32_t units;  /* units of the finest level below */
    uint32_t domain; /* units per processor */
    double s_max, s_sum;
} Geometry;

static uint64_t sat_mul(uint64_t a, uint64_t b)
{
    uint64_t r;
    return __builtin_mul_overflow(a, b, &r) ? UINT64_MAX : r;
}

static uint64_t sat_add(uint64_t a, uint64_t b)
{
    uint64_t r;
    return __builtin_add_overflow(a, b, &r) ? UINT64_MAX : r;
}

static void add_note(SolCacheLevel *L, const char *text)
{
    size_t len = strlen(L->note);
    snprintf(L->note + len, sizeof L->note - len, "%s%s", len ? "; " : "", text);
}

/* The processors below level k (note 7.1) and what applies there. A per-unit level (as many
 * units as the finest level below it: an SM's L1/shared memory) has one processor per unit
 * and no segment term, since what its storage exchanges with the units' tensor-core operand
 * buffers is undocumented; its compulsory traffic and rate term still hold. */
static void level_geometry(const SolDevice *dev, uint32_t k, SolCacheLevel *L, Geometry *geo)
{
    memset(geo, 0, sizeof *geo);
    const SolMemLevel *lv = &dev->levels[k];
    L->name = lv->name;
    uint32_t u = 0;
    for (uint32_t j = k + 1; j < dev->num_levels; j++)
        u = dev->levels[j].units > u ? dev->levels[j].units : u;
    if (u == 0) {
        snprintf(L->note, sizeof L->note, "innermost level: no storage below it");
        return;
    }
    bool per_unit = k > 0 && lv->units >= u && u > 1;
    if (per_unit && dev->levels[k - 1].units >= u) {
        snprintf(L->note, sizeof L->note,
                 "inside a unit, below its first level: not bounded (the data path between "
                 "them is undocumented; docs/bounds.md)");
        return;
    }
    /* Units per processor: the sharing domain, at least a whole unit of every level below. */
    uint32_t dom = per_unit ? 1 : lv->sharing_domain ? lv->sharing_domain : u;
    for (uint32_t j = k + 1; j < dev->num_levels; j++) {
        uint32_t need = (u + dev->levels[j].units - 1) / dev->levels[j].units;
        dom = need > dom ? need : dom;
    }
    dom = dom > u ? u : dom;
    uint64_t total = 0, smax = 0;
    bool registers = false, scoped = true;
    for (uint32_t j = k + 1; j < dev->num_levels; j++) {
        const SolMemLevel *b = &dev->levels[j];
        total = sat_add(total, sat_mul(b->bytes, b->units));
        uint64_t per = ((uint64_t)dom * b->units + u - 1) / u; /* whole units of level j */
        smax = sat_add(smax, sat_mul(b->bytes, per));
        registers |= strcasecmp(b->name, "RF") == 0;
        scoped &= b->kernel_scoped;
    }
    L->bounded = true;
    L->processors = (u + dom - 1) / dom;
    L->units_per_processor = dom;
    L->total = total;
    L->capacity = L->processors == 1 ? total : smax;
    L->bandwidth_estimate = lv->bandwidth_estimate;
    L->per_unit = per_unit;
    geo->bounded = true;
    geo->segment = registers && !per_unit;
    geo->rate = scoped && L->processors > 1;
    geo->units = u;
    geo->domain = dom;
    geo->s_max = (double)L->capacity;
    geo->s_sum = (double)total;
    geo->trusted = lv->bandwidth > 0 && !lv->bandwidth_reads_only;
    if (per_unit)
        add_note(L, "per-unit storage: compulsory and rate terms only (docs/bounds.md)");
    else if (!registers)
        add_note(L, "the device file lists no register level (RF): on-chip capacity unknown, "
                    "no segment term");
    if (lv->bandwidth_reads_only)
        add_note(L, "no time: the file's bandwidth is a read rate, not a reads + writes ceiling "
                    "(docs/bounds.md)");
    else if (!(lv->bandwidth > 0))
        add_note(L, "no time: no trustworthy bandwidth in the device file");
    else if (lv->bandwidth_estimate)
        add_note(L, "bandwidth: an upper estimate from per-clock widths");
}

/* Rounds a bound down after a (1 - 1e-9) factor (note P17). */
static uint64_t round_down(double q)
{
    q *= 1 - 1e-9;
    if (!(q > 0))
        return 0;
    return q >= 1.8e19 ? UINT64_MAX : (uint64_t)floor(q);
}

void sol_cache_compute(const SolGraph *g, const SolBounds *b, const SolBoundOptions *opts,
                       SolCacheBounds *out)
{
    memset(out, 0, sizeof *out);
    const SolDevice *dev = b->device;
    out->device = dev;
    out->tight_matmul = opts->tight_matmul;
    out->num_levels = dev->num_levels;
    out->levels = sol_xcalloc(dev->num_levels + 1, sizeof *out->levels);
    Geometry *geo = sol_xcalloc(dev->num_levels + 1, sizeof *geo);
    for (uint32_t k = 0; k < dev->num_levels; k++) {
        level_geometry(dev, k, &out->levels[k], &geo[k]);
        /* The graph's reads and writes, less what storage below that outlives a kernel may
         * hold at its start (warm) and end (bounds.h). */
        out->levels[k].compulsory = sol_dram_charge(
            b->cache_state, g->compulsory_read_bytes, g->compulsory_read_bytes,
            g->compulsory_write_bytes, sol_device_persistent_below(dev, k));
    }
    for (uint32_t n = 0; n < g->num_nodes; n++) {
        const SolNode *node = &g->nodes[n];
        for (uint32_t s = 0; s < node->num_stmts; s++) {
            const SolStmt *st = &node->stmts[s];
            SolIoEinsum e;
            double b_max;
            bool window;
            out->statements++;
            /* Under a contract that rounds f32 inputs to bf16, a kernel may convert them in a
             * first pass and move 2-byte copies from then on (note pitfall P13: the
             * smallest plausible dtype). */
            double in_cap = st->dtype == SOL_DT_F32 && b->fp32 == SOL_FP32_BF16 &&
                                    !b->contraction_on_vector[SOL_DT_F32]
                                ? 2
                                : INFINITY;
            if (!prepare(g, st, in_cap, &e, &b_max, &window) || (window && opts->conv_any))
                continue; /* conv-algo=any: the direct algorithm's cache term does not apply */
            SolIoModel m;
            sol_io_model(&e, &m);
            if (!(m.sigma_star > 1 + 1e-9) || m.unbounded)
                continue; /* sigma* = 1: compulsory only (note §3.3) */
            out->with_segment++;
            bool tight = opts->tight_matmul && sol_io_is_matmul(&e);
            double peak = b->matrix_peak_used[st->dtype] / 2; /* MAC/s */
            for (uint32_t k = 0; k < dev->num_levels; k++) {
                SolCacheLevel *L = &out->levels[k];
                if (geo[k].segment) {
                    /* Only a statement above the level's largest bound so far matters. */
                    double q = sol_io_segment_above(&m, e.points, geo[k].s_max, geo[k].s_sum,
                                                    b_max, (double)L->segment);
                    if (tight) {
                        double qt = sol_io_tight_matmul(e.points, e.t[0].bytes, geo[k].s_max,
                                                        geo[k].s_sum);
                        q = qt > q ? qt : q;
                    }
                    uint64_t qb = round_down(q);
                    if (qb > L->segment)
                        L->segment = qb, L->segment_node = node->name;
                }
                if (geo[k].rate && geo[k].trusted && peak > 0) {
                    double pi = peak * geo[k].domain / geo[k].units;
                    double r = sol_io_rate(&m, e.points, pi, dev->levels[k].bandwidth);
                    r *= 1 - 1e-9;
                    L->rate = r > L->rate ? r : L->rate;
                }
            }
        }
    }
    out->matrix = b->fused.matrix;
    out->vector = b->fused.vector > b->fused.vector_contraction ? b->fused.vector
                                                                : b->fused.vector_contraction;
    out->seconds = out->matrix, out->bound = "matrix";
    if (out->vector > out->seconds)
        out->seconds = out->vector, out->bound = "vector";
    for (uint32_t k = 0; k < dev->num_levels; k++) {
        SolCacheLevel *L = &out->levels[k];
        if (!L->bounded)
            continue;
        L->lower_bound = L->segment > L->compulsory ? L->segment : L->compulsory;
        if (geo[k].trusted) {
            L->bandwidth = dev->levels[k].bandwidth;
            L->seconds = (double)L->lower_bound / L->bandwidth;
        }
        if (L->seconds > out->seconds) {
            out->seconds = L->seconds, out->bound = L->name;
            out->bound_estimate = L->bandwidth_estimate;
        }
        if (L->rate > out->seconds) {
            out->seconds = L->rate;
            snprintf(out->bound_text, sizeof out->bound_text, "rate %s", L->name);
            out->bound = out->bound_text;
            out->bound_estimate = L->bandwidth_estimate;
        }
    }
    free(geo);
}

void sol_cache_free(SolCacheBounds *c)
{
    free(c->levels);
    c->levels = NULL;
    c->num_levels = 0;
}

bool sol_cache_describe_estimates(const SolCacheBounds *c, char *buf, size_t size)
{
    size_t n = 0, found = 0;
    buf[0] = '\0';
    for (uint32_t k = 0; k < c->num_levels && n < size; k++) {
        const SolCacheLevel *L = &c->levels[k];
        if (!L->bounded || !(L->bandwidth > 0) || !L->bandwidth_estimate)
            continue;
        n += (size_t)snprintf(buf + n, size - n, "%s%s", found++ ? ", " : "", L->name);
    }
    if (!found || n >= size)
        return found > 0;
    n += (size_t)snprintf(buf + n, size - n, " bandwidth%s: upper estimate%s from per-clock widths "
                                             "(the time%s err%s low: still a bound; "
                                             "docs/bounds.md)",
                          found == 1 ? "" : "s", found == 1 ? "" : "s", found == 1 ? "" : "s",
                          found == 1 ? "s" : "");
    if (n < size && c->bound_estimate)
        snprintf(buf + n, size - n, "; sol-cache's binding term, %s, rests on one", c->bound);
    return true;
}

/*
 * Epilogues and fusion groups of the attainable figure (tiling.h has the conditions): a
 * contraction's elementwise consumers applied to each output tile while it is resident, and
 * the per-group attainable traffic at every bounded level.
 */
#include "Analysis/tiling.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_EPILOGUE 96 /* consumers one contraction may take */

/* The box p's statement stores: T[first_r + t_{lev_r}], t_{lev_r} < cnt_r. */
typedef struct OutBox {
    uint32_t tensor, rank;
    int lev[SOL_TILE_MAX_DIMS];
    int64_t first[SOL_TILE_MAX_DIMS], cnt[SOL_TILE_MAX_DIMS];
} OutBox;

static bool out_box(const SolGraph *g, uint32_t p, OutBox *o)
{
    const SolNode *node = &g->nodes[p];
    if (node->num_stmts != 1)
        return false;
    const SolStmt *st = &node->stmts[0];
    int64_t lo[SOL_TILE_MAX_LEVELS], step[SOL_TILE_MAX_LEVELS], cnt[SOL_TILE_MAX_LEVELS];
    if (!st->has_out || !st->out.subs || st->out.tensor >= g->num_tensors ||
        st->out.rank == 0 || st->out.rank > SOL_TILE_MAX_DIMS ||
        !sol_tile_hulls(st->dom, lo, step, cnt))
        return false;
    o->tensor = st->out.tensor, o->rank = st->out.rank;
    double box = 1;
    for (uint32_t r = 0; r < o->rank; r++) {
        int64_t a;
        if (!sol_tile_single_level(st->out.subs[r], st->dom->num_levels, lo, step, &o->lev[r],
                                   &a, &o->first[r]) ||
            o->lev[r] < 0 || a != 1)
            return false;
        o->cnt[r] = cnt[o->lev[r]];
        box *= (double)o->cnt[r];
    }
    bool whole = false;
    for (uint32_t i = 0; i < node->num_tensors; i++)
        if (node->tensors[i].tensor == o->tensor)
            whole = (double)node->tensors[i].write_elems == box;
    for (uint32_t i = 0; i < node->num_accesses; i++) {
        const SolNodeAccess *a = &node->accesses[i];
        if (a->tensor == o->tensor &&
            (a->rank != st->out.rank || !sol_tile_subs_equal(a->subs, st->out.subs, a->rank)))
            return false;
    }
    return whole;
}

/* Node c as an epilogue of the box o: its levels per dimension of T (lev[r]), hulls and
 * point count; false when it is not one (tiling.h's conditions on each ci). */
typedef struct Consumer {
    uint32_t node;
    uint32_t nl;
    int lev[SOL_TILE_MAX_DIMS]; /* c's level indexing dimension r of T */
    int64_t lo[SOL_TILE_MAX_LEVELS], step[SOL_TILE_MAX_LEVELS], cnt[SOL_TILE_MAX_LEVELS];
    double points;
} Consumer;

static bool consumer_of(const SolGraph *g, const OutBox *o, uint32_t n, Consumer *c)
{
    const SolNode *node = &g->nodes[n];
    if (node->num_stmts != 0 || node->num_accesses == 0)
        return false;
    const SolDomain *d = node->accesses[0].dom;
    if (!sol_tile_hulls(d, c->lo, c->step, c->cnt) || d->num_levels != o->rank)
        return false;
    c->node = n, c->nl = d->num_levels;
    c->points = 1;
    for (uint32_t k = 0; k < c->nl; k++)
        c->points *= (double)c->cnt[k];
    SolCount pc = sol_domain_count(d);
    if (pc.approximate || pc.overflow || (double)pc.value != c->points)
        return false;
    bool mapped = false, reads = false;
    for (uint32_t i = 0; i < node->num_accesses; i++) {
        const SolNodeAccess *a = &node->accesses[i];
        if (a->dom != d || !a->subs || a->tensor >= g->num_tensors || a->rank > SOL_TILE_MAX_DIMS)
            return false;
        uint64_t used = 0;
        int lev[SOL_TILE_MAX_DIMS];
        for (uint32_t r = 0; r < a->rank; r++) {
            int64_t k, off;
            if (!sol_tile_single_level(a->subs[r], c->nl, c->lo, c->step, &lev[r], &k, &off))
                return false;
            if (lev[r] >= 0 && (used >> lev[r] & 1))
                return false; /* a level in two dimensions */
            if (lev[r] >= 0)
                used |= 1ull << lev[r];
            if (a->tensor == o->tensor &&
                (lev[r] < 0 || k != 1 || off != o->first[r] || c->cnt[lev[r]] != o->cnt[r]))
                return false;
        }
        if (a->tensor == o->tensor) {
            if (a->rank != o->rank)
                return false;
            for (uint32_t r = 0; r < a->rank; r++) {
                if (mapped && c->lev[r] != lev[r])
                    return false;
                c->lev[r] = lev[r];
            }
            mapped = true;
            reads |= !a->write;
        } else if (a->write && used != (c->nl >= 64 ? ~0ull : (1ull << c->nl) - 1)) {
            return false; /* a write that does not take one element per point */
        }
    }
    return reads;
}

/* Whether a node outside [p, e] accesses tensor t. */
static bool accessed_outside(const SolGraph *g, uint32_t t, uint32_t p, uint32_t e)
{
    const SolGraphTensor *T = &g->tensors[t];
    return T->first_node != UINT32_MAX && (T->first_node < p || T->last_node > e);
}

static bool node_accesses(const SolNode *node, uint32_t t, bool write)
{
    for (uint32_t i = 0; i < node->num_accesses; i++)
        if (node->accesses[i].tensor == t && (!write || node->accesses[i].write))
            return true;
    return false;
}

/* The tensors other than T of consumer c[j] do not meet p or the other consumers in a way
 * that reorders: not accessed by p; not both read and written in the chain; written by one
 * consumer only, and then accessed by no other. */
static bool separate_tensors(const SolGraph *g, uint32_t p, const OutBox *o, const Consumer *c,
                             uint32_t j)
{
    const SolNode *node = &g->nodes[c[j].node];
    for (uint32_t i = 0; i < node->num_accesses; i++) {
        uint32_t t = node->accesses[i].tensor;
        if (t == o->tensor)
            continue;
        if (node_accesses(&g->nodes[p], t, false))
            return false;
        bool w = node_accesses(node, t, true);
        for (uint32_t q = 0; q <= j; q++) {
            const SolNode *other = &g->nodes[c[q].node];
            if (q != j && ((w && node_accesses(other, t, false)) || node_accesses(other, t, true)))
                return false;
        }
        if (w)
            for (uint32_t k = 0; k < node->num_accesses; k++)
                if (node->accesses[k].tensor == t && !node->accesses[k].write)
                    return false;
    }
    return true;
}

/* The bytes of p plus its consumers c[0, m) as one kernel with p's tiles pc, and the bytes
 * of their non-T read slices resident beside an output tile. */
static double epilogue_bytes(const SolGraph *g, const OutBox *o, const Consumer *c, uint32_t m,
                             const SolTileChoice *pc, double *extra)
{
    uint32_t p = c[0].node - 1, e = c[m - 1].node;
    const SolGraphTensor *T = &g->tensors[o->tensor];
    bool persists = T->is_arg || accessed_outside(g, o->tensor, p, e);
    int last_writer = -1;
    for (uint32_t j = 0; j < m; j++)
        if (node_accesses(&g->nodes[c[j].node], o->tensor, true))
            last_writer = (int)j;
    double bytes = pc->traffic;
    if (last_writer >= 0 || !persists)
        bytes -= pc->out_write; /* p's write of T is dead */
    *extra = 0;
    for (uint32_t j = 0; j < m; j++) {
        const SolNode *node = &g->nodes[c[j].node];
        int64_t tile[SOL_TILE_MAX_LEVELS];
        for (uint32_t r = 0; r < o->rank; r++)
            tile[c[j].lev[r]] = pc->tile[o->lev[r]];
        for (uint32_t i = 0; i < node->num_accesses; i++) {
            const SolNodeAccess *a = &node->accesses[i];
            double eb = g->tensors[a->tensor].elem_bytes;
            if (a->tensor == o->tensor) {
                if (a->write && (int)j == last_writer && persists)
                    bytes += c[j].points * eb;
                continue;
            }
            if (a->write) {
                bytes += c[j].points * eb;
                continue;
            }
            uint64_t used = 0;
            for (uint32_t r = 0; r < a->rank; r++)
                used |= sol_level_uses(a->subs[r]);
            double moved = eb, slice = eb;
            for (uint32_t k = 0; k < c[j].nl; k++) {
                if (used >> k & 1) {
                    moved *= (double)c[j].cnt[k];
                    slice *= (double)tile[k];
                } else {
                    moved *= (double)((c[j].cnt[k] + tile[k] - 1) / tile[k]);
                }
            }
            bytes += moved, *extra += slice;
        }
    }
    return bytes;
}

/* sol_tile_epilogue, with the separate kernels' choices at this capacity given when known:
 * sep[j * stride] is node p + j's (NULL: tiled here). */
static uint32_t epilogue(const SolGraph *g, uint32_t p, uint32_t last, double capacity,
                         const SolTileChoice *sep_known, uint32_t stride, double *bytes,
                         SolTileChoice *pc)
{
    OutBox o;
    if (p >= g->num_nodes || !out_box(g, p, &o))
        return 0;
    if (last >= g->num_nodes)
        last = g->num_nodes - 1;
    /* The consumers, grown as found (most contractions have none or one; a group can span
     * thousands of nodes, so sizing by `last - p` would be quadratic). */
    uint32_t max = 0, room = 0;
    Consumer *c = NULL;
    for (;;) {
        if (max == room) {
            room = room ? 2 * room : 4;
            c = sol_xrealloc(c, room * sizeof *c);
        }
        if (max == MAX_EPILOGUE || p + 1 + max > last ||
            !consumer_of(g, &o, p + 1 + max, &c[max]) || !separate_tensors(g, p, &o, c, max))
            break;
        max++;
    }
    /* The separate kernels of p .. p + max, then each split at m: the cheapest wins. */
    double sep[MAX_EPILOGUE + 1], rest = 0;
    uint32_t best_m = 0;
    double best = 0;
    if (max > 0) {
        for (uint32_t j = 0; j <= max; j++) {
            SolTileChoice t;
            if (sep_known)
                t = sep_known[(size_t)j * stride];
            else
                sol_tile_node(g, p + j, capacity, &t);
            sep[j] = t.traffic;
            if (!t.exact)
                max = 0; /* a count erred low: no comparison to trust */
            best += sep[j];
        }
    }
    for (uint32_t m = max; m >= 1; m--) {
        rest = 0;
        for (uint32_t j = m + 1; j <= max; j++)
            rest += sep[j];
        double cap = capacity;
        for (int round = 0; round < 8 && cap > 0; round++) {
            SolTileChoice t;
            double extra;
            sol_tile_node(g, p, cap, &t);
            if (t.kind != SOL_TILE_TILED || !t.exact)
                break;
            double b = epilogue_bytes(g, &o, c, m, &t, &extra);
            if (t.resident + extra <= capacity) {
                if (b + rest < best) {
                    best = b + rest, best_m = m, *bytes = b, *pc = t;
                }
                break;
            }
            cap = capacity - extra;
        }
    }
    free(c);
    return best_m;
}

uint32_t sol_tile_epilogue(const SolGraph *g, uint32_t p, uint32_t last, double capacity,
                           double *bytes, SolTileChoice *pc)
{
    return epilogue(g, p, last, capacity, NULL, 0, bytes, pc);
}

/* One kernel of the attainable figure: nodes [first, last], the bytes it moves through DRAM
 * when everything it touches stays resident, and that working set. */
typedef struct Kernel {
    uint32_t first, last;
    double resident_bytes; /* the group's (or node's) own compulsory bytes */
    double working_set;    /* bytes of the elements it touches, at most (0: unknown) */
} Kernel;

/* The bytes of the elements nodes [first, last] touch: per tensor, the smaller of its size
 * and the sum of what each node reads and writes (an upper bound on their union). 0 when a
 * count there may err low (then the resident figure is not used). */
static double working_set(const SolGraph *g, uint32_t first, uint32_t last, double *touched)
{
    for (uint32_t n = first; n <= last; n++)
        if (g->nodes[n].approximate || g->nodes[n].data_dependent)
            return 0;
    double ws = 0;
    for (uint32_t n = first; n <= last; n++) {
        const SolNode *node = &g->nodes[n];
        for (uint32_t i = 0; i < node->num_tensors; i++)
            touched[node->tensors[i].tensor] +=
                (double)(node->tensors[i].read_elems + node->tensors[i].write_elems);
    }
    for (uint32_t n = first; n <= last; n++) {
        const SolNode *node = &g->nodes[n];
        for (uint32_t i = 0; i < node->num_tensors; i++) {
            uint32_t t = node->tensors[i].tensor;
            double elems = (double)g->tensors[t].elems;
            ws += (touched[t] < elems ? touched[t] : elems) * g->tensors[t].elem_bytes;
            touched[t] = 0; /* counted once, and clean for the next kernel */
        }
    }
    return ws;
}

/* The kernels: plan's groups, or every node its own (plan NULL). */
static Kernel *kernels_of(const SolGraph *g, const SolFusionPlan *plan, uint32_t *num)
{
    *num = plan ? plan->num_groups : g->num_nodes;
    Kernel *k = sol_xcalloc(*num + 1, sizeof *k);
    double *touched = sol_xcalloc(g->num_tensors + 1, sizeof *touched);
    for (uint32_t i = 0; i < *num; i++) {
        k[i].first = plan ? plan->groups[i].first : i;
        k[i].last = plan ? plan->groups[i].last : i;
        if (k[i].last >= g->num_nodes)
            k[i].last = g->num_nodes - 1;
        k[i].resident_bytes = plan ? (double)plan->groups[i].bytes : (double)g->nodes[i].bytes;
        if (!plan || !plan->approximate)
            k[i].working_set = working_set(g, k[i].first, k[i].last, touched);
    }
    free(touched);
    return k;
}

/* The attainable traffic of plan's groups (NULL: every node its own kernel) at every bounded
 * level of c. Each node is tiled once for all those levels (its model is built once); a
 * contraction with an epilogue in its group is then re-tiled for the room it leaves. A kernel
 * whose working set fits the level can instead keep everything resident and move only its
 * own compulsory bytes; the smaller figure counts. */
static void attainable(const SolGraph *g, const SolFusionPlan *plan, SolCacheBounds *c)
{
    uint32_t nb = 0, *idx = sol_xcalloc(c->num_levels + 1, sizeof *idx);
    double *cap = sol_xcalloc(c->num_levels + 1, sizeof *cap);
    for (uint32_t k = 0; k < c->num_levels; k++)
        if (c->levels[k].bounded && !c->levels[k].per_unit)
            idx[nb] = k, cap[nb++] = (double)c->levels[k].capacity;
    SolTileChoice *sep = sol_xcalloc((size_t)g->num_nodes * nb + 1, sizeof *sep);
    for (uint32_t n = 0; nb && n < g->num_nodes; n++)
        sol_tile_node_levels(g, n, cap, nb, &sep[(size_t)n * nb]);
    uint32_t nk = 0;
    Kernel *ks = kernels_of(g, plan, &nk);
    for (uint32_t l = 0; l < nb; l++) {
        SolCacheLevel *L = &c->levels[idx[l]];
        double sum = 0;
        bool exact = true;
        for (uint32_t ki = 0; ki < nk && g->num_nodes; ki++) {
            const Kernel *K = &ks[ki];
            double tiled = 0;
            bool tiled_exact = true;
            for (uint32_t n = K->first; n <= K->last;) {
                SolTileChoice t;
                double b;
                const SolTileChoice *own = &sep[(size_t)n * nb + l];
                uint32_t m = plan ? epilogue(g, n, K->last, cap[l], own, nb, &b, &t) : 0;
                if (m > 0) {
                    tiled += b, n += m + 1;
                    continue;
                }
                tiled += own->traffic;
                tiled_exact &= own->exact;
                n++;
            }
            if (K->working_set > 0 && K->working_set <= cap[l] && K->resident_bytes <= tiled) {
                sum += K->resident_bytes;
            } else {
                sum += tiled;
                exact &= tiled_exact;
            }
        }
        L->has_attainable = exact && isfinite(sum) && sum < 1.8e19;
        L->attainable = L->has_attainable ? (uint64_t)ceil(sum) : 0;
    }
    free(idx), free(cap), free(sep), free(ks);
}

void sol_tile_attainable(const SolGraph *g, SolCacheBounds *c) { attainable(g, NULL, c); }

void sol_tile_attainable_plan(const SolGraph *g, const SolFusionPlan *plan, SolCacheBounds *c)
{
    attainable(g, plan && plan->num_nodes == g->num_nodes ? plan : NULL, c);
}

/*
 * Fusion plans (see fusion.h): the greedy grouping with its reasons, then each group's
 * compulsory bytes from the accesses the graph keeps, and the plan's time on a device.
 */
#include "Analysis/fusion.h"
#include "Analysis/footprint.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* What the current group knows about a tensor. */
enum {
    T_WRITTEN = 1,  /* a node of the group writes it */
    T_COMPUTED = 2, /* ... and not only an initialisation */
    T_STREAM = 4,   /* its last writer (a contraction or an elementwise node) makes it tile by
                       tile, so an elementwise consumer can take it the same way */
    T_ATTN = 8,     /* written by an attention chain */
    T_CHARGED = 16, /* kept on chip whole: counted in the group's resident bytes */
};

typedef struct Planner {
    const SolGraph *g;
    SolFusionPlan *p;
    bool *source;      /* per node: an initialisation */
    int64_t *attn_end; /* per node: the last node of the attention chain it starts, or -1 */
    uint8_t *flags;    /* per tensor, in the current group */
    SolVecOf(uint32_t) touched; /* tensors with flags set */
    SolVecOf(SolFusionGroup) groups;
    SolFusionGroup cur;
    bool cur_computed;    /* the current group has a node that is not an initialisation */
    int64_t forced_until; /* nodes up to this one belong to the current attention chain */
    uint32_t chain_start; /* its first contraction */
} Planner;

static bool is_contraction(const SolNode *n) { return n->matrix_total != 0; }
static bool is_elementwise(const SolNode *n) { return strcmp(n->kind, "elementwise") == 0; }
static bool is_reduction(const SolNode *n) { return strcmp(n->kind, "reduction") == 0; }

static uint64_t tensor_bytes(const SolGraph *g, uint32_t t)
{
    uint64_t b;
    if (__builtin_mul_overflow(g->tensors[t].elems, (uint64_t)g->tensors[t].elem_bytes, &b))
        return UINT64_MAX;
    return b;
}

static void set_why(Planner *P, uint32_t i, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void set_why(Planner *P, uint32_t i, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    free(P->p->why[i]);
    P->p->why[i] = sol_xstrdup(buf);
}

/* ---- node classes ---------------------------------------------------------------------------- */

/* Initialisations: elementwise nodes that read only tensors no earlier node wrote. */
static void find_sources(Planner *P)
{
    const SolGraph *g = P->g;
    bool *written = sol_xcalloc(g->num_tensors + 1, sizeof *written);
    for (uint32_t i = 0; i < g->num_nodes; i++) {
        const SolNode *n = &g->nodes[i];
        bool src = is_elementwise(n);
        for (uint32_t k = 0; k < n->num_tensors && src; k++)
            if (n->tensors[k].read_elems && written[n->tensors[k].tensor])
                src = false;
        P->source[i] = src;
        for (uint32_t k = 0; k < n->num_tensors; k++)
            if (n->tensors[k].write_elems)
                written[n->tensors[k].tensor] = true;
    }
    free(written);
}

/* Attention chains: a contraction c1 writing a non-argument S; then non-contraction nodes,
 * each touching what the chain wrote (or initialising), at least one a reduction; then a
 * contraction reading a non-argument the chain computed. attn_end[c1] = that contraction. */
static void find_attention(Planner *P)
{
    const SolGraph *g = P->g;
    /* stamp[t] = c1 + 1 when the chain from c1 wrote t; computed[t] likewise when a node
     * that is not an initialisation wrote it. */
    uint32_t *stamp = sol_xcalloc(g->num_tensors + 1, sizeof *stamp);
    uint32_t *computed = sol_xcalloc(g->num_tensors + 1, sizeof *computed);
    for (uint32_t i = 0; i < g->num_nodes; i++)
        P->attn_end[i] = -1;
    for (uint32_t c1 = 0; c1 < g->num_nodes; c1++) {
        const SolNode *n = &g->nodes[c1];
        if (!is_contraction(n))
            continue;
        uint32_t mark = c1 + 1;
        bool scores = false;
        for (uint32_t k = 0; k < n->num_tensors; k++) {
            uint32_t t = n->tensors[k].tensor;
            if (n->tensors[k].write_elems && !g->tensors[t].is_arg) {
                stamp[t] = computed[t] = mark;
                scores = true;
            }
        }
        if (!scores)
            continue;
        bool reduction = false;
        for (uint32_t j = c1 + 1; j < g->num_nodes; j++) {
            const SolNode *m = &g->nodes[j];
            if (is_contraction(m)) {
                bool uses = false;
                for (uint32_t k = 0; k < m->num_tensors && !uses; k++) {
                    uint32_t t = m->tensors[k].tensor;
                    uses = m->tensors[k].read_elems && computed[t] == mark && !g->tensors[t].is_arg;
                }
                if (uses && reduction)
                    P->attn_end[c1] = j;
                break;
            }
            bool touches = P->source[j];
            for (uint32_t k = 0; k < m->num_tensors && !touches; k++)
                touches = stamp[m->tensors[k].tensor] == mark;
            if (!touches)
                break;
            reduction |= is_reduction(m);
            for (uint32_t k = 0; k < m->num_tensors; k++)
                if (m->tensors[k].write_elems) {
                    stamp[m->tensors[k].tensor] = mark;
                    if (!P->source[j])
                        computed[m->tensors[k].tensor] = mark;
                }
        }
    }
    free(stamp);
    free(computed);
}

/* ---- the greedy plan ------------------------------------------------------------------------- */

static void set_flag(Planner *P, uint32_t t, uint8_t f)
{
    if (!P->flags[t])
        sol_vec_push(&P->touched, t);
    P->flags[t] |= f;
}

/* Node i is now part of the current group. */
static void apply(Planner *P, uint32_t i, bool attn)
{
    const SolNode *n = &P->g->nodes[i];
    bool src = P->source[i];
    bool stream = !src && (is_contraction(n) || is_elementwise(n));
    for (uint32_t k = 0; k < n->num_tensors; k++) {
        if (!n->tensors[k].write_elems)
            continue;
        uint32_t t = n->tensors[k].tensor;
        set_flag(P, t, T_WRITTEN);
        if (src)
            continue;
        set_flag(P, t, T_COMPUTED | (attn ? T_ATTN : 0));
        if (stream)
            P->flags[t] |= T_STREAM;
        else
            P->flags[t] &= (uint8_t)~T_STREAM;
    }
    P->cur_computed |= !src;
    P->cur.attention |= attn;
    P->cur.last = i;
    P->p->group_of[i] = (uint32_t)P->groups.len;
}

static void close_group(Planner *P)
{
    sol_vec_push(&P->groups, P->cur);
    for (size_t k = 0; k < P->touched.len; k++)
        P->flags[P->touched.data[k]] = 0;
    P->touched.len = 0;
    P->cur_computed = false;
}

static void init_why(Planner *P, uint32_t i)
{
    set_why(P, i,
            "%s joins group %u: an initialisation (reads only what no node wrote before), "
            "computed where its result is used",
            P->g->nodes[i].name, P->p->group_of[i]);
}

/* The first node of node i's source op. */
static uint32_t op_start(const SolGraph *g, uint32_t i)
{
    while (i > 0 && g->nodes[i - 1].source_op == g->nodes[i].source_op)
        i--;
    return i;
}

/* Nodes [s, e) are all initialisations. */
static bool all_sources(const Planner *P, uint32_t s, uint32_t e)
{
    for (uint32_t j = s; j < e; j++)
        if (!P->source[j])
            return false;
    return true;
}

#define NO_SPLIT UINT32_MAX

/* Where a group started at node i would begin, or NO_SPLIT when i cannot start one. The
 * initialisations ending the current group come along (their results are for i or later
 * nodes: no node before them reads what they write), one whole source op at a time, and so
 * do the nodes of i's own source op before it, which must all be such initialisations:
 * a source op is never split across groups. */
static uint32_t split_point(const Planner *P, uint32_t i)
{
    const SolGraph *g = P->g;
    uint32_t k = op_start(g, i);
    if (k <= P->cur.first || !all_sources(P, k, i))
        return NO_SPLIT;
    while (k > P->cur.first + 1) {
        uint32_t s = op_start(g, k - 1);
        if (s <= P->cur.first || !all_sources(P, s, k))
            break;
        k = s;
    }
    return k;
}

/* Node i starts the next group (split_point(P, i) is not NO_SPLIT). */
static void start_group(Planner *P, uint32_t i, bool attn)
{
    uint32_t k = split_point(P, i);
    P->cur.last = k - 1;
    close_group(P);
    memset(&P->cur, 0, sizeof P->cur);
    P->cur.first = k;
    for (uint32_t s = k; s < i; s++) {
        apply(P, s, false);
        init_why(P, s);
    }
    apply(P, i, attn);
}

/* Appends a tensor name to a list of up to 3 (then "..."). */
static void name_list(char *buf, size_t n, uint32_t *count, const char *name)
{
    size_t len = strlen(buf);
    if (*count < 3)
        snprintf(buf + len, n - len, "%s%s", *count ? ", " : "", name);
    else if (*count == 3)
        snprintf(buf + len, n - len, ", ...");
    (*count)++;
}

/* A group cannot start inside a source op: node i, which would start one, joins the current
 * group when split_point says so. */
static bool keep_source_op(Planner *P, uint32_t i, bool attn)
{
    if (split_point(P, i) != NO_SPLIT)
        return false;
    apply(P, i, attn);
    set_why(P, i, "%s joins group %u: it belongs to the same source op as %s",
            P->g->nodes[i].name, P->p->group_of[i], P->g->nodes[i - 1].name);
    return true;
}

/* Node i outside an attention chain (attn: it is the first contraction of one). */
static void decide(Planner *P, uint32_t i, bool attn)
{
    const SolGraph *g = P->g;
    const SolNode *n = &g->nodes[i];
    uint32_t gid = (uint32_t)P->groups.len;
    if (i == 0) {
        P->cur.first = 0;
        apply(P, 0, attn);
        set_why(P, 0, "%s starts group 0", n->name);
        return;
    }
    if (P->source[i]) {
        apply(P, i, false);
        init_why(P, i);
        return;
    }
    if (!P->cur_computed) {
        apply(P, i, attn);
        set_why(P, i, "%s joins group %u: the group so far only initialises its operands", n->name,
                gid);
        return;
    }
    /* The tensors it reads that the group computed, and what keeping them costs. */
    char carried[200] = "", charged[200] = "";
    uint32_t ncarried = 0, ncharged = 0;
    uint64_t add = 0;
    bool tiled_only = true;
    for (uint32_t k = 0; k < n->num_tensors; k++) {
        const SolNodeTensor *nt = &n->tensors[k];
        uint8_t f = P->flags[nt->tensor];
        if (!nt->read_elems || !(f & T_COMPUTED))
            continue;
        name_list(carried, sizeof carried, &ncarried, g->tensors[nt->tensor].name);
        bool tiled = is_elementwise(n) &&
                     ((f & T_ATTN) || ((f & T_STREAM) && nt->read_elems == n->iterations));
        if (tiled)
            continue;
        tiled_only = false;
        if (f & T_CHARGED)
            continue;
        name_list(charged, sizeof charged, &ncharged, g->tensors[nt->tensor].name);
        uint64_t b = tensor_bytes(g, nt->tensor);
        if (__builtin_add_overflow(add, b, &add))
            add = UINT64_MAX;
    }
    if (!ncarried) {
        if (keep_source_op(P, i, attn))
            return;
        start_group(P, i, attn);
        set_why(P, i, "%s starts group %u: it reads nothing that group %u computes", n->name,
                gid + 1, gid);
        return;
    }
    uint64_t total;
    if (__builtin_add_overflow(P->cur.resident_bytes, add, &total))
        total = UINT64_MAX;
    if (total > P->p->budget) {
        if (keep_source_op(P, i, attn))
            return;
        start_group(P, i, attn);
        set_why(P, i,
                "%s starts group %u: keeping %s on chip would take group %u to %llu bytes, over "
                "the budget of %llu",
                n->name, gid + 1, charged, gid, (unsigned long long)total,
                (unsigned long long)P->p->budget);
        return;
    }
    for (uint32_t k = 0; k < n->num_tensors; k++) {
        const SolNodeTensor *nt = &n->tensors[k];
        uint8_t f = P->flags[nt->tensor];
        bool tiled = is_elementwise(n) &&
                     ((f & T_ATTN) || ((f & T_STREAM) && nt->read_elems == n->iterations));
        if (nt->read_elems && (f & T_COMPUTED) && !tiled)
            P->flags[nt->tensor] |= T_CHARGED;
    }
    P->cur.resident_bytes = total;
    apply(P, i, attn);
    if (tiled_only)
        set_why(P, i, "%s joins group %u: elementwise epilogue, takes %s tile by tile", n->name,
                gid, carried);
    else
        set_why(P, i, "%s joins group %u: consumes %s; the group keeps %llu of %llu bytes on chip",
                n->name, gid, carried, (unsigned long long)total, (unsigned long long)P->p->budget);
}

static void plan_node(Planner *P, uint32_t i)
{
    if (P->forced_until >= (int64_t)i) {
        /* inside an attention chain: its first contraction decided for the chain */
        if (P->attn_end[i] > P->forced_until)
            P->forced_until = P->attn_end[i];
        apply(P, i, true);
        set_why(P, i,
                "%s joins group %u: attention chain %s..%s, whose scores stay on chip tile by "
                "tile",
                P->g->nodes[i].name, P->p->group_of[i], P->g->nodes[P->chain_start].name,
                P->g->nodes[P->forced_until].name);
        return;
    }
    bool c1 = P->attn_end[i] >= 0;
    decide(P, i, c1);
    if (c1) {
        P->chain_start = i;
        P->forced_until = P->attn_end[i];
    }
}

/* ---- group bytes ----------------------------------------------------------------------------- */

typedef struct Ref {
    uint32_t node, access;
} Ref;

/* The images of tensor t over refs[lo, hi) (one group's accesses, in program order): reads of
 * elements the group wrote before are left out, as within a node; a data-dependent access
 * contributes a count (its executions, at most the tensor) without elements. */
static void segment_images(const SolGraph *g, uint32_t t, const Ref *refs, size_t lo, size_t hi,
                           SolImage *R, SolImage *W)
{
    const SolGraphTensor *gt = &g->tensors[t];
    sol_image_init(R, gt->elems);
    sol_image_init(W, gt->elems);
    uint64_t dd_r = 0, dd_w = 0;
    for (size_t k = lo; k < hi; k++) {
        const SolNodeAccess *a = &g->nodes[refs[k].node].accesses[refs[k].access];
        if (!a->subs) {
            SolCount c = sol_domain_count(a->dom);
            uint64_t n = c.value < gt->elems ? c.value : gt->elems;
            uint64_t *slot = a->write ? &dd_w : &dd_r;
            *slot = n > *slot ? n : *slot;
            continue;
        }
        SolImage img;
        sol_image_compute(a->dom, a->subs, a->rank, gt->dims, &img);
        if (a->write)
            sol_image_merge(W, &img, NULL);
        else
            sol_image_merge(R, &img, W);
        sol_image_free(&img);
    }
    if (dd_r > R->count)
        R->count = dd_r;
    if (dd_w > W->count)
        W->count = dd_w;
}

/* |a & b|, both with bitmaps. */
static uint64_t common(const SolImage *a, const SolImage *b)
{
    SolImage rest;
    sol_image_init(&rest, a->nelems);
    sol_image_merge(&rest, a, b);
    uint64_t c = a->count - rest.count;
    sol_image_free(&rest);
    return c;
}

/* The cold reads of argument t read by several groups (segments seg[0, nseg) of refs): the
 * first group's reads, then each group's reads of elements no earlier group read or wrote.
 * Without bitmaps (a tensor too large, or data-dependent accesses) the later groups get none,
 * a count that errs low. */
static void cold_reads(const SolGraph *g, SolFusionPlan *p, uint32_t t, const Ref *refs,
                       size_t nrefs, const size_t *seg, size_t nseg)
{
    const SolGraphTensor *gt = &g->tensors[t];
    bool exact = gt->elems <= SOL_IMAGE_MAX_BITS;
    for (size_t k = 0; k < nrefs && exact; k++)
        exact = g->nodes[refs[k].node].accesses[refs[k].access].subs != NULL;
    SolImage seen, R, W;
    sol_image_init(&seen, gt->elems);
    for (size_t s = 0; s < nseg && (s == 0 || exact); s++) {
        SolFusionGroup *G = &p->groups[p->group_of[refs[seg[s]].node]];
        segment_images(g, t, refs, seg[s], seg[s + 1], &R, &W);
        G->cold_read_bytes += (s == 0 ? R.count : R.count - common(&R, &seen)) * gt->elem_bytes;
        sol_image_merge(&seen, &R, NULL);
        sol_image_merge(&seen, &W, NULL);
        sol_image_free(&R);
        sol_image_free(&W);
    }
    sol_image_free(&seen);
}

static void tensor_traffic(const SolGraph *g, SolFusionPlan *p, uint32_t t, const Ref *refs,
                           size_t nrefs)
{
    const SolGraphTensor *gt = &g->tensors[t];
    uint64_t eb = gt->elem_bytes;
    /* segments: runs of refs in one group */
    SolVecOf(size_t) seg = {0};
    for (size_t k = 0; k < nrefs; k++)
        if (k == 0 || p->group_of[refs[k].node] != p->group_of[refs[k - 1].node])
            sol_vec_push(&seg, k);
    sol_vec_push(&seg, nrefs);
    size_t nseg = seg.len - 1;
    if (!gt->is_arg && nseg == 1) { /* an intermediate of one group: on chip */
        sol_vec_free(&seg);
        return;
    }
    SolImage R, W;
    if (gt->is_arg) {
        if (nseg > 1)
            cold_reads(g, p, t, refs, nrefs, seg.data, nseg);
        for (size_t s = 0; s < nseg; s++) {
            SolFusionGroup *G = &p->groups[p->group_of[refs[seg.data[s]].node]];
            uint32_t first = refs[seg.data[s]].node, last = refs[seg.data[s + 1] - 1].node;
            if (nseg == 1) { /* the whole graph's traffic, as the graph counted it */
                G->read_bytes += gt->compulsory_read_elems * eb;
                G->cold_read_bytes += gt->compulsory_read_elems * eb;
                G->write_bytes += gt->written_elems * eb;
                continue;
            }
            if (first == last) { /* one node: its own counts */
                const SolNode *n = &g->nodes[first];
                for (uint32_t k = 0; k < n->num_tensors; k++)
                    if (n->tensors[k].tensor == t) {
                        G->read_bytes += n->tensors[k].read_elems * eb;
                        G->write_bytes += n->tensors[k].write_elems * eb;
                    }
                continue;
            }
            segment_images(g, t, refs, seg.data[s], seg.data[s + 1], &R, &W);
            G->read_bytes += R.count * eb;
            G->write_bytes += W.count * eb;
            p->approximate |= R.approximate || W.approximate;
            sol_image_free(&R);
            sol_image_free(&W);
        }
        sol_vec_free(&seg);
        return;
    }
    /* Exact with bitmaps and no data-dependent access; otherwise a group reads all it reads
     * once an earlier group wrote the tensor, and writes all it writes while a later group
     * reads it (more than exact, never more than its nodes unfused). */
    bool exact = gt->elems <= SOL_IMAGE_MAX_BITS;
    for (size_t k = 0; k < nrefs && exact; k++)
        exact = g->nodes[refs[k].node].accesses[refs[k].access].subs != NULL;
    /* Forward: reads of what earlier groups wrote. */
    SolImage acc;
    bool any = false;
    sol_image_init(&acc, gt->elems);
    for (size_t s = 0; s < nseg; s++) {
        SolFusionGroup *G = &p->groups[p->group_of[refs[seg.data[s]].node]];
        segment_images(g, t, refs, seg.data[s], seg.data[s + 1], &R, &W);
        G->read_bytes += (exact ? common(&R, &acc) : any ? R.count : 0) * eb;
        p->approximate |= R.approximate || W.approximate;
        sol_image_merge(&acc, &W, NULL);
        any |= W.count != 0;
        sol_image_free(&R);
        sol_image_free(&W);
    }
    sol_image_free(&acc);
    /* Backward: writes that a later group reads before anything overwrites them. */
    sol_image_init(&acc, gt->elems);
    any = false;
    for (size_t s = nseg; s-- > 0;) {
        SolFusionGroup *G = &p->groups[p->group_of[refs[seg.data[s]].node]];
        segment_images(g, t, refs, seg.data[s], seg.data[s + 1], &R, &W);
        G->write_bytes += (exact ? common(&W, &acc) : any ? W.count : 0) * eb;
        SolImage live;
        sol_image_init(&live, gt->elems);
        if (exact) {
            sol_image_merge(&live, &acc, &W);
            sol_image_merge(&live, &R, NULL);
        }
        sol_image_free(&acc);
        acc = live;
        any |= R.count != 0;
        sol_image_free(&R);
        sol_image_free(&W);
    }
    sol_image_free(&acc);
    sol_vec_free(&seg);
}

static void plan_traffic(const SolGraph *g, SolFusionPlan *p)
{
    /* Every access, bucketed by tensor, in program order. */
    size_t *start = sol_xcalloc(g->num_tensors + 2, sizeof *start);
    for (uint32_t i = 0; i < g->num_nodes; i++)
        for (uint32_t k = 0; k < g->nodes[i].num_accesses; k++)
            start[g->nodes[i].accesses[k].tensor + 1]++;
    for (uint32_t t = 0; t < g->num_tensors; t++)
        start[t + 1] += start[t];
    Ref *refs = sol_xcalloc(start[g->num_tensors] + 1, sizeof *refs);
    size_t *fill = sol_xcalloc(g->num_tensors + 1, sizeof *fill);
    for (uint32_t i = 0; i < g->num_nodes; i++)
        for (uint32_t k = 0; k < g->nodes[i].num_accesses; k++) {
            uint32_t t = g->nodes[i].accesses[k].tensor;
            refs[start[t] + fill[t]++] = (Ref){i, k};
        }
    for (uint32_t t = 0; t < g->num_tensors; t++)
        if (start[t + 1] > start[t])
            tensor_traffic(g, p, t, refs + start[t], start[t + 1] - start[t]);
    for (uint32_t k = 0; k < p->num_groups; k++) {
        SolFusionGroup *G = &p->groups[k];
        G->bytes = G->read_bytes + G->write_bytes;
        p->bytes += G->bytes;
    }
    free(fill);
    free(refs);
    free(start);
}

void sol_fusion_plan_build(const SolGraph *g, uint64_t budget, SolFusionPlan *out)
{
    memset(out, 0, sizeof *out);
    out->budget = budget;
    out->num_nodes = g->num_nodes;
    out->group_of = sol_xcalloc(g->num_nodes + 1, sizeof *out->group_of);
    out->why = sol_xcalloc(g->num_nodes + 1, sizeof *out->why);
    if (!g->num_nodes)
        return;
    Planner P = {.g = g, .p = out, .forced_until = -1};
    P.source = sol_xcalloc(g->num_nodes + 1, sizeof *P.source);
    P.attn_end = sol_xcalloc(g->num_nodes + 1, sizeof *P.attn_end);
    P.flags = sol_xcalloc(g->num_tensors + 1, sizeof *P.flags);
    find_sources(&P);
    find_attention(&P);
    for (uint32_t i = 0; i < g->num_nodes; i++)
        plan_node(&P, i);
    close_group(&P);
    out->num_groups = (uint32_t)P.groups.len;
    out->groups = sol_xcalloc(P.groups.len + 1, sizeof *out->groups);
    memcpy(out->groups, P.groups.data, P.groups.len * sizeof *P.groups.data);
    sol_vec_free(&P.groups);
    sol_vec_free(&P.touched);
    free(P.flags);
    free(P.attn_end);
    free(P.source);
    plan_traffic(g, out);
}

void sol_fusion_plan_source_ops(const SolGraph *g, SolFusionPlan *out)
{
    memset(out, 0, sizeof *out);
    out->num_nodes = g->num_nodes;
    out->num_groups = g->num_source_ops;
    out->group_of = sol_xcalloc(g->num_nodes + 1, sizeof *out->group_of);
    out->why = sol_xcalloc(g->num_nodes + 1, sizeof *out->why);
    out->groups = sol_xcalloc(g->num_source_ops + 1, sizeof *out->groups);
    for (uint32_t i = 0; i < g->num_nodes; i++) {
        uint32_t k = g->nodes[i].source_op;
        SolFusionGroup *G = &out->groups[k];
        if (i == 0 || g->nodes[i - 1].source_op != k)
            G->first = i;
        G->last = i;
        out->group_of[i] = k;
    }
    plan_traffic(g, out);
}

void sol_fusion_plan_free(SolFusionPlan *p)
{
    for (uint32_t i = 0; p->why && i < p->num_nodes; i++)
        free(p->why[i]);
    free(p->why);
    free(p->group_of);
    free(p->groups);
    memset(p, 0, sizeof *p);
}

/* ---- time ------------------------------------------------------------------------------------ */

void sol_fusion_plan_times(const SolFusionPlan *p, const SolBounds *b, SolPlanTimes *out)
{
    memset(out, 0, sizeof *out);
    out->groups = sol_xcalloc(p->num_groups + 1, sizeof *out->groups);
    out->bound = "memory";
    double largest = -1, bw = b->dram_bandwidth, slack = 0;
    uint64_t own = 0;
    for (uint32_t k = 0; k < p->num_groups; k++) {
        const SolFusionGroup *G = &p->groups[k];
        SolTimes *t = &out->groups[k];
        for (uint32_t i = G->first; i <= G->last; i++) {
            t->matrix += b->nodes[i].matrix;
            t->vector += b->nodes[i].vector;
            t->vector_contraction += b->nodes[i].vector_contraction;
        }
        uint64_t dram = sol_dram_charge(b->cache_state, G->read_bytes, G->cold_read_bytes,
                                        G->write_bytes, b->persistent_bytes);
        own = own + dram < own ? UINT64_MAX : own + dram;
        t->memory = bw > 0 ? (double)dram / bw : 0;
        sol_times_finish(t);
        if (bw > 0 && t->seconds > t->memory)
            slack += (t->seconds - t->memory) * bw; /* bytes this group could move for free */
        out->seconds += t->seconds;
        if (t->seconds > largest)
            largest = t->seconds, out->bound = t->bound;
    }
    /* The graph's own charged bytes (the fused bound's) must cross DRAM in some group. */
    uint64_t need = b->fused_dram_bytes;
    out->dram_bytes = own > need ? own : need;
    if (need > own && bw > 0 && (double)(need - own) > slack) {
        out->carried = ((double)(need - own) - slack) / bw;
        out->seconds += out->carried;
        if (out->carried > largest)
            out->bound = "memory"; /* the graph's DRAM bytes outweigh any one kernel */
    }
}

void sol_plan_times_free(SolPlanTimes *t)
{
    free(t->groups);
    t->groups = NULL;
}

/*
 * tile-for-cache's analysis (lib/Analysis/tiling.h) against hand counts and a brute-force
 * oracle.
 *
 *  - The note's example 1, an 8192^3 f16 GEMM on the H100-like device
 *    (shared/reference/io-lower-bounds.md section 8): the chosen tiles per level and the
 *    traffic they move, counted by hand: A read once per column tile, B once per row tile,
 *    C written once; both above the level's lower bound (compulsory 402,653,184 B at DRAM,
 *    520,075,943 B at L2).
 *  - For a matmul with partial edge tiles and a strided, padded convolution, at many
 *    capacities: the model's traffic equals a point-by-point simulation of the tiled
 *    schedule (every tile iteration loads the distinct in-bounds elements each input
 *    reaches per dimension over its tile box; each output tile is written once), the
 *    resident bytes fit the capacity, and the traffic never drops when the capacity does
 *    (a smaller level's tilings all fit the larger one).
 */
#include "Analysis/tiling.h"
#include "IR/ir.h"
#include "Passes/pass.h"

#include "check.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static SolGraph graph_of(SolContext *ctx, const char *rel, const char *bind, SolModule **mod)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", SOLAR_SOURCE_DIR, rel);
    FILE *f = fopen(path, "rb");
    SolGraph g;
    memset(&g, 0, sizeof g);
    EXPECT(f != NULL);
    if (!f)
        return g;
    SolModule *m = sol_parse_file(ctx, path, f);
    fclose(f);
    EXPECT(m != NULL);
    SolOp *entry = NULL;
    EXPECT(sol_entry_find(ctx, m, NULL, &entry) && entry);
    if (bind) {
        SolBindings b = {0};
        SolBuf err = {0};
        EXPECT(sol_bindings_parse(&b, bind, &err));
        EXPECT(sol_bind_entry(ctx, m, entry, b.data, b.len));
        sol_bindings_free(&b);
        sol_buf_free(&err);
    }
    EXPECT(sol_graph_build(ctx, m, entry, &g));
    *mod = m;
    return g;
}

/* Example 1: 8192^3 f16 GEMM. */
static void test_gemm(SolContext *ctx)
{
    SolModule *m = NULL;
    SolGraph g = graph_of(ctx, "test/lit/Passes/SolCache/Inputs/gemm-f16.mlir",
                          "M=8192,N=8192,K=8192", &m);
    EXPECT(g.num_nodes == 1);
    const double mat = 8192.0 * 8192 * 2; /* bytes of one 8192x8192 f16 matrix */
    SolTileChoice t;
    /* DRAM: all on-chip storage, 52,428,800 + 132 * 524,288 = 121,634,816 B. */
    sol_tile_node(&g, 0, 121634816, &t);
    EXPECT(t.kind == SOL_TILE_TILED && t.num_levels == 3);
    EXPECT(t.tile[0] == 4096 && t.tile[1] == 8192 && t.tile[2] == 2048);
    EXPECT(t.resident == (4096.0 * 8192 + 2048.0 * (4096 + 8192)) * 2); /* 117,440,512 B */
    EXPECT(t.resident <= 121634816);
    /* A once per column tile (1), B once per row tile (2), C once. */
    EXPECT(t.traffic == (1 + 2 + 1) * mat && t.traffic == 536870912);
    EXPECT(t.traffic >= 402653184); /* the DRAM lower bound (compulsory) */
    EXPECT(!t.reduce[0] && !t.reduce[1] && t.reduce[2]);
    /* L2: a GPC of 18 SMs, 9,437,184 B: 2048 x 2048 output tiles, Tk = 128, exactly full. */
    sol_tile_node(&g, 0, 9437184, &t);
    EXPECT(t.tile[0] == 2048 && t.tile[1] == 2048 && t.tile[2] == 128);
    EXPECT(t.resident == 9437184);
    EXPECT(t.traffic == (4 + 4 + 1) * mat && t.traffic == 1207959552);
    EXPECT(t.traffic >= 520075943); /* the L2 lower bound of the note's device */
    sol_graph_free(&g);
    sol_module_free(m);
}

/* ---- the oracle: the tiled schedule simulated point by point -------------------------------- */

typedef struct Sim {
    const SolGraph *g;
    const SolStmt *st;
    const SolTileChoice *t;
    int64_t lo[SOL_TILE_MAX_LEVELS], step[SOL_TILE_MAX_LEVELS];
} Sim;

/* Distinct in-bounds values of each dim of access a over the box [b0, b1) (level indices),
 * multiplied over dims. */
static double box_footprint(const Sim *s, const SolStmtAccess *a, const int64_t *b0,
                            const int64_t *b1)
{
    const SolGraphTensor *gt = &s->g->tensors[a->tensor];
    uint32_t nl = s->t->num_levels;
    double prod = 1;
    for (uint32_t r = 0; r < a->rank; r++) {
        int64_t size = gt->dims[r];
        char *seen = calloc((size_t)size, 1);
        double count = 0;
        int64_t idx[SOL_TILE_MAX_LEVELS], iv[SOL_DOM_MAX_LEVELS] = {0};
        for (uint32_t k = 0; k < nl; k++)
            idx[k] = b0[k];
        for (;;) {
            for (uint32_t k = 0; k < nl; k++)
                iv[k] = s->lo[k] + idx[k] * s->step[k];
            int64_t v = sol_level_eval(a->subs[r], iv);
            if (v >= 0 && v < size && !seen[v])
                seen[v] = 1, count++;
            uint32_t k = 0;
            while (k < nl && ++idx[k] >= b1[k])
                idx[k] = b0[k], k++;
            if (k == nl)
                break;
        }
        free(seen);
        prod *= count;
    }
    return prod;
}

/* Traffic of the statement's tiled schedule: inputs per tile, the output per output tile;
 * also the largest tile's bytes. */
static double simulate(const Sim *s, double *resident)
{
    uint32_t nl = s->t->num_levels;
    int64_t tidx[SOL_TILE_MAX_LEVELS] = {0}, b0[SOL_TILE_MAX_LEVELS], b1[SOL_TILE_MAX_LEVELS];
    double traffic = 0;
    *resident = 0;
    for (;;) {
        bool first_red = true; /* the first tile of every reduction level: the output's turn */
        for (uint32_t k = 0; k < nl; k++) {
            b0[k] = tidx[k] * s->t->tile[k];
            b1[k] = b0[k] + s->t->tile[k] < s->t->extent[k] ? b0[k] + s->t->tile[k]
                                                            : s->t->extent[k];
            if (s->t->reduce[k] && tidx[k] != 0)
                first_red = false;
        }
        double res = 0;
        for (int j = 0; j < 2; j++) {
            double eb = s->g->tensors[s->st->in[j].tensor].elem_bytes;
            double f = box_footprint(s, &s->st->in[j], b0, b1) * eb;
            traffic += f, res += f;
        }
        double ob = s->g->tensors[s->st->out.tensor].elem_bytes;
        double fo = box_footprint(s, &s->st->out, b0, b1) * ob;
        res += fo;
        if (first_red)
            traffic += fo;
        *resident = res > *resident ? res : *resident;
        uint32_t k = 0;
        while (k < nl && ++tidx[k] * s->t->tile[k] >= s->t->extent[k])
            tidx[k] = 0, k++;
        if (k == nl)
            break;
    }
    return traffic;
}

static void oracle(SolContext *ctx, const char *rel, const char *bind, const double *caps,
                   int ncaps, int *tiled_with_split)
{
    SolModule *m = NULL;
    SolGraph g = graph_of(ctx, rel, bind, &m);
    EXPECT(g.num_nodes == 1 && g.nodes[0].num_stmts == 1);
    if (g.num_nodes != 1 || g.nodes[0].num_stmts != 1)
        return;
    const SolStmt *st = &g.nodes[0].stmts[0];
    /* All capacities in one call (one model) choose what one call per capacity chooses. */
    SolTileChoice all[16];
    EXPECT(ncaps <= 16);
    sol_tile_node_levels(&g, 0, caps, (uint32_t)ncaps, all);
    double prev = 0;
    for (int c = 0; c < ncaps; c++) {
        SolTileChoice t;
        sol_tile_node(&g, 0, caps[c], &t);
        EXPECT(all[c].kind == t.kind && all[c].traffic == t.traffic &&
               all[c].resident == t.resident &&
               memcmp(all[c].tile, t.tile, sizeof t.tile) == 0);
        EXPECT(t.kind == SOL_TILE_TILED);
        if (t.kind != SOL_TILE_TILED)
            continue;
        Sim s = {&g, st, &t, {0}, {0}};
        for (uint32_t k = 0; k < t.num_levels; k++) {
            int64_t lo, hi;
            EXPECT(sol_level_range(st->dom, st->dom->levels[k].lb.exprs[0], &lo, &hi));
            int64_t best = lo;
            for (uint32_t i = 1; i < st->dom->levels[k].lb.n; i++) {
                sol_level_range(st->dom, st->dom->levels[k].lb.exprs[i], &lo, &hi);
                best = lo > best ? lo : best;
            }
            s.lo[k] = best, s.step[k] = st->dom->levels[k].step;
            bool split = t.tile[k] < t.extent[k] && !t.reduce[k];
            *tiled_with_split += split;
        }
        double res, sim = simulate(&s, &res);
        /* The node's other accesses (none here but the output's own) add nothing. */
        if (fabs(sim - t.traffic) > 1e-9 * sim)
            fprintf(stderr, "%s at %.0f B: model %.0f, simulated %.0f\n", rel, caps[c],
                    t.traffic, sim);
        EXPECT(fabs(sim - t.traffic) <= 1e-9 * sim);
        EXPECT(res <= caps[c] && fabs(res - t.resident) <= 1e-9 * res);
        EXPECT(t.traffic >= (double)g.nodes[0].bytes); /* at least the node's footprint */
        if (c > 0)
            EXPECT(t.traffic >= prev * (1 - 1e-12)); /* capacities descend */
        prev = t.traffic;
    }
    sol_graph_free(&g);
    sol_module_free(m);
}

/* A fusion group is kept resident exactly when its working set fits: layernorm's two nodes
 * (statistics, normalise; no contraction, so no epilogue) touch every tensor whole, so the
 * working set is the sum of the tensors' sizes; one byte less and each node is its own
 * streaming pass again. */
static void test_group_resident(SolContext *ctx)
{
    SolModule *m = NULL;
    SolGraph g = graph_of(ctx, "examples/layernorm.mlir", "batch_size=2,seq_len=3,hidden=8", &m);
    SolFusionPlan plan;
    sol_fusion_plan_build(&g, UINT64_MAX / 4, &plan);
    EXPECT(plan.num_groups == 1 && !plan.approximate);
    double ws = 0, nodes = 0;
    for (uint32_t t = 0; t < g.num_tensors; t++)
        ws += (double)g.tensors[t].elems * g.tensors[t].elem_bytes;
    for (uint32_t n = 0; n < g.num_nodes; n++)
        nodes += (double)g.nodes[n].bytes;
    const double caps[] = {ws, ws - 1};
    for (int i = 0; i < 2; i++) {
        SolCacheLevel level = {.name = "L", .bounded = true, .capacity = (uint64_t)caps[i]};
        SolCacheBounds c = {.levels = &level, .num_levels = 1};
        sol_tile_attainable_plan(&g, &plan, &c);
        EXPECT(level.has_attainable);
        EXPECT((double)level.attainable == (i == 0 ? (double)plan.groups[0].bytes : nodes));
    }
    EXPECT(plan.groups[0].bytes < nodes); /* the two cases differ */
    sol_fusion_plan_free(&plan);
    sol_graph_free(&g);
    sol_module_free(m);
}

int main(void)
{
    SolContext *ctx = sol_context_new();
    test_gemm(ctx);
    test_group_resident(ctx);
    const double caps[] = {1e6, 16384, 4096, 2048, 1024, 700, 400, 256};
    int split = 0;
    oracle(ctx, "examples/matmul.mlir", "M=37,N=45,K=23", caps, 8, &split);
    oracle(ctx, "examples/batched_matmul.mlir", "batch_size=3,M=13,K=17,N=11", caps, 8, &split);
    oracle(ctx, "test/lit/Passes/TileForCache/Inputs/conv2d-s2-p1.mlir", NULL, caps, 7, &split);
    oracle(ctx, "examples/conv2d.mlir", NULL, caps, 6, &split);
    EXPECT(split > 20); /* the capacities do force partial tiles */
    sol_context_free(ctx);
    return failures ? 1 : 0;
}

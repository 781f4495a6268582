/*
 * What the SOL passes leave in SolPassRun.analysis for the driver: the counted graph and
 * which bounds were asked for.
 */
#ifndef SOLAR_PASSES_SOL_ANALYSIS_H
#define SOLAR_PASSES_SOL_ANALYSIS_H

#include "Analysis/fusion.h"

typedef struct SolSolAnalysis {
    SolOp *func;
    SolGraph graph;
    bool built;
    bool unfused, fused; /* sol-unfused / sol-fused ran */
    bool cache;          /* sol-cache ran */
    bool tiled;          /* tile-for-cache ran: the report adds attainable bytes per level */
    bool planned;        /* fuse ran: its plan */
    SolFusionPlan plan;
} SolSolAnalysis;

typedef struct SolPassRun SolPassRun;
/* The run's SolSolAnalysis, made on first use: the entry function's graph, counted, with its
 * node ops annotated. NULL after an error (reported). */
SolSolAnalysis *sol_sol_analysis_get(SolPassRun *r, SolModule *m);

#endif /* SOLAR_PASSES_SOL_ANALYSIS_H */

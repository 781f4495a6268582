/*
 * What the SOL passes leave in SolPassRun.analysis for the driver: the counted graph and
 * which bounds were asked for.
 */
#ifndef SOLAR_PASSES_SOL_ANALYSIS_H
#define SOLAR_PASSES_SOL_ANALYSIS_H

#include "Analysis/graph.h"

typedef struct SolSolAnalysis {
    SolOp *func;
    SolGraph graph;
    bool built;
    bool unfused, fused; /* sol-unfused / sol-fused ran */
} SolSolAnalysis;

#endif /* SOLAR_PASSES_SOL_ANALYSIS_H */

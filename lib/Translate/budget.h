/*
 * How many steps and how many seconds one solar-run of validation may take.
 *
 * A candidate gets solar-run's step limit SOL_CANDIDATE_MAX_STEPS (2e9 loop iterations) and
 * 300 s: at the small sizes validation chooses, a correct IR needs far less, so a candidate
 * that runs out loops forever or ignores the sizes. At the program's own smallest sizes
 * (solar-import's reference run, where a size cannot shrink: a literal 224x224 image in a
 * VGG-16) the cost is the program's: there the budget follows the program's estimated work at
 * those sizes (twice it: a nest the estimate cannot count makes it a lower bound), never less
 * than the candidate limit and never more than a ceiling, and the time limit follows the
 * budget at a measured rate of solar-run's C engine. The estimate is of the program (the
 * importer's own IR, which the front end vouches for), never of the candidate being
 * validated, so a candidate that loops forever still stops. An explicit --max-steps or
 * --run-timeout always wins.
 *
 * The rate: solar-run's C engine (one thread, --precision=wide, -O2 code, on this project's
 * 2-core Xeon shared with other work, load average about 2) ran VGG-16 at batch 1 (2.17e10
 * steps, convolutions) at 3.2e9 steps a second, VGG-19 (2.76e10) at 3.0e9 and SwinMLP at
 * batch 2 (6.37e9 steps: layer norms, window MLPs, small loops) at 7.9e8 (the C compile of
 * 1-2 s excluded). SOL_BUDGET_STEPS_PER_S is below the slowest of these, so a time limit
 * derived from it holds on a busy core; the ceiling is 200 s at that rate. The interpreter
 * (no C compiler) runs 2e7 to 6e7 steps a second: 10 to 100 times slower.
 * docs/solar-import.md has the commands.
 *
 * SOLAR_VALIDATION_STEPS=LIMIT[,CEILING] replaces the candidate limit and the ceiling (tests
 * make both tiny; a slower machine lowers the ceiling).
 */
#ifndef SOLAR_TRANSLATE_BUDGET_H
#define SOLAR_TRANSLATE_BUDGET_H

#include "Translate/work.h"

#define SOL_BUDGET_STEPS_PER_S 5e8         /* solar-run's C engine, conservatively */
#define SOL_BUDGET_CEILING 100000000000ull /* 1e11 steps: 200 s at that rate */
#define SOL_BUDGET_RUN_TIMEOUT_S 300.0     /* the least time limit of one solar-run */

typedef struct SolBudgetLimits {
    uint64_t steps;   /* a candidate's step limit (SOL_CANDIDATE_MAX_STEPS) */
    uint64_t ceiling; /* the most a budget that follows the program's work may be */
} SolBudgetLimits;

/* The limits from SOLAR_VALIDATION_STEPS, else the defaults; false (with err) when it is
 * malformed. */
bool sol_budget_limits(SolBudgetLimits *l, SolBuf *err);

typedef struct SolBudget {
    uint64_t max_steps;      /* solar-run --max-steps */
    double run_timeout_s;    /* the time limit of one solar-run */
    bool follows_program;    /* sized to the program's estimated work */
    bool capped;             /* ... and held at the ceiling */
    uint64_t program_steps;  /* the program's estimated work (follows_program) */
    uint64_t least, ceiling; /* SolBudgetLimits' steps and ceiling */
} SolBudget;

/* steps, timeout_s: the user's --max-steps and --run-timeout (0: not given). program: the
 * program's estimated work at the validation sizes when those are its own smallest, else
 * NULL. */
SolBudget sol_budget_size(const SolBudgetLimits *l, uint64_t steps, double timeout_s,
                          const SolWork *program);

/* For messages, when b follows the program: how it was sized and what validates the program
 * anyway (the flags with numbers). Nothing otherwise. */
void sol_budget_explain(SolBuf *out, const SolBudget *b);

#endif /* SOLAR_TRANSLATE_BUDGET_H */

/*
 * How much work validating a candidate costs before solar-run is started: the loop
 * iterations of @forward at the validation sizes, counted the way solar-run counts its steps
 * (every iteration of every affine.for, and every call; Analysis/domain.h counts each loop
 * nest exactly, triangular bounds and guards included). A candidate that would run past
 * solar-run's step limit is reported at once with this number instead of after minutes.
 */
#ifndef SOLAR_TRANSLATE_WORK_H
#define SOLAR_TRANSLATE_WORK_H

#include "IR/ir.h"
#include "Translate/reference.h"

typedef struct SolWork {
    bool known;       /* false: a bound that is not affine in the sizes (read from memory) */
    bool approximate; /* a nest too large to enumerate: the count is a lower bound */
    uint64_t steps;   /* loop iterations plus calls (saturates at UINT64_MAX) */
} SolWork;

/* Binds @forward's index arguments in m to sizes (m is changed) and counts its steps. */
SolWork sol_work_estimate(SolContext *ctx, SolModule *m, const SolRefSizes *sizes);

/* The same for an IR text, parsed and verified here without a word; not known when it does
 * not parse or verify. */
SolWork sol_work_estimate_text(const char *ir, size_t len, const SolRefSizes *sizes);

/* `3.4e9` style: steps in a short human form (`4096`, `1.2 million`, `3.4e9`). */
void sol_work_text(SolBuf *b, uint64_t steps);

#endif /* SOLAR_TRANSLATE_WORK_H */

/*
 * Finding the IR in a reply. The model is asked for one fenced block tagged `mlir`; replies
 * also come with several blocks (a draft, then the fix), untagged blocks, `~~~` fences, or a
 * reasoning section (`<think>...</think>`) before the answer. The rules:
 *
 *   - text up to the last `</think>` is ignored;
 *   - a fence is a line of three or more backticks or tildes (up to three spaces before it),
 *     with an optional info string; the block ends at a line holding the same character at
 *     least as many times (CommonMark);
 *   - candidates are the blocks tagged mlir (any case), else the untagged ones; blocks tagged
 *     with another language (python, text, ...) never count;
 *   - among the candidates the last one that mentions `@forward` wins, else the last one.
 *
 * A reply whose only candidate is an unclosed mlir fence was cut off (finish_reason
 * "length"): that is reported apart, since "answer shorter" is the useful feedback.
 */
#ifndef SOLAR_TRANSLATE_EXTRACT_H
#define SOLAR_TRANSLATE_EXTRACT_H

#include "Support/support.h"

typedef enum SolExtractStatus {
    SOL_EXTRACT_OK,
    SOL_EXTRACT_NO_BLOCK, /* no candidate block at all */
    SOL_EXTRACT_UNCLOSED, /* only an unclosed candidate fence */
} SolExtractStatus;

typedef struct SolExtract {
    SolExtractStatus status;
    SolSpan code;        /* the block's text, pointing into the reply */
    uint32_t first_line; /* line of the reply where the code starts (1-based) */
    unsigned num_blocks; /* fenced blocks seen, of any language */
    unsigned num_candidates;
} SolExtract;

SolExtract sol_extract_ir(const char *text, size_t len);

#endif /* SOLAR_TRANSLATE_EXTRACT_H */

/*
 * The prompt: what solar-translate tells the model.
 *
 *   system     the dialect reference and the conventions of a translation
 *              (lib/Translate/prompt/system.md), then worked examples: programs of examples/
 *              with their IR. Both are embedded at build time (embed.cmake -> prompt_data.c),
 *              so the binary needs no data files.
 *   user       the program's source, and the exact argument list its @forward must take,
 *              derived from the reference (sizes, then inputs, parameters and buffers, then
 *              outputs, with element types, ranks and the validation shapes).
 *   follow-up  one user message per failed attempt: what failed and the diagnostics,
 *              solar-run's errors or the worst mismatching elements.
 */
#ifndef SOLAR_TRANSLATE_PROMPT_H
#define SOLAR_TRANSLATE_PROMPT_H

#include "Support/source_language.h"
#include "Translate/reference.h"

typedef struct SolPromptExample {
    const char *name;   /* `linear_bias_relu`; NULL ends the table */
    const char *source; /* examples/NAME.py */
    const char *ir;     /* examples/NAME.mlir */
} SolPromptExample;

/* Generated from the files named in lib/CMakeLists.txt. */
extern const char *const sol_prompt_system_text;
extern const SolPromptExample sol_prompt_examples[];

typedef struct SolPromptTask {
    const char *file_name; /* the model file's base name */
    const char *source;
    size_t source_len;
    SolSourceLang lang;
    const SolReference *ref; /* the arguments and the validation sizes */
} SolPromptTask;

void sol_prompt_system(SolBuf *out);
void sol_prompt_task(SolBuf *out, const SolPromptTask *t);
/* A follow-up after a failed attempt; details are cut to a bounded length. */
void sol_prompt_followup(SolBuf *out, unsigned attempt, unsigned max_attempts, const char *what,
                         const char *details);

/* `fc.weight` -> `fc_weight`: a valid SSA name (letters, digits, `_`, not starting with a
 * digit), into out. */
void sol_prompt_ssa_name(SolBuf *out, const char *name);

#endif /* SOLAR_TRANSLATE_PROMPT_H */

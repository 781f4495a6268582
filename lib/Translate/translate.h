/*
 * solar-translate as a library call: translates a PyTorch or JAX program into the SOLAR-C
 * affine dialect with an LLM, and accepts the translation only when it parses, verifies and
 * computes what the original program computes (check.h), through the repair loop
 * (session.h) with the LLM and its reply cache (ask.h). With import_first, solar-import's
 * library call (import.h) runs first, and the LLM is asked only when the importer refuses
 * the program.
 *
 * The output is the IR with a provenance header:
 *   // Translated by solar-translate VERSION from MODEL.py (sha256 ...)
 *   // model: NAME at URL
 *   // attempts: K of at most N (R requests, C replies from the cache)
 *   // validated by ... / max abs err ... / sizes.small: ... / sizes.real: ...   (check.h)
 */
#ifndef SOLAR_TRANSLATE_TRANSLATE_H
#define SOLAR_TRANSLATE_TRANSLATE_H

#include "Translate/flags.h"
#include "Translate/log.h"

typedef struct SolTranslateOptions {
    const char *input, *output; /* MODEL.py, OUT.mlir ('-': stdout) */
    unsigned max_attempts;
    const char *model, *base_url; /* NULL: $SOLAR_LLM_MODEL, $SOLAR_LLM_BASE_URL */
    SolValidationFlags check;     /* sizes, reference, tolerances, solar-run */
    double timeout_s, connect_timeout_s, temperature;
    int retries;
    bool no_cache, allow_insecure;
    bool import_first;         /* run solar-import first; ask the LLM only when it refuses */
    const char *save_attempts; /* DIR or NULL */
    const char *version;       /* for the header */
    const SolLog *log;
} SolTranslateOptions;

/* Returns the exit status: 0 translated (OUT written), 1 no valid translation, the endpoint
 * failed or the program cannot run (OUT untouched), 2 bad usage. */
int sol_translate_run(const SolTranslateOptions *o);

#endif /* SOLAR_TRANSLATE_TRANSLATE_H */

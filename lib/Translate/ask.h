/*
 * The SolAskFn (session.h) of solar-translate: a reply from the cache when the exact request
 * was answered before, else one chat completion request to the endpoint (llm.h), stored in
 * the cache. The API key is redacted from every text that comes back.
 */
#ifndef SOLAR_TRANSLATE_ASK_H
#define SOLAR_TRANSLATE_ASK_H

#include "Translate/cache.h"
#include "Translate/llm.h"
#include "Translate/session.h"

typedef struct SolLlmAsker {
    const SolLlmEndpoint *ep;
    const char *endpoint_shown; /* the URL for messages (no credentials) */
    const char *model;
    double temperature; /* < 0: the server's default */
    const SolCache *cache;
    const SolLog *log;
    unsigned requests, cached; /* counted here, for the provenance header */
} SolLlmAsker;

/* A SolAskFn; user is a SolLlmAsker. */
bool sol_llm_ask(void *user, const SolChat *chat, SolAnswer *out);

#endif /* SOLAR_TRANSLATE_ASK_H */

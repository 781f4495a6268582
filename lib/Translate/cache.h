/*
 * The reply cache: LLM replies stored under a key that is the SHA-256 of the exact request
 * body (model, prompt and the whole conversation so far, and any sampling parameter), so a
 * rerun on the same input replays every reply without a request, and any change to the model,
 * the prompt, the source or an earlier reply asks again.
 *
 *   DIR/translate/ab/abcdef....json   {"key": "<hex>", "model": M, "content": "<reply>",
 *                                      "finish_reason": "stop"}
 *
 * DIR is sol_cache_dir's (Support/tool.h): SOLAR_CACHE_DIR, else ~/.cache/solar; none when
 * SOLAR_CACHE_DIR is empty. Files are written to a temporary name and
 * renamed, so readers never see half a file; a file that does not parse or names another key
 * counts as a miss. Only replies are stored: never the key, the endpoint or any header.
 */
#ifndef SOLAR_TRANSLATE_CACHE_H
#define SOLAR_TRANSLATE_CACHE_H

#include "Support/support.h"

typedef struct SolCache {
    char *dir; /* heap; NULL when caching is off */
} SolCache;

/* Picks the directory (dir if non-NULL, else sol_cache_dir) without creating it; c->dir is
 * NULL, and every get misses and every put does nothing, when the environment turns caching
 * off. */
void sol_cache_open(SolCache *c, const char *dir);
void sol_cache_close(SolCache *c);

/* The cache key of a request body: 64 hex digits. */
void sol_cache_key(const char *request_body, char key[65]);

/* The cached reply for key, into content, and its finish reason (heap, or NULL when none was
 * stored) into *finish_reason if non-NULL; false on a miss. */
bool sol_cache_get(const SolCache *c, const char key[65], SolBuf *content, char **finish_reason);
/* Stores a reply and its finish reason (may be NULL), creating the directories (mode 0700).
 * Failure is reported in err but is not fatal to the caller. */
bool sol_cache_put(const SolCache *c, const char key[65], const char *model, const char *content,
                   const char *finish_reason, SolBuf *err);

#endif /* SOLAR_TRANSLATE_CACHE_H */

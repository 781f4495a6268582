/*
 * The LLM client: one chat completion request over HTTP(S) with libcurl, to an
 * OpenAI-compatible endpoint (`POST {base}/chat/completions`).
 *
 *   - The API key goes only into the `Authorization: Bearer` header. It is never part of a
 *     message: every error text and every reply body is passed through sol_llm_redact
 *     before anyone sees it, so a server that echoes the header cannot make us print it.
 *   - Plain `http://` is allowed only to a loopback host (127.0.0.0/8, ::1, localhost) unless
 *     the caller allows it (--allow-insecure); redirects are never followed.
 *   - Timeouts on connecting and on the whole request; a reply larger than max_reply_bytes is
 *     cut off with an error (a huge reply cannot exhaust memory).
 *   - Retries, at most `retries` more tries, after HTTP 429, 5xx and failed connections, with
 *     exponential backoff (1, 2, 4, ... s, at most 30) or the server's Retry-After (at most
 *     60 s). A request that timed out is not retried, so the worst case is bounded by
 *     timeout + retries * (connect timeout + 30 s). Other HTTP errors fail at once with the
 *     server's message and a hint (401: the key; 404: the base URL).
 *
 * sol_llm_global_init() must run once before the first request (curl_global_init).
 */
#ifndef SOLAR_TRANSLATE_LLM_H
#define SOLAR_TRANSLATE_LLM_H

#include "Support/support.h"

typedef struct SolLlmEndpoint {
    const char *base_url;     /* `https://api.openai.com/v1`; checked by sol_llm_url_check */
    const char *api_key;      /* NULL or "": no Authorization header (local servers) */
    double timeout_s;         /* the whole request, > 0 */
    double connect_timeout_s; /* connecting, > 0 */
    int retries;              /* further tries after 429/5xx/connection failures, >= 0 */
    size_t max_reply_bytes;   /* larger replies are an error */
    FILE *progress;           /* a line per retry (NULL: quiet) */
    const char *prog;         /* prefix of those lines, `solar-translate` */
} SolLlmEndpoint;

typedef struct SolLlmStats {
    int tries;      /* HTTP requests made (1 + retries used) */
    double seconds; /* wall time of the whole exchange */
    long status;    /* last HTTP status, 0 when no answer came */
} SolLlmStats;

bool sol_llm_global_init(void);
void sol_llm_global_cleanup(void);

/* Checks a base URL before any request: an http or https URL, and plain http only to a
 * loopback host unless allow_insecure. display receives the URL without user info, query or
 * fragment, for messages. */
bool sol_llm_url_check(const char *base_url, bool allow_insecure, SolBuf *display, SolBuf *err);

/* True for `localhost`, `*.localhost`, 127.0.0.0/8 written as a dotted quad, and `::1`
 * (with or without brackets). */
bool sol_llm_host_is_loopback(const char *host);

/* POSTs the JSON body and returns true with the HTTP 200 response body in reply. On failure
 * err says why in one line, naming the URL but never the key. stats may be NULL. */
bool sol_llm_post(const SolLlmEndpoint *ep, const char *body, SolBuf *reply, SolLlmStats *stats,
                  SolBuf *err);

/* Replaces every occurrence of secret in b by `[redacted]`. Secrets shorter than
 * SOL_LLM_MIN_REDACT characters are left alone: such a "key" (a placeholder that local servers
 * ignore, like `none`) is not a secret, and replacing every `x` of a reply would wreck it. */
enum { SOL_LLM_MIN_REDACT = 4 };
void sol_llm_redact(SolBuf *b, const char *secret);

#endif /* SOLAR_TRANSLATE_LLM_H */

/*
 * One reply for the repair loop from the cache or the endpoint (ask.h).
 */
#include "Translate/ask.h"

#include <stdlib.h>

/* The reply of a request that succeeded, redacted, into out; stored in the cache. */
static void take_reply(SolLlmAsker *k, const char *key, const SolChatReply *r,
                       const SolLlmStats *stats, SolAnswer *out)
{
    SolBuf c = {0};
    sol_buf_puts(&c, r->content);
    sol_llm_redact(&c, k->ep->api_key); /* a server that echoes the key gets no further */
    sol_buf_append(&out->content, c.data ? c.data : "", c.len);
    sol_buf_free(&c);
    out->finish_reason = r->finish_reason ? sol_xstrdup(r->finish_reason) : NULL;
    if (k->log->verbose)
        sol_tool_note(&k->log->tool, "reply: %zu bytes in %.1f s (%d tr%s), finish_reason %s",
                      out->content.len, stats->seconds, stats->tries,
                      stats->tries == 1 ? "y" : "ies",
                      r->finish_reason ? r->finish_reason : "(none)");
    SolBuf cerr = {0};
    if (!sol_cache_put(k->cache, key, k->model, out->content.data ? out->content.data : "",
                       r->finish_reason, &cerr))
        sol_tool_note(&k->log->tool, "warning: %s", cerr.data);
    sol_buf_free(&cerr);
}

static bool post(SolLlmAsker *k, const char *body, const char *key, size_t num_messages,
                 SolAnswer *out)
{
    SolBuf reply = {0}, err = {0};
    SolLlmStats stats;
    if (k->log->verbose)
        sol_tool_note(&k->log->tool, "POST %s/chat/completions (%zu bytes, %zu messages)",
                      k->endpoint_shown, strlen(body), num_messages);
    k->requests++;
    bool ok = sol_llm_post(k->ep, body, &reply, &stats, &err);
    SolChatReply r = {0};
    if (ok && !sol_chat_reply_parse(reply.data, reply.len, &r, &err)) {
        ok = false;
        sol_llm_redact(&err, k->ep->api_key);
    }
    if (ok)
        take_reply(k, key, &r, &stats, out);
    else
        sol_tool_error(&k->log->tool, "%s", err.data);
    sol_chat_reply_free(&r);
    sol_buf_free(&reply), sol_buf_free(&err);
    return ok;
}

bool sol_llm_ask(void *user, const SolChat *chat, SolAnswer *out)
{
    SolLlmAsker *k = user;
    char *body = sol_chat_request_new(chat, k->model, k->temperature);
    char key[65];
    sol_cache_key(body, key);
    out->cached = sol_cache_get(k->cache, key, &out->content, &out->finish_reason);
    bool ok = true;
    if (out->cached) {
        k->cached++;
        if (k->log->verbose)
            sol_tool_note(&k->log->tool, "reply %.12s... from the cache", key);
    } else {
        ok = post(k, body, key, chat->len, out);
    }
    free(body);
    return ok;
}

/*
 * The chat conversation and its JSON, as OpenAI-compatible chat completion endpoints speak it
 * (`POST {base}/chat/completions`; OpenAI, vLLM, ollama, llama.cpp's server, ...):
 *
 *   request   {"model": M, "messages": [{"role": "system"|"user"|"assistant", "content": T},
 *              ...], "temperature": X (only when set)}
 *   response  {"choices": [{"message": {"role": "assistant", "content": T},
 *              "finish_reason": "stop"|"length"|...}], ...}
 *   error     {"error": {"message": T, ...}} (also {"error": T} or {"message": T})
 *
 * Built and read with cJSON. Reply text is untrusted: it is only copied, never interpreted
 * here.
 */
#ifndef SOLAR_TRANSLATE_CHAT_H
#define SOLAR_TRANSLATE_CHAT_H

#include "Support/support.h"

typedef enum SolChatRole { SOL_CHAT_SYSTEM, SOL_CHAT_USER, SOL_CHAT_ASSISTANT } SolChatRole;

typedef struct SolChatMessage {
    SolChatRole role;
    char *content; /* heap, NUL-terminated */
} SolChatMessage;

/* The messages of one conversation, in order. sol_chat_free releases them. */
typedef struct SolChat {
    SolChatMessage *data;
    size_t len, cap;
} SolChat;

void sol_chat_add(SolChat *c, SolChatRole role, const char *content, size_t len);
void sol_chat_free(SolChat *c);
const char *sol_chat_role_name(SolChatRole role);

/* The request body (heap, compact JSON). temperature < 0 leaves it out: some models accept
 * only their default. */
char *sol_chat_request_new(const SolChat *c, const char *model, double temperature);

typedef struct SolChatReply {
    char *content;       /* heap; the assistant's text */
    char *finish_reason; /* heap; NULL when the server gave none */
} SolChatReply;

/* Reads a chat completion response. On failure (not JSON, no choices, an error object, a
 * content that is not text) writes why to err and returns false. */
bool sol_chat_reply_parse(const char *body, size_t len, SolChatReply *out, SolBuf *err);
void sol_chat_reply_free(SolChatReply *r);

/* The message of an error response body (`{"error": {"message": ...}}` and variants), heap;
 * NULL when the body is not such JSON. */
char *sol_chat_error_message_new(const char *body, size_t len);

#endif /* SOLAR_TRANSLATE_CHAT_H */

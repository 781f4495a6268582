/*
 * Chat requests and replies as JSON (cJSON). The request is built from the conversation; the
 * reply's first choice gives the assistant's text. Content given as a list of parts
 * (`[{"type": "text", "text": ...}]`, as some servers answer) is joined. Reasoning fields that
 * some servers add beside the content are ignored.
 */
#include "Translate/chat.h"

#include <cjson/cJSON.h>
#include <stdlib.h>

void sol_chat_add(SolChat *c, SolChatRole role, const char *content, size_t len)
{
    SolChatMessage m = {role, sol_xstrndup(content, len)};
    sol_vec_push(c, m);
}

void sol_chat_free(SolChat *c)
{
    for (size_t i = 0; i < c->len; i++)
        free(c->data[i].content);
    sol_vec_free(c);
}

const char *sol_chat_role_name(SolChatRole role)
{
    switch (role) {
    case SOL_CHAT_SYSTEM:
        return "system";
    case SOL_CHAT_USER:
        return "user";
    case SOL_CHAT_ASSISTANT:
        return "assistant";
    }
    return "user";
}

char *sol_chat_request_new(const SolChat *c, const char *model, double temperature)
{
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "model", model);
    cJSON *msgs = cJSON_AddArrayToObject(root, "messages");
    for (size_t i = 0; i < c->len; i++) {
        cJSON *m = cJSON_CreateObject();
        cJSON_AddStringToObject(m, "role", sol_chat_role_name(c->data[i].role));
        cJSON_AddStringToObject(m, "content", c->data[i].content);
        cJSON_AddItemToArray(msgs, m);
    }
    if (temperature >= 0)
        cJSON_AddNumberToObject(root, "temperature", temperature);
    char *text = cJSON_PrintUnformatted(root);
    cJSON_Delete(root);
    if (!text) {
        fprintf(stderr, "solar: out of memory building a chat request\n");
        abort();
    }
    /* cJSON allocates with malloc: hand out a copy owned like every other heap string here. */
    char *copy = sol_xstrdup(text);
    cJSON_free(text);
    return copy;
}

/* {"error": {"message": M}}, {"error": M}, {"message": M}, {"detail": M} -> M */
static const char *error_text(const cJSON *root)
{
    const cJSON *e = cJSON_GetObjectItemCaseSensitive(root, "error");
    if (cJSON_IsString(e))
        return e->valuestring;
    if (cJSON_IsObject(e)) {
        const cJSON *m = cJSON_GetObjectItemCaseSensitive(e, "message");
        if (cJSON_IsString(m))
            return m->valuestring;
        return "(an error object without a message)";
    }
    const cJSON *m = cJSON_GetObjectItemCaseSensitive(root, "message");
    if (cJSON_IsString(m))
        return m->valuestring;
    m = cJSON_GetObjectItemCaseSensitive(root, "detail");
    return cJSON_IsString(m) ? m->valuestring : NULL;
}

char *sol_chat_error_message_new(const char *body, size_t len)
{
    cJSON *root = cJSON_ParseWithLength(body, len);
    if (!root)
        return NULL;
    const char *t = cJSON_IsObject(root) ? error_text(root) : NULL;
    char *out = t ? sol_xstrdup(t) : NULL;
    cJSON_Delete(root);
    return out;
}

/* message.content as text: a string, or the text parts of a list joined. */
static bool content_text(const cJSON *content, SolBuf *out)
{
    if (cJSON_IsString(content)) {
        sol_buf_puts(out, content->valuestring);
        return true;
    }
    if (!cJSON_IsArray(content))
        return false;
    const cJSON *part;
    cJSON_ArrayForEach(part, content)
    {
        const cJSON *t = cJSON_GetObjectItemCaseSensitive(part, "text");
        if (cJSON_IsString(part))
            sol_buf_puts(out, part->valuestring);
        else if (cJSON_IsString(t))
            sol_buf_puts(out, t->valuestring);
    }
    return true;
}

bool sol_chat_reply_parse(const char *body, size_t len, SolChatReply *out, SolBuf *err)
{
    memset(out, 0, sizeof *out);
    cJSON *root = cJSON_ParseWithLength(body, len);
    if (!root || !cJSON_IsObject(root)) {
        sol_buf_puts(err, "the reply is not a JSON object");
        cJSON_Delete(root);
        return false;
    }
    bool ok = false;
    const cJSON *choices = cJSON_GetObjectItemCaseSensitive(root, "choices");
    const cJSON *first = cJSON_IsArray(choices) ? cJSON_GetArrayItem(choices, 0) : NULL;
    const cJSON *msg = first ? cJSON_GetObjectItemCaseSensitive(first, "message") : NULL;
    const cJSON *content = msg ? cJSON_GetObjectItemCaseSensitive(msg, "content") : NULL;
    SolBuf text = {0};
    if (!first) {
        const char *e = error_text(root);
        if (e)
            sol_buf_printf(err, "the endpoint answered with an error: %s", e);
        else
            sol_buf_puts(err, "the reply has no choices[0] (not a chat completion response)");
    } else if (!msg) {
        sol_buf_puts(err, "the reply's choices[0] has no message");
    } else if (cJSON_IsNull(content) || !content) {
        sol_buf_puts(err, "the reply's message has no content");
    } else if (!content_text(content, &text)) {
        sol_buf_puts(err, "the reply's message content is neither text nor a list of parts");
    } else {
        out->content = text.data ? text.data : sol_xstrdup("");
        text.data = NULL;
        const cJSON *fr = cJSON_GetObjectItemCaseSensitive(first, "finish_reason");
        if (cJSON_IsString(fr))
            out->finish_reason = sol_xstrdup(fr->valuestring);
        ok = true;
    }
    sol_buf_free(&text);
    cJSON_Delete(root);
    return ok;
}

void sol_chat_reply_free(SolChatReply *r)
{
    free(r->content);
    free(r->finish_reason);
    r->content = r->finish_reason = NULL;
}

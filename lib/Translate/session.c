/*
 * The repair loop (session.h): the conversation, one judged reply per attempt, follow-ups.
 */
#include "Translate/session.h"

#include "Translate/extract.h"

#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>

enum {
    MAX_IR_BYTES = 2 << 20,    /* an extracted block larger than this is refused */
    MAX_KEPT_REPLY = 64 << 10, /* assistant text kept in the conversation */
};

static void save_text(const SolSessionOptions *o, unsigned attempt, const char *what,
                      const char *text)
{
    if (!o->save_attempts)
        return;
    mkdir(o->save_attempts, 0777);
    SolBuf p = {0};
    sol_buf_printf(&p, "%s/attempt%u.%s", o->save_attempts, attempt, what);
    FILE *f = fopen(p.data, "wb");
    if (f) {
        fputs(text, f);
        fclose(f);
    } else {
        sol_tool_note(&o->log->tool, "cannot write %s: %s", p.data, strerror(errno));
    }
    sol_buf_free(&p);
}

static void start_chat(SolChat *chat, const SolPromptTask *task)
{
    SolBuf msg = {0};
    sol_prompt_system(&msg);
    sol_chat_add(chat, SOL_CHAT_SYSTEM, msg.data, msg.len);
    msg.len = 0;
    sol_prompt_task(&msg, task);
    sol_chat_add(chat, SOL_CHAT_USER, msg.data, msg.len);
    sol_buf_free(&msg);
}

/* The conversation keeps a bounded copy of what the model said. */
static void keep_reply(SolChat *chat, const SolBuf *content)
{
    size_t keep = content->len < MAX_KEPT_REPLY ? content->len : MAX_KEPT_REPLY;
    SolBuf kept = {0};
    sol_buf_append(&kept, content->data, keep);
    if (keep < content->len)
        sol_buf_printf(&kept, "\n[... %zu more bytes of this reply omitted]\n",
                       content->len - keep);
    sol_chat_add(chat, SOL_CHAT_ASSISTANT, kept.data, kept.len);
    sol_buf_free(&kept);
}

/* The verdict on one reply; *code is the extracted IR when there was one. */
static void judge(SolCheck *check, const SolAnswer *a, unsigned attempt, SolSpan *code,
                  SolVerdict *v)
{
    memset(v, 0, sizeof *v);
    SolExtract ex = sol_extract_ir(a->content.data, a->content.len);
    bool cut = a->finish_reason && strcmp(a->finish_reason, "length") == 0;
    *code = ex.code;
    if (ex.status == SOL_EXTRACT_UNCLOSED || (ex.status == SOL_EXTRACT_NO_BLOCK && cut)) {
        sol_buf_puts(&v->what, "the reply was cut off before its ```mlir block ended");
        sol_buf_puts(&v->details, "The reply hit the length limit. Answer with only the code "
                                  "block, without explanations, and keep the IR compact.\n");
    } else if (ex.status == SOL_EXTRACT_NO_BLOCK) {
        sol_buf_printf(&v->what, "the reply has no ```mlir code block%s",
                       ex.num_blocks ? " (only blocks in other languages)" : "");
        sol_buf_puts(&v->details, "Put the complete module in one fenced code block that "
                                  "starts with ```mlir and ends with ```.\n");
    } else if (ex.code.len > MAX_IR_BYTES) {
        sol_buf_printf(&v->what, "the IR is %zu bytes long, more than the %d allowed", ex.code.len,
                       MAX_IR_BYTES);
    } else {
        char label[32];
        snprintf(label, sizeof label, "attempt%u", attempt);
        sol_check_candidate(check, ex.code.ptr, ex.code.len, label, v);
    }
}

/* The attempt's line on the log (and its details under -v). */
static void report(const SolSessionOptions *o, unsigned attempt, const SolAnswer *a,
                   const SolVerdict *v)
{
    const char *tag = a->cached ? " [cached reply]" : "";
    if (v->ok)
        sol_tool_note(&o->log->tool,
                      "attempt %u of %u: passed (max abs err %.3g, max rel err %.3g)%s", attempt,
                      o->max_attempts, v->max_abs, v->max_rel, tag);
    else
        sol_tool_note(&o->log->tool, "attempt %u of %u: %s%s", attempt, o->max_attempts,
                      v->what.data, tag);
    if (o->log->verbose && v->details.len)
        sol_log_text(o->log, v->details.data);
}

/* The follow-up message after a failed attempt. */
static void follow_up(const SolSessionOptions *o, SolChat *chat, unsigned attempt,
                      const SolVerdict *v)
{
    SolBuf msg = {0};
    sol_prompt_followup(&msg, attempt, o->max_attempts, v->what.data,
                        v->details.data ? v->details.data : "");
    save_text(o, attempt, "feedback.md", msg.data);
    sol_chat_add(chat, SOL_CHAT_USER, msg.data, msg.len);
    sol_buf_free(&msg);
}

/* After the loop: why nothing passed. */
static void report_failure(const SolSessionOptions *o, const SolSessionResult *r)
{
    const SolVerdict *v = &r->verdict;
    if (!v->what.len)
        return;
    if (v->not_candidate)
        sol_tool_error(&o->log->tool,
                       "validation of %s stopped after attempt %u, because another "
                       "attempt cannot pass at these sizes: %s",
                       o->input, r->attempts, v->what.data);
    else
        sol_tool_error(&o->log->tool,
                       "no translation of %s passed validation in %u attempt%s; the last "
                       "one failed: %s",
                       o->input, o->max_attempts, o->max_attempts == 1 ? "" : "s", v->what.data);
    if (v->details.len && !o->log->verbose)
        sol_log_text(o->log, v->details.data);
}

/* One attempt: true when the loop is over (passed, the endpoint failed, or hopeless). */
static bool attempt_once(const SolSessionOptions *o, SolCheck *check, SolChat *chat,
                         unsigned attempt, SolSessionResult *r, bool *endpoint_failed)
{
    SolAnswer a = {0};
    if (!o->ask(o->ask_user, chat, &a)) {
        sol_buf_free(&a.content), free(a.finish_reason);
        *endpoint_failed = true;
        return true;
    }
    if (!a.content.data)
        sol_buf_append(&a.content, "", 0);
    save_text(o, attempt, "reply.md", a.content.data);
    keep_reply(chat, &a.content);
    SolSpan code;
    sol_verdict_free(&r->verdict);
    judge(check, &a, attempt, &code, &r->verdict);
    r->attempts = attempt;
    report(o, attempt, &a, &r->verdict);
    bool done = r->verdict.ok || r->verdict.not_candidate;
    if (r->verdict.ok) {
        r->passed = true;
        sol_buf_append(&r->ir, code.ptr, code.len);
    } else if (!done && attempt < o->max_attempts) {
        follow_up(o, chat, attempt, &r->verdict);
    }
    sol_buf_free(&a.content), free(a.finish_reason);
    return done;
}

int sol_session_run(const SolSessionOptions *o, const SolPromptTask *task, SolCheck *check,
                    SolSessionResult *r)
{
    memset(r, 0, sizeof *r);
    SolChat chat = {0};
    start_chat(&chat, task);
    bool endpoint_failed = false;
    for (unsigned k = 1; k <= o->max_attempts; k++)
        if (attempt_once(o, check, &chat, k, r, &endpoint_failed))
            break;
    if (!r->passed && !endpoint_failed)
        report_failure(o, r);
    sol_chat_free(&chat);
    return r->passed ? 0 : 1;
}

void sol_session_result_free(SolSessionResult *r)
{
    sol_buf_free(&r->ir);
    sol_verdict_free(&r->verdict);
}

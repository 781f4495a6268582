/*
 * The repair loop of solar-translate: one conversation with a model, attempt by attempt.
 *
 *   system + task messages (prompt.h)
 *   attempt k: ask for a reply (the injected SolAskFn: the LLM with its cache in the tool,
 *              a scripted chat in unit tests), extract the ```mlir block (extract.h),
 *              validate it at both size sets (check.h);
 *              passed -> done; failed -> a follow-up message with what failed, the
 *              diagnostics and the attempt count, and the next attempt.
 *
 * The loop ends early, without spending the remaining attempts, when the endpoint fails or
 * when a failure is not the candidate's (SolVerdict.not_candidate: validation sizes too
 * heavy for any translation). Progress goes to the log, one line per attempt.
 */
#ifndef SOLAR_TRANSLATE_SESSION_H
#define SOLAR_TRANSLATE_SESSION_H

#include "Translate/chat.h"
#include "Translate/check.h"
#include "Translate/prompt.h"

typedef struct SolAnswer {
    SolBuf content;      /* the reply's text */
    bool cached;         /* it came from the reply cache */
    char *finish_reason; /* heap; NULL when the server gave none */
} SolAnswer;

/* One reply to the conversation so far into out (zeroed by the caller). False, after
 * reporting, when there is no reply (the endpoint failed). */
typedef bool (*SolAskFn)(void *user, const SolChat *chat, SolAnswer *out);

typedef struct SolSessionOptions {
    const char *input;         /* the model file, for messages */
    unsigned max_attempts;     /* >= 1 */
    const char *save_attempts; /* DIR: attemptK.reply.md and attemptK.feedback.md, or NULL */
    SolAskFn ask;
    void *ask_user;
    const SolLog *log;
} SolSessionOptions;

typedef struct SolSessionResult {
    bool passed;
    unsigned attempts;  /* replies judged */
    SolBuf ir;          /* the IR that passed, as the model wrote it */
    SolVerdict verdict; /* the last attempt's */
} SolSessionResult;

/* Runs the loop; 0 when a candidate passed (r->ir, r->verdict), else 1 (reported). */
int sol_session_run(const SolSessionOptions *o, const SolPromptTask *task, SolCheck *check,
                    SolSessionResult *r);
void sol_session_result_free(SolSessionResult *r);

#endif /* SOLAR_TRANSLATE_SESSION_H */

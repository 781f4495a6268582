/*
 * The --verify-diagnostics matcher (MLIR's -verify-diagnostics). A test writes what it
 * expects in `//` comments:
 *
 *   affine.for %i = 0 to 8 step 0 { }   // expected-error {{step must be positive}}
 *   // expected-warning@+1 {{...}}        on the next line (@-N: N lines up)
 *   // expected-note@above {{...}}        the nearest line above without an expectation
 *   // expected-remark@below {{...}}      the nearest line below without an expectation
 *
 * Blanks may separate the severity, the offset and the text (`expected-error @+1 {{...}}`),
 * as in MLIR's own tests.
 *
 * While installed, the verifier sees every diagnostic of the engine first: one that matches
 * an unused expectation (same file and line, same severity, `text` a substring of the
 * message) is swallowed; any other is printed as `unexpected error: <msg>` and counted as an
 * error. At the end, expectations nothing matched are reported as
 * `expected error "text" was not produced`. Verification succeeds iff neither happened.
 */
#ifndef SOLAR_SUPPORT_VERIFY_DIAGS_H
#define SOLAR_SUPPORT_VERIFY_DIAGS_H

#include "Support/support.h"

typedef struct SolExpectation {
    SolSeverity severity;
    uint32_t line; /* the line the diagnostic must be on (absolute in the file) */
    SolLoc where;  /* the `expected-...` comment, for reports */
    char *text;    /* heap copy of what is between {{ and }} */
    bool matched;
} SolExpectation;

typedef struct SolDiagVerifier {
    SolDiagEngine *engine;
    SolDiagHandler saved_handler; /* restored by release */
    void *saved_user;
    SolVecOf(SolExpectation) expected;
    unsigned num_unexpected; /* since the last finish */
    unsigned num_malformed;  /* expectations that could not be read, since the last finish */
} SolDiagVerifier;

/* Installs v as e's handler. */
void sol_diag_verifier_init(SolDiagVerifier *v, SolDiagEngine *e);
/* Restores the previous handler and frees everything. */
void sol_diag_verifier_release(SolDiagVerifier *v);
/* Reads the expectations of data[0..len), whose first line is line first_line of file (for
 * --split-input-file chunks). A malformed expectation is reported as an error at once. */
void sol_diag_verifier_scan(SolDiagVerifier *v, const SolIdent *file, const char *data, size_t len,
                            uint32_t first_line);
/* Reports the expectations nothing matched, then forgets all expectations (ready for the
 * next chunk). True iff every expectation matched and no diagnostic was unexpected. */
bool sol_diag_verifier_finish(SolDiagVerifier *v);

#endif /* SOLAR_SUPPORT_VERIFY_DIAGS_H */

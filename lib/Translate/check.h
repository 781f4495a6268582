/*
 * The validation of a candidate translation as both front ends run it (solar-translate for
 * each LLM reply, solar-import for the importer's output): the reference outputs of the
 * program (the harness at small sizes, or a reference directory), each candidate validated
 * against them (candidate.h) and, once it passes, once more at a second set of sizes (to
 * catch sizes written into the IR), and the provenance lines of the accepted result.
 *
 *   SolCheck c;
 *   int rc = sol_check_open(&c, &(SolCheckOptions){.model = "matmul.py", ...});
 *   sol_check_candidate(&c, ir, len, "attempt1", &verdict);      // as often as needed
 *   sol_check_provenance(&c, &verdict, &header);                  // "// validated by ..."
 *   sol_check_close(&c);
 *
 * A candidate that fails by rounding alone is judged against a float64 run of the program
 * instead (rescue.h); the provenance says how many elements were.
 *
 * Sizes: --small N=V,... when given; else the harness scales every size constant to at most
 * 16 and, when the program's arrays still hold millions of elements, to 8 and then 4; or the
 * sizes of the reference directories (solar-import's importer chooses them). When
 * even then (or at sizes given) the arrays are that large, a candidate that runs out of steps
 * or time is not at fault (SolVerdict.not_candidate) and messages say so. The step budget and
 * time limit of each run: budget.h (at solar-import's own smallest sizes, the program's work).
 */
#ifndef SOLAR_TRANSLATE_CHECK_H
#define SOLAR_TRANSLATE_CHECK_H

#include "Translate/budget.h"
#include "Translate/candidate.h"
#include "Translate/harness.h"
#include "Translate/rescue.h"

typedef struct SolCheckOptions {
    const char *model;          /* MODEL.py */
    SolSourceLang lang;         /* which framework the harness needs */
    const char *small;          /* N=V,...: the first sizes; NULL: scaled */
    bool second;                /* also validate at a second, scaled set (--variant 1) */
    const char *reference;      /* a reference directory instead of the harness */
    const char *reference_b;    /* with reference: a second one, at other sizes (or NULL) */
    bool reference_is_program;  /* the directories hold the program's own outputs, written by
                                   the harness's code (solar-import's importer runs it in its
                                   own process), not files a user brought */
    const char *keep_reference; /* the harness writes the first reference here */
    const char *solar_run;      /* path or name of solar-run */
    const char *work_dir;       /* an existing directory for attempt files and references */
    const char *program_ir;     /* the program's own IR (solar-import's import), or NULL: at
                                   the program's own smallest sizes (reference_is_program, no
                                   --small) its estimated work sizes the budget (budget.h) */
    size_t program_ir_len;
    double run_timeout_s; /* 0: sized with the budget (budget.h) */
    double rtol, atol;    /* < 0: the element type's default */
    uint64_t max_steps;   /* 0: sized by budget.h (SOL_CANDIDATE_MAX_STEPS or the program's) */
    const SolLog *log;
} SolCheckOptions;

typedef struct SolCheck {
    SolCheckOptions o;
    SolHarness harness;
    bool have_harness;
    int scale_to;            /* the harness's --scale-to for the sizes in use */
    SolReference ref, ref_b; /* the validation sizes and, once needed, a second set */
    int ref_b_state;         /* 0 not tried, 1 loaded, -1 not available */
    SolBuf sizes_b;          /* ref_b's sizes as text */
    SolBuf heavy;            /* SolValidator.heavy_sizes, empty when the sizes are small */
    SolBudgetLimits limits;  /* budget.h */
    SolBuf budget_note;      /* SolValidator.budget_note at ref's sizes */
    SolValidator val;
    SolRescue rescue[2]; /* the float64 runs of ref and ref_b, made when needed (rescue.h) */
} SolCheck;

/* Makes the reference. Returns an exit status: 0; 1 (reported) when there is no Python, the
 * program fails or the reference directory is bad; 2 for a size name the program lacks or a
 * malformed SOLAR_VALIDATION_STEPS. */
int sol_check_open(SolCheck *c, const SolCheckOptions *o);
void sol_check_close(SolCheck *c);

/* Validates ir at the first sizes and, when it passes and a second set exists, at the second
 * (then v->at_second is set, max_abs and max_rel cover both, and a failure there says it was
 * correct at the first). label names the attempt's files under work_dir. */
void sol_check_candidate(SolCheck *c, const char *ir, size_t len, const char *label, SolVerdict *v);

/* `// validated by solar-run --precision=wide against the PyTorch program at N=16 and at
 * N=8`, `// max abs err ..., max rel err ...`, `// sizes.small: ...`, `// sizes.real: ...`
 * and an empty line, for a candidate that passed. */
void sol_check_provenance(const SolCheck *c, const SolVerdict *v, SolBuf *out);

/* Appends ir to out without its own `// sizes.small:`, `// sizes.second:` and
 * `// sizes.real:` lines (the provenance lines replace them), ending in a newline. */
void sol_check_append_ir(SolBuf *out, const char *ir, size_t len);

#endif /* SOLAR_TRANSLATE_CHECK_H */

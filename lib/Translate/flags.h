/*
 * The validation flags solar-import and solar-translate share: where the reference comes
 * from, the sizes, the comparison and the solar-run to use. Each tool lists
 * SOL_VALIDATION_FLAG_ROWS among its own SolFlag rows, hands those flags to
 * sol_validation_flag(), and passes the filled SolValidationFlags to its library call.
 *
 *   static const SolFlag flags[] = {
 *       {"-o", F_OUTPUT, "OUT.mlir", "..."},
 *       SOL_VALIDATION_FLAG_ROWS("validation sizes (default: ...)"),
 *       ...
 *   };
 *   case ... default: return sol_validation_flag(&tool, &o->t.check, f, value);
 */
#ifndef SOLAR_TRANSLATE_FLAGS_H
#define SOLAR_TRANSLATE_FLAGS_H

#include "Support/cli.h"
#include "Support/tool.h"

typedef struct SolValidationFlags {
    const char *small;          /* --small N=V,...: the validation sizes (syntax checked) */
    const char *reference;      /* --reference DIR: validate against DIR, run nothing */
    const char *keep_reference; /* --keep-reference DIR: the first reference is written here */
    const char *solar_run;      /* --solar-run PATH; NULL: beside this executable */
    double rtol, atol;          /* --rtol, --atol; < 0: the element type's default */
    double run_timeout_s;       /* --run-timeout: limit of one solar-run; 0: budget.h's */
    uint64_t max_steps;         /* --max-steps: solar-run's step limit; 0: budget.h's */
} SolValidationFlags;

#define SOL_VALIDATION_FLAGS_DEFAULT {.rtol = -1, .atol = -1}

/* The flag ids (SolFlag.id) of the rows below; a tool's own ids stay under SOL_VFLAG_FIRST. */
enum {
    SOL_VFLAG_FIRST = 1000,
    SOL_VFLAG_SMALL = SOL_VFLAG_FIRST,
    SOL_VFLAG_REFERENCE,
    SOL_VFLAG_KEEP_REFERENCE,
    SOL_VFLAG_RTOL,
    SOL_VFLAG_ATOL,
    SOL_VFLAG_RUN_TIMEOUT,
    SOL_VFLAG_MAX_STEPS,
    SOL_VFLAG_SOLAR_RUN,
};

/* clang-format off */
#define SOL_VALIDATION_FLAG_ROWS(small_help)                                                   \
    {"--small", SOL_VFLAG_SMALL, "N=V,...", small_help},                                       \
    {"--reference", SOL_VFLAG_REFERENCE, "DIR",                                                \
     "validate against DIR's in*.npy, out*.npy and sizes.json"},                               \
    {"--keep-reference", SOL_VFLAG_KEEP_REFERENCE, "DIR",                                      \
     "write the program's reference files to DIR"},                                            \
    {"--rtol", SOL_VFLAG_RTOL, "R", "relative tolerance of every float output (default by type)"}, \
    {"--atol", SOL_VFLAG_ATOL, "A", "absolute tolerance of every float output (default by type)"}, \
    {"--run-timeout", SOL_VFLAG_RUN_TIMEOUT, "SECONDS",                                        \
     "limit of one solar-run of the IR (default 300, more for a larger step budget)"},         \
    {"--max-steps", SOL_VFLAG_MAX_STEPS, "N",                                                  \
     "solar-run's step limit (default 2e9; at solar-import's own smallest sizes, twice the "   \
     "program's estimated loop iterations, up to 1e11; the IR's estimate must fit)"},          \
    {"--solar-run", SOL_VFLAG_SOLAR_RUN, "PATH",                                               \
     "the solar-run to validate with (default: beside this one)"}
/* clang-format on */

/* Applies one of the rows above (f->id >= SOL_VFLAG_FIRST); false after an error message. */
bool sol_validation_flag(const SolTool *t, SolValidationFlags *v, const SolFlag *f, char *value);

/* The combinations that cannot work (--reference gives the sizes and the files, so neither
 * --small nor --keep-reference goes with it) and a malformed SOLAR_VALIDATION_STEPS; false
 * after an error message. */
bool sol_validation_flags_check(const SolTool *t, const SolValidationFlags *v);

#endif /* SOLAR_TRANSLATE_FLAGS_H */

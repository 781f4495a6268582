/*
 * Passes, the pass registry, pipelines and the pass manager.
 *
 * A pass is a constant SolPass: a name, a one-line summary, a table of options and a run
 * function. registry.c lists every pass in one static table; the pipeline parser, the
 * solar-opt flags (`--verify`, `--fuse=max-bytes=1MiB`) and `--help` all read that table.
 *
 * A pipeline is written as in MLIR, `verify,lift-einsum,fuse{max-bytes=48MiB},sol-fused`,
 * and parses into a SolPipeline: pass instances with their option values. The manager runs
 * the instances in order on one module, verifies after each one, and stops at the first
 * failure. Every pass of one run shares a SolPassRun: the context, the entry function, and an
 * `analysis` slot where report passes leave their results for the driver.
 *
 * bind.c specialises the entry function for `--bind N=4096,D=1024` (SolBinding).
 */
#ifndef SOLAR_PASSES_PASS_H
#define SOLAR_PASSES_PASS_H

#include "IR/ir.h"

typedef struct SolPass SolPass;
typedef struct SolPassRun SolPassRun;

/* ---- options --------------------------------------------------------------------------- */

typedef enum SolPassOptKind {
    SOL_OPT_INT,    /* int64: `32`, `-1` */
    SOL_OPT_BYTES,  /* int64 byte count: `4096`, `512KiB`, `48MiB`, `1GB` (KiB = 1024, KB = 1000) */
    SOL_OPT_STRING, /* any text; quote it ('...' or "...") to use `,`, `}` or spaces */
    SOL_OPT_BOOL,   /* true/false/1/0; a bare `{name}` means true */
    SOL_OPT_FLOAT,  /* double: `0.5`, `1e-3` */
} SolPassOptKind;

typedef struct SolPassOption {
    const char *name; /* `cache-kib`; the table ends with a { 0 } row */
    SolPassOptKind kind;
    const char *default_text; /* parsed like a pipeline value when the option is not given */
    const char *help;         /* one line for --help */
} SolPassOption;

typedef union SolPassOptValue {
    int64_t i;     /* INT and BYTES */
    double f;      /* FLOAT */
    bool b;        /* BOOL */
    const char *s; /* STRING: heap copy owned by the instance */
} SolPassOptValue;

/* ---- passes ---------------------------------------------------------------------------- */

struct SolPass {
    const char *name;             /* pipeline and flag spelling: `lift-einsum` */
    const char *summary;          /* one line for --help */
    const SolPassOption *options; /* ends with { 0 }; NULL when the pass has none */
    /* Rewrites or analyses m. Emits a diagnostic before returning false. */
    bool (*run)(SolPassRun *r, SolModule *m);
};

/* One pass of a pipeline with its option values (one per options[] row, same order). */
typedef struct SolPassInstance {
    const SolPass *pass;
    SolPassOptValue *values; /* heap; NULL when the pass has no options */
} SolPassInstance;

/* An ordered list of pass instances: sol_vec_push works on it. */
typedef struct SolPipeline {
    SolPassInstance *data;
    size_t len, cap;
} SolPipeline;

/* What a running pass sees. One SolPassRun lives for a whole pipeline run on one module, so
 * a report pass can leave results in `analysis` for later passes and for the driver. */
struct SolPassRun {
    SolContext *ctx;
    const char *entry;                     /* entry function name, NULL when the module has none */
    /* The devices the driver reports on, as `--hw` names them (a name, `a,b`, `all` or a
     * .json path), for passes that size choices by a device (fuse's default budget: the
     * first one); NULL when the driver names none. */
    const char *device;
    const SolPassInstance *instance;       /* the pass being run and its option values */
    void *analysis;                        /* results of report passes, owned by the run */
    void (*analysis_free)(void *analysis); /* called on analysis by sol_pass_run_release */
};

/* Option values of the running pass by option name. Asking for an option the pass does not
 * declare, or with the wrong accessor kind, is a programming error and aborts. BYTES options
 * read with sol_pass_opt_int; INT options also read with sol_pass_opt_double. */
int64_t sol_pass_opt_int(const SolPassRun *r, const char *name);
double sol_pass_opt_double(const SolPassRun *r, const char *name);
bool sol_pass_opt_bool(const SolPassRun *r, const char *name);
const char *sol_pass_opt_str(const SolPassRun *r, const char *name);

/* ---- registry (registry.c) -------------------------------------------------------------- */

extern const SolPass sol_pass_verify;
extern const SolPass sol_pass_lift_einsum;
extern const SolPass sol_pass_fuse;
extern const SolPass sol_pass_tile_for_cache;
extern const SolPass sol_pass_sol_unfused;
extern const SolPass sol_pass_sol_fused;
extern const SolPass sol_pass_sol_cache;

/* Every registered pass, NULL-terminated, in --help order. */
const SolPass *const *sol_pass_registry(void);
/* The pass called name, or NULL. */
const SolPass *sol_pass_lookup(const char *name);
const SolPass *sol_pass_lookup_n(const char *name, size_t len);

/* ---- pipelines (pipeline.c) -------------------------------------------------------------- */

/* Parses `a,b{k=v k2=v2},c` (options separated by spaces or commas; an optional
 * `builtin.module(...)` wrapper is accepted) and appends its passes to p, so several
 * --pass-pipeline and pass flags combine in command-line order. Errors are reported through
 * the context's diagnostics against a source named "<pipeline>", with a caret under the
 * offending text; on error nothing is appended. */
bool sol_pipeline_parse(SolContext *ctx, SolPipeline *p, const char *text);
/* The same, looking passes up in `registry` (NULL-terminated) instead: for unit tests. */
bool sol_pipeline_parse_in(SolContext *ctx, SolPipeline *p, const char *text,
                           const SolPass *const *registry);
/* Appends pass with its default option values. */
bool sol_pipeline_append(SolContext *ctx, SolPipeline *p, const SolPass *pass);
void sol_pipeline_free(SolPipeline *p);
/* Parses one option value of the given kind; on failure writes why to err (e.g. "expected an
 * integer"). Strings are not copied: out->s points into text. */
bool sol_pass_opt_parse(SolPassOptKind kind, const char *text, size_t len, SolPassOptValue *out,
                        SolBuf *err);
/* `int`, `bytes`, `string`, `bool`, `float`, for --help. */
const char *sol_pass_opt_kind_name(SolPassOptKind kind);

/* ---- the manager (manager.c) ------------------------------------------------------------- */

typedef struct SolPassManagerOptions {
    bool verify_each;        /* run the verifier after every pass (default in solar-opt) */
    bool print_ir_after_all; /* dump the module to dump_out after every pass */
    FILE *dump_out;          /* stderr when NULL */
    SolPrintOptions print;   /* spelling of the dumps */
} SolPassManagerOptions;

void sol_pass_run_init(SolPassRun *r, SolContext *ctx, const char *entry);
/* Frees the analysis slot. */
void sol_pass_run_release(SolPassRun *r);
/* Runs p's passes in order on m. A pass fails when it returns false or raises the context's
 * error count, or when verification after it fails; the run stops there and returns false. */
bool sol_pipeline_run(const SolPipeline *p, SolPassRun *r, SolModule *m,
                      const SolPassManagerOptions *opts);

/* ---- entry function and --bind (bind.c) -------------------------------------------------- */

typedef struct SolBinding {
    const char *name; /* an argument's source name, without '%' */
    int64_t value;    /* an `index` argument's value, >= 0 (when rank == 0) */
    uint32_t rank;    /* > 0: the shape of a memref argument, `X=16x16384` */
    int64_t *dims;    /* rank sizes >= 0 (heap) */
    bool from_file;   /* a shape read from an input file, not asked for: applied only where the
                         argument can take it (an argument of that name, rank and static dims,
                         used only through its own type), silently skipped elsewhere, so the
                         file's own check reports any disagreement */
} SolBinding;

typedef struct SolBindings {
    SolBinding *data; /* names are heap copies */
    size_t len, cap;
} SolBindings;

/* Parses `N=4096,D=1024,X=16x16384` and appends to b. On failure writes the reason to err
 * (for example "--bind: expected NAME=VALUE, got 'N'") and appends nothing. Values are int64
 * with overflow checks; negative values and a name bound twice are rejected. A value with
 * 'x' between sizes is the shape of a memref argument. */
bool sol_bindings_parse(SolBindings *b, const char *text, SolBuf *err);
void sol_bindings_free(SolBindings *b);

/* The entry function: `name` when given (error listing the functions when missing), else
 * @forward when present, else the only function of the module. *out is NULL, with success,
 * when no name was given and there is no unique candidate. */
bool sol_entry_find(SolContext *ctx, SolModule *m, const char *name, SolOp **out);

/* Specialises the `index` arguments of entry_func named by b: each becomes an
 * `arith.constant` at the top of the body, constant operands are folded into affine maps
 * (`affine.for %i = 0 to %N` becomes `0 to 4096`), and `?` dims that are now known become
 * static (memref.alloc sizes, memref.dim, and function arguments whose extent the loops
 * accessing them determine). A shape binding gives a memref argument its static type (the
 * way to size a buffer that only a linalg.generic uses, whose extent no loop states). Emits
 * an error for a name that is not an argument of the kind its value needs, a shape of the
 * wrong rank or disagreeing with a static dim. */
bool sol_bind_entry(SolContext *ctx, SolModule *m, SolOp *entry_func, const SolBinding *b,
                    size_t n);

#endif /* SOLAR_PASSES_PASS_H */

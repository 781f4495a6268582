/*
 * solar-run's pieces: options (main.c), argument tensors (args.c), outputs (results.c).
 */
#ifndef SOLAR_RUN_RUN_H
#define SOLAR_RUN_RUN_H

#include "Exec/exec.h"
#include "Passes/pass.h"
#include "Support/tool.h"

/* `NAME=PATH` of --input and --compare. */
typedef struct NamedPath {
    const char *name; /* argument name without '%' */
    const char *path;
    bool used;
} NamedPath;

typedef struct RunOptions {
    const char *file;
    const char *entry;
    SolBindings bindings;
    SolVecOf(NamedPath) inputs;
    SolVecOf(NamedPath) compares;
    uint64_t seed;
    const char *out_dir;
    double rtol, atol;
    SolExecOptions exec;
    bool engine_given;  /* --engine was on the command line (else $SOLAR_RUN_ENGINE) */
    const char *emit_c; /* --emit-c FILE */
    bool print, stats, verbose, help, version;
} RunOptions;

/* "solar-run": the name of its messages (Support/tool.h). */
extern const SolTool run_tool;

/* The name solar-run uses for argument i of func: its source name without '%'. */
const char *run_arg_name(SolOp *func, uint32_t i, char *buf, size_t size);

/* Builds one tensor per argument of the (bound) entry function: from --input files, else
 * seeded random data. Reports every problem; false if there was any. */
bool run_prepare_args(const RunOptions *o, SolOp *func, SolTensor *tensors);

/* Writes, prints and compares the written arguments. Returns 0, or 1 when a write failed or
 * a comparison was out of tolerance. */
int run_finish_outputs(const RunOptions *o, SolOp *func, SolTensor *tensors, const bool *written);

#endif /* SOLAR_RUN_RUN_H */

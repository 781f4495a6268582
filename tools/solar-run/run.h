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
    SolTensor data; /* an --input file, read before the entry is bound (run_read_inputs) */
    bool raw_u16;   /* data holds 16-bit float bits of a kind the file does not say */
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

/* Reads every --input file; reports each one that cannot be read, false if there was any. */
bool run_read_inputs(RunOptions *o);

/* The shape of each file read for an argument with `?` dims, as a shape binding the argument
 * takes where it can (SolBinding.from_file): the file, not the extent its loops happen to
 * read, says how large an argument is (a narrow view reads a prefix). A --bind shape of the
 * same argument wins. */
void run_add_file_shapes(RunOptions *o, SolOp *func);

void run_free_inputs(RunOptions *o);

/* Builds one tensor per argument of the (bound) entry function: from the --input files
 * (taken over), else seeded random data. Reports every problem; false if there was any. */
bool run_prepare_args(const RunOptions *o, SolOp *func, SolTensor *tensors);

/* Writes, prints and compares the written arguments. Returns 0, or 1 when a write failed or
 * a comparison was out of tolerance. */
int run_finish_outputs(const RunOptions *o, SolOp *func, SolTensor *tensors, const bool *written);

#endif /* SOLAR_RUN_RUN_H */

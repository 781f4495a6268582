/*
 * A function's signature as the tools that run it see it: each argument's name (its source
 * name without '%', else `argN`, as solar-run names its .npy files), type, element type and
 * shape, and whether the function may write it. solar-run saves the written arguments;
 * `solar-opt --print-signature=json` prints all of it for scripts that drive other executors
 * (test/lit/Utils/mlir_jit_run.py).
 */
#ifndef SOLAR_ANALYSIS_SIGNATURE_H
#define SOLAR_ANALYSIS_SIGNATURE_H

#include "IR/ir.h"

/* The memref arguments of `func` that it may write (directly, through linalg outs, through a
 * memref select, or through a call whose callee writes the operand), as one bool per argument
 * of its body; `written` has an entry per argument. */
void sol_func_written_args(SolModule *m, SolOp *func, bool *written);

/* Appends the signature of `func` as one line of JSON:
 *   {"name": "forward", "args": [{"name": "A", "type": "memref<4x?xf32>", "elem": "f32",
 *    "shape": [4, null], "written": false}, ...], "results": ["f32"]}
 * shape is null for a non-memref argument, elem its type; a `?` dim is null. */
void sol_func_signature_json(SolModule *m, SolOp *func, SolBuf *out);

#endif /* SOLAR_ANALYSIS_SIGNATURE_H */

/*
 * solar-import as a library call: the Python importer (python/solar_import, a package of its
 * own) turns a PyTorch or JAX program into the SOLAR-C affine dialect without a model, and the
 * result is validated with exactly the code that validates solar-translate's candidates
 * (check.h), then written with a provenance header.
 *
 * The importer's contract:
 *   PYTHONPATH=<python dir> $PY -m solar_import MODEL.py -o TMP.mlir [--small N=V,...]
 *                                [--entry-sizes real|small] [--reference DIR]
 *                                [--reference-second DIR2] [-v]
 *   exit 0: TMP.mlir written; its leading `//` lines include
 *             // sizes.small: N=4, M=8     (the IR's index arguments, in order)
 *             // sizes.second: N=5, M=9    (a second validation set, when there is one)
 *             // sizes.real: N=4096, M=1024
 *             // sizes.fixed: TEXT         (only when some size could not be made symbolic)
 *           and DIR (DIR2) holds the program's outputs at sizes.small (sizes.second), written
 *           by the reference harness's own code in the importer's process (solar_reference.py
 *           run_reference: one Python start and one torch import per import);
 *   exit 1: the model is at fault or uses what the importer does not support; stderr holds
 *           `MODEL.py:LINE: error: ...` lines, passed through unchanged;
 *   exit 2: usage error.
 * The program is JAX when it imports jax or flax (sol_source_language, as solar-translate
 * decides), else PyTorch; $PY is found like the harness's Python (sol_tool_find_python:
 * SOLAR_PYTHON, the project venv, python3, /usr/bin/python3 with numpy and torch, or jax);
 * SOLAR_IMPORTER (words split at blanks, e.g. "python3 fake.py") replaces
 * `$PY -m solar_import` for tests.
 *
 * Validation runs the IR against both directories (or the user's --reference DIR alone)
 * with solar-run --precision=wide and the same tolerances as solar-translate (check.h). The
 * header:
 *   // Imported by solar-import VERSION from MODEL.py (sha256 ...)
 *   // attempts: 1
 *   // validated by ... / max abs err ... / sizes.small: ... / sizes.real: ...   (check.h)
 */
#ifndef SOLAR_TRANSLATE_IMPORT_H
#define SOLAR_TRANSLATE_IMPORT_H

#include "Translate/flags.h"
#include "Translate/log.h"

typedef struct SolImportOptions {
    const char *input, *output; /* MODEL.py, OUT.mlir ('-': stdout) */
    SolValidationFlags check;   /* --small also goes to the importer */
    const char *entry_sizes;    /* "real", "small" or NULL (the importer's default) */
    bool no_validate;
    const char *version;        /* for the header */
    const SolLog *log;
} SolImportOptions;

/* Returns the exit status: 0 imported (OUT written), 1 the importer refused the program or
 * the import failed validation (OUT untouched), 2 bad usage. */
int sol_import_run(const SolImportOptions *o);

/* The `N=4,M=8` of a `// sizes.small: N=4, M=8` line among the leading comment lines of ir,
 * into out; false when there is no such line. */
bool sol_import_small_sizes(const char *ir, size_t len, SolBuf *out);

#endif /* SOLAR_TRANSLATE_IMPORT_H */

/*
 * solar-import as a library call: the Python importer (python/solar_import, a package of its
 * own) turns a PyTorch or JAX program into the SOLAR-C affine dialect without a model, and the
 * result is validated with exactly the code that validates solar-translate's candidates
 * (check.h), then written with a provenance header.
 *
 * The importer's contract:
 *   PYTHONPATH=<python dir> $PY -m solar_import MODEL.py -o TMP.mlir [--small N=V,...]
 *                                [--entry-sizes real|small] [-v]
 *   exit 0: TMP.mlir written; its leading `//` lines include
 *             // sizes.small: N=4, M=8     (the IR's index arguments, in order)
 *             // sizes.real: N=4096, M=1024
 *             // sizes.fixed: TEXT         (only when some size could not be made symbolic)
 *   exit 1: the model is at fault or uses what the importer does not support; stderr holds
 *           `MODEL.py:LINE: error: ...` lines, passed through unchanged;
 *   exit 2: usage error.
 * The program is JAX when it imports jax or flax (sol_source_language, as solar-translate
 * decides), else PyTorch; $PY is found like the harness's Python (SOLAR_PYTHON, the project
 * venv, python3, /usr/bin/python3 with numpy and torch, or jax); SOLAR_IMPORTER (words split at blanks, e.g. "python3 fake.py") replaces
 * `$PY -m solar_import` for tests.
 *
 * Validation runs the reference at the sizes.small assignment, then at a second, scaled set
 * (unless --small was given), with solar-run --precision=wide and the same tolerances. The
 * header:
 *   // Imported by solar-import VERSION from MODEL.py (sha256 ...)
 *   // attempts: 1
 *   // validated by ... / max abs err ... / sizes.small: ... / sizes.real: ...   (check.h)
 */
#ifndef SOLAR_TRANSLATE_IMPORT_H
#define SOLAR_TRANSLATE_IMPORT_H

#include "Translate/log.h"

typedef struct SolImportOptions {
    const char *input, *output; /* MODEL.py, OUT.mlir ('-': stdout) */
    const char *small;          /* --small N=V,... for the importer and the validation */
    const char *entry_sizes;    /* "real", "small" or NULL (the importer's default) */
    bool no_validate;
    const char *keep_reference; /* DIR for the first reference, or NULL */
    const char *reference;      /* validate against DIR instead of running the harness */
    const char *solar_run;      /* NULL: beside this executable, else PATH */
    double run_timeout_s;       /* limit of one solar-run, > 0 */
    double rtol, atol;          /* < 0: the element type's default */
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

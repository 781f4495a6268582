/*
 * The C engine's compiler driver (private to lib/Exec): a generated program (cgen.h) compiled
 * by the system's C compiler into a shared object and loaded with dlopen, through a cache of
 * compiled objects keyed by content.
 *
 *   CACHE/exec/<sha256>.so   sha256 of the ABI version, the compiler (its resolved path, size
 *                            and modification time), the flags and the whole C text
 *
 * CACHE is the caller's directory (solar-run: $SOLAR_CACHE_DIR, else ~/.cache/solar); without
 * one, the object is built in a fresh temporary directory and removed once loaded. Sources and
 * objects are written under temporary names and renamed, so readers never see half a file and
 * a failed compile leaves nothing; temporaries a killed run left behind are removed by the
 * next compile after an hour. A cache directory or object that another user could have
 * written is not trusted: it is neither read nor written (the program is built in a temporary
 * directory instead), since loading an object runs its code.
 */
#ifndef SOLAR_EXEC_CLOAD_H
#define SOLAR_EXEC_CLOAD_H

#include "Exec/cabi.h"
#include "Support/support.h"

typedef struct CgModule {
    void *handle;   /* dlopen's */
    SolCgRunFn run; /* solar_cg_run */
} CgModule;

typedef struct CgLoadOptions {
    const char *cc;        /* the compiler, a name looked up on PATH or a path; NULL: "cc" */
    const char *cache_dir; /* CACHE above; NULL: no cache */
    double timeout_s;      /* for the compiler; 0: 600 s */
    bool cached_only;      /* load from the cache or fail: never compile */
} CgLoadOptions;

typedef struct CgLoadInfo {
    bool cache_hit;
    double compile_s; /* time spent compiling (0 on a hit) */
    SolBuf log;       /* what happened, one line each (for -v): the object, the command */
    SolBuf why;       /* why there is no module, when sol_cg_load fails */
} CgLoadInfo;

/* Compiles (or finds in the cache) and loads `source`; host is handed to its solar_cg_init.
 * False with info->why set when no compiler is found, it fails, or the object does not load. */
bool sol_cg_load(const char *source, size_t len, const SolCgHost *host, const CgLoadOptions *o,
                 CgModule *mod, CgLoadInfo *info);
void sol_cg_unload(CgModule *mod);
void sol_cg_load_info_free(CgLoadInfo *info);

/* The compiler's flags, as passed (no fast-math, no contraction: bit-identical to the
 * interpreter). */
extern const char *const sol_cg_cflags[];

#endif /* SOLAR_EXEC_CLOAD_H */

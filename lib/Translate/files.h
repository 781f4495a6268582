/*
 * The work directory of solar-translate and solar-import (attempt files, references, the
 * importer's output): made under $TMPDIR and removed with everything in it. Reading the model
 * and writing the output atomically are Support/tool.h's.
 */
#ifndef SOLAR_TRANSLATE_FILES_H
#define SOLAR_TRANSLATE_FILES_H

#include "Translate/log.h"

/* A new directory $TMPDIR/PREFIX-XXXXXX (heap path), or NULL after reporting. */
char *sol_work_dir_new(const SolLog *log, const char *prefix);
/* rm -r of a directory this run created. */
void sol_work_dir_remove(const char *path);
/* The part of path after its last '/'. */
const char *sol_base_name(const char *path);

#endif /* SOLAR_TRANSLATE_FILES_H */

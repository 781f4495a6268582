/*
 * Files for solar-translate and solar-import: the model file read whole, the output written
 * atomically (a failed run never leaves half a file), the work directory made and removed.
 */
#ifndef SOLAR_TRANSLATE_FILES_H
#define SOLAR_TRANSLATE_FILES_H

#include "Translate/log.h"

/* All of path into out (NUL-terminated); false after reporting when it cannot be read or
 * holds more than max bytes. */
bool sol_translate_read_file(const SolLog *log, const char *path, size_t max, SolBuf *out);
/* data as the whole of path ("-": stdout), through a temporary file renamed over it. */
bool sol_translate_write_output(const SolLog *log, const char *path, const SolBuf *data);
/* A new directory $TMPDIR/PREFIX-XXXXXX (heap path), or NULL after reporting. */
char *sol_work_dir_new(const SolLog *log, const char *prefix);
/* rm -r of a directory this run created. */
void sol_work_dir_remove(const char *path);
/* DIR/name when this executable's directory DIR holds an executable `name`, else `name` (to
 * be found on PATH). Heap string. */
char *sol_find_sibling(const char *name);
/* The part of path after its last '/'. */
const char *sol_base_name(const char *path);

#endif /* SOLAR_TRANSLATE_FILES_H */

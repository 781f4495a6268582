/*
 * Which framework a Python model file is written in, read from its imports. solar-translate
 * picks its prompt and reference harness by it, solar-import its front end, and
 * solar-validate refuses JAX twins with it: one rule for all three.
 */
#ifndef SOLAR_SUPPORT_SOURCE_LANGUAGE_H
#define SOLAR_SUPPORT_SOURCE_LANGUAGE_H

#include "Support/support.h"

typedef enum SolSourceLang { SOL_LANG_PYTORCH, SOL_LANG_JAX } SolSourceLang;

/* JAX when a line of src, indented or not, imports jax, flax, haiku or optax (`import
 * jax.numpy as jnp`, `from jax import lax`, `import os, jax`; not `import jaxtyping`); *line
 * (if non-NULL) gets that line's number, 0 for PyTorch. */
SolSourceLang sol_source_language(const char *src, size_t len, unsigned *line);
/* "JAX" or "PyTorch". */
const char *sol_source_language_name(SolSourceLang lang);

#endif

/*
 * The IR with every f32 made f64, for the float64 judgement of a candidate (rescue.h): the
 * same text with the type `f32` spelled `f64` wherever it is a type (`: f32`, `memref<4x?xf32>`,
 * `(f32) -> f32`) and each 32-bit hex float literal of an f32 constant (`0xFF800000 : f32`)
 * rewritten as the 64-bit pattern of the same value; a decimal f32 constant, printed with the
 * digits an f32 needs (`9.999999747e-06`), becomes the shortest decimal with the same f32
 * value (`1.0e-05`): the constant the program wrote, not its f32 rounding, in the f64 IR. Names (`%f32`, `@f32_kernel`, `#map`),
 * string literals and comments are left alone. The text is untrusted and only rewritten here,
 * never interpreted: whatever the result is, validation parses and verifies it again (an IR
 * that converts between f32 and f64 no longer verifies, and is not judged in float64).
 */
#ifndef SOLAR_TRANSLATE_PROMOTE_H
#define SOLAR_TRANSLATE_PROMOTE_H

#include "Support/support.h"

/* Appends the promoted text to out; returns the number of f32 types it rewrote. */
size_t sol_ir_promote_f32(const char *ir, size_t len, SolBuf *out);

#endif /* SOLAR_TRANSLATE_PROMOTE_H */

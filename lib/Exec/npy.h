/*
 * NumPy .npy files: read into and write from host tensors (lib/Exec/tensor.h).
 *
 * Supported: format versions 1.0, 2.0 and 3.0; C order only; little-endian (`<`, or `|` for
 * one-byte types); dtypes `<f2` (f16), `<f4` (f32), `<f8` (f64), `|b1` (i1, one byte 0/1),
 * `|i1` (i8), `<i4` (i32), `<i8` (i64), and bf16 (below). Files are untrusted: every malformed,
 * truncated, over-long or unsupported file is an error with a message, never a crash.
 *
 * bf16 has no NumPy dtype. It is written as the structured dtype `[('bf16', '<u2')]`: one
 * uint16 field named `bf16` holding the raw bits, so `np.load(f)['bf16']` is a uint16 array
 * and `(b.astype(np.uint32) << 16).view(np.float32)` its values (torch:
 * `torch.from_numpy(b.view(np.int16)).view(torch.bfloat16)`). That descr is read back as
 * SOL_ELEM_BF16. NumPy 1.24 rejects headers with extra keys ("Header does not contain the
 * correct keys"), so the bf16 marker cannot be a separate header key.
 *
 * A plain `<u2` file is accepted only when the caller passes a non-NULL `raw_u16`: the tensor
 * then comes back as SOL_ELEM_BF16 with *raw_u16 = true, meaning "16-bit float bits of a kind
 * the file does not say"; the caller retags t->elem as SOL_ELEM_F16 or SOL_ELEM_BF16 to match
 * the argument (the bytes are the same). For every other file *raw_u16 is set to false. With
 * raw_u16 == NULL a `<u2` file is an unsupported dtype.
 *
 * Error messages go to `err` (appended, no trailing newline) and start with the path (or the
 * name given to sol_npy_parse), e.g. `x.npy: big-endian data ('>f4') is not supported`.
 */
#ifndef SOLAR_EXEC_NPY_H
#define SOLAR_EXEC_NPY_H

#include "Exec/tensor.h"

/* Reads a .npy file into t (data malloc'ed; free with sol_tensor_free). Fails with a message
 * in err for anything malformed, unsupported, or larger than max_bytes of data; t then owns
 * nothing. raw_u16: see above (may be NULL). */
bool sol_npy_read(const char *path, SolTensor *t, size_t max_bytes, bool *raw_u16, SolBuf *err);

/* The same from the whole contents of a file already in memory (`len` bytes at `data`);
 * `name` starts the error messages. For unit tests and fuzzers. */
bool sol_npy_parse(const void *data, size_t len, const char *name, SolTensor *t, size_t max_bytes,
                   bool *raw_u16, SolBuf *err);

/* Writes t to `path` (created or truncated in place; the caller picks the directory and any
 * rename). Uses format 1.0 with NumPy's header layout (keys sorted, padded with spaces and
 * '\n' to a multiple of 64 bytes), so the bytes equal np.save's for the same array. On error
 * the message names the path and the errno text, and a partly written file is removed. */
bool sol_npy_write(const char *path, const SolTensor *t, SolBuf *err);

/* Appends to out the bytes np.save writes before t's data (magic, version, header length,
 * header dict, padding). sol_npy_write writes this, then t->data. */
void sol_npy_header(SolBuf *out, const SolTensor *t);

#endif /* SOLAR_EXEC_NPY_H */

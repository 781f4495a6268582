// i64 outputs beyond 2^53 must print exactly. fptosi 1e19 : f64 to i64 saturates to
// INT64_MAX = 9223372036854775807 (correct in the saved .npy), and 2^53 + 1 is an ordinary
// i64. KNOWN BUG (tools/solar-run/results.c print_value): --print goes through
// sol_tensor_get_f64, so 2^53 + 1 prints as 9007199254740992 and INT64_MAX, rounded to the
// double 2^63 and converted back with (long long), prints as -9223372036854775808, and
// -(2^63 - 1) prints as -9223372036854775808 too.
// RUN: rm -rf %t && mkdir -p %t
// RUN: solar-run %s --out-dir %t | count 0
// RUN: %python -c "import numpy; print(numpy.load('%t/o64.npy').tolist())" | FileCheck %s --check-prefix=NPY
// RUN: solar-run %s --print | FileCheck %s --check-prefix=PRINT

// NPY: [9223372036854775807, 9007199254740993, -9223372036854775807]
// PRINT:      %o64: memref<3xi64> =
// PRINT-NEXT: [9223372036854775807, 9007199254740993, -9223372036854775807]

func.func @forward(%o64: memref<3xi64>) {
  %bd = arith.constant 1.0e19 : f64
  %l0 = arith.fptosi %bd : f64 to i64
  %p = arith.constant 9007199254740993 : i64
  %m = arith.constant -9223372036854775807 : i64
  affine.store %l0, %o64[0] : memref<3xi64>
  affine.store %p, %o64[1] : memref<3xi64>
  affine.store %m, %o64[2] : memref<3xi64>
  return
}

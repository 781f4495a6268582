// f16 arithmetic rounds after every op (MLIR semantics, the default --precision=exact);
// --precision=wide computes in f64 and rounds only at stores, so it differs exactly where an
// intermediate value is not an f16.
// RUN: solar-run %s --print | FileCheck %s --check-prefix=EXACT
// RUN: solar-run %s --print --no-batch | FileCheck %s --check-prefix=EXACT
// RUN: solar-run %s --print --precision=wide | FileCheck %s --check-prefix=WIDE
// RUN: solar-run %s --print --precision=wide --no-batch | FileCheck %s --check-prefix=WIDE

// [0] 4096 additions of 1.0: an f16 sum stops at 2048 (2048 + 1 is a tie, rounds to even).
// [1] 1 + 2^-11 is a tie between 1 and 1 + 2^-10: rounds to 1 in both modes (the store rounds).
// [2] (1 + 2^-11) + 2^-11: 1 in f16, but 1 + 2^-10 = 1.0009765625 when computed in f64.
// [3] 0.1 * 3: the constant is the f16 nearest 0.1 (0.0999755859375), the product
//     0.2999267578125 is a tie and rounds to 0.2998046875 (f16(0.3) would be 0.300048828).
// [4] (60000 + 60000) - 60000: inf in f16 (overflow), 60000 in f64.
// [5] (1 / 3) * 3 = 1 either way.
// EXACT:      %out: memref<6xf16> =
// EXACT-NEXT: [2048, 1, 1, 0.299804688, inf, 1]
// WIDE:       %out: memref<6xf16> =
// WIDE-NEXT:  [4096, 1, 1.00097656, 0.299804688, 60000, 1]

func.func @forward(%out: memref<6xf16>) {
  %z = arith.constant 0.0 : f16
  %one = arith.constant 1.0 : f16
  %tiny = arith.constant 0.00048828125 : f16
  %s = affine.for %i = 0 to 4096 iter_args(%acc = %z) -> (f16) {
    %n = arith.addf %acc, %one : f16
    affine.yield %n : f16
  }
  affine.store %s, %out[0] : memref<6xf16>
  %a = arith.addf %one, %tiny : f16
  affine.store %a, %out[1] : memref<6xf16>
  %b = arith.addf %a, %tiny : f16
  affine.store %b, %out[2] : memref<6xf16>
  %c3 = arith.constant 3.0 : f16
  %tenth = arith.constant 0.1 : f16
  %m = arith.mulf %tenth, %c3 : f16
  affine.store %m, %out[3] : memref<6xf16>
  %big = arith.constant 60000.0 : f16
  %o = arith.addf %big, %big : f16
  %back = arith.subf %o, %big : f16
  affine.store %back, %out[4] : memref<6xf16>
  %d = arith.divf %one, %c3 : f16
  %d3 = arith.mulf %d, %c3 : f16
  affine.store %d3, %out[5] : memref<6xf16>
  return
}

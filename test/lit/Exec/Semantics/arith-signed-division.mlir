// arith integer division on negative operands, i32. %i runs over [-9, 9]; column k holds the
// result for %i = k - 9. Rows: divsi 4, divsi -4, remsi 4, remsi -4, floordivsi 4,
// floordivsi -4, ceildivsi 4, ceildivsi -4, divui 4, remui -4 (-4 is 2^32 - 4 unsigned).
// divsi/remsi truncate toward zero (remainder takes the dividend's sign); floordivsi rounds
// toward -inf and ceildivsi toward +inf, for either sign of the divisor.
// RUN: solar-run %s --print | FileCheck %s
// RUN: solar-run %s --print --no-batch | FileCheck %s

// CHECK:      %out: memref<10x19xi32> =
// CHECK-NEXT: {{\[\[}}-2, -2, -1, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2]
// CHECK-NEXT:  [2, 2, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, -1, -1, -1, -1, -2, -2]
// CHECK-NEXT:  [-1, 0, -3, -2, -1, 0, -3, -2, -1, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1]
// CHECK-NEXT:  [-1, 0, -3, -2, -1, 0, -3, -2, -1, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1]
// CHECK-NEXT:  [-3, -2, -2, -2, -2, -1, -1, -1, -1, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2]
// CHECK-NEXT:  [2, 2, 1, 1, 1, 1, 0, 0, 0, 0, -1, -1, -1, -1, -2, -2, -2, -2, -3]
// CHECK-NEXT:  [-2, -2, -1, -1, -1, -1, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3]
// CHECK-NEXT:  [3, 2, 2, 2, 2, 1, 1, 1, 1, 0, 0, 0, 0, -1, -1, -1, -1, -2, -2]
// CHECK-NEXT:  [1073741821, 1073741822, 1073741822, 1073741822, 1073741822, 1073741823, 1073741823, 1073741823, 1073741823, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2]
// CHECK-NEXT:  [-9, -8, -7, -6, -5, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]]

// i64 and index: the same rules at 64 bits, and INT_MIN remsi -1 is 0 (no fault).
// CHECK:      %wide: memref<6xi64> =
// CHECK-NEXT: [-3, -4, -3, -1, 1, 0]

func.func @forward(%out: memref<10x19xi32>, %wide: memref<6xi64>) {
  %p = arith.constant 4 : i32
  %n = arith.constant -4 : i32
  affine.for %i = -9 to 10 {
    %ii = arith.index_cast %i : index to i32
    %r0 = arith.divsi %ii, %p : i32
    %r1 = arith.divsi %ii, %n : i32
    %r2 = arith.remsi %ii, %p : i32
    %r3 = arith.remsi %ii, %n : i32
    %r4 = arith.floordivsi %ii, %p : i32
    %r5 = arith.floordivsi %ii, %n : i32
    %r6 = arith.ceildivsi %ii, %p : i32
    %r7 = arith.ceildivsi %ii, %n : i32
    %r8 = arith.divui %ii, %p : i32
    %r9 = arith.remui %ii, %n : i32
    affine.store %r0, %out[0, %i + 9] : memref<10x19xi32>
    affine.store %r1, %out[1, %i + 9] : memref<10x19xi32>
    affine.store %r2, %out[2, %i + 9] : memref<10x19xi32>
    affine.store %r3, %out[3, %i + 9] : memref<10x19xi32>
    affine.store %r4, %out[4, %i + 9] : memref<10x19xi32>
    affine.store %r5, %out[5, %i + 9] : memref<10x19xi32>
    affine.store %r6, %out[6, %i + 9] : memref<10x19xi32>
    affine.store %r7, %out[7, %i + 9] : memref<10x19xi32>
    affine.store %r8, %out[8, %i + 9] : memref<10x19xi32>
    affine.store %r9, %out[9, %i + 9] : memref<10x19xi32>
  }
  // -7 / 2 = -3 (trunc), floordiv -4, ceildiv -3, -7 remsi 2 = -1, 7 remsi -2 = 1
  %m7 = arith.constant -7 : i64
  %p7 = arith.constant 7 : i64
  %two = arith.constant 2 : i64
  %mtwo = arith.constant -2 : i64
  %w0 = arith.divsi %m7, %two : i64
  %w1 = arith.floordivsi %m7, %two : i64
  %w2 = arith.ceildivsi %m7, %two : i64
  %w3 = arith.remsi %m7, %two : i64
  %w4 = arith.remsi %p7, %mtwo : i64
  %min = arith.constant -9223372036854775808 : i64
  %m1 = arith.constant -1 : i64
  %w5 = arith.remsi %min, %m1 : i64
  affine.store %w0, %wide[0] : memref<6xi64>
  affine.store %w1, %wide[1] : memref<6xi64>
  affine.store %w2, %wide[2] : memref<6xi64>
  affine.store %w3, %wide[3] : memref<6xi64>
  affine.store %w4, %wide[4] : memref<6xi64>
  affine.store %w5, %wide[5] : memref<6xi64>
  return
}

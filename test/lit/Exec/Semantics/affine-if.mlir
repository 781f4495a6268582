// affine.if: with results and an else (a mod-2 equality), without else (two inequalities with
// a symbol: 2 <= i <= s0 - 3), equality between two dims (the diagonal), and an if nested in
// an else region (the anti-diagonal i + j == 3).
// RUN: solar-run %s --print | FileCheck %s
// RUN: solar-run %s --print --no-batch | FileCheck %s

// CHECK:      %o: memref<10xi64> =
// CHECK-NEXT: [0, -1, 2, -1, 4, -1, 6, -1, 8, -1]
// CHECK-NEXT: %p: memref<10xi64> =
// CHECK-NEXT: [0, 0, 1, 1, 1, 1, 1, 1, 0, 0]
// CHECK-NEXT: %q: memref<4x4xi64> =
// CHECK-NEXT: {{\[\[}}1, 0, 0, 2]
// CHECK-NEXT:  [0, 1, 2, 0]
// CHECK-NEXT:  [0, 2, 1, 0]
// CHECK-NEXT:  [2, 0, 0, 1]]
// Negative operands: (d0 - 1) mod 3 == 0 for d0 in [-6, 5] holds at -5, -2, 1, 4.
// CHECK-NEXT: %neg: memref<12xi64> =
// CHECK-NEXT: [0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0]

#even = affine_set<(d0) : (d0 mod 2 == 0)>
#band = affine_set<(d0)[s0] : (d0 - 2 >= 0, s0 - d0 - 3 >= 0)>
func.func @forward(%o: memref<10xi64>, %p: memref<10xi64>, %q: memref<4x4xi64>, %neg: memref<12xi64>) {
  %c10 = arith.constant 10 : index
  %m1 = arith.constant -1 : i64
  affine.for %i = 0 to 10 {
    %ii = arith.index_cast %i : index to i64
    // with results and else: even -> i, odd -> -1
    %v = affine.if #even(%i) -> i64 {
      affine.yield %ii : i64
    } else {
      affine.yield %m1 : i64
    }
    affine.store %v, %o[%i] : memref<10xi64>
    // without else: default 0, then 2 <= i <= 10 - 3 = 7 writes 1
    %z = arith.constant 0 : i64
    affine.store %z, %p[%i] : memref<10xi64>
    affine.if #band(%i)[%c10] {
      %one = arith.constant 1 : i64
      affine.store %one, %p[%i] : memref<10xi64>
    }
  }
  // equality of two dims: the diagonal, and i + j == 3 the anti-diagonal
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      %r = affine.if affine_set<(d0, d1) : (d0 - d1 == 0)>(%i, %j) -> i64 {
        %c1 = arith.constant 1 : i64
        affine.yield %c1 : i64
      } else {
        %a = affine.if affine_set<(d0, d1) : (d0 + d1 - 3 == 0)>(%i, %j) -> i64 {
          %c2 = arith.constant 2 : i64
          affine.yield %c2 : i64
        } else {
          %c0 = arith.constant 0 : i64
          affine.yield %c0 : i64
        }
        affine.yield %a : i64
      }
      affine.store %r, %q[%i, %j] : memref<4x4xi64>
    }
  }
  affine.for %i = -6 to 6 {
    %v = affine.if affine_set<(d0) : ((d0 - 1) mod 3 == 0)>(%i) -> i64 {
      %c1 = arith.constant 1 : i64
      affine.yield %c1 : i64
    } else {
      %c0 = arith.constant 0 : i64
      affine.yield %c0 : i64
    }
    affine.store %v, %neg[%i + 6] : memref<12xi64>
  }
  return
}

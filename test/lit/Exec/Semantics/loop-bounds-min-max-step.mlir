// Loop bounds: a triangular nest (upper bound d0 + 1), tiles of 4 over 10 clipped by
// `min (d0 + 4, 10)`, step 3 from 1, and a band with `max (0, d0 - 1)` lower and a
// three-result `min (6, d0 + 2, 10 - d0)` upper bound (the last row's range is one element).
// RUN: solar-run %s --print | FileCheck %s
// RUN: solar-run %s --print --no-batch | FileCheck %s
// affine.min / affine.max as ops, over negative operands:
// RUN: solar-run %s --entry minmax_ops --print | FileCheck %s --check-prefix=OPS

// CHECK:      %tri: memref<5x5xi32> =
// CHECK-NEXT: {{\[\[}}1, 0, 0, 0, 0]
// CHECK-NEXT:  [1, 1, 0, 0, 0]
// CHECK-NEXT:  [1, 1, 1, 0, 0]
// CHECK-NEXT:  [1, 1, 1, 1, 0]
// CHECK-NEXT:  [1, 1, 1, 1, 1]]
// CHECK-NEXT: %clip: memref<10xi32> =
// CHECK-NEXT: [0, 0, 0, 0, 4, 4, 4, 4, 8, 8]
// CHECK-NEXT: %st: memref<12xi32> =
// CHECK-NEXT: [0, 1, 0, 0, 4, 0, 0, 7, 0, 0, 10, 0]
// CHECK-NEXT: %mm: memref<6x6xi32> =
// CHECK-NEXT: {{\[\[}}0, 1, -1, -1, -1, -1]
// CHECK-NEXT:  [10, 11, 12, -1, -1, -1]
// CHECK-NEXT:  [-1, 21, 22, 23, -1, -1]
// CHECK-NEXT:  [-1, -1, 32, 33, 34, -1]
// CHECK-NEXT:  [-1, -1, -1, 43, 44, 45]
// CHECK-NEXT:  [-1, -1, -1, -1, 54, -1]]

func.func @forward(%tri: memref<5x5xi32>, %clip: memref<10xi32>, %st: memref<12xi32>, %mm: memref<6x6xi32>) {
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  affine.for %i = 0 to 5 {
    affine.for %j = 0 to 5 {
      affine.store %z, %tri[%i, %j] : memref<5x5xi32>
    }
  }
  // lower triangle including the diagonal: j in [0, i]
  affine.for %i = 0 to 5 {
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
      affine.store %one, %tri[%i, %j] : memref<5x5xi32>
    }
  }
  // tiles of 4 over 10 elements, last tile clipped by min: store the tile index
  affine.for %t = 0 to 10 step 4 {
    affine.for %i = affine_map<(d0) -> (d0)>(%t) to min affine_map<(d0) -> (d0 + 4, 10)>(%t) {
      %ti = arith.index_cast %t : index to i32
      affine.store %ti, %clip[%i] : memref<10xi32>
    }
  }
  // step 3 from 1: writes 1, 4, 7, 10; others 0 (first loop)
  affine.for %i = 0 to 12 {
    affine.store %z, %st[%i] : memref<12xi32>
  }
  affine.for %i = 1 to 12 step 3 {
    %ii = arith.index_cast %i : index to i32
    affine.store %ii, %st[%i] : memref<12xi32>
  }
  // band: j in [max(0, i - 1), min(6, i + 2)): count per row in column 0... store i*10+j
  affine.for %i = 0 to 6 {
    affine.for %j = 0 to 6 {
      %m = arith.constant -1 : i32
      affine.store %m, %mm[%i, %j] : memref<6x6xi32>
    }
  }
  affine.for %i = 0 to 6 {
    affine.for %j = max affine_map<(d0) -> (0, d0 - 1)>(%i) to min affine_map<(d0) -> (6, d0 + 2, 10 - d0)>(%i) {
      %v = affine.apply affine_map<(d0, d1) -> (d0 * 10 + d1)>(%i, %j)
      %vi = arith.index_cast %v : index to i32
      affine.store %vi, %mm[%i, %j] : memref<6x6xi32>
    }
  }
  return
}

// i in [-4, 3]: min(i, 2, -i - 1) and max(i floordiv 3, -2, 2 i - 3)
// OPS:      %o: memref<2x8xi64> =
// OPS-NEXT: {{\[\[}}-4, -3, -2, -1, -1, -2, -3, -4]
// OPS-NEXT:  [-2, -1, -1, -1, 0, 0, 1, 3]]
func.func @minmax_ops(%o: memref<2x8xi64>) {
  affine.for %i = -4 to 4 {
    %a = affine.min affine_map<(d0) -> (d0, 2, -d0 - 1)>(%i)
    %b = affine.max affine_map<(d0) -> (d0 floordiv 3, -2, d0 * 2 - 3)>(%i)
    %ai = arith.index_cast %a : index to i64
    %bi = arith.index_cast %b : index to i64
    affine.store %ai, %o[0, %i + 4] : memref<2x8xi64>
    affine.store %bi, %o[1, %i + 4] : memref<2x8xi64>
  }
  return
}

// affine.apply floordiv / ceildiv / mod on negative operands: floordiv rounds toward -inf,
// ceildiv toward +inf, mod is the non-negative remainder (MLIR's affine semantics, not C's).
// %i runs over [-7, 7], element k holds the value for %i = k - 7.
// RUN: solar-run %s --print | FileCheck %s
// RUN: solar-run %s --print --no-batch | FileCheck %s

// CHECK:      %fd: memref<15xi64> =
// CHECK-NEXT: [-4, -3, -3, -2, -2, -1, -1, 0, 0, 1, 1, 2, 2, 3, 3]
// CHECK-NEXT: %cd: memref<15xi64> =
// CHECK-NEXT: [-3, -3, -2, -2, -1, -1, 0, 0, 1, 1, 2, 2, 3, 3, 4]
// CHECK-NEXT: %md: memref<15xi64> =
// CHECK-NEXT: [2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1]
// (3 i - 1) floordiv 4 + (-i) mod 5
// CHECK-NEXT: %mix: memref<15xi64> =
// CHECK-NEXT: [-4, -4, -4, 0, 0, 0, 0, -1, 4, 4, 4, 3, 3, 8, 8]
// The same expressions as load subscripts: sub[i + 7] = t[(i floordiv 2) + 4] etc.
// CHECK-NEXT: %sub: memref<15xi64> =
// CHECK-NEXT: [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7]

func.func @forward(%fd: memref<15xi64>, %cd: memref<15xi64>, %md: memref<15xi64>,
                   %mix: memref<15xi64>, %sub: memref<15xi64>) {
  %t = memref.alloc() : memref<8xi64>
  affine.for %k = 0 to 8 {
    %ki = arith.index_cast %k : index to i64
    affine.store %ki, %t[%k] : memref<8xi64>
  }
  affine.for %i = -7 to 8 {
    %a = affine.apply affine_map<(d0) -> (d0 floordiv 2)>(%i)
    %b = affine.apply affine_map<(d0) -> (d0 ceildiv 2)>(%i)
    %c = affine.apply affine_map<(d0) -> (d0 mod 3)>(%i)
    %d = affine.apply affine_map<(d0) -> ((d0 * 3 - 1) floordiv 4 + (-d0) mod 5)>(%i)
    %ai = arith.index_cast %a : index to i64
    %bi = arith.index_cast %b : index to i64
    %ci = arith.index_cast %c : index to i64
    %di = arith.index_cast %d : index to i64
    affine.store %ai, %fd[%i + 7] : memref<15xi64>
    affine.store %bi, %cd[%i + 7] : memref<15xi64>
    affine.store %ci, %md[%i + 7] : memref<15xi64>
    affine.store %di, %mix[%i + 7] : memref<15xi64>
    %v = affine.load %t[%i floordiv 2 + 4] : memref<8xi64>
    affine.store %v, %sub[%i + 7] : memref<15xi64>
  }
  memref.dealloc %t : memref<8xi64>
  return
}

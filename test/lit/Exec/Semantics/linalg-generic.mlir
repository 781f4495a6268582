// linalg.generic on memrefs runs as MLIR's lowering to loops: a row sum ("reduction" over d1,
// the output read and rewritten each step), an elementwise map, a body that ignores its input
// and the output's old value, and a broadcast whose first operand does not index d1 (the loop
// range comes from the next operand that does).
// RUN: solar-run %s --print | FileCheck %s
// RUN: solar-run %s --print --no-batch | FileCheck %s

// a[i, j] = 4 i + j; row sums 0+1+2+3 = 6, 22, 38; a * a - 1; 7 everywhere; sum[i] + a[i, j].
// CHECK:      %out_sum: memref<3xf32> =
// CHECK-NEXT: [6, 22, 38]
// CHECK-NEXT: %out_ew: memref<3x4xf32> =
// CHECK-NEXT: {{\[\[}}-1, 0, 3, 8]
// CHECK-NEXT:  [15, 24, 35, 48]
// CHECK-NEXT:  [63, 80, 99, 120]]
// CHECK-NEXT: %out_ign: memref<3x4xf32> =
// CHECK-NEXT: {{\[\[}}7, 7, 7, 7]
// CHECK-NEXT:  [7, 7, 7, 7]
// CHECK-NEXT:  [7, 7, 7, 7]]
// CHECK-NEXT: %out_bcast: memref<3x4xf32> =
// CHECK-NEXT: {{\[\[}}6, 7, 8, 9]
// CHECK-NEXT:  [26, 27, 28, 29]
// CHECK-NEXT:  [46, 47, 48, 49]]
// A reduction into an output that was never initialised: a memref.alloc reads as NaN.
// CHECK-NEXT: %out_nan: memref<3xf32> =
// CHECK-NEXT: [{{-?}}nan, {{-?}}nan, {{-?}}nan]

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
#col = affine_map<(d0, d1) -> (d1)>
func.func @forward(%out_sum: memref<3xf32>, %out_ew: memref<3x4xf32>, %out_ign: memref<3x4xf32>, %out_bcast: memref<3x4xf32>, %out_nan: memref<3xf32>) {
  %a = memref.alloc() : memref<3x4xf32>
  // a[i, j] = 4 i + j
  affine.for %i = 0 to 3 {
    affine.for %j = 0 to 4 {
      %v = affine.apply affine_map<(d0, d1) -> (d0 * 4 + d1)>(%i, %j)
      %vi = arith.index_cast %v : index to i32
      %vf = arith.sitofp %vi : i32 to f32
      affine.store %vf, %a[%i, %j] : memref<3x4xf32>
    }
  }
  %z = arith.constant 0.0 : f32
  affine.for %i = 0 to 3 {
    affine.store %z, %out_sum[%i] : memref<3xf32>
  }
  // row sum: reduction over d1
  linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<3x4xf32>) outs(%out_sum : memref<3xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  }
  // elementwise: out = a * a - 1
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<3x4xf32>) outs(%out_ew : memref<3x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %one = arith.constant 1.0 : f32
    %m = arith.mulf %x, %x : f32
    %s = arith.subf %m, %one : f32
    linalg.yield %s : f32
  }
  // body ignores its input (and the output's old value): fill with 7
  linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<3x4xf32>) outs(%out_ign : memref<3x4xf32>) {
  ^bb0(%x: f32, %o: f32):
    %seven = arith.constant 7.0 : f32
    linalg.yield %seven : f32
  }
  // broadcast a row vector (the row sums) over columns, plus column index via a
  linalg.generic {indexing_maps = [#row, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%out_sum, %a : memref<3xf32>, memref<3x4xf32>) outs(%out_bcast : memref<3x4xf32>) {
  ^bb0(%r: f32, %x: f32, %o: f32):
    %s = arith.addf %r, %x : f32
    linalg.yield %s : f32
  }
  %u = memref.alloc() : memref<3xf32>
  linalg.generic {indexing_maps = [#id2, #row], iterator_types = ["parallel", "reduction"]}
      ins(%a : memref<3x4xf32>) outs(%u : memref<3xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  }
  affine.for %i = 0 to 3 {
    %v = affine.load %u[%i] : memref<3xf32>
    affine.store %v, %out_nan[%i] : memref<3xf32>
  }
  memref.dealloc %u : memref<3xf32>
  memref.dealloc %a : memref<3x4xf32>
  return
}

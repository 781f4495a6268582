// Batched matrix product with an iter_args reduction: a fill node, then one contraction node
// over (b, m, n, k) with k the only reduction dim.

// RUN: solar-opt %s --lift-einsum | FileCheck %s

// CHECK-DAG: #[[$A:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
// CHECK-DAG: #[[$B:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
// CHECK-DAG: #[[$C:.+]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @bmm(
// CHECK:         linalg.generic
// CHECK-SAME:        solar.combine = "fill", solar.einsum = "->bmn"
// CHECK:         linalg.generic {indexing_maps = [#[[$A]], #[[$B]], #[[$C]]], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
// CHECK-SAME:        ins(%{{.+}}, %{{.+}} : memref<4x8x16xf32>, memref<4x16x5xf32>) outs(%{{.+}} : memref<4x8x5xf32>)
// CHECK-SAME:        attrs =  {solar.combine = "mulf", solar.einsum = "bmk,bkn->bmn", solar.nest = "{{[0-9]+:[0-9]+}}", solar.reduce = "addf"}
// CHECK-NOT:     affine.for
func.func @bmm(%A: memref<4x8x16xf32>, %B: memref<4x16x5xf32>, %C: memref<4x8x5xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %b = 0 to 4 {
    affine.for %m = 0 to 8 {
      affine.for %n = 0 to 5 {
        %sum = affine.for %k = 0 to 16 iter_args(%acc = %zero) -> (f32) {
          %x = affine.load %A[%b, %m, %k] : memref<4x8x16xf32>
          %y = affine.load %B[%b, %k, %n] : memref<4x16x5xf32>
          %p = arith.mulf %x, %y : f32
          %s = arith.addf %acc, %p : f32
          affine.yield %s : f32
        }
        affine.store %sum, %C[%b, %m, %n] : memref<4x8x5xf32>
      }
    }
  }
  return
}

// A linalg.generic already in the input is left as it is and gets the solar.* attributes
// (letters i, j, k, ... in dim order); one that has solar.einsum keeps it.

// RUN: solar-opt %s --lift-einsum | FileCheck %s

// CHECK-LABEL: func.func @bias_relu(
// CHECK:         linalg.generic {indexing_maps = [#{{.+}}, #{{.+}}], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME:        ins(%{{.+}} : memref<?xf32>) outs(%{{.+}} : memref<?x?xf32>)
// CHECK-SAME:        attrs =  {solar.combine = "addf,maximumf", solar.einsum = "j->ij"}
// CHECK-NEXT:    ^bb0(%[[B:.+]]: f32, %[[Y:.+]]: f32):
// CHECK-NEXT:      %[[Z:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:      %[[T:.+]] = arith.addf %[[Y]], %[[B]] : f32
#row = affine_map<(d0, d1) -> (d1)>
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @bias_relu(%bias: memref<?xf32>, %Y: memref<?x?xf32>) {
  linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%bias : memref<?xf32>) outs(%Y : memref<?x?xf32>) {
  ^bb0(%bv: f32, %yv: f32):
    %z = arith.constant 0.000000e+00 : f32
    %t = arith.addf %yv, %bv : f32
    %r = arith.maximumf %t, %z : f32
    linalg.yield %r : f32
  }
  return
}

// CHECK-LABEL: func.func @row_sum(
// CHECK:         attrs =  {solar.combine = "copy", solar.einsum = "ij->i", solar.reduce = "addf"}
#rows = affine_map<(d0, d1) -> (d0)>
func.func @row_sum(%A: memref<4x8xf32>, %R: memref<4xf32>) {
  linalg.generic {indexing_maps = [#id, #rows], iterator_types = ["parallel", "reduction"]}
      ins(%A : memref<4x8xf32>) outs(%R : memref<4xf32>) {
  ^bb0(%a: f32, %r: f32):
    %s = arith.addf %r, %a : f32
    linalg.yield %s : f32
  }
  return
}

// CHECK-LABEL: func.func @named(
// CHECK:         attrs =  {solar.einsum = "mine"}
func.func @named(%A: memref<4xf32>, %B: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>],
                  iterator_types = ["parallel"]}
      ins(%A : memref<4xf32>) outs(%B : memref<4xf32>) attrs = {solar.einsum = "mine"} {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  }
  return
}

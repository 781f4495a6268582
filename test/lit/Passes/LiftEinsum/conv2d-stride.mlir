// A direct 2-D convolution with stride 2 (NCHW input, OCRS filter): the three reduction loops
// c, r, s carry one value through iter_args and become one reduction node whose input map has
// affine index terms, `bc(2p+r)(2q+s)`. A bias initialises the sum (a fill node copies it).
// A dilated variant written with affine.apply (as MLIR's lowering writes it) lifts the same.

// RUN: solar-opt %s --lift-einsum | FileCheck %s

// CHECK-DAG: #[[$IN:.+]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 * 2 + d5, d3 * 2 + d6)>
// CHECK-DAG: #[[$W:.+]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)>
// CHECK-DAG: #[[$OUT:.+]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[$BIAS:.+]] = affine_map<(d0, d1, d2, d3) -> (d1)>

// CHECK-LABEL: func.func @conv2d_stride2(
// CHECK-SAME:      %[[IN:.+]]: memref<2x3x33x33xf32>, %[[W:.+]]: memref<8x3x3x3xf32>, %[[BIAS:.+]]: memref<8xf32>, %[[OUT:.+]]: memref<2x8x16x16xf32>)
// CHECK:         linalg.generic {indexing_maps = [#[[$BIAS]], {{.+}}], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
// CHECK-SAME:        ins(%[[BIAS]] : memref<8xf32>) outs(%[[OUT]] : memref<2x8x16x16xf32>)
// CHECK-SAME:        attrs =  {solar.combine = "copy", solar.einsum = "o->bopq", solar.nest = "{{[0-9]+:[0-9]+}}"}
// CHECK:         linalg.generic {indexing_maps = [#[[$IN]], #[[$W]], #[[$OUT]]],
// CHECK-SAME:        iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
// CHECK-SAME:        ins(%[[IN]], %[[W]] : memref<2x3x33x33xf32>, memref<8x3x3x3xf32>) outs(%[[OUT]] : memref<2x8x16x16xf32>)
// CHECK-SAME:        attrs =  {solar.combine = "mulf", solar.einsum = "bc(2p+r)(2q+s),ocrs->bopq", solar.nest = "{{[0-9]+:[0-9]+}}", solar.reduce = "addf"}
// CHECK-NEXT:    ^bb0(%[[X:.+]]: f32, %[[K:.+]]: f32, %[[ACC:.+]]: f32):
// CHECK-NEXT:      %[[M:.+]] = arith.mulf %[[X]], %[[K]] : f32
// CHECK-NEXT:      %[[Y:.+]] = arith.addf %[[ACC]], %[[M]] : f32
// CHECK-NEXT:      linalg.yield %[[Y]] : f32
// CHECK-NOT:     affine.for
func.func @conv2d_stride2(%in: memref<2x3x33x33xf32>, %w: memref<8x3x3x3xf32>,
                          %bias: memref<8xf32>, %out: memref<2x8x16x16xf32>) {
  affine.for %b = 0 to 2 {
    affine.for %o = 0 to 8 {
      affine.for %p = 0 to 16 {
        affine.for %q = 0 to 16 {
          %init = affine.load %bias[%o] : memref<8xf32>
          %acc = affine.for %c = 0 to 3 iter_args(%a0 = %init) -> (f32) {
            %a1 = affine.for %r = 0 to 3 iter_args(%a2 = %a0) -> (f32) {
              %a3 = affine.for %s = 0 to 3 iter_args(%a4 = %a2) -> (f32) {
                %x = affine.load %in[%b, %c, %p * 2 + %r, %q * 2 + %s] : memref<2x3x33x33xf32>
                %k = affine.load %w[%o, %c, %r, %s] : memref<8x3x3x3xf32>
                %m = arith.mulf %x, %k : f32
                %y = arith.addf %a4, %m : f32
                affine.yield %y : f32
              }
              affine.yield %a3 : f32
            }
            affine.yield %a1 : f32
          }
          affine.store %acc, %out[%b, %o, %p, %q] : memref<2x8x16x16xf32>
        }
      }
    }
  }
  return
}

// CHECK-LABEL: func.func @conv2d_dilated(
// CHECK:         solar.einsum = "bc(p+2r)(q+2s),ocrs->bopq"
// CHECK-NOT:     affine.for
#dilated = affine_map<(d0, d1) -> (d0 + d1 * 2)>
func.func @conv2d_dilated(%in: memref<1x3x20x20xf32>, %w: memref<4x3x3x3xf32>,
                          %out: memref<1x4x16x16xf32>) {
  affine.for %b = 0 to 1 {
    affine.for %o = 0 to 4 {
      affine.for %p = 0 to 16 {
        affine.for %q = 0 to 16 {
          affine.for %c = 0 to 3 {
            affine.for %r = 0 to 3 {
              affine.for %s = 0 to 3 {
                %h = affine.apply #dilated(%p, %r)
                %v = affine.apply #dilated(%q, %s)
                %x = affine.load %in[%b, %c, %h, %v] : memref<1x3x20x20xf32>
                %k = affine.load %w[%o, %c, %r, %s] : memref<4x3x3x3xf32>
                %acc = affine.load %out[%b, %o, %p, %q] : memref<1x4x16x16xf32>
                %m = arith.mulf %x, %k : f32
                %y = arith.addf %acc, %m : f32
                affine.store %y, %out[%b, %o, %p, %q] : memref<1x4x16x16xf32>
              }
            }
          }
        }
      }
    }
  }
  return
}

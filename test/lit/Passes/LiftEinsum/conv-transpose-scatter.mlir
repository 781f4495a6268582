// A strided transposed convolution written as a scatter-accumulate: every input element adds
// its contribution to a window of the output, `out[n, f, 2i + r, 2j + s] += in[n, c, i, j] *
// w[c, f, r, s]`. The output index is an affine combination of two loop dims; the load of
// `in` hoisted out of the inner loops sinks back into them. One node: every dim is a plain
// dim of `in` or `w` (MLIR needs that for the loop ranges), and the dims the output map uses
// are "parallel" (MLIR 14 rejects reduction dims in an output map) while solar.reduce says
// the output accumulates.

// RUN: solar-opt %s --lift-einsum | FileCheck %s
// RUN: solar-opt %s --lift-einsum --mlir=14 | FileCheck %s --check-prefix=MLIR14

// CHECK-DAG: #[[$IN:.+]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// CHECK-DAG: #[[$W:.+]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)>
// CHECK-DAG: #[[$OUT:.+]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 * 2 + d5, d3 * 2 + d6)>
// CHECK-LABEL: func.func @conv_transpose(
// CHECK-SAME:      %[[IN:.+]]: memref<2x3x3x4xf32>, %[[W:.+]]: memref<3x2x3x3xf32>, %[[OUT:.+]]: memref<2x2x7x9xf32>)
// CHECK:         linalg.generic
// CHECK-SAME:        outs(%[[OUT]] : memref<2x2x7x9xf32>) attrs =  {solar.combine = "fill", solar.einsum = "->nfyx"}
// CHECK:         linalg.generic {indexing_maps = [#[[$IN]], #[[$W]], #[[$OUT]]],
// CHECK-SAME:        iterator_types = ["parallel", "reduction", "parallel", "parallel", "parallel", "parallel", "parallel"]}
// CHECK-SAME:        ins(%[[IN]], %[[W]] : memref<2x3x3x4xf32>, memref<3x2x3x3xf32>) outs(%[[OUT]] : memref<2x2x7x9xf32>)
// CHECK-SAME:        attrs =  {solar.combine = "mulf", solar.einsum = "ncij,cfrs->nf(2i+r)(2j+s)", solar.reduce = "addf"}
// CHECK-NEXT:    ^bb0(%[[V:.+]]: f32, %[[K:.+]]: f32, %[[O:.+]]: f32):
// CHECK-NEXT:      %[[M:.+]] = arith.mulf %[[V]], %[[K]] : f32
// CHECK-NEXT:      %[[A:.+]] = arith.addf %[[O]], %[[M]] : f32
// CHECK-NEXT:      linalg.yield %[[A]] : f32
// CHECK-NOT:     affine.for
// MLIR14: solar.einsum = "ncij,cfrs->nf(2i+r)(2j+s)"
func.func @conv_transpose(%in: memref<2x3x3x4xf32>, %weight: memref<3x2x3x3xf32>,
                          %out: memref<2x2x7x9xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %n = 0 to 2 {
    affine.for %f = 0 to 2 {
      affine.for %y = 0 to 7 {
        affine.for %x = 0 to 9 {
          affine.store %zero, %out[%n, %f, %y, %x] : memref<2x2x7x9xf32>
        }
      }
    }
  }
  affine.for %n = 0 to 2 {
    affine.for %c = 0 to 3 {
      affine.for %i = 0 to 3 {
        affine.for %j = 0 to 4 {
          %v = affine.load %in[%n, %c, %i, %j] : memref<2x3x3x4xf32>
          affine.for %f = 0 to 2 {
            affine.for %r = 0 to 3 {
              affine.for %s = 0 to 3 {
                %w = affine.load %weight[%c, %f, %r, %s] : memref<3x2x3x3xf32>
                %o = affine.load %out[%n, %f, %i * 2 + %r, %j * 2 + %s] : memref<2x2x7x9xf32>
                %m = arith.mulf %v, %w : f32
                %a = arith.addf %o, %m : f32
                affine.store %a, %out[%n, %f, %i * 2 + %r, %j * 2 + %s] : memref<2x2x7x9xf32>
              }
            }
          }
        }
      }
    }
  }
  return
}

// 1-D: out[i * 2 + k] += in[i] * w[k]
// CHECK-LABEL: func.func @scatter_1d(
// CHECK:         solar.combine = "mulf", solar.einsum = "i,k->(2i+k)", solar.reduce = "addf"
func.func @scatter_1d(%in: memref<5xf32>, %w: memref<3xf32>, %out: memref<11xf32>) {
  affine.for %i = 0 to 5 {
    affine.for %k = 0 to 3 {
      %a = affine.load %in[%i] : memref<5xf32>
      %b = affine.load %w[%k] : memref<3xf32>
      %o = affine.load %out[%i * 2 + %k] : memref<11xf32>
      %m = arith.mulf %a, %b : f32
      %s = arith.addf %o, %m : f32
      affine.store %s, %out[%i * 2 + %k] : memref<11xf32>
    }
  }
  return
}

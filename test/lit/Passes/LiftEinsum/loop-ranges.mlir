// MLIR takes the range of every loop of a linalg.generic from an operand dim its map indexes
// with that loop alone (the first such operand). A loop that no operand gives gets a
// shape-only input, written in brackets in solar.einsum: an argument nothing else uses whose
// shape is exactly the missing extents (the window operand of MLIR's pooling ops), else a new
// i8 buffer of that shape.

// RUN: solar-opt %s --lift-einsum | FileCheck %s
// RUN: solar-opt %s --lift-einsum --mlir=14 | FileCheck %s --check-prefix=MLIR14

// CHECK-LABEL: func.func @pool_with_window(
// CHECK-SAME:      %[[IN:.+]]: memref<1x2x8x8xf32>, %[[WIN:.+]]: memref<2x2xf32>, %[[OUT:.+]]: memref<1x2x4x4xf32>)
// CHECK-NOT:     memref.alloc
// CHECK:         ins(%[[IN]], %[[WIN]] : memref<1x2x8x8xf32>, memref<2x2xf32>) outs(%[[OUT]] : memref<1x2x4x4xf32>)
// CHECK-SAME:        solar.einsum = "nc(2p+r)(2q+s),[rs]->ncpq", solar.reduce = "maximumf"
// CHECK-NEXT:    ^bb0(%[[X:.+]]: f32, %{{.+}}: f32, %[[O:.+]]: f32):
// CHECK-NEXT:      %[[M:.+]] = arith.maximumf %[[O]], %[[X]] : f32
func.func @pool_with_window(%in: memref<1x2x8x8xf32>, %window: memref<2x2xf32>,
                            %out: memref<1x2x4x4xf32>) {
  affine.for %n = 0 to 1 {
    affine.for %c = 0 to 2 {
      affine.for %p = 0 to 4 {
        affine.for %q = 0 to 4 {
          affine.for %r = 0 to 2 {
            affine.for %s = 0 to 2 {
              %x = affine.load %in[%n, %c, %p * 2 + %r, %q * 2 + %s] : memref<1x2x8x8xf32>
              %o = affine.load %out[%n, %c, %p, %q] : memref<1x2x4x4xf32>
              %m = arith.maximumf %o, %x : f32
              affine.store %m, %out[%n, %c, %p, %q] : memref<1x2x4x4xf32>
            }
          }
        }
      }
    }
  }
  return
}

// No window argument: a 2x2 i8 buffer gives the range of r and s.
// CHECK-LABEL: func.func @avgpool(
// CHECK:         %[[SHAPE:.+]] = memref.alloc() : memref<2x2xi8>
// CHECK:         solar.combine = "fill", solar.einsum = "->ncpq", solar.nest = "{{[0-9]+:[0-9]+}}"
// CHECK:         ins(%{{.+}}, %[[SHAPE]] : memref<1x2x8x8xf32>, memref<2x2xi8>)
// CHECK-SAME:        solar.combine = "copy", solar.einsum = "nc(2p+r)(2q+s),[rs]->ncpq", solar.nest = "{{[0-9]+:[0-9]+}}", solar.reduce = "addf"
// CHECK:         solar.combine = "mulf", solar.einsum = "->ncpq", solar.nest = "{{[0-9]+:[0-9]+}}"
// CHECK:         memref.dealloc %[[SHAPE]] : memref<2x2xi8>
func.func @avgpool(%in: memref<1x2x8x8xf32>, %out: memref<1x2x4x4xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %quarter = arith.constant 2.500000e-01 : f32
  affine.for %n = 0 to 1 {
    affine.for %c = 0 to 2 {
      affine.for %p = 0 to 4 {
        affine.for %q = 0 to 4 {
          %sum = affine.for %r = 0 to 2 iter_args(%a0 = %zero) -> (f32) {
            %a1 = affine.for %s = 0 to 2 iter_args(%a2 = %a0) -> (f32) {
              %x = affine.load %in[%n, %c, %p * 2 + %r, %q * 2 + %s] : memref<1x2x8x8xf32>
              %t = arith.addf %a2, %x : f32
              affine.yield %t : f32
            }
            affine.yield %a1 : f32
          }
          %avg = arith.mulf %sum, %quarter : f32
          affine.store %avg, %out[%n, %c, %p, %q] : memref<1x2x4x4xf32>
        }
      }
    }
  }
  return
}

// Bounds from memref.dim (MLIR's own lowering of linalg.matmul on `?` shapes): the loop
// ranges are the operands' dims.
// CHECK-LABEL: func.func @matmul_dim_bounds(
// CHECK-NOT:     affine.for
// CHECK:         ins(%{{.+}}, %{{.+}} : memref<?x?xf32>, memref<?x?xf32>) outs(%{{.+}} : memref<?x?xf32>)
// CHECK-SAME:        solar.einsum = "il,lj->ij"
func.func @matmul_dim_bounds(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = memref.dim %A, %c0 : memref<?x?xf32>
  %k = memref.dim %A, %c1 : memref<?x?xf32>
  %n = memref.dim %B, %c1 : memref<?x?xf32>
  affine.for %i = 0 to %m {
    affine.for %j = 0 to %n {
      affine.for %l = 0 to %k {
        %a = affine.load %A[%i, %l] : memref<?x?xf32>
        %b = affine.load %B[%l, %j] : memref<?x?xf32>
        %c = affine.load %C[%i, %j] : memref<?x?xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<?x?xf32>
      }
    }
  }
  return
}

// %out's last dims are read with affine subscripts elsewhere, so nothing says their size is
// 2h+1: a shape buffer of that size (allocated from the loop bounds) comes first, where MLIR
// looks for the range.
// CHECK-LABEL: func.func @unknown_extent(
// CHECK:         %[[E:.+]] = affine.apply #{{.+}}()[%{{.+}}]
// CHECK-NEXT:    %[[SHAPE:.+]] = memref.alloc(%[[E]]) : memref<?xi8>
// CHECK-NEXT:    linalg.generic
// CHECK-SAME:        ins(%[[SHAPE]] : memref<?xi8>) outs(%{{.+}} : memref<?x?xf32>)
// CHECK-SAME:        solar.combine = "fill", solar.einsum = "[y]->ny"
// CHECK:         solar.einsum = "ni->n(2i+1)"
// MLIR14-LABEL: func @unknown_extent(
// MLIR14:         memref.alloc(%{{.+}}) : memref<?xi8>
#out_size = affine_map<()[s0] -> (s0 * 2 + 1)>
func.func @unknown_extent(%N: index, %H: index, %in: memref<?x?xf32>, %out: memref<?x?xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %n = 0 to %N {
    affine.for %y = 0 to #out_size()[%H] {
      affine.store %zero, %out[%n, %y] : memref<?x?xf32>
    }
  }
  affine.for %n = 0 to %N {
    affine.for %i = 0 to %H {
      %v = affine.load %in[%n, %i] : memref<?x?xf32>
      affine.store %v, %out[%n, %i * 2 + 1] : memref<?x?xf32>
    }
  }
  return
}

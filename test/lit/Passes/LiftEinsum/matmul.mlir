// lift-einsum on matrix products: the iter_args form (a fill node stores the initial value,
// then the reduction accumulates into C), the read-modify-write form MLIR's own lowering of
// linalg.matmul produces (one node, no fill), an iter_args reduction initialised from a load
// of the output (one node), and symbolic sizes (ranges from the operands' `?` dims).
// solar.einsum names each iteration dim by the first letter of its loop counter.

// RUN: solar-opt %s --lift-einsum | FileCheck %s
// RUN: solar-opt %s --lift-einsum --mlir=14 | FileCheck %s --check-prefix=MLIR14

// CHECK-DAG: #[[$MK:.+]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[$KN:.+]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG: #[[$MN:.+]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-DAG: #[[$ID2:.+]] = affine_map<(d0, d1) -> (d0, d1)>

// CHECK-LABEL: func.func @iter_args(
// CHECK-SAME:      %[[A:.+]]: memref<8x16xf32>, %[[B:.+]]: memref<16x4xf32>, %[[C:.+]]: memref<8x4xf32>)
// CHECK:         %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    linalg.generic {indexing_maps = [#[[$ID2]]], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME:        outs(%[[C]] : memref<8x4xf32>)
// CHECK-SAME:        attrs =  {solar.combine = "fill", solar.einsum = "->mn", solar.nest = "{{[0-9]+:[0-9]+}}"} {
// CHECK-NEXT:    ^bb0(%{{.+}}: f32):
// CHECK-NEXT:      linalg.yield %[[ZERO]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    linalg.generic {indexing_maps = [#[[$MK]], #[[$KN]], #[[$MN]]], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK-SAME:        ins(%[[A]], %[[B]] : memref<8x16xf32>, memref<16x4xf32>) outs(%[[C]] : memref<8x4xf32>)
// CHECK-SAME:        attrs =  {solar.combine = "mulf", solar.einsum = "mk,kn->mn", solar.nest = "{{[0-9]+:[0-9]+}}", solar.reduce = "addf"} {
// CHECK-NEXT:    ^bb0(%[[X:.+]]: f32, %[[Y:.+]]: f32, %[[ACC:.+]]: f32):
// CHECK-NEXT:      %[[P:.+]] = arith.mulf %[[X]], %[[Y]] : f32
// CHECK-NEXT:      %[[S:.+]] = arith.addf %[[ACC]], %[[P]] : f32
// CHECK-NEXT:      linalg.yield %[[S]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @iter_args(%A: memref<8x16xf32>, %B: memref<16x4xf32>, %C: memref<8x4xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %m = 0 to 8 {
    affine.for %n = 0 to 4 {
      %sum = affine.for %k = 0 to 16 iter_args(%acc = %zero) -> (f32) {
        %a = affine.load %A[%m, %k] : memref<8x16xf32>
        %b = affine.load %B[%k, %n] : memref<16x4xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %acc, %p : f32
        affine.yield %s : f32
      }
      affine.store %sum, %C[%m, %n] : memref<8x4xf32>
    }
  }
  return
}

// CHECK-LABEL: func.func @read_modify_write(
// CHECK-NOT:     affine.for
// CHECK:         linalg.generic {indexing_maps = [#[[$MK]], #[[$KN]], #[[$MN]]], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK-SAME:        attrs =  {solar.combine = "mulf", solar.einsum = "ik,kj->ij", solar.reduce = "addf"} {
// CHECK-NEXT:    ^bb0(%[[X:.+]]: f32, %[[Y:.+]]: f32, %[[C:.+]]: f32):
// CHECK-NEXT:      %[[P:.+]] = arith.mulf %[[X]], %[[Y]] : f32
// CHECK-NEXT:      %[[S:.+]] = arith.addf %[[C]], %[[P]] : f32
// CHECK-NEXT:      linalg.yield %[[S]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @read_modify_write(%A: memref<8x16xf32>, %B: memref<16x4xf32>, %C: memref<8x4xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 4 {
      affine.for %k = 0 to 16 {
        %a = affine.load %A[%i, %k] : memref<8x16xf32>
        %b = affine.load %B[%k, %j] : memref<16x4xf32>
        %c = affine.load %C[%i, %j] : memref<8x4xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<8x4xf32>
      }
    }
  }
  return
}

// CHECK-LABEL: func.func @init_from_output(
// CHECK-NOT:     affine.for
// CHECK:         linalg.generic
// CHECK-SAME:        solar.einsum = "ik,kj->ij"
// CHECK-NOT:     linalg.generic
// CHECK:         return
func.func @init_from_output(%A: memref<8x16xf32>, %B: memref<16x4xf32>, %C: memref<8x4xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 4 {
      %init = affine.load %C[%i, %j] : memref<8x4xf32>
      %sum = affine.for %k = 0 to 16 iter_args(%acc = %init) -> (f32) {
        %a = affine.load %A[%i, %k] : memref<8x16xf32>
        %b = affine.load %B[%k, %j] : memref<16x4xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %acc, %p : f32
        affine.yield %s : f32
      }
      affine.store %sum, %C[%i, %j] : memref<8x4xf32>
    }
  }
  return
}

// Symbolic sizes: MLIR takes each loop's range from a `?` dim of an operand; the accesses say
// those dims are %M, %N and %K.
// CHECK-LABEL: func.func @symbolic(
// CHECK-NOT:     affine.for
// CHECK:         solar.einsum = "->ij"
// CHECK:         ins(%{{.+}}, %{{.+}} : memref<?x?xf32>, memref<?x?xf32>) outs(%{{.+}} : memref<?x?xf32>)
// CHECK-SAME:        solar.einsum = "ik,kj->ij"
// MLIR14-LABEL: func @symbolic(
// MLIR14:         linalg.generic
func.func @symbolic(%M: index, %N: index, %K: index, %A: memref<?x?xf32>, %B: memref<?x?xf32>,
                    %C: memref<?x?xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %i = 0 to %M {
    affine.for %j = 0 to %N {
      %sum = affine.for %k = 0 to %K iter_args(%acc = %zero) -> (f32) {
        %a = affine.load %A[%i, %k] : memref<?x?xf32>
        %b = affine.load %B[%k, %j] : memref<?x?xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %acc, %p : f32
        affine.yield %s : f32
      }
      affine.store %sum, %C[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

// Reductions: into a dim of the output (read-modify-write after a zero fill, with a constant
// subscript), a max with an iter_args reduction, a mean (the sum accumulates into the output,
// then an in-place node divides), and a full sum into a rank-0 memref.

// RUN: solar-opt %s --lift-einsum | FileCheck %s

// CHECK-DAG: #[[$SCALAR:.+]] = affine_map<(d0, d1) -> ()>

// CHECK-LABEL: func.func @sum_dim1(
// CHECK:         linalg.generic {indexing_maps = [#{{.+}}], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME:        solar.combine = "fill", solar.einsum = "->b(0)j", solar.nest = "{{[0-9]+:[0-9]+}}"
// CHECK:         linalg.generic {indexing_maps = [#{{.+}}, #{{.+}}], iterator_types = ["parallel", "reduction", "parallel"]}
// CHECK-SAME:        ins(%{{.+}} : memref<3x9x5xf32>) outs(%{{.+}} : memref<3x1x5xf32>)
// CHECK-SAME:        attrs =  {solar.combine = "copy", solar.einsum = "bkj->b(0)j", solar.nest = "{{[0-9]+:[0-9]+}}", solar.reduce = "addf"}
// CHECK-NEXT:    ^bb0(%[[X:.+]]: f32, %[[ACC:.+]]: f32):
// CHECK-NEXT:      %[[N:.+]] = arith.addf %[[ACC]], %[[X]] : f32
// CHECK-NEXT:      linalg.yield %[[N]] : f32
// CHECK-NOT:     affine.for
func.func @sum_dim1(%X: memref<3x9x5xf32>, %Y: memref<3x1x5xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %b = 0 to 3 {
    affine.for %j = 0 to 5 {
      affine.store %zero, %Y[%b, 0, %j] : memref<3x1x5xf32>
    }
    affine.for %k = 0 to 9 {
      affine.for %j = 0 to 5 {
        %x = affine.load %X[%b, %k, %j] : memref<3x9x5xf32>
        %acc = affine.load %Y[%b, 0, %j] : memref<3x1x5xf32>
        %n = arith.addf %acc, %x : f32
        affine.store %n, %Y[%b, 0, %j] : memref<3x1x5xf32>
      }
    }
  }
  return
}

// CHECK-LABEL: func.func @max_dim1(
// CHECK:         solar.combine = "fill", solar.einsum = "->bj", solar.nest = "{{[0-9]+:[0-9]+}}"
// CHECK:         iterator_types = ["parallel", "parallel", "reduction"]
// CHECK-SAME:        solar.combine = "copy", solar.einsum = "bkj->bj", solar.nest = "{{[0-9]+:[0-9]+}}", solar.reduce = "maximumf"
func.func @max_dim1(%X: memref<3x7x5xf32>, %Y: memref<3x5xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  affine.for %b = 0 to 3 {
    affine.for %j = 0 to 5 {
      %max = affine.for %k = 0 to 7 iter_args(%m = %ninf) -> (f32) {
        %x = affine.load %X[%b, %k, %j] : memref<3x7x5xf32>
        %n = arith.maximumf %m, %x : f32
        affine.yield %n : f32
      }
      affine.store %max, %Y[%b, %j] : memref<3x5xf32>
    }
  }
  return
}

// The sum accumulates in Y itself (same element type as the iter_args value), then Y /= n.
// CHECK-LABEL: func.func @mean_dim1(
// CHECK-SAME:      %[[X:.+]]: memref<3x9x5xf32>, %[[Y:.+]]: memref<3x5xf32>)
// CHECK-NOT:     memref.alloc
// CHECK:         outs(%[[Y]] : memref<3x5xf32>) attrs =  {solar.combine = "fill", solar.einsum = "->bj", solar.nest = "{{[0-9]+:[0-9]+}}"}
// CHECK:         ins(%[[X]] : memref<3x9x5xf32>) outs(%[[Y]] : memref<3x5xf32>)
// CHECK-SAME:        solar.einsum = "bkj->bj", solar.nest = "{{[0-9]+:[0-9]+}}", solar.reduce = "addf"
// CHECK:         linalg.generic {indexing_maps = [#{{.+}}], iterator_types = ["parallel", "parallel"]}
// CHECK-SAME:        outs(%[[Y]] : memref<3x5xf32>) attrs =  {solar.combine = "divf", solar.einsum = "->bj", solar.nest = "{{[0-9]+:[0-9]+}}"}
// CHECK-NEXT:    ^bb0(%[[S:.+]]: f32):
// CHECK-NEXT:      %[[M:.+]] = arith.divf %[[S]], %{{.+}} : f32
// CHECK-NEXT:      linalg.yield %[[M]] : f32
func.func @mean_dim1(%X: memref<3x9x5xf32>, %Y: memref<3x5xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %kf = arith.constant 9.000000e+00 : f32
  affine.for %b = 0 to 3 {
    affine.for %j = 0 to 5 {
      %sum = affine.for %k = 0 to 9 iter_args(%acc = %zero) -> (f32) {
        %x = affine.load %X[%b, %k, %j] : memref<3x9x5xf32>
        %n = arith.addf %acc, %x : f32
        affine.yield %n : f32
      }
      %m = arith.divf %sum, %kf : f32
      affine.store %m, %Y[%b, %j] : memref<3x5xf32>
    }
  }
  return
}

// A reduction over every dim: the output is rank 0 (an empty term after `->`).
// CHECK-LABEL: func.func @total(
// CHECK:         linalg.generic {indexing_maps = [#{{.+}}, #[[$SCALAR]]], iterator_types = ["reduction", "reduction"]}
// CHECK-SAME:        ins(%{{.+}} : memref<4x6xf32>) outs(%{{.+}} : memref<f32>)
// CHECK-SAME:        solar.combine = "mulf", solar.einsum = "ij->", solar.reduce = "addf"
func.func @total(%X: memref<4x6xf32>, %T: memref<f32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 6 {
      %x = affine.load %X[%i, %j] : memref<4x6xf32>
      %sq = arith.mulf %x, %x : f32
      %t = affine.load %T[] : memref<f32>
      %n = arith.addf %t, %sq : f32
      affine.store %n, %T[] : memref<f32>
    }
  }
  return
}

// --bind specialises index arguments of the entry function: they become constants, loop
// bounds and subscripts fold them in, and `?` dims the sizes now determine become static.

// RUN: solar-opt %s --split-input-file --bind N=4096,D=1024 | FileCheck %s
// RUN: solar-opt %s --split-input-file --bind N=4096 --bind D=1024 | FileCheck %s
// RUN: solar-opt %s --split-input-file --bind %%N=4096,D=1024 --mlir=14 | FileCheck %s --check-prefix=MLIR14

// The bound sizes fold into every use, so their constants are erased.
// CHECK-LABEL: func.func @forward(
// CHECK-SAME:      %[[A:.*]]: memref<4096x1024xf32>, %[[B:.*]]: memref<?xf32>) {
// CHECK-NOT:     arith.constant 4096
// CHECK-NEXT:    %[[T:.*]] = memref.alloc() : memref<4096x8xf32>
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    affine.for %[[I:.*]] = 0 to 4096 {
// CHECK-NEXT:      affine.for %[[J:.*]] = 0 to 1024 {
// CHECK-NEXT:        %[[V:.*]] = affine.load %[[A]][%[[I]], %[[J]]] : memref<4096x1024xf32>
// CHECK-NEXT:        affine.store %[[V]], %[[T]][%[[I]], 0] : memref<4096x8xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:      affine.for %[[K:.*]] = 0 to min #{{.*}}(%[[I]]) {
// CHECK-NEXT:        affine.load %[[B]][%[[K]]] : memref<?xf32>
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    affine.for %[[L:.*]] = 0 to 8 {
// CHECK-NEXT:      affine.apply #{{.*}}(%[[L]])
// CHECK-NEXT:    }
// CHECK-NEXT:    return

// MLIR14-LABEL: func @forward(
// MLIR14-SAME:      memref<4096x1024xf32>

func.func @forward(%A: memref<?x?xf32>, %N: index, %B: memref<?xf32>, %D: index) {
  %t = memref.alloc(%N) : memref<?x8xf32>
  %c1 = arith.constant 1 : index
  %d = memref.dim %t, %c1 : memref<?x8xf32>
  affine.for %i = 0 to %N {
    affine.for %j = 0 to %D {
      %v = affine.load %A[%i, %j] : memref<?x?xf32>
      affine.store %v, %t[%i, 0] : memref<?x8xf32>
    }
    // %B is only read under a min bound: nothing determines its size, it stays `?`.
    affine.for %k = 0 to min affine_map<(d0)[s0] -> (d0 + 4, s0)>(%i)[%N] {
      %w = affine.load %B[%k] : memref<?xf32>
    }
  }
  affine.for %l = 0 to %d {
    %x = affine.apply affine_map<(d0)[s0] -> (d0 + s0)>(%l)[%D]
  }
  return
}

// -----

// A dim is set by the largest unit-step loop that indexes it, provided every other access
// stays below it; an access whose range is unknown, or too large, keeps the `?`.

// CHECK-LABEL: func.func @forward(
// CHECK-SAME:      %{{.*}}: memref<4096xf32>, %{{.*}}: memref<1024x?xf32>, %{{.*}}: memref<?xf32>) {
// CHECK:         affine.for %{{.*}} = 0 to 4096 {
// CHECK:         affine.for %{{.*}} = 0 to 1024 {

func.func @forward(%X: memref<?xf32>, %Y: memref<?x?xf32>, %Z: memref<?xf32>, %N: index, %D: index) {
  affine.for %i = 0 to %N {
    %x = affine.load %X[%i] : memref<?xf32>
    // %i + 1 reaches %N: %Z cannot be %N long.
    %z = affine.load %Z[%i + 1] : memref<?xf32>
    affine.store %z, %Z[%i] : memref<?xf32>
  }
  affine.for %j = 0 to %D {
    affine.for %k = 0 to 10 step 2 {
      // Dim 1 of %Y is only indexed by a loop with step 2: it stays `?`.
      %y = affine.load %Y[%j, %k] : memref<?x?xf32>
      // Below 1024 on dim 0: agrees with the extent %D gives it.
      %y2 = affine.load %Y[%j floordiv 2, %k] : memref<?x?xf32>
    }
  }
  return
}

// -----

// affine.if conditions fold bound sizes too; unbound index arguments stay arguments.

// CHECK: #[[$SET:.*]] = affine_set<(d0) : (-d0 + 4095 >= 0)>
// CHECK-LABEL: func.func @forward(
// CHECK-SAME:      %{{.*}}: memref<?xf32>, %[[I:.*]]: index, %{{.*}}: index)
// CHECK-NEXT:    affine.if #[[$SET]](%[[I]]) {

func.func @forward(%X: memref<?xf32>, %N: index, %D: index, %i: index, %j: index) {
  affine.if affine_set<(d0)[s0] : (s0 - d0 - 1 >= 0)>(%i)[%N] {
    %v = affine.load %X[%i] : memref<?xf32>
  }
  return
}

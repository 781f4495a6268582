// The solar.einsum format (lib/Passes/lift_einsum.c): one term per operand, inputs `,` ...
// `->` outputs; per memref dim the letter of the iteration dim indexing it, or an affine index
// term in parentheses with coefficients first and the constant last; rank 0 is an empty term;
// an input the region never reads (it only gives loop ranges) is in brackets. Each dim takes
// the first letter of its loop counter when that letter is free, else the next free letter
// of i, j, k, ... in loop order.

// RUN: solar-opt %s --lift-einsum | FileCheck %s

// CHECK-LABEL: func.func @terms(
// CHECK:         solar.einsum = "(i-k+2),(0)k,,(i floordiv 2),(i mod 4)->ik"
func.func @terms(%A: memref<10xf32>, %B: memref<1x3xf32>, %S: memref<f32>, %H: memref<4xf32>,
                 %M: memref<4xf32>, %Y: memref<8x3xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %k = 0 to 3 {
      %a = affine.load %A[%i - %k + 2] : memref<10xf32>
      %b = affine.load %B[0, %k] : memref<1x3xf32>
      %s = affine.load %S[] : memref<f32>
      %h = affine.load %H[%i floordiv 2] : memref<4xf32>
      %m = affine.load %M[%i mod 4] : memref<4xf32>
      %t0 = arith.addf %a, %b : f32
      %t1 = arith.addf %t0, %s : f32
      %t2 = arith.addf %t1, %h : f32
      %t3 = arith.addf %t2, %m : f32
      affine.store %t3, %Y[%i, %k] : memref<8x3xf32>
    }
  }
  return
}

// Counters named alike: %row and %rr both want r; %arg7 (mlir-opt's naming) says nothing.
// CHECK-LABEL: func.func @letters(
// CHECK:         solar.einsum = "rij->ri", solar.reduce = "addf"
func.func @letters(%X: memref<2x3x4xf32>, %Y: memref<2x3xf32>) {
  affine.for %row = 0 to 2 {
    affine.for %rr = 0 to 3 {
      affine.for %arg7 = 0 to 4 {
        %x = affine.load %X[%row, %rr, %arg7] : memref<2x3x4xf32>
        %y = affine.load %Y[%row, %rr] : memref<2x3xf32>
        %s = arith.addf %y, %x : f32
        affine.store %s, %Y[%row, %rr] : memref<2x3xf32>
      }
    }
  }
  return
}

// Brackets: the window's range comes from a new i8 buffer no region reads.
// CHECK-LABEL: func.func @window(
// CHECK:         solar.einsum = "(p+r),[r]->p", solar.reduce = "maximumf"
func.func @window(%X: memref<10xf32>, %Y: memref<8xf32>) {
  affine.for %p = 0 to 8 {
    affine.for %r = 0 to 3 {
      %x = affine.load %X[%p + %r] : memref<10xf32>
      %y = affine.load %Y[%p] : memref<8xf32>
      %m = arith.maximumf %y, %x : f32
      affine.store %m, %Y[%p] : memref<8xf32>
    }
  }
  return
}

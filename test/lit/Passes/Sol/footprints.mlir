// Footprints count distinct elements, never accesses, and only the taps that execute.
// RUN: solar-opt %s --split-input-file --sol-fused --hw h100-sxm | FileCheck %s

// A 3-tap window with stride 2 over p < 10 reads x[0 .. 2*9+2] = 21 distinct elements of 64
// (not 30 accesses, not 64): 84 bytes; w 3 elements, 12 bytes; y 10 written, 40 bytes: 136.
// CHECK-LABEL: SOL report
// CHECK-NEXT: totals: 60 matrix FLOP, 0 vector ops, 136 unfused bytes, 136 compulsory bytes
// CHECK: node0 convolution - 30 60 0 136
func.func @forward(%x: memref<64xf32>, %w: memref<3xf32>, %y: memref<10xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %p = 0 to 10 {
    %s = affine.for %r = 0 to 3 iter_args(%acc = %zero) -> (f32) {
      %a = affine.load %x[%p * 2 + %r] : memref<64xf32>
      %b = affine.load %w[%r] : memref<3xf32>
      %m = arith.mulf %a, %b : f32
      %t = arith.addf %acc, %m : f32
      affine.yield %t : f32
    }
    affine.store %s, %y[%p] : memref<10xf32>
  }
  return
}

// -----

// Stride 2 without overlap reads every other element: 8 of 16.
// CHECK-LABEL: SOL report
// CHECK: node0 elementwise - 8 0 8 64
func.func @forward(%x: memref<16xf32>, %y: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    %a = affine.load %x[%i * 2] : memref<16xf32>
    %b = arith.negf %a : f32
    affine.store %b, %y[%i] : memref<8xf32>
  }
  return
}

// -----

// Triangular nest: sum_{i<10} (i+1) = 55 points; the lower triangle of A (55 elements)
// is read, the row sums (10) written: (55 + 10) * 4 = 260 bytes, 55 adds.
// CHECK-LABEL: SOL report
// CHECK: node0 reduction - 55 0 55 260
func.func @forward(%A: memref<10x10xf32>, %s: memref<10xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 10 {
    %r = affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) iter_args(%acc = %zero) -> (f32) {
      %a = affine.load %A[%i, %j] : memref<10x10xf32>
      %t = arith.addf %acc, %a : f32
      affine.yield %t : f32
    }
    affine.store %r, %s[%i] : memref<10xf32>
  }
  return
}

// -----

// Padding written as a guard: a 3-tap window at offset -1 over 8 outputs executes
// 8*3 - 2 = 22 taps (the first and last output lose one), and reads all 8 inputs.
// CHECK-LABEL: SOL report
// CHECK: node0 reduction - 24 0 22 64
func.func @forward(%x: memref<8xf32>, %y: memref<8xf32>) {
  affine.for %p = 0 to 8 {
    affine.for %r = 0 to 3 {
      affine.if affine_set<(d0, d1) : (d0 + d1 - 1 >= 0, -d0 - d1 + 8 >= 0)>(%p, %r) {
        %a = affine.load %x[%p + %r - 1] : memref<8xf32>
        %b = arith.negf %a : f32
        affine.store %b, %y[%p] : memref<8xf32>
      }
    }
  }
  return
}

// -----

// A kernel-shape memref that is never loaded (MLIR's pooling lowering) costs nothing; a
// read of what the same node wrote before is free: y is written once (8 elements), then read
// back and rewritten in place: 8 reads of x, 8 writes of y: 64 bytes.
// CHECK-LABEL: SOL report
// CHECK: node0 elementwise - 8 0 16 64
func.func @forward(%x: memref<8xf32>, %kernel: memref<3xf32>, %y: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    %a = affine.load %x[%i] : memref<8xf32>
    %b = arith.negf %a : f32
    affine.store %b, %y[%i] : memref<8xf32>
    %c = affine.load %y[%i] : memref<8xf32>
    %d = arith.negf %c : f32
    affine.store %d, %y[%i] : memref<8xf32>
  }
  return
}

// -----

// A tensor read whole (65 elements: one more than a 64-bit word of its bitmap) and again in
// part: the union is the 65 elements, 260 bytes, not a word's worth more. x 260 + y 260 +
// z 52 = 572 compulsory; node1 moves 52 + 52.
// CHECK-LABEL: SOL report
// CHECK-NEXT: totals: 0 matrix FLOP, 0 vector ops, 624 unfused bytes, 572 compulsory bytes
// CHECK: node0 elementwise - 65 0 0 520
// CHECK: node1 elementwise - 13 0 0 104
func.func @forward(%x: memref<5x13xf32>, %y: memref<5x13xf32>, %z: memref<13xf32>) {
  affine.for %i = 0 to 5 {
    affine.for %j = 0 to 13 {
      %v = affine.load %x[%i, %j] : memref<5x13xf32>
      affine.store %v, %y[%i, %j] : memref<5x13xf32>
    }
  }
  affine.for %j = 0 to 13 {
    %v = affine.load %x[2, %j] : memref<5x13xf32>
    affine.store %v, %z[%j] : memref<13xf32>
  }
  return
}

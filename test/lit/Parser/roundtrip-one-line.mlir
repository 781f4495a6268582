// A whole program (aliases, two functions, nested regions) on a single line.
// RUN: solar-opt %s | FileCheck %s
// RUN: solar-opt %s | solar-opt | FileCheck %s
// RUN: solar-opt %s --mlir=14 | %mlir-opt -o /dev/null

// CHECK:       #[[$M:map[0-9]*]] = affine_map<(d0) -> (d0 + 1)>
// CHECK-LABEL: @one(%A: memref<8xf32>, %x: f32) -> f32 {
// CHECK-NEXT:    %z = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %s = affine.for %i = 0 to 8 iter_args(%acc = %z) -> (f32) {
// CHECK-NEXT:      %v = affine.load %A[%i] : memref<8xf32>
// CHECK-NEXT:      %w = arith.addf %acc, %v : f32
// CHECK-NEXT:      affine.yield %w : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    affine.for %i = 0 to 7 {
// CHECK-NEXT:      %j = affine.apply #[[$M]](%i)
// CHECK-NEXT:      %v = affine.load %A[%j] : memref<8xf32>
// CHECK-NEXT:      affine.store %v, %A[%i] : memref<8xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:    return %s : f32
// CHECK-NEXT:  }
// CHECK-LABEL: @two() {
// CHECK-NEXT:    return
// CHECK-NEXT:  }
// CHECK-NEXT:  }
#m = affine_map<(d0) -> (d0 + 1)> func @one(%A: memref<8xf32>, %x: f32) -> f32 { %z = arith.constant 0.0 : f32 %s = affine.for %i = 0 to 8 iter_args(%acc = %z) -> (f32) { %v = affine.load %A[%i] : memref<8xf32> %w = arith.addf %acc, %v : f32 affine.yield %w : f32 } affine.for %i = 0 to 7 { %j = affine.apply #m(%i) %v = affine.load %A[%j] : memref<8xf32> affine.store %v, %A[%i] : memref<8xf32> } return %s : f32 } func @two() { return }

// fuse counts the graph like the sol-* passes, so symbolic sizes must be bound (--bind).
// RUN: solar-opt %s --verify-diagnostics --fuse
// RUN: solar-opt %s --bind N=8 --fuse --report=none | FileCheck %s

// CHECK: affine.for {{.*}} {
// CHECK: } {solar.bytes = 64 : i64, solar.group = 0 : i64,

// expected-error@+1 {{cannot count with symbolic sizes: bind %N (--bind N=N)}}
func.func @forward(%N: index, %A: memref<?xf32>, %B: memref<?xf32>) {
  affine.for %i = 0 to %N {
    %a = affine.load %A[%i] : memref<?xf32>
    affine.store %a, %B[%i] : memref<?xf32>
  }
  return
}

// The clipped taps of a padded convolution, `%x[%p + %r - 1]` with %r from max(0, 1 - %p) to
// min(3, 9 - %p), are proved in bounds by substituting the loop bounds (lib/Exec/bounds.c),
// which interval arithmetic alone cannot do (%p + %r - 1 alone ranges over [-1, 9]): every
// access runs unchecked, in both engines, with the same results.
// RUN: solar-run %s --engine=interp --stats --print 2>&1 | FileCheck %s
// RUN: solar-run %s --engine=c --stats --print 2>&1 | FileCheck %s
// RUN: solar-run %s --engine=interp --no-batch --print | FileCheck %s --check-prefix=OUT

// CHECK: 3 accesses proved in bounds, 0 checked at run time
// CHECK: %y: memref<8xf32> =
// CHECK-NEXT: [1, 3, 6, 9, 12, 15, 18, 13]
// OUT: [1, 3, 6, 9, 12, 15, 18, 13]
#lo = affine_map<(d0) -> (0, 1 - d0)>
#hi = affine_map<(d0) -> (3, 9 - d0)>
func.func @forward(%y: memref<8xf32>) {
  %x = memref.alloc() : memref<8xf32>
  affine.for %i = 0 to 8 {
    %v = arith.index_cast %i : index to i64
    %f = arith.sitofp %v : i64 to f32
    affine.store %f, %x[%i] : memref<8xf32>
  }
  %zero = arith.constant 0.0 : f32
  affine.for %p = 0 to 8 {
    %s = affine.for %r = max #lo(%p) to min #hi(%p) iter_args(%a = %zero) -> (f32) {
      %t = affine.load %x[%p + %r - 1] : memref<8xf32>
      %b = arith.addf %a, %t : f32
      affine.yield %b : f32
    }
    affine.store %s, %y[%p] : memref<8xf32>
  }
  return
}

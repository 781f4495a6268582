// A padded window one tap too wide (min(3, 10 - %p) where 9 - %p clips it) is not proved in
// bounds by loop-bound substitution, and its last tap faults where it leaves the buffer, in
// every engine, with the same message.
// RUN: not solar-run %s --engine=interp --stats 2>&1 | FileCheck %s --check-prefixes=CHECK,STATS
// RUN: not solar-run %s --engine=interp --no-batch 2>&1 | FileCheck %s
// RUN: not solar-run %s --engine=c --threads 1 2>&1 | FileCheck %s
// RUN: not solar-run %s --engine=c --threads 2 2>&1 | FileCheck %s
// CHECK-NOT: error
// CHECK: bounds-window-off-by-one.mlir:[[# @LINE + 9]]:12: error: out-of-bounds 'affine.load': index [8] is outside memref<8xf32>
// CHECK-NOT: error
// STATS: 1 accesses proved in bounds, 1 checked at run time
#lo = affine_map<(d0) -> (0, 1 - d0)>
#wide = affine_map<(d0) -> (3, 10 - d0)>
func.func @forward(%x: memref<8xf32>, %y: memref<8xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %p = 0 to 8 {
    %s = affine.for %r = max #lo(%p) to min #wide(%p) iter_args(%a = %zero) -> (f32) {
      %t = affine.load %x[%p + %r - 1] : memref<8xf32>
      %b = arith.addf %a, %t : f32
      affine.yield %b : f32
    }
    affine.store %s, %y[%p] : memref<8xf32>
  }
  return
}

// A bounds fault in a batched loop must be the one the scalar loop reports: the first access
// that fails in iteration order (lib/Exec/batch_plan.c promises "like the scalar path"). Here x
// has 9 elements and y 5: iteration 5 loads x[5] (fine), then y[5], the first fault.
// KNOWN BUG (lib/Exec/batch_run.c): a batch runs each op over all lanes of a chunk before the
// next op, so it reports the x load at index [9] (iteration 9) instead.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.save('%t/x9.npy', np.arange(9, dtype=np.float32)); np.save('%t/y5.npy', np.arange(5, dtype=np.float32))"
// RUN: not solar-run %s --input x=%t/x9.npy --input y=%t/y5.npy --engine=interp --no-batch 2>&1 | FileCheck %s
// RUN: not solar-run %s --input x=%t/x9.npy --input y=%t/y5.npy 2>&1 | FileCheck %s

// CHECK-NOT: error
// CHECK: {{^}}{{.*}}batch-fault-order.mlir:[[# @LINE + 6]]:10: error: out-of-bounds 'affine.load': index [5] is outside memref<5xf32>
// CHECK-NOT: error

func.func @forward(%x: memref<?xf32>, %y: memref<?xf32>, %out: memref<10xf32>) {
  affine.for %i = 0 to 10 {
    %a = affine.load %x[%i] : memref<?xf32>
    %b = affine.load %y[%i] : memref<?xf32>
    %s = arith.addf %a, %b : f32
    affine.store %s, %out[%i] : memref<10xf32>
  }
  return
}

// affine.load / affine.store one past the end at a loop boundary. The dims are only known at
// run time (from the .npy file), so the verifier cannot see it: the executor reports the op,
// the indices and the memref type at the op's file:line:col and exits 1, printing nothing, on
// the batched and the scalar path alike. With --bind, the file's shape is bound with the
// sizes and the verifier catches the same fault before anything runs.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.save('%t/x5.npy', np.arange(10, 15, dtype=np.float32)); np.save('%t/y3.npy', np.zeros((3, 4), np.float32))"
// RUN: solar-run %s --entry shift --bind n=4 --input x=%t/x5.npy --print | FileCheck %s --check-prefix=OK
// RUN: not solar-run %s --entry shift5 --input x=%t/x5.npy --print 2>&1 | FileCheck %s --check-prefix=LOAD
// RUN: not solar-run %s --entry shift5 --input x=%t/x5.npy --print --no-batch 2>&1 | FileCheck %s --check-prefix=LOAD
// RUN: solar-run %s --entry shift5 --input x=%t/x5.npy > /dev/null 2>&1; test $? = 1
// RUN: not solar-run %s --entry shift --bind n=5 --input x=%t/x5.npy --print 2>&1 | FileCheck %s --check-prefix=STATIC
// RUN: not solar-run %s --entry rows --input y=%t/y3.npy --print 2>&1 | FileCheck %s --check-prefix=STORE
// RUN: not solar-run %s --entry rows --input y=%t/y3.npy --print --no-batch 2>&1 | FileCheck %s --check-prefix=STORE

// OK:      %out: memref<4xf32> =
// OK-NEXT: [11, 12, 13, 14]

func.func @shift(%n: index, %x: memref<?xf32>, %out: memref<?xf32>) {
  affine.for %i = 0 to %n {
    // STATIC: {{^}}{{.*}}affine-access-oob-runtime.mlir:[[# @LINE + 1]]:10: error: 'affine.load' op index range [1, 5] is out of bounds for dimension 0 of size 5
    %v = affine.load %x[%i + 1] : memref<?xf32>
    affine.store %v, %out[%i] : memref<?xf32>
  }
  return
}

func.func @shift5(%x: memref<?xf32>, %out: memref<5xf32>) {
  affine.for %i = 0 to 5 {
    // LOAD: {{^}}{{.*}}affine-access-oob-runtime.mlir:[[# @LINE + 1]]:10: error: out-of-bounds 'affine.load': index [5] is outside memref<5xf32>
    %v = affine.load %x[%i + 1] : memref<?xf32>
    affine.store %v, %out[%i] : memref<5xf32>
  }
  return
}

// Rows 0..3 of a 3-row memref: the first fault is row 3, column 0.
func.func @rows(%y: memref<?x4xf32>) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 4 {
      // STORE: {{^}}{{.*}}affine-access-oob-runtime.mlir:[[# @LINE + 1]]:7: error: out-of-bounds 'affine.store': index [3, 0] is outside memref<3x4xf32>
      affine.store %one, %y[%i, %j] : memref<?x4xf32>
    }
  }
  return
}

// LOAD-NOT:  {{^}}%out
// STATIC-NOT: {{^}}%out
// STORE-NOT: {{^}}%y

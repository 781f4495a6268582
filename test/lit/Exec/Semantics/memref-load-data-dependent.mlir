// memref.load / memref.store with data-dependent subscripts (an i64 loaded from memory,
// arith.index_cast to index): a gather and a scatter, then out-of-bounds subscripts, which are
// run-time errors at the op's file:line:col naming the op, the indices and the memref type
// (exit status 1, nothing printed): past the end, negative, and in a 2-d store.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.save('%t/ok.npy', np.array([4, 0, 2, 2], np.int64)); np.save('%t/past.npy', np.array([4, 0, 5, 2], np.int64)); np.save('%t/neg.npy', np.array([1, -1, 0, 2], np.int64)); np.save('%t/x.npy', np.array([10, 11, 12, 13, 14], np.float32)); np.save('%t/col.npy', np.array([2, 0, 1, 1], np.int64)); np.save('%t/col3.npy', np.array([2, 0, 3, 1], np.int64))"
// RUN: solar-run %s --entry gather --input idx=%t/ok.npy --input x=%t/x.npy --print | FileCheck %s --check-prefix=GATHER
// RUN: solar-run %s --entry gather --input idx=%t/ok.npy --input x=%t/x.npy --print --no-batch | FileCheck %s --check-prefix=GATHER
// RUN: solar-run %s --entry scatter --input idx=%t/col.npy --print | FileCheck %s --check-prefix=SCATTER
// RUN: not solar-run %s --entry gather --input idx=%t/past.npy --input x=%t/x.npy --print 2>&1 | FileCheck %s --check-prefix=PAST
// RUN: not solar-run %s --entry gather --input idx=%t/past.npy --input x=%t/x.npy --print --no-batch 2>&1 | FileCheck %s --check-prefix=PAST
// RUN: not solar-run %s --entry gather --input idx=%t/neg.npy --input x=%t/x.npy --print 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: solar-run %s --entry gather --input idx=%t/past.npy --input x=%t/x.npy > /dev/null 2>&1; test $? = 1
// RUN: not solar-run %s --entry scatter --input idx=%t/col3.npy --print 2>&1 | FileCheck %s --check-prefix=STORE

// GATHER:      %out: memref<4xf32> =
// GATHER-NEXT: [14, 10, 12, 12]
// GATHER-NOT:  {{^}}%

// Later writes win: out[1, 1] = 3 (from i = 2 and i = 3).
// SCATTER:      %out: memref<2x3xf32> =
// SCATTER-NEXT: {{\[\[}}-1, -1, -1]
// SCATTER-NEXT:  [1, 3, 0]]
// SCATTER-NOT:  {{^}}%

func.func @gather(%idx: memref<4xi64>, %x: memref<5xf32>, %out: memref<4xf32>) {
  affine.for %i = 0 to 4 {
    %k = affine.load %idx[%i] : memref<4xi64>
    %kk = arith.index_cast %k : i64 to index
    // PAST: {{^}}{{.*}}memref-load-data-dependent.mlir:[[# @LINE + 2]]:10: error: out-of-bounds 'memref.load': index [5] is outside memref<5xf32>
    // NEG:  {{^}}{{.*}}memref-load-data-dependent.mlir:[[# @LINE + 1]]:10: error: out-of-bounds 'memref.load': index [-1] is outside memref<5xf32>
    %v = memref.load %x[%kk] : memref<5xf32>
    memref.store %v, %out[%i] : memref<4xf32>
  }
  return
}

func.func @scatter(%idx: memref<4xi64>, %out: memref<2x3xf32>) {
  %m1 = arith.constant -1.0 : f32
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 3 {
      affine.store %m1, %out[%i, %j] : memref<2x3xf32>
    }
  }
  %c1 = arith.constant 1 : index
  affine.for %i = 0 to 4 {
    %k = affine.load %idx[%i] : memref<4xi64>
    %kk = arith.index_cast %k : i64 to index
    %f = arith.index_cast %i : index to i32
    %v = arith.sitofp %f : i32 to f32
    // STORE: {{^}}{{.*}}memref-load-data-dependent.mlir:[[# @LINE + 1]]:5: error: out-of-bounds 'memref.store': index [1, 3] is outside memref<2x3xf32>
    memref.store %v, %out[%c1, %kk] : memref<2x3xf32>
  }
  return
}

// Nothing is printed after a fault.
// PAST-NOT: {{^}}%out
// NEG-NOT:  {{^}}%out
// STORE-NOT: {{^}}%out

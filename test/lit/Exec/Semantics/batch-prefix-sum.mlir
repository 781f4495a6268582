// A loop that must NOT batch: out[i + 1] = out[i] + x[i] loads what the previous iteration
// stored (a prefix sum). It stays on the scalar path and computes the sequential float32
// cumulative sum exactly (numpy's cumsum, compared with zero tolerance), the same with and
// without --engine=interp --no-batch. Likewise @propagate: y[k] = k + 1, then y[i + 1] = y[i] for i in
// [0, 999) copies y[0] = 1 all the way along (a batched chunk would shift the old values
// instead: y = [1, 1, 2, 3, ...]).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; x = np.random.RandomState(1).standard_normal(1000).astype(np.float32); np.save('%t/x.npy', x); c = np.zeros(1001, np.float32); c[1:] = np.cumsum(x, dtype=np.float32); np.save('%t/ref.npy', c)"
// RUN: solar-run %s --engine=interp --input x=%t/x.npy --compare out=%t/ref.npy --rtol 0 --atol 0 --stats 2>&1 | FileCheck %s
// RUN: solar-run %s --input x=%t/x.npy --compare out=%t/ref.npy --rtol 0 --atol 0 | FileCheck %s --check-prefix=OK
// RUN: solar-run %s --input x=%t/x.npy --compare out=%t/ref.npy --rtol 0 --atol 0 --engine=interp --no-batch | FileCheck %s --check-prefix=OK
// RUN: %python -c "import numpy as np; np.save('%t/ones.npy', np.ones(1000, np.float32))"
// RUN: solar-run %s --entry propagate --compare y=%t/ones.npy --rtol 0 --atol 0 --stats 2>&1 | FileCheck %s --check-prefix=PROP
// RUN: solar-run %s --entry propagate --compare y=%t/ones.npy --rtol 0 --atol 0 --engine=interp --no-batch | FileCheck %s --check-prefix=PROP

// The two initialising stores are outside loops; the prefix loop is not batched.
// CHECK: , 0 loops batched
// CHECK: out: max abs error 0, max rel error 0 (rtol 0, atol 0): ok
// OK: out: max abs error 0, max rel error 0 (rtol 0, atol 0): ok
// PROP: y: max abs error 0, max rel error 0 (rtol 0, atol 0): ok

func.func @forward(%x: memref<1000xf32>, %out: memref<1001xf32>) {
  %z = arith.constant 0.0 : f32
  affine.store %z, %out[0] : memref<1001xf32>
  affine.for %i = 0 to 1000 {
    %p = affine.load %out[%i] : memref<1001xf32>
    %v = affine.load %x[%i] : memref<1000xf32>
    %n = arith.addf %p, %v : f32
    affine.store %n, %out[%i + 1] : memref<1001xf32>
  }
  return
}

func.func @propagate(%y: memref<1000xf32>) {
  affine.for %k = 0 to 1000 {
    %k1 = affine.apply affine_map<(d0) -> (d0 + 1)>(%k)
    %ki = arith.index_cast %k1 : index to i32
    %f = arith.sitofp %ki : i32 to f32
    affine.store %f, %y[%k] : memref<1000xf32>
  }
  affine.for %i = 0 to 999 {
    %v = affine.load %y[%i] : memref<1000xf32>
    affine.store %v, %y[%i + 1] : memref<1000xf32>
  }
  return
}

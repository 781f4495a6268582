// A batched loop that loads and stores the same element of its output each iteration
// (out[j] = out[j] + exp(x[i, j]) over rows i, and out2[j] = out[j] * 0.5 reading a buffer
// the loop does not write) must match --engine=interp --no-batch bit for bit. 1000 columns: three full
// 256-iteration chunks and a partial one.
// RUN: rm -rf %t && mkdir -p %t/batch %t/scalar
// RUN: solar-run %s --out-dir %t/batch --engine=interp --stats 2>&1 | FileCheck %s --check-prefix=BATCHED
// RUN: solar-run %s --out-dir %t/scalar --engine=interp --no-batch --stats 2>&1 | FileCheck %s --check-prefix=SCALAR
// RUN: cmp %t/batch/out.npy %t/scalar/out.npy
// RUN: cmp %t/batch/out2.npy %t/scalar/out2.npy
// RUN: rm -rf %t/env && solar-run %s --out-dir %t/env && cmp %t/env/out.npy %t/scalar/out.npy && cmp %t/env/out2.npy %t/scalar/out2.npy
// RUN: solar-run %s --print | FileCheck %s --check-prefix=SHAPE

// The zero fill, the accumulation (inner loop) and the halving loop batch.
// BATCHED: , 3 loops batched
// SCALAR: , 0 loops batched
// SHAPE: %out: memref<1000xf32> =
// SHAPE: %out2: memref<1000xf32> =

func.func @forward(%x: memref<4x1000xf32>, %out: memref<1000xf32>, %out2: memref<1000xf32>) {
  %z = arith.constant 0.0 : f32
  affine.for %j = 0 to 1000 {
    affine.store %z, %out[%j] : memref<1000xf32>
  }
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 1000 {
      %o = affine.load %out[%j] : memref<1000xf32>
      %v = affine.load %x[%i, %j] : memref<4x1000xf32>
      %e = math.exp %v : f32
      %n = arith.addf %o, %e : f32
      affine.store %n, %out[%j] : memref<1000xf32>
    }
  }
  %half = arith.constant 0.5 : f32
  affine.for %j = 0 to 1000 {
    %o = affine.load %out[%j] : memref<1000xf32>
    %h = arith.mulf %o, %half : f32
    affine.store %h, %out2[%j] : memref<1000xf32>
  }
  return
}

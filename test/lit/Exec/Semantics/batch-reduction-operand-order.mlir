// A batched reduction must apply its op with the operands in the order the IR gives them: the
// results are promised identical to --no-batch. arith.maxnumf / minnumf of +0.0 and -0.0 may
// return either zero, but it is libm's fmax/fmin of (first, second) on the scalar path.
// KNOWN BUG (lib/Exec/batch_run.c reduce): the batch path always calls OP(acc, x), so for
// `%n = arith.maxnumf %x, %acc` it computes fmax(acc, x): from acc = -0.0 and x = +0.0 the
// scalar loop returns +0 and the batched loop -0 (likewise minnumf from +0.0 with x = -0.0).
// RUN: rm -rf %t && mkdir -p %t/batch %t/scalar
// RUN: solar-run %s --print --no-batch | FileCheck %s
// RUN: solar-run %s --print | FileCheck %s
// RUN: solar-run %s --out-dir %t/batch
// RUN: solar-run %s --out-dir %t/scalar --no-batch
// RUN: cmp %t/batch/out.npy %t/scalar/out.npy

// CHECK:      %out: memref<2xf32> =
// CHECK-NEXT: [0, -0]

func.func @forward(%out: memref<2xf32>) {
  %nz = arith.constant -0.0 : f32
  %pz = arith.constant 0.0 : f32
  %s = affine.for %i = 0 to 4 iter_args(%acc = %nz) -> (f32) {
    %n = arith.maxnumf %pz, %acc : f32
    affine.yield %n : f32
  }
  affine.store %s, %out[0] : memref<2xf32>
  %t = affine.for %i = 0 to 4 iter_args(%acc = %pz) -> (f32) {
    %n = arith.minnumf %nz, %acc : f32
    affine.yield %n : f32
  }
  affine.store %t, %out[1] : memref<2xf32>
  return
}

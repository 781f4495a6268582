// A batched reduction must apply its op with the operands in the order the IR gives them: the
// results are promised identical to --engine=interp --no-batch (and to the C engine).
// arith.maxnumf / minnumf of +0.0 and -0.0 may return either zero in IEEE and C's fmax/fmin
// (GCC even swaps their operands), so solar-run fixes it (lib/Exec/scalar.h): max returns +0,
// min -0, in every engine, in any operand order.
// RUN: rm -rf %t && mkdir -p %t/batch %t/scalar
// RUN: solar-run %s --print --engine=interp --no-batch | FileCheck %s
// RUN: solar-run %s --print | FileCheck %s
// RUN: solar-run %s --out-dir %t/batch
// RUN: solar-run %s --out-dir %t/scalar --engine=interp --no-batch
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

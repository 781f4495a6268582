// An f16 reduction on the batched path rounds to f16 after every step, exactly as the scalar
// loop does: a sum of |x| (which saturates its precision well before 3000 terms) and a
// maximumf, over seeded random f16 inputs, bit-identical with --engine=interp --no-batch. A deterministic
// f16 sum of 3000 ones stops at 2048 on both paths.
// RUN: rm -rf %t && mkdir -p %t/batch %t/scalar
// RUN: solar-run %s --out-dir %t/batch --engine=interp --stats 2>&1 | FileCheck %s --check-prefix=BATCHED
// RUN: solar-run %s --out-dir %t/scalar --engine=interp --no-batch --stats 2>&1 | FileCheck %s --check-prefix=SCALAR
// RUN: cmp %t/batch/out.npy %t/scalar/out.npy
// RUN: solar-run %s --seed 3 --out-dir %t/batch
// RUN: solar-run %s --seed 3 --out-dir %t/scalar --engine=interp --no-batch
// RUN: cmp %t/batch/out.npy %t/scalar/out.npy
// RUN: solar-run %s --print | FileCheck %s --check-prefix=ONES
// RUN: solar-run %s --print --engine=interp --no-batch | FileCheck %s --check-prefix=ONES
// In wide mode the sum of ones is exact (3000 is an f16).
// RUN: solar-run %s --print --precision=wide | FileCheck %s --check-prefix=WIDE

// BATCHED: , 2 loops batched
// SCALAR: , 0 loops batched
// ONES:      %out: memref<3xf16> =
// ONES-NEXT: [{{[^,]+}}, {{[^,]+}}, 2048]
// WIDE:      %out: memref<3xf16> =
// WIDE-NEXT: [{{[^,]+}}, {{[^,]+}}, 3000]

func.func @forward(%x: memref<3000xf16>, %out: memref<3xf16>) {
  %z = arith.constant 0.0 : f16
  %ninf = arith.constant 0xFC00 : f16
  %s:2 = affine.for %i = 0 to 3000 iter_args(%acc = %z, %m = %ninf) -> (f16, f16) {
    %v = affine.load %x[%i] : memref<3000xf16>
    %a = math.abs %v : f16
    %n = arith.addf %acc, %a : f16
    %mx = arith.maximumf %m, %v : f16
    affine.yield %n, %mx : f16, f16
  }
  affine.store %s#0, %out[0] : memref<3xf16>
  affine.store %s#1, %out[1] : memref<3xf16>
  %one = arith.constant 1.0 : f16
  %c = affine.for %i = 0 to 3000 iter_args(%acc = %z) -> (f16) {
    %n = arith.addf %one, %acc : f16
    affine.yield %n : f16
  }
  affine.store %c, %out[2] : memref<3xf16>
  return
}

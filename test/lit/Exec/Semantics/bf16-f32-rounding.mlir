// bf16 and f32 arithmetic round after every op; --precision=wide rounds only at stores.
// RUN: solar-run %s --print | FileCheck %s --check-prefix=EXACT
// RUN: solar-run %s --print --no-batch | FileCheck %s --check-prefix=EXACT
// RUN: solar-run %s --print --precision=wide | FileCheck %s --check-prefix=WIDE

// bf16 (8 significant bits): [0] 1000 additions of 1.0 stop at 256; [1] 1 + 2^-8 is a tie,
// rounds to 1; [2] (1 + 2^-8) + 2^-8 is 1 in bf16 but 1 + 2^-7 in f64; [3] 1/3 = 0.333984375.
// EXACT:      %out: memref<4xbf16> =
// EXACT-NEXT: [256, 1, 1, 0.333984375]
// WIDE:       %out: memref<4xbf16> =
// WIDE-NEXT:  [1000, 1, 1.0078125, 0.333984375]
// f32: [0] 2e7 additions of 1.0 stop at 2^24 = 16777216 (wide: 2e7 is exact in f64 and in
// f32); [1] (2^24 + 1) + 1 is 2^24 in f32 (two ties to even), 2^24 + 2 in f64; [2] the
// literal 16777217.0 : f32 is rounded to 16777216 when parsed.
// EXACT-NEXT: %o32: memref<3xf32> =
// EXACT-NEXT: [16777216, 16777216, 16777216]
// WIDE-NEXT:  %o32: memref<3xf32> =
// WIDE-NEXT:  [20000000, 16777218, 16777216]

func.func @forward(%out: memref<4xbf16>, %o32: memref<3xf32>) {
  %z = arith.constant 0.0 : bf16
  %one = arith.constant 1.0 : bf16
  %tiny = arith.constant 0.00390625 : bf16
  %s = affine.for %i = 0 to 1000 iter_args(%acc = %z) -> (bf16) {
    %n = arith.addf %acc, %one : bf16
    affine.yield %n : bf16
  }
  affine.store %s, %out[0] : memref<4xbf16>
  %a = arith.addf %one, %tiny : bf16
  affine.store %a, %out[1] : memref<4xbf16>
  %b = arith.addf %a, %tiny : bf16
  affine.store %b, %out[2] : memref<4xbf16>
  %x = arith.constant 3.0 : bf16
  %d = arith.divf %one, %x : bf16
  affine.store %d, %out[3] : memref<4xbf16>
  %fz = arith.constant 0.0 : f32
  %f1 = arith.constant 1.0 : f32
  %fs = affine.for %i = 0 to 20000000 iter_args(%acc = %fz) -> (f32) {
    %n = arith.addf %acc, %f1 : f32
    affine.yield %n : f32
  }
  affine.store %fs, %o32[0] : memref<3xf32>
  %big = arith.constant 16777216.0 : f32
  %p = arith.addf %big, %f1 : f32
  %q = arith.addf %p, %f1 : f32
  affine.store %q, %o32[1] : memref<3xf32>
  %c = arith.constant 16777217.0 : f32
  affine.store %c, %o32[2] : memref<3xf32>
  return
}

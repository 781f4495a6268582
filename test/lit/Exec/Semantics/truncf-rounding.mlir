// arith.truncf rounds to nearest, ties to even, overflows to inf and underflows through
// the subnormals, for f16 and bf16 (checked against numpy / torch casts).
// RUN: solar-run %s --print | FileCheck %s

// f16: 1 + 2^-11 -> 1 (tie, even); 1 + 3 * 2^-11 -> 1 + 2^-9 (tie, even); 65520 -> inf
// (the tie above 65504 rounds up); 2^-25 -> 0 (tie between 0 and the smallest subnormal
// 2^-24, even); 3 * 2^-25 -> 2^-23; 65519 -> 65504.
// CHECK:      %oh: memref<6xf16> =
// CHECK-NEXT: [1, 1.00195312, inf, 0, 1.1920929e-07, 65504]
// bf16: 1 + 2^-8 -> 1 (tie, even); 1 + 3 * 2^-8 -> 1 + 2^-6; 3e38 -> 3.00405527e+38;
// (1 / 3) * 3 in bf16 = 1.
// CHECK-NEXT: %ob: memref<4xbf16> =
// CHECK-NEXT: [1, 1.015625, 3.00405527e+38, 1]

func.func @forward(%oh: memref<6xf16>, %ob: memref<4xbf16>) {
  // 1 + 2^-11 (tie) -> 1 (even); 1 + 3*2^-11 (tie) -> 1 + 2^-9 (even); 65520 -> inf; 2^-25 -> 0 (tie to even 0); 3*2^-25 -> 2^-23
  %a = arith.constant 1.00048828125 : f32
  %b = arith.constant 1.00146484375 : f32
  %c = arith.constant 65520.0 : f32
  %d = arith.constant 2.98023224e-08 : f32
  %e = arith.constant 8.94069672e-08 : f32
  %f = arith.constant 65519.0 : f32
  %ah = arith.truncf %a : f32 to f16
  %bh = arith.truncf %b : f32 to f16
  %ch = arith.truncf %c : f32 to f16
  %dh = arith.truncf %d : f32 to f16
  %eh = arith.truncf %e : f32 to f16
  %fh = arith.truncf %f : f32 to f16
  affine.store %ah, %oh[0] : memref<6xf16>
  affine.store %bh, %oh[1] : memref<6xf16>
  affine.store %ch, %oh[2] : memref<6xf16>
  affine.store %dh, %oh[3] : memref<6xf16>
  affine.store %eh, %oh[4] : memref<6xf16>
  affine.store %fh, %oh[5] : memref<6xf16>
  %g = arith.constant 1.00390625 : f32
  %hh = arith.constant 1.01171875 : f32
  %gb = arith.truncf %g : f32 to bf16
  %hb = arith.truncf %hh : f32 to bf16
  affine.store %gb, %ob[0] : memref<4xbf16>
  affine.store %hb, %ob[1] : memref<4xbf16>
  %big = arith.constant 3.0e38 : f32
  %bb = arith.truncf %big : f32 to bf16
  affine.store %bb, %ob[2] : memref<4xbf16>
  %x = arith.constant 1.0 : bf16
  %y = arith.constant 3.0 : bf16
  %z = arith.divf %x, %y : bf16
  %w = arith.mulf %z, %y : bf16
  affine.store %w, %ob[3] : memref<4xbf16>
  return
}

// Float -> integer conversions. MLIR leaves out-of-range and NaN inputs undefined (poison);
// solar-run's documented choice: truncate toward zero, saturate to the type's range, NaN -> 0
// (fptoui: negative -> 0).
// RUN: solar-run %s --print | FileCheck %s
// RUN: solar-run %s --print --no-batch | FileCheck %s

// fptosi to i8: 300.5 -> 127, -1e10 -> -128, -2.75 -> -2, NaN -> 0, 127.9 -> 127,
// -128.9 -> -128, +inf -> 127
// CHECK:      %o8: memref<7xi8> =
// CHECK-NEXT: [127, -128, -2, 0, 127, -128, 127]
// fptosi to i32: -1e10, +inf, -inf, NaN
// CHECK-NEXT: %o32: memref<4xi32> =
// CHECK-NEXT: [-2147483648, 2147483647, -2147483648, 0]
// fptoui to i8 (printed as signed i8): -2.75 -> 0, 300.5 -> 255 (-1), 200.7 -> 200 (-56),
// NaN -> 0
// CHECK-NEXT: %ou: memref<4xi8> =
// CHECK-NEXT: [0, -1, -56, 0]
// fptosi f64 -> i64: -1e19 saturates to INT64_MIN, NaN -> 0, -9.5 -> -9
// (INT64_MAX saturation is checked in print-i64-extremes.mlir)
// CHECK-NEXT: %o64: memref<3xi64> =
// CHECK-NEXT: [-9223372036854775808, 0, -9]

func.func @forward(%o8: memref<7xi8>, %o32: memref<4xi32>, %ou: memref<4xi8>, %o64: memref<3xi64>) {
  %nan = arith.constant 0x7FC00000 : f32
  %inf = arith.constant 0x7F800000 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %a = arith.constant 300.5 : f32
  %b = arith.constant -1.0e10 : f32
  %c = arith.constant -2.75 : f32
  %d = arith.constant 127.9 : f32
  %e = arith.constant -128.9 : f32
  %r0 = arith.fptosi %a : f32 to i8
  %r1 = arith.fptosi %b : f32 to i8
  %r2 = arith.fptosi %c : f32 to i8
  %r3 = arith.fptosi %nan : f32 to i8
  %r4 = arith.fptosi %d : f32 to i8
  %r5 = arith.fptosi %e : f32 to i8
  %r6 = arith.fptosi %inf : f32 to i8
  affine.store %r0, %o8[0] : memref<7xi8>
  affine.store %r1, %o8[1] : memref<7xi8>
  affine.store %r2, %o8[2] : memref<7xi8>
  affine.store %r3, %o8[3] : memref<7xi8>
  affine.store %r4, %o8[4] : memref<7xi8>
  affine.store %r5, %o8[5] : memref<7xi8>
  affine.store %r6, %o8[6] : memref<7xi8>
  %s0 = arith.fptosi %b : f32 to i32
  %s1 = arith.fptosi %inf : f32 to i32
  %s2 = arith.fptosi %ninf : f32 to i32
  %s3 = arith.fptosi %nan : f32 to i32
  affine.store %s0, %o32[0] : memref<4xi32>
  affine.store %s1, %o32[1] : memref<4xi32>
  affine.store %s2, %o32[2] : memref<4xi32>
  affine.store %s3, %o32[3] : memref<4xi32>
  %u0 = arith.fptoui %c : f32 to i8
  %u1 = arith.fptoui %a : f32 to i8
  %h = arith.constant 200.7 : f32
  %u2 = arith.fptoui %h : f32 to i8
  %u3 = arith.fptoui %nan : f32 to i8
  affine.store %u0, %ou[0] : memref<4xi8>
  affine.store %u1, %ou[1] : memref<4xi8>
  affine.store %u2, %ou[2] : memref<4xi8>
  affine.store %u3, %ou[3] : memref<4xi8>
  %bdn = arith.constant -1.0e19 : f64
  %l0 = arith.fptosi %bdn : f64 to i64
  %dn = arith.constant 0x7FF8000000000000 : f64
  %l1 = arith.fptosi %dn : f64 to i64
  %m = arith.constant -9.5 : f64
  %l2 = arith.fptosi %m : f64 to i64
  affine.store %l0, %o64[0] : memref<3xi64>
  affine.store %l1, %o64[1] : memref<3xi64>
  affine.store %l2, %o64[2] : memref<3xi64>
  return
}

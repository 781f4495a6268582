// Integer arithmetic wraps at the type's width (two's complement, as MLIR's arith ops):
// i8, i32, i64, index and i1.
// RUN: solar-run %s --print | FileCheck %s

// i8: 127 + 1 = -128; -128 - 1 = 127; 16 * 16 = 0; 16 << 3 = -128; 127 * 127 = 1;
// the hex literal 0xFF : i8 is -1.
// CHECK:      %o8: memref<6xi8> =
// CHECK-NEXT: [-128, 127, 0, -128, 1, -1]
// i32: 100000^2 = 1410065408; INT_MAX + 1 = INT_MIN; (-65536)^2 = 0; absi(INT_MIN) = INT_MIN.
// CHECK-NEXT: %o32: memref<4xi32> =
// CHECK-NEXT: [1410065408, -2147483648, 0, -2147483648]
// i64: INT64_MAX + 1 = INT64_MIN; INT64_MAX^2 = 1; index 2^62 + 2^62 = INT64_MIN.
// CHECK-NEXT: %o64: memref<3xi64> =
// CHECK-NEXT: [-9223372036854775808, 1, -9223372036854775808]
// i1 (true is -1 signed): true + true = 0, true + false = 1, true * true = 1,
// true xor true = 0, cmpi slt true, false = 1 (-1 < 0), cmpi ult true, false = 0.
// CHECK-NEXT: %ob: memref<6xi1> =
// CHECK-NEXT: [0, 1, 1, 0, 1, 0]

func.func @forward(%o8: memref<6xi8>, %o32: memref<4xi32>, %o64: memref<3xi64>, %ob: memref<6xi1>) {
  %c127 = arith.constant 127 : i8
  %c1 = arith.constant 1 : i8
  %m128 = arith.constant -128 : i8
  %a = arith.addi %c127, %c1 : i8
  %b = arith.subi %m128, %c1 : i8
  %c16 = arith.constant 16 : i8
  %c = arith.muli %c16, %c16 : i8
  %c3 = arith.constant 3 : i8
  %d = arith.shli %c16, %c3 : i8
  %e = arith.muli %c127, %c127 : i8
  %hex = arith.constant 0xFF : i8
  affine.store %a, %o8[0] : memref<6xi8>
  affine.store %b, %o8[1] : memref<6xi8>
  affine.store %c, %o8[2] : memref<6xi8>
  affine.store %d, %o8[3] : memref<6xi8>
  affine.store %e, %o8[4] : memref<6xi8>
  affine.store %hex, %o8[5] : memref<6xi8>
  %x = arith.constant 100000 : i32
  %y = arith.muli %x, %x : i32
  %imax = arith.constant 2147483647 : i32
  %one32 = arith.constant 1 : i32
  %ov = arith.addi %imax, %one32 : i32
  %neg = arith.constant -65536 : i32
  %sq = arith.muli %neg, %neg : i32
  %abs = math.absi %ov : i32
  affine.store %y, %o32[0] : memref<4xi32>
  affine.store %ov, %o32[1] : memref<4xi32>
  affine.store %sq, %o32[2] : memref<4xi32>
  affine.store %abs, %o32[3] : memref<4xi32>
  %l = arith.constant 9223372036854775807 : i64
  %one64 = arith.constant 1 : i64
  %lo = arith.addi %l, %one64 : i64
  %lm = arith.muli %l, %l : i64
  %ix = arith.constant 4611686018427387904 : index
  %ixx = arith.addi %ix, %ix : index
  %ixc = arith.index_cast %ixx : index to i64
  affine.store %lo, %o64[0] : memref<3xi64>
  affine.store %lm, %o64[1] : memref<3xi64>
  affine.store %ixc, %o64[2] : memref<3xi64>
  %t = arith.constant true
  %f = arith.constant false
  %tt = arith.addi %t, %t : i1
  %tf = arith.addi %t, %f : i1
  %tm = arith.muli %t, %t : i1
  %tx = arith.xori %t, %t : i1
  %cmp = arith.cmpi slt, %t, %f : i1
  %cmpu = arith.cmpi ult, %t, %f : i1
  affine.store %tt, %ob[0] : memref<6xi1>
  affine.store %tf, %ob[1] : memref<6xi1>
  affine.store %tm, %ob[2] : memref<6xi1>
  affine.store %tx, %ob[3] : memref<6xi1>
  affine.store %cmp, %ob[4] : memref<6xi1>
  affine.store %cmpu, %ob[5] : memref<6xi1>
  return
}

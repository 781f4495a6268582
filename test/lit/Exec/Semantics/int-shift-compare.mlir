// Shifts and unsigned views of negative integers: shrsi is arithmetic, shrui logical at
// the type's width; cmpi's u predicates and maxui/minui compare the unsigned bit patterns.
// RUN: solar-run %s --print | FileCheck %s

// i8 -16 = 0xF0: shrsi 2 = -4, shrui 2 = 0x3C = 60, shrsi 7 = -1, shrui 7 = 1,
// shli 2 = 0xC0 = -64; -1 shrui 2 = 63.
// CHECK:      %o8: memref<6xi8> =
// CHECK-NEXT: [-4, 60, -1, 1, -64, 63]
// i32 -8: shrsi 1 = -4, shrui 1 = 2^31 - 4, shrui 31 = 1, shrsi 31 = -1,
// maxui(-8, 1) = -8, minui(-8, 1) = 1.
// CHECK-NEXT: %o32: memref<6xi32> =
// CHECK-NEXT: [-4, 2147483644, 1, -1, -8, 1]
// ult(-8, 1) = 0, slt(-8, 1) = 1, ugt(-8, 1) = 1, sge(-8, 1) = 0, ule(-1, -16) = 0 (0xFF vs
// 0xF0), uge(-1, -16) = 1, index: ult(-1, 1) = 0, slt(-1, 1) = 1.
// CHECK-NEXT: %ob: memref<8xi1> =
// CHECK-NEXT: [0, 1, 1, 0, 0, 1, 0, 1]

func.func @forward(%o8: memref<6xi8>, %o32: memref<6xi32>, %ob: memref<8xi1>) {
  %m16 = arith.constant -16 : i8
  %c2 = arith.constant 2 : i8
  %a = arith.shrsi %m16, %c2 : i8
  %b = arith.shrui %m16, %c2 : i8
  %c7 = arith.constant 7 : i8
  %c = arith.shrsi %m16, %c7 : i8
  %d = arith.shrui %m16, %c7 : i8
  %e = arith.shli %m16, %c2 : i8
  %m1 = arith.constant -1 : i8
  %f = arith.shrui %m1, %c2 : i8
  affine.store %a, %o8[0] : memref<6xi8>
  affine.store %b, %o8[1] : memref<6xi8>
  affine.store %c, %o8[2] : memref<6xi8>
  affine.store %d, %o8[3] : memref<6xi8>
  affine.store %e, %o8[4] : memref<6xi8>
  affine.store %f, %o8[5] : memref<6xi8>
  %n = arith.constant -8 : i32
  %s1 = arith.constant 1 : i32
  %s31 = arith.constant 31 : i32
  %g = arith.shrsi %n, %s1 : i32
  %h = arith.shrui %n, %s1 : i32
  %i = arith.shrui %n, %s31 : i32
  %j = arith.shrsi %n, %s31 : i32
  %k = arith.maxui %n, %s1 : i32
  %l = arith.minui %n, %s1 : i32
  affine.store %g, %o32[0] : memref<6xi32>
  affine.store %h, %o32[1] : memref<6xi32>
  affine.store %i, %o32[2] : memref<6xi32>
  affine.store %j, %o32[3] : memref<6xi32>
  affine.store %k, %o32[4] : memref<6xi32>
  affine.store %l, %o32[5] : memref<6xi32>
  %p0 = arith.cmpi ult, %n, %s1 : i32
  %p1 = arith.cmpi slt, %n, %s1 : i32
  %p2 = arith.cmpi ugt, %n, %s1 : i32
  %p3 = arith.cmpi sge, %n, %s1 : i32
  %p4 = arith.cmpi ule, %m1, %m16 : i8
  %p5 = arith.cmpi uge, %m1, %m16 : i8
  %ni = arith.constant -1 : index
  %one = arith.constant 1 : index
  %p6 = arith.cmpi ult, %ni, %one : index
  %p7 = arith.cmpi slt, %ni, %one : index
  affine.store %p0, %ob[0] : memref<8xi1>
  affine.store %p1, %ob[1] : memref<8xi1>
  affine.store %p2, %ob[2] : memref<8xi1>
  affine.store %p3, %ob[3] : memref<8xi1>
  affine.store %p4, %ob[4] : memref<8xi1>
  affine.store %p5, %ob[5] : memref<8xi1>
  affine.store %p6, %ob[6] : memref<8xi1>
  affine.store %p7, %ob[7] : memref<8xi1>
  return
}

// arith.cmpf, all 16 predicates, on an ordered pair (1, 2), an equal pair (2, 2) and an
// unordered pair (1, NaN). Ordered predicates are false on NaN, unordered ones true.
// Columns: false oeq ogt oge olt ole one ord ueq ugt uge ult ule une uno true.
// RUN: solar-run %s --print | FileCheck %s

// CHECK:      %o: memref<3x16xi1> =
// CHECK-NEXT: {{\[\[}}0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 0, 1]
// CHECK-NEXT:  [0, 1, 0, 1, 0, 1, 0, 1, 1, 0, 1, 0, 1, 0, 0, 1]
// CHECK-NEXT:  [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1]]

func.func @row(%x: f32, %y: f32, %o: memref<3x16xi1>, %r: index) {
  %p0 = arith.cmpf false, %x, %y : f32
  %p1 = arith.cmpf oeq, %x, %y : f32
  %p2 = arith.cmpf ogt, %x, %y : f32
  %p3 = arith.cmpf oge, %x, %y : f32
  %p4 = arith.cmpf olt, %x, %y : f32
  %p5 = arith.cmpf ole, %x, %y : f32
  %p6 = arith.cmpf one, %x, %y : f32
  %p7 = arith.cmpf ord, %x, %y : f32
  %p8 = arith.cmpf ueq, %x, %y : f32
  %p9 = arith.cmpf ugt, %x, %y : f32
  %p10 = arith.cmpf uge, %x, %y : f32
  %p11 = arith.cmpf ult, %x, %y : f32
  %p12 = arith.cmpf ule, %x, %y : f32
  %p13 = arith.cmpf une, %x, %y : f32
  %p14 = arith.cmpf uno, %x, %y : f32
  %p15 = arith.cmpf true, %x, %y : f32
  affine.store %p0, %o[%r, 0] : memref<3x16xi1>
  affine.store %p1, %o[%r, 1] : memref<3x16xi1>
  affine.store %p2, %o[%r, 2] : memref<3x16xi1>
  affine.store %p3, %o[%r, 3] : memref<3x16xi1>
  affine.store %p4, %o[%r, 4] : memref<3x16xi1>
  affine.store %p5, %o[%r, 5] : memref<3x16xi1>
  affine.store %p6, %o[%r, 6] : memref<3x16xi1>
  affine.store %p7, %o[%r, 7] : memref<3x16xi1>
  affine.store %p8, %o[%r, 8] : memref<3x16xi1>
  affine.store %p9, %o[%r, 9] : memref<3x16xi1>
  affine.store %p10, %o[%r, 10] : memref<3x16xi1>
  affine.store %p11, %o[%r, 11] : memref<3x16xi1>
  affine.store %p12, %o[%r, 12] : memref<3x16xi1>
  affine.store %p13, %o[%r, 13] : memref<3x16xi1>
  affine.store %p14, %o[%r, 14] : memref<3x16xi1>
  affine.store %p15, %o[%r, 15] : memref<3x16xi1>
  return
}

func.func @forward(%o: memref<3x16xi1>) {
  %nan = arith.constant 0x7FC00000 : f32
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  func.call @row(%one, %two, %o, %c0) : (f32, f32, memref<3x16xi1>, index) -> ()
  func.call @row(%two, %two, %o, %c1) : (f32, f32, memref<3x16xi1>, index) -> ()
  func.call @row(%one, %nan, %o, %c2) : (f32, f32, memref<3x16xi1>, index) -> ()
  return
}

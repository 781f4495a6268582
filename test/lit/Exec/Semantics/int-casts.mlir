// Integer and int<->float casts: extui/extsi/trunci, index_cast (signed) and
// index_castui (unsigned), sitofp/uitofp of i1 true (-1.0 vs 1.0) and of negative values.
// RUN: solar-run %s --print | FileCheck %s

// extui i8 -1 = 255; extsi i8 -1 = -1; trunci 300 to i8 = 44; index_cast i32 -8 = -8;
// index_castui i32 -8 = 2^32 - 8; extui true = 1; extsi true = -1;
// index_cast 5e9 to i32 = 5e9 - 2^32 = 705032704.
// CHECK:      %o64: memref<8xi64> =
// CHECK-NEXT: [255, -1, 44, -8, 4294967288, 1, -1, 705032704]
// sitofp true = -1, uitofp true = 1, sitofp i8 -1 = -1, uitofp i8 -1 = 255,
// uitofp i32 -8 = 4294967288 rounded to f32 = 2^32, sitofp i32 -8 = -8.
// CHECK-NEXT: %of: memref<6xf32> =
// CHECK-NEXT: [-1, 1, -1, 255, 4.2949673e+09, -8]

func.func @forward(%o64: memref<8xi64>, %of: memref<6xf32>) {
  %m1 = arith.constant -1 : i8
  %n = arith.constant -8 : i32
  %x0 = arith.extui %m1 : i8 to i64
  %x1 = arith.extsi %m1 : i8 to i64
  %big = arith.constant 300 : i32
  %x2t = arith.trunci %big : i32 to i8
  %x2 = arith.extsi %x2t : i8 to i64
  %x3 = arith.index_cast %n : i32 to index
  %x3i = arith.index_cast %x3 : index to i64
  %x4 = arith.index_castui %n : i32 to index
  %x4i = arith.index_cast %x4 : index to i64
  %t = arith.constant true
  %x5 = arith.extui %t : i1 to i64
  %x6 = arith.extsi %t : i1 to i64
  %bigi = arith.constant 5000000000 : index
  %x7t = arith.index_cast %bigi : index to i32
  %x7 = arith.extsi %x7t : i32 to i64
  affine.store %x0, %o64[0] : memref<8xi64>
  affine.store %x1, %o64[1] : memref<8xi64>
  affine.store %x2, %o64[2] : memref<8xi64>
  affine.store %x3i, %o64[3] : memref<8xi64>
  affine.store %x4i, %o64[4] : memref<8xi64>
  affine.store %x5, %o64[5] : memref<8xi64>
  affine.store %x6, %o64[6] : memref<8xi64>
  affine.store %x7, %o64[7] : memref<8xi64>
  %f0 = arith.sitofp %t : i1 to f32
  %f1 = arith.uitofp %t : i1 to f32
  %f2 = arith.sitofp %m1 : i8 to f32
  %f3 = arith.uitofp %m1 : i8 to f32
  %f4 = arith.uitofp %n : i32 to f32
  %f5 = arith.sitofp %n : i32 to f32
  affine.store %f0, %of[0] : memref<6xf32>
  affine.store %f1, %of[1] : memref<6xf32>
  affine.store %f2, %of[2] : memref<6xf32>
  affine.store %f3, %of[3] : memref<6xf32>
  affine.store %f4, %of[4] : memref<6xf32>
  affine.store %f5, %of[5] : memref<6xf32>
  return
}

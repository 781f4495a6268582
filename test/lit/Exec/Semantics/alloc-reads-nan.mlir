// memref.alloc leaves memory undefined in MLIR; solar-run fills float allocations with NaN
// (documented in lib/Exec/interp.c) so that a read before a write shows in the outputs.
// RUN: solar-run %s --print | FileCheck %s
// RUN: solar-run %s --print --no-batch | FileCheck %s

// CHECK:      %of: memref<2xf32> =
// CHECK-NEXT: [{{-?}}nan, 1]
// CHECK-NEXT: %oh: memref<2xf16> =
// CHECK-NEXT: [{{-?}}nan, {{-?}}nan]
// CHECK-NEXT: %ob: memref<2xbf16> =
// CHECK-NEXT: [{{-?}}nan, {{-?}}nan]
// NaN + NaN stays NaN:
// CHECK-NEXT: %od: memref<2xf64> =
// CHECK-NEXT: [{{-?}}nan, {{-?}}nan]

func.func @forward(%of: memref<2xf32>, %oh: memref<2xf16>, %ob: memref<2xbf16>, %od: memref<2xf64>) {
  %a = memref.alloc() : memref<2xf32>
  %h = memref.alloc() : memref<2xf16>
  %b = memref.alloc() : memref<2xbf16>
  %d = memref.alloc() : memref<2xf64>
  %one = arith.constant 1.0 : f32
  affine.store %one, %a[1] : memref<2xf32>
  affine.for %k = 0 to 2 {
    %v = affine.load %a[%k] : memref<2xf32>
    affine.store %v, %of[%k] : memref<2xf32>
    %vh = affine.load %h[%k] : memref<2xf16>
    affine.store %vh, %oh[%k] : memref<2xf16>
    %vb = affine.load %b[%k] : memref<2xbf16>
    affine.store %vb, %ob[%k] : memref<2xbf16>
    %vd = affine.load %d[%k] : memref<2xf64>
    %vd2 = arith.addf %vd, %vd : f64
    affine.store %vd2, %od[%k] : memref<2xf64>
  }
  return
}

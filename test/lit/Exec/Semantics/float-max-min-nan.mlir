// NaN and signed zeros in float max/min. arith.maximumf / minimumf (MLIR 14: arith.maxf /
// minf, the same op) return NaN when either operand is NaN and order -0.0 below +0.0;
// arith.maxnumf / minnumf return the other operand when one is NaN (NaN only for two NaNs).
// The f16 versions behave the same.
// RUN: solar-run %s --print | FileCheck %s
// RUN: solar-run %s --print --precision=wide | FileCheck %s

// [maximumf(nan, 1), maxf(1, nan), maxnumf(nan, 1), maxnumf(1, nan), minimumf(1, nan),
//  minnumf(nan, 1), minimumf(+0, -0), minimumf(-0, +0), maximumf(-0, +0), maxf(+0, -0),
//  minf(+0, -0), maxnumf(nan, nan)]
// CHECK:      %out: memref<12xf32> =
// CHECK-NEXT: [{{-?}}nan, {{-?}}nan, 1, 1, {{-?}}nan, 1, -0, -0, 0, 0, -0, {{-?}}nan]
// CHECK-NEXT: %h: memref<4xf16> =
// CHECK-NEXT: [{{-?}}nan, 2, {{-?}}nan, 2]

func.func @forward(%out: memref<12xf32>, %h: memref<4xf16>) {
  %nan = arith.constant 0x7FC00000 : f32
  %one = arith.constant 1.0 : f32
  %pz = arith.constant 0.0 : f32
  %nz = arith.constant -0.0 : f32
  %0 = arith.maximumf %nan, %one : f32
  %1 = arith.maxf %one, %nan : f32
  %2 = arith.maxnumf %nan, %one : f32
  %3 = arith.maxnumf %one, %nan : f32
  %4 = arith.minimumf %one, %nan : f32
  %5 = arith.minnumf %nan, %one : f32
  %6 = arith.minimumf %pz, %nz : f32
  %7 = arith.minimumf %nz, %pz : f32
  %8 = arith.maximumf %nz, %pz : f32
  %9 = arith.maxf %pz, %nz : f32
  %10 = arith.minf %pz, %nz : f32
  %11 = arith.maxnumf %nan, %nan : f32
  affine.store %0, %out[0] : memref<12xf32>
  affine.store %1, %out[1] : memref<12xf32>
  affine.store %2, %out[2] : memref<12xf32>
  affine.store %3, %out[3] : memref<12xf32>
  affine.store %4, %out[4] : memref<12xf32>
  affine.store %5, %out[5] : memref<12xf32>
  affine.store %6, %out[6] : memref<12xf32>
  affine.store %7, %out[7] : memref<12xf32>
  affine.store %8, %out[8] : memref<12xf32>
  affine.store %9, %out[9] : memref<12xf32>
  affine.store %10, %out[10] : memref<12xf32>
  affine.store %11, %out[11] : memref<12xf32>
  %hn = arith.constant 0x7E00 : f16
  %h1 = arith.constant 2.0 : f16
  %h0 = arith.maximumf %hn, %h1 : f16
  %h2 = arith.maxnumf %hn, %h1 : f16
  %h3 = arith.minimumf %h1, %hn : f16
  %h4 = arith.minnumf %h1, %hn : f16
  affine.store %h0, %h[0] : memref<4xf16>
  affine.store %h2, %h[1] : memref<4xf16>
  affine.store %h3, %h[2] : memref<4xf16>
  affine.store %h4, %h[3] : memref<4xf16>
  return
}

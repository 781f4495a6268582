// Mixed precision: f16 operands widened with arith.extf, multiplied and accumulated in f32
// (what a tensor core does natively: f16 x f16 products into an f32 accumulator). The contraction
// runs at the f16 matrix peak, and the two extf feeding the contraction's multiply are part of it,
// not vector work: a tensor-core GEMM issues no conversion instructions, so counting them as
// vector ops (2 * 16777216 f32 ops / 66.9e12 = 501.561 ns on H100) would put the bound above what
// cuBLAS attains (a valid lower bound must not).
//
//   iterations 256*128*512 = 16777216; matrix FLOP (f16) 33554432; vector ops 0
//   bytes: A 256*512*2 + B 512*128*2 + C 256*128*4 = 262144 + 131072 + 131072 = 524288
//   a cold cache charges DRAM the reads, 393216 B (C stays in L2):
//   H100-SXM: matrix 33554432 / 989.4e12 = 33.914 ns; memory 393216 / 3.35e12 = 117.378 ns
//   RTX-4090: matrix 33554432 / 330.3e12 = 101.588 ns; memory 393216 / 1.008e12 = 390.095 ns
//
// RUN: solar-opt %s --sol-fused --hw h100-sxm,rtx-4090 | FileCheck %s

// CHECK:      totals: 33554432 matrix FLOP, 0 vector ops, 524288 unfused bytes, 524288 compulsory bytes
// CHECK:      device SOL bound by matrix vector DRAM
// CHECK-NEXT: H100-SXM 117.378 ns DRAM 33.914 ns 0 s 117.378 ns
// CHECK-NEXT: RTX-4090 390.095 ns DRAM 101.588 ns 0 s 390.095 ns
// CHECK:      H100-SXM: f16 contractions on matrix f16 989.4 TFLOP/s; DRAM
// CHECK:      RTX-4090: f16 contractions on matrix f16 330.3 TFLOP/s; DRAM
// CHECK:      node0 contraction - 16777216 33554432 0 524288 156.504 ns DRAM 520.127 ns DRAM
func.func @mm_f16_acc_f32(%A: memref<256x512xf16>, %B: memref<512x128xf16>, %C: memref<256x128xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to 128 {
      %s = affine.for %k = 0 to 512 iter_args(%acc = %zero) -> (f32) {
        %a = affine.load %A[%i, %k] : memref<256x512xf16>
        %b = affine.load %B[%k, %j] : memref<512x128xf16>
        %ae = arith.extf %a : f16 to f32
        %be = arith.extf %b : f16 to f32
        %p = arith.mulf %ae, %be : f32
        %t = arith.addf %acc, %p : f32
        affine.yield %t : f32
      }
      affine.store %s, %C[%i, %j] : memref<256x128xf32>
    }
  }
  return
}

// Peaks per element type. Each chunk is C[256x128] = A[256x512] * B[512x128] in one dtype:
//   iterations 256*128*512 = 16777216; matrix FLOP 2 * 16777216 = 33554432
//   bytes (A 131072 + B 65536 + C 32768 elements) = 229376 elements * size:
//   f16/bf16 458752, f32 917504, f64 1835008.
// Figures from hardware/*.json (FLOP/s, DRAM B/s):
//   H100-SXM  matrix f16 989.4e12, bf16 989.4e12; DRAM 3.35e12
//   RTX-4090  matrix f16 330.3e12, bf16 165.2e12 (they differ here), no matrix f64 (vector f64
//             1.29e12); DRAM 1.008e12
//   A100-SXM  matrix f64 19.5e12; DRAM 2.039e12
//   EPYC-9654 no matrix unit at all: vector f32 11.3664e12, vector f64 5.6832e12 (96 cores x
//             2 FMA pipes x 16 f32 lanes x 2 x 3.7 GHz); DRAM 460.8e9
//
// RUN: solar-opt %s --split-input-file --sol-fused --hw h100-sxm | FileCheck %s --check-prefix=H100
// RUN: solar-opt %s --split-input-file --sol-fused --hw rtx-4090 | FileCheck %s --check-prefix=RTX
// RUN: solar-opt %s --split-input-file --sol-fused --hw a100-sxm | FileCheck %s --check-prefix=AMP
// RUN: solar-opt %s --split-input-file --sol-fused --hw epyc-9654 | FileCheck %s --check-prefix=EPYC
// RUN: solar-opt %examples/add_relu_f16.mlir --bind batch_size=16,dim=16384 --sol-fused --hw h100-sxm,b200,mi300x,epyc-9654 | FileCheck %s --check-prefix=EW

// f16: H100 matrix 33554432 / 989.4e12 = 33.914 ns < memory 393216 / 3.35e12 = 117.378 ns
//      (the inputs: a cold cache lets the 65536-byte output stay in L2);
//      RTX-4090 matrix 33554432 / 330.3e12 = 101.588 ns < memory 393216 / 1.008e12 = 390.095 ns
// H100-LABEL: SOL report: {{.*}} @mm_f16, 1 node
// H100: H100-SXM 117.378 ns DRAM 33.914 ns 0 s 117.378 ns
// H100: H100-SXM: {{.*}}f16 contractions on matrix f16 989.4 TFLOP/s
// H100: node0 contraction - 16777216 33554432 0 458752 136.941 ns DRAM
// RTX-LABEL:  SOL report: {{.*}} @mm_f16, 1 node
// RTX: RTX-4090 390.095 ns DRAM 101.588 ns 0 s 390.095 ns
// RTX: RTX-4090: {{.*}}f16 contractions on matrix f16 330.3 TFLOP/s
func.func @mm_f16(%A: memref<256x512xf16>, %B: memref<512x128xf16>, %C: memref<256x128xf16>) {
  %zero = arith.constant 0.000000e+00 : f16
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to 128 {
      %s = affine.for %k = 0 to 512 iter_args(%acc = %zero) -> (f16) {
        %a = affine.load %A[%i, %k] : memref<256x512xf16>
        %b = affine.load %B[%k, %j] : memref<512x128xf16>
        %p = arith.mulf %a, %b : f16
        %t = arith.addf %acc, %p : f16
        affine.yield %t : f16
      }
      affine.store %s, %C[%i, %j] : memref<256x128xf16>
    }
  }
  return
}

// -----

// bf16: H100 the same as f16 (33.914 ns); RTX-4090 matrix 33554432 / 165.2e12 = 203.114 ns
// H100-LABEL: SOL report: {{.*}} @mm_bf16, 1 node
// H100: H100-SXM 117.378 ns DRAM 33.914 ns 0 s 117.378 ns
// H100: H100-SXM: {{.*}}bf16 contractions on matrix bf16 989.4 TFLOP/s
// H100: node0 contraction - 16777216 33554432 0 458752 136.941 ns DRAM
// RTX-LABEL:  SOL report: {{.*}} @mm_bf16, 1 node
// RTX: RTX-4090 390.095 ns DRAM 203.114 ns 0 s 390.095 ns
// RTX: RTX-4090: {{.*}}bf16 contractions on matrix bf16 165.2 TFLOP/s
func.func @mm_bf16(%A: memref<256x512xbf16>, %B: memref<512x128xbf16>, %C: memref<256x128xbf16>) {
  %zero = arith.constant 0.000000e+00 : bf16
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to 128 {
      %s = affine.for %k = 0 to 512 iter_args(%acc = %zero) -> (bf16) {
        %a = affine.load %A[%i, %k] : memref<256x512xbf16>
        %b = affine.load %B[%k, %j] : memref<512x128xbf16>
        %p = arith.mulf %a, %b : bf16
        %t = arith.addf %acc, %p : bf16
        affine.yield %t : bf16
      }
      affine.store %s, %C[%i, %j] : memref<256x128xbf16>
    }
  }
  return
}

// -----

// f64: A100 matrix f64 33554432 / 19.5e12 = 1.721 us > memory 1572864 / 2.039e12 = 771.390 ns
//      (the inputs; the 262144-byte output fits in L2 and need not reach DRAM, cold cache);
//      RTX-4090 has no f64 matrix peak: the contraction runs on the vector unit, vector f64
//      33554432 / 1.29e12 = 26.011 us, so the result is vector-bound (memory 1.560 us);
//      EPYC vector f64 33554432 / 5.6832e12 = 5.904 us (memory 1572864 / 460.8e9 = 3.413 us)
// AMP-LABEL:  SOL report: {{.*}} @mm_f64, 1 node
// AMP: A100-SXM 1.721 us matrix 1.721 us 0 s 771.390 ns
// AMP: A100-SXM: {{.*}}f64 contractions on matrix f64 19.5 TFLOP/s
// AMP: node0 contraction - 16777216 33554432 0 1835008 1.721 us matrix
// RTX-LABEL:  SOL report: {{.*}} @mm_f64, 1 node
// RTX: RTX-4090 26.011 us vector 0 s 26.011 us 1.560 us
// RTX: RTX-4090: {{.*}}f64 contractions on vector f64 1.29 TFLOP/s
// RTX: node0 contraction - 16777216 33554432 0 1835008 26.011 us vector
// EPYC-LABEL: SOL report: {{.*}} @mm_f64, 1 node
// EPYC: EPYC-9654 5.904 us vector 0 s 5.904 us 3.413 us
// EPYC: EPYC-9654: {{.*}}f64 contractions on vector f64 5.683 TFLOP/s
func.func @mm_f64(%A: memref<256x512xf64>, %B: memref<512x128xf64>, %C: memref<256x128xf64>) {
  %zero = arith.constant 0.000000e+00 : f64
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to 128 {
      %s = affine.for %k = 0 to 512 iter_args(%acc = %zero) -> (f64) {
        %a = affine.load %A[%i, %k] : memref<256x512xf64>
        %b = affine.load %B[%k, %j] : memref<512x128xf64>
        %p = arith.mulf %a, %b : f64
        %t = arith.addf %acc, %p : f64
        affine.yield %t : f64
      }
      affine.store %s, %C[%i, %j] : memref<256x128xf64>
    }
  }
  return
}

// -----

// f32 on a device without a matrix unit: vector f32 33554432 / 11.3664e12 = 2.952 us, called
// vector-bound (memory 786432 / 460.8e9 = 1.707 us); on H100 the TF32 peak: 33554432 / 494.7e12
// = 67.828 ns (memory 786432 / 3.35e12 = 234.756 ns: the inputs, the output stays in L2).
// EPYC-LABEL: SOL report: {{.*}} @mm_f32, 1 node
// EPYC: EPYC-9654 2.952 us vector 0 s 2.952 us 1.707 us
// EPYC: EPYC-9654: {{.*}}f32 contractions on vector f32 11.37 TFLOP/s
// EPYC: EPYC-9654: f32 contract ieee (--fp32-matmul=ieee, this device{{.*}}; they run on the vector unit: vector-bound work
// EPYC: node0 contraction - 16777216 33554432 0 917504 2.952 us vector
// H100-LABEL: SOL report: {{.*}} @mm_f32, 1 node
// H100: H100-SXM 234.756 ns DRAM 67.828 ns 0 s 234.756 ns
// H100: H100-SXM: {{.*}}f32 contractions on matrix tf32 494.7 TFLOP/s
func.func @mm_f32(%A: memref<256x512xf32>, %B: memref<512x128xf32>, %C: memref<256x128xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to 128 {
      %s = affine.for %k = 0 to 512 iter_args(%acc = %zero) -> (f32) {
        %a = affine.load %A[%i, %k] : memref<256x512xf32>
        %b = affine.load %B[%k, %j] : memref<512x128xf32>
        %p = arith.mulf %a, %b : f32
        %t = arith.addf %acc, %p : f32
        affine.yield %t : f32
      }
      affine.store %s, %C[%i, %j] : memref<256x128xf32>
    }
  }
  return
}

// f16 elementwise (examples/add_relu_f16.mlir, Y = max(A + B, 0) at 16 x 16384 = 262144 points):
//   vector ops 2 * 262144 = 524288 f16; bytes 3 * 262144 * 2 = 1572864.
//   A cold cache charges DRAM the reads, 1048576 bytes (the 512 KiB output fits in any L2
//   or L3 here); a node on its own is charged all 1572864 (469.512 ns on H100).
//   H100-SXM vector f16 133.8e12: 3.918 ns, memory 1048576 / 3.35e12 = 313.008 ns
//   B200 lists no vector f16: vector f32 75e12: 6.991 ns, memory 1048576 / 7.7e12 = 136.179 ns
//   MI300X lists no vector f16: vector f32 163.4e12: 3.209 ns, memory / 5.3e12 = 197.845 ns
//   EPYC-9654 no vector f16: vector f32 11.3664e12: 46.126 ns, memory / 460.8e9 = 2.276 us
// EW:      device  SOL bound by matrix vector DRAM
// EW-NEXT: H100-SXM 313.008 ns DRAM 0 s 3.918 ns 313.008 ns
// EW-NEXT: B200 136.179 ns DRAM 0 s 6.991 ns 136.179 ns
// EW-NEXT: MI300X 197.845 ns DRAM 0 s 3.209 ns 197.845 ns
// EW-NEXT: EPYC-9654 2.276 us DRAM 0 s 46.126 ns 2.276 us
// EW:      node0 elementwise - 262144 0 524288 1572864 469.512 ns DRAM 204.268 ns DRAM 296.767 ns DRAM

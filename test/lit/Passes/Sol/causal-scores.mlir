// Causal (triangular) attention scores: S[i, j] = (sum_d Q[i, d] * K[j, d]) * 0.125 for j <= i,
// S = 100 rows, D = 64, f32, on H100-SXM (matrix tf32 494.7e12, vector f32 66.9e12, DRAM 3.35e12).
//
// RUN: solar-opt %s --split-input-file --sol-unfused --sol-fused --hw h100-sxm | FileCheck %s
// RUN: solar-opt %s --split-input-file --sol-fused --hw h100-sxm --report=json | FileCheck %s --check-prefix=JSON

// j in [0, i]: (i, j) pairs sum_{i<100} (i + 1) = 100*101/2 = 5050; points 5050 * 64 = 323200.
//   matrix FLOP 2 * 323200 = 646400 (1.307 ns); vector ops: the scale mulf once per pair = 5050
//   bytes: Q all 100*64 = 6400, K rows 0..99 (j reaches 99 at i = 99) = 6400, S lower triangle
//   with the diagonal 5050 written: (6400 + 6400 + 5050) * 4 = 71400: 71400 / 3.35e12 = 21.313 ns
//   for the node; the bounds charge DRAM the reads (cold cache, the scores stay in L2): 51200
//   / 3.35e12 = 15.284 ns
// CHECK-LABEL: SOL report: {{.*}} @causal_scores, 1 node
// CHECK-NEXT: totals: 646400 matrix FLOP, 5050 vector ops, 71400 unfused bytes, 71400 compulsory bytes
// CHECK: H100-SXM 15.284 ns DRAM 1.307 ns 0.075 ns 15.284 ns
// CHECK: H100-SXM 15.284 ns DRAM 15.284 ns DRAM
// CHECK: node0 contraction - 323200 646400 5050 71400 21.313 ns DRAM
// JSON:        "entry": "causal_scores"
// JSON:        "iterations": 323200, "matrix_flops": 646400, "vector_ops": 5050, "bytes": 71400, "seconds": 2.131343283{{[0-9]*}}e-08,
func.func @causal_scores(%Q: memref<100x64xf32>, %K: memref<100x64xf32>, %S: memref<100x100xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %scale = arith.constant 1.250000e-01 : f32
  affine.for %i = 0 to 100 {
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
      %dot = affine.for %d = 0 to 64 iter_args(%acc = %zero) -> (f32) {
        %q = affine.load %Q[%i, %d] : memref<100x64xf32>
        %k = affine.load %K[%j, %d] : memref<100x64xf32>
        %p = arith.mulf %q, %k : f32
        %t = arith.addf %acc, %p : f32
        affine.yield %t : f32
      }
      %s = arith.mulf %dot, %scale : f32
      affine.store %s, %S[%i, %j] : memref<100x100xf32>
    }
  }
  return
}

// -----

// j in [0, i) (strictly below the diagonal): pairs 99*100/2 = 4950; points 4950 * 64 = 316800.
//   Row i = 0 has no j, so Q row 0 is never read; K row 99 is never read (j < i <= 99):
//   Q 99*64 = 6336, K 99*64 = 6336, S 4950 written: (6336 + 6336 + 4950) * 4 = 70488: 21.041 ns
//   for the node; the bounds charge the reads, 50688 / 3.35e12 = 15.131 ns
//   matrix FLOP 633600, vector ops 4950
// CHECK-LABEL: SOL report: {{.*}} @causal_scores_strict, 1 node
// CHECK-NEXT: totals: 633600 matrix FLOP, 4950 vector ops, 70488 unfused bytes, 70488 compulsory bytes
// CHECK: H100-SXM 15.131 ns DRAM
// CHECK: node0 contraction - 316800 633600 4950 70488 21.041 ns DRAM
func.func @causal_scores_strict(%Q: memref<100x64xf32>, %K: memref<100x64xf32>, %S: memref<100x100xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %scale = arith.constant 1.250000e-01 : f32
  affine.for %i = 0 to 100 {
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      %dot = affine.for %d = 0 to 64 iter_args(%acc = %zero) -> (f32) {
        %q = affine.load %Q[%i, %d] : memref<100x64xf32>
        %k = affine.load %K[%j, %d] : memref<100x64xf32>
        %p = arith.mulf %q, %k : f32
        %t = arith.addf %acc, %p : f32
        affine.yield %t : f32
      }
      %s = arith.mulf %dot, %scale : f32
      affine.store %s, %S[%i, %j] : memref<100x100xf32>
    }
  }
  return
}

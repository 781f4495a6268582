// Exact counts of a matmul nest, and the bounds on H100-SXM:
//   matrix FLOP = 2 * 64 * 32 * 16 = 65536 (a multiply of two loads feeding an iter_args sum)
//   bytes = (64*16 + 16*32 + 64*32) * 4 = (1024 + 512 + 2048) * 4 = 14336 (A, B read; C written)
//   no vector ops: the mulf/addf pair is the contraction, index arithmetic is not counted.
// RUN: solar-opt %s --sol-unfused --sol-fused --hw h100-sxm | FileCheck %s
// RUN: solar-opt %s --sol-fused --report=json | FileCheck %s --check-prefix=JSON
// RUN: solar-opt %s --sol-fused --report=none | FileCheck %s --check-prefix=IR

// CHECK: SOL report: {{.*}}matmul-counts.mlir @forward, 1 node
// CHECK: totals: 65536 matrix FLOP, 0 vector ops, 14336 unfused bytes, 14336 compulsory bytes
// CHECK: H100-SXM: f32 contractions on matrix tf32 494.7 TFLOP/s
// CHECK: node0 contraction - 32768 65536 0 14336

// JSON: "totals": {"matrix_flops": 65536, "vector_ops": 0, "compulsory_bytes": 14336, "unfused_bytes": 14336, "node_bytes": {{[0-9]+}}, "source_ops": {{[0-9]+}}}
// JSON: "sol": {"unfused": {"seconds": {{.*}}, "bytes": 14336, "kernels": {{[0-9]+}}, "bound": "memory", "dram_bytes": {{[0-9]+}}}, "fused":

// IR: } {solar.bytes = 14336 : i64, solar.iterations = 32768 : i64, solar.kind = "contraction", solar.matrix_flops = 65536 : i64, solar.vector_ops = 0 : i64
func.func @forward(%A: memref<64x16xf32>, %B: memref<16x32xf32>, %C: memref<64x32xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 32 {
      %s = affine.for %k = 0 to 16 iter_args(%acc = %zero) -> (f32) {
        %a = affine.load %A[%i, %k] : memref<64x16xf32>
        %b = affine.load %B[%k, %j] : memref<16x32xf32>
        %p = arith.mulf %a, %b : f32
        %t = arith.addf %acc, %p : f32
        affine.yield %t : f32
      }
      affine.store %s, %C[%i, %j] : memref<64x32xf32>
    }
  }
  return
}

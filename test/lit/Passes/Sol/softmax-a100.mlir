// Row softmax at B=16, D=16384 on A100-SXM (hardware/a100-sxm.json: DRAM 2.039e12 B/s; vector
// f32 19.5e12, f16 78e12, bf16 39e12 op/s): one node (max-reduce, exp-sum, normalise in one
// nest), so sol-unfused and sol-fused are the same number.
//
// Vector ops per row: D maximumf + D (subf, exp, addf) + D divf = 5D;
//   5 * B * D = 5 * 16 * 16384 = 1310720, all of the input's dtype (no matrix FLOP).
// Bytes: X read once (B*D = 262144 elements), Y written (262144); the normalise pass reads Y,
// which this node wrote before: free. f32: 524288 * 4 = 2097152; f16/bf16: 524288 * 2 = 1048576.
// iterations: the deepest domain, B * D = 262144.
// A cold cache charges DRAM the reads only: Y fits in A100's 40 MiB L2 and need not reach DRAM
// before the kernel ends.
//   f32:  memory 1048576 / 2.039e12 = 514.260 ns (5.142599313e-07 s); vector 1310720 / 19.5e12 = 67.216 ns
//   f16:  memory 524288 / 2.039e12 = 257.130 ns;                       vector 1310720 / 78e12 = 16.804 ns
//   bf16: memory 257.130 ns;                                           vector 1310720 / 39e12 = 33.608 ns
//
// RUN: solar-opt %examples/softmax.mlir --bind B=16,D=16384 --sol-unfused --sol-fused --hw a100-sxm | FileCheck %s --check-prefix=F32
// RUN: solar-opt %examples/softmax.mlir --bind B=16,D=16384 --sol-unfused --sol-fused --hw a100-sxm --report=json | FileCheck %s --check-prefix=F32JSON
// RUN: solar-opt %s --split-input-file --sol-unfused --sol-fused --hw a100-sxm | FileCheck %s

// F32:      SOL report: {{.*}}softmax.mlir @forward, 1 node
// F32: totals: 0 matrix FLOP, 1310720 vector ops, 2097152 unfused bytes, 2097152 compulsory bytes
// F32: A100-SXM 514.260 ns DRAM 0 s 67.216 ns 514.260 ns
// F32: A100-SXM 514.260 ns DRAM 514.260 ns DRAM
// F32: every device: cache state: cold (inputs start in DRAM
// F32: A100-SXM: f32 ops on vector f32 19.5 TOP/s; DRAM 2.039 TB/s{{$}}
// F32: A100-SXM: 41943040 bytes on chip outlive a kernel: DRAM is charged 1048576 of the 2097152 compulsory bytes fused, 1048576 of the 2097152 unfused
// A node on its own is charged every byte (the nodes table is not a bound):
// F32: node0 reduction - 262144 0 1310720 2097152 1.029 us DRAM

// Unfused and fused seconds are the same double for one node.
// F32JSON: "totals": {"matrix_flops": 0, "vector_ops": 1310720, "compulsory_bytes": 2097152, "unfused_bytes": 2097152, "node_bytes": {{[0-9]+}}, "source_ops": {{[0-9]+}}}
// F32JSON: "sol": {"unfused": {"seconds": [[S:5.142599313[0-9]*e-07]], "bytes": 2097152, "kernels": {{[0-9]+}}, "bound": "memory", "dram_bytes": 1048576}, "fused": {"seconds": [[S]], "bytes": 2097152, "bound": "memory", "matrix_seconds": 0, "vector_seconds": 6.7216410256{{[0-9]*}}e-08, "memory_seconds": [[S]], "vector_contraction_seconds": 0, "dram_bytes": 1048576}
// F32JSON-SAME: "assumed": {"fp32_matmul": "tf32", {{.*}} "cache_state": "cold", "persistent_bytes": 41943040}

// CHECK-LABEL: SOL report: {{.*}} @softmax_f16, 1 node
// CHECK: A100-SXM 257.130 ns DRAM 0 s 16.804 ns 257.130 ns
// CHECK: A100-SXM 257.130 ns DRAM 257.130 ns DRAM
// CHECK: node0 reduction - 262144 0 1310720 1048576 514.260 ns DRAM
func.func @softmax_f16(%X: memref<16x16384xf16>, %Y: memref<16x16384xf16>) {
  %ninf = arith.constant 0xFC00 : f16
  %zero = arith.constant 0.000000e+00 : f16
  affine.for %b = 0 to 16 {
    %max = affine.for %d = 0 to 16384 iter_args(%m = %ninf) -> (f16) {
      %x = affine.load %X[%b, %d] : memref<16x16384xf16>
      %n = arith.maximumf %m, %x : f16
      affine.yield %n : f16
    }
    %sum = affine.for %d = 0 to 16384 iter_args(%s = %zero) -> (f16) {
      %x = affine.load %X[%b, %d] : memref<16x16384xf16>
      %c = arith.subf %x, %max : f16
      %e = math.exp %c : f16
      affine.store %e, %Y[%b, %d] : memref<16x16384xf16>
      %t = arith.addf %s, %e : f16
      affine.yield %t : f16
    }
    affine.for %d = 0 to 16384 {
      %e = affine.load %Y[%b, %d] : memref<16x16384xf16>
      %y = arith.divf %e, %sum : f16
      affine.store %y, %Y[%b, %d] : memref<16x16384xf16>
    }
  }
  return
}

// -----

// CHECK-LABEL: SOL report: {{.*}} @softmax_bf16, 1 node
// CHECK: A100-SXM 257.130 ns DRAM 0 s 33.608 ns 257.130 ns
// CHECK: A100-SXM 257.130 ns DRAM 257.130 ns DRAM
// CHECK: node0 reduction - 262144 0 1310720 1048576 514.260 ns DRAM
func.func @softmax_bf16(%X: memref<16x16384xbf16>, %Y: memref<16x16384xbf16>) {
  %ninf = arith.constant 0xFF80 : bf16
  %zero = arith.constant 0.000000e+00 : bf16
  affine.for %b = 0 to 16 {
    %max = affine.for %d = 0 to 16384 iter_args(%m = %ninf) -> (bf16) {
      %x = affine.load %X[%b, %d] : memref<16x16384xbf16>
      %n = arith.maximumf %m, %x : bf16
      affine.yield %n : bf16
    }
    %sum = affine.for %d = 0 to 16384 iter_args(%s = %zero) -> (bf16) {
      %x = affine.load %X[%b, %d] : memref<16x16384xbf16>
      %c = arith.subf %x, %max : bf16
      %e = math.exp %c : bf16
      affine.store %e, %Y[%b, %d] : memref<16x16384xbf16>
      %t = arith.addf %s, %e : bf16
      affine.yield %t : bf16
    }
    affine.for %d = 0 to 16384 {
      %e = affine.load %Y[%b, %d] : memref<16x16384xbf16>
      %y = arith.divf %e, %sum : bf16
      affine.store %y, %Y[%b, %d] : memref<16x16384xbf16>
    }
  }
  return
}

// -----

// Vector ops of two dtypes in one node: each dtype at its own vector peak, summed (one unit).
//   f16: 1 addf * 2^20 = 1048576 ops / 78e12 = 13.443 ns
//   f32: 2 ops (mulf, addf: not a contraction, the operands are one load) * 2^20 = 2097152 / 19.5e12 = 107.546 ns
//   vector 1048576 / 78e12 + 2097152 / 19.5e12 = 120.990 ns (1.2098953846e-07 s)
//   bytes: X16, Y16 2^20 * 2 each; X32, Y32 2^20 * 4 each: 12582912 (6.171 us for the node);
//   the fused bound charges DRAM the reads, 6291456 / 2.039e12 = 3.086 us (Y16 and Y32 fit in L2)
// CHECK-LABEL: SOL report: {{.*}} @vector_f16_and_f32, 1 node
// CHECK: A100-SXM 3.086 us DRAM 0 s 120.990 ns 3.086 us
// CHECK: node0 elementwise - 1048576 0 3145728 12582912 6.171 us DRAM
func.func @vector_f16_and_f32(%X16: memref<1048576xf16>, %Y16: memref<1048576xf16>, %X32: memref<1048576xf32>, %Y32: memref<1048576xf32>) {
  affine.for %i = 0 to 1048576 {
    %a = affine.load %X16[%i] : memref<1048576xf16>
    %b = arith.addf %a, %a : f16
    affine.store %b, %Y16[%i] : memref<1048576xf16>
    %c = affine.load %X32[%i] : memref<1048576xf32>
    %d = arith.mulf %c, %c : f32
    %e = arith.addf %d, %c : f32
    affine.store %e, %Y32[%i] : memref<1048576xf32>
  }
  return
}

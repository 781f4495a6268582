// An accumulator updated in place inside one node (DESIGN section 4: "nothing is counted twice:
// an accumulator updated in place is one read and one write"). A 64x32, B 32x48, C 64x48, f32,
// H100-SXM (matrix tf32 494.7e12, DRAM 3.35e12 B/s).
//   iterations 64*48*32 = 98304; matrix FLOP 2 * 98304 = 196608 (0.397 ns)
//
// RUN: solar-opt %s --split-input-file --sol-unfused --sol-fused --hw h100-sxm | FileCheck %s
// RUN: solar-opt %s --split-input-file --sol-fused --hw h100-sxm --report=none | FileCheck %s --check-prefix=IR

// C += A * B with no init (C is an input and an output): C read once (3072) and written once
// (3072), not 32 times each: (A 2048 + B 1536 + 3072 + 3072) * 4 = 38912 bytes: 11.616 ns.
// The bounds charge DRAM the reads (26624 bytes, 7.947 ns): with a cold cache C's new values
// may stay in L2.
// CHECK-LABEL: SOL report: {{.*}} @accumulate_into_c, 1 node
// CHECK-NEXT: totals: 196608 matrix FLOP, 0 vector ops, 38912 unfused bytes, 38912 compulsory bytes
// CHECK: H100-SXM 7.947 ns DRAM 0.397 ns 0 s 7.947 ns
// CHECK: H100-SXM 7.947 ns DRAM 7.947 ns DRAM
// CHECK: node0 contraction - 98304 196608 0 38912 11.616 ns DRAM
// IR:          } {solar.bytes = 38912 : i64, solar.iterations = 98304 : i64, solar.kind = "contraction", solar.matrix_flops = 196608 : i64, solar.vector_ops = 0 : i64}
func.func @accumulate_into_c(%A: memref<64x32xf32>, %B: memref<32x48xf32>, %C: memref<64x48xf32>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 48 {
      affine.for %k = 0 to 32 {
        %a = affine.load %A[%i, %k] : memref<64x32xf32>
        %b = affine.load %B[%k, %j] : memref<32x48xf32>
        %c = affine.load %C[%i, %j] : memref<64x48xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<64x48xf32>
      }
    }
  }
  return
}

// -----

// C = 0, then C += A * B in the same nest: every read of C follows the node's own write, so C
// is only written: (A 2048 + B 1536 + C 3072) * 4 = 26624 bytes: 7.947 ns (the bounds: the
// reads, 14336 bytes, 4.279 ns). The zero store is a constant, not an op.
// CHECK-LABEL: SOL report: {{.*}} @zero_then_accumulate_in_node, 1 node
// CHECK-NEXT: totals: 196608 matrix FLOP, 0 vector ops, 26624 unfused bytes, 26624 compulsory bytes
// CHECK: H100-SXM 4.279 ns DRAM
// CHECK: H100-SXM 4.279 ns DRAM 4.279 ns DRAM
// CHECK: node0 contraction - 98304 196608 0 26624 7.947 ns DRAM
// IR:          } {solar.bytes = 26624 : i64, solar.iterations = 98304 : i64, solar.kind = "contraction", solar.matrix_flops = 196608 : i64, solar.vector_ops = 0 : i64}
func.func @zero_then_accumulate_in_node(%A: memref<64x32xf32>, %B: memref<32x48xf32>, %C: memref<64x48xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 48 {
      affine.store %zero, %C[%i, %j] : memref<64x48xf32>
      affine.for %k = 0 to 32 {
        %a = affine.load %A[%i, %k] : memref<64x32xf32>
        %b = affine.load %B[%k, %j] : memref<32x48xf32>
        %c = affine.load %C[%i, %j] : memref<64x48xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%i, %j] : memref<64x48xf32>
      }
    }
  }
  return
}

// Epilogues and reductions. Sizes: A 16x8 (512 bytes), B 8x32 (1024), bias 32 (128), the
// matmul result T (a memref.alloc) and Y 16x32 (2048 each), R 16 (64); H100-SXM, 3.35e12 B/s.
//
// @matmul_bias_relu: node0 zeroes T, node1 accumulates A*B into it, node2 writes
// Y = max(T + bias, 0). node2 is an elementwise epilogue reading T one element per point, so
// it takes T tile by tile from the matmul and keeps nothing on chip: one group under any
// budget, even 1 byte. Plan = compulsory = A 512 + B 1024 + bias 128 + Y 2048 = 3712 bytes;
// unfused: the matmul nest (fill and accumulation, one kernel) reads A, B and writes T =
// 3584, the epilogue nest reads T, bias and writes Y = 4224; 7808 bytes. A cold cache charges
// DRAM only the first reads of arguments (A, B, bias: 1664 bytes, 0.497 ns); at these sizes
// everything written or read again stays in L2.
//
// @matmul_rowsum: node3 sums each row of T (a reduction, not an epilogue), so T must stay on
// chip whole: 2048 bytes. At max-bytes=2048 one group (plan = compulsory = A + B + R = 1600);
// at 2047 node3 starts group 1 with node2 (the fill of R) and T crosses kernels: group 0 = A
// 512 + B 1024 + T written 2048 = 3584, group 1 = T read 2048 + R written 64 = 2112; plan 5696
// bytes (unfused: the same two nests, 5696 bytes). Charged: A and B, 1536 bytes, 0.459 ns for
// group 0; group 1 reads T from L2, its time is its compute (0.008 ns).

// RUN: solar-opt %s --split-input-file --pass-pipeline='lift-einsum,fuse{max-bytes=1},sol-unfused,sol-fused' --hw h100-sxm | FileCheck %s --check-prefix=TINY
// RUN: solar-opt %s --split-input-file --pass-pipeline='lift-einsum,fuse{max-bytes=2048},sol-fused' --hw h100-sxm | FileCheck %s --check-prefix=FITS
// RUN: solar-opt %s --split-input-file --pass-pipeline='lift-einsum,fuse{max-bytes=2047},sol-unfused,sol-fused' --hw h100-sxm | FileCheck %s --check-prefix=SPLIT
// RUN: solar-opt %s --split-input-file --pass-pipeline='lift-einsum,fuse{max-bytes=2047}' --report=none | FileCheck %s --check-prefix=IR
// RUN: solar-opt %s --split-input-file --verify-diagnostics --pass-pipeline='lift-einsum,fuse{max-bytes=2047 remarks=true}'

// TINY-LABEL:  @matmul_bias_relu, 3 nodes
// TINY:        totals: 8192 matrix FLOP, 1024 vector ops, 7808 unfused bytes, 3712 compulsory bytes
// TINY:        H100-SXM 0.497 ns DRAM 0.497 ns DRAM 0.497 ns DRAM
// TINY:        2 source ops by time on H100-SXM (each its own kernel; they sum to sol-unfused, 0.497 ns)
// TINY:        fusion plan (fuse): 1 group under a 1-byte (1 B) on-chip budget, 3712 bytes in and out of kernels
// TINY-NEXT:   group nodes
// TINY-NEXT:   0 node0..node2 0-1 3712 - 0.497 ns DRAM{{$}}
// TINY-LABEL:  @matmul_rowsum, 4 nodes
// TINY:        fusion plan (fuse): 2 groups under a 1-byte (1 B) on-chip budget, 5696 bytes

// FITS-LABEL:  @matmul_bias_relu
// FITS:        H100-SXM 0.497 ns DRAM 0.497 ns DRAM
// FITS:        fusion plan (fuse): 1 group
// FITS-LABEL:  @matmul_rowsum
// FITS:        H100-SXM 0.459 ns DRAM 0.459 ns DRAM
// FITS:        fusion plan (fuse): 1 group under a 2048-byte (2 KiB) on-chip budget, 1600 bytes in and out of kernels
// FITS-NEXT:   group nodes
// FITS-NEXT:   0 node0..node3 0-1 1600 2048 0.459 ns DRAM

// SPLIT-LABEL: @matmul_rowsum, 4 nodes
// SPLIT:       totals: 8192 matrix FLOP, 512 vector ops, 5696 unfused bytes, 1600 compulsory bytes
// SPLIT:       H100-SXM 0.466 ns DRAM 0.466 ns DRAM 0.459 ns DRAM
// SPLIT:       fusion plan (fuse): 2 groups under a 2047-byte (1.999 KiB) on-chip budget, 5696 bytes in and out of kernels
// SPLIT-NEXT:  group nodes
// SPLIT-NEXT:  0 node0..node1 0 3584 - 0.459 ns DRAM
// SPLIT-NEXT:  1 node2..node3 1 2112 - 0.008 ns vector

// IR-LABEL: func.func @matmul_bias_relu(
// IR-COUNT-3: solar.group = 0 : i64
// IR-NOT:     solar.group = 1
// IR-LABEL: func.func @matmul_rowsum(
// IR:         solar.einsum = "->ij", solar.group = 0 : i64
// IR:         solar.einsum = "ik,kj->ij", solar.group = 0 : i64
// IR:         solar.einsum = "->i", solar.group = 1 : i64
// IR:         solar.einsum = "ij->i", solar.group = 1 : i64

func.func @matmul_bias_relu(%A: memref<16x8xf32>, %B: memref<8x32xf32>, %bias: memref<32xf32>, %Y: memref<16x32xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %T = memref.alloc() : memref<16x32xf32>
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 32 {
      // expected-remark@+2 {{node0 starts group 0}}
      // expected-remark@+1 {{node1 joins group 0: the group so far only initialises its operands}}
      %s = affine.for %k = 0 to 8 iter_args(%acc = %zero) -> (f32) {
        %a = affine.load %A[%i, %k] : memref<16x8xf32>
        %b = affine.load %B[%k, %j] : memref<8x32xf32>
        %p = arith.mulf %a, %b : f32
        %t = arith.addf %acc, %p : f32
        affine.yield %t : f32
      }
      affine.store %s, %T[%i, %j] : memref<16x32xf32>
    }
  }
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 32 {
      %t = affine.load %T[%i, %j] : memref<16x32xf32>
      %c = affine.load %bias[%j] : memref<32xf32>
      %u = arith.addf %t, %c : f32
      %r = arith.maximumf %u, %zero : f32
      // expected-remark@+1 {{node2 joins group 0: elementwise epilogue, takes %T tile by tile}}
      affine.store %r, %Y[%i, %j] : memref<16x32xf32>
    }
  }
  memref.dealloc %T : memref<16x32xf32>
  return
}
// -----
func.func @matmul_rowsum(%A: memref<16x8xf32>, %B: memref<8x32xf32>, %R: memref<16xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %T = memref.alloc() : memref<16x32xf32>
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 32 {
      // expected-remark@+2 {{node0 starts group 0}}
      // expected-remark@+1 {{node1 joins group 0: the group so far only initialises its operands}}
      %s = affine.for %k = 0 to 8 iter_args(%acc = %zero) -> (f32) {
        %a = affine.load %A[%i, %k] : memref<16x8xf32>
        %b = affine.load %B[%k, %j] : memref<8x32xf32>
        %p = arith.mulf %a, %b : f32
        %t = arith.addf %acc, %p : f32
        affine.yield %t : f32
      }
      affine.store %s, %T[%i, %j] : memref<16x32xf32>
    }
  }
  affine.for %i = 0 to 16 {
    // expected-remark@+2 {{node2 joins group 1: an initialisation}}
    // expected-remark@+1 {{node3 starts group 1: keeping %T on chip would take group 0 to 2048 bytes, over the budget of 2047}}
    %r = affine.for %j = 0 to 32 iter_args(%acc = %zero) -> (f32) {
      %t = affine.load %T[%i, %j] : memref<16x32xf32>
      %u = arith.addf %acc, %t : f32
      affine.yield %u : f32
    }
    affine.store %r, %R[%i] : memref<16xf32>
  }
  memref.dealloc %T : memref<16x32xf32>
  return
}

// Kernels that share only an input are not fused: groups follow producer -> consumer edges.
// Y1 = X W1 and Y2 = X W2 (X 4x6 f32 = 96 bytes, W1 and W2 6x5 = 120, Y1 and Y2 4x5 = 80),
// each output zeroed by its own fill node. node3 (the second matmul) reads nothing group 0
// computes, so it starts group 1, and node2 (the zeroing of Y2, an initialisation that ended
// group 0) moves with it. X is read by both groups:
//   group 0 = X 96 + W1 120 read, Y1 80 written = 296 bytes; group 1 likewise = 296
//   plan 592 bytes > compulsory 496, which reads X once; unfused: each matmul nest one kernel
//   (its fill and accumulation together), 296 + 296 = 592 bytes, the plan (each node its own
//   kernel would be 80 + 376 + 80 + 376 = 912). A cold cache charges DRAM the first reads:
//   X and W1 in group 0 (216 bytes, 0.064 ns), W2 in group 1 (X may still be in L2: 120
//   bytes, 0.036 ns); the outputs stay in L2.

// RUN: solar-opt %s --pass-pipeline='lift-einsum,fuse,sol-unfused,sol-fused' --hw h100-sxm | FileCheck %s
// RUN: solar-opt %s --pass-pipeline='lift-einsum,fuse' --report=none | FileCheck %s --check-prefix=IR
// RUN: solar-opt %s --verify-diagnostics --pass-pipeline='lift-einsum,fuse{remarks=true}'

// CHECK:       totals: 480 matrix FLOP, 0 vector ops, 592 unfused bytes, 496 compulsory bytes
// CHECK:       H100-SXM 0.100 ns DRAM 0.100 ns DRAM 0.100 ns DRAM
// CHECK:       fusion plan (fuse): 2 groups under a 121634816-byte (116 MiB) on-chip budget, 592 bytes in and out of kernels
// CHECK-NEXT:  group nodes
// CHECK-NEXT:  0 node0..node1 0 296 - 0.064 ns DRAM{{$}}
// CHECK-NEXT:  1 node2..node3 1 296 - 0.036 ns DRAM{{$}}

// IR:       solar.einsum = "->sj", solar.group = 0 : i64
// IR:       solar.einsum = "se,ej->sj", solar.group = 0 : i64
// IR:       solar.einsum = "->sj", solar.group = 1 : i64
// IR:       solar.einsum = "se,ej->sj", solar.group = 1 : i64

func.func @two_projections(%X: memref<4x6xf32>, %W1: memref<6x5xf32>, %W2: memref<6x5xf32>,
                           %Y1: memref<4x5xf32>, %Y2: memref<4x5xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %s = 0 to 4 {
    affine.for %j = 0 to 5 {
      // expected-remark@+2 {{node0 starts group 0}}
      // expected-remark@+1 {{node1 joins group 0: the group so far only initialises its operands}}
      %v = affine.for %e = 0 to 6 iter_args(%acc = %zero) -> (f32) {
        %x = affine.load %X[%s, %e] : memref<4x6xf32>
        %w = affine.load %W1[%e, %j] : memref<6x5xf32>
        %m = arith.mulf %x, %w : f32
        %a = arith.addf %acc, %m : f32
        affine.yield %a : f32
      }
      affine.store %v, %Y1[%s, %j] : memref<4x5xf32>
    }
  }
  affine.for %s = 0 to 4 {
    affine.for %j = 0 to 5 {
      // expected-remark@+2 {{node2 joins group 1: an initialisation}}
      // expected-remark@+1 {{node3 starts group 1: it reads nothing that group 0 computes}}
      %v = affine.for %e = 0 to 6 iter_args(%acc = %zero) -> (f32) {
        %x = affine.load %X[%s, %e] : memref<4x6xf32>
        %w = affine.load %W2[%e, %j] : memref<6x5xf32>
        %m = arith.mulf %x, %w : f32
        %a = arith.addf %acc, %m : f32
        affine.yield %a : f32
      }
      affine.store %v, %Y2[%s, %j] : memref<4x5xf32>
    }
  }
  return
}

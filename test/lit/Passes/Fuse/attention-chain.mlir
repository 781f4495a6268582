// Attention is one group whatever the budget: QK^T, the row softmax and PV run as one kernel
// with the scores on chip tile by tile (flash-style), as the chain contraction -> ... ->
// contraction has a reduction between them and its scores S are a memref.alloc. An MLP
// (matmul, relu, matmul) has no reduction between its contractions: its hidden activation
// H must stay on chip whole, so the budget decides.
//
// @attention: Q, K, V, O 8x4 f32 (128 bytes each), S 8x8 (256). Ten nodes (fill S, QK^T,
// scale, fill max, max, fill sum, exp-sum, normalise, fill O, PV): one group even at
// max-bytes=1, plan = compulsory = Q + K + V + O = 512 bytes (unfused: three nests, three
// kernels of 512 bytes each: QK^T reads Q, K and writes S, the softmax reads and writes S, PV
// reads S, V and writes O; 1536 bytes). Times: a cold cache charges DRAM only the first reads
// of the arguments, Q, K, V = 384 bytes, 0.115 ns; everything else fits in L2 and may stay
// there between kernels (unfused adds the kernels' compute, 0.119 ns).
// @mlp: X, Y 4x6 (96 bytes), W1 10x6 and W2 6x10 (240), H 4x10 (160). Default budget: one
// group, 672 bytes = compulsory, keeping H (160). max-bytes=1: node4 (the second matmul)
// starts group 1 with node3 (the zeroing of Y); H crosses kernels.
//   group 0 = X 96 + W1 240 read, H 160 written = 496; group 1 = H 160 + W2 240 read, Y 96
//   written = 496; plan 992 bytes (unfused: the two nests, the same 992 bytes). Charged: the
//   cold reads X, W1, W2 = 576 bytes, 0.172 ns, in every case (H and Y stay in L2).

// RUN: solar-opt %s --split-input-file --pass-pipeline='lift-einsum,fuse,sol-unfused,sol-fused' --hw h100-sxm | FileCheck %s
// RUN: solar-opt %s --split-input-file --pass-pipeline='lift-einsum,fuse{max-bytes=1},sol-unfused,sol-fused' --hw h100-sxm | FileCheck %s --check-prefix=TINY
// RUN: solar-opt %s --split-input-file --pass-pipeline='lift-einsum,fuse{max-bytes=1},sol-fused' --hw h100-sxm --report=json | FileCheck %s --check-prefix=JSON
// RUN: solar-opt %s --split-input-file --verify-diagnostics --pass-pipeline='lift-einsum,fuse{max-bytes=1 remarks=true}'

// CHECK-LABEL: @attention, 10 nodes
// CHECK:       totals: 1024 matrix FLOP, 384 vector ops, 1536 unfused bytes, 512 compulsory bytes
// CHECK:       H100-SXM 0.119 ns DRAM 0.115 ns DRAM 0.115 ns DRAM
// CHECK:       3 source ops by time on H100-SXM (each its own kernel; they sum to sol-unfused, 0.119 ns)
// CHECK:       fusion plan (fuse): 1 group under a 121634816-byte (116 MiB) on-chip budget, 512 bytes in and out of kernels
// CHECK-NEXT:  group nodes
// CHECK-NEXT:  0 node0..node9 0-2 512 - 0.115 ns DRAM attention
// CHECK-LABEL: @mlp, 5 nodes
// CHECK:       totals: 960 matrix FLOP, 40 vector ops, 992 unfused bytes, 672 compulsory bytes
// CHECK:       H100-SXM 0.172 ns DRAM 0.172 ns DRAM 0.172 ns DRAM
// CHECK:       2 source ops by time on H100-SXM (each its own kernel; they sum to sol-unfused, 0.172 ns)
// CHECK:       fusion plan (fuse): 1 group under a 121634816-byte (116 MiB) on-chip budget, 672 bytes in and out of kernels
// CHECK-NEXT:  group nodes
// CHECK-NEXT:  0 node0..node4 0-1 672 160 0.172 ns DRAM{{$}}

// TINY-LABEL:  @attention, 10 nodes
// TINY:        H100-SXM 0.119 ns DRAM 0.115 ns DRAM 0.115 ns DRAM
// TINY:        fusion plan (fuse): 1 group under a 1-byte (1 B) on-chip budget, 512 bytes in and out of kernels
// TINY-NEXT:   group nodes
// TINY-NEXT:   0 node0..node9 0-2 512 - 0.115 ns DRAM attention
// TINY-LABEL:  @mlp, 5 nodes
// TINY:        H100-SXM 0.172 ns DRAM 0.172 ns DRAM 0.172 ns DRAM
// TINY:        fusion plan (fuse): 2 groups under a 1-byte (1 B) on-chip budget, 992 bytes in and out of kernels
// TINY-NEXT:   group nodes
// TINY-NEXT:   0 node0..node2 0 496 - 0.100 ns DRAM{{$}}
// TINY-NEXT:   1 node3..node4 1 496 - 0.072 ns DRAM{{$}}

// JSON:        "entry": "attention"
// JSON:        "groups": [{"first": "node0", "last": "node9", "nodes": 10, "bytes": 512, "read_bytes": 384, "write_bytes": 128, "resident_bytes": 0, "attention": true,
// JSON:        "entry": "mlp"
// JSON:        "groups": [{"first": "node0", "last": "node2", "nodes": 3, "bytes": 496, "read_bytes": 336, "write_bytes": 160, "resident_bytes": 0, "attention": false, {{.*}}}, {"first": "node3", "last": "node4", "nodes": 2, "bytes": 496, "read_bytes": 400, "write_bytes": 96, "resident_bytes": 0, "attention": false,

func.func @attention(%Q: memref<8x4xf32>, %K: memref<8x4xf32>, %V: memref<8x4xf32>, %O: memref<8x4xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %scale = arith.constant 5.000000e-01 : f32
  %S = memref.alloc() : memref<8x8xf32>
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      // expected-remark@+2 {{node0 starts group 0}}
      // expected-remark@+1 {{node1 joins group 0: the group so far only initialises its operands}}
      %dot = affine.for %d = 0 to 4 iter_args(%acc = %zero) -> (f32) {
        %q = affine.load %Q[%i, %d] : memref<8x4xf32>
        %k = affine.load %K[%j, %d] : memref<8x4xf32>
        %p = arith.mulf %q, %k : f32
        %s = arith.addf %acc, %p : f32
        affine.yield %s : f32
      }
      %scaled = arith.mulf %dot, %scale : f32
      // expected-remark@+1 {{node2 joins group 0: attention chain node1..node9, whose scores stay on chip tile by tile}}
      affine.store %scaled, %S[%i, %j] : memref<8x8xf32>
    }
  }
  affine.for %i = 0 to 8 {
    // expected-remark@+2 {{node3 joins group 0: attention chain node1..node9, whose scores stay on chip tile by tile}}
    // expected-remark@+1 {{node4 joins group 0: attention chain node1..node9, whose scores stay on chip tile by tile}}
    %max = affine.for %j = 0 to 8 iter_args(%m = %ninf) -> (f32) {
      %x = affine.load %S[%i, %j] : memref<8x8xf32>
      %n = arith.maximumf %m, %x : f32
      affine.yield %n : f32
    }
    // expected-remark@+2 {{node5 joins group 0: attention chain node1..node9, whose scores stay on chip tile by tile}}
    // expected-remark@+1 {{node6 joins group 0: attention chain node1..node9, whose scores stay on chip tile by tile}}
    %sum = affine.for %j = 0 to 8 iter_args(%t = %zero) -> (f32) {
      %x = affine.load %S[%i, %j] : memref<8x8xf32>
      %c = arith.subf %x, %max : f32
      %e = math.exp %c : f32
      affine.store %e, %S[%i, %j] : memref<8x8xf32>
      %u = arith.addf %t, %e : f32
      affine.yield %u : f32
    }
    affine.for %j = 0 to 8 {
      %e = affine.load %S[%i, %j] : memref<8x8xf32>
      %y = arith.divf %e, %sum : f32
      // expected-remark@+1 {{node7 joins group 0: attention chain node1..node9, whose scores stay on chip tile by tile}}
      affine.store %y, %S[%i, %j] : memref<8x8xf32>
    }
  }
  affine.for %i = 0 to 8 {
    affine.for %d = 0 to 4 {
      // expected-remark@+2 {{node8 joins group 0: attention chain node1..node9, whose scores stay on chip tile by tile}}
      // expected-remark@+1 {{node9 joins group 0: attention chain node1..node9, whose scores stay on chip tile by tile}}
      %o = affine.for %j = 0 to 8 iter_args(%acc = %zero) -> (f32) {
        %p = affine.load %S[%i, %j] : memref<8x8xf32>
        %v = affine.load %V[%j, %d] : memref<8x4xf32>
        %m = arith.mulf %p, %v : f32
        %s = arith.addf %acc, %m : f32
        affine.yield %s : f32
      }
      affine.store %o, %O[%i, %d] : memref<8x4xf32>
    }
  }
  memref.dealloc %S : memref<8x8xf32>
  return
}
// -----
func.func @mlp(%X: memref<4x6xf32>, %W1: memref<10x6xf32>, %W2: memref<6x10xf32>, %Y: memref<4x6xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %H = memref.alloc() : memref<4x10xf32>
  affine.for %s = 0 to 4 {
    affine.for %j = 0 to 10 {
      // expected-remark@+2 {{node0 starts group 0}}
      // expected-remark@+1 {{node1 joins group 0: the group so far only initialises its operands}}
      %v = affine.for %e = 0 to 6 iter_args(%acc = %zero) -> (f32) {
        %x = affine.load %X[%s, %e] : memref<4x6xf32>
        %w = affine.load %W1[%j, %e] : memref<10x6xf32>
        %m = arith.mulf %x, %w : f32
        %a = arith.addf %acc, %m : f32
        affine.yield %a : f32
      }
      %r = arith.maximumf %v, %zero : f32
      // expected-remark@+1 {{node2 joins group 0: elementwise epilogue, takes %H tile by tile}}
      affine.store %r, %H[%s, %j] : memref<4x10xf32>
    }
  }
  affine.for %s = 0 to 4 {
    affine.for %o = 0 to 6 {
      // expected-remark@+2 {{node3 joins group 1: an initialisation}}
      // expected-remark@+1 {{node4 starts group 1: keeping %H on chip would take group 0 to 160 bytes, over the budget of 1}}
      %v = affine.for %j = 0 to 10 iter_args(%acc = %zero) -> (f32) {
        %h = affine.load %H[%s, %j] : memref<4x10xf32>
        %w = affine.load %W2[%o, %j] : memref<6x10xf32>
        %m = arith.mulf %h, %w : f32
        %a = arith.addf %acc, %m : f32
        affine.yield %a : f32
      }
      affine.store %v, %Y[%s, %o] : memref<4x6xf32>
    }
  }
  memref.dealloc %H : memref<4x10xf32>
  return
}

// Two-node graphs with a memref.alloc intermediate: sol-unfused sends every tensor through DRAM
// once per node that touches it (the intermediate is written by one node and read by the next);
// sol-fused counts only compulsory traffic (graph inputs read once, graph outputs written once),
// so the intermediate costs nothing.
// H100-SXM (hardware/h100-sxm.json): matrix tf32 494.7e12, vector f32 66.9e12, DRAM 3.35e12 B/s.
// A100-SXM: matrix tf32 156e12, vector f32 19.5e12, DRAM 2.039e12 B/s.
//
// RUN: solar-opt %s --split-input-file --sol-unfused --sol-fused --hw h100-sxm | FileCheck %s
// RUN: solar-opt %s --split-input-file --sol-unfused --sol-fused --hw a100-sxm | FileCheck %s --check-prefix=AMP
// RUN: solar-opt %s --split-input-file --sol-unfused --sol-fused --hw h100-sxm --report=json | FileCheck %s --check-prefix=JSON
// RUN: solar-opt %examples/linear_bias_relu.mlir --bind batch_size=128,in_features=2048,out_features=4096 --sol-unfused --sol-fused --hw h100-sxm | FileCheck %s --check-prefix=LBR
// RUN: solar-opt %examples/layernorm.mlir --bind batch_size=16,seq_len=512,hidden=1024 --sol-unfused --sol-fused --hw h100-sxm | FileCheck %s --check-prefix=LN

// T = A * B (M=128, N=256, K=64) into an alloc, then Y = max(T + bias, 0).
//   node0: matrix FLOP 2*M*N*K = 2*128*256*64 = 4194304;
//          bytes (A 128*64 + B 64*256 + T 128*256 written) * 4 = (8192 + 16384 + 32768) * 4 = 229376
//          max(4194304 / 494.7e12 = 8.478 ns, 229376 / 3.35e12 = 68.470 ns) = 68.470 ns
//   node1: vector ops (addf, maximumf) 2 * 32768 = 65536;
//          bytes (T read 32768 + bias 256 + Y written 32768) * 4 = 263168
//          max(65536 / 66.9e12 = 0.980 ns, 263168 / 3.35e12 = 78.558 ns) = 78.558 ns
//   node times count every byte (a node on its own, as the report's table shows). The bounds
//   charge DRAM what a cold cache forces: each kernel's first reads of arguments, and of its
//   other reads and its writes only what cannot stay in H100's 50 MiB L2 (none here).
//   unfused: node0 reads A, B (98304 B cold) and writes T (stays in L2): max(8.478 ns,
//     98304 / 3.35e12 = 29.344 ns); node1 reads T (from L2) and bias (1024 B cold), writes Y
//     (stays in L2): max(0.980 ns, 0.306 ns) = 0.980 ns; 30.324 ns; 492544 bytes in and out of
//     kernels, 99328 charged
//   compulsory: (A 8192 + B 16384 + bias 256 + Y 32768) * 4 = 230400 (T excluded); charged:
//     the reads, 99328
//   fused: max(8.478 ns, 0.980 ns, 99328 / 3.35e12 = 29.650 ns) = 29.650 ns (2.965014925e-08 s)
//   on A100-SXM: unfused max(26.887, 48.212) + max(3.361, 0.502) = 51.573 ns;
//   fused 99328 / 2.039e12 = 48.714 ns (matrix 4194304 / 156e12 = 26.887 ns)
// CHECK-LABEL: SOL report: {{.*}} @matmul_bias_relu, 2 nodes
// CHECK-NEXT: totals: 4194304 matrix FLOP, 65536 vector ops, 492544 unfused bytes, 230400 compulsory bytes
// CHECK: H100-SXM 29.650 ns DRAM 8.478 ns 0.980 ns 29.650 ns
// CHECK: H100-SXM 30.324 ns DRAM 29.650 ns DRAM
// CHECK: node0 contraction - 2097152 4194304 0 229376 68.470 ns DRAM
// CHECK: node1 elementwise - 32768 0 65536 263168 78.558 ns DRAM
// AMP-LABEL:   SOL report: {{.*}} @matmul_bias_relu, 2 nodes
// AMP: A100-SXM 48.714 ns DRAM 26.887 ns 3.361 ns 48.714 ns
// AMP: A100-SXM 51.573 ns DRAM 48.714 ns DRAM
// JSON:        "entry": "matmul_bias_relu"
// JSON:        "totals": {"matrix_flops": 4194304, "vector_ops": 65536, "compulsory_bytes": 230400, "unfused_bytes": 492544, "node_bytes": 492544, "source_ops": 2}
// JSON:        "name": "node0", "einsum": null, "kind": "contraction", "iterations": 2097152, "matrix_flops": 4194304, "vector_ops": 0, "bytes": 229376, "seconds": 6.847044776{{[0-9]*}}e-08, "bound": "memory"
// JSON:        "name": "node1", "einsum": null, "kind": "elementwise", "iterations": 32768, "matrix_flops": 0, "vector_ops": 65536, "bytes": 263168, "seconds": 7.855761194{{[0-9]*}}e-08, "bound": "memory"
// JSON:        "sol": {"unfused": {"seconds": 3.032{{[0-9]*}}e-08, "bytes": 492544, "kernels": {{[0-9]+}}, "bound": "memory", "dram_bytes": 99328}, "fused": {"seconds": 2.965014925{{[0-9]*}}e-08, "bytes": 230400, "bound": "memory", "matrix_seconds": 8.478479886{{[0-9]*}}e-09, "vector_seconds": 9.796113602{{[0-9]*}}e-10, "memory_seconds": 2.965014925{{[0-9]*}}e-08, "vector_contraction_seconds": 0, "dram_bytes": 99328}
// JSON-SAME:   "cache_state": "cold", "persistent_bytes": 52428800}
func.func @matmul_bias_relu(%A: memref<128x64xf32>, %B: memref<64x256xf32>, %bias: memref<256xf32>, %Y: memref<128x256xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %T = memref.alloc() : memref<128x256xf32>
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 256 {
      %s = affine.for %k = 0 to 64 iter_args(%acc = %zero) -> (f32) {
        %a = affine.load %A[%i, %k] : memref<128x64xf32>
        %b = affine.load %B[%k, %j] : memref<64x256xf32>
        %p = arith.mulf %a, %b : f32
        %t = arith.addf %acc, %p : f32
        affine.yield %t : f32
      }
      affine.store %s, %T[%i, %j] : memref<128x256xf32>
    }
  }
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 256 {
      %t = affine.load %T[%i, %j] : memref<128x256xf32>
      %c = affine.load %bias[%j] : memref<256xf32>
      %u = arith.addf %t, %c : f32
      %r = arith.maximumf %u, %zero : f32
      affine.store %r, %Y[%i, %j] : memref<128x256xf32>
    }
  }
  memref.dealloc %T : memref<128x256xf32>
  return
}

// -----

// An output argument zeroed by one node and accumulated into by the next (C = 0; C += A * B,
// A 64x32, B 32x48, C 64x48): the second node reads C, but the graph wrote it first, so the
// compulsory traffic reads no C at all.
//   node0: C written 3072 * 4 = 12288 bytes: 3.668 ns
//   node1: matrix 2*64*48*32 = 196608; bytes (A 2048 + B 1536 + C read 3072 + C written 3072) * 4
//          = 38912: 11.616 ns (matrix 196608 / 494.7e12 = 0.397 ns)
//   unfused 12288 + 38912 = 51200 bytes, 3.668 + 11.616 = 15.284 ns
//   compulsory (A 2048 + B 1536 + C written 3072) * 4 = 26624; a cold cache charges DRAM the
//   reads, 14336 B (C stays in L2): 4.279 ns, unfused and fused alike (node0's writes stay in
//   L2, node1 reads C from there)
// CHECK-LABEL: SOL report: {{.*}} @zero_then_accumulate, 2 nodes
// CHECK-NEXT: totals: 196608 matrix FLOP, 0 vector ops, 51200 unfused bytes, 26624 compulsory bytes
// CHECK: H100-SXM 4.279 ns DRAM
// CHECK: H100-SXM 4.279 ns DRAM 4.279 ns DRAM
// CHECK: node0 elementwise - 3072 0 0 12288 3.668 ns DRAM
// CHECK: node1 contraction - 98304 196608 0 38912 11.616 ns DRAM
func.func @zero_then_accumulate(%A: memref<64x32xf32>, %B: memref<32x48xf32>, %C: memref<64x48xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 48 {
      affine.store %zero, %C[%i, %j] : memref<64x48xf32>
    }
  }
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

// LayerNorm (examples/layernorm.mlir) at batch_size=16, seq_len=512, hidden=1024: rows
// R = 16*512 = 8192, H = 1024; mean and rstd are memref.alloc buffers (R elements each).
//   node0 (statistics): per row H addf + 1 divf + 3H (subf, mulf, addf) + divf, addf, rsqrt
//          = 4H + 4 = 4100 vector ops; * 8192 = 33587200.
//          bytes: X read R*H = 8388608; mean and rstd zeroed first, then accumulated in place
//          (reads of what the node wrote: free), written 8192 each: (8388608 + 16384) * 4 = 33619968
//          max(33587200 / 66.9e12 = 0.502 us, 33619968 / 3.35e12 = 10.036 us) = 10.036 us
//   node1 (normalise): 4 ops (subf, mulf, mulf, addf) * R*H = 33554432 vector ops;
//          bytes (X 8388608 + mean 8192 + rstd 8192 + weight 1024 + bias 1024 + Y 8388608) * 4
//          = 67182592: 20.055 us
//   unfused 33619968 + 67182592 = 100802560 bytes; 10.036 + 20.055 = 30.090 us
//   compulsory (X 8388608 + weight 1024 + bias 1024 + Y 8388608) * 4 = 67117056 (mean, rstd
//   excluded); vector (33587200 + 33554432) / 66.9e12 = 1.004 us. A cold cache charges DRAM
//   the reads, 33562624 B: 10.019 us (Y, 32 MiB, may stay in the 50 MiB L2). Unfused: node0
//   reads X cold, 10.016 us; node1 may find X, mean and rstd in L2 and reads weight and bias
//   cold (8192 B), so its vector time binds, 0.502 us; 10.518 us in all.
// LN:      SOL report: {{.*}}layernorm.mlir @forward, 2 nodes
// LN: totals: 0 matrix FLOP, 67141632 vector ops, 100802560 unfused bytes, 67117056 compulsory bytes
// LN: H100-SXM 10.019 us DRAM 0 s 1.004 us 10.019 us
// LN: H100-SXM 10.518 us DRAM 10.019 us DRAM
// LN: node0 reduction - 8388608 0 33587200 33619968 10.036 us DRAM
// LN: node1 elementwise - 8388608 0 33554432 67182592 20.055 us DRAM

// No alloc, but the graph output updated in place by the second node
// (examples/linear_bias_relu.mlir at batch 128, in 2048, out 4096):
//   node0: matrix 2*128*4096*2048 = 2147483648 (4.341 us); bytes (X 262144 + weight 8388608 +
//          Y written 524288) * 4 = 36700160: 10.955 us
//   node1: Y read-modify-written in place (524288 + 524288) + bias 4096: 4210688 bytes, 1.257 us;
//          vector ops 2 * 524288 = 1048576 (15.674 ns)
//   unfused 36700160 + 4210688 = 40910848 bytes, 10.955 + 1.257 = 12.212 us
//   compulsory: Y is read only after the graph wrote it: (262144 + 8388608 + 4096 + 524288) * 4
//   = 36716544; charged (a cold cache: Y stays in L2) the reads, 34619392 B: 10.334 us;
//   unfused: node0 10.334 us (its reads), node1 reads Y from L2 and bias cold: its vector
//   time, 15.674 ns; 10.345 us
// LBR:      totals: 2147483648 matrix FLOP, 1048576 vector ops, 40910848 unfused bytes, 36716544 compulsory bytes
// LBR:      H100-SXM 10.334 us DRAM 4.341 us 15.674 ns 10.334 us
// LBR:      H100-SXM 10.345 us DRAM 10.334 us DRAM
// LBR:      node0 contraction - 1073741824 2147483648 0 36700160 10.955 us DRAM
// LBR-NEXT: node1 elementwise - 524288 0 1048576 4210688 1.257 us DRAM

// conv2d NCHW, 3x3 filter, stride 2, padding 1, with the padding written two ways: an affine.if
// guard inside full 0..3 window loops, and window loops clipped with max/min bounds. Every
// count below is hand arithmetic (checked by a brute-force enumeration of every loop point).
//
// Taps per spatial dim (only taps that fall inside the input execute): out row p reads input
// row 2p + r - 1, r in [0, 3). For p = 0 the tap r = 0 falls at row -1 (skipped); for the last
// p it falls past the end only when 2P > H (odd H).
//   H even (P = H/2):      taps = 3P - 1;   H odd (P = (H+1)/2): taps = 3P - 2.
// Input rows touched: every row 0..H-1 (stride 2 < window 3, so the windows overlap).
//
// H100-SXM (hardware/h100-sxm.json): f32 contractions on matrix tf32 494.7e12 FLOP/s, DRAM
// 3.35e12 B/s.
//
// RUN: solar-opt %s --split-input-file --sol-unfused --sol-fused --hw h100-sxm | FileCheck %s
// RUN: solar-opt %s --split-input-file --sol-unfused --sol-fused --hw h100-sxm --conv-algo=any | FileCheck %s --check-prefix=ANY
// RUN: solar-opt %s --split-input-file --sol-fused --hw h100-sxm --conv-algo=any --report=json | FileCheck %s --check-prefix=ANYJSON

// Small: N=2, C=3, H=8, W=9, F=4 -> P=4, Q=5.
//   taps: rows 3*4 - 1 = 11 (H even), cols 3*5 - 2 = 13 (W odd): 11 * 13 = 143 per (n, f, c)
//   executed taps = N*F*C*143 = 2*4*3*143 = 3432; matrix FLOP = 2 * 3432 = 6864
//   guard: iterations = the full domain N*F*P*Q*C*R*S = 2*4*4*5*3*3*3 = 4320
//   clip:  iterations = the executed taps = 3432
//   bytes: I all 2*3*8*9 = 432, W 4*3*3*3 = 108, O 2*4*4*5 = 160 read-modify-written in place
//          (no init: read once + written once): (432 + 108 + 160 + 160) * 4 = 3440
//   node time: 3440 / 3.35e12 = 1.027 ns (matrix 6864 / 494.7e12 = 0.014 ns): memory-bound;
//   the bounds charge the reads only (the output stays in L2): 2800 / 3.35e12 = 0.836 ns

// CHECK-LABEL: SOL report: {{.*}} @conv_small_guard, 1 node
// CHECK-NEXT: totals: 6864 matrix FLOP, 0 vector ops, 3440 unfused bytes, 3440 compulsory bytes
// CHECK: H100-SXM 0.836 ns DRAM
// CHECK: H100-SXM 0.836 ns DRAM 0.836 ns DRAM
// CHECK: node0 convolution - 4320 6864 0 3440 1.027 ns DRAM
// ANY-LABEL:   SOL report: {{.*}} @conv_small_guard, 1 node
// ANY: H100-SXM 0.836 ns DRAM
// ANY: every device: convolutions: the Winograd/FFT limit, 2 FLOP per output per input channel (--conv-algo=any)
// ANY: node0 convolution - 4320 6864 0 3440 1.027 ns DRAM
// ANYJSON:     "entry": "conv_small_guard"
// ANYJSON:     "conv_algo": "any"
func.func @conv_small_guard(%I: memref<2x3x8x9xf32>, %W: memref<4x3x3x3xf32>, %O: memref<2x4x4x5xf32>) {
  affine.for %n = 0 to 2 {
    affine.for %f = 0 to 4 {
      affine.for %p = 0 to 4 {
        affine.for %q = 0 to 5 {
          affine.for %c = 0 to 3 {
            affine.for %r = 0 to 3 {
              affine.for %s = 0 to 3 {
                affine.if affine_set<(d0, d1, d2, d3) : (d0 * 2 + d1 - 1 >= 0, -d0 * 2 - d1 + 8 >= 0, d2 * 2 + d3 - 1 >= 0, -d2 * 2 - d3 + 9 >= 0)>(%p, %r, %q, %s) {
                  %a = affine.load %I[%n, %c, %p * 2 + %r - 1, %q * 2 + %s - 1] : memref<2x3x8x9xf32>
                  %b = affine.load %W[%f, %c, %r, %s] : memref<4x3x3x3xf32>
                  %o = affine.load %O[%n, %f, %p, %q] : memref<2x4x4x5xf32>
                  %m = arith.mulf %a, %b : f32
                  %t = arith.addf %o, %m : f32
                  affine.store %t, %O[%n, %f, %p, %q] : memref<2x4x4x5xf32>
                }
              }
            }
          }
        }
      }
    }
  }
  return
}

// -----

// Small: N=2, C=3, H=8, W=9, F=4 -> P=4, Q=5.
//   taps: rows 3*4 - 1 = 11 (H even), cols 3*5 - 2 = 13 (W odd): 11 * 13 = 143 per (n, f, c)
//   executed taps = N*F*C*143 = 2*4*3*143 = 3432; matrix FLOP = 2 * 3432 = 6864
//   guard: iterations = the full domain N*F*P*Q*C*R*S = 2*4*4*5*3*3*3 = 4320
//   clip:  iterations = the executed taps = 3432
//   bytes: I all 2*3*8*9 = 432, W 4*3*3*3 = 108, O 2*4*4*5 = 160 read-modify-written in place
//          (no init: read once + written once): (432 + 108 + 160 + 160) * 4 = 3440
//   node time: 3440 / 3.35e12 = 1.027 ns (matrix 6864 / 494.7e12 = 0.014 ns): memory-bound;
//   the bounds charge the reads only (the output stays in L2): 2800 / 3.35e12 = 0.836 ns

// CHECK-LABEL: SOL report: {{.*}} @conv_small_clip, 1 node
// CHECK-NEXT: totals: 6864 matrix FLOP, 0 vector ops, 3440 unfused bytes, 3440 compulsory bytes
// CHECK: H100-SXM 0.836 ns DRAM
// CHECK: node0 convolution - 3432 6864 0 3440 1.027 ns DRAM
// ANY-LABEL:   SOL report: {{.*}} @conv_small_clip, 1 node
// ANY: node0 convolution - 3432 6864 0 3440 1.027 ns DRAM
func.func @conv_small_clip(%I: memref<2x3x8x9xf32>, %W: memref<4x3x3x3xf32>, %O: memref<2x4x4x5xf32>) {
  affine.for %n = 0 to 2 {
    affine.for %f = 0 to 4 {
      affine.for %p = 0 to 4 {
        affine.for %q = 0 to 5 {
          affine.for %c = 0 to 3 {
            affine.for %r = max affine_map<(d0) -> (0, -d0 * 2 + 1)>(%p) to min affine_map<(d0) -> (3, -d0 * 2 + 9)>(%p) {
              affine.for %s = max affine_map<(d0) -> (0, -d0 * 2 + 1)>(%q) to min affine_map<(d0) -> (3, -d0 * 2 + 10)>(%q) {
                %a = affine.load %I[%n, %c, %p * 2 + %r - 1, %q * 2 + %s - 1] : memref<2x3x8x9xf32>
                %b = affine.load %W[%f, %c, %r, %s] : memref<4x3x3x3xf32>
                %o = affine.load %O[%n, %f, %p, %q] : memref<2x4x4x5xf32>
                %m = arith.mulf %a, %b : f32
                %t = arith.addf %o, %m : f32
                affine.store %t, %O[%n, %f, %p, %q] : memref<2x4x4x5xf32>
              }
            }
          }
        }
      }
    }
  }
  return
}

// -----

// Large: N=1, C=512, H=56, W=57, F=512 -> P=28, Q=29.
//   taps: rows 3*28 - 1 = 83, cols 3*29 - 2 = 85: 7055 per (n, f, c)
//   matrix FLOP (direct) = 2 * 512 * 512 * 7055 = 3698851840
//   guard iterations = 512*28*29*512*9 = 1915748352; clip iterations = 512*512*7055 = 1849425920
//   bytes: I 512*56*57 = 1634304, W 512*512*9 = 2359296, O 512*28*29 = 415744 read + written:
//          (1634304 + 2359296 + 2*415744) * 4 = 19300352
//   bounds: a cold cache charges DRAM the reads, 17637376 bytes (O, read and written in place,
//   may stay in L2 when the kernel ends): 5.265 us
//   direct: matrix 3698851840 / 494.7e12 = 7.477 us > memory 5.265 us
//   --conv-algo=any (2 FLOP per output per input channel = 2*N*F*P*Q*C = 425721856, or the
//   direct count / 9 taps = 410983537.8; either way) matrix < 0.861 us, so memory-bound: 5.265 us

// CHECK-LABEL: SOL report: {{.*}} @conv_large_guard, 1 node
// CHECK-NEXT: totals: 3698851840 matrix FLOP, 0 vector ops, 19300352 unfused bytes, 19300352 compulsory bytes
// CHECK: H100-SXM 7.477 us matrix 7.477 us 0 s 5.265 us
// CHECK: H100-SXM 7.477 us {{[A-Za-z]+}} 7.477 us matrix
// CHECK: H100-SXM: {{.*}}f32 contractions on matrix tf32 494.7 TFLOP/s
// CHECK: node0 convolution - 1915748352 3698851840 0 19300352 7.477 us matrix
// ANY-LABEL:   SOL report: {{.*}} @conv_large_guard, 1 node
// ANY: H100-SXM 5.265 us DRAM
// ANY: H100-SXM 5.265 us DRAM 5.265 us DRAM
// ANY: node0 convolution - 1915748352 3698851840 0 19300352 5.761 us DRAM
// ANYJSON:     "entry": "conv_large_guard"
// ANYJSON:     "conv_algo": "any"
// ANYJSON:     "kind": "convolution", "iterations": 1915748352, "matrix_flops": 3698851840, "vector_ops": 0, "bytes": 19300352, "seconds": 5.7612991044{{[0-9]*}}e-06, "bound": "memory"
// ANYJSON:     "fused": {"seconds": 5.2648883582089551{{[0-9]*}}e-06, "bytes": 19300352, "bound": "memory"
func.func @conv_large_guard(%I: memref<1x512x56x57xf32>, %W: memref<512x512x3x3xf32>, %O: memref<1x512x28x29xf32>) {
  affine.for %n = 0 to 1 {
    affine.for %f = 0 to 512 {
      affine.for %p = 0 to 28 {
        affine.for %q = 0 to 29 {
          affine.for %c = 0 to 512 {
            affine.for %r = 0 to 3 {
              affine.for %s = 0 to 3 {
                affine.if affine_set<(d0, d1, d2, d3) : (d0 * 2 + d1 - 1 >= 0, -d0 * 2 - d1 + 56 >= 0, d2 * 2 + d3 - 1 >= 0, -d2 * 2 - d3 + 57 >= 0)>(%p, %r, %q, %s) {
                  %a = affine.load %I[%n, %c, %p * 2 + %r - 1, %q * 2 + %s - 1] : memref<1x512x56x57xf32>
                  %b = affine.load %W[%f, %c, %r, %s] : memref<512x512x3x3xf32>
                  %o = affine.load %O[%n, %f, %p, %q] : memref<1x512x28x29xf32>
                  %m = arith.mulf %a, %b : f32
                  %t = arith.addf %o, %m : f32
                  affine.store %t, %O[%n, %f, %p, %q] : memref<1x512x28x29xf32>
                }
              }
            }
          }
        }
      }
    }
  }
  return
}

// -----

// Large: N=1, C=512, H=56, W=57, F=512 -> P=28, Q=29.
//   taps: rows 3*28 - 1 = 83, cols 3*29 - 2 = 85: 7055 per (n, f, c)
//   matrix FLOP (direct) = 2 * 512 * 512 * 7055 = 3698851840
//   guard iterations = 512*28*29*512*9 = 1915748352; clip iterations = 512*512*7055 = 1849425920
//   bytes: I 512*56*57 = 1634304, W 512*512*9 = 2359296, O 512*28*29 = 415744 read + written:
//          (1634304 + 2359296 + 2*415744) * 4 = 19300352
//   bounds: a cold cache charges DRAM the reads, 17637376 bytes (O, read and written in place,
//   may stay in L2 when the kernel ends): 5.265 us
//   direct: matrix 3698851840 / 494.7e12 = 7.477 us > memory 5.265 us
//   --conv-algo=any (2 FLOP per output per input channel = 2*N*F*P*Q*C = 425721856, or the
//   direct count / 9 taps = 410983537.8; either way) matrix < 0.861 us, so memory-bound: 5.265 us

// (The clipped form under --conv-algo=any is checked in conv-any-padded.mlir.)
// CHECK-LABEL: SOL report: {{.*}} @conv_large_clip, 1 node
// CHECK-NEXT: totals: 3698851840 matrix FLOP, 0 vector ops, 19300352 unfused bytes, 19300352 compulsory bytes
// CHECK: H100-SXM 7.477 us matrix 7.477 us 0 s 5.265 us
// CHECK: H100-SXM 7.477 us {{[A-Za-z]+}} 7.477 us matrix
// CHECK: node0 convolution - 1849425920 3698851840 0 19300352 7.477 us matrix
func.func @conv_large_clip(%I: memref<1x512x56x57xf32>, %W: memref<512x512x3x3xf32>, %O: memref<1x512x28x29xf32>) {
  affine.for %n = 0 to 1 {
    affine.for %f = 0 to 512 {
      affine.for %p = 0 to 28 {
        affine.for %q = 0 to 29 {
          affine.for %c = 0 to 512 {
            affine.for %r = max affine_map<(d0) -> (0, -d0 * 2 + 1)>(%p) to min affine_map<(d0) -> (3, -d0 * 2 + 57)>(%p) {
              affine.for %s = max affine_map<(d0) -> (0, -d0 * 2 + 1)>(%q) to min affine_map<(d0) -> (3, -d0 * 2 + 58)>(%q) {
                %a = affine.load %I[%n, %c, %p * 2 + %r - 1, %q * 2 + %s - 1] : memref<1x512x56x57xf32>
                %b = affine.load %W[%f, %c, %r, %s] : memref<512x512x3x3xf32>
                %o = affine.load %O[%n, %f, %p, %q] : memref<1x512x28x29xf32>
                %m = arith.mulf %a, %b : f32
                %t = arith.addf %o, %m : f32
                affine.store %t, %O[%n, %f, %p, %q] : memref<1x512x28x29xf32>
              }
            }
          }
        }
      }
    }
  }
  return
}

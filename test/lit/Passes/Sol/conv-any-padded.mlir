// --conv-algo=any on padded convolutions (DESIGN section 4: the Winograd/FFT limit is
// "2 flops per output element per input channel, on the matrix unit"). Same kernels as the large
// ones in conv-stride2-pad.mlir: N=1, C=512, H=56, W=57, F=512, 3x3, stride 2, padding 1 ->
// P=28, Q=29; direct (executed taps only) = 3698851840 FLOP; bytes 19300352.
//
//   fast-algorithm FLOP = 2 * N * F * P * Q * C = 2 * 1 * 512 * 28 * 29 * 512 = 425721856
//   matrix time on H100-SXM (tf32 494.7e12 FLOP/s) = 425721856 / 494.7e12 = 8.6056570851e-07 s
//   memory: the node moves 19300352 bytes (5.761 us); the bound charges DRAM what a cold cache
//   forces, the reads 17637376 (the 1.66 MB output may stay in L2): 5.265 us, memory-bound.
//
// Clipped max/min window loops (first chunk): the window is the same 3x3 filter, so the
// fast-algorithm limit applies exactly as for the guarded form. Direct division by "window
// taps" is not the definition: with padding the direct count holds only the executed taps
// (3698851840 / 9 = 410983537.8, not an integer and below 2*N*F*P*Q*C), so the second chunk
// pins the matrix term of the guarded form to 2*N*F*P*Q*C as well.
//
// RUN: solar-opt %s --split-input-file --sol-unfused --sol-fused --hw h100-sxm --conv-algo=any | FileCheck %s
// RUN: solar-opt %s --split-input-file --sol-fused --hw h100-sxm --conv-algo=any --report=json | FileCheck %s --check-prefix=JSON

// CHECK-LABEL: SOL report: {{.*}} @conv_large_clip, 1 node
// CHECK: H100-SXM 5.265 us DRAM 860.566 ns 0 s 5.265 us
// CHECK: H100-SXM 5.265 us DRAM 5.265 us DRAM
// CHECK: node0 convolution - 1849425920 3698851840 0 19300352 5.761 us DRAM
// JSON:        "entry": "conv_large_clip"
// JSON:        "fused": {"seconds": 5.2648883582089551{{[0-9]*}}e-06, "bytes": 19300352, "bound": "memory", "matrix_seconds": 8.6056570851020816{{[0-9]*}}e-07,
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

// -----

// CHECK-LABEL: SOL report: {{.*}} @conv_large_guard, 1 node
// CHECK: H100-SXM 5.265 us DRAM 860.566 ns 0 s 5.265 us
// JSON:        "entry": "conv_large_guard"
// JSON:        "fused": {"seconds": 5.2648883582089551{{[0-9]*}}e-06, "bytes": 19300352, "bound": "memory", "matrix_seconds": 8.6056570851020816{{[0-9]*}}e-07,
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

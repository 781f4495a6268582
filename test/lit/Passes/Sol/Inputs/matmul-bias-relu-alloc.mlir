// T = A[128x64] * B[64x256] into a memref.alloc, then Y = max(T + bias, 0): two nodes.
// Hand counts in two-node-alloc.mlir; used by report-modes-hand.test.
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

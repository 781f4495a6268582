// A linear layer with its bias + ReLU epilogue inside the nest (for the tiled-execution test,
// not a test by itself): Y[b, o] = max(sum_i X[b, i] * W[o, i] + bias[o], 0), the sum started
// from 0 in an iter_args chain, the epilogue between the reduction loop and the one store.
func.func @forward(%X: memref<9x40xf32>, %W: memref<11x40xf32>, %bias: memref<11xf32>,
                   %Y: memref<9x11xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %b = 0 to 9 {
    affine.for %o = 0 to 11 {
      %dot = affine.for %i = 0 to 40 iter_args(%acc = %zero) -> (f32) {
        %x = affine.load %X[%b, %i] : memref<9x40xf32>
        %w = affine.load %W[%o, %i] : memref<11x40xf32>
        %p = arith.mulf %x, %w : f32
        %s = arith.addf %acc, %p : f32
        affine.yield %s : f32
      }
      %bv = affine.load %bias[%o] : memref<11xf32>
      %t = arith.addf %dot, %bv : f32
      %r = arith.maximumf %t, %zero : f32
      affine.store %r, %Y[%b, %o] : memref<9x11xf32>
    }
  }
  return
}

// Direct 2-D convolution, NCHW input, FCHW filter, stride 2, no padding:
// out[n, f, p, q] = sum_{c, r, s} in[n, c, 2p + r, 2q + s] * w[f, c, r, s]
// All shapes are static, so there are no size arguments:
// sizes.small:
// sizes.real:
func.func @forward(%in: memref<1x3x33x33xf32>, %w: memref<8x3x3x3xf32>,
                   %out: memref<1x8x16x16xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %n = 0 to 1 {
    affine.for %f = 0 to 8 {
      affine.for %p = 0 to 16 {
        affine.for %q = 0 to 16 {
          %acc = affine.for %c = 0 to 3 iter_args(%a0 = %zero) -> (f32) {
            %a1 = affine.for %r = 0 to 3 iter_args(%a2 = %a0) -> (f32) {
              %a3 = affine.for %s = 0 to 3 iter_args(%a4 = %a2) -> (f32) {
                %x = affine.load %in[%n, %c, %p * 2 + %r, %q * 2 + %s] : memref<1x3x33x33xf32>
                %k = affine.load %w[%f, %c, %r, %s] : memref<8x3x3x3xf32>
                %m = arith.mulf %x, %k : f32
                %y = arith.addf %a4, %m : f32
                affine.yield %y : f32
              }
              affine.yield %a3 : f32
            }
            affine.yield %a1 : f32
          }
          affine.store %acc, %out[%n, %f, %p, %q] : memref<1x8x16x16xf32>
        }
      }
    }
  }
  return
}

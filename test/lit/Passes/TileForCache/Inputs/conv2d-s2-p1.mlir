// A strided, padded 2-D convolution for the tiled-execution test (not a test by itself):
//   out[n, f, p, q] = sum_{c, r, s} in[n, c, 2p + r - 1, 2q + s - 1] * w[f, c, r, s]
// stride 2, padding 1 (never read: the r and s loops are clipped), 3x3 kernel, 11x13 input.
#tap_lo = affine_map<(d0) -> (0, -(d0 * 2) + 1)>
#tap_hi_h = affine_map<(d0) -> (3, -(d0 * 2) + 12)>
#tap_hi_w = affine_map<(d0) -> (3, -(d0 * 2) + 14)>
func.func @forward(%in: memref<2x3x11x13xf32>, %w: memref<5x3x3x3xf32>,
                   %out: memref<2x5x6x7xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %n = 0 to 2 {
    affine.for %f = 0 to 5 {
      affine.for %p = 0 to 6 {
        affine.for %q = 0 to 7 {
          %acc = affine.for %c = 0 to 3 iter_args(%a0 = %zero) -> (f32) {
            %a1 = affine.for %r = max #tap_lo(%p) to min #tap_hi_h(%p) iter_args(%a2 = %a0) -> (f32) {
              %a3 = affine.for %s = max #tap_lo(%q) to min #tap_hi_w(%q) iter_args(%a4 = %a2) -> (f32) {
                %x = affine.load %in[%n, %c, %p * 2 + %r - 1, %q * 2 + %s - 1] : memref<2x3x11x13xf32>
                %k = affine.load %w[%f, %c, %r, %s] : memref<5x3x3x3xf32>
                %m = arith.mulf %x, %k : f32
                %y = arith.addf %a4, %m : f32
                affine.yield %y : f32
              }
              affine.yield %a3 : f32
            }
            affine.yield %a1 : f32
          }
          affine.store %acc, %out[%n, %f, %p, %q] : memref<2x5x6x7xf32>
        }
      }
    }
  }
  return
}

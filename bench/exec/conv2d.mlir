// bench/exec: direct 2-D convolution, NCHW input, FCHW filter, stride 1, no padding, f32:
// out[n, f, p, q] = sum_{r, s, c} in[n, c, p + r, q + s] * w[f, c, r, s]
// N=1, C=32, H=W=34, F=32, 3x3 filter, 32x32 output. Loops n, f, p, q, then r, s, then the
// input channel c innermost; one f32 accumulator threads through r, s and c (iter_args).
// conv2d.c runs the same nest in the same order.
func.func @forward(%in: memref<1x32x34x34xf32>, %w: memref<32x32x3x3xf32>,
                   %out: memref<1x32x32x32xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %n = 0 to 1 {
    affine.for %f = 0 to 32 {
      affine.for %p = 0 to 32 {
        affine.for %q = 0 to 32 {
          %acc = affine.for %r = 0 to 3 iter_args(%a0 = %zero) -> (f32) {
            %a1 = affine.for %s = 0 to 3 iter_args(%a2 = %a0) -> (f32) {
              %a3 = affine.for %c = 0 to 32 iter_args(%a4 = %a2) -> (f32) {
                %x = affine.load %in[%n, %c, %p + %r, %q + %s] : memref<1x32x34x34xf32>
                %k = affine.load %w[%f, %c, %r, %s] : memref<32x32x3x3xf32>
                %m = arith.mulf %x, %k : f32
                %y = arith.addf %a4, %m : f32
                affine.yield %y : f32
              }
              affine.yield %a3 : f32
            }
            affine.yield %a1 : f32
          }
          affine.store %acc, %out[%n, %f, %p, %q] : memref<1x32x32x32xf32>
        }
      }
    }
  }
  return
}

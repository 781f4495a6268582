// The note's example 2 (io-lower-bounds.md section 8): f16 conv2d, N = 32, C = O = 256,
// 28 x 28 in and out, 3 x 3, stride 1, padding 1, the window clipped to the input, as every
// library runs it (padding taps are never executed). Each output is zeroed, then accumulated.
func.func @forward(%I: memref<32x256x28x28xf16>, %W: memref<256x256x3x3xf16>,
                   %O: memref<32x256x28x28xf16>) {
  %zero = arith.constant 0.000000e+00 : f16
  affine.for %n = 0 to 32 {
    affine.for %f = 0 to 256 {
      affine.for %p = 0 to 28 {
        affine.for %q = 0 to 28 {
          affine.store %zero, %O[%n, %f, %p, %q] : memref<32x256x28x28xf16>
          affine.for %c = 0 to 256 {
            affine.for %r = max affine_map<(d0) -> (0, -d0 + 1)>(%p) to min affine_map<(d0) -> (3, -d0 + 29)>(%p) {
              affine.for %s = max affine_map<(d0) -> (0, -d0 + 1)>(%q) to min affine_map<(d0) -> (3, -d0 + 29)>(%q) {
                %a = affine.load %I[%n, %c, %p + %r - 1, %q + %s - 1] : memref<32x256x28x28xf16>
                %b = affine.load %W[%f, %c, %r, %s] : memref<256x256x3x3xf16>
                %o = affine.load %O[%n, %f, %p, %q] : memref<32x256x28x28xf16>
                %m = arith.mulf %a, %b : f16
                %t = arith.addf %o, %m : f16
                affine.store %t, %O[%n, %f, %p, %q] : memref<32x256x28x28xf16>
              }
            }
          }
        }
      }
    }
  }
  return
}

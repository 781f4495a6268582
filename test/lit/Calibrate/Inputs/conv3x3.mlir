// A 3x3 convolution, stride 1, no padding, f32, NCHW x FCHW: the shape
// torch.nn.functional.conv2d (oneDNN) runs in never_beaten.py.
func.func @forward(%in: memref<8x64x58x58xf32>, %w: memref<64x64x3x3xf32>,
                   %out: memref<8x64x56x56xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %n = 0 to 8 {
    affine.for %f = 0 to 64 {
      affine.for %p = 0 to 56 {
        affine.for %q = 0 to 56 {
          %sum = affine.for %c = 0 to 64 iter_args(%acc = %zero) -> (f32) {
            %t = affine.for %r = 0 to 3 iter_args(%a1 = %acc) -> (f32) {
              %u = affine.for %s = 0 to 3 iter_args(%a2 = %a1) -> (f32) {
                %x = affine.load %in[%n, %c, %p + %r, %q + %s] : memref<8x64x58x58xf32>
                %y = affine.load %w[%f, %c, %r, %s] : memref<64x64x3x3xf32>
                %m = arith.mulf %x, %y : f32
                %v = arith.addf %a2, %m : f32
                affine.yield %v : f32
              }
              affine.yield %u : f32
            }
            affine.yield %t : f32
          }
          affine.store %sum, %out[%n, %f, %p, %q] : memref<8x64x56x56xf32>
        }
      }
    }
  }
  return
}

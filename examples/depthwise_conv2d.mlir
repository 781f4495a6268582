// Depthwise nn.Conv2d(channels, channels, kernel_size=3, stride=1, padding=0,
// groups=channels, bias=False); weight is [channels, 1, 3, 3]:
//   out[n, c, p, q] = sum_{r, s} in[n, c, p + r, q + s] * weight[c, 0, r, s]
// The output is (height - 2) x (width - 2); the 3x3 window is a two-level iter_args reduction.
// sizes.small: batch_size=2, channels=3, height=6, width=7
// sizes.real: batch_size=16, channels=128, height=112, width=112
#valid = affine_map<()[s0] -> (s0 - 2)>
func.func @forward(%batch_size: index, %channels: index, %height: index, %width: index,
                   %in: memref<?x?x?x?xf32>, %weight: memref<?x1x3x3xf32>,
                   %out: memref<?x?x?x?xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %n = 0 to %batch_size {
    affine.for %c = 0 to %channels {
      affine.for %p = 0 to #valid()[%height] {
        affine.for %q = 0 to #valid()[%width] {
          %sum = affine.for %r = 0 to 3 iter_args(%a0 = %zero) -> (f32) {
            %a1 = affine.for %s = 0 to 3 iter_args(%a2 = %a0) -> (f32) {
              %x = affine.load %in[%n, %c, %p + %r, %q + %s] : memref<?x?x?x?xf32>
              %w = affine.load %weight[%c, 0, %r, %s] : memref<?x1x3x3xf32>
              %m = arith.mulf %x, %w : f32
              %t = arith.addf %a2, %m : f32
              affine.yield %t : f32
            }
            affine.yield %a1 : f32
          }
          affine.store %sum, %out[%n, %c, %p, %q] : memref<?x?x?x?xf32>
        }
      }
    }
  }
  return
}

// nn.AvgPool2d(kernel_size=2, stride=2) on NCHW input (no padding; an odd trailing row or
// column is dropped): out[n, c, p, q] = 0.25 * sum_{r, s in [0, 2)} in[n, c, 2p + r, 2q + s]
// Output size height floordiv 2 x width floordiv 2.
// sizes.small: batch_size=2, channels=3, height=7, width=8
// sizes.real: batch_size=16, channels=64, height=224, width=224
#out_size = affine_map<()[s0] -> (s0 floordiv 2)>
func.func @forward(%batch_size: index, %channels: index, %height: index, %width: index,
                   %in: memref<?x?x?x?xf32>, %out: memref<?x?x?x?xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %quarter = arith.constant 2.500000e-01 : f32
  affine.for %n = 0 to %batch_size {
    affine.for %c = 0 to %channels {
      affine.for %p = 0 to #out_size()[%height] {
        affine.for %q = 0 to #out_size()[%width] {
          %sum = affine.for %r = 0 to 2 iter_args(%a0 = %zero) -> (f32) {
            %a1 = affine.for %s = 0 to 2 iter_args(%a2 = %a0) -> (f32) {
              %x = affine.load %in[%n, %c, %p * 2 + %r, %q * 2 + %s] : memref<?x?x?x?xf32>
              %t = arith.addf %a2, %x : f32
              affine.yield %t : f32
            }
            affine.yield %a1 : f32
          }
          %avg = arith.mulf %sum, %quarter : f32
          affine.store %avg, %out[%n, %c, %p, %q] : memref<?x?x?x?xf32>
        }
      }
    }
  }
  return
}

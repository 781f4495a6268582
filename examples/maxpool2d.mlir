// nn.MaxPool2d(kernel_size=3, stride=2, padding=1) on NCHW input:
//   out[n, c, p, q] = max over r, s in [0, 3) of in[n, c, 2p + r - 1, 2q + s - 1],
// where the padding (-inf in PyTorch) is never read: the window loops have clipped bounds
//   max(0, 1 - 2p) <= r < min(3, height + 1 - 2p),
// and the max starts from -inf (0xFF800000). Output size (height + 1) floordiv 2.
// sizes.small: batch_size=2, channels=3, height=7, width=6
// sizes.real: batch_size=32, channels=64, height=112, width=112
#out_size = affine_map<()[s0] -> ((s0 + 1) floordiv 2)>
#win_lo = affine_map<(d0) -> (0, d0 * -2 + 1)>
#win_hi = affine_map<(d0)[s0] -> (3, s0 - d0 * 2 + 1)>
func.func @forward(%batch_size: index, %channels: index, %height: index, %width: index,
                   %in: memref<?x?x?x?xf32>, %out: memref<?x?x?x?xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  affine.for %n = 0 to %batch_size {
    affine.for %c = 0 to %channels {
      affine.for %p = 0 to #out_size()[%height] {
        affine.for %q = 0 to #out_size()[%width] {
          %mx = affine.for %r = max #win_lo(%p) to min #win_hi(%p)[%height] iter_args(%m0 = %ninf) -> (f32) {
            %m1 = affine.for %s = max #win_lo(%q) to min #win_hi(%q)[%width] iter_args(%m2 = %m0) -> (f32) {
              %x = affine.load %in[%n, %c, %p * 2 + %r - 1, %q * 2 + %s - 1] : memref<?x?x?x?xf32>
              %m3 = arith.maximumf %m2, %x : f32
              affine.yield %m3 : f32
            }
            affine.yield %m1 : f32
          }
          affine.store %mx, %out[%n, %c, %p, %q] : memref<?x?x?x?xf32>
        }
      }
    }
  }
  return
}

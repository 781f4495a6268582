// nn.Conv2d(in_channels, out_channels, kernel_size=3, padding=2, dilation=2, groups=2), with
// bias; NCHW input, weight [out_channels, in_channels / 2, 3, 3]; the output keeps the
// input's height and width (H + 2*2 - 2*(3 - 1) = H). With ipg = in_channels / 2 and
// opg = out_channels / 2 channels per group:
//   out[n, g*opg + fo, p, q] = bias[g*opg + fo]
//       + sum_{c, r, s} in[n, g*ipg + c, p + 2r - 2, q + 2s - 2] * weight[g*opg + fo, c, r, s]
// The zero padding is never read: the r and s loops have clipped bounds
//   max(0, ceil((2 - p) / 2)) <= r < min(3, floor((H + 3 - p) / 2)).
// Group offsets are products of the group loop with a function-level symbol (g * symbol(opg)).
// sizes.small: batch_size=2, in_channels=4, out_channels=6, height=5, width=6
// sizes.real: batch_size=16, in_channels=64, out_channels=128, height=224, width=224
#half = affine_map<()[s0] -> (s0 floordiv 2)>
#tap_lo = affine_map<(d0) -> (0, (-d0 + 2) ceildiv 2)>
#tap_hi = affine_map<(d0)[s0] -> (3, (s0 - d0 + 3) floordiv 2)>
func.func @forward(%batch_size: index, %in_channels: index, %out_channels: index,
                   %height: index, %width: index, %in: memref<?x?x?x?xf32>,
                   %weight: memref<?x?x3x3xf32>, %bias: memref<?xf32>,
                   %out: memref<?x?x?x?xf32>) {
  %ipg = affine.apply #half()[%in_channels]
  %opg = affine.apply #half()[%out_channels]
  affine.for %n = 0 to %batch_size {
    affine.for %g = 0 to 2 {
      affine.for %fo = 0 to %opg {
        %b = affine.load %bias[%g * symbol(%opg) + %fo] : memref<?xf32>
        affine.for %p = 0 to %height {
          affine.for %q = 0 to %width {
            %sum = affine.for %c = 0 to %ipg iter_args(%a0 = %b) -> (f32) {
              %a1 = affine.for %r = max #tap_lo(%p) to min #tap_hi(%p)[%height] iter_args(%a2 = %a0) -> (f32) {
                %a3 = affine.for %s = max #tap_lo(%q) to min #tap_hi(%q)[%width] iter_args(%a4 = %a2) -> (f32) {
                  %x = affine.load %in[%n, %g * symbol(%ipg) + %c, %p + %r * 2 - 2, %q + %s * 2 - 2] : memref<?x?x?x?xf32>
                  %w = affine.load %weight[%g * symbol(%opg) + %fo, %c, %r, %s] : memref<?x?x3x3xf32>
                  %m = arith.mulf %x, %w : f32
                  %t = arith.addf %a4, %m : f32
                  affine.yield %t : f32
                }
                affine.yield %a3 : f32
              }
              affine.yield %a1 : f32
            }
            affine.store %sum, %out[%n, %g * symbol(%opg) + %fo, %p, %q] : memref<?x?x?x?xf32>
          }
        }
      }
    }
  }
  return
}

// nn.ConvTranspose2d(in_channels, out_channels, kernel_size=3, stride=2, padding=0,
// bias=False); weight is [in_channels, out_channels, 3, 3]; the output is
// (2 * height + 1) x (2 * width + 1). Written as a scatter-accumulate: the kernel zeroes the
// output, then every input element adds its contribution to a 3x3 output window:
//   out[n, f, 2i + r, 2j + s] += in[n, c, i, j] * weight[c, f, r, s]
// sizes.small: batch_size=2, in_channels=3, out_channels=2, height=3, width=4
// sizes.real: batch_size=16, in_channels=128, out_channels=64, height=64, width=64
#out_size = affine_map<()[s0] -> (s0 * 2 + 1)>
func.func @forward(%batch_size: index, %in_channels: index, %out_channels: index,
                   %height: index, %width: index, %in: memref<?x?x?x?xf32>,
                   %weight: memref<?x?x3x3xf32>, %out: memref<?x?x?x?xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %n = 0 to %batch_size {
    affine.for %f = 0 to %out_channels {
      affine.for %y = 0 to #out_size()[%height] {
        affine.for %x = 0 to #out_size()[%width] {
          affine.store %zero, %out[%n, %f, %y, %x] : memref<?x?x?x?xf32>
        }
      }
    }
  }
  affine.for %n = 0 to %batch_size {
    affine.for %c = 0 to %in_channels {
      affine.for %i = 0 to %height {
        affine.for %j = 0 to %width {
          %v = affine.load %in[%n, %c, %i, %j] : memref<?x?x?x?xf32>
          affine.for %f = 0 to %out_channels {
            affine.for %r = 0 to 3 {
              affine.for %s = 0 to 3 {
                %w = affine.load %weight[%c, %f, %r, %s] : memref<?x?x3x3xf32>
                %o = affine.load %out[%n, %f, %i * 2 + %r, %j * 2 + %s] : memref<?x?x?x?xf32>
                %m = arith.mulf %v, %w : f32
                %a = arith.addf %o, %m : f32
                affine.store %a, %out[%n, %f, %i * 2 + %r, %j * 2 + %s] : memref<?x?x?x?xf32>
              }
            }
          }
        }
      }
    }
  }
  return
}

// nn.Conv3d(in_channels, out_channels, kernel_size=3, stride=1, padding=1, bias=False),
// NCDHW input, [out, in, 3, 3, 3] weight; the output has the input's spatial size:
//   out[n, f, d, h, w] = sum_{c, i, j, k} in[n, c, d + i - 1, h + j - 1, w + k - 1] * weight[f, c, i, j, k]
// Each output element is zeroed by the kernel and then accumulated in place
// (read-modify-write); taps in the zero padding are skipped by an affine.if without results.
// sizes.small: batch_size=2, in_channels=2, out_channels=3, depth=3, height=4, width=5
// sizes.real: batch_size=16, in_channels=32, out_channels=64, depth=32, height=64, width=64
// sizes.host: batch_size=4, in_channels=32, out_channels=64, depth=32, height=64, width=64
#inside = affine_set<(d0, d1, d2, d3, d4, d5)[s0, s1, s2] :
    (d0 + d3 - 1 >= 0, s0 - d0 - d3 >= 0,
     d1 + d4 - 1 >= 0, s1 - d1 - d4 >= 0,
     d2 + d5 - 1 >= 0, s2 - d2 - d5 >= 0)>
func.func @forward(%batch_size: index, %in_channels: index, %out_channels: index,
                   %depth: index, %height: index, %width: index,
                   %in: memref<?x?x?x?x?xf32>, %weight: memref<?x?x3x3x3xf32>,
                   %out: memref<?x?x?x?x?xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %n = 0 to %batch_size {
    affine.for %f = 0 to %out_channels {
      affine.for %d = 0 to %depth {
        affine.for %h = 0 to %height {
          affine.for %w = 0 to %width {
            affine.store %zero, %out[%n, %f, %d, %h, %w] : memref<?x?x?x?x?xf32>
            affine.for %c = 0 to %in_channels {
              affine.for %i = 0 to 3 {
                affine.for %j = 0 to 3 {
                  affine.for %k = 0 to 3 {
                    affine.if #inside(%d, %h, %w, %i, %j, %k)[%depth, %height, %width] {
                      %x = affine.load %in[%n, %c, %d + %i - 1, %h + %j - 1, %w + %k - 1] : memref<?x?x?x?x?xf32>
                      %y = affine.load %weight[%f, %c, %i, %j, %k] : memref<?x?x3x3x3xf32>
                      %o = affine.load %out[%n, %f, %d, %h, %w] : memref<?x?x?x?x?xf32>
                      %m = arith.mulf %x, %y : f32
                      %s = arith.addf %o, %m : f32
                      affine.store %s, %out[%n, %f, %d, %h, %w] : memref<?x?x?x?x?xf32>
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }
  return
}

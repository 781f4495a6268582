// nn.Conv1d(in_channels, out_channels, kernel_size=3, stride=2, padding=1), with bias:
//   out[n, f, p] = bias[f] + sum_{c, k} in[n, c, 2p + k - 1] * weight[f, c, k]
// where taps with 2p + k - 1 outside [0, length) read the zero padding. The padding is an
// affine.if with a result inside an iter_args chain (the else branch passes the sum on).
// out_length = (length + 2 - 3) floordiv 2 + 1 = (length + 1) floordiv 2.
// sizes.small: batch_size=2, in_channels=3, out_channels=4, length=9
// sizes.real: batch_size=16, in_channels=64, out_channels=128, length=4096
#out_length = affine_map<()[s0] -> ((s0 + 1) floordiv 2)>
#in_range = affine_set<(d0, d1)[s0] : (d0 * 2 + d1 - 1 >= 0, s0 - d0 * 2 - d1 >= 0)>
func.func @forward(%batch_size: index, %in_channels: index, %out_channels: index,
                   %length: index, %in: memref<?x?x?xf32>, %weight: memref<?x?x3xf32>,
                   %bias: memref<?xf32>, %out: memref<?x?x?xf32>) {
  affine.for %n = 0 to %batch_size {
    affine.for %f = 0 to %out_channels {
      %b = affine.load %bias[%f] : memref<?xf32>
      affine.for %p = 0 to #out_length()[%length] {
        %sum = affine.for %c = 0 to %in_channels iter_args(%a0 = %b) -> (f32) {
          %a1 = affine.for %k = 0 to 3 iter_args(%a2 = %a0) -> (f32) {
            %a3 = affine.if #in_range(%p, %k)[%length] -> f32 {
              %x = affine.load %in[%n, %c, %p * 2 + %k - 1] : memref<?x?x?xf32>
              %w = affine.load %weight[%f, %c, %k] : memref<?x?x3xf32>
              %m = arith.mulf %x, %w : f32
              %s = arith.addf %a2, %m : f32
              affine.yield %s : f32
            } else {
              affine.yield %a2 : f32
            }
            affine.yield %a3 : f32
          }
          affine.yield %a1 : f32
        }
        affine.store %sum, %out[%n, %f, %p] : memref<?x?x?xf32>
      }
    }
  }
  return
}

// nn.Linear(in_features, out_features) followed by ReLU:
//   Y[b, o] = max(sum_i X[b, i] * weight[o, i] + bias[o], 0)
// weight is [out_features, in_features] and bias [out_features] (state_dict order).
// The matmul is an affine nest (iter_args reduction, stored once into Y); the bias + ReLU
// epilogue is a linalg.generic that updates Y in place.
// sizes.small: batch_size=3, in_features=7, out_features=5
// sizes.real: batch_size=128, in_features=2048, out_features=4096
#row_bias = affine_map<(d0, d1) -> (d1)>
#identity = affine_map<(d0, d1) -> (d0, d1)>
func.func @forward(%batch_size: index, %in_features: index, %out_features: index,
                   %X: memref<?x?xf32>, %weight: memref<?x?xf32>, %bias: memref<?xf32>,
                   %Y: memref<?x?xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %b = 0 to %batch_size {
    affine.for %o = 0 to %out_features {
      %dot = affine.for %i = 0 to %in_features iter_args(%acc = %zero) -> (f32) {
        %x = affine.load %X[%b, %i] : memref<?x?xf32>
        %w = affine.load %weight[%o, %i] : memref<?x?xf32>
        %p = arith.mulf %x, %w : f32
        %s = arith.addf %acc, %p : f32
        affine.yield %s : f32
      }
      affine.store %dot, %Y[%b, %o] : memref<?x?xf32>
    }
  }
  linalg.generic {indexing_maps = [#row_bias, #identity], iterator_types = ["parallel", "parallel"]}
      ins(%bias : memref<?xf32>) outs(%Y : memref<?x?xf32>) {
  ^bb0(%bv: f32, %yv: f32):
    %z = arith.constant 0.000000e+00 : f32
    %t = arith.addf %yv, %bv : f32
    %r = arith.maximumf %t, %z : f32
    linalg.yield %r : f32
  }
  return
}

// BatchNorm1d in training mode over x[batch_size, features]: per feature c,
//   mean = sum_b x / N, var = sum_b (x - mean)^2 / N (biased, for the output),
//   out = (x - mean) / sqrt(var + 1e-5) * weight + bias,
//   running_mean = 0.9 * running_mean + 0.1 * mean,
//   running_var = 0.9 * running_var + 0.1 * var * N / (N - 1) (unbiased).
func.func @forward(%batch_size: index, %features: index, %x: memref<?x?xf32>,
                   %weight: memref<?xf32>, %bias: memref<?xf32>, %running_mean: memref<?xf32>,
                   %running_var: memref<?xf32>, %out: memref<?x?xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %one = arith.constant 1.000000e+00 : f32
  %eps = arith.constant 9.99999974E-6 : f32
  %mom = arith.constant 1.000000e-01 : f32
  %keep = arith.constant 0.899999976 : f32
  %ni = arith.index_cast %batch_size : index to i64
  %n = arith.sitofp %ni : i64 to f32
  %nm1 = arith.subf %n, %one : f32
  affine.for %c = 0 to %features {
    %sum = affine.for %b = 0 to %batch_size iter_args(%s = %zero) -> (f32) {
      %v = affine.load %x[%b, %c] : memref<?x?xf32>
      %t = arith.addf %s, %v : f32
      affine.yield %t : f32
    }
    %mean = arith.divf %sum, %n : f32
    %ss = affine.for %b = 0 to %batch_size iter_args(%s = %zero) -> (f32) {
      %v = affine.load %x[%b, %c] : memref<?x?xf32>
      %d = arith.subf %v, %mean : f32
      %q = arith.mulf %d, %d : f32
      %t = arith.addf %s, %q : f32
      affine.yield %t : f32
    }
    %var = arith.divf %ss, %n : f32
    %ve = arith.addf %var, %eps : f32
    %rstd = math.rsqrt %ve : f32
    %w = affine.load %weight[%c] : memref<?xf32>
    %bb = affine.load %bias[%c] : memref<?xf32>
    affine.for %b = 0 to %batch_size {
      %v = affine.load %x[%b, %c] : memref<?x?xf32>
      %d = arith.subf %v, %mean : f32
      %nrm = arith.mulf %d, %rstd : f32
      %sc = arith.mulf %nrm, %w : f32
      %y = arith.addf %sc, %bb : f32
      affine.store %y, %out[%b, %c] : memref<?x?xf32>
    }
    %rm = affine.load %running_mean[%c] : memref<?xf32>
    %rm1 = arith.mulf %rm, %keep : f32
    %rm2 = arith.mulf %mean, %mom : f32
    %rm3 = arith.addf %rm1, %rm2 : f32
    affine.store %rm3, %running_mean[%c] : memref<?xf32>
    %uv = arith.divf %ss, %nm1 : f32
    %rv = affine.load %running_var[%c] : memref<?xf32>
    %rv1 = arith.mulf %rv, %keep : f32
    %rv2 = arith.mulf %uv, %mom : f32
    %rv3 = arith.addf %rv1, %rv2 : f32
    affine.store %rv3, %running_var[%c] : memref<?xf32>
  }
  return
}

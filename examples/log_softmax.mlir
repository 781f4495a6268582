// Numerically stable log-softmax over the last dim of X[batch_size, dim]:
//   m = max_d X[b, d],  l = log(sum_d exp(X[b, d] - m)),  Y[b, d] = X[b, d] - m - l
// Both row reductions are iter_args loops; -inf (0xFF800000) seeds the max.
// sizes.small: batch_size=3, dim=17
// sizes.real: batch_size=16, dim=16384
func.func @forward(%batch_size: index, %dim: index, %X: memref<?x?xf32>, %Y: memref<?x?xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %b = 0 to %batch_size {
    %max = affine.for %d = 0 to %dim iter_args(%m = %ninf) -> (f32) {
      %x = affine.load %X[%b, %d] : memref<?x?xf32>
      %n = arith.maximumf %m, %x : f32
      affine.yield %n : f32
    }
    %sum = affine.for %d = 0 to %dim iter_args(%s = %zero) -> (f32) {
      %x = affine.load %X[%b, %d] : memref<?x?xf32>
      %c = arith.subf %x, %max : f32
      %e = math.exp %c : f32
      %t = arith.addf %s, %e : f32
      affine.yield %t : f32
    }
    %lse = math.log %sum : f32
    affine.for %d = 0 to %dim {
      %x = affine.load %X[%b, %d] : memref<?x?xf32>
      %c = arith.subf %x, %max : f32
      %y = arith.subf %c, %lse : f32
      affine.store %y, %Y[%b, %d] : memref<?x?xf32>
    }
  }
  return
}

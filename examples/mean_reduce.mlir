// Mean over dim 1 of X[batch_size, dim1, dim2]: Y[b, j] = (sum_k X[b, k, j]) / dim1.
// iter_args reduction over the strided k axis; the divisor comes from the size argument
// through arith.index_cast and arith.sitofp.
// sizes.small: batch_size=3, dim1=9, dim2=5
// sizes.real: batch_size=16, dim1=256, dim2=256
func.func @forward(%batch_size: index, %dim1: index, %dim2: index, %X: memref<?x?x?xf32>,
                   %Y: memref<?x?xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %ki = arith.index_cast %dim1 : index to i64
  %kf = arith.sitofp %ki : i64 to f32
  affine.for %b = 0 to %batch_size {
    affine.for %j = 0 to %dim2 {
      %sum = affine.for %k = 0 to %dim1 iter_args(%acc = %zero) -> (f32) {
        %x = affine.load %X[%b, %k, %j] : memref<?x?x?xf32>
        %n = arith.addf %acc, %x : f32
        affine.yield %n : f32
      }
      %m = arith.divf %sum, %kf : f32
      affine.store %m, %Y[%b, %j] : memref<?x?xf32>
    }
  }
  return
}

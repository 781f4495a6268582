// Argmax over dim 1 of X[batch_size, dim1, dim2] into i64 indices: Y[b, j] = argmax_k X[b, k, j].
// Ties keep the first index (strict compare); as in torch a NaN counts as the maximum and the
// first NaN wins: x is taken when (x > best or x is NaN) [cmpf ugt] and best is not NaN [cmpf ord].
// The index is carried as i64 (arith.index_cast of the induction variable).
// sizes.small: batch_size=3, dim1=8, dim2=5
// sizes.real: batch_size=16, dim1=256, dim2=256
func.func @forward(%batch_size: index, %dim1: index, %dim2: index, %X: memref<?x?x?xf32>,
                   %Y: memref<?x?xi64>) {
  %ninf = arith.constant 0xFF800000 : f32
  %i0 = arith.constant 0 : i64
  affine.for %b = 0 to %batch_size {
    affine.for %j = 0 to %dim2 {
      %r:2 = affine.for %k = 0 to %dim1 iter_args(%best = %ninf, %idx = %i0) -> (f32, i64) {
        %x = affine.load %X[%b, %k, %j] : memref<?x?x?xf32>
        %gt = arith.cmpf ugt, %x, %best : f32
        %ok = arith.cmpf ord, %best, %best : f32
        %ki = arith.index_cast %k : index to i64
        %nb0 = arith.select %gt, %x, %best : f32
        %ni0 = arith.select %gt, %ki, %idx : i64
        %nb = arith.select %ok, %nb0, %best : f32
        %ni = arith.select %ok, %ni0, %idx : i64
        affine.yield %nb, %ni : f32, i64
      }
      affine.store %r#1, %Y[%b, %j] : memref<?x?xi64>
    }
  }
  return
}

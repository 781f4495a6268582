// Max over dim 1 of X[batch_size, dim1, dim2]: Y[b, j] = max_k X[b, k, j].
// iter_args reduction seeded with -inf (0xFF800000); arith.maximumf propagates NaN like torch.max.
// sizes.small: batch_size=3, dim1=7, dim2=6
// sizes.real: batch_size=16, dim1=256, dim2=256
func.func @forward(%batch_size: index, %dim1: index, %dim2: index, %X: memref<?x?x?xf32>,
                   %Y: memref<?x?xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  affine.for %b = 0 to %batch_size {
    affine.for %j = 0 to %dim2 {
      %max = affine.for %k = 0 to %dim1 iter_args(%m = %ninf) -> (f32) {
        %x = affine.load %X[%b, %k, %j] : memref<?x?x?xf32>
        %n = arith.maximumf %m, %x : f32
        affine.yield %n : f32
      }
      affine.store %max, %Y[%b, %j] : memref<?x?xf32>
    }
  }
  return
}

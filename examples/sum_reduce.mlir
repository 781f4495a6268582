// Sum over dim 1 of X[batch_size, dim1, dim2], keepdim: Y[b, 0, j] = sum_k X[b, k, j].
// Read-modify-write accumulation into the output (zeroed by the kernel first), with the
// reduced loop outside the contiguous j loop.
// sizes.small: batch_size=3, dim1=7, dim2=5
// sizes.real: batch_size=16, dim1=256, dim2=256
func.func @forward(%batch_size: index, %dim1: index, %dim2: index, %X: memref<?x?x?xf32>,
                   %Y: memref<?x1x?xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %b = 0 to %batch_size {
    affine.for %j = 0 to %dim2 {
      affine.store %zero, %Y[%b, 0, %j] : memref<?x1x?xf32>
    }
    affine.for %k = 0 to %dim1 {
      affine.for %j = 0 to %dim2 {
        %x = affine.load %X[%b, %k, %j] : memref<?x?x?xf32>
        %acc = affine.load %Y[%b, 0, %j] : memref<?x1x?xf32>
        %n = arith.addf %acc, %x : f32
        affine.store %n, %Y[%b, 0, %j] : memref<?x1x?xf32>
      }
    }
  }
  return
}

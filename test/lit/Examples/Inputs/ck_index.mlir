// check-example test: the index argument %dim is missing from the sizes lines.
// sizes.small: batch_size=3
// sizes.real: batch_size=16
func.func @forward(%batch_size: index, %dim: index, %X: memref<?x?xf32>, %Y: memref<?x?xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %b = 0 to %batch_size {
    affine.for %d = 0 to %dim {
      %x = affine.load %X[%b, %d] : memref<?x?xf32>
      %y = arith.maximumf %x, %zero : f32
      affine.store %y, %Y[%b, %d] : memref<?x?xf32>
    }
  }
  return
}

// ReLU inside a loop of 10^12 iterations: past solar-run's step limit, which the validation
// sees before running it.
func.func @forward(%batch_size: index, %dim: index, %X: memref<?x?xf32>, %Y: memref<?x?xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %i = 0 to 1000000000000 {
    affine.for %b = 0 to %batch_size {
      affine.for %d = 0 to %dim {
        %x = affine.load %X[%b, %d] : memref<?x?xf32>
        %r = arith.maximumf %x, %zero : f32
        affine.store %r, %Y[%b, %d] : memref<?x?xf32>
      }
    }
  }
  return
}

// ReLU in a loop that runs far longer than any validation should, though within solar-run's step
// limit (13e6 * (1 + 16 + 16 * 8) = 1.885e9 steps at batch_size=16, dim=8).
func.func @forward(%batch_size: index, %dim: index, %X: memref<?x?xf32>, %Y: memref<?x?xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %i = 0 to 13000000 {
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

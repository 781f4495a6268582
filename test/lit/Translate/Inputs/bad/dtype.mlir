// ReLU on f16 where the program has f32.
func.func @forward(%batch_size: index, %dim: index, %X: memref<?x?xf16>, %Y: memref<?x?xf16>) {
  %zero = arith.constant 0.000000e+00 : f16
  affine.for %b = 0 to %batch_size {
    affine.for %d = 0 to %dim {
      %x = affine.load %X[%b, %d] : memref<?x?xf16>
      %r = arith.maximumf %x, %zero : f16
      affine.store %r, %Y[%b, %d] : memref<?x?xf16>
    }
  }
  return
}

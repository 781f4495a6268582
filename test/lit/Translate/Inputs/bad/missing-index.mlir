// ReLU with the size constant dim missing (written as 8).
func.func @forward(%batch_size: index, %X: memref<?x8xf32>, %Y: memref<?x8xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %b = 0 to %batch_size {
    affine.for %d = 0 to 8 {
      %x = affine.load %X[%b, %d] : memref<?x8xf32>
      %r = arith.maximumf %x, %zero : f32
      affine.store %r, %Y[%b, %d] : memref<?x8xf32>
    }
  }
  return
}

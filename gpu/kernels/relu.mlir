// y = max(x, 0) over N f32 (gpu-check's relu_cold).
func.func @forward(%N: index, %x: memref<?xf32>, %y: memref<?xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %i = 0 to %N {
    %v = affine.load %x[%i] : memref<?xf32>
    %r = arith.maxf %v, %zero : f32
    affine.store %r, %y[%i] : memref<?xf32>
  }
  return
}

// The sum of N f32 into one value (gpu-check's sum_cold).
func.func @forward(%N: index, %x: memref<?xf32>, %total: memref<f32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %s = affine.for %i = 0 to %N iter_args(%acc = %zero) -> (f32) {
    %v = affine.load %x[%i] : memref<?xf32>
    %t = arith.addf %acc, %v : f32
    affine.yield %t : f32
  }
  affine.store %s, %total[] : memref<f32>
  return
}

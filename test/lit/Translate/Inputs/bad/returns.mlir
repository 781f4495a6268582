// A forward that returns its result instead of writing an output argument.
func.func @forward(%batch_size: index, %dim: index, %X: memref<?x?xf32>, %Y: memref<?x?xf32>) -> f32 {
  %zero = arith.constant 0.000000e+00 : f32
  return %zero : f32
}

// ReLU that never stores its result.
func.func @forward(%batch_size: index, %dim: index, %X: memref<?x?xf32>, %Y: memref<?x?xf32>) {
  return
}

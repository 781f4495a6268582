// ReLU without its output argument.
func.func @forward(%batch_size: index, %dim: index, %X: memref<?x?xf32>) {
  return
}

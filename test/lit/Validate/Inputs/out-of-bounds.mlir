// Parses, but solar-opt's verifier rejects it: the loop reads past the end of %X.
func.func @forward(%X: memref<4xf32>, %Y: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    %x = affine.load %X[%i] : memref<4xf32>
    affine.store %x, %Y[%i] : memref<8xf32>
  }
  return
}

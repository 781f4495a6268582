// One function, not called @forward: it is the default entry.
func.func @kernel(%A: memref<?xf32>, %N: index) {
  affine.for %i = 0 to %N {
    %v = affine.load %A[%i] : memref<?xf32>
  }
  return
}

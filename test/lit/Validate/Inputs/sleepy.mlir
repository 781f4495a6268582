// A copy kernel whose twin (sleepy.py) sleeps in forward: the per-case timeout must stop it.
// sizes.small: n=4
func.func @forward(%n: index, %X: memref<?xf32>, %Y: memref<?xf32>) {
  affine.for %i = 0 to %n {
    %x = affine.load %X[%i] : memref<?xf32>
    affine.store %x, %Y[%i] : memref<?xf32>
  }
  return
}

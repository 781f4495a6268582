// A scalar float argument: the JIT main has nothing to pass for it.
func.func @forward(%s: f32, %A: memref<4xf32>) {
  affine.for %i = 0 to 4 {
    affine.store %s, %A[%i] : memref<4xf32>
  }
  return
}

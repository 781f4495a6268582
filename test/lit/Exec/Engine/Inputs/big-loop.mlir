// Loops the automatic engine choice estimates at 1e8 iterations (worth compiling), though the
// body stops after one: for the fallback test of cache.test.
func.func @forward(%out: memref<1xf32>) {
  %one = arith.constant 1.0 : f32
  affine.for %i = 0 to 10000 {
    affine.for %j = 0 to 10000 {
      affine.store %one, %out[0] : memref<1xf32>
    }
  }
  return
}

// c = a + b over N f32 (gpu-check's vadd_cold and vadd_warm).
func.func @forward(%N: index, %a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>) {
  affine.for %i = 0 to %N {
    %x = affine.load %a[%i] : memref<?xf32>
    %y = affine.load %b[%i] : memref<?xf32>
    %s = arith.addf %x, %y : f32
    affine.store %s, %c[%i] : memref<?xf32>
  }
  return
}

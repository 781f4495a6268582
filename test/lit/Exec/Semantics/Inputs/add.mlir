// z[i, j] = x[i, j] + y[j] for the CLI tests (cli-*.test). %x has a `?` dim.
func.func @forward(%x: memref<?x3xf32>, %y: memref<3xf32>, %z: memref<2x3xf32>) {
  affine.for %i = 0 to 2 {
    affine.for %j = 0 to 3 {
      %a = affine.load %x[%i, %j] : memref<?x3xf32>
      %b = affine.load %y[%j] : memref<3xf32>
      %s = arith.addf %a, %b : f32
      affine.store %s, %z[%i, %j] : memref<2x3xf32>
    }
  }
  return
}

// Y = X W^T, then GELU applied to Y in place, then Z = 2 Y: the first two nests carry the
// importer's provenance (solar.op, solar.loc), the third has none, so the report names it by
// its kind and its line in this file.
func.func @forward(%X: memref<64x128xf32>, %W: memref<256x128xf32>, %Y: memref<64x256xf32>,
                   %Z: memref<64x256xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %half = arith.constant 5.000000e-01 : f32
  %one = arith.constant 1.000000e+00 : f32
  %rsqrt2 = arith.constant 7.071067690e-01 : f32
  %two = arith.constant 2.000000e+00 : f32
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 256 {
      %s = affine.for %k = 0 to 128 iter_args(%acc = %zero) -> (f32) {
        %x = affine.load %X[%i, %k] : memref<64x128xf32>
        %w = affine.load %W[%j, %k] : memref<256x128xf32>
        %p = arith.mulf %x, %w : f32
        %a = arith.addf %acc, %p : f32
        affine.yield %a : f32
      }
      affine.store %s, %Y[%i, %j] : memref<64x256xf32>
    }
  } {solar.op = "aten.mm", solar.loc = "model.py:12"}
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 256 {
      %y = affine.load %Y[%i, %j] : memref<64x256xf32>
      %u = arith.mulf %y, %rsqrt2 : f32
      %e = math.erf %u : f32
      %t = arith.addf %one, %e : f32
      %h = arith.mulf %half, %y : f32
      %g = arith.mulf %h, %t : f32
      affine.store %g, %Y[%i, %j] : memref<64x256xf32>
    }
  } {solar.op = "aten.gelu_", solar.loc = "model.py:13"}
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 256 {
      %y = affine.load %Y[%i, %j] : memref<64x256xf32>
      %z = arith.mulf %y, %two : f32
      affine.store %z, %Z[%i, %j] : memref<64x256xf32>
    }
  }
  return
}

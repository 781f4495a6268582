// GELU, exact (erf) form, elementwise, as nn.GELU():
//   Y[b, d] = 0.5 * x * (1 + erf(x / sqrt(2))),  x = X[b, d]
// sizes.small: batch_size=3, dim=13
// sizes.real: batch_size=16, dim=16384
func.func @forward(%batch_size: index, %dim: index, %X: memref<?x?xf32>, %Y: memref<?x?xf32>) {
  %half = arith.constant 5.000000e-01 : f32
  %one = arith.constant 1.000000e+00 : f32
  %rsqrt2 = arith.constant 0.707106769 : f32
  affine.for %b = 0 to %batch_size {
    affine.for %d = 0 to %dim {
      %x = affine.load %X[%b, %d] : memref<?x?xf32>
      %s = arith.mulf %x, %rsqrt2 : f32
      %e = math.erf %s : f32
      %t = arith.addf %e, %one : f32
      %h = arith.mulf %x, %half : f32
      %y = arith.mulf %h, %t : f32
      affine.store %y, %Y[%b, %d] : memref<?x?xf32>
    }
  }
  return
}

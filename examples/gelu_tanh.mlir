// GELU, tanh approximation, elementwise, as nn.GELU(approximate='tanh'):
//   Y[b, d] = 0.5 * x * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x^3))),  x = X[b, d]
// sizes.small: batch_size=3, dim=13
// sizes.real: batch_size=16, dim=16384
func.func @forward(%batch_size: index, %dim: index, %X: memref<?x?xf32>, %Y: memref<?x?xf32>) {
  %half = arith.constant 5.000000e-01 : f32
  %one = arith.constant 1.000000e+00 : f32
  %k0 = arith.constant 0.797884583 : f32
  %k1 = arith.constant 4.471500e-02 : f32
  affine.for %b = 0 to %batch_size {
    affine.for %d = 0 to %dim {
      %x = affine.load %X[%b, %d] : memref<?x?xf32>
      %x2 = arith.mulf %x, %x : f32
      %x3 = arith.mulf %x2, %x : f32
      %c = arith.mulf %x3, %k1 : f32
      %inner = arith.addf %x, %c : f32
      %arg = arith.mulf %inner, %k0 : f32
      %th = math.tanh %arg : f32
      %t = arith.addf %th, %one : f32
      %h = arith.mulf %x, %half : f32
      %y = arith.mulf %h, %t : f32
      affine.store %y, %Y[%b, %d] : memref<?x?xf32>
    }
  }
  return
}

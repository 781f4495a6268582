// SiLU (swish), elementwise over a 4-D activation: Y = x * sigmoid(x) = x / (1 + exp(-x)).
// sizes.small: batch_size=2, channels=3, height=5, width=4
// sizes.real: batch_size=16, channels=64, height=256, width=256
func.func @forward(%batch_size: index, %channels: index, %height: index, %width: index,
                   %X: memref<?x?x?x?xf32>, %Y: memref<?x?x?x?xf32>) {
  %one = arith.constant 1.000000e+00 : f32
  affine.for %n = 0 to %batch_size {
    affine.for %c = 0 to %channels {
      affine.for %h = 0 to %height {
        affine.for %w = 0 to %width {
          %x = affine.load %X[%n, %c, %h, %w] : memref<?x?x?x?xf32>
          %nx = arith.negf %x : f32
          %e = math.exp %nx : f32
          %den = arith.addf %e, %one : f32
          %y = arith.divf %x, %den : f32
          affine.store %y, %Y[%n, %c, %h, %w] : memref<?x?x?x?xf32>
        }
      }
    }
  }
  return
}

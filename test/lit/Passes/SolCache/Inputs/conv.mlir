// Direct 3x3 convolutions, NCHW input, OCHW filter, no padding, 8 x 64 -> 64 channels,
// 56 x 56 outputs: @s1 stride 1, @s2 stride 2, @s2d2 stride 2 and dilation 2, @k1 a 1x1 kernel.
func.func @s1(%I: memref<8x64x58x58xf32>, %W: memref<64x64x3x3xf32>, %Y: memref<8x64x56x56xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %n = 0 to 8 {
    affine.for %o = 0 to 64 {
      affine.for %p = 0 to 56 {
        affine.for %q = 0 to 56 {
          %acc = affine.for %c = 0 to 64 iter_args(%a0 = %zero) -> (f32) {
            %a1 = affine.for %r = 0 to 3 iter_args(%a2 = %a0) -> (f32) {
              %a3 = affine.for %s = 0 to 3 iter_args(%a4 = %a2) -> (f32) {
                %x = affine.load %I[%n, %c, %p * 1 + %r * 1, %q * 1 + %s * 1] : memref<8x64x58x58xf32>
                %w = affine.load %W[%o, %c, %r, %s] : memref<64x64x3x3xf32>
                %m = arith.mulf %x, %w : f32
                %y = arith.addf %a4, %m : f32
                affine.yield %y : f32
              }
              affine.yield %a3 : f32
            }
            affine.yield %a1 : f32
          }
          affine.store %acc, %Y[%n, %o, %p, %q] : memref<8x64x56x56xf32>
        }
      }
    }
  }
  return
}
func.func @s2(%I: memref<8x64x113x113xf32>, %W: memref<64x64x3x3xf32>, %Y: memref<8x64x56x56xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %n = 0 to 8 {
    affine.for %o = 0 to 64 {
      affine.for %p = 0 to 56 {
        affine.for %q = 0 to 56 {
          %acc = affine.for %c = 0 to 64 iter_args(%a0 = %zero) -> (f32) {
            %a1 = affine.for %r = 0 to 3 iter_args(%a2 = %a0) -> (f32) {
              %a3 = affine.for %s = 0 to 3 iter_args(%a4 = %a2) -> (f32) {
                %x = affine.load %I[%n, %c, %p * 2 + %r * 1, %q * 2 + %s * 1] : memref<8x64x113x113xf32>
                %w = affine.load %W[%o, %c, %r, %s] : memref<64x64x3x3xf32>
                %m = arith.mulf %x, %w : f32
                %y = arith.addf %a4, %m : f32
                affine.yield %y : f32
              }
              affine.yield %a3 : f32
            }
            affine.yield %a1 : f32
          }
          affine.store %acc, %Y[%n, %o, %p, %q] : memref<8x64x56x56xf32>
        }
      }
    }
  }
  return
}
func.func @s2d2(%I: memref<8x64x115x115xf32>, %W: memref<64x64x3x3xf32>, %Y: memref<8x64x56x56xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %n = 0 to 8 {
    affine.for %o = 0 to 64 {
      affine.for %p = 0 to 56 {
        affine.for %q = 0 to 56 {
          %acc = affine.for %c = 0 to 64 iter_args(%a0 = %zero) -> (f32) {
            %a1 = affine.for %r = 0 to 3 iter_args(%a2 = %a0) -> (f32) {
              %a3 = affine.for %s = 0 to 3 iter_args(%a4 = %a2) -> (f32) {
                %x = affine.load %I[%n, %c, %p * 2 + %r * 2, %q * 2 + %s * 2] : memref<8x64x115x115xf32>
                %w = affine.load %W[%o, %c, %r, %s] : memref<64x64x3x3xf32>
                %m = arith.mulf %x, %w : f32
                %y = arith.addf %a4, %m : f32
                affine.yield %y : f32
              }
              affine.yield %a3 : f32
            }
            affine.yield %a1 : f32
          }
          affine.store %acc, %Y[%n, %o, %p, %q] : memref<8x64x56x56xf32>
        }
      }
    }
  }
  return
}
func.func @k1(%I: memref<8x64x56x56xf32>, %W: memref<64x64x1x1xf32>, %Y: memref<8x64x56x56xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %n = 0 to 8 {
    affine.for %o = 0 to 64 {
      affine.for %p = 0 to 56 {
        affine.for %q = 0 to 56 {
          %acc = affine.for %c = 0 to 64 iter_args(%a0 = %zero) -> (f32) {
            %a1 = affine.for %r = 0 to 1 iter_args(%a2 = %a0) -> (f32) {
              %a3 = affine.for %s = 0 to 1 iter_args(%a4 = %a2) -> (f32) {
                %x = affine.load %I[%n, %c, %p * 1 + %r * 1, %q * 1 + %s * 1] : memref<8x64x56x56xf32>
                %w = affine.load %W[%o, %c, %r, %s] : memref<64x64x1x1xf32>
                %m = arith.mulf %x, %w : f32
                %y = arith.addf %a4, %m : f32
                affine.yield %y : f32
              }
              affine.yield %a3 : f32
            }
            affine.yield %a1 : f32
          }
          affine.store %acc, %Y[%n, %o, %p, %q] : memref<8x64x56x56xf32>
        }
      }
    }
  }
  return
}

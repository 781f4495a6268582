// BatchNorm2d, inference: X[batch_size, features, dim1, dim2] normalised per channel c with the
// running statistics (eps 1e-5):
//   scale[c] = weight[c] * (1 / sqrt(running_var[c] + eps)),  shift[c] = bias[c] - running_mean[c] * scale[c]
//   Y[n, c, h, w] = X[n, c, h, w] * scale[c] + shift[c]
// scale and shift are per-channel vectors in memref.alloc buffers.
// sizes.small: batch_size=2, features=3, dim1=5, dim2=4
// sizes.real: batch_size=16, features=64, dim1=256, dim2=256
func.func @forward(%batch_size: index, %features: index, %dim1: index, %dim2: index,
                   %X: memref<?x?x?x?xf32>, %weight: memref<?xf32>, %bias: memref<?xf32>,
                   %running_mean: memref<?xf32>, %running_var: memref<?xf32>,
                   %Y: memref<?x?x?x?xf32>) {
  %eps = arith.constant 9.99999974E-6 : f32
  %one = arith.constant 1.000000e+00 : f32
  %scale = memref.alloc(%features) : memref<?xf32>
  %shift = memref.alloc(%features) : memref<?xf32>
  affine.for %c = 0 to %features {
    %v = affine.load %running_var[%c] : memref<?xf32>
    %ve = arith.addf %v, %eps : f32
    %sd = math.sqrt %ve : f32
    %inv = arith.divf %one, %sd : f32
    %w = affine.load %weight[%c] : memref<?xf32>
    %sc = arith.mulf %inv, %w : f32
    affine.store %sc, %scale[%c] : memref<?xf32>
    %m = affine.load %running_mean[%c] : memref<?xf32>
    %b = affine.load %bias[%c] : memref<?xf32>
    %ms = arith.mulf %m, %sc : f32
    %sh = arith.subf %b, %ms : f32
    affine.store %sh, %shift[%c] : memref<?xf32>
  }
  affine.for %n = 0 to %batch_size {
    affine.for %c = 0 to %features {
      affine.for %h = 0 to %dim1 {
        affine.for %w = 0 to %dim2 {
          %x = affine.load %X[%n, %c, %h, %w] : memref<?x?x?x?xf32>
          %sc = affine.load %scale[%c] : memref<?xf32>
          %sh = affine.load %shift[%c] : memref<?xf32>
          %xs = arith.mulf %x, %sc : f32
          %y = arith.addf %xs, %sh : f32
          affine.store %y, %Y[%n, %c, %h, %w] : memref<?x?x?x?xf32>
        }
      }
    }
  }
  memref.dealloc %scale : memref<?xf32>
  memref.dealloc %shift : memref<?xf32>
  return
}

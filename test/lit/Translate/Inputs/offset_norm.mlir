// offset_norm.py: y = x * 0.001 + 1000, out = (y - mean(y)) / sqrt(mean((y - mean(y))^2)) per
// row; y is recomputed where it is needed, the row statistics live in f32 buffers.
// sizes.small: batch_size=4, features=16
// sizes.real: batch_size=4, features=16
func.func @forward(%batch_size: index, %features: index, %x: memref<?x?xf32>,
                   %out: memref<?x?xf32>) {
  %zero = arith.constant 0.000000000e+00 : f32
  %scale = arith.constant 1.000000047e-03 : f32
  %offset = arith.constant 1.000000000e+03 : f32
  %ni = arith.index_cast %features : index to i64
  %n = arith.sitofp %ni : i64 to f32
  %mean = memref.alloc(%batch_size) : memref<?xf32>
  %var = memref.alloc(%batch_size) : memref<?xf32>
  affine.for %b = 0 to %batch_size {
    affine.store %zero, %mean[%b] : memref<?xf32>
    affine.for %f = 0 to %features {
      %xv = affine.load %x[%b, %f] : memref<?x?xf32>
      %s = arith.mulf %xv, %scale : f32
      %y = arith.addf %s, %offset : f32
      %acc = affine.load %mean[%b] : memref<?xf32>
      %sum = arith.addf %acc, %y : f32
      affine.store %sum, %mean[%b] : memref<?xf32>
    }
    %total = affine.load %mean[%b] : memref<?xf32>
    %mu = arith.divf %total, %n : f32
    affine.store %mu, %mean[%b] : memref<?xf32>
    affine.store %zero, %var[%b] : memref<?xf32>
    affine.for %f = 0 to %features {
      %xv = affine.load %x[%b, %f] : memref<?x?xf32>
      %s = arith.mulf %xv, %scale : f32
      %y = arith.addf %s, %offset : f32
      %m = affine.load %mean[%b] : memref<?xf32>
      %d = arith.subf %y, %m : f32
      %sq = arith.mulf %d, %d : f32
      %acc = affine.load %var[%b] : memref<?xf32>
      %sum = arith.addf %acc, %sq : f32
      affine.store %sum, %var[%b] : memref<?xf32>
    }
    %ss = affine.load %var[%b] : memref<?xf32>
    %v = arith.divf %ss, %n : f32
    %sd = math.sqrt %v : f32
    affine.store %sd, %var[%b] : memref<?xf32>
    affine.for %f = 0 to %features {
      %xv = affine.load %x[%b, %f] : memref<?x?xf32>
      %s = arith.mulf %xv, %scale : f32
      %y = arith.addf %s, %offset : f32
      %m = affine.load %mean[%b] : memref<?xf32>
      %d = arith.subf %y, %m : f32
      %sdv = affine.load %var[%b] : memref<?xf32>
      %o = arith.divf %d, %sdv : f32
      affine.store %o, %out[%b, %f] : memref<?x?xf32>
    }
  }
  // one-wrong: %w = affine.load %out[1, 5] : memref<?x?xf32>
  // one-wrong: %k = arith.constant 1.001 : f32
  // one-wrong: %wk = arith.mulf %w, %k : f32
  // one-wrong: affine.store %wk, %out[1, 5] : memref<?x?xf32>
  return
}

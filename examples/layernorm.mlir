// LayerNorm over the last dim of X[batch_size, seq_len, hidden] (nn.LayerNorm(hidden), eps 1e-5,
// biased variance), with per-element affine weight and bias:
//   Y[b, s, h] = (X[b, s, h] - mean[b, s]) * rstd[b, s] * weight[h] + bias[h]
// mean and rstd are per-row scalars kept in memref.alloc buffers, accumulated
// read-modify-write (the kernel zeroes them first).
// sizes.small: batch_size=2, seq_len=3, hidden=11
// sizes.real: batch_size=16, seq_len=512, hidden=1024
func.func @forward(%batch_size: index, %seq_len: index, %hidden: index,
                   %X: memref<?x?x?xf32>, %weight: memref<?xf32>, %bias: memref<?xf32>,
                   %Y: memref<?x?x?xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %eps = arith.constant 9.99999974E-6 : f32
  %hi = arith.index_cast %hidden : index to i64
  %hf = arith.sitofp %hi : i64 to f32
  %mean = memref.alloc(%batch_size, %seq_len) : memref<?x?xf32>
  %rstd = memref.alloc(%batch_size, %seq_len) : memref<?x?xf32>
  affine.for %b = 0 to %batch_size {
    affine.for %s = 0 to %seq_len {
      affine.store %zero, %mean[%b, %s] : memref<?x?xf32>
      affine.store %zero, %rstd[%b, %s] : memref<?x?xf32>
      // mean: sum into mean[b, s], then divide
      affine.for %h = 0 to %hidden {
        %x = affine.load %X[%b, %s, %h] : memref<?x?x?xf32>
        %acc = affine.load %mean[%b, %s] : memref<?x?xf32>
        %n = arith.addf %acc, %x : f32
        affine.store %n, %mean[%b, %s] : memref<?x?xf32>
      }
      %sum = affine.load %mean[%b, %s] : memref<?x?xf32>
      %mu = arith.divf %sum, %hf : f32
      affine.store %mu, %mean[%b, %s] : memref<?x?xf32>
      // variance: sum of squared deviations into rstd[b, s], then 1 / sqrt(var + eps)
      affine.for %h = 0 to %hidden {
        %x = affine.load %X[%b, %s, %h] : memref<?x?x?xf32>
        %m = affine.load %mean[%b, %s] : memref<?x?xf32>
        %c = arith.subf %x, %m : f32
        %sq = arith.mulf %c, %c : f32
        %acc = affine.load %rstd[%b, %s] : memref<?x?xf32>
        %n = arith.addf %acc, %sq : f32
        affine.store %n, %rstd[%b, %s] : memref<?x?xf32>
      }
      %ss = affine.load %rstd[%b, %s] : memref<?x?xf32>
      %var = arith.divf %ss, %hf : f32
      %ve = arith.addf %var, %eps : f32
      %r = math.rsqrt %ve : f32
      affine.store %r, %rstd[%b, %s] : memref<?x?xf32>
    }
  }
  affine.for %b = 0 to %batch_size {
    affine.for %s = 0 to %seq_len {
      affine.for %h = 0 to %hidden {
        %x = affine.load %X[%b, %s, %h] : memref<?x?x?xf32>
        %m = affine.load %mean[%b, %s] : memref<?x?xf32>
        %r = affine.load %rstd[%b, %s] : memref<?x?xf32>
        %w = affine.load %weight[%h] : memref<?xf32>
        %bi = affine.load %bias[%h] : memref<?xf32>
        %c = arith.subf %x, %m : f32
        %n = arith.mulf %c, %r : f32
        %sc = arith.mulf %n, %w : f32
        %y = arith.addf %sc, %bi : f32
        affine.store %y, %Y[%b, %s, %h] : memref<?x?x?xf32>
      }
    }
  }
  memref.dealloc %mean : memref<?x?xf32>
  memref.dealloc %rstd : memref<?x?xf32>
  return
}

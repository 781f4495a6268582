// RMSNorm over the last dim of X[batch_size, seq_len, hidden], eps 1e-6:
//   r[b, s] = rsqrt(sum_h X[b, s, h]^2 / hidden + eps),  Y[b, s, h] = X[b, s, h] * r[b, s] * weight[h]
// The sum of squares is an iter_args reduction.
// sizes.small: batch_size=2, seq_len=5, hidden=9
// sizes.real: batch_size=16, seq_len=256, hidden=4096
func.func @forward(%batch_size: index, %seq_len: index, %hidden: index,
                   %X: memref<?x?x?xf32>, %weight: memref<?xf32>, %Y: memref<?x?x?xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %eps = arith.constant 9.99999997E-7 : f32
  %hi = arith.index_cast %hidden : index to i64
  %hf = arith.sitofp %hi : i64 to f32
  affine.for %b = 0 to %batch_size {
    affine.for %s = 0 to %seq_len {
      %ss = affine.for %h = 0 to %hidden iter_args(%acc = %zero) -> (f32) {
        %x = affine.load %X[%b, %s, %h] : memref<?x?x?xf32>
        %sq = arith.mulf %x, %x : f32
        %n = arith.addf %acc, %sq : f32
        affine.yield %n : f32
      }
      %ms = arith.divf %ss, %hf : f32
      %me = arith.addf %ms, %eps : f32
      %r = math.rsqrt %me : f32
      affine.for %h = 0 to %hidden {
        %x = affine.load %X[%b, %s, %h] : memref<?x?x?xf32>
        %w = affine.load %weight[%h] : memref<?xf32>
        %xn = arith.mulf %x, %r : f32
        %y = arith.mulf %xn, %w : f32
        affine.store %y, %Y[%b, %s, %h] : memref<?x?x?xf32>
      }
    }
  }
  return
}

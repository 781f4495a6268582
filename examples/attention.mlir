// Single-head scaled dot-product attention, Q, K, V and O of shape [batch_size, seq_len, head_dim]:
//   O[b] = softmax(Q[b] K[b]^T / sqrt(head_dim)) V[b]
// The scores live in a memref.alloc'd [seq_len, seq_len] buffer reused per batch; the scale is
// computed from the head_dim argument (index_cast, sitofp, sqrt); the row softmax subtracts
// the row max (started from -inf, 0xFF800000) before exp and divides by the row sum.
// sizes.small: batch_size=2, seq_len=5, head_dim=3
// sizes.real: batch_size=16, seq_len=1024, head_dim=64
func.func @forward(%batch_size: index, %seq_len: index, %head_dim: index,
                   %Q: memref<?x?x?xf32>, %K: memref<?x?x?xf32>, %V: memref<?x?x?xf32>,
                   %O: memref<?x?x?xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %d_i64 = arith.index_cast %head_dim : index to i64
  %d_f32 = arith.sitofp %d_i64 : i64 to f32
  %sqrt_d = math.sqrt %d_f32 : f32
  %S = memref.alloc(%seq_len, %seq_len) : memref<?x?xf32>
  affine.for %b = 0 to %batch_size {
    // S = Q K^T / sqrt(d)
    affine.for %i = 0 to %seq_len {
      affine.for %j = 0 to %seq_len {
        %dot = affine.for %d = 0 to %head_dim iter_args(%acc = %zero) -> (f32) {
          %q = affine.load %Q[%b, %i, %d] : memref<?x?x?xf32>
          %k = affine.load %K[%b, %j, %d] : memref<?x?x?xf32>
          %p = arith.mulf %q, %k : f32
          %s = arith.addf %acc, %p : f32
          affine.yield %s : f32
        }
        %scaled = arith.divf %dot, %sqrt_d : f32
        affine.store %scaled, %S[%i, %j] : memref<?x?xf32>
      }
    }
    // row softmax of S, in place
    affine.for %i = 0 to %seq_len {
      %max = affine.for %j = 0 to %seq_len iter_args(%m = %ninf) -> (f32) {
        %x = affine.load %S[%i, %j] : memref<?x?xf32>
        %n = arith.maximumf %m, %x : f32
        affine.yield %n : f32
      }
      %sum = affine.for %j = 0 to %seq_len iter_args(%t = %zero) -> (f32) {
        %x = affine.load %S[%i, %j] : memref<?x?xf32>
        %c = arith.subf %x, %max : f32
        %e = math.exp %c : f32
        affine.store %e, %S[%i, %j] : memref<?x?xf32>
        %u = arith.addf %t, %e : f32
        affine.yield %u : f32
      }
      affine.for %j = 0 to %seq_len {
        %e = affine.load %S[%i, %j] : memref<?x?xf32>
        %y = arith.divf %e, %sum : f32
        affine.store %y, %S[%i, %j] : memref<?x?xf32>
      }
    }
    // O = P V
    affine.for %i = 0 to %seq_len {
      affine.for %d = 0 to %head_dim {
        %o = affine.for %j = 0 to %seq_len iter_args(%acc = %zero) -> (f32) {
          %p = affine.load %S[%i, %j] : memref<?x?xf32>
          %v = affine.load %V[%b, %j, %d] : memref<?x?x?xf32>
          %m = arith.mulf %p, %v : f32
          %s = arith.addf %acc, %m : f32
          affine.yield %s : f32
        }
        affine.store %o, %O[%b, %i, %d] : memref<?x?x?xf32>
      }
    }
  }
  memref.dealloc %S : memref<?x?xf32>
  return
}

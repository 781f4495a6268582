// nn.MultiheadAttention(embed_dim, num_heads=8, batch_first=True) as self-attention
// (query = key = value = x), returning only the attention output (need_weights=False).
// x and out are [batch_size, seq_len, embed_dim]; head_dim = embed_dim / 8. Per batch b:
//   qkv[s, j]  = in_proj_bias[j] + sum_e x[b, s, e] * in_proj_weight[j, e]   (j < 3 * embed_dim;
//                q, k, v are columns [0, E), [E, 2E), [2E, 3E), head h at h * head_dim)
//   per head h:  P[i, t] = exp(q_h[i] . k_h[t] / sqrt(head_dim) - rowmax_i)
//                ctx[i, h * head_dim + d] = sum_t P[i, t] * v_h[t, d] / sum_t P[i, t]
//   out[b, s, o] = out_proj.bias[o] + sum_e ctx[s, e] * out_proj.weight[o, e]
// Intermediates are memref.alloc'd; head offsets are h * symbol(head_dim) products.
// sizes.small: batch_size=2, seq_len=5, embed_dim=24
// sizes.real: batch_size=16, seq_len=512, embed_dim=1024
#per_head = affine_map<()[s0] -> (s0 floordiv 8)>
#times3 = affine_map<()[s0] -> (s0 * 3)>
func.func @forward(%batch_size: index, %seq_len: index, %embed_dim: index,
                   %x: memref<?x?x?xf32>, %in_proj_weight: memref<?x?xf32>,
                   %in_proj_bias: memref<?xf32>, %out_proj_weight: memref<?x?xf32>,
                   %out_proj_bias: memref<?xf32>, %out: memref<?x?x?xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %head_dim = affine.apply #per_head()[%embed_dim]
  %qkv_dim = affine.apply #times3()[%embed_dim]
  %hd_i64 = arith.index_cast %head_dim : index to i64
  %hd_f32 = arith.sitofp %hd_i64 : i64 to f32
  %sqrt_hd = math.sqrt %hd_f32 : f32
  %qkv = memref.alloc(%seq_len, %qkv_dim) : memref<?x?xf32>
  %P = memref.alloc(%seq_len, %seq_len) : memref<?x?xf32>
  %rowsum = memref.alloc(%seq_len) : memref<?xf32>
  %ctx = memref.alloc(%seq_len, %embed_dim) : memref<?x?xf32>
  affine.for %b = 0 to %batch_size {
    // packed input projection
    affine.for %s = 0 to %seq_len {
      affine.for %j = 0 to %qkv_dim {
        %bj = affine.load %in_proj_bias[%j] : memref<?xf32>
        %y = affine.for %e = 0 to %embed_dim iter_args(%acc = %bj) -> (f32) {
          %xv = affine.load %x[%b, %s, %e] : memref<?x?x?xf32>
          %w = affine.load %in_proj_weight[%j, %e] : memref<?x?xf32>
          %m = arith.mulf %xv, %w : f32
          %a = arith.addf %acc, %m : f32
          affine.yield %a : f32
        }
        affine.store %y, %qkv[%s, %j] : memref<?x?xf32>
      }
    }
    affine.for %h = 0 to 8 {
      // scaled scores, then unnormalised softmax numerators and row sums
      affine.for %i = 0 to %seq_len {
        affine.for %t = 0 to %seq_len {
          %dot = affine.for %d = 0 to %head_dim iter_args(%acc = %zero) -> (f32) {
            %q = affine.load %qkv[%i, %h * symbol(%head_dim) + %d] : memref<?x?xf32>
            %k = affine.load %qkv[%t, %h * symbol(%head_dim) + %d + symbol(%embed_dim)] : memref<?x?xf32>
            %m = arith.mulf %q, %k : f32
            %a = arith.addf %acc, %m : f32
            affine.yield %a : f32
          }
          %sc = arith.divf %dot, %sqrt_hd : f32
          affine.store %sc, %P[%i, %t] : memref<?x?xf32>
        }
        %mx = affine.for %t = 0 to %seq_len iter_args(%m0 = %ninf) -> (f32) {
          %v = affine.load %P[%i, %t] : memref<?x?xf32>
          %m1 = arith.maximumf %m0, %v : f32
          affine.yield %m1 : f32
        }
        %sum = affine.for %t = 0 to %seq_len iter_args(%s0 = %zero) -> (f32) {
          %v = affine.load %P[%i, %t] : memref<?x?xf32>
          %c = arith.subf %v, %mx : f32
          %e = math.exp %c : f32
          affine.store %e, %P[%i, %t] : memref<?x?xf32>
          %s1 = arith.addf %s0, %e : f32
          affine.yield %s1 : f32
        }
        affine.store %sum, %rowsum[%i] : memref<?xf32>
      }
      // context for this head, normalised by the row sum
      affine.for %i = 0 to %seq_len {
        %l = affine.load %rowsum[%i] : memref<?xf32>
        affine.for %d = 0 to %head_dim {
          %o = affine.for %t = 0 to %seq_len iter_args(%acc = %zero) -> (f32) {
            %p = affine.load %P[%i, %t] : memref<?x?xf32>
            %v = affine.load %qkv[%t, %h * symbol(%head_dim) + %d + symbol(%embed_dim) * 2] : memref<?x?xf32>
            %m = arith.mulf %p, %v : f32
            %a = arith.addf %acc, %m : f32
            affine.yield %a : f32
          }
          %on = arith.divf %o, %l : f32
          affine.store %on, %ctx[%i, %h * symbol(%head_dim) + %d] : memref<?x?xf32>
        }
      }
    }
    // output projection
    affine.for %s = 0 to %seq_len {
      affine.for %o = 0 to %embed_dim {
        %bo = affine.load %out_proj_bias[%o] : memref<?xf32>
        %y = affine.for %e = 0 to %embed_dim iter_args(%acc = %bo) -> (f32) {
          %c = affine.load %ctx[%s, %e] : memref<?x?xf32>
          %w = affine.load %out_proj_weight[%o, %e] : memref<?x?xf32>
          %m = arith.mulf %c, %w : f32
          %a = arith.addf %acc, %m : f32
          affine.yield %a : f32
        }
        affine.store %y, %out[%b, %s, %o] : memref<?x?x?xf32>
      }
    }
  }
  memref.dealloc %qkv : memref<?x?xf32>
  memref.dealloc %P : memref<?x?xf32>
  memref.dealloc %rowsum : memref<?xf32>
  memref.dealloc %ctx : memref<?x?xf32>
  return
}

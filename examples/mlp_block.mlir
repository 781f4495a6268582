// Transformer MLP block with residual: out = x + fc2(GELU(fc1(x))), where
// fc1 = nn.Linear(hidden_size, intermediate_size), fc2 = nn.Linear(intermediate_size,
// hidden_size) and GELU is the exact erf form 0.5 * v * (1 + erf(v / sqrt(2))).
// x and out are [batch_size, seq_len, hidden_size]. Per token, fc1 + GELU fill a
// memref.alloc'd [intermediate_size] vector (iter_args reduction); fc2 is accumulated in
// place into out, which the kernel first initialises to x + fc2.bias (read-modify-write).
// sizes.small: batch_size=2, seq_len=3, hidden_size=6, intermediate_size=10
// sizes.real: batch_size=16, seq_len=512, hidden_size=1024, intermediate_size=4096
func.func @forward(%batch_size: index, %seq_len: index, %hidden_size: index,
                   %intermediate_size: index, %x: memref<?x?x?xf32>,
                   %fc1_weight: memref<?x?xf32>, %fc1_bias: memref<?xf32>,
                   %fc2_weight: memref<?x?xf32>, %fc2_bias: memref<?xf32>,
                   %out: memref<?x?x?xf32>) {
  %half = arith.constant 5.000000e-01 : f32
  %one = arith.constant 1.000000e+00 : f32
  %rsqrt2 = arith.constant 0.707106769 : f32
  %h = memref.alloc(%intermediate_size) : memref<?xf32>
  affine.for %b = 0 to %batch_size {
    affine.for %s = 0 to %seq_len {
      // h = GELU(fc1(x[b, s]))
      affine.for %j = 0 to %intermediate_size {
        %b1 = affine.load %fc1_bias[%j] : memref<?xf32>
        %v = affine.for %e = 0 to %hidden_size iter_args(%acc = %b1) -> (f32) {
          %xv = affine.load %x[%b, %s, %e] : memref<?x?x?xf32>
          %w = affine.load %fc1_weight[%j, %e] : memref<?x?xf32>
          %m = arith.mulf %xv, %w : f32
          %a = arith.addf %acc, %m : f32
          affine.yield %a : f32
        }
        %u = arith.mulf %v, %rsqrt2 : f32
        %erf = math.erf %u : f32
        %onep = arith.addf %erf, %one : f32
        %hv = arith.mulf %v, %half : f32
        %g = arith.mulf %hv, %onep : f32
        affine.store %g, %h[%j] : memref<?xf32>
      }
      // out = x + fc2.bias, then out += fc2.weight h
      affine.for %o = 0 to %hidden_size {
        %xv = affine.load %x[%b, %s, %o] : memref<?x?x?xf32>
        %b2 = affine.load %fc2_bias[%o] : memref<?xf32>
        %r = arith.addf %xv, %b2 : f32
        affine.store %r, %out[%b, %s, %o] : memref<?x?x?xf32>
      }
      affine.for %j = 0 to %intermediate_size {
        %hv = affine.load %h[%j] : memref<?xf32>
        affine.for %o = 0 to %hidden_size {
          %w = affine.load %fc2_weight[%o, %j] : memref<?x?xf32>
          %c = affine.load %out[%b, %s, %o] : memref<?x?x?xf32>
          %m = arith.mulf %hv, %w : f32
          %a = arith.addf %c, %m : f32
          affine.store %a, %out[%b, %s, %o] : memref<?x?x?xf32>
        }
      }
    }
  }
  memref.dealloc %h : memref<?xf32>
  return
}

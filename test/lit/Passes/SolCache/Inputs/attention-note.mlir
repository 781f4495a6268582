// The note's example 3 (io-lower-bounds.md section 8): f16 attention forward, B = 1, H = 32,
// N = 4096, d = 128, non-causal, no scaling: S = Q K^T (an alloc), a row softmax, O = P V.
func.func @forward(%Q: memref<32x4096x128xf16>, %K: memref<32x4096x128xf16>,
                   %V: memref<32x4096x128xf16>, %O: memref<32x4096x128xf16>) {
  %zero = arith.constant 0.000000e+00 : f16
  %ninf = arith.constant 0xFC00 : f16
  %S = memref.alloc() : memref<32x4096x4096xf16>
  affine.for %h = 0 to 32 {
    affine.for %i = 0 to 4096 {
      affine.for %j = 0 to 4096 {
        %s = affine.for %k = 0 to 128 iter_args(%acc = %zero) -> (f16) {
          %q = affine.load %Q[%h, %i, %k] : memref<32x4096x128xf16>
          %kk = affine.load %K[%h, %j, %k] : memref<32x4096x128xf16>
          %p = arith.mulf %q, %kk : f16
          %t = arith.addf %acc, %p : f16
          affine.yield %t : f16
        }
        affine.store %s, %S[%h, %i, %j] : memref<32x4096x4096xf16>
      }
    }
  }
  affine.for %h = 0 to 32 {
    affine.for %i = 0 to 4096 {
      %mx = affine.for %j = 0 to 4096 iter_args(%m = %ninf) -> (f16) {
        %v = affine.load %S[%h, %i, %j] : memref<32x4096x4096xf16>
        %n = arith.maxf %m, %v : f16
        affine.yield %n : f16
      }
      %sum = affine.for %j = 0 to 4096 iter_args(%a = %zero) -> (f16) {
        %v = affine.load %S[%h, %i, %j] : memref<32x4096x4096xf16>
        %d = arith.subf %v, %mx : f16
        %e = math.exp %d : f16
        affine.store %e, %S[%h, %i, %j] : memref<32x4096x4096xf16>
        %n = arith.addf %a, %e : f16
        affine.yield %n : f16
      }
      affine.for %j = 0 to 4096 {
        %v = affine.load %S[%h, %i, %j] : memref<32x4096x4096xf16>
        %w = arith.divf %v, %sum : f16
        affine.store %w, %S[%h, %i, %j] : memref<32x4096x4096xf16>
      }
    }
  }
  affine.for %h = 0 to 32 {
    affine.for %i = 0 to 4096 {
      affine.for %k = 0 to 128 {
        %o = affine.for %j = 0 to 4096 iter_args(%acc = %zero) -> (f16) {
          %p = affine.load %S[%h, %i, %j] : memref<32x4096x4096xf16>
          %v = affine.load %V[%h, %j, %k] : memref<32x4096x128xf16>
          %m = arith.mulf %p, %v : f16
          %t = arith.addf %acc, %m : f16
          affine.yield %t : f16
        }
        affine.store %o, %O[%h, %i, %k] : memref<32x4096x128xf16>
      }
    }
  }
  memref.dealloc %S : memref<32x4096x4096xf16>
  return
}

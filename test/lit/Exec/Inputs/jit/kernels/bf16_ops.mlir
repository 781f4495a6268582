// bf16 arithmetic (emulated by the JIT, native in solar-run): Y[k, b, d] for six expressions of
// X[b, d] and W[d], and a bf16 max reduction carried through iter_args into M[b].
// sizes.small: B=3, D=10
// sizes.real: B=64, D=4096
func.func @forward(%B: index, %D: index, %X: memref<?x?xbf16>, %W: memref<?xbf16>,
                   %Y: memref<6x?x?xbf16>, %M: memref<?xbf16>) {
  %one = arith.constant 1.000000e+00 : bf16
  %ninf = arith.constant 0xFF80 : bf16
  %third = arith.constant 0.333333333 : bf16
  affine.for %b = 0 to %B {
    %m = affine.for %d = 0 to %D iter_args(%acc = %ninf) -> (bf16) {
      %x = affine.load %X[%b, %d] : memref<?x?xbf16>
      %w = affine.load %W[%d] : memref<?xbf16>
      %a = arith.addf %x, %w : bf16
      affine.store %a, %Y[0, %b, %d] : memref<6x?x?xbf16>
      %p = arith.mulf %x, %third : bf16
      affine.store %p, %Y[1, %b, %d] : memref<6x?x?xbf16>
      %e = math.exp %x : bf16
      affine.store %e, %Y[2, %b, %d] : memref<6x?x?xbf16>
      %q = arith.divf %one, %w : bf16
      %t = math.tanh %q : bf16
      affine.store %t, %Y[3, %b, %d] : memref<6x?x?xbf16>
      %c = arith.cmpf ogt, %x, %w : bf16
      %s = arith.select %c, %x, %w : bf16
      %f = math.fma %s, %x, %third : bf16
      affine.store %f, %Y[4, %b, %d] : memref<6x?x?xbf16>
      %xf = arith.extf %x : bf16 to f32
      %sq = math.sqrt %xf : f32
      %sb = arith.truncf %sq : f32 to bf16
      affine.store %sb, %Y[5, %b, %d] : memref<6x?x?xbf16>
      %n = arith.maximumf %acc, %x : bf16
      affine.yield %n : bf16
    }
    affine.store %m, %M[%b] : memref<?xbf16>
  }
  return
}

// The note's example 4 (io-lower-bounds.md section 8): f16 LayerNorm over 8192 rows of 8192,
// with f16 gamma and beta: per row the mean, the variance, then y = (x - mean) * rstd * gamma
// + beta. Statistics in f32 registers (iter_args), never stored.
func.func @forward(%X: memref<8192x8192xf16>, %G: memref<8192xf16>, %Bt: memref<8192xf16>,
                   %Y: memref<8192x8192xf16>) {
  %zero = arith.constant 0.000000e+00 : f32
  %n = arith.constant 8.192000e+03 : f32
  %eps = arith.constant 9.99999974E-6 : f32
  affine.for %r = 0 to 8192 {
    %s = affine.for %c = 0 to 8192 iter_args(%a = %zero) -> (f32) {
      %x = affine.load %X[%r, %c] : memref<8192x8192xf16>
      %xf = arith.extf %x : f16 to f32
      %t = arith.addf %a, %xf : f32
      affine.yield %t : f32
    }
    %mean = arith.divf %s, %n : f32
    %v = affine.for %c = 0 to 8192 iter_args(%a = %zero) -> (f32) {
      %x = affine.load %X[%r, %c] : memref<8192x8192xf16>
      %xf = arith.extf %x : f16 to f32
      %d = arith.subf %xf, %mean : f32
      %q = arith.mulf %d, %d : f32
      %t = arith.addf %a, %q : f32
      affine.yield %t : f32
    }
    %var = arith.divf %v, %n : f32
    %ve = arith.addf %var, %eps : f32
    %rstd = math.rsqrt %ve : f32
    affine.for %c = 0 to 8192 {
      %x = affine.load %X[%r, %c] : memref<8192x8192xf16>
      %g = affine.load %G[%c] : memref<8192xf16>
      %b = affine.load %Bt[%c] : memref<8192xf16>
      %xf = arith.extf %x : f16 to f32
      %gf = arith.extf %g : f16 to f32
      %bf = arith.extf %b : f16 to f32
      %d = arith.subf %xf, %mean : f32
      %y0 = arith.mulf %d, %rstd : f32
      %y1 = arith.mulf %y0, %gf : f32
      %y2 = arith.addf %y1, %bf : f32
      %y = arith.truncf %y2 : f32 to f16
      affine.store %y, %Y[%r, %c] : memref<8192x8192xf16>
    }
  }
  return
}

// Inclusive prefix sum along dim 1 of X[batch_size, N]: Y[b, i] = sum_{k <= i} X[b, k].
// Like PyTorch's CPU kernel, the running sum is carried in f64 (an iter_args loop over arith.extf
// of each element) and each output is the f64 sum rounded once to f32 (arith.truncf), so long
// rows do not drift the way a plain f32 running sum would.
// sizes.small: batch_size=3, N=13
// sizes.real: batch_size=128, N=4000
func.func @forward(%batch_size: index, %N: index, %X: memref<?x?xf32>, %Y: memref<?x?xf32>) {
  %zero = arith.constant 0.000000e+00 : f64
  affine.for %b = 0 to %batch_size {
    %total = affine.for %i = 0 to %N iter_args(%acc = %zero) -> (f64) {
      %x = affine.load %X[%b, %i] : memref<?x?xf32>
      %xd = arith.extf %x : f32 to f64
      %s = arith.addf %acc, %xd : f64
      %y = arith.truncf %s : f64 to f32
      affine.store %y, %Y[%b, %i] : memref<?x?xf32>
      affine.yield %s : f64
    }
  }
  return
}

// An f16 GEMM C[M, N] = A[M, K] * B[K, N] with f16 accumulation, sizes bound by --bind
// (the note's example 1 is M = N = K = 8192).
func.func @forward(%M: index, %N: index, %K: index, %A: memref<?x?xf16>,
                   %B: memref<?x?xf16>, %C: memref<?x?xf16>) {
  %zero = arith.constant 0.000000e+00 : f16
  affine.for %i = 0 to %M {
    affine.for %j = 0 to %N {
      %sum = affine.for %k = 0 to %K iter_args(%acc = %zero) -> (f16) {
        %a = affine.load %A[%i, %k] : memref<?x?xf16>
        %b = affine.load %B[%k, %j] : memref<?x?xf16>
        %p = arith.mulf %a, %b : f16
        %s = arith.addf %acc, %p : f16
        affine.yield %s : f16
      }
      affine.store %sum, %C[%i, %j] : memref<?x?xf16>
    }
  }
  return
}

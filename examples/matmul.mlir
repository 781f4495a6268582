// C[M, N] = A[M, K] * B[K, N], with symbolic sizes: bind them with
//   solar-opt matmul.mlir --bind M=1024,N=1024,K=1024
// sizes.small: M=4, N=5, K=7
// sizes.real: M=1024, N=1024, K=1024
func.func @forward(%M: index, %N: index, %K: index, %A: memref<?x?xf32>,
                   %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %i = 0 to %M {
    affine.for %j = 0 to %N {
      %sum = affine.for %k = 0 to %K iter_args(%acc = %zero) -> (f32) {
        %a = affine.load %A[%i, %k] : memref<?x?xf32>
        %b = affine.load %B[%k, %j] : memref<?x?xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %acc, %p : f32
        affine.yield %s : f32
      }
      affine.store %sum, %C[%i, %j] : memref<?x?xf32>
    }
  }
  return
}

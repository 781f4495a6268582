// C[M, N] += A[M, K] * B[K, N], with symbolic sizes: bind them with
//   solar-opt matmul.mlir --bind M=1024,N=1024,K=1024
func.func @forward(%M: index, %N: index, %K: index, %A: memref<?x?xf32>,
                   %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  affine.for %i = 0 to %M {
    affine.for %j = 0 to %N {
      %init = affine.load %C[%i, %j] : memref<?x?xf32>
      %sum = affine.for %k = 0 to %K iter_args(%acc = %init) -> (f32) {
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

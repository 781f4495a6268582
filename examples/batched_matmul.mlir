// Batched matrix multiplication (KernelBench 3_Batched_matrix_multiplication):
//   C[b, m, n] = sum_k A[b, m, k] * B[b, k, n], A is [batch_size, M, K], B is [batch_size, K, N]
// The reduction is an iter_args chain started from 0; each C element is stored once.
// sizes.small: batch_size=2, M=3, K=5, N=4
// sizes.real: batch_size=128, M=128, K=256, N=512
func.func @forward(%batch_size: index, %M: index, %K: index, %N: index,
                   %A: memref<?x?x?xf32>, %B: memref<?x?x?xf32>, %C: memref<?x?x?xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %b = 0 to %batch_size {
    affine.for %m = 0 to %M {
      affine.for %n = 0 to %N {
        %sum = affine.for %k = 0 to %K iter_args(%acc = %zero) -> (f32) {
          %x = affine.load %A[%b, %m, %k] : memref<?x?x?xf32>
          %y = affine.load %B[%b, %k, %n] : memref<?x?x?xf32>
          %p = arith.mulf %x, %y : f32
          %s = arith.addf %acc, %p : f32
          affine.yield %s : f32
        }
        affine.store %sum, %C[%b, %m, %n] : memref<?x?x?xf32>
      }
    }
  }
  return
}

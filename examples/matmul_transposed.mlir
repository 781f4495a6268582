// Matmul with both operands transposed (KernelBench 18_Matmul_with_transposed_both):
//   C = A^T * B^T, A is [K, M], B is [N, K], C is [M, N]:
//   C[m, n] = sum_k A[k, m] * B[n, k]
// C is zeroed by the kernel, then accumulated in place (read-modify-write of C) with the
// reduction loop k outside the n loop, so each A[k, m] is loaded once.
// sizes.small: M=5, K=7, N=6
// sizes.real: M=1024, K=4096, N=2048
func.func @forward(%M: index, %K: index, %N: index, %A: memref<?x?xf32>,
                   %B: memref<?x?xf32>, %C: memref<?x?xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %m = 0 to %M {
    affine.for %n = 0 to %N {
      affine.store %zero, %C[%m, %n] : memref<?x?xf32>
    }
  }
  affine.for %m = 0 to %M {
    affine.for %k = 0 to %K {
      %a = affine.load %A[%k, %m] : memref<?x?xf32>
      affine.for %n = 0 to %N {
        %b = affine.load %B[%n, %k] : memref<?x?xf32>
        %c = affine.load %C[%m, %n] : memref<?x?xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %C[%m, %n] : memref<?x?xf32>
      }
    }
  }
  return
}

// C[M, N] = A[M, K] * B[K, N] in bfloat16 with an f32 accumulator, rounded to bf16 once per
// output element: what a BF16 matrix unit computes (AMX on Xeon, tensor cores on GPUs) and what
// PyTorch's bf16 matmul returns. The widening casts feed the contraction, so the SOL report
// counts it on the bf16 matrix unit.
// sizes.small: M=4, N=5, K=7
// sizes.real: M=2048, N=2048, K=2048
func.func @forward(%M: index, %N: index, %K: index, %A: memref<?x?xbf16>,
                   %B: memref<?x?xbf16>, %C: memref<?x?xbf16>) {
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %i = 0 to %M {
    affine.for %j = 0 to %N {
      %sum = affine.for %k = 0 to %K iter_args(%acc = %zero) -> (f32) {
        %a = affine.load %A[%i, %k] : memref<?x?xbf16>
        %b = affine.load %B[%k, %j] : memref<?x?xbf16>
        %a32 = arith.extf %a : bf16 to f32
        %b32 = arith.extf %b : bf16 to f32
        %p = arith.mulf %a32, %b32 : f32
        %s = arith.addf %acc, %p : f32
        affine.yield %s : f32
      }
      %c = arith.truncf %sum : f32 to bf16
      affine.store %c, %C[%i, %j] : memref<?x?xbf16>
    }
  }
  return
}

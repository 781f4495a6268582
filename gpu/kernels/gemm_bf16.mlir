// C = A * B in bf16 with f32 accumulation (gpu-check's gemm_bf16_time: cuBLAS bf16 GEMM).
func.func @forward(%M: index, %N: index, %K: index, %A: memref<?x?xbf16>,
                   %B: memref<?x?xbf16>, %C: memref<?x?xbf16>) {
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %i = 0 to %M {
    affine.for %j = 0 to %N {
      %sum = affine.for %k = 0 to %K iter_args(%acc = %zero) -> (f32) {
        %a = affine.load %A[%i, %k] : memref<?x?xbf16>
        %b = affine.load %B[%k, %j] : memref<?x?xbf16>
        %ae = arith.extf %a : bf16 to f32
        %be = arith.extf %b : bf16 to f32
        %p = arith.mulf %ae, %be : f32
        %s = arith.addf %acc, %p : f32
        affine.yield %s : f32
      }
      %r = arith.truncf %sum : f32 to bf16
      affine.store %r, %C[%i, %j] : memref<?x?xbf16>
    }
  }
  return
}

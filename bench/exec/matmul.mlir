// bench/exec: C[i, j] += sum_k A[i, k] * B[k, j], 256x256x256 f32, static shapes.
// The k loop is an iter_args reduction whose init is loaded from C (as examples/matmul.mlir
// had it); matmul.c runs the same i/j/k nest with a float accumulator.
func.func @forward(%A: memref<256x256xf32>, %B: memref<256x256xf32>,
                   %C: memref<256x256xf32>) {
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to 256 {
      %init = affine.load %C[%i, %j] : memref<256x256xf32>
      %sum = affine.for %k = 0 to 256 iter_args(%acc = %init) -> (f32) {
        %a = affine.load %A[%i, %k] : memref<256x256xf32>
        %b = affine.load %B[%k, %j] : memref<256x256xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %acc, %p : f32
        affine.yield %s : f32
      }
      affine.store %sum, %C[%i, %j] : memref<256x256xf32>
    }
  }
  return
}

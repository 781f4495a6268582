// Half-precision add + ReLU, elementwise on f16: Y[b, d] = max(A[b, d] + B[b, d], 0).
// The sum is rounded to f16 before the ReLU, as in PyTorch's float16 add.
// sizes.small: batch_size=3, dim=11
// sizes.real: batch_size=16, dim=16384
func.func @forward(%batch_size: index, %dim: index, %A: memref<?x?xf16>, %B: memref<?x?xf16>,
                   %Y: memref<?x?xf16>) {
  %zero = arith.constant 0.000000e+00 : f16
  affine.for %b = 0 to %batch_size {
    affine.for %d = 0 to %dim {
      %a = affine.load %A[%b, %d] : memref<?x?xf16>
      %c = affine.load %B[%b, %d] : memref<?x?xf16>
      %s = arith.addf %a, %c : f16
      %y = arith.maximumf %s, %zero : f16
      affine.store %y, %Y[%b, %d] : memref<?x?xf16>
    }
  }
  return
}

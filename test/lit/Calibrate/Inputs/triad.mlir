// STREAM's triad, a[i] = b[i] + s * c[i], in f64 (numpy's default dtype), N symbolic.
func.func @forward(%N: index, %s: memref<f64>, %a: memref<?xf64>, %b: memref<?xf64>,
                   %c: memref<?xf64>) {
  %k = affine.load %s[] : memref<f64>
  affine.for %i = 0 to %N {
    %x = affine.load %b[%i] : memref<?xf64>
    %y = affine.load %c[%i] : memref<?xf64>
    %p = arith.mulf %k, %y : f64
    %t = arith.addf %x, %p : f64
    affine.store %t, %a[%i] : memref<?xf64>
  }
  return
}

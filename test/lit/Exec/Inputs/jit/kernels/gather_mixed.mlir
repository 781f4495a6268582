// Data-dependent reads and mixed types: Y[b] = sum_d X[b, d] * T[idx[b, d]] accumulated in f64
// from f32 values (extf), rounded to f32; P[b, d] = (idx[b, d] == d) as i1; an index computed
// from an i64 input through index_cast feeds memref.load. The table T has a static size, so
// the driver's integer inputs (below the smallest size) are valid indices.
// sizes.small: B=4, D=6
// sizes.real: B=256, D=512
func.func @forward(%B: index, %D: index, %X: memref<?x?xf32>, %T: memref<8xf64>,
                   %idx: memref<?x?xi64>, %Y: memref<?xf32>, %P: memref<?x?xi1>) {
  %zero = arith.constant 0.000000e+00 : f64
  affine.for %b = 0 to %B {
    %s = affine.for %d = 0 to %D iter_args(%acc = %zero) -> (f64) {
      %k64 = affine.load %idx[%b, %d] : memref<?x?xi64>
      %k = arith.index_cast %k64 : i64 to index
      %t = memref.load %T[%k] : memref<8xf64>
      %x = affine.load %X[%b, %d] : memref<?x?xf32>
      %xd = arith.extf %x : f32 to f64
      %m = arith.mulf %xd, %t : f64
      %n = arith.addf %acc, %m : f64
      %dd = arith.index_cast %d : index to i64
      %eq = arith.cmpi eq, %k64, %dd : i64
      affine.store %eq, %P[%b, %d] : memref<?x?xi1>
      affine.yield %n : f64
    }
    %sf = arith.truncf %s : f64 to f32
    affine.store %sf, %Y[%b] : memref<?xf32>
  }
  return
}

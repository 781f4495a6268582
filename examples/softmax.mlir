// Row softmax over X[B, D] into Y[B, D]: max-reduce, exp-sum, normalise.
// sizes.small: B=4, D=33
// sizes.real: B=16, D=16384
func.func @forward(%B: index, %D: index, %X: memref<?x?xf32>, %Y: memref<?x?xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %b = 0 to %B {
    %max = affine.for %d = 0 to %D iter_args(%m = %ninf) -> (f32) {
      %x = affine.load %X[%b, %d] : memref<?x?xf32>
      %n = arith.maximumf %m, %x : f32
      affine.yield %n : f32
    }
    %sum = affine.for %d = 0 to %D iter_args(%s = %zero) -> (f32) {
      %x = affine.load %X[%b, %d] : memref<?x?xf32>
      %c = arith.subf %x, %max : f32
      %e = math.exp %c : f32
      affine.store %e, %Y[%b, %d] : memref<?x?xf32>
      %t = arith.addf %s, %e : f32
      affine.yield %t : f32
    }
    affine.for %d = 0 to %D {
      %e = affine.load %Y[%b, %d] : memref<?x?xf32>
      %y = arith.divf %e, %sum : f32
      affine.store %y, %Y[%b, %d] : memref<?x?xf32>
    }
  }
  return
}

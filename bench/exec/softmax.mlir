// bench/exec: row softmax over X[512, 1024] into Y[512, 1024], f32, in the three passes of
// examples/softmax.mlir: max-reduce, exp and sum (storing exp into Y), normalise.
// softmax.c runs the same passes in the same order.
func.func @forward(%X: memref<512x1024xf32>, %Y: memref<512x1024xf32>) {
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %b = 0 to 512 {
    %max = affine.for %d = 0 to 1024 iter_args(%m = %ninf) -> (f32) {
      %x = affine.load %X[%b, %d] : memref<512x1024xf32>
      %n = arith.maximumf %m, %x : f32
      affine.yield %n : f32
    }
    %sum = affine.for %d = 0 to 1024 iter_args(%s = %zero) -> (f32) {
      %x = affine.load %X[%b, %d] : memref<512x1024xf32>
      %c = arith.subf %x, %max : f32
      %e = math.exp %c : f32
      affine.store %e, %Y[%b, %d] : memref<512x1024xf32>
      %t = arith.addf %s, %e : f32
      affine.yield %t : f32
    }
    affine.for %d = 0 to 1024 {
      %e = affine.load %Y[%b, %d] : memref<512x1024xf32>
      %y = arith.divf %e, %sum : f32
      affine.store %y, %Y[%b, %d] : memref<512x1024xf32>
    }
  }
  return
}

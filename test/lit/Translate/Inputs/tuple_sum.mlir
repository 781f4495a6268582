// out[b, c] = scale[c] * sum_l x[b, c, l], x: [batch_size, input_shape_0, input_shape_1]
func.func @forward(%batch_size: index, %input_shape_0: index, %input_shape_1: index,
                   %x: memref<?x?x?xf32>, %scale: memref<?xf32>, %out: memref<?x?xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %b = 0 to %batch_size {
    affine.for %c = 0 to %input_shape_0 {
      %s = affine.for %l = 0 to %input_shape_1 iter_args(%acc = %zero) -> (f32) {
        %v = affine.load %x[%b, %c, %l] : memref<?x?x?xf32>
        %t = arith.addf %acc, %v : f32
        affine.yield %t : f32
      }
      %w = affine.load %scale[%c] : memref<?xf32>
      %y = arith.mulf %s, %w : f32
      affine.store %y, %out[%b, %c] : memref<?x?xf32>
    }
  }
  return
}

// check-example test: forgets the bias of nn.Linear (3 memrefs where the twin has 4 tensors).
// sizes.small: batch_size=2, in_features=3, out_features=4
// sizes.real: batch_size=16, in_features=64, out_features=32
func.func @forward(%batch_size: index, %in_features: index, %out_features: index,
                   %X: memref<?x?xf32>, %W: memref<?x?xf32>, %Y: memref<?x?xf32>) {
  %zero = arith.constant 0.000000e+00 : f32
  affine.for %b = 0 to %batch_size {
    affine.for %o = 0 to %out_features {
      %s = affine.for %i = 0 to %in_features iter_args(%acc = %zero) -> (f32) {
        %x = affine.load %X[%b, %i] : memref<?x?xf32>
        %w = affine.load %W[%o, %i] : memref<?x?xf32>
        %p = arith.mulf %x, %w : f32
        %t = arith.addf %acc, %p : f32
        affine.yield %t : f32
      }
      affine.store %s, %Y[%b, %o] : memref<?x?xf32>
    }
  }
  return
}

// A store through a memref chosen by arith.select: %P is written when %flag[0] is set, else
// %Q; the entry may write both (jit-signature.test). Names are hints of solar-run's.
func.func @forward(%flag: memref<1xi1>, %P: memref<4xf32>, %Q: memref<4xf32>, %X: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %b = memref.load %flag[%c0] : memref<1xi1>
  %m = arith.select %b, %P, %Q : memref<4xf32>
  affine.for %i = 0 to 4 {
    %x = affine.load %X[%i] : memref<4xf32>
    affine.store %x, %m[%i] : memref<4xf32>
  }
  return
}
